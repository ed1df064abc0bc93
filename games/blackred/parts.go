package blackred

import (
	"strconv"

	"skald/engine"
)

// ActionParts says what a names (engine.ActionDescriber), by the ids the
// View gives: "weapon bow" and "feint bow" name the weapon ("bow", as the
// view's weapon fields and the deck's power keys name it); "feint keep"
// names the weapon it keeps, the seat's stated one; "strategy spy" names
// the strategy card by its id, as the hand lists it; "force 2" names the
// force card by its number, as the view's force field gives it.
func (s *State) ActionParts(a engine.Action) engine.ActionParts {
	arg := int(a.Arg[0])
	weapon := func(w int) []string {
		if w >= 0 && w < numWeapons {
			return []string{weaponNames[w]}
		}
		return nil
	}
	switch a.Kind {
	case kindWeapon:
		return engine.ActionParts{Kind: "weapon", Refs: weapon(arg)}
	case kindStrategy:
		p := engine.ActionParts{Kind: "strategy"}
		if arg >= 0 && arg < len(s.c.Strategy) {
			p.Refs = []string{s.c.Strategy[arg].ID}
		}
		return p
	case kindFeint:
		if arg == keep {
			if a.Seat == Black || a.Seat == Red {
				return engine.ActionParts{Kind: "feint", Refs: weapon(int(s.side[a.Seat].weapon))}
			}
			return engine.ActionParts{Kind: "feint"}
		}
		return engine.ActionParts{Kind: "feint", Refs: weapon(arg)}
	case kindForce:
		return engine.ActionParts{Kind: "force", Refs: []string{strconv.Itoa(arg)}}
	}
	return engine.ActionParts{Kind: "unknown-" + strconv.Itoa(int(a.Kind))}
}
