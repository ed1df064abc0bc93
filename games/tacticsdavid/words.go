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

// need is what a 1 D6 or 2 D6 roll of an ability or status needs, and
// what its result means, for the roll's event: "needs 4 or more: no
// effect". A result from lo to hi succeeds (hi 0: no most). A roll that
// needs nothing (lo 0) picks among outcomes or is a number the rules use:
// yes then says what it decides. The words are constants, so a need is
// made and kept without allocating.
type need struct {
	lo, hi  int8
	yes, no string
}

// atLeast is a roll that needs n or more: "takes effect" or "no effect".
func atLeast(n int) need { return need{lo: int8(n), yes: "takes effect", no: "no effect"} }

// atLeastSays is a roll that needs n or more, with its outcome's words.
func atLeastSays(n int, yes, no string) need { return need{lo: int8(n), yes: yes, no: no} }

// between is a roll that needs lo to hi, with its outcome's words.
func between(lo, hi int, yes, no string) need {
	return need{lo: int8(lo), hi: int8(hi), yes: yes, no: no}
}

// upTo is the most a 1 D6 roll needs: 0 (no most) for 6.
func upTo(hi int) int {
	if hi >= 6 {
		return 0
	}
	return hi
}

// decides is a roll with no number needed: what its result decides.
func decides(what string) need { return need{yes: what} }

// rolled is the end of a roll's event, made when printed: the number the
// roll needed and its outcome, or what the result decides.
type rolled struct {
	need
	r int
}

func (w *rolled) String() string {
	n := w.need
	if n.lo == 0 && n.hi == 0 {
		return ", which decides " + n.yes
	}
	var s string
	switch {
	case n.hi == 0:
		s = fmt.Sprintf("needs %d or more", n.lo)
	case n.lo == n.hi:
		s = fmt.Sprintf("needs %d", n.lo)
	case n.lo <= 1:
		s = fmt.Sprintf("needs %d or less", n.hi)
	default:
		s = fmt.Sprintf("needs %d to %d", n.lo, n.hi)
	}
	out := n.no
	if w.r >= int(n.lo) && (n.hi == 0 || w.r <= int(n.hi)) {
		out = n.yes
	}
	return ", " + s + ": " + out
}

// rolled returns the end of the next roll event for result r of a roll
// that needs n.
func (s *State) rolled(n need, r int) *rolled {
	p := &s.scr().rolled
	*p = rolled{n, r}
	return p
}

// outcome is a contest's or a test's outcome, printed by its words: a
// string chosen at run time would allocate when boxed, a number does not.
type outcome uint8

const (
	outBeats outcome = iota
	outHolds
	outEscapes
	outEscapeFails
	outDecided
	outItem
	outNoItem
	outPasses
	outFails
)

func (o outcome) String() string {
	return [...]string{"it beats the defence", "the defence holds", "the escape succeeds", "the escape fails",
		"an ability decides", "acquires an item", "no item", "passes", "fails"}[o]
}

// acquires is an Item Acquisition roll's outcome, for its event's text.
func acquires(ok bool) outcome {
	if ok {
		return outItem
	}
	return outNoItem
}

// passFails is a test's outcome, for an event's text.
func passFails(ok bool) outcome {
	if ok {
		return outPasses
	}
	return outFails
}
