package tacticsdavid

import (
	"testing"

	"skald/engine"
)

// playFielded plays a seeded random match to its end (or 5000 actions),
// collecting what Fields names for each seat as it goes and what Fielded
// names at the end; a seat out of range must get nothing.
func playFielded(t *testing.T, seed uint64) (played, fielded []map[string]float64) {
	t.Helper()
	seats := 2
	st, err := New().New(engine.Config{Seats: seats, Seed: seed, Options: engine.Options{"armies": "auto", "battlefield": "open-field-7x11"}})
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

// TestFielded: each seat's army is listed, at the printed costs, adding up
// to what the army cost, within the limit.
func TestFielded(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		played, fielded := playFielded(t, seed)
		for seat := range fielded {
			if len(played[seat]) != 0 {
				t.Errorf("seed %d: seat %d: actions field %v; Tactics David's are fielded by the army", seed, seat, played[seat])
			}
			if len(fielded[seat]) == 0 {
				t.Fatalf("seed %d: seat %d fielded nothing", seed, seat)
			}
			for thing, cost := range fielded[seat] {
				if cost <= 0 {
					t.Errorf("seed %d: seat %d: %s costs %v", seed, seat, thing, cost)
				}
			}
		}
	}
	st, err := New().New(engine.Config{Seats: 2, Seed: 4, Options: engine.Options{"armies": "auto"}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for seat := range 2 {
		total := 0.0
		s.Fielded(engine.Seat(seat), func(kind, name string, cost float64) { total += cost })
		if want := s.g.c.ArmyCost(s.armies[seat]); total != float64(want) || want > 100 {
			t.Errorf("seat %d fielded %v of cost, the army cost %d (limit 100)", seat, total, want)
		}
	}
}
