package bloodrage

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
	seats := 3
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

// TestFielded: the cards each clan played are listed, upgrades at their
// Rage cost, nothing else at a cost, and no action fields anything.
func TestFielded(t *testing.T) {
	fieldedAny := false
	for _, seed := range []uint64{1, 2} {
		played, fielded := playFielded(t, seed)
		for seat := range fielded {
			if len(played[seat]) != 0 {
				t.Errorf("seed %d: clan %d: actions field %v", seed, seat, played[seat])
			}
			for thing, cost := range fielded[seat] {
				fieldedAny = true
				kind, id, _ := strings.Cut(thing, " ")
				i, ok := DefaultContent().CardByID(id)
				if !ok {
					t.Fatalf("seed %d: clan %d fielded %s, no card", seed, seat, thing)
				}
				c := &DefaultContent().Cards[i]
				upgrade := c.Type >= LeaderUp
				if upgrade && cost != float64(c.RageCost()) || !upgrade && cost != 0 {
					t.Errorf("seed %d: %s costs %v", seed, thing, cost)
				}
				if upgrade != (kind != "battle" && kind != "quest") {
					t.Errorf("seed %d: %s of type %d has kind %s", seed, thing, c.Type, kind)
				}
			}
		}
	}
	if !fieldedAny {
		t.Fatal("no clan played a card in two matches")
	}
}
