// Package pgtest gives tests a fresh PostgreSQL database.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Database creates a fresh PostgreSQL database for a test on the
// server that the environment variable SKALD_TEST_POSTGRES points to, drops
// it when the test ends, and returns its URL. The test fails if the
// variable is not set: the PostgreSQL tests run under the pg build tag,
// which ./test sets after starting a server.
func Database(t testing.TB) string {
	t.Helper()
	base := os.Getenv("SKALD_TEST_POSTGRES")
	if base == "" {
		t.Fatal("SKALD_TEST_POSTGRES is not set: run ./test, which starts a PostgreSQL server for the pg tests")
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("postgres: %v", err)
	}
	var b [6]byte
	rand.Read(b[:])
	name := "skald_test_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("postgres: %v", err)
	}
	conn.Close(ctx)
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			return
		}
		defer conn.Close(ctx)
		conn.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}
