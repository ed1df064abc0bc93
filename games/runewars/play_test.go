package runewars

import (
	"testing"

	"skald/engine"
)

// playRandom plays a match of n players with random legal actions to the
// end and returns it and the number of actions.
func playRandom(t testing.TB, n int, seed uint64, opts engine.Options) (*State, int) {
	st, err := New().New(engine.Config{Seats: n, Seed: seed, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(seed + 100)
	steps := 0
	var buf []engine.Action
	for steps = 0; steps < 20000; steps++ {
		d := s.Deciders()
		if d.Empty() {
			break
		}
		seat := d.List()[r.IntN(d.Len())]
		buf = s.Legal(seat, buf[:0])
		if len(buf) == 0 {
			t.Fatalf("seat %d decides with no legal action\n%s", seat, s.Describe(seat))
		}
		a := buf[r.IntN(len(buf))]
		if err := s.Apply(a, nil); err != nil {
			t.Fatalf("legal action %s refused: %v", s.FormatAction(a), err)
		}
	}
	return s, steps
}

// TestRandomGamesEnd plays 100 seeded random games at each player count
// to the end: every decision has a legal action (two-player maps once
// left a setup rune nowhere to go), every legal action is accepted, and
// the game ends by the rules.
func TestRandomGamesEnd(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 100; seed++ {
			s, steps := playRandom(t, n, seed, nil)
			res, over := s.Result()
			if !over {
				t.Fatalf("%d players seed %d: not over after %d actions\n%s", n, seed, steps, s.Describe(0))
			}
			if seed <= 2 {
				t.Logf("%d players seed %d: %d actions, year %d, %s, places %v scores %v", n, seed, steps, s.year, res.Reason, res.Places[:n], res.Scores[:n])
			}
		}
	}
}
