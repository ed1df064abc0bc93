package decide

import (
	"fmt"
	"math/bits"

	"skald/engine"
)

// Direction is the way hands pass in a draft.
type Direction int8

const (
	// Clockwise passes each hand to the left: seat i to seat i+1.
	Clockwise Direction = 1
	// Anticlockwise passes each hand to the right: seat i to seat i-1.
	Anticlockwise Direction = -1
)

// Alternate returns the direction of a draft in round (counted from 0)
// when the direction changes every round: Clockwise in even rounds,
// Anticlockwise in odd ones, as drafts that pass left, right, left by
// round do.
func Alternate(round int) Direction {
	if round%2 == 0 {
		return Clockwise
	}
	return Anticlockwise
}

// String returns "clockwise" or "anticlockwise".
func (d Direction) String() string {
	if d == Anticlockwise {
		return "anticlockwise"
	}
	return "clockwise"
}

// To returns the seat to which seat passes its hand at a table of seats.
func (d Direction) To(seat engine.Seat, seats int) engine.Seat {
	if d == Anticlockwise {
		return Right(seat, seats)
	}
	return Left(seat, seats)
}

// From returns the seat whose hand seat receives at a table of seats.
func (d Direction) From(seat engine.Seat, seats int) engine.Seat {
	if d == Anticlockwise {
		return Left(seat, seats)
	}
	return Right(seat, seats)
}

// Cards is a set of cards, one bit per card: card c is bit c, from 0 to
// 63. A game numbers the cards of a draft as it likes.
type Cards uint64

// Has reports whether card c is in the set.
func (c Cards) Has(card int) bool { return card >= 0 && card < 64 && c&(1<<card) != 0 }

// With returns the set with card added.
func (c Cards) With(card int) Cards { return c | 1<<card }

// Without returns the set with card removed.
func (c Cards) Without(card int) Cards { return c &^ (1 << card) }

// Len returns the number of cards in the set.
func (c Cards) Len() int { return bits.OnesCount64(uint64(c)) }

// First returns the lowest card in the set, or -1 when it is empty. With
// Without, it walks a set without allocating:
//
//	for h := hand; h != 0; h = h.Without(h.First()) { ... }
func (c Cards) First() int {
	if c == 0 {
		return -1
	}
	return bits.TrailingZeros64(uint64(c))
}

// Nth returns the n-th lowest card of the set (from 0), or -1 when the set
// holds n cards or fewer: with a random n below Len, a card drawn
// uniformly.
func (c Cards) Nth(n int) int {
	if n < 0 || n >= c.Len() {
		return -1
	}
	for range n {
		c &= c - 1
	}
	return c.First()
}

// Draft is a draft: every seat holds a hand; all pick one card of their
// hand at once, face down (the picks are [Picks]); when the last has
// picked, each keeps its pick and passes the rest of its hand to its
// neighbour in the draft's direction, and the next picks begin. The draft
// ends when the hands hold as many cards as are to be left over; those
// stay with the seat that last picked from them, for the game to discard
// or use.
//
// A seat may see its own hand, pick and kept cards; what the others see of
// them is the game's to say in its views (typically how many cards each
// holds). [Draft.Redeal] deals again, for a Determinize, every card the
// viewer does not hold. The zero Draft is over and holds nothing. Draft is
// a small value with no pointer: copying it copies the draft.
type Draft struct {
	picks  Picks
	hand   [engine.MaxSeats]Cards // what each seat picks from now, its face-down picks aside
	chosen [engine.MaxSeats]Cards // each seat's face-down picks of this round
	kept   [engine.MaxSeats]Cards
	seats  int8
	left   int8 // cards left over in each hand when the draft ends
	per    int8 // cards each seat picks before the hands pass; 0 means 1
	dir    Direction
	pass   int8 // rounds of picks made so far
}

// Deal starts a draft at a table of len(hands) seats, seat i holding
// hands[i]: the seats pass in direction dir, and the draft ends when each
// hand holds leftOver cards. The hands must be of one size, larger than
// leftOver, with no card in two of them. It returns an error, leaving d as
// it was, when they are not. hands is not kept.
func (d *Draft) Deal(hands []Cards, dir Direction, leftOver int) error {
	return d.DealPicking(hands, dir, leftOver, 1)
}

// DealPicking is Deal for a draft in which each seat picks per cards from
// its hand, one Pick at a time, before the hands pass (Blood Rage's two
// players pick two cards a pass). The cards to be picked from each hand
// must be a multiple of per.
func (d *Draft) DealPicking(hands []Cards, dir Direction, leftOver, per int) error {
	if err := checkTable(len(hands), 0); err != nil {
		return fmt.Errorf("dealing a draft: %w", err)
	}
	if dir != Clockwise && dir != Anticlockwise {
		return fmt.Errorf("dealing a draft: direction %d is neither clockwise nor anticlockwise", dir)
	}
	var seen Cards
	for i, h := range hands {
		if h.Len() != hands[0].Len() {
			return fmt.Errorf("dealing a draft: seat %d holds %d cards, seat 0 %d", i, h.Len(), hands[0].Len())
		}
		if both := seen & h; both != 0 {
			return fmt.Errorf("dealing a draft: card %d is dealt twice", both.First())
		}
		seen |= h
	}
	if leftOver < 0 || leftOver >= hands[0].Len() {
		return fmt.Errorf("dealing a draft: %d cards left over from hands of %d", leftOver, hands[0].Len())
	}
	if per < 1 || (hands[0].Len()-leftOver)%per != 0 {
		return fmt.Errorf("dealing a draft: %d cards a pass do not pick %d cards from hands of %d", per, hands[0].Len()-leftOver, hands[0].Len())
	}
	*d = Draft{seats: int8(len(hands)), left: int8(leftOver), per: int8(per), dir: dir}
	copy(d.hand[:], hands)
	d.picks.Ask(all(len(hands)))
	return nil
}

// Seats returns the number of seats at the draft's table.
func (d *Draft) Seats() int { return int(d.seats) }

// Direction returns the way the hands pass.
func (d *Draft) Direction() Direction { return d.dir }

// Passes returns how many cards each seat has kept so far.
func (d *Draft) Passes() int { return int(d.pass) }

// Over reports whether the draft has ended.
func (d *Draft) Over() bool { return d.picks.Waiting() == 0 }

// Waiting returns the seats still to pick from their hands now: what a
// State's Deciders returns during the draft. It is empty once the draft
// is over.
func (d *Draft) Waiting() engine.SeatSet { return d.picks.Waiting() }

// Hand returns the cards seat may pick from now; its face-down pick, if
// it has picked, is no longer among them. Once the draft is over, it is
// the cards left over with seat.
func (d *Draft) Hand(seat engine.Seat) Cards {
	if seat < 0 || int8(seat) >= d.seats {
		return 0
	}
	return d.hand[seat]
}

// Picked returns seat's face-down pick of this round of picks (the lowest,
// when it picks several a pass), if it has picked: for the rules, and for
// seat's own view.
func (d *Draft) Picked(seat engine.Seat) (card int, ok bool) {
	c := d.Chosen(seat)
	if c == 0 {
		return -1, false
	}
	return c.First(), true
}

// Chosen returns seat's face-down picks of this round: one card, or up to
// the cards a pass of a draft dealt by DealPicking.
func (d *Draft) Chosen(seat engine.Seat) Cards {
	if seat < 0 || int8(seat) >= d.seats {
		return 0
	}
	return d.chosen[seat]
}

// PerPass returns how many cards each seat picks before the hands pass.
func (d *Draft) PerPass() int { return max(int(d.per), 1) }

// Kept returns the cards seat has drafted, the current face-down pick
// aside.
func (d *Draft) Kept(seat engine.Seat) Cards {
	if seat < 0 || int8(seat) >= d.seats {
		return 0
	}
	return d.kept[seat]
}

// Pick records seat's face-down pick of card from its hand. It reports
// whether that was the last pick of the round, after which every seat has
// kept its pick and the hands have passed (or the draft is over). It
// returns an error, and changes nothing, when seat is not waiting to pick
// or does not hold card.
func (d *Draft) Pick(seat engine.Seat, card int) (passed bool, err error) {
	if !d.picks.Waiting().Has(seat) {
		return false, fmt.Errorf("seat %d drafts card %d: it is not to pick now", seat, card)
	}
	if !d.hand[seat].Has(card) {
		return false, fmt.Errorf("seat %d drafts card %d: not in its hand", seat, card)
	}
	d.hand[seat] = d.hand[seat].Without(card)
	d.chosen[seat] = d.chosen[seat].With(card)
	if d.chosen[seat].Len() < d.PerPass() {
		return false, nil // more to pick from this hand
	}
	last, err := d.picks.Pick(seat, int16(card))
	if err != nil {
		return false, err // cannot happen: seat is waiting
	}
	if !last {
		return false, nil
	}
	var turned [engine.MaxSeats]Cards
	for s := range engine.Seat(d.seats) {
		d.kept[s] |= d.chosen[s]
		d.chosen[s] = 0
		turned[d.dir.To(s, int(d.seats))] = d.hand[s]
	}
	d.pass++
	if d.hand[0].Len() <= int(d.left) {
		d.picks = Picks{} // over: the left-over cards stay where they are
		return true, nil
	}
	d.hand = turned
	d.picks.Ask(all(int(d.seats)))
	return true, nil
}

// Take removes card from the cards seat has kept (played, shown, spent),
// so that the draft no longer counts it as seat's: Redeal leaves it where
// the game put it. It reports whether seat had kept card.
func (d *Draft) Take(seat engine.Seat, card int) bool {
	if seat < 0 || int8(seat) >= d.seats || !d.kept[seat].Has(card) {
		return false
	}
	d.kept[seat] = d.kept[seat].Without(card)
	return true
}

// Hidden returns every card of the draft that viewer does not hold: the
// other seats' hands, face-down picks and kept cards. A game whose views
// show a seat only its own cards of the draft deals these again for a
// Determinize, with Redeal.
func (d *Draft) Hidden(viewer engine.Seat) Cards {
	var c Cards
	for s := range engine.Seat(d.seats) {
		if s == viewer {
			continue
		}
		c |= d.hand[s] | d.kept[s] | d.chosen[s]
	}
	return c
}

// Redeal deals again, with r, every card of the draft that viewer does
// not hold (see Hidden), together with the cards of pool (cards viewer
// has not seen that the game holds elsewhere, such as the deck a draft
// was dealt from): each other seat gets as many cards as before in its
// hand, its face-down pick and its kept cards, so that the copy shows
// viewer exactly what it showed before. It returns the cards of the
// pool and the draft that were not dealt, for the game to put back where
// pool came from. [engine.Spectator] holds nothing, so every seat's cards
// are dealt again.
func (d *Draft) Redeal(viewer engine.Seat, pool Cards, r *engine.Rand) Cards {
	pool |= d.Hidden(viewer)
	draw := func() int {
		c := pool.Nth(r.IntN(pool.Len()))
		pool = pool.Without(c)
		return c
	}
	for s := range engine.Seat(d.seats) {
		if s == viewer {
			continue
		}
		nh, nk, nc := d.hand[s].Len(), d.kept[s].Len(), d.chosen[s].Len()
		d.hand[s], d.kept[s], d.chosen[s] = 0, 0, 0
		for range nh {
			d.hand[s] = d.hand[s].With(draw())
		}
		for range nk {
			d.kept[s] = d.kept[s].With(draw())
		}
		for range nc {
			d.chosen[s] = d.chosen[s].With(draw())
		}
		if _, ok := d.picks.Get(s); ok {
			d.picks.Repick(s, int16(d.chosen[s].First()))
		}
	}
	return pool
}

// AppendState appends the draft's state to b, for a State's Hash.
func (d *Draft) AppendState(b []byte) []byte {
	b = append(b, byte(d.seats), byte(d.left), byte(d.dir), byte(d.pass), byte(d.per))
	for s := range d.seats {
		for _, c := range [3]Cards{d.hand[s], d.kept[s], d.chosen[s]} {
			for i := range 8 {
				b = append(b, byte(c>>(8*i)))
			}
		}
	}
	return d.picks.AppendState(b)
}
