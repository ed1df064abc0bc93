package tacticsdavid

import (
	"fmt"
	"strconv"
	"strings"
)

// The unit table: each unit's cost and profile, for a player choosing
// units (Describe while the armies are built, the browser's unit cards
// through Assets, `skald units tacticsdavid` through UnitTable), and the
// legend that names the profile's codes (seed 004, Unit and Item Book,
// "UNIT LIST").

// statLegend names the codes of a unit's profile, as Describe and the
// unit table print it: "MEM str 5/4/3/3 move 6 Hover area MA".
const statLegend = "Profile, as HMR str 4/7/5/6 move 4 Land range 8+0 area MB: class, type and mode (class L Light, M Medium, H Heavy; " +
	"type P Physical, M Magical, E Ethereal; mode M Melee, R Ranged); str: the Strength Ratings of its front/left/right/back sides; " +
	"move: its Movement Rating and Movement Type (Land, Hover, Soar, Aqua); range (Ranged units): Range Rating + modifier; " +
	"area: its Area of Attack (MA-MK melee, RA-RI ranged)."

// typeNames and modeNames spell out a profile's codes, as classNames
// (validate.go) does its class.
var (
	typeNames = map[string]string{"P": "Physical", "M": "Magical", "E": "Ethereal"}
	modeNames = map[string]string{"M": "Melee", "R": "Ranged"}
)

// profileText is unit u's profile in the codes of the legend:
// "MEM str 5/4/3/3 move 6 Hover area MA".
func profileText(u *Unit) string {
	t := fmt.Sprintf("%s%s%s str %d/%d/%d/%d move %d %s", u.Class, u.Type, u.Mode,
		u.Strength[Front], u.Strength[Left], u.Strength[Right], u.Strength[Back], u.Move, u.MoveType)
	if u.Mode == "R" {
		t += fmt.Sprintf(" range %d%+d", u.Range, u.RangeMod)
	}
	return t + " area " + u.AttackArea
}

// abilitiesText is u's ability and special: "Divine Justice", "Deathly
// Miasma; special Relentless".
func abilitiesText(u *Unit) string {
	t := u.Ability
	if u.Special != "" {
		t += "; special " + u.Special
	}
	return t
}

// offerLine is a unit on offer while an army is built: its number (what
// 'buy N' takes), name, cost, profile and abilities.
func offerLine(u *Unit) string {
	return fmt.Sprintf("%3d %-22s cost %2d  %s  %s", u.Number, u.Name, u.Cost, profileText(u), abilitiesText(u))
}

// UnitTable returns the unit list as a table, for `skald units`: the
// column names and a row of cells per unit, in the order of the list.
func (g *Game) UnitTable() (columns []string, rows [][]string) {
	columns = []string{"No", "Unit", "Cost", "Class", "Type", "Mode", "Str F/L/R/B", "Move", "Range", "Area", "Ability", "Special"}
	for i := range g.c.Units {
		u := &g.c.Units[i]
		rng := "-"
		if u.Mode == "R" {
			rng = fmt.Sprintf("%d%+d", u.Range, u.RangeMod)
		}
		sp := u.Special
		if sp == "" {
			sp = "-"
		}
		rows = append(rows, []string{strconv.Itoa(u.Number), u.Name, strconv.Itoa(u.Cost),
			u.Class + " " + classNames[u.Class], u.Type + " " + typeNames[u.Type], u.Mode + " " + modeNames[u.Mode],
			fmt.Sprintf("%d/%d/%d/%d", u.Strength[Front], u.Strength[Left], u.Strength[Right], u.Strength[Back]),
			fmt.Sprintf("%d %s", u.Move, u.MoveType), rng, u.AttackArea, u.Ability, sp})
	}
	return columns, rows
}

// UnitLegend explains the unit table's columns, for `skald units`.
func (g *Game) UnitLegend() string {
	return strings.Join([]string{
		"No: the number 'buy N' and 'stack N' take. Cost: money, out of the army's limit.",
		"Class L Light, M Medium, H Heavy; Type P Physical, M Magical, E Ethereal; Mode M Melee, R Ranged.",
		"Str F/L/R/B: the Strength Ratings of the front, left, right and back sides.",
		"Move: the Movement Rating and Movement Type (Land, Hover, Soar, Aqua).",
		"Range: a Ranged unit's Range Rating and its modifier. Area: the Area of Attack (MA-MK melee, RA-RI ranged).",
		"Ability and Special: see 'skald rules tacticsdavid' (Tactics David rules, Ability List).",
	}, "\n")
}

// assetUnit is a unit of the unit list for the browser's unit cards.
type assetUnit struct {
	Number      int    `json:"number"`
	Name        string `json:"name"`
	Cost        int    `json:"cost"`
	Class       string `json:"class"`
	Type        string `json:"type"`
	Mode        string `json:"mode"`
	Strength    [4]int `json:"strength"`
	Move        int    `json:"move"`
	MoveType    string `json:"move_type"`
	Range       int    `json:"range,omitempty"`
	RangeMod    int    `json:"range_mod,omitempty"`
	Area        string `json:"area"`
	Ability     string `json:"ability"`
	AbilityText string `json:"ability_text,omitempty"`
	Special     string `json:"special,omitempty"`
}

// assetUnits is the unit list for Assets.
func (g *Game) assetUnits() []assetUnit {
	var out []assetUnit
	for i := range g.c.Units {
		u := &g.c.Units[i]
		au := assetUnit{Number: u.Number, Name: u.Name, Cost: u.Cost, Class: u.Class, Type: u.Type, Mode: u.Mode,
			Strength: u.Strength, Move: u.Move, MoveType: u.MoveType, Range: u.Range, RangeMod: u.RangeMod,
			Area: u.AttackArea, Ability: u.Ability, Special: u.Special}
		if a := g.c.Ability(u.Number); a != nil {
			au.AbilityText = fmt.Sprintf("%s (%s): %s", a.Name, a.Occurs, a.Text)
		}
		out = append(out, au)
	}
	return out
}
