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
// 18 asks: it beats random play in at least 90% of 40 seeded matches, with
// random armies and with the armies each side builds (the defaults), where
// the rules of thumb once built thirteen Physical Ninjas and drew a third
// of the battles against an Ethereal unit they could not kill.
func TestHeuristicBeatsRandom(t *testing.T) {
	for _, opts := range []engine.Options{{"armies": "auto"}, {}} {
		rep, err := sim.Run(context.Background(), sim.Options{Game: New(), Config: engine.Config{Options: opts},
			Bots: []string{"heuristic", "random"}, N: 40, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v: heuristic %.1f%% won, %d drawn of %d", opts, 100*rep.Bots[0].WinRate, rep.Bots[0].Draws, rep.Bots[0].Games)
		if b := rep.Bots[0]; b.Name != "heuristic" || b.WinRate < 0.9 {
			t.Errorf("%v: heuristic wins %.0f%% against random, want at least 90%%", opts, 100*b.WinRate)
		}
	}
}

// TestHeuristicBuildsByShares builds armies by the rules of thumb at
// several limits and checks them against buildShares: Ethereal and
// Magical units hold the money in three parts to one, give or take a
// unit's cost, and a Physical unit is bought only where no other fits the
// money left.
func TestHeuristicBuildsByShares(t *testing.T) {
	for _, limit := range []string{"40", "100", "200"} {
		st, err := New().New(engine.Config{Seed: 3, Options: engine.Options{"limit": limit}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(4)
		for s.stage == stageBuild {
			seat := s.Deciders().First()
			a := s.Suggest(seat, &r)
			if int(a.Kind) == actBuy && s.g.c.Unit(int(a.Arg[0])).Type == "P" {
				for _, b := range s.Legal(seat, nil) {
					if int(b.Kind) == actBuy && s.g.c.Unit(int(b.Arg[0])).Type != "P" {
						t.Fatalf("limit %s: bought the Physical %s where the %s fits", limit, s.g.c.Unit(int(a.Arg[0])).Name, s.g.c.Unit(int(b.Arg[0])).Name)
					}
				}
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
		for seat, army := range s.armies {
			var spent [3]int
			dearest := 0
			for _, e := range army {
				t := typeOf(s.g.c.Unit(e.Units[len(e.Units)-1]).Type) // an entry is its top unit's type
				for _, n := range e.Units {
					u := s.g.c.Unit(n)
					spent[t] += u.Cost
					dearest = max(dearest, u.Cost)
				}
			}
			t.Logf("limit %s, seat %d: spent %v by type (P, M, E)", limit, seat, spent)
			if spent[magical] == 0 || spent[ethereal] == 0 {
				t.Errorf("limit %s, seat %d: spent %v by type (P, M, E), want Magical and Ethereal units", limit, seat, spent)
			}
			if gap := spent[ethereal] - 3*spent[magical]; gap > 3*dearest || -gap > 3*dearest {
				t.Errorf("limit %s, seat %d: spent %v by type (P, M, E), want Ethereal to Magical three to one within a unit's cost (%d)", limit, seat, spent, dearest)
			}
		}
	}
}

// TestHeurCannotKill checks which attacks the rules of thumb and
// Evaluate's pressure know can never kill (seed 004, "Unit Type/Attack
// Type Affects"; ability 087 Indestructable), and that an enemy only such
// attackers face puts no pressure on it.
func TestHeurCannotKill(t *testing.T) {
	tests := []struct {
		attacker, defender string
		opts               engine.Options
		want               bool
	}{
		{"Knight", "Lost Soul", nil, true},                                     // Physical on Ethereal
		{"Knight", "Diamond Golem", nil, true},                                 // Physical on Indestructable
		{"Knight", "Diamond Golem", engine.Options{"abilities": "off"}, false}, // no abilities: a Magical unit like any
		{"Apprentice", "Diamond Golem", nil, false},                            // Magical on Indestructable
		{"Apprentice", "Lost Soul", nil, false},
		{"Knight", "Apprentice", nil, false},
		{"Lost Soul", "Knight", nil, false},
	}
	for _, tc := range tests {
		s := arranged(t, tc.opts, Setup{Units: []UnitSetup{
			{Player: "one", Unit: tc.attacker, At: "3,3", Facing: "N"},
			{Player: "two", Unit: tc.defender, At: "3,2", Facing: "S"},
		}})
		if got := s.heurCannotKill(0, 1); got != tc.want {
			t.Errorf("%s on %s (%v): cannot kill %v, want %v", tc.attacker, tc.defender, tc.opts, got, tc.want)
		}
		if p := s.pressure(0); (p == 0) != tc.want {
			t.Errorf("%s next to %s (%v): pressure %v", tc.attacker, tc.defender, tc.opts, p)
		}
	}
}
