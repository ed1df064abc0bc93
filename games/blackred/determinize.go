package blackred

import (
	"slices"

	"skald/engine"
)

// Determinize returns a copy in which everything seat may not see is dealt
// again from r: the other player's battle deck order (its top three from
// its battle cards, see dealDeck), which strategy cards
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
		c.dealDeck(engine.Seat(i), r)
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

// dealDeck deals seat's battle deck again from r, in an order that seat's
// enemy cannot tell from the real one. A unit card among the top three is
// placed on the table before the battle is fought (seed 002, Unit cards:
// "When a player has a unit card in the top 3 cards of his deck he has to
// place this card on the table"; BR-13: checked again until the top three
// hold none), so the enemy knows that the top three cards it cannot see
// are battle cards: they are dealt from the battle cards, the rest below
// them from the cards left. (A plain shuffle dealt unit cards there, which
// the copy then fought with as battle cards of power 0.) The cards are
// first sorted, so the deal depends on the deck's cards, not their order.
func (s *State) dealDeck(seat engine.Seat, r *engine.Rand) {
	sd := &s.side[seat]
	d := sd.deck[:sd.nDeck] // dealt top first
	slices.Sort(d)
	unit := &s.t.unit[seat]
	nb := 0 // battle cards moved to the front, in order
	for k, c := range d {
		if !unit[c] {
			d[nb], d[k] = d[k], d[nb]
			nb++
		}
	}
	slices.Sort(d[:nb])
	slices.Sort(d[nb:])
	top := min(maxUse, nb)
	b := d[:nb]
	r.Shuffle(len(b), func(x, y int) { b[x], b[y] = b[y], b[x] })
	rest := d[top:]
	r.Shuffle(len(rest), func(x, y int) { rest[x], rest[y] = rest[y], rest[x] })
	sd.flip() // kept top last
}
