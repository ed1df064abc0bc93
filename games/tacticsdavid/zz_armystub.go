package tacticsdavid

// TEMPORARY stub of the army API being written on branch army; removed at merge.

import (
	"fmt"

	"skald/engine"
)

type Profile struct {
	Units      []int
	Name       string
	Class      string
	Type       string
	Mode       string
	Strength   [4]int
	Core       int
	Move       int
	MoveType   string
	Range      int
	RangeMod   int
	AttackArea string
	Special    string
	Abilities  []int
	Cost       int
	Points     int
}

type ArmyType string

const (
	FreeArmy   ArmyType = "free"
	MixedArmy  ArmyType = "mixed"
	ThemedArmy ArmyType = "themed"
	FamilyArmy ArmyType = "family"
)

type ArmyRules struct {
	Type    ArmyType
	Limit   int
	MaxSame int
}
type Entry struct {
	Units []int
	Items []int
}
type Army []Entry

func (c *Content) StackProfile(units []int) (Profile, error) {
	u := c.Unit(units[len(units)-1])
	if u == nil {
		return Profile{}, fmt.Errorf("no unit")
	}
	p := Profile{Units: units, Name: u.Name, Class: u.Class, Type: u.Type, Mode: u.Mode, Move: u.Move, MoveType: u.MoveType, Range: u.Range, RangeMod: u.RangeMod, AttackArea: u.AttackArea, Special: u.Special}
	for _, n := range units {
		v := c.Unit(n)
		for i := range p.Strength {
			p.Strength[i] += v.Strength[i]
		}
		p.Core += v.Core
		p.Cost += v.Cost
		p.Abilities = append(p.Abilities, n)
	}
	return p, nil
}
func (c *Content) EntryCost(e Entry) int {
	p, _ := c.StackProfile(e.Units)
	n := p.Cost
	for _, it := range e.Items {
		n += c.Items[it-1].Cost
	}
	return n
}
func (c *Content) ArmyCost(a Army) int {
	n := 0
	for _, e := range a {
		n += c.EntryCost(e)
	}
	return n
}
func (c *Content) CheckArmy(a Army, r ArmyRules) error { return nil }
func (c *Content) CheckAdd(a Army, r ArmyRules, e Entry) error {
	if c.ArmyCost(a)+c.EntryCost(e) > r.Limit {
		return fmt.Errorf("over limit")
	}
	if len(e.Units) > 1 {
		return fmt.Errorf("no stacks in stub")
	}
	return nil
}
func (c *Content) CheckItem(p Profile, item int, have []int) error {
	t := c.Items[item-1].Type
	for _, h := range have {
		if c.Items[h-1].Type == t {
			return fmt.Errorf("one of each type")
		}
	}
	return nil
}
func (c *Content) RandomArmy(r *engine.Rand, rules ArmyRules) Army {
	var a Army
	for tries := 0; tries < 50; tries++ {
		e := Entry{Units: []int{1 + r.IntN(202)}}
		if c.CheckAdd(a, rules, e) == nil {
			a = append(a, e)
		}
	}
	return a
}

func (c *Content) RootOf(n int) int { return 0 }
