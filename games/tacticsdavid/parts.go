package tacticsdavid

import (
	"strconv"

	"skald/engine"
)

// ActionParts says what a names (engine.ActionDescriber), by the ids the
// View and the assets give, in the order of the action's text:
//
//   - a unit on the battlefield by its view id ("3" for u3: units[].id,
//     the token's data-unit), for deploy, engage, trade, use, shift,
//     whip, move (the team member that moves), attack, shoot, melee,
//     loot, choose, equip, ability (the unit and its target) and react;
//   - a grid space as "x,y" (the square's data-x and data-y), for deploy,
//     whip, move and a charge to a space;
//   - a unit of the unit list by its number ("4": the assets' units[].number,
//     the offer card's data-unit), for buy and stack;
//   - an army entry by its index in the seat's army list ("0"), for item.
//
// The kind is the action's first word ("charge" for both charges,
// "discard" for an acquired item not equipped). Facings, sides, slots,
// statuses, abilities and numbers are not things a player clicks on the
// board and are not named.
func (s *State) ActionParts(a engine.Action) engine.ActionParts {
	if a.Kind == 0 || a.Kind >= numActs {
		return engine.ActionParts{Kind: "?" + strconv.Itoa(int(a.Kind))}
	}
	g := func(k int) int { return int(a.Arg[k]) }
	p := engine.ActionParts{Kind: actWords[a.Kind]}
	unit := func(i int) string { return strconv.Itoa(i) }
	square := func(x, y int) string { return strconv.Itoa(x) + "," + strconv.Itoa(y) }
	switch a.Kind {
	case actBuy, actStack, actBuyItem, actEngage, actShift, actChoose, actReact:
		p.Refs = []string{unit(g(0))}
	case actEquip:
		if g(0) < 0 {
			p.Kind = "discard"
		} else {
			p.Refs = []string{unit(g(0))}
		}
	case actDeploy, actWhip:
		p.Refs = []string{unit(g(0)), square(g(1), g(2))}
	case actTrade, actUse, actAttack, actShoot, actMelee, actLoot:
		p.Refs = []string{unit(g(0)), unit(g(1))}
	case actMove:
		if g(3) >= 0 {
			p.Refs = []string{unit(g(3)), square(g(0), g(1))}
		} else {
			p.Refs = []string{square(g(0), g(1))}
		}
	case actChargeTo:
		if g(1) > 0 {
			p.Refs = []string{square(g(0), g(1)-1)}
		}
	case actAbility:
		if g(2) >= 0 {
			p.Refs = []string{unit(g(0)), unit(g(2))}
		} else {
			p.Refs = []string{unit(g(0))}
		}
	}
	return p
}
