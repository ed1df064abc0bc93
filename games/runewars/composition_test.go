package runewars

import (
	"testing"

	"skald/engine"
)

// TestFieldedNamesCitiesAndAllies checks the lab's hook on a finished
// heuristic game: every city reported is one the seat controls, every
// ally a neutral type it has on the board, and an absent seat gets
// nothing.
func TestFieldedNamesCitiesAndAllies(t *testing.T) {
	st, _ := New().New(engine.Config{Seats: 3, Seed: 4})
	s := st.(*State)
	r := engine.NewRand(4)
	for !s.over {
		seat := s.Deciders().List()[0]
		s.Apply(s.Suggest(seat, &r), nil)
	}
	total := 0
	for p := int8(0); p < s.n; p++ {
		s.Fielded(engine.Seat(p), func(kind, name string, cost float64) {
			total++
			switch kind {
			case "city":
				found := false
				s.b.placed.each(func(a int) {
					if c := s.city[a]; c >= 0 && s.c.Cities[c].ID == name && s.controller(a) == p {
						found = true
					}
				})
				if !found {
					t.Errorf("seat %d: city %s reported but not controlled", p, name)
				}
			case "ally":
				u, ok := s.c.UnitByID(name)
				if !ok || s.c.Units[u].Faction >= 0 || s.onBoard(u, p) == 0 {
					t.Errorf("seat %d: ally %s reported but not on the board", p, name)
				}
			default:
				t.Errorf("seat %d: unknown kind %q", p, kind)
			}
		})
	}
	if total == 0 {
		t.Error("nothing reported for any seat")
	}
	s.Fielded(5, func(string, string, float64) { t.Error("a seat the match does not have got something") })
}
