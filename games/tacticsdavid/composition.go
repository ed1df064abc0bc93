package tacticsdavid

import (
	"strings"

	"skald/engine"
)

// Fielded calls add for each piece and item of seat's army, in the order
// it was built, for the balance lab's attribution and cost calibration
// (skald lab): a unit alone is kind "unit", named as printed, at its
// printed cost; a stack is kind "stack", named by its units bottom to top
// joined with "+", at the units' costs plus the stacking surcharge; each
// item the piece starts with is kind "item" at its printed cost. A seat
// the match does not have, or an army not yet built, gets nothing.
func (s *State) Fielded(seat engine.Seat, add func(kind, name string, cost float64)) {
	if seat != 0 && seat != 1 {
		return
	}
	c := s.g.c
	for _, e := range s.armies[seat] {
		names := make([]string, 0, len(e.Units))
		cost := stackSurcharge(len(e.Units))
		for _, n := range e.Units {
			if u := c.Unit(n); u != nil {
				names = append(names, u.Name)
				cost += u.Cost
			}
		}
		kind := "unit"
		if len(e.Units) > 1 {
			kind = "stack"
		}
		if len(names) > 0 {
			add(kind, strings.Join(names, "+"), float64(cost))
		}
		for _, n := range e.Items {
			if i := c.item(n); i >= 0 {
				add("item", c.Items[i].Name, float64(c.Items[i].Cost))
			}
		}
	}
}
