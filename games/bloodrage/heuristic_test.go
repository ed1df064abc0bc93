package bloodrage

import (
	"context"
	"slices"
	"testing"

	"skald/engine"
	"skald/sim"
)

// TestSuggestIsLegal checks that the scripted player suggests one of the
// seat's legal actions at every step of seeded matches at 2 to 5 clans.
func TestSuggestIsLegal(t *testing.T) {
	for n := 2; n <= 5; n++ {
		s := newState(t, n, uint64(n))
		r := engine.NewRand(9)
		for steps := 0; s.phase != phOver; steps++ {
			seat := s.Deciders().First()
			a := s.Suggest(seat, &r)
			if !slices.Contains(s.Legal(seat, nil), a) {
				t.Fatalf("%d clans, step %d: the suggestion %q is not legal", n, steps, s.FormatAction(a))
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestHeuristicBeatsRandom checks the scripted player's strength, as issue
// 18 asks: it beats random play in at least 90% of 40 seeded two-clan
// matches.
func TestHeuristicBeatsRandom(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Options{Game: New(), Bots: []string{"heuristic", "random"}, N: 40, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if b := rep.Bots[0]; b.Name != "heuristic" || b.WinRate < 0.9 {
		t.Errorf("heuristic wins %.0f%% against random, want at least 90%%", 100*b.WinRate)
	}
}
