// Package decide holds the decision points that several games share, as
// small values a game embeds in its State:
//
//   - [Window], a reaction window: seats are offered, one at a time in
//     clockwise order from a given seat, to act or pass, and an action may
//     reopen the window to the seats that passed (Blood Rage's call to
//     battle, Runewars' tactics, Wintergrim's tactic chains);
//   - [Picks], secret simultaneous picks revealed together: each asked
//     seat picks a value face down, hidden from the other seats, and the
//     picks are revealed when the last seat picks (orders, bids, battle
//     cards);
//   - [Draft]: every seat picks one card of its hand at once, face down,
//     and passes the rest to its neighbour, in a direction chosen by round.
//
// Each holds its state in fixed arrays and seat sets, with no pointer, so
// that a State embedding one is cloned by a struct copy, and none of their
// queries allocates, so that a State's Legal may call them. They keep to
// the kernel's conventions: seats are counted clockwise (seat i's left
// neighbour is seat i+1, and the last seat's is seat 0), cards are small
// numbers (bits of a uint64), and what the rules forbid is the game's to
// say: a method given a seat that may not act now returns an error and
// changes nothing, which a game's Apply should never see, because it checks
// the action against its own rules first and cites the rule.
//
// A part knows nothing of actions, views or events: the game decides what
// an answer in a window does, what a pick means and what each seat sees,
// and asks the part who decides now, in which order, and what it holds.
// Like the kernel, the package does no I/O.
package decide

import (
	"fmt"

	"skald/engine"
)

// Left returns the seat to seat's left (clockwise) at a table of seats.
func Left(seat engine.Seat, seats int) engine.Seat {
	return engine.Seat((int(seat) + 1) % seats)
}

// Right returns the seat to seat's right (anticlockwise) at a table of
// seats.
func Right(seat engine.Seat, seats int) engine.Seat {
	return engine.Seat((int(seat) + seats - 1) % seats)
}

// checkTable reports an error unless a table of seats, with seat first
// among them, is one the parts can hold.
func checkTable(seats int, first engine.Seat) error {
	if seats < 1 || seats > engine.MaxSeats {
		return fmt.Errorf("decide: %d seats: a table has 1 to %d", seats, engine.MaxSeats)
	}
	if first < 0 || int(first) >= seats {
		return fmt.Errorf("decide: no seat %d at a table of %d", first, seats)
	}
	return nil
}

// all returns the set of the seats 0..seats-1.
func all(seats int) engine.SeatSet { return engine.SeatSet(1<<seats - 1) }
