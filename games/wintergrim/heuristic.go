package wintergrim

import (
	"skald/engine"
)

// Suggest is Wintergrim's scripted player (engine.Heuristic): it scores
// each of seat's legal actions by rules of thumb a good player uses and
// takes the best, breaking ties with r. It reads the table only (no
// search, no playouts) and is asked on a copy determinized for its seat.
//
// The rules of thumb, in the order of the turn (a later phase's action
// ends the earlier phases, so what is worth doing early scores higher):
//   - Setup: the HQ and workers with the most health; in Assassinate the
//     marked leader is the toughest one.
//   - Start: use every start-phase text (workers inside draw cards).
//   - Move: workers and the marked leader stay inside, at home; a unit
//     that can attack where it stands stays to attack (it protects the HQ
//     when the enemy has come in); the others leave their structures and
//     march: to an enemy area with something to attack, else to a path
//     that leads there, the enemy HQ first in Destroy and the marked
//     leader's area in Assassinate, and in Conquer onto the setup paths
//     it does not control yet, and the last unit on one stays to hold it.
//   - Attack: every unit that can attacks, with the kind where its dice
//     outnumber the defender's most; the target is what the mode is won
//     by (the HQ in Destroy, the marked leader in Assassinate), else the
//     units it can defeat, the most valuable first.
//   - Intercept: a Patrol or Protect unit takes an attack meant for the
//     HQ, the marked leader or a worker.
//   - End: develop — paths first while it has none, then units that
//     fight, structures that give room and food, the costliest it can
//     pay; tactics go on enemy units (curses, traps, bribes, volleys) or
//     its own attackers (items, boosts); weather only when it has none.
//   - Pay with the cards it can least use; capture every defeated unit
//     (Enslave is won by captures, and a captive can't come back);
//     starve the cheapest unit; in a reaction window, pass unless a
//     tactic hurts an enemy unit that threatens it.
func (s *State) Suggest(seat engine.Seat, r *engine.Rand) engine.Action {
	var buf [512]engine.Action
	legal := s.Legal(seat, buf[:0])
	if len(legal) == 0 {
		return engine.Action{Seat: seat, Kind: kindEnd}
	}
	me := int8(seat)
	var h heur
	s.prepare(me, &h)
	best, bestV := legal[0], -1e9
	for _, a := range legal {
		v := s.worthOf(me, a, &h) + float64(r.IntN(100))/1000 // ties broken at random
		if v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// heur is what Suggest reads of the table once per decision.
type heur struct {
	goal    [maxCards]float64 // an area's worth as a destination for seat's fighters
	threat  [maxCards]bool    // an area with an enemy unit in it
	paths   int               // seat's paths on the table
	weapons int               // seat's units with a weapon on the table
}

// prepare fills h for seat me.
func (s *State) prepare(me int8, h *heur) {
	for id := int16(0); id < s.n(); id++ {
		c := &s.c[id]
		if c.zone != zPlay {
			continue
		}
		d := s.def(id)
		o := owner(id)
		if o == me {
			if d.Type == TypePath {
				h.paths++
			}
			if d.Type == TypeUnit && d.Weapon.Kind >= 0 && d.Classes&Worker == 0 {
				h.weapons++
			}
			continue
		}
		if s.p[o].out || c.area < 0 {
			continue
		}
		switch {
		case d.Type == TypeUnit:
			h.threat[c.area] = true
			h.goal[c.area] += 1
			if c.flags&fMarked != 0 && s.conf.mode == ModeAssassinate {
				h.goal[c.area] += 20
			}
			if s.conf.mode == ModeEnslave {
				h.goal[c.area] += 2
			}
		case d.HQ:
			h.goal[c.area] += 3
			if s.conf.mode == ModeDestroy {
				h.goal[c.area] += 20
			}
		case d.Type == TypeStructure:
			h.goal[c.area] += 1
		}
	}
	if s.conf.mode == ModeConquer {
		for id := int16(0); id < s.n(); id++ {
			if s.c[id].flags&fConquer != 0 && s.c[id].zone == zPlay && !s.controls(me, id) {
				h.goal[id] += 15
			}
		}
	}
}

// fighter reports whether unit id is one to send out: it has a weapon, is
// no worker and not the marked leader.
func (s *State) fighter(id int16) bool {
	d := s.def(id)
	return d.Type == TypeUnit && d.Weapon.Kind >= 0 && d.Classes&Worker == 0 && s.c[id].flags&fMarked == 0
}

// canStrikeHere reports whether unit id has an enemy to attack in its
// area.
func (s *State) canStrikeHere(me int8, id int16) bool {
	area := s.c[id].area
	if area < 0 {
		return false
	}
	for t := int16(0); t < s.n(); t++ {
		if s.c[t].zone == zPlay && s.c[t].area == area && owner(t) != me && s.def(t).Type <= TypeStructure && !s.p[owner(t)].out {
			return true
		}
	}
	return false
}

// holders returns how many of seat's units are outside in area a.
func (s *State) holders(me int8, a int16) int {
	n := 0
	for id := int16(me) * DeckSize; id < int16(me+1)*DeckSize; id++ {
		if s.c[id].zone == zPlay && s.c[id].area == a && s.c[id].in < 0 && s.def(id).Type == TypeUnit {
			n++
		}
	}
	return n
}

// reachGoal returns the best goal worth reachable from area a in at most
// hops more moves of seat's unit id (a path next to enemy areas leads to
// them all), a little less for each extra move.
func (s *State) reachGoal(me int8, id, a int16, hops int, h *heur) float64 {
	best := 0.0
	for t := int16(0); t < s.n(); t++ {
		if t == a || s.c[t].zone != zPlay || !s.def(t).Area || !s.route(me, id, a, t) {
			continue
		}
		g := h.goal[t]
		if hops > 1 {
			g = max(g, 0.8*s.reachGoal(me, id, t, hops-1, h))
		}
		best = max(best, g)
	}
	return best
}

// worthOf scores action a for seat me.
func (s *State) worthOf(me int8, a engine.Action, h *heur) float64 {
	x, y := a.Arg[0], a.Arg[1]
	switch a.Kind {
	case kindRoll, kindFind:
		return 1
	case kindHQ, kindWorker:
		d := &s.g.c.Cards[x]
		v := float64(d.H) + 0.5*float64(d.R)
		if s.conf.mode == ModeAssassinate && d.Classes&Leader != 0 {
			v += 3
		}
		return v
	case kindMark:
		return float64(s.health(x) + s.armour(x))
	case kindPath:
		return 1
	case kindUse:
		if s.def(x).Draws {
			return 200
		}
		return 150
	case kindPay:
		return -s.handWorth(me, &s.g.c.Cards[x], h)
	case kindCapture:
		return float64(x)
	case kindStarve:
		d := s.def(x)
		v := -float64(d.Cost) - float64(s.health(x))
		if s.c[x].flags&fMarked != 0 {
			v -= 100
		}
		if d.Classes&Worker != 0 {
			v -= 3
		}
		return v
	case kindIntercept:
		t := s.atk.target
		td := s.def(t)
		if td.HQ || s.c[t].flags&fMarked != 0 || td.Classes&Worker != 0 {
			return 5
		}
		return -1
	case kindPass:
		return 0
	case kindEnd:
		return 0
	case kindSearch:
		return -1
	case kindHeal, kindExorcise, kindRepair:
		return 60
	case kindMove:
		return s.moveWorth(me, a, h)
	case kindAttack:
		return s.attackWorth(me, x, y, int8(a.Arg[2]))
	case kindSteal:
		return 45
	case kindPlay:
		return s.playWorth(me, a, h)
	case kindVanguard, kindReplace:
		return -1
	}
	return 0
}

// moveWorth scores a move step.
func (s *State) moveWorth(me int8, a engine.Action, h *heur) float64 {
	id, how, to := a.Arg[0], a.Arg[1], a.Arg[2]
	d := s.def(id)
	if d.Type == TypeStructure { // a ship
		if how == moveTo && h.goal[to] > 0 {
			return 55 + h.goal[to]
		}
		return -1
	}
	if !s.fighter(id) || s.c[id].stuck > 0 {
		return -1 // workers and the leader stay home
	}
	if s.canStrikeHere(me, id) && s.c[id].in < 0 {
		return -1 // it fights where it stands
	}
	from := s.c[id].area
	if s.conf.mode == ModeConquer && from >= 0 && s.c[from].flags&fConquer != 0 && s.c[id].in < 0 && s.holders(me, from) <= 1 {
		return -1 // the last unit holding a setup path
	}
	switch how {
	case moveOut:
		// Out of its structure to march or fight.
		if s.canStrikeHere(me, id) {
			return 115
		}
		if s.reachGoal(me, id, from, 3, h) > 0 {
			return 110
		}
		return -1
	case moveIn:
		return -1
	}
	if g := h.goal[to]; g > 0 {
		return 120 + g
	}
	if g := s.reachGoal(me, id, to, 2, h); g > 0 && s.reachGoal(me, id, from, 2, h) < g {
		return 100 + g/2
	}
	return -1
}

// attackWorth scores unit x attacking t with kind k.
func (s *State) attackWorth(me int8, x, t int16, k int8) float64 {
	td := s.def(t)
	mine, theirs := s.value(x, k), 0
	if td.Type == TypeUnit {
		theirs = s.value(t, k)
	}
	v := 40 + 2*float64(mine-theirs)
	dmg := int(s.def(x).Weapon.Damage) - s.armour(t)
	if k == PS {
		dmg = s.health(t)
	}
	if dmg > 0 {
		v += float64(min(dmg, s.health(t)))
		if dmg >= s.health(t) {
			v += 4 // it can defeat it
		}
	}
	switch {
	case td.HQ:
		v += 5
		if s.conf.mode == ModeDestroy {
			v += 20
		}
	case s.c[t].flags&fMarked != 0 && s.conf.mode == ModeAssassinate:
		v += 25
	case td.Type == TypeUnit:
		v += 4 + float64(td.Cost)
		if s.conf.mode == ModeEnslave {
			v += 10
		}
		if s.conf.mode == ModeConquer && s.c[s.c[t].area].flags&fConquer != 0 {
			v += 10
		}
	}
	return v
}

// playWorth scores a play: a card put on the table or a tactic.
func (s *State) playWorth(me int8, a engine.Action, h *heur) float64 {
	d := &s.g.c.Cards[a.Arg[0]]
	ctx, _ := s.context()
	answer := ctx == ctxWindow
	switch d.Type {
	case TypePath:
		if answer {
			return -1
		}
		if h.paths == 0 {
			return 30
		}
		return 5
	case TypeUnit:
		v := 20 + float64(d.Cost) + 0.5*float64(d.H)
		if d.Weapon.Kind >= 0 && d.Classes&Worker == 0 {
			v += 3 + float64(d.Weapon.Damage)
		}
		if d.Classes&Worker != 0 && a.Arg[1] >= 0 && s.def(a.Arg[1]).Draws {
			v += 4 // a worker inside draws cards
		}
		if s.food(me)+int(d.F) < 0 {
			v -= 30
		}
		return v
	case TypeStructure:
		v := 18 + float64(d.Cost) + float64(d.R) + float64(d.F)
		if d.Draws {
			v += 3
		}
		return v
	case TypeWeather:
		if s.weather >= 0 {
			return -1
		}
		return 8
	}
	// A tactic: on an enemy unit, or on its own to help it.
	t := a.Arg[2]
	if t < 0 {
		return -1
	}
	enemy := owner(t) != me
	good := false
	switch d.Effect {
	case EffAttach:
		good = enemy == (d.Tactic != Item)
	case EffBribe, EffNet, EffPit, EffVolley:
		good = enemy
	case EffBoost:
		good = !enemy && s.atk.on && s.atk.attacker == t
	}
	if !good {
		return -1
	}
	v := 10 + float64(s.def(t).Cost)
	if enemy && h.threat[s.c[t].area] && owner(s.c[t].area) == me {
		v += 5 // an invader
	}
	if answer {
		return v - 5
	}
	return v
}

// handWorth is what card d is worth in hand, for choosing what to pay
// with.
func (s *State) handWorth(me int8, d *Card, h *heur) float64 {
	v := float64(d.Cost)
	switch d.Type {
	case TypePath:
		if h.paths == 0 {
			v += 10
		}
	case TypeUnit:
		if d.Weapon.Kind >= 0 {
			v += 3
		}
	case TypeStructure:
		v += 2
	}
	return v
}
