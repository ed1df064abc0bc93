package blackred

import (
	"slices"

	"skald/engine"
)

// Determinize returns a copy in which everything seat may not see is dealt
// again from r: the other player's battle deck order, which strategy cards
// are in the other player's hand, face down on the table and in the
// strategy deck, and the number on a force card the other player has
// placed face down (BR-19).
//
// A card placed face down stays placed: the strategy card is "in front of
// you" (seed 002, Strategy cards) and the force card "face down in front
// of you" (seed 002, Battle) once played, and seat sees that it was; only
// what it is gets dealt again — the strategy card from the cards seat
// cannot see, the force card from the numbers its player could place. So
// the copy shows seat exactly the view it has of the match: the same
// deciders, hand sizes and cards on the table. What seat cannot see is
// first put in a canonical order (hands counted, not placed in their
// slots), so the copy depends on nothing hidden from seat. The kernel's
// engine.Determinize gives the copy a fresh random stream.
func (s *State) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	c := s.Clone().(*State)
	// Strategy cards seat cannot see: the other hands, the other face-down
	// cards and the deck, pooled; held counts how many each side holds.
	var pool [numStrategy]uint8
	var held [2]int
	var down [2]bool // a strategy card lies face down
	n := 0
	for i := range c.side {
		if engine.Seat(i) == seat {
			continue
		}
		sd := &c.side[i]
		if c.phase == phaseStrategy && sd.played != none {
			pool[n] = uint8(sd.played)
			n++
			down[i] = true
		}
		for k, h := range sd.hand {
			if h != none {
				pool[n] = uint8(h)
				n++
				held[i]++
				sd.hand[k] = none
			}
		}
		// A force card face down shows that it was placed, not its
		// number: any the player could place (BR-12).
		if c.phase == phaseForce && sd.force != 0 && !sd.revealed {
			sd.force = int8(1 + r.IntN(c.maxCards(engine.Seat(i))))
		}
		d := sd.deck[:sd.nDeck]
		slices.Sort(d)
		r.Shuffle(len(d), func(a, b int) { d[a], d[b] = d[b], d[a] })
		sd.flip() // dealt top first, kept top last
	}
	n += copy(pool[n:], c.strat[:c.nStrat])
	p := pool[:n]
	slices.Sort(p)
	r.Shuffle(len(p), func(a, b int) { p[a], p[b] = p[b], p[a] })
	// Deal, in seat order, the face-down card and the hand, then the deck.
	k := 0
	for i := range c.side {
		if engine.Seat(i) == seat {
			continue
		}
		sd := &c.side[i]
		if down[i] {
			sd.played = int8(p[k])
			k++
		}
		for h := range held[i] {
			sd.hand[h] = int8(p[k])
			k++
		}
	}
	c.nStrat = uint8(copy(c.strat[:], p[k:]))
	return c
}
