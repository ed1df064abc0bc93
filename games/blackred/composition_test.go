package blackred

import (
	"strings"
	"testing"

	"skald/engine"
)

// playFielded plays a seeded random match to its end (or 5000 actions),
// collecting what Fields names for each seat as it goes and what Fielded
// names at the end; a seat out of range must get nothing.
func playFielded(t *testing.T, seed uint64) (played, fielded []map[string]float64) {
	t.Helper()
	seats := 2
	st, err := New().New(engine.Config{Seats: seats, Seed: seed, Options: nil})
	if err != nil {
		t.Fatal(err)
	}
	played = make([]map[string]float64, seats)
	fielded = make([]map[string]float64, seats)
	for k := range seats {
		played[k], fielded[k] = map[string]float64{}, map[string]float64{}
	}
	type fieldser interface {
		Fields(engine.Action, func(kind, name string, cost float64))
	}
	type fieldeder interface {
		Fielded(engine.Seat, func(kind, name string, cost float64))
	}
	r := engine.NewRand(seed)
	var buf []engine.Action
	for range 5000 {
		seat := st.Deciders().First()
		if seat == engine.Spectator {
			break
		}
		buf = st.Legal(seat, buf[:0])
		a := buf[r.IntN(len(buf))]
		if f, ok := st.(fieldser); ok {
			f.Fields(a, func(kind, name string, cost float64) { played[a.Seat][kind+" "+name] = cost })
		}
		if err := st.Apply(a, nil); err != nil {
			t.Fatal(err)
		}
	}
	if f, ok := st.(fieldeder); ok {
		for k := range seats {
			f.Fielded(engine.Seat(k), func(kind, name string, cost float64) { fielded[k][kind+" "+name] = cost })
		}
		f.Fielded(engine.Seat(seats), func(kind, name string, cost float64) {
			t.Errorf("seat %d, not in the match, fielded %s %s", seats, kind, name)
		})
		f.Fielded(engine.Spectator, func(kind, name string, cost float64) { t.Errorf("the spectator fielded %s %s", kind, name) })
	}
	return played, fielded
}

// TestFields: strategy cards and weapons are named as played, at no
// cost, and nothing is fielded at the end.
func TestFields(t *testing.T) {
	played, fielded := playFielded(t, 5)
	for seat := range played {
		if len(fielded[seat]) != 0 {
			t.Errorf("seat %d fielded %v at the end", seat, fielded[seat])
		}
		strategies := 0
		for thing, cost := range played[seat] {
			kind, _, _ := strings.Cut(thing, " ")
			if cost != 0 || kind != "strategy" && kind != "weapon" {
				t.Errorf("seat %d played %s at cost %v", seat, thing, cost)
			}
			if kind == "strategy" {
				strategies++
			}
		}
		if strategies == 0 {
			t.Errorf("seat %d played no strategy card: %v", seat, played[seat])
		}
	}
}
