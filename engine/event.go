package engine

import (
	"fmt"
	"strings"
)

// Event is one thing that happened when an action was applied, addressed
// to the seats that may see it.
type Event struct {
	// Type names the kind of event, such as "battle.won".
	Type string `json:"type"`
	// Text says what happened in words.
	Text string `json:"text"`
	// To is the set of seats that may see the event: [Everyone] for a
	// public event, one seat for a card drawn, two for a deal made between
	// them.
	To SeatSet `json:"to"`
}

// Everyone is the address of a public event: every seat and the spectator
// see it.
const Everyone SeatSet = 1<<MaxSeats - 1

// Public reports whether every seat and the spectator may see e.
func (e Event) Public() bool { return e.To == Everyone }

// Visible reports whether seat may see e. The spectator sees public
// events only. This is the one place where events are filtered: logs, the
// terminal, the server's frames and replays all ask it.
func (e Event) Visible(seat Seat) bool {
	if seat == Spectator {
		return e.Public()
	}
	return e.To.Has(seat)
}

// String returns the event as "type: text".
func (e Event) String() string { return e.Type + ": " + e.Text }

// Log is the events of the actions applied to a state, in order. Rule code
// adds to it without checking whether anyone listens: the methods of a nil
// *Log do nothing, so that search and playouts, which pass nil, pay
// nothing for the text. Arguments that would allocate when boxed (strings
// made on the fly, joined lists) are best passed as values whose String
// method makes the text, which then runs only when the event is recorded.
type Log []Event

// Add records an event of type typ addressed to the seats in to, its text
// formatted from format and args as by [fmt.Sprintf]. On a nil log it does
// nothing.
func (l *Log) Add(to SeatSet, typ, format string, args ...any) {
	if l == nil {
		return
	}
	l.add(to, typ, format, args)
}

//go:noinline
func (l *Log) add(to SeatSet, typ, format string, args []any) {
	text := format
	if len(args) > 0 {
		text = fmt.Sprintf(format, args...)
	}
	*l = append(*l, Event{Type: typ, Text: text, To: to})
}

// For returns the events of l that seat may see, in order (see
// [Event.Visible]).
func (l Log) For(seat Seat) []Event {
	var out []Event
	for _, e := range l {
		if e.Visible(seat) {
			out = append(out, e)
		}
	}
	return out
}

// Names returns the names of the seats an event is addressed to, in seat
// order, for a game with n seats; nil for a public event. It is how a
// record shows who saw a private event.
func (e Event) Names(g Game, n int) []string {
	if e.Public() {
		return nil
	}
	var names []string
	for i := 0; i < n; i++ {
		if e.To.Has(Seat(i)) {
			names = append(names, SeatName(g, Seat(i)))
		}
	}
	return names
}

// Audience returns the names of the seats an event is addressed to joined
// by commas, or "everyone" for a public event.
func (e Event) Audience(g Game, n int) string {
	if e.Public() {
		return "everyone"
	}
	return strings.Join(e.Names(g, n), ", ")
}
