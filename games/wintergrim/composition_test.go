package wintergrim

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

// TestFielded: each seat's deck is named, and the cards played are named
// at their printed costs.
func TestFielded(t *testing.T) {
	played, fielded := playFielded(t, 3)
	for seat, want := range []string{"deck asheim", "deck vanheim"} {
		if _, ok := fielded[seat][want]; !ok || len(fielded[seat]) != 1 {
			t.Errorf("seat %d fielded %v, want %s", seat, fielded[seat], want)
		}
		if len(played[seat]) == 0 {
			t.Errorf("seat %d played no card", seat)
		}
		for thing, cost := range played[seat] {
			name := strings.TrimPrefix(thing, "card ")
			c := cardNamed(name)
			if c == nil || float64(c.Cost) != cost {
				t.Errorf("seat %d played %s at cost %v; the card: %v", seat, thing, cost, c)
			}
		}
	}
	// A deck given as a list is named "list".
	st, err := New().New(engine.Config{Seats: 2, Seed: 1, Options: engine.Options{"deck": DefaultContent().DeckText(DefaultContent().Decks["vanheim"])}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	st.(*State).Fielded(0, func(kind, name string, cost float64) { got = append(got, kind+" "+name) })
	if len(got) != 1 || got[0] != "deck list" {
		t.Errorf("a deck list is fielded as %v, want [deck list]", got)
	}
}

func cardNamed(name string) *Card {
	c := DefaultContent()
	for i := range c.Cards {
		if c.Cards[i].Name == name {
			return &c.Cards[i]
		}
	}
	return nil
}
