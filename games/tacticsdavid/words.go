package tacticsdavid

import (
	"fmt"

	"skald/engine"
)

// Words for events that box without allocating. The rules add events to
// the log without asking whether anyone reads it: on a nil log (playouts,
// search) engine.Log.Add does nothing, but its arguments are made and
// boxed all the same. A string that is not a constant, or a number that is
// negative or above 255, allocates when boxed; a pointer, a constant and a
// small number do not. So an event's words are passed as one of these,
// whose String method (or Format, for numbers) makes the text only when
// the event is recorded. See also unitName (state.go) and sideWord,
// typeWord and unitLabel (ab_strength.go).
type (
	seatWord   uint8   // a player, printed by its name: one, two
	statusWord uint8   // a status, printed by its name
	typeName   uint8   // a Unit Type, printed in full: Physical, Magical, Ethereal
	slotWord   uint8   // an item slot: weapon, accessory, expendable
	tradeWord  uint8   // a trade's direction: give, take, swap
	orientWord uint8   // a Unit Team's orientation: vertically, horizontally
	attackWord uint8   // what an attack of a kind does: attacks, shoots at, ...
	itemLabel  Item    // an item, printed by its name
	profLabel  Profile // a unit's profile, printed by its name
	abLabel    Ability // an ability or special, printed by its name
	count      int16   // a number kept in the state (a turn), printed as %d
	strRef     string  // a string kept in the state, the content or a table
)

func (w seatWord) String() string   { return seatName(engine.Seat(w)) }
func (w statusWord) String() string { return statusNames[w] }
func (w typeName) String() string   { return [3]string{"Physical", "Magical", "Ethereal"}[w] }
func (w slotWord) String() string   { return slotNames[w] }
func (w tradeWord) String() string  { return tradeVerbs[w] }
func (w orientWord) String() string { return [2]string{"vertically", "horizontally"}[w] }
func (w attackWord) String() string {
	return [...]string{"attacks", "shoots at", "makes a Ranged Melee attack on"}[w]
}
func (r *strRef) String() string    { return string(*r) }
func (l *itemLabel) String() string { return l.Name }
func (l *profLabel) String() string { return l.Name }
func (l *abLabel) String() string   { return l.Name }

// Format prints the number for any integer verb, as an int would be.
func (c *count) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, fmt.FormatString(f, verb), int(*c))
}

// num is a number an event's text shows that may be negative or large,
// kept in the search buffers so that passing it boxes nothing; it prints
// for any integer verb as an int would.
type num int

func (n *num) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, fmt.FormatString(f, verb), int(*n))
}

// num returns v as the k-th number (0 or 1) of the next event.
func (s *State) num(k, v int) *num {
	p := &s.scr().nums[k]
	*p = num(v)
	return p
}

// itemLabel returns item it for an event's text: its name, or "?".
func (s *State) itemLabel(it int) *itemLabel {
	if it >= 1 && it <= len(s.g.c.Items) {
		return (*itemLabel)(&s.g.c.Items[it-1])
	}
	return &unknownItem
}

var unknownItem = itemLabel{Name: "?"}

// item returns item it, known to exist, for an event's text.
func (g *Game) item(it int) *itemLabel { return (*itemLabel)(&g.c.Items[it-1]) }

// specialLabels name the specials (and an unknown ability) for abLabel.
var specialLabels = [...]abLabel{{Name: "?"}, {Name: "Swarm"}, {Name: "Relentless"}, {Name: "Hulking"}}

// abLabel returns ability or special n for an event's text.
func (g *Game) abLabel(n int) *abLabel {
	switch {
	case n >= 1 && n <= numAbilities:
		return (*abLabel)(&g.c.Abilities[n-1])
	case n == spSwarm:
		return &specialLabels[1]
	case n == spRelentless:
		return &specialLabels[2]
	case n == spHulking:
		return &specialLabels[3]
	}
	return &specialLabels[0]
}

// armyCost is the cost of one player's army, added up when printed.
type armyCost struct {
	s    *State
	seat int
}

func (a *armyCost) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, fmt.FormatString(f, verb), a.s.g.c.ArmyCost(a.s.armies[a.seat]))
}

// armyCost returns the cost of seat's army for the next event's text.
func (s *State) armyCost(seat int) *armyCost {
	p := &s.scr().cost
	*p = armyCost{s, seat}
	return p
}

// fired is the text of an ability's event (fire), made when printed:
// "one's Knight (3,4): Reckless: shoots although it moved".
type fired struct {
	s      *State
	i, n   int
	format string
	args   [maxFireArgs]any
	nargs  int
}

// maxFireArgs is the most arguments a call of fire passes.
const maxFireArgs = 6

func (f *fired) String() string {
	return fmt.Sprintf("%s: %s: "+f.format, append([]any{f.s.name(f.i), f.s.g.abName(f.n)}, f.args[:f.nargs]...)...)
}
