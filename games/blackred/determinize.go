package blackred

import (
	"slices"

	"skald/engine"
)

// Determinize returns a copy in which everything seat may not see is dealt
// again from r: the other player's battle deck order, the other player's
// strategy hand and the strategy deck, and any choice the other player has
// made face down. The copy's random stream is new too, so that no future
// shuffle is known. What seat cannot see is first put in a canonical order,
// so the copy depends on nothing hidden from seat.
func (s *State) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	c := s.Clone().(*State)
	c.rng = engine.NewRand(r.Uint64())
	var pool [numStrategy]uint8
	n := 0
	for i := range c.side {
		if engine.Seat(i) == seat {
			continue
		}
		sd := &c.side[i]
		// A face-down strategy card goes back to the hand it came from.
		if c.phase == phaseStrategy && sd.played != none {
			pool[n] = uint8(sd.played)
			n++
			sd.played = none
		}
		// A face-down force card is picked up again.
		if c.phase == phaseForce && sd.force != 0 && !sd.revealed {
			sd.force = 0
		}
		for k, h := range sd.hand {
			if h != none {
				pool[n] = uint8(h)
				n++
				sd.hand[k] = none
			}
		}
		d := sd.deck[:sd.nDeck]
		slices.Sort(d)
		r.Shuffle(len(d), func(a, b int) { d[a], d[b] = d[b], d[a] })
	}
	hands := n
	n += copy(pool[n:], c.strat[:c.nStrat])
	p := pool[:n]
	slices.Sort(p)
	r.Shuffle(len(p), func(a, b int) { p[a], p[b] = p[b], p[a] })
	// Deal the hands again, in seat order, then the deck.
	k := 0
	for i := range c.side {
		if engine.Seat(i) == seat {
			continue
		}
		want := s.side[i].handCount()
		if c.phase == phaseStrategy && s.side[i].played != none {
			want++
		}
		for h := 0; h < want && k < hands; h++ {
			c.side[i].hand[h] = int8(p[k])
			k++
		}
	}
	c.nStrat = uint8(copy(c.strat[:], p[k:]))
	return c
}
