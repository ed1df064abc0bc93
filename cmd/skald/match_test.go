package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"skald/engine"
	"skald/store"
)

// TestMatchCommand checks the operator's command: a failed match is
// listed, its record written, retried, and ended; wrong uses are refused.
func TestMatchCommand(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "skald.db")
	st, err := store.OpenSQLite(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	m := &store.Match{ID: "failedone", Game: "blackred", Rules: "1", Options: engine.Options{}, Seed: 7,
		Seats: []store.Seat{{Player: "human", Token: "x"}, {Player: "random"}}, Spectator: "s"}
	if err := st.CreateMatch(ctx, m); err != nil {
		t.Fatal(err)
	}
	if err := st.Append(ctx, m.ID, store.Action{Seq: 1, Seat: 1, Action: "force 2", Hash: "0000000000000001"}, store.Playing, ""); err != nil {
		t.Fatal(err)
	}
	if err := st.SetStatus(ctx, m.ID, []string{store.Playing}, store.Failed, "bot failed at step 1: panic: boom"); err != nil {
		t.Fatal(err)
	}
	st.Close()

	skald := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, append(args, "--db", db))
		return code, out.String(), errb.String()
	}
	if code, out, _ := skald("match", "list"); code != 0 || !strings.Contains(out, "failedone") || !strings.Contains(out, "panic: boom") {
		t.Errorf("list: %d %q", code, out)
	}
	rec := filepath.Join(t.TempDir(), "rec.jsonl")
	if code, _, errs := skald("match", "record", "failedone", "-o", rec); code != 0 {
		t.Errorf("record: %d %s", code, errs)
	}
	b, _ := os.ReadFile(rec)
	r, err := engine.ReadRecord(bytes.NewReader(b), rec)
	if err != nil || r.Header.Seed != 7 || len(r.Steps) != 1 || r.Steps[0].Action != "force 2" {
		t.Errorf("record: %v %+v", err, r)
	}
	if code, _, errs := skald("match", "end", "failedone", "--reason", "a bad bot"); code != 0 {
		t.Errorf("end: %d %s", code, errs)
	}
	if code, _, errs := skald("match", "retry", "failedone"); code != exitFailure || !strings.Contains(errs, "only a failed match can be retried") {
		t.Errorf("retry of an ended match: %d %s", code, errs)
	}
	if code, out, _ := skald("match", "list", "--status", "ended"); code != 0 || !strings.Contains(out, "ended by the server's operator: a bad bot") {
		t.Errorf("list ended: %d %q", code, out)
	}
	for _, tt := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"match", "list", "--status", "lost"}, exitUsage, "--status: want one of"},
		{[]string{"match", "list", "-n", "-1"}, exitUsage, "-n: want at least 1"},
		{[]string{"match", "retry"}, exitUsage, "name one match id"},
		{[]string{"match", "fix", "x"}, exitUsage, "unknown \"fix\""},
		{[]string{"match", "retry", "nope"}, exitFailure, "not found"},
	} {
		if code, _, errs := skald(tt.args...); code != tt.code || !strings.Contains(errs, tt.err) {
			t.Errorf("%v: %d %q, want %d and %q", tt.args, code, errs, tt.code, tt.err)
		}
	}
	// The retry of a failed match.
	st, _ = store.OpenSQLite(ctx, db)
	m2 := *m
	m2.ID = "failedtwo"
	st.CreateMatch(ctx, &m2)
	st.SetStatus(ctx, m2.ID, []string{store.Playing}, store.Failed, "x")
	st.Close()
	if code, out, errs := skald("match", "retry", "failedtwo"); code != 0 || !strings.Contains(out, "being played again") {
		t.Errorf("retry: %d %q %s", code, out, errs)
	}
}
