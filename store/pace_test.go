package store

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// TestCommitPace checks SQLite's paced group commit: a lone action is
// committed at once, and under load commits start at most once a pace.
func TestCommitPace(t *testing.T) {
	ctx := context.Background()
	const pace = 50 * time.Millisecond
	st, err := OpenSQLiteWith(ctx, filepath.Join(t.TempDir(), "skald.db"), SQLiteOptions{CommitPace: pace})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := st.(*sqlStore)
	const writers, each = 16, 20
	ids := createMatches(t, st, writers, "pace")
	// Alone, an action does not wait for the pace (a long one here, so
	// that a slow fsync on a busy machine is not taken for it).
	slow, err := OpenSQLiteWith(ctx, filepath.Join(t.TempDir(), "slow.db"), SQLiteOptions{CommitPace: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	lone := newMatch("lone")
	if err := slow.CreateMatch(ctx, lone); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	if err := slow.Append(ctx, lone.ID, Action{Seq: 1, Action: "a", Hash: "h"}, Playing, ""); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(t0); d > 500*time.Millisecond {
		t.Errorf("a lone action took %v to commit, with a pace of 1s", d)
	}
	// Under load, commits start at most once a pace, after the few that
	// measure the rate.
	c0, _ := s.CommitStats()
	t0 = time.Now()
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seq := 1
			for range each {
				if err := st.Append(ctx, id, Action{Seq: seq, Action: "a", Hash: "h"}, Playing, ""); err != nil {
					t.Error(err)
					return
				}
				seq++
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(t0)
	c1, _ := s.CommitStats()
	if n, most := c1-c0, int64(elapsed/pace)+6; n > most {
		t.Errorf("%d commits in %v for %d actions, want at most %d at a pace of %v", n, elapsed, writers*each, most, pace)
	}
}
