package decide

import (
	"fmt"

	"skald/engine"
)

// Window is a reaction window: the seats that may answer are offered it
// one at a time, in clockwise order from the seat the game names, and each
// offered seat acts or passes. It closes when every seat that may answer
// has passed since the window opened or was last reopened.
//
// What an action does to the window is the game's choice, one method each:
//
//   - [Window.Act]: the seat acted and passes stand; it is offered again
//     after the seats that have not passed;
//   - [Window.Reopen]: the seat acted and every seat that passed may come
//     back: all are offered again, in order from the seat after it, the
//     actor included (Blood Rage's call to battle);
//   - [Window.Answer]: the seat acted in answer and the others may answer
//     it: all seats that passed are offered again, but the actor only once
//     another seat has acted (a chain of tactics answering each other, as
//     in Wintergrim).
//
// A window opened by a seat's action for the others to answer, the actor
// answering only an answer, is opened with [Window.OpenAfter]. A seat that
// can no longer answer (it has nothing left to play) leaves the
// window with [Window.Leave]; one that gains something may [Window.Join].
// A seat with nothing to play now that an answer may give something to
// (Wintergrim's Vanguard answers only a tactic) is passed for instead, by
// the game, when it is offered: it is not asked, and an answer or a
// reopening offers it again.
// The zero Window is closed. A Window is a small value with no pointer:
// copying it copies the window.
type Window struct {
	seats  int8           // seats at the table
	cur    engine.Seat    // the seat offered now; Spectator when closed
	may    engine.SeatSet // the seats that may answer
	passed engine.SeatSet // the seats that passed since the last (re)opening
}

// Open opens the window at a table of seats: the seats in may are offered
// it in clockwise order, first (or the first of may after it) first. With
// no seat in may it opens closed. It returns an error, leaving w as it
// was, when the table or first is not one a window can hold.
func (w *Window) Open(seats int, first engine.Seat, may engine.SeatSet) error {
	if err := checkTable(seats, first); err != nil {
		return fmt.Errorf("opening a window: %w", err)
	}
	*w = Window{seats: int8(seats), may: may & all(seats)}
	w.offer(first)
	return nil
}

// OpenAfter opens the window after actor's action, for the other seats to
// answer: the seats in may are offered it in clockwise order from the seat
// after actor, and actor, as if it had answered, only once another seat
// has acted (see [Window.Answer]). It returns an error, leaving w as it
// was, when the table or actor is not one a window can hold.
func (w *Window) OpenAfter(seats int, actor engine.Seat, may engine.SeatSet) error {
	if err := checkTable(seats, actor); err != nil {
		return fmt.Errorf("opening a window: %w", err)
	}
	*w = Window{seats: int8(seats), may: may & all(seats), passed: engine.Seats(actor)}
	w.offer(Left(actor, seats))
	return nil
}

// offer offers the window to the first seat from seat on, clockwise
// (seat included), that may answer and has not passed, or closes it.
func (w *Window) offer(seat engine.Seat) {
	for k := range w.seats {
		s := engine.Seat((int8(seat) + k) % w.seats)
		if w.may.Has(s) && !w.passed.Has(s) {
			w.cur = s
			return
		}
	}
	w.cur = engine.Spectator
}

// next offers the window to the seat after the one offered now.
func (w *Window) next() { w.offer(Left(w.cur, int(w.seats))) }

// Offered returns the seat offered the window now, or [engine.Spectator]
// when it is closed.
func (w *Window) Offered() engine.Seat {
	if w.seats == 0 {
		return engine.Spectator // the zero Window
	}
	return w.cur
}

// Closed reports whether the window is closed: nobody is offered it.
func (w *Window) Closed() bool { return w.Offered() == engine.Spectator }

// Deciders returns the seat offered the window, or no seat when it is
// closed: what a State's Deciders returns while the window is open.
func (w *Window) Deciders() engine.SeatSet {
	if w.Closed() {
		return 0
	}
	return engine.Seats(w.cur)
}

// May returns the seats that may answer in the window.
func (w *Window) May() engine.SeatSet { return w.may }

// Passed returns the seats that have passed since the window opened or
// was last reopened.
func (w *Window) Passed() engine.SeatSet { return w.passed }

// check returns an error unless seat is offered the window.
func (w *Window) check(seat engine.Seat, what string) error {
	if w.Closed() {
		return fmt.Errorf("seat %d %s: the window is closed", seat, what)
	}
	if seat != w.cur {
		return fmt.Errorf("seat %d %s: the window is offered to seat %d", seat, what, w.cur)
	}
	return nil
}

// Pass records that seat, offered the window, passes: it is not offered
// the window again unless an action reopens it. The window goes on to the
// next seat, or closes if every seat that may answer has passed.
func (w *Window) Pass(seat engine.Seat) error {
	if err := w.check(seat, "passes"); err != nil {
		return err
	}
	w.passed = w.passed.With(seat)
	w.next()
	return nil
}

// Act records that seat, offered the window, acted without reopening it:
// the seats that passed stay out, and seat is offered again after the
// seats that have not passed.
func (w *Window) Act(seat engine.Seat) error {
	if err := w.check(seat, "acts"); err != nil {
		return err
	}
	w.next()
	return nil
}

// Reopen records that seat, offered the window, acted and reopened it:
// every seat that passed may answer again, and the window goes on from
// the seat after seat, which is offered again in its turn.
func (w *Window) Reopen(seat engine.Seat) error {
	if err := w.check(seat, "reopens"); err != nil {
		return err
	}
	w.passed = 0
	w.next()
	return nil
}

// Answer records that seat, offered the window, acted in answer to what
// came before: every other seat that passed may answer it, in order from
// the seat after seat, and seat is offered again only once another seat
// has acted (a seat does not answer itself).
func (w *Window) Answer(seat engine.Seat) error {
	if err := w.check(seat, "answers"); err != nil {
		return err
	}
	w.passed = engine.Seats(seat)
	w.next()
	return nil
}

// Leave takes seat out of the window: it may no longer answer (it has
// nothing left to play). If seat was offered the window, the window goes
// on to the next seat. It does nothing to a seat not at the table.
func (w *Window) Leave(seat engine.Seat) {
	if seat < 0 || int8(seat) >= w.seats {
		return
	}
	w.may = w.may.Without(seat)
	if seat == w.cur {
		w.next()
	}
}

// Join lets seat answer in the open window from now on (it has gained
// something to play). If the window is closed, or seat is not at the
// table, it does nothing: a closed window is opened again with Open.
func (w *Window) Join(seat engine.Seat) {
	if w.Closed() || seat < 0 || int8(seat) >= w.seats {
		return
	}
	w.may = w.may.With(seat)
}

// Close closes the window at once, whoever has yet to answer (the
// province is full, the battle is over).
func (w *Window) Close() { w.cur = engine.Spectator }

// AppendState appends the window's state to b, for a State's Hash.
func (w *Window) AppendState(b []byte) []byte {
	return append(b, byte(w.seats), byte(w.cur), byte(w.may), byte(w.passed))
}
