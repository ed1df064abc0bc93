package blackred

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"skald/engine"
	"skald/sim"
)

// TestSuggestIsLegal checks that the scripted player suggests one of the
// seat's legal actions at every step of seeded matches, with the default
// options and with 1 to 6 units, asked both on the match and on a copy
// determinized for the seat (as the heuristic bot asks it).
func TestSuggestIsLegal(t *testing.T) {
	opts := []engine.Options{nil}
	for u := 1; u <= 6; u++ {
		opts = append(opts, engine.Options{"units": strconv.Itoa(u)})
	}
	for i, o := range opts {
		for seed := uint64(1); seed <= 3; seed++ {
			s := newState(t, seed+uint64(10*i), o)
			r := engine.NewRand(seed)
			for steps := 0; s.phase != phaseOver; steps++ {
				seat := s.Deciders().First()
				var a engine.Action
				if steps%2 == 0 {
					a = s.Suggest(seat, &r)
				} else {
					a = engine.Determinize(s, seat, &r).(engine.Heuristic).Suggest(seat, &r)
				}
				if !slices.Contains(s.Legal(seat, nil), a) {
					t.Fatalf("options %v, seed %d, step %d: the suggestion %q is not legal", o, seed, steps, s.FormatAction(a))
				}
				if err := s.Apply(a, nil); err != nil {
					t.Fatal(err)
				}
				if steps > 100000 {
					t.Fatalf("options %v, seed %d: no end", o, seed)
				}
			}
		}
	}
}

// TestSuggestIsDeterministic checks that a seed replays the same choice.
func TestSuggestIsDeterministic(t *testing.T) {
	s := newState(t, 4, nil)
	for steps := 0; s.phase != phaseOver && steps < 200; steps++ {
		seat := s.Deciders().First()
		r1, r2 := engine.NewRand(uint64(steps)), engine.NewRand(uint64(steps))
		a, b := s.Suggest(seat, &r1), s.Suggest(seat, &r2)
		if a != b {
			t.Fatalf("step %d: %q then %q for the same seed", steps, s.FormatAction(a), s.FormatAction(b))
		}
		if err := s.Apply(a, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHeuristicBeatsRandom checks the scripted player's strength, as issue
// 18 asks: it beats random play in at least 90% of 40 seeded matches.
func TestHeuristicBeatsRandom(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Options{Game: New(), Config: engine.Config{Seats: 2}, Bots: []string{"heuristic", "random"}, N: 40, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	b := rep.Bots[0]
	t.Logf("heuristic: %d of %d against random, interval [%.2f, %.2f]", b.Wins, b.Games, b.WinRateLow, b.WinRateHigh)
	if b.Name != "heuristic" || b.WinRate < 0.9 {
		t.Errorf("heuristic wins %.0f%% against random, want at least 90%%", 100*b.WinRate)
	}
}
