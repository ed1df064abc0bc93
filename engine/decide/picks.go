package decide

import (
	"fmt"

	"skald/engine"
)

// Face is how a seat sees another seat's pick.
type Face int8

const (
	// Unpicked: the seat has not picked (or was not asked to).
	Unpicked Face = iota
	// FaceDown: the seat has picked, and the viewer may not see what.
	FaceDown
	// FaceUp: the viewer sees the pick: its own, or any once revealed.
	FaceUp
)

// String returns "unpicked", "face down" or "face up".
func (f Face) String() string {
	switch f {
	case Unpicked:
		return "unpicked"
	case FaceDown:
		return "face down"
	case FaceUp:
		return "face up"
	}
	return fmt.Sprintf("Face(%d)", int8(f))
}

// Picks are secret simultaneous picks: the asked seats each pick a value
// (an order, a bid, a battle card: what the value means is the game's), in
// any order and face down, and the picks are revealed together when the
// last seat picks. Until then a seat sees its own pick only, and the
// others' as face down: a View built with [Picks.Seen] hides them, and
// [Picks.Hidden] names the picks a Determinize must deal again or take
// back ([Picks.Repick], [Picks.Unpick]). The zero Picks asks nobody. Picks
// is a small value with no pointer: copying it copies the picks.
type Picks struct {
	asked  engine.SeatSet
	picked engine.SeatSet
	value  [engine.MaxSeats]int16
}

// Ask starts new picks by the seats in asked, forgetting any earlier ones.
func (p *Picks) Ask(asked engine.SeatSet) { *p = Picks{asked: asked} }

// Asked returns the seats asked to pick.
func (p *Picks) Asked() engine.SeatSet { return p.asked }

// Waiting returns the asked seats that have not picked yet: what a
// State's Deciders returns while the picks are being made. It is empty
// once the picks are revealed.
func (p *Picks) Waiting() engine.SeatSet { return p.asked &^ p.picked }

// Revealed reports whether every asked seat has picked (and at least one
// was asked): the picks are then face up for everyone.
func (p *Picks) Revealed() bool { return p.asked != 0 && p.Waiting() == 0 }

// Pick records seat's pick v, face down. It reports whether this was the
// last pick, which reveals them all. It returns an error, and changes
// nothing, when seat was not asked or has picked already.
func (p *Picks) Pick(seat engine.Seat, v int16) (revealed bool, err error) {
	if !p.asked.Has(seat) {
		return false, fmt.Errorf("seat %d picks: it was not asked to", seat)
	}
	if p.picked.Has(seat) {
		return false, fmt.Errorf("seat %d picks: it has picked already", seat)
	}
	p.picked = p.picked.With(seat)
	p.value[seat] = v
	return p.Revealed(), nil
}

// Get returns seat's pick and whether it has picked, face down or not: for
// the rules, which see everything, never for a view (use Seen).
func (p *Picks) Get(seat engine.Seat) (v int16, ok bool) {
	if !p.picked.Has(seat) {
		return 0, false
	}
	return p.value[seat], true
}

// Seen returns what viewer may see of seat's pick: its value when face up
// (viewer's own pick, or any once revealed), and how it lies. The value is
// 0 unless the pick is face up. [engine.Spectator] sees no pick before the
// reveal.
func (p *Picks) Seen(viewer, seat engine.Seat) (v int16, f Face) {
	switch {
	case !p.picked.Has(seat):
		return 0, Unpicked
	case seat == viewer || p.Revealed():
		return p.value[seat], FaceUp
	}
	return 0, FaceDown
}

// Hidden returns the seats whose picks viewer may not see: those that
// have picked face down, viewer aside, until the reveal. A Determinize for
// viewer deals these again (Repick) or takes them back (Unpick), so that
// the copy depends on nothing viewer cannot see.
func (p *Picks) Hidden(viewer engine.Seat) engine.SeatSet {
	if p.Revealed() {
		return 0
	}
	return p.picked.Without(viewer)
}

// Repick replaces seat's face-down pick with v, keeping it face down: a
// Determinize deals a hidden pick again from what the seat might have
// picked, and the copy looks to every other seat exactly as before. It
// returns an error, and changes nothing, when seat has no pick.
func (p *Picks) Repick(seat engine.Seat, v int16) error {
	if !p.picked.Has(seat) {
		return fmt.Errorf("seat %d repicks: it has not picked", seat)
	}
	p.value[seat] = v
	return nil
}

// Unpick takes seat's pick back: seat is waiting to pick again, so that a
// search re-decides it. Unlike Repick it changes what every seat sees (the
// pick is no longer face down, and seat decides again); it does nothing
// when seat has not picked.
func (p *Picks) Unpick(seat engine.Seat) {
	if p.picked.Has(seat) {
		p.picked = p.picked.Without(seat)
		p.value[seat] = 0
	}
}

// AppendState appends the picks' state to b, for a State's Hash.
func (p *Picks) AppendState(b []byte) []byte {
	b = append(b, byte(p.asked), byte(p.picked))
	for _, v := range p.value {
		b = append(b, byte(v), byte(v>>8))
	}
	return b
}
