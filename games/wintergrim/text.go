package wintergrim

import (
	"strconv"

	"skald/engine"
)

// Events add their text to an *engine.Log without asking whether anyone
// listens: search and playouts pass a nil log, whose Add returns at once.
// Go evaluates Add's arguments and boxes them into interfaces before the
// call, though, so an argument that allocates when boxed would cost
// playouts an allocation per event. The arguments of events are therefore
// values that box for free: constants, pointers, one-byte values and
// integers below 256 (card ids are, see below). What needs a lookup, a
// join or a choice of words for the text is a value of one of the types
// below, whose String method does that work only when the event is
// recorded. A card's name with its owner is "%s's %s#%d" of
// seatName(owner(id)), s.nameOf(id) and id ("two's Woodsman#57"); its
// reference is "%s#%d" of s.idOf(id) and id ("woodsman#57"), as s.ref
// writes it.

// Card ids are below 256, so that an id boxes without allocating.
var _ [256 - maxCards]struct{}

// seatName is a seat in an event's text: "two".
type seatName int8

func (s seatName) String() string { return seatNames[s] }

// cardName is a card definition in an event's text: its name, "Woodsman".
type cardName Card

func (c *cardName) String() string { return c.Name }

// cardID is a card definition in an event's text: its id, "woodsman". The
// zero cardID, noCard, stands for an id that is no card of the match.
type cardID Card

func (c *cardID) String() string { return c.ID }

var noCard cardID

// nameOf returns the definition of card id for its name in an event.
func (s *State) nameOf(id int16) *cardName { return (*cardName)(s.def(id)) }

// idOf returns the definition of card id for its reference in an event;
// like ref, it takes an id that is no card of the match ("#-1").
func (s *State) idOf(id int16) *cardID {
	if id < 0 || id >= s.n() {
		return &noCard
	}
	return (*cardID)(s.def(id))
}

// weaponName is a unit's weapon in an event's text: "Spear".
type weaponName Weapon

func (w *weaponName) String() string { return w.Name }

// kindName is a kind of battle value in an event's text: "cc".
type kindName int8

func (k kindName) String() string { return kindNames[k] }

// phaseName is a phase in an event's text: "move".
type phaseName uint8

func (p phaseName) String() string { return phaseNames[p] }

// number is a count of the State that may reach 256 or fall below 0, such
// as the turn or a player's food, shown in an event's text by a pointer to
// it: written with %s, it reads as %d would.
type number int16

func (n *number) String() string { return strconv.Itoa(int(*n)) }

// endReason is how the match ended, in the game-over event: the Reason of the
// State's result.
type endReason engine.Result

func (r *endReason) String() string { return r.Reason }

// finding is what a searching card looks for, in an event's text: "a
// tactic or Windstorm".
type finding Card

func (f *finding) String() string { return findText((*Card)(f)) }

// placing is where the card being paid for goes, in the play event's
// text: " inside X", " at X", " on X" or nothing, from the payment.
type placing State

func (p *placing) String() string {
	s := (*State)(p)
	return s.placeText(s.pay.where, s.pay.at, s.pay.target)
}

// rollFor is what a unit rolls P for (moraleRoll).
type rollFor uint8

const (
	toMove rollFor = iota
	toAttack
	toDefend
)

func (p rollFor) String() string { return [...]string{"move", "attack", "defend"}[p] }

// rollResult is the result of a roll that one 4+ makes: "succeeds" or
// "fails".
type rollResult bool

func (ok rollResult) String() string {
	if ok {
		return "succeeds"
	}
	return "fails"
}

// workerPlace says where a worker placed at setup went: "inside" its HQ, or
// "outside, for want of room,".
type workerPlace bool

func (in workerPlace) String() string {
	if in {
		return "inside"
	}
	return "outside, for want of room,"
}

// armourNote says what armour did against a hit that damages: absorbed some of
// it, or was ignored by a natural 6 or by Crush (seed 000, Crush; WG-16).
type armourNote uint8

const (
	armourAbsorbs armourNote = iota
	perfectHit
	crushHit
)

func (a armourNote) String() string {
	return [...]string{"armour absorbs", "a perfect hit ignores armour", "Crush ignores armour"}[a]
}

// maxDice is how many dice a roll keeps in its rolled: a roll of more
// keeps them in an array of its own.
const maxDice = 23

// rolled is the dice of one roll, kept in the State rather than on the
// stack so that an event can show them: a *rolled boxes for free, and
// String writes the dice, "[1 4 6]", only when the event is recorded. The
// State keeps two (State.rolls), for the two sides of a battle. They are
// scratch: no rule reads them, the hash leaves them out, and a roll
// overwrites them.
type rolled struct {
	// more holds the dice of a roll of more than maxDice, in an array
	// made for it that is never written again: clones may share it.
	more []int
	n    uint8
	dice [maxDice]uint8
	// need is what a die needed to succeed (4, or 6 against Sneak), and
	// hits how many did, for the events' texts (successes).
	need uint8
	hits int16
}

func (r *rolled) String() string {
	if r.more != nil {
		return diceText(r.more)
	}
	return diceText(r.dice[:r.n])
}

// successes is the result of a roll in an event's text, with what each die
// needed: "0 successes (4+ needed)", "1 success (6 needed)".
type successes rolled

func (r *successes) String() string {
	return plural(int(r.hits), "success", "successes") + " (" + needText(int(r.need)) + " needed)"
}

// needText is what a die needs: "4+", or "6" (Sneak).
func needText(need int) string {
	if need >= 6 {
		return "6"
	}
	return strconv.Itoa(need) + "+"
}

// plural writes a count with its noun: "1 card", "2 cards", "0 cards".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// cardCount is a number of cards in an event's text: "1 card", "3 cards".
type cardCount int16

func (n cardCount) String() string { return plural(int(n), "card", "cards") }

// workerCount is a number of workers in an event's text: "1 worker".
type workerCount int16

func (n workerCount) String() string { return plural(int(n), "worker", "workers") }
