package runewars

import (
	"context"
	"slices"
	"testing"

	"skald/engine"
	"skald/sim"
)

// TestSuggestIsLegal checks that the scripted player suggests one of the
// seat's legal actions at every step of seeded matches at 2 to 4 players.
func TestSuggestIsLegal(t *testing.T) {
	for n := 2; n <= 4; n++ {
		st, err := New().New(engine.Config{Seats: n, Seed: uint64(n)})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(9)
		for steps := 0; !s.over; steps++ {
			seat := s.Deciders().First()
			a := s.Suggest(seat, &r)
			if !slices.Contains(s.Legal(seat, nil), a) {
				t.Fatalf("%d players, step %d: the suggestion %q is not legal", n, steps, s.FormatAction(a))
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestHeuristicBeatsRandom checks the scripted player's strength (issue
// 18): it beats random play in at least 90% of 40 seeded two-player
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
