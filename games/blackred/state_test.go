package blackred

import (
	"encoding/json"
	"errors"
	"testing"

	"skald/engine"
)

func newState(t testing.TB, seed uint64, opts engine.Options) *State {
	t.Helper()
	st, err := New().New(engine.Config{Seats: 2, Seed: seed, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// everyAction lists every action any seat could name, legal or not.
func everyAction() []engine.Action {
	var all []engine.Action
	for seat := engine.Seat(0); seat < 2; seat++ {
		for w := int16(0); w < numWeapons; w++ {
			all = append(all, engine.Action{Seat: seat, Kind: kindWeapon, Arg: [4]int16{w}})
			all = append(all, engine.Action{Seat: seat, Kind: kindFeint, Arg: [4]int16{w}})
		}
		all = append(all, engine.Action{Seat: seat, Kind: kindFeint, Arg: [4]int16{keep}})
		for c := int16(0); c < numStrategy; c++ {
			all = append(all, engine.Action{Seat: seat, Kind: kindStrategy, Arg: [4]int16{c}})
		}
		for n := int16(0); n <= 4; n++ {
			all = append(all, engine.Action{Seat: seat, Kind: kindForce, Arg: [4]int16{n}})
		}
	}
	all = append(all, engine.Action{Seat: 3, Kind: kindForce, Arg: [4]int16{1}}, engine.Action{Seat: 0, Kind: 99})
	return all
}

// TestLegalIsExactlyWhatApplyAccepts checks in many random games that
// every listed action is accepted, and every other one is refused with an
// IllegalError that leaves the state exactly as it was.
func TestLegalIsExactlyWhatApplyAccepts(t *testing.T) {
	all := everyAction()
	for seed := uint64(0); seed < 60; seed++ {
		s := newState(t, seed, nil)
		r := engine.NewRand(seed)
		for steps := 0; ; steps++ {
			d := s.Deciders()
			if d.Empty() {
				break
			}
			legal := map[engine.Action]bool{}
			for _, seat := range []engine.Seat{Black, Red} {
				for _, a := range s.Legal(seat, nil) {
					legal[a] = true
					if !d.Has(seat) {
						t.Fatalf("seed %d: %s has legal actions but is not deciding", seed, colourNames[seat])
					}
				}
			}
			before := s.Hash()
			for _, a := range all {
				c := s.Clone()
				err := c.Apply(a, nil)
				if legal[a] && err != nil {
					t.Fatalf("seed %d step %d: legal %s refused: %v", seed, steps, s.FormatAction(a), err)
				}
				if !legal[a] {
					var ill *engine.IllegalError
					if !errors.As(err, &ill) || ill.Rule == "" {
						t.Fatalf("seed %d step %d: illegal %+v gave %v, want an IllegalError citing a rule", seed, steps, a, err)
					}
					if c.Hash() != before {
						t.Fatalf("seed %d step %d: refused %+v changed the state", seed, steps, a)
					}
				}
			}
			seat := d.First()
			legalSeat := s.Legal(seat, nil)
			if err := s.Apply(legalSeat[r.IntN(len(legalSeat))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	s := newState(t, 1, nil)
	for _, text := range []string{"", "weapon", "weapon axe", "force 0", "force 4", "force x", "strategy nope", "dance now", "weapon bow now", "feint axe"} {
		if _, err := s.ParseAction(Black, text); err == nil {
			t.Errorf("ParseAction(%q): no error", text)
		}
	}
	if _, err := s.ParseAction(5, "force 1"); err == nil {
		t.Error("ParseAction for seat 5: no error")
	}
	// Plural weapons and capitals read naturally.
	if a, err := s.ParseAction(Red, "Weapon Bows"); err != nil || a.Arg[0] != bow {
		t.Errorf("ParseAction(Weapon Bows) = %+v, %v", a, err)
	}
}

func TestViewHidesSecrets(t *testing.T) {
	s := newState(t, 3, engine.Options{"first": "black"})
	view := func(seat engine.Seat) View {
		b, err := json.Marshal(s.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		var v View
		json.Unmarshal(b, &v)
		return v
	}
	sp := view(engine.Spectator)
	if sp.Black.Deck != nil || sp.Red.Deck != nil || sp.Black.Hand != nil || sp.Red.Hand != nil {
		t.Error("spectator sees a deck or a hand")
	}
	b := view(Black)
	if len(b.Black.Deck) != 28-len(b.Black.Out) || len(b.Black.Hand) != 3 {
		t.Errorf("black sees %d deck cards and %d hand cards of its own", len(b.Black.Deck), len(b.Black.Hand))
	}
	if b.Red.Deck != nil || b.Red.Hand != nil {
		t.Error("black sees red's deck or hand")
	}
	// A face-down strategy card is hidden until both are played.
	if err := s.Apply(engine.Action{Seat: Black, Kind: kindWeapon, Arg: [4]int16{sword}}, nil); err != nil {
		if s.phase != phaseStrategy {
			t.Fatal(err)
		}
	}
	card := s.side[Black].hand[0]
	if err := s.Apply(engine.Action{Seat: Black, Kind: kindStrategy, Arg: [4]int16{int16(card)}}, nil); err != nil {
		t.Fatal(err)
	}
	if got := view(Red).Black.Strategy; got != "face down" {
		t.Errorf("red sees black's strategy card as %q, want face down", got)
	}
	if got := view(Black).Black.Strategy; got != s.c.Strategy[card].ID {
		t.Errorf("black sees its own strategy card as %q", got)
	}
	// Events name the card only to its owner.
	var ev engine.Log
	red := s.side[Red].hand[0]
	s.Apply(engine.Action{Seat: Red, Kind: kindStrategy, Arg: [4]int16{int16(red)}}, &ev)
	for _, e := range ev {
		if e.Type == "strategy.draw" && (e.Public() || e.To.Len() != 1) {
			t.Errorf("a draw is shown to more than its drawer (%08b): %v", e.To, e)
		}
	}
	if got := view(Red).Black.Strategy; got != s.c.Strategy[card].ID {
		t.Errorf("after both played, red sees black's card as %q", got)
	}
}
