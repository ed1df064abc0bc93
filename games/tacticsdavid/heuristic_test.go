package tacticsdavid

import (
	"context"
	"slices"
	"testing"

	"skald/engine"
	"skald/sim"
)

// TestSuggestIsLegal checks that the scripted player suggests one of the
// seat's legal actions at every step of seeded matches: with random
// armies on several battlefields and missions, and one match through army
// building.
func TestSuggestIsLegal(t *testing.T) {
	for n, opts := range []engine.Options{
		{"armies": "auto"},
		{"armies": "auto", "battlefield": "open-field-7x11"},
		{"armies": "auto", "mission": Kills, "deploy": "free"},
		{"armies": "auto", "abilities": "off"},
		{"armies": "auto", "mission": Money, "army": "themed"},
		{"armies": "build"},
	} {
		st, err := New().New(engine.Config{Seed: uint64(n + 1), Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(uint64(9 + n))
		for steps := 0; !s.over; steps++ {
			if steps > 20000 {
				t.Fatalf("%v: no end after %d steps", opts, steps)
			}
			seat := s.Deciders().First()
			a := s.Suggest(seat, &r)
			if !slices.Contains(s.Legal(seat, nil), a) {
				t.Fatalf("%v, step %d: the suggestion %q is not legal", opts, steps, s.FormatAction(a))
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatalf("%v, step %d: %v", opts, steps, err)
			}
		}
	}
}

// TestHeuristicBeatsRandom checks the scripted player's strength, as issue
// 18 asks: it beats random play in at least 90% of 40 seeded matches with
// random armies.
func TestHeuristicBeatsRandom(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Options{Game: New(), Config: engine.Config{Options: engine.Options{"armies": "auto"}},
		Bots: []string{"heuristic", "random"}, N: 40, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("heuristic: %.1f%% won, %d drawn of %d", 100*rep.Bots[0].WinRate, rep.Bots[0].Draws, rep.Bots[0].Games)
	if b := rep.Bots[0]; b.Name != "heuristic" || b.WinRate < 0.9 {
		t.Errorf("heuristic wins %.0f%% against random, want at least 90%%", 100*b.WinRate)
	}
}
