package engine

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strings"
)

// Seat identifies a player's place at the table, counted from 0.
type Seat int8

// Spectator is the seat whose view shows only what every player may see.
const Spectator Seat = -1

// MaxSeats is the largest number of seats a game may have.
const MaxSeats = 8

// SeatSet is a set of seats, one bit per seat.
type SeatSet uint8

// Seats returns the set holding the given seats.
func Seats(seats ...Seat) SeatSet {
	var s SeatSet
	for _, x := range seats {
		s = s.With(x)
	}
	return s
}

// Has reports whether seat is in the set.
func (s SeatSet) Has(seat Seat) bool { return seat >= 0 && s&(1<<uint(seat)) != 0 }

// With returns the set with seat added.
func (s SeatSet) With(seat Seat) SeatSet { return s | 1<<uint(seat) }

// Without returns the set with seat removed.
func (s SeatSet) Without(seat Seat) SeatSet { return s &^ (1 << uint(seat)) }

// Len returns the number of seats in the set.
func (s SeatSet) Len() int { return bits.OnesCount8(uint8(s)) }

// Empty reports whether the set holds no seat.
func (s SeatSet) Empty() bool { return s == 0 }

// First returns the lowest seat in the set, or Spectator if it is empty.
func (s SeatSet) First() Seat {
	if s == 0 {
		return Spectator
	}
	return Seat(bits.TrailingZeros8(uint8(s)))
}

// List returns the seats in the set in increasing order.
func (s SeatSet) List() []Seat {
	var out []Seat
	for i := Seat(0); i < MaxSeats; i++ {
		if s.Has(i) {
			out = append(out, i)
		}
	}
	return out
}

// Action is one decision of one seat. It is a small value with no pointers
// so that legal actions can be generated into a reused buffer without
// allocating. Kind and Arg mean what the game that made the action says;
// its stable text form comes from [State.FormatAction] and parses back with
// [State.ParseAction].
type Action struct {
	Seat Seat
	Kind uint8
	Arg  [4]int16
}

// ActionJSON is the JSON form of an action: the seat and the action's text
// form, which parses back to the same action.
type ActionJSON struct {
	Seat   Seat   `json:"seat"`
	Action string `json:"action"`
}

// MarshalAction returns the JSON form of a as formatted by s.
func MarshalAction(s State, a Action) ([]byte, error) {
	return json.Marshal(ActionJSON{Seat: a.Seat, Action: s.FormatAction(a)})
}

// UnmarshalAction parses the JSON form of an action against s.
func UnmarshalAction(s State, data []byte) (Action, error) {
	var j ActionJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return Action{}, fmt.Errorf("action json: %w", err)
	}
	return s.ParseAction(j.Seat, j.Action)
}

// FindLegal parses text as an action of seat and checks that it is legal
// now. text may also be the 1-based number of the action in the list of
// seat's legal actions. The error explains what went wrong and, for an
// unknown action, lists what is legal.
func FindLegal(s State, seat Seat, text string) (Action, error) {
	text = strings.TrimSpace(text)
	legal := s.Legal(seat, nil)
	if len(legal) == 0 {
		return Action{}, fmt.Errorf("seat %d has nothing to decide now", seat)
	}
	var n int
	if _, err := fmt.Sscanf(text, "%d", &n); err == nil && fmt.Sprint(n) == text {
		if n < 1 || n > len(legal) {
			return Action{}, fmt.Errorf("no action number %d: choose 1 to %d", n, len(legal))
		}
		return legal[n-1], nil
	}
	a, err := s.ParseAction(seat, text)
	if err != nil {
		return Action{}, fmt.Errorf("%w (legal now: %s)", err, legalList(s, legal))
	}
	for _, l := range legal {
		if l == a {
			return a, nil
		}
	}
	// Let the game name the rule the action breaks.
	c := s.Clone()
	if err := c.Apply(a, nil); err != nil {
		return Action{}, err
	}
	return Action{}, fmt.Errorf("%q is not legal now (legal now: %s)", text, legalList(s, legal))
}

func legalList(s State, legal []Action) string {
	parts := make([]string, len(legal))
	for i, a := range legal {
		parts[i] = s.FormatAction(a)
	}
	return strings.Join(parts, ", ")
}
