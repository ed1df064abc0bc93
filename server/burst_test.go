package server

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"skald/engine"
	"skald/store"
)

// burstPending is an action sent but not acknowledged when the server died.
type burstPending struct {
	played
	seq int // the number of steps the sender had seen
}

// driveBurst plays random legal actions in one match, one at a time, each
// with the step its sender saw, until the connections fail. It calls
// onAck on every acknowledgement and returns the actions acknowledged, by
// step, and the one sent but never answered, if any.
//
// onOver is called once if the match ends first.
func driveBurst(rng *rand.Rand, seats []*client, onAck, onOver func()) (map[int]played, *burstPending) {
	acked := map[int]played{}
	over := false
	for {
		var movers []*client
		for _, c := range seats {
			if l := c.latest(); l != nil && len(l.Legal) > 0 && !l.Over {
				movers = append(movers, c)
			}
			if l := c.latest(); l != nil && l.Over && !over {
				over = true
				onOver()
			}
		}
		if len(movers) == 0 {
			// Wait for a frame (a new state) or the end.
			select {
			case <-seats[0].closed:
				return acked, nil
			case f, ok := <-seats[rng.IntN(len(seats))].frames:
				if !ok {
					return acked, nil
				}
				_ = f
			}
			continue
		}
		c := movers[rng.IntN(len(movers))]
		l := c.latest()
		text := l.Legal[rng.IntN(len(l.Legal))]
		c.nextID++
		id, seq := c.nextID, l.Seq
		p := &burstPending{played{engine.Seat(l.SeatIndex), text}, seq}
		c.send(ClientMessage{Type: "act", ID: id, Action: text, Seq: &seq})
		for answered := false; !answered; {
			f, ok := <-c.frames
			if !ok {
				return acked, p
			}
			switch {
			case f.Type == "ack" && f.ID == id:
				if _, dup := acked[f.Seq]; dup {
					// Two acknowledgements of one step: reported by the
					// caller as a step acknowledged twice.
					acked[-f.Seq] = p.played
				}
				acked[f.Seq] = p.played
				onAck()
				// Every seat sees the new step before anyone chooses again,
				// so that each action is sent with the match's last step.
				for _, s := range seats {
					for s.latest().Seq < f.Seq {
						if _, ok := <-s.frames; !ok {
							return acked, nil
						}
					}
				}
				answered = true
			case f.Type == "error" && f.ID == id:
				answered = true
			}
		}
	}
}

// TestKillDuringBurst kills `skald serve` with SIGKILL while many matches
// play at once, so that group commits of many matches' actions are under
// way, at a seeded moment. Every action a client was acknowledged is
// stored as the step it was acknowledged as, and nothing else is stored
// but the one action per match that was in flight. After a restart, each
// match's unanswered action sent again with the step its sender saw is
// stored once at most: refused if it was stored before the kill, taken if
// it was not.
func TestKillDuringBurst(t *testing.T) {
	dir := t.TempDir()
	killDuringBurst(t, buildSkald(t, dir), filepath.Join(dir, "skald.db"))
}

// killDuringBurst is TestKillDuringBurst on the database db.
func killDuringBurst(t *testing.T, bin, db string) {
	const matches = 48
	cmd, base, _ := startServe(t, bin, db, "--create-burst", "100", "--creates-per-minute", "1000")

	type match struct {
		cr      *CreateResponse
		seats   []*client
		acked   map[int]played
		pending *burstPending
	}
	ms := make([]*match, matches)
	for i := range ms {
		cr := create(t, base, "blackred", nil, "human", "human")
		m := &match{cr: cr}
		for _, s := range cr.Seats {
			m.seats = append(m.seats, dial(t, base, cr.ID, s.Token))
		}
		ms[i] = m
	}
	rng := rand.New(rand.NewPCG(22, 1))
	killAt := int64(400 + rng.IntN(800)) // acknowledged actions before the kill
	var total atomic.Int64
	reached := make(chan struct{})
	var once sync.Once
	onAck := func() {
		if total.Add(1) == killAt {
			once.Do(func() { close(reached) })
		}
	}
	// Should every match end first (they are seeded, so they would every
	// run), the kill comes then, and the test fails below: no burst.
	var ended atomic.Int64
	onOver := func() {
		if ended.Add(1) == matches {
			once.Do(func() { close(reached) })
		}
	}
	var wg sync.WaitGroup
	for i, m := range ms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.acked, m.pending = driveBurst(rand.New(rand.NewPCG(uint64(i), 22)), m.seats, onAck, onOver)
		}()
	}
	// Kill at the seeded count of acknowledgements, mid-burst: every
	// match is still sending.
	select {
	case <-reached:
	case <-ms[0].seats[0].closed:
		t.Fatalf("a connection closed before the kill, after %d actions", total.Load())
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	wg.Wait()

	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	acked, inFlight, stored := 0, 0, 0
	storedBefore := map[string]int{}
	for _, m := range ms {
		acts, err := st.Actions(ctx, m.cr.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		for seq := range m.acked {
			if seq < 0 {
				t.Fatalf("match %s: step %d acknowledged twice", m.cr.ID, -seq)
			}
		}
		for seq := 1; seq <= len(m.acked); seq++ {
			p, ok := m.acked[seq]
			if !ok {
				t.Fatalf("match %s: step %d never acknowledged, but %d were", m.cr.ID, seq, len(m.acked))
			}
			if seq > len(acts) {
				t.Fatalf("match %s: step %d (%s) was acknowledged but is not stored (%d stored)", m.cr.ID, seq, p.text, len(acts))
			}
			if a := acts[seq-1]; a.Seat != p.seat || a.Action != p.text {
				t.Fatalf("match %s step %d: stored %d %q, acknowledged %d %q", m.cr.ID, seq, a.Seat, a.Action, p.seat, p.text)
			}
		}
		switch extra := len(acts) - len(m.acked); {
		case extra == 1:
			// Stored but not acknowledged: it must be the action in flight.
			a := acts[len(acts)-1]
			if m.pending == nil || m.pending.seat != a.Seat || m.pending.text != a.Action {
				t.Fatalf("match %s: step %d (%d %q) is stored but was never sent unanswered", m.cr.ID, a.Seq, a.Seat, a.Action)
			}
			inFlight++
		case extra != 0:
			t.Fatalf("match %s: %d actions stored, %d acknowledged", m.cr.ID, len(acts), len(m.acked))
		}
		acked += len(m.acked)
		stored += len(acts)
		storedBefore[m.cr.ID] = len(acts)
	}
	st.Close()
	t.Logf("SIGKILL after %d acknowledged actions in %d matches; %d stored (%d in flight and committed)", acked, matches, stored, inFlight)
	if ended.Load() == matches {
		t.Fatalf("every match ended before the kill (after %d actions): no burst was killed", acked)
	}

	// Restart: each unanswered action, sent again as it was, is stored
	// at most once.
	_, base, _ = startServe(t, bin, db)
	resent := 0
	for _, m := range ms {
		if m.pending == nil {
			continue
		}
		c := dial(t, base, m.cr.ID, m.cr.Seats[m.pending.seat].Token)
		if l := c.latest(); l.Seq != storedBefore[m.cr.ID] {
			t.Fatalf("match %s after restart: step %d, want %d", m.cr.ID, l.Seq, storedBefore[m.cr.ID])
		}
		f := c.act(m.pending.text, m.pending.seq)
		committed := storedBefore[m.cr.ID] > len(m.acked)
		switch {
		case committed && f.Type != "error":
			t.Fatalf("match %s: the action stored before the kill was taken again as step %d", m.cr.ID, f.Seq)
		case committed && f.Code != ECONFLICT:
			t.Fatalf("match %s: the action stored before the kill, sent again: %s %s, want conflict", m.cr.ID, f.Code, f.Message)
		case !committed && f.Type != "ack":
			t.Fatalf("match %s: the action lost in the kill, sent again: %s %s", m.cr.ID, f.Code, f.Message)
		case !committed:
			resent++
		}
		c.close()
	}
	st2, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	for _, m := range ms {
		n := storedBefore[m.cr.ID]
		if m.pending != nil && n == len(m.acked) {
			n++
		}
		ref := newReferee(t, st2, m.cr.ID) // recomputes and compares every stored hash
		if len(ref.hashes) != n {
			t.Fatalf("match %s: %d steps stored after the restart, want %d", m.cr.ID, len(ref.hashes), n)
		}
	}
	t.Logf("after the restart, %d lost in-flight actions sent again and taken once; %d committed before the kill refused", resent, inFlight)
}
