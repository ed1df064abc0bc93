package blackred

import (
	"strconv"

	"skald/engine"
)

// The types below name colours, weapons, cards and numbers in events'
// texts. Rule code passes them to [engine.Log.Add] in place of strings
// and counts: on the nil log of search and playouts Add returns at once,
// but its arguments are boxed before the call. Boxing allocates for a
// string made at run time (colourNames[seat], a card's name) and for an
// integer of 256 or more, and an integer wider than a byte goes through a
// runtime call even when small; a byte-sized integer or a pointer boxes
// for free. The String methods make the text, and do any work done only
// for it (joining names, counting units), only when an event is recorded.

// colour is a seat named by its colour: "black" or "red".
type colour engine.Seat

func (c colour) String() string { return colourNames[c] }

// weapon is a weapon named: "sword", "spear" or "bow".
type weapon int8

func (w weapon) String() string { return weaponNames[w] }

// cardName is a battle-deck card named by its name (see [State.card]).
type cardName Card

func (c *cardName) String() string { return c.Name }

// cardText is a unit card's text (see [State.unitText]).
type cardText Card

func (c *cardText) String() string { return c.Text }

// strategyName is a strategy card named by its name (see
// [State.strategy]).
type strategyName StrategyCard

func (c *strategyName) String() string { return c.Name }

// lostTo is why a unit is lost to a unit card that raised the loss of a
// battle: "lost the battle, Headsman".
type lostTo Card

func (c *lostTo) String() string { return "lost the battle, " + c.Name }

// battleNumber is the number of a battle, which may be 256 or more.
type battleNumber uint16

func (b *battleNumber) String() string { return strconv.Itoa(int(*b)) }

// points is a side's total in the last battle (see [State.points]).
type points int16

func (p *points) String() string { return strconv.Itoa(int(*p)) }

// unitCount is the units a side has left: "1 unit", "3 units".
type unitCount side

func (u *unitCount) String() string { return units((*side)(u).aliveCount()) }

// String returns why the match ended.
func (e *ending) String() string { return e.Reason }

// card returns seat's battle-deck card c, named by String.
func (s *State) card(seat engine.Seat, c uint8) *cardName {
	return (*cardName)(&s.c.Decks[seat][c])
}

// unitText returns the text of seat's unit card c.
func (s *State) unitText(seat engine.Seat, c uint8) *cardText {
	return (*cardText)(&s.c.Decks[seat][c])
}

// strategy returns strategy card c, named by String.
func (s *State) strategy(c int8) *strategyName {
	return (*strategyName)(&s.c.Strategy[c])
}

// points returns seat's total in the battle last fought, as recorded for
// the views.
func (s *State) points(seat engine.Seat) *points { return (*points)(&s.last.total[seat]) }
