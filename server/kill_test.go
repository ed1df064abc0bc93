package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"skald/engine"
	"skald/games"
	"skald/store"
)

// buildSkald builds the skald command into dir and returns its path.
func buildSkald(t testing.TB, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "skald")
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, "skald/cmd/skald")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startSkald runs `skald serve` on a free loopback port with the given
// database and returns the process and the base URL it prints.
func startSkald(t testing.TB, bin, db string) (*exec.Cmd, string) {
	t.Helper()
	cmd, base, _ := startServe(t, bin, db)
	return cmd, base
}

// played is an action a client was told was stored.
type played struct {
	seat engine.Seat
	text string
}

// driveUntilError plays random legal actions in one match until its
// connections fail, and returns the actions acknowledged, by step.
func driveUntilError(rng *rand.Rand, seats []*client) map[int]played {
	acked := map[int]played{}
	for {
		var movers []*client
		for _, c := range seats {
			if l := c.latest(); l != nil && len(l.Legal) > 0 && !l.Over {
				movers = append(movers, c)
			}
		}
		if len(movers) == 0 {
			for _, c := range seats {
				select {
				case <-c.closed:
					return acked
				case <-time.After(5 * time.Millisecond):
				}
			}
			continue
		}
		c := movers[rng.IntN(len(movers))]
		l := c.latest()
		text := l.Legal[rng.IntN(len(l.Legal))]
		c.nextID++
		id := c.nextID
		seq := l.Seq
		c.send(ClientMessage{Type: "act", ID: id, Action: text, Seq: &seq})
		for {
			f, ok := <-c.frames
			if !ok {
				return acked
			}
			if f.Type == "ack" && f.ID == id {
				acked[f.Seq] = played{engine.Seat(l.SeatIndex), text}
				// Wait for the new state before choosing again.
				for c.latest().Seq < f.Seq {
					if _, ok := <-c.frames; !ok {
						return acked
					}
				}
				break
			}
			if f.Type == "error" && f.ID == id {
				break
			}
		}
	}
}

// TestKillAndRestart kills the server with SIGKILL while matches are being
// played, restarts it on the same database, and finds every match exactly
// where it was: every acknowledged action stored, in order, the state hash
// of each step as recomputed, and each seat's view as before.
func TestKillAndRestart(t *testing.T) {
	dir := t.TempDir()
	bin := buildSkald(t, dir)
	db := filepath.Join(dir, "skald.db")
	cmd, base := startSkald(t, bin, db)

	specs := []struct {
		game string
		opts engine.Options
	}{
		{"blackred", nil}, {"blackred", engine.Options{"units": "12"}},
		{"tacticsdavid", engine.Options{"armies": "auto"}}, {"tacticsdavid", engine.Options{"armies": "auto", "battlefield": "open-field-7x11"}},
	}
	type match struct {
		cr     *CreateResponse
		seats  []*client
		acked  map[int]played
		killed time.Time
	}
	var matches []*match
	for _, sp := range specs {
		cr := create(t, base, sp.game, sp.opts, "human", "human")
		m := &match{cr: cr}
		for _, s := range cr.Seats {
			m.seats = append(m.seats, dial(t, base, cr.ID, s.Token))
		}
		matches = append(matches, m)
	}
	var wg sync.WaitGroup
	for i, m := range matches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.acked = driveUntilError(rand.New(rand.NewPCG(uint64(i), 99)), m.seats)
		}()
	}
	time.Sleep(1500 * time.Millisecond)
	if err := cmd.Process.Kill(); err != nil { // SIGKILL on Unix
		t.Fatal(err)
	}
	cmd.Wait()
	wg.Wait()

	// What the dead server left in the database.
	st, err := store.OpenSQLite(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string][]store.Action{}
	total := 0
	for _, m := range matches {
		acts, err := st.Actions(context.Background(), m.cr.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		stored[m.cr.ID] = acts
		if len(m.acked) == 0 {
			t.Fatalf("match %s: nothing was played before the kill", m.cr.ID)
		}
		total += len(m.acked)
		// Every acknowledged action is stored as the step it was
		// acknowledged as; at most one more, stored but not yet
		// acknowledged when the server died, follows.
		for seq, p := range m.acked {
			if seq > len(acts) {
				t.Fatalf("match %s: step %d (%s) was acknowledged but is not stored (%d stored)", m.cr.ID, seq, p.text, len(acts))
			}
			if a := acts[seq-1]; a.Seat != p.seat || a.Action != p.text {
				t.Fatalf("match %s step %d: stored %d %q, acknowledged %d %q", m.cr.ID, seq, a.Seat, a.Action, p.seat, p.text)
			}
		}
		if len(acts) > len(m.acked)+1 {
			t.Fatalf("match %s: %d actions stored, %d acknowledged", m.cr.ID, len(acts), len(m.acked))
		}
		// The hash after the last acknowledged step, recomputed here.
		g, _ := games.Lookup(specs[slicesIndex(matches, m)].game)
		mm, _ := st.Match(context.Background(), m.cr.ID)
		s, err := g.New(engine.Config{Seats: 2, Seed: mm.Seed, Options: mm.Options})
		if err != nil {
			t.Fatal(err)
		}
		for seq := 1; seq <= len(m.acked); seq++ {
			p := m.acked[seq]
			a, err := s.ParseAction(p.seat, p.text)
			if err == nil {
				err = s.Apply(a, nil)
			}
			if err != nil {
				t.Fatalf("match %s step %d: %v", m.cr.ID, seq, err)
			}
			if h := engine.FormatHash(s.Hash()); h != acts[seq-1].Hash {
				t.Fatalf("match %s step %d: hash %s, stored %s", m.cr.ID, seq, h, acts[seq-1].Hash)
			}
		}
	}
	st.Close()
	t.Logf("%d actions acknowledged in %d matches before SIGKILL", total, len(matches))

	// Restart: every match is where it was, and goes on.
	_, base = startSkald(t, bin, db)
	st2, err := store.OpenSQLite(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	for i, m := range matches {
		n := len(stored[m.cr.ID])
		ref := newReferee(t, st2, m.cr.ID) // recomputes and compares every stored hash
		if len(ref.hashes) != n {
			t.Fatalf("match %s: %d steps after restart, %d before", m.cr.ID, len(ref.hashes), n)
		}
		var seats []*client
		for _, s := range m.cr.Seats {
			c := dial(t, base, m.cr.ID, s.Token)
			if l := c.latest(); l.Seq != n {
				t.Fatalf("match %s after restart: step %d, want %d", m.cr.ID, l.Seq, n)
			}
			seats = append(seats, c)
		}
		for _, c := range seats {
			ref.check(t, c) // the views are those of step n
		}
		playRandom(t, rand.New(rand.NewPCG(uint64(i), 5)), seats, nil, 5)
		for _, c := range seats {
			c.close()
		}
	}
}

func slicesIndex[T comparable](s []T, v T) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	panic(fmt.Sprint("not found: ", v))
}
