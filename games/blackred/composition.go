package blackred

import "skald/engine"

// Fields calls add for the card an action plays, before it is applied,
// for the balance lab's attribution (skald lab): a strategy card, kind
// "strategy" named by its ID, and a weapon chosen (or changed by a
// Feint), kind "weapon". Black & Red has no prices: cost is 0. Other
// actions field nothing.
func (s *State) Fields(a engine.Action, add func(kind, name string, cost float64)) {
	switch a.Kind {
	case kindStrategy:
		if a.Arg[0] >= 0 && int(a.Arg[0]) < len(s.c.Strategy) {
			add("strategy", s.c.Strategy[a.Arg[0]].ID, 0)
		}
	case kindWeapon, kindFeint:
		if a.Arg[0] >= 0 && int(a.Arg[0]) < numWeapons {
			add("weapon", weaponNames[a.Arg[0]], 0)
		}
	}
}
