package blackred

import (
	"fmt"
	"strconv"
	"strings"

	"skald/engine"
)

// Term kinds: what a number in a battle total is.
const (
	termPower = iota // the first card's power for the weapon
	termExtra        // the extra of a second or third card
	termBonus        // a unit card's or a strategy card's bonus
	termMalus        // the enemy's Sabotage
)

var termKinds = [...]string{"power", "extra", "bonus", "malus"}

// term is one number of a battle total, with the card it comes from.
type term struct {
	kind   uint8
	owner  engine.Seat // whose card it is: the enemy's for a malus
	points int
	name   string // the card's name
}

// maxTerms bounds the terms of a total: three cards, the unit cards in
// play, one strategy card of each side.
const maxTerms = maxUse + maxUnitCards + 2

// reckoning is a side's total in the battle last fought, term by term.
type reckoning struct {
	terms   [maxTerms]term
	n       int
	total   int
	floored bool // the malus took the total below 0: it counts as 0
}

// reckon returns seat's total in the battle last fought as its terms,
// read from the record of that battle (s.last): the power of the first
// card, the extra of the others (seed 002, Battle), the bonuses of unit and
// strategy cards, the enemy's Sabotage, never below 0. It reckons as
// [State.total] does, which the tests check; total is the one the rules
// use, this one the one players read (issue 21, item 4).
func (s *State) reckon(seat engine.Seat) reckoning {
	var r reckoning
	l := &s.last
	en := 1 - seat
	add := func(kind uint8, owner engine.Seat, points int, name string) {
		r.terms[r.n] = term{kind: kind, owner: owner, points: points, name: name}
		r.n++
		if kind == termMalus {
			r.total -= points
		} else {
			r.total += points
		}
	}
	w := l.weapon[seat]
	deck := s.c.Decks[seat]
	for k := 0; k < int(l.force[seat]); k++ {
		c := l.cards[seat][k]
		if k == 0 {
			add(termPower, seat, int(s.t.power[seat][c][w]), deck[c].Name)
		} else {
			add(termExtra, seat, int(s.t.extra[seat][c][w]), deck[c].Name)
		}
	}
	for _, c := range l.active[seat][:l.nActive[seat]] {
		if e := &s.t.deck[seat][c]; e.kind == effBonus {
			add(termBonus, seat, int(e.points), deck[c].Name)
		}
	}
	if p := l.played[seat]; p != none {
		switch e := &s.t.strat[p]; e.kind {
		case effBonus:
			add(termBonus, seat, int(e.points), s.c.Strategy[p].Name)
		case effMatchup:
			if w == e.weapon && l.weapon[en] == e.enemy {
				add(termBonus, seat, int(e.points), s.c.Strategy[p].Name)
			}
		}
	}
	if p := l.played[en]; p != none {
		if e := &s.t.strat[p]; e.kind == effSabotage {
			add(termMalus, en, int(e.points), s.c.Strategy[p].Name)
		}
	}
	if r.total < 0 {
		r.total, r.floored = 0, true
	}
	return r
}

// String writes the terms and the total: "Champion's power 9 + Sword
// Brother's extra 3 - black's Sabotage 2 = 10".
func (r *reckoning) String() string { return r.text("") }

// text writes the terms and the total, the total followed by unit:
// " points" gives "... = 10 points", "= 1 point", "= 0 points (never
// below 0)".
func (r *reckoning) text(unit string) string {
	var b strings.Builder
	for k, t := range r.terms[:r.n] {
		switch {
		case t.kind == termMalus:
			b.WriteString(" - ")
		case k > 0:
			b.WriteString(" + ")
		}
		switch t.kind {
		case termPower, termExtra:
			fmt.Fprintf(&b, "%s's %s %d", t.name, termKinds[t.kind], t.points)
		case termBonus:
			fmt.Fprintf(&b, "%s %d", t.name, t.points)
		case termMalus:
			fmt.Fprintf(&b, "%s's %s %d", colourNames[t.owner], t.name, t.points)
		}
	}
	b.WriteString(" = ")
	if unit != "" {
		b.WriteString(plural(r.total, unit, unit+"s"))
	} else {
		b.WriteString(strconv.Itoa(r.total))
	}
	if r.floored {
		b.WriteString(" (never below 0)")
	}
	return b.String()
}

// battleCards is the event of the cards a side used and its total: "red
// uses 2 cards with sword: Champion's power 9 + Sword Brother's extra 3 =
// 12 points". Its values are the state, typed by the seat, so that they
// box for free on the nil log (see names.go).
type (
	blackBattle State
	redBattle   State
)

func (b *blackBattle) String() string { return (*State)(b).battleText(Black) }
func (r *redBattle) String() string   { return (*State)(r).battleText(Red) }

func (s *State) battleCards(seat engine.Seat) fmt.Stringer {
	if seat == Black {
		return (*blackBattle)(s)
	}
	return (*redBattle)(s)
}

func (s *State) battleText(seat engine.Seat) string {
	r := s.reckon(seat)
	return fmt.Sprintf("%s uses %s with %s: %s", colourNames[seat], cards(int(s.last.force[seat])),
		weaponNames[s.last.weapon[seat]], r.text("point"))
}

// cards counts battle cards: "1 card", "2 cards".
func cards(n int) string { return plural(n, "card", "cards") }

// units counts units: "1 unit", "2 units".
func units(n int) string { return plural(n, "unit", "units") }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// TermView is one number of a battle total, as the views show it.
type TermView struct {
	// Kind is power (the first card's), extra (another card's), bonus
	// (a unit or strategy card's) or malus (the enemy's Sabotage).
	Kind   string `json:"kind"`
	Card   string `json:"card"`
	Of     string `json:"of"` // whose card: black or red
	Points int    `json:"points"`
}

func (r *reckoning) view() []TermView {
	v := make([]TermView, 0, r.n)
	for _, t := range r.terms[:r.n] {
		v = append(v, TermView{Kind: termKinds[t.kind], Card: t.name, Of: colourNames[t.owner], Points: t.points})
	}
	return v
}
