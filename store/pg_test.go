//go:build pg

package store

import (
	"context"
	"testing"
	"time"

	"skald/internal/pgtest"
)

// TestPostgres runs the store's tests against a real PostgreSQL server:
// SKALD_TEST_POSTGRES names a database the test may create databases from
// (./test starts a throwaway cluster and sets it).
func TestPostgres(t *testing.T) {
	dsn := pgtest.Database(t)
	s, err := OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	testStore(t, s)
	t.Run("notifications", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		got := make(chan string, 10)
		go s.(Notifier).Listen(ctx, func(id string, seq int) { got <- id })
		// It says when it listens, before anything else.
		select {
		case id := <-got:
			if id != "" {
				t.Fatalf("first notified of %q, want \"\" (listening)", id)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("not listening after 10s")
		}
		m := newMatch("notify")
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		for seq := 1; ; seq++ {
			if err := s.Append(ctx, m.ID, Action{Seq: seq, Action: "a", Hash: "h"}, Playing, ""); err != nil {
				t.Fatal(err)
			}
			select {
			case id := <-got:
				if id != m.ID {
					t.Fatalf("notified of %s, want %s", id, m.ID)
				}
				return
			case <-time.After(200 * time.Millisecond):
			}
			if seq > 50 {
				t.Fatal("no notification")
			}
		}
	})
}
