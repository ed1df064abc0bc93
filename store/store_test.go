package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"skald/engine"
)

func TestSQLite(t *testing.T) {
	s, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "skald.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	testStore(t, s)
}

// TestAppendAfterClose checks that a closed store refuses an action, and
// never hangs, whether or not one was appended before.
func TestAppendAfterClose(t *testing.T) {
	ctx := context.Background()
	for _, before := range []bool{false, true} {
		s, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "skald.db"))
		if err != nil {
			t.Fatal(err)
		}
		m := newMatch("closed")
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		seq := 1
		if before {
			if err := s.Append(ctx, m.ID, Action{Seq: 1, Action: "a", Hash: "h"}, Playing, ""); err != nil {
				t.Fatal(err)
			}
			seq = 2
		}
		s.Close()
		if err := s.Append(ctx, m.ID, Action{Seq: seq, Action: "b", Hash: "h"}, Playing, ""); err == nil || !strings.Contains(err.Error(), "closed") {
			t.Errorf("append after close (one before: %v): %v", before, err)
		}
	}
}

// TestSQLiteReopen checks that what was committed is there after the file
// is opened again, and that migrating twice is harmless.
func TestSQLiteReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "skald.db")
	s, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch("reopen")
	if err := s.CreateMatch(ctx, m); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, m.ID, Action{Seq: 1, Seat: 1, Action: "force 2", Hash: "h1"}, Playing, ""); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	acts, err := s.Actions(ctx, m.ID, 0)
	if err != nil || len(acts) != 1 || acts[0].Action != "force 2" || acts[0].Seat != 1 {
		t.Fatalf("after reopening: %v, %v", acts, err)
	}
}

var matchSeq int

func newMatch(prefix string) *Match {
	matchSeq++
	return &Match{
		ID: fmt.Sprintf("%s-%d-%d", prefix, time.Now().UnixNano(), matchSeq), Game: "blackred", Rules: "1",
		Options: engine.Options{"units": "6"}, Seed: 1<<63 + 5,
		Seats:     []Seat{{Player: "human", Token: "t0"}, {Player: "mcts:iters=10"}},
		Spectator: "spec",
	}
}

// createMatches stores n new matches named from prefix and returns their
// ids.
func createMatches(tb testing.TB, s Store, n int, prefix string) []string {
	tb.Helper()
	ids := make([]string, n)
	for i := range ids {
		m := newMatch(prefix)
		if err := s.CreateMatch(context.Background(), m); err != nil {
			tb.Fatal(err)
		}
		ids[i] = m.ID
	}
	return ids
}

// testStore checks the behaviour every Store must have.
func testStore(t *testing.T, s Store) {
	ctx := context.Background()
	t.Run("group commit", func(t *testing.T) { testGroupCommit(t, s) })
	t.Run("creations among actions", func(t *testing.T) { testCreateAmongActions(t, s) })
	t.Run("lobby", func(t *testing.T) { testLobby(t, s) })
	t.Run("match round trip", func(t *testing.T) {
		m := newMatch("rt")
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		got, err := s.Match(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Seed != m.Seed || got.Options["units"] != "6" || len(got.Seats) != 2 || got.Seats[0].Token != "t0" ||
			got.Seats[1].Player != "mcts:iters=10" || got.Status != Playing || got.Spectator != "spec" {
			t.Errorf("got %+v, want %+v", got, m)
		}
		if err := s.CreateMatch(ctx, m); err == nil {
			t.Error("a second match with the same id was stored")
		}
	})
	t.Run("not found", func(t *testing.T) {
		if _, err := s.Match(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("got %v, want ErrNotFound", err)
		}
		if err := s.Append(ctx, "nope", Action{Seq: 1, Action: "x", Hash: "h"}, Playing, ""); !errors.Is(err, ErrNotFound) {
			t.Errorf("append to no match: got %v, want ErrNotFound", err)
		}
	})
	t.Run("append in order", func(t *testing.T) {
		m := newMatch("ap")
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			seq  int
			want error
		}{
			{1, nil}, {1, ErrConflict}, {3, ErrConflict}, {2, nil}, {3, nil}, {2, ErrConflict},
		}
		for _, tt := range tests {
			err := s.Append(ctx, m.ID, Action{Seq: tt.seq, Seat: 0, Action: fmt.Sprint("a", tt.seq), Hash: "h"}, Playing, "")
			if !errors.Is(err, tt.want) {
				t.Errorf("append %d: got %v, want %v", tt.seq, err, tt.want)
			}
		}
		if err := s.Append(ctx, m.ID, Action{Seq: 4, Action: "a4", Hash: "h"}, Over, "black wins"); err != nil {
			t.Fatal(err)
		}
		acts, err := s.Actions(ctx, m.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(acts) != 3 || acts[0].Seq != 2 || acts[2].Action != "a4" {
			t.Errorf("actions after 1: %+v", acts)
		}
		got, _ := s.Match(ctx, m.ID)
		if got.Actions != 4 || got.Status != Over || got.Result != "black wins" {
			t.Errorf("match after 4 actions: %+v", got)
		}
		playing, err := s.Playing(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range playing {
			if id == m.ID {
				t.Error("a match that is over is listed as playing")
			}
		}
	})
	t.Run("concurrent appends", func(t *testing.T) {
		m := newMatch("cc")
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		// Writers race for each step: exactly one wins each.
		const writers, steps = 4, 10
		for seq := 1; seq <= steps; seq++ {
			var wg sync.WaitGroup
			errs := make([]error, writers)
			for w := range writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[w] = s.Append(ctx, m.ID, Action{Seq: seq, Seat: engine.Seat(w), Action: fmt.Sprint("w", w), Hash: "h"}, Playing, "")
				}()
			}
			wg.Wait()
			won := 0
			for _, err := range errs {
				switch {
				case err == nil:
					won++
				case !errors.Is(err, ErrConflict):
					t.Fatalf("step %d: %v", seq, err)
				}
			}
			if won != 1 {
				t.Fatalf("step %d stored by %d writers", seq, won)
			}
		}
		acts, _ := s.Actions(ctx, m.ID, 0)
		if len(acts) != steps {
			t.Errorf("%d actions stored, want %d", len(acts), steps)
		}
	})
	t.Run("rematch once", func(t *testing.T) {
		old := newMatch("rm")
		if err := s.CreateMatch(ctx, old); err != nil {
			t.Fatal(err)
		}
		a, b := newMatch("rm-a"), newMatch("rm-b")
		id1, err := s.Rematch(ctx, old.ID, a)
		if err != nil {
			t.Fatal(err)
		}
		id2, err := s.Rematch(ctx, old.ID, b)
		if err != nil {
			t.Fatal(err)
		}
		if id1 != a.ID || id2 != a.ID {
			t.Errorf("rematches %s and %s, want both %s", id1, id2, a.ID)
		}
		if _, err := s.Match(ctx, b.ID); !errors.Is(err, ErrNotFound) {
			t.Error("the second rematch was stored too")
		}
		got, _ := s.Match(ctx, a.ID)
		if got.RematchOf != old.ID {
			t.Errorf("rematch_of = %q", got.RematchOf)
		}
	})
	t.Run("players", func(t *testing.T) {
		m1, m2 := newMatch("p1"), newMatch("p2")
		for _, m := range []*Match{m1, m2} {
			if err := s.CreateMatch(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		player := fmt.Sprint("player-", time.Now().UnixNano())
		for range 2 { // twice: the second is a no-op
			if err := s.AddPlayer(ctx, player, m1.ID, 0); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.AddPlayer(ctx, player, m2.ID, 1); err != nil {
			t.Fatal(err)
		}
		pms, err := s.PlayerMatches(ctx, player, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(pms) != 2 {
			t.Fatalf("got %d matches, want 2", len(pms))
		}
		seats := map[string]engine.Seat{}
		for _, pm := range pms {
			seats[pm.Match.ID] = pm.Seat
		}
		if seats[m1.ID] != 0 || seats[m2.ID] != 1 {
			t.Errorf("seats %v", seats)
		}
	})
	t.Run("statuses", func(t *testing.T) {
		m := newMatch("st")
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, m.ID, Action{Seq: 1, Action: "a1", Hash: "h"}, Playing, ""); err != nil {
			t.Fatal(err)
		}
		if err := s.SetStatus(ctx, m.ID, []string{Playing}, Failed, "panic: boom"); err != nil {
			t.Fatal(err)
		}
		// A failed match takes no action, and is not playing.
		if err := s.Append(ctx, m.ID, Action{Seq: 2, Action: "a2", Hash: "h"}, Playing, ""); !errors.Is(err, ErrClosed) {
			t.Errorf("append to a failed match: got %v, want ErrClosed", err)
		}
		if err := s.SetStatus(ctx, m.ID, []string{Playing}, Ended, "x"); !errors.Is(err, ErrConflict) {
			t.Errorf("set status from the wrong status: got %v, want ErrConflict", err)
		}
		failed, err := s.Matches(ctx, Failed, 1000)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range failed {
			found = found || f.ID == m.ID && f.Result == "panic: boom" && f.Actions == 1
		}
		if !found {
			t.Errorf("the failed match is not listed as failed: %v", failed)
		}
		playing, _ := s.Playing(ctx)
		for _, id := range playing {
			if id == m.ID {
				t.Error("a failed match is listed as playing")
			}
		}
		// Retried, it takes actions again.
		if err := s.SetStatus(ctx, m.ID, []string{Failed}, Playing, ""); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, m.ID, Action{Seq: 2, Action: "a2", Hash: "h"}, Playing, ""); err != nil {
			t.Errorf("append to a retried match: %v", err)
		}
		if err := s.SetStatus(ctx, "nope", []string{Playing}, Ended, ""); !errors.Is(err, ErrNotFound) {
			t.Errorf("set status of no match: got %v, want ErrNotFound", err)
		}
	})
	t.Run("append after over", func(t *testing.T) {
		m := newMatch("ov")
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, m.ID, Action{Seq: 1, Action: "a1", Hash: "h"}, Over, "done"); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, m.ID, Action{Seq: 2, Action: "a2", Hash: "h"}, Playing, ""); !errors.Is(err, ErrClosed) {
			t.Errorf("append after the end: got %v, want ErrClosed", err)
		}
		// A writer that lost the race for the last step must catch up.
		if err := s.Append(ctx, m.ID, Action{Seq: 1, Action: "b1", Hash: "h"}, Playing, ""); !errors.Is(err, ErrConflict) {
			t.Errorf("append of the last step again: got %v, want ErrConflict", err)
		}
	})
	t.Run("unstarted and idle", func(t *testing.T) {
		before, err := s.Unstarted(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// Matches from long ago, so that no other test's are touched.
		long := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
		fresh, started, idle := newMatch("un"), newMatch("un-s"), newMatch("un-i")
		fresh.Created, started.Created, idle.Created = long, long, long
		for _, m := range []*Match{fresh, started, idle} {
			if err := s.CreateMatch(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		if n, _ := s.Unstarted(ctx); n < before+3 {
			t.Errorf("unstarted: %d, want at least %d", n, before+3)
		}
		// started acts now; idle acted long ago.
		if err := s.Append(ctx, started.ID, Action{Seq: 1, Action: "a1", Hash: "h"}, Playing, ""); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, idle.ID, Action{Seq: 1, Action: "a1", Hash: "h", At: long}, Playing, ""); err != nil {
			t.Fatal(err)
		}
		cut := long.Add(time.Hour)
		ids, err := s.EndIdle(ctx, cut, cut, "nobody came", "abandoned")
		if err != nil {
			t.Fatal(err)
		}
		ended := map[string]bool{}
		for _, id := range ids {
			ended[id] = true
		}
		if !ended[fresh.ID] || !ended[idle.ID] || ended[started.ID] {
			t.Errorf("ended %v; want %s and %s, not %s", ids, fresh.ID, idle.ID, started.ID)
		}
		for id, want := range map[string]string{fresh.ID: "nobody came", idle.ID: "abandoned"} {
			if m, _ := s.Match(ctx, id); m.Status != Ended || m.Result != want {
				t.Errorf("match %s: %s %q, want ended %q", id, m.Status, m.Result, want)
			}
		}
		if acts, _ := s.Actions(ctx, idle.ID, 0); len(acts) != 1 {
			t.Errorf("an ended match lost its actions: %v", acts)
		}
	})
	t.Run("check", func(t *testing.T) {
		if err := s.Check(ctx); err != nil {
			t.Errorf("a sound database: %v", err)
		}
	})
}

// TestSQLiteDamaged checks that a file whose pages are overwritten is found
// damaged: it does not open, or its check says what is wrong.
func TestSQLiteDamaged(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "skald.db")
	s, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		m := newMatch(fmt.Sprint("dmg", i))
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	info, _ := f.Stat()
	junk := bytes.Repeat([]byte{0xA5}, 4096)
	// Leave the header page and overwrite the pages after it.
	for off := int64(4096); off+4096 <= info.Size(); off += 3 * 4096 {
		f.WriteAt(junk, off)
	}
	f.Close()
	s, err = OpenSQLite(ctx, path)
	if err == nil {
		defer s.Close()
		err = s.Check(ctx)
	}
	if err == nil {
		t.Fatal("a database with overwritten pages opened and passed its check")
	}
	t.Logf("damage found: %v", err)
}

// TestLock checks that one process at a time serves a SQLite file.
func TestLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "skald.db")
	unlock, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Lock(path); !errors.Is(err, ErrLocked) {
		t.Fatalf("a second lock: got %v, want ErrLocked", err)
	} else if !strings.Contains(err.Error(), fmt.Sprint(os.Getpid())) {
		t.Errorf("the error does not name the holder's process: %v", err)
	}
	unlock()
	unlock2, err := Lock(path)
	if err != nil {
		t.Fatalf("lock after unlock: %v", err)
	}
	unlock2()
	if u, err := Lock("postgres://x@localhost/db"); err != nil {
		t.Errorf("postgres: %v", err)
	} else {
		u()
	}
}

// testGroupCommit appends many matches' actions at once, so that they
// share transactions: every action is stored once, in order; an append
// that conflicts (a second writer of the same step) is refused alone,
// and its batch's other actions stand.
func testGroupCommit(t *testing.T, s Store) {
	ctx := context.Background()
	const matches, steps = 24, 12
	ids := createMatches(t, s, matches, "group")
	var wg sync.WaitGroup
	var conflicts, refused atomic.Int32
	for i, id := range ids {
		for w := range 2 { // two writers race for every step of a match
			wg.Add(1)
			go func() {
				defer wg.Done()
				for seq := 1; seq <= steps; seq++ {
					err := s.Append(ctx, id, Action{Seq: seq, Seat: engine.Seat(seq % 2), Action: fmt.Sprintf("step %d", seq), Hash: fmt.Sprint(i)}, Playing, "")
					switch {
					case errors.Is(err, ErrConflict):
						conflicts.Add(1)
						// The other writer has it: wait until it is stored.
						for {
							m, err := s.Match(ctx, id)
							if err != nil {
								t.Error(err)
								return
							}
							if m.Actions >= seq {
								break
							}
							time.Sleep(time.Millisecond)
						}
					case err != nil:
						refused.Add(1)
						t.Errorf("writer %d of %s, step %d: %v", w, id, seq, err)
						return
					}
				}
			}()
		}
	}
	wg.Wait()
	if refused.Load() > 0 {
		return
	}
	for _, id := range ids {
		acts, err := s.Actions(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(acts) != steps {
			t.Fatalf("%s: %d actions stored, want %d", id, len(acts), steps)
		}
		for k, a := range acts {
			if a.Seq != k+1 || a.Action != fmt.Sprintf("step %d", k+1) {
				t.Fatalf("%s: action %d is %+v", id, k+1, a)
			}
		}
		if m, err := s.Match(ctx, id); err != nil || m.Actions != steps {
			t.Fatalf("%s: %+v, %v", id, m, err)
		}
	}
	// Each step had two writers: one stored it, the other was refused.
	if got := conflicts.Load(); got != matches*steps {
		t.Errorf("%d appends refused as conflicts, want %d (one of two writers per step)", got, matches*steps)
	}
}

// testCreateAmongActions creates matches while others' actions are
// stored (on SQLite, in the same group commits): every match created is
// there with its configuration, every action stored, and of two creations
// of one id racing, one is refused and the other's actions stand.
func testCreateAmongActions(t *testing.T, s Store) {
	ctx := context.Background()
	playing := newMatch("among")
	if err := s.CreateMatch(ctx, playing); err != nil {
		t.Fatal(err)
	}
	const creations, steps = 40, 30
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for seq := 1; seq <= steps; seq++ {
			if err := s.Append(ctx, playing.ID, Action{Seq: seq, Action: fmt.Sprint(seq), Hash: "h"}, Playing, ""); err != nil {
				t.Errorf("step %d: %v", seq, err)
				return
			}
		}
	}()
	created := make([]*Match, creations)
	var refused atomic.Int32
	for i := range created {
		created[i] = newMatch("among")
		for range 2 { // two creations of each id race
			wg.Add(1)
			m := *created[i]
			go func() {
				defer wg.Done()
				if err := s.CreateMatch(ctx, &m); err != nil {
					refused.Add(1)
				}
			}()
		}
	}
	wg.Wait()
	if got := refused.Load(); got != creations {
		t.Errorf("%d creations refused, want %d (one of each two with one id)", got, creations)
	}
	for _, want := range created {
		m, err := s.Match(ctx, want.ID)
		if err != nil || m.Game != want.Game || m.Seed != want.Seed || len(m.Seats) != len(want.Seats) || m.Status != Playing {
			t.Fatalf("%s: %+v, %v", want.ID, m, err)
		}
	}
	if acts, err := s.Actions(ctx, playing.ID, 0); err != nil || len(acts) != steps {
		t.Fatalf("%d actions stored, want %d: %v", len(acts), steps, err)
	}
}
