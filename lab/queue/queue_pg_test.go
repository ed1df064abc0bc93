//go:build pg

package queue_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"skald/engine"
	"skald/internal/pgtest"
	"skald/lab"
	"skald/lab/queue"
)

// study is small enough for CI and slow enough that a worker is killed
// in the middle of a shard: 8 shards of 25 Tactics David matches between
// heuristic bots, about a second a shard.
func study() *lab.Study {
	return &lab.Study{
		Game:      "tacticsdavid",
		Options:   engine.Options{"armies": "auto", "battlefield": "open-field-7x11"},
		Seats:     []string{"heuristic", "random"},
		Matches:   200,
		ShardSize: 25,
		Seed:      19,
	}
}

// TestKilledWorker runs a study on two skald worker processes sharing the
// test PostgreSQL, kills one with SIGKILL while it plays a shard, and
// checks that the study completes, every shard stored once, the killed
// shard played again, and that its report is byte for byte the report of
// the same study played in one process with no database.
func TestKilledWorker(t *testing.T) {
	dsn := pgtest.Database(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	s := study()

	// The same study in one process.
	res, err := lab.OpenResults(filepath.Join(t.TempDir(), "results.jsonl"), s)
	if err != nil {
		t.Fatal(err)
	}
	shards, err := lab.RunLocal(ctx, s, res, 0, nil)
	res.Close()
	if err != nil {
		t.Fatal(err)
	}
	want := reportJSON(t, s, shards)

	bin := filepath.Join(t.TempDir(), "skald")
	if out, err := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, "skald/cmd/skald").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	q, err := queue.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	n, err := q.Submit(ctx, s)
	if err != nil || n != s.Shards() {
		t.Fatalf("submitted %d shards (%v), want %d", n, err, s.Shards())
	}
	// Submitted again, nothing more is enqueued.
	if n, err := q.Submit(ctx, s); err != nil || n != s.Shards() {
		t.Fatalf("submitted again: %d shards (%v)", n, err)
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if jobs := count(t, conn, "SELECT count(*) FROM river_job"); jobs != s.Shards() {
		t.Fatalf("%d jobs for %d shards", jobs, s.Shards())
	}

	first := worker(t, bin, dsn)
	// Wait until the first worker plays a shard, start the second and
	// kill the first.
	for count(t, conn, "SELECT count(*) FROM river_job WHERE state = 'running'") == 0 {
		if ctx.Err() != nil {
			t.Fatal("no worker took a shard")
		}
		time.Sleep(10 * time.Millisecond)
	}
	var killed int
	if err := conn.QueryRow(ctx, "SELECT (args->>'shard')::int FROM river_job WHERE state = 'running' LIMIT 1").Scan(&killed); err != nil {
		t.Fatal(err)
	}
	worker(t, bin, dsn)
	if err := first.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	first.Wait()
	if done := count(t, conn, "SELECT count(*) FROM lab_shards WHERE shard = "+itoa(killed)); done != 0 {
		t.Fatalf("shard %d was stored before its worker was killed: kill it sooner", killed)
	}

	got, err := q.Wait(ctx, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b := reportJSON(t, s, got); !bytes.Equal(b, want) {
		t.Fatalf("the report of the distributed study differs from the one-process report:\n%s\n---\n%s", b, want)
	}
	if stored := count(t, conn, "SELECT count(*) FROM lab_shards"); stored != s.Shards() {
		t.Fatalf("%d shard results stored, want %d", stored, s.Shards())
	}
	if attempts := count(t, conn, "SELECT max(attempt) FROM river_job WHERE (args->>'shard')::int = "+itoa(killed)); attempts < 2 {
		t.Fatalf("the killed shard %d was attempted %d times, want a second attempt", killed, attempts)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func count(t *testing.T, conn *pgx.Conn, query string) int {
	t.Helper()
	var n int
	if err := conn.QueryRow(context.Background(), query).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// worker starts `skald worker` on the queue, one shard at a time, taking
// a shard running for 10s for the work of a dead worker: a shard takes
// well under a second, but a loaded machine (the other tests run at the
// same time) may take a few.
func worker(t *testing.T, bin, dsn string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, "worker", "--queue", dsn, "--workers", "1", "--rescue-after", "10s")
	var log bytes.Buffer
	cmd.Stderr = &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("worker %d:\n%s", cmd.Process.Pid, log.String())
		}
	})
	return cmd
}

func reportJSON(t *testing.T, s *lab.Study, shards []*lab.Shard) []byte {
	t.Helper()
	rep, err := lab.Build(s, shards)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.MarshalIndent(rep, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}
