package wintergrim

import (
	"slices"

	"skald/engine"
)

// Determinize returns a copy in which everything seat may not see is dealt
// again from r: the order of every deck (its own too: decks lie face
// down), and the other players' hands but for the cards they have shown.
// The deck lists are open (WG-1), so what is dealt is what those cards can
// be. Hidden cards are first sorted, so the copy depends on nothing
// hidden from seat. The kernel's engine.Determinize gives the copy a new
// random stream, so that no future die or shuffle is known.
func (s *State) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	c := s.Clone().(*State)
	var ids [DeckSize]int16
	var defs [DeckSize]uint8
	for i := int8(0); i < c.seats; i++ {
		p := &c.p[i]
		n := copy(ids[:], p.deck[:p.n])
		hand := 0
		if engine.Seat(i) != seat {
			for id := int16(i) * DeckSize; id < int16(i+1)*DeckSize; id++ {
				if c.c[id].zone == zHand && c.c[id].flags&fShown == 0 {
					ids[n] = id
					n++
					hand++
				}
			}
		}
		for k := 0; k < n; k++ {
			defs[k] = c.c[ids[k]].def
		}
		d, in := defs[:n], ids[:n]
		slices.Sort(d)
		slices.Sort(in)
		r.Shuffle(n, func(a, b int) { d[a], d[b] = d[b], d[a] })
		// The hidden cards are laid out again in a canonical order: the
		// lowest ids in hand, the others in the deck.
		for k, id := range in {
			cc := &c.c[id]
			cc.def, cc.flags = d[k], 0
			if k < hand {
				cc.zone = zHand
			} else {
				cc.zone = zDeck
				p.deck[k-hand] = id
			}
		}
	}
	return c
}
