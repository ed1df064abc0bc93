package runewars

import (
	"fmt"
	"sort"
	"strings"
)

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// The names events print. Events are formatted only when someone records
// them (engine.Log): the rules pass these pointer and byte-sized values,
// which cost nothing to box, and their String methods make the text.

// String returns the faction's id, the name of its seat.
func (f *Faction) String() string { return f.ID }

// String returns the area's name.
func (a *Area) String() string { return a.Name }

// String returns the unit type's name.
func (u *UnitType) String() string { return u.Name }

// String returns the tile's name.
func (t *Tile) String() string { return t.Name }

// String returns the city's name.
func (c *City) String() string { return c.Name }

// String returns the season card's name.
func (c *SeasonCard) String() string { return c.Name }

// String returns the ability's name.
func (a *Ability) String() string { return a.Name }

// abilityText prints an ability's effect as written.
type abilityText Ability

func (a *abilityText) String() string { return a.Text }

// unitPlural prints a unit type's name in the plural.
type unitPlural UnitType

func (u *unitPlural) String() string { return plural(u.Name, 2) }

// pluralOf returns u's name for n units.
func pluralOf(u *UnitType, n int) fmt.Stringer {
	if n == 1 {
		return u
	}
	return (*unitPlural)(u)
}

type orderTitle int8

func (o orderTitle) String() string { return orderTitles[o] }

type seasonName int8

func (s seasonName) String() string { return seasonNames[s] }

type runeFace bool

func (r runeFace) String() string {
	if r {
		return "dragon rune"
	}
	return "false rune"
}

// sideLabel names the neutral side of a battle.
type sideLabel string

var neutralSide = new(sideLabel)

func (*sideLabel) String() string { return "the neutral units" }

// fac returns seat p's faction, whose String is the seat's name.
func (s *State) fac(p int8) *Faction { return &s.c.Factions[s.players[p].faction] }

// side names a battle side for events: the attacker, the defender, or the
// neutral units.
func (s *State) side(side int8) fmt.Stringer {
	if side == 0 {
		return s.fac(s.bat.att)
	}
	if s.bat.def < 0 {
		return neutralSide
	}
	return s.fac(s.bat.def)
}

// drawnText prints the results of the fate cards last drawn for a unit
// type (State.drawn), for the event of the draw.
type drawnText State

func (d *drawnText) String() string {
	s := (*State)(d)
	var b strings.Builder
	for i := 0; i < int(s.ndrawn); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(s.c.Fate[s.drawnCards[i]].Sections[s.drawnShape].String())
	}
	return b.String()
}

// parleyText prints the fate cards drawn to parley and their destinies.
type parleyText State

func (d *parleyText) String() string {
	s := (*State)(d)
	var b strings.Builder
	for i := 0; i < int(s.bat.ncards); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		c := &s.c.Fate[s.bat.cards[i]]
		fmt.Fprintf(&b, "%d (%s)", c.ID, c.Destiny)
	}
	return b.String()
}

// possessive prints a faction's name with "'s", for its units.
type possessive Faction

func (f *possessive) String() string { return f.ID + "'s" }

type neutralOwner struct{}

var theNeutral = new(neutralOwner)

func (*neutralOwner) String() string { return "the neutral" }

// owned names a battle side as the owner of its units: "daqan's", or "the
// neutral" ("the neutral Giant").
func (s *State) owned(side int8) fmt.Stringer {
	if side == 1 && s.bat.def < 0 {
		return theNeutral
	}
	if side == 0 {
		return (*possessive)(s.fac(s.bat.att))
	}
	return (*possessive)(s.fac(s.bat.def))
}

// aUnit prints a unit type's name with its article: "a Footman", "an
// Archer".
type aUnit UnitType

func (u *aUnit) String() string {
	if strings.ContainsRune("AEIOU", rune(u.Name[0])) {
		return "an " + u.Name
	}
	return "a " + u.Name
}

// word is a fixed word of an event, boxed without allocating.
type word string

func (w *word) String() string { return string(*w) }

var (
	wordWins, wordWin         = word("wins"), word("win")
	wordHas, wordHave         = word("has"), word("have")
	wordRetreats, wordRetreat = word("retreats"), word("retreat")
)

// verb returns the verb's form for a battle side as subject: the singular
// for a faction, the plural for "the neutral units".
func (s *State) verb(side int8, one, many *word) *word {
	if side == 1 && s.bat.def < 0 {
		return many
	}
	return one
}
