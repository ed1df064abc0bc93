package tacticsdavid

import (
	"math"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Suggest is Tactics David's scripted player (engine.Heuristic): it scores
// each legal action by rules of thumb a good player uses and takes the
// best, breaking ties with r. It looks no further than the action itself:
// a move, a facing or a charge's length is scored by the position it
// leaves (those procedures roll no dice), an attack by its odds; it never
// searches or plays out.
//
// The rules of thumb:
//   - Army building: spend three quarters of the money on Ethereal units
//     and a quarter on Magical ones (buildShares), buying the unit type
//     furthest below its share and, of that type, the unit with the most
//     strength, movement and range for its cost, while money lasts;
//     Physical units only where nothing else fits; items with what is
//     left.
//   - Deployment: melee units forward, facing the enemy; ranged units
//     behind them, at the back of the deployment area.
//   - Engage every unit that can act each turn, locked and attacking
//     units first; end the turn only when no unit is left to engage.
//   - Focus fire: attack the wounded (statused) and the most valuable
//     enemy units first, from the side or back, where the odds (attack
//     strength against the defender's strength on that side) are best.
//   - A Physical Attack never kills an Ethereal or Indestructable unit:
//     physical attackers go after the other enemies, and favour the
//     matchups where the defender rolls a D3 for a D6.
//   - Melee units move toward the nearest enemy and end facing it, within
//     reach of an attack, or charge it; ranged units keep out of contact,
//     at a distance within their Range Rating, and close in while out of
//     contact (a Ranged Hit at a shorter distance hits more often).
//   - A unit locked by a stronger enemy escapes when it can.
//   - React when offered, loot the dead, keep items rather than discard
//     them, and let the cheaper unit of a team take a Ranged Attack.
func (s *State) Suggest(seat engine.Seat, r *engine.Rand) engine.Action {
	var buf [512]engine.Action
	legal := s.Legal(seat, buf[:0])
	p := int(seat)
	base := 0.0
	if s.stage == stageBattle && s.eng.p >= 0 {
		base = s.heurPosWorth(p)
	}
	best, bestV := legal[0], -1e18
	for _, a := range legal {
		v := s.heurWorthOf(p, a, base) + float64(r.IntN(1000))/1e5 // ties broken at random
		if v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// Rank scores each of seat's legal actions by the rules of thumb, as
// Suggest weighs them before it breaks ties (ai.Ranker): a rollout bot
// rolls out only the best few.
func (s *State) Rank(seat engine.Seat, legal []engine.Action, score []float64) {
	p := int(seat)
	base := 0.0
	if s.stage == stageBattle && s.eng.p >= 0 {
		base = s.heurPosWorth(p)
	}
	for i, a := range legal {
		score[i] = s.heurWorthOf(p, a, base)
	}
}

// heurWorthOf scores action a for player p; base is the worth of the position
// now, against which a move is measured.
func (s *State) heurWorthOf(p int, a engine.Action, base float64) float64 {
	switch int(a.Kind) {
	case actBuy:
		return s.heurBuyWorth(p, int(a.Arg[0]))
	case actStack:
		return 0.5
	case actBuyItem:
		return 1
	case actAuto:
		return 0.2
	case actDone:
		return 0
	case actDeploy:
		return s.heurDeployWorth(p, a)
	case actEngage:
		return 30 + s.heurEngageWorth(int(a.Arg[0]))
	case actEndTurn:
		return -100
	case actDisengage:
		return -10
	case actAttack, actShoot, actMelee:
		return s.heurAttackWorth(a)
	case actEscape:
		i := int(s.eng.p)
		if l := int(s.pieces[i].lock); l >= 0 && s.heurStrength(l) >= s.heurStrength(i) {
			return 25
		}
		return -20
	case actMove, actFace, actChargeTo, actOrient:
		return 5 + s.heurAfterWorth(p, a) - base
	case actCharge:
		i := int(s.eng.p)
		if !s.info[s.pieces[i].prof].ranged && s.heurEnemyAhead(i) {
			return 8
		}
		return -30
	case actLoot:
		return 2
	case actEquip:
		if a.Arg[0] < 0 {
			return -1
		}
		return float64(s.heurStrength(int(a.Arg[0])))
	case actChoose:
		return -float64(s.info[s.pieces[a.Arg[0]].prof].cost)
	case actReact:
		return 3
	case actPass:
		return 0
	case actAbility:
		if t := int(a.Arg[2]); t >= 0 && t < len(s.pieces) && s.pieces[t].owner != int8(p) {
			return 4
		}
		return 0.5
	case actRemove:
		return 1
	case actUse:
		return -5
	}
	return -30 // trades, shifts, whips: seldom worth an engagement
}

// buildShares is the share of an army's money, by unit type, that the
// rules of thumb spend: three parts on Ethereal units, which a Physical
// Attack never kills and whose attacks make a Physical defender roll a D3
// for a D6, and one on Magical units, whose attacks do the same to an
// Ethereal defender, so that the army kills an Ethereal army too (seed
// 004, "Unit Type/Attack Type Affects"). Before this, the rules of thumb
// bought the best value for its cost, thirteen Physical Ninjas, and drew a
// third of their battles against random play, which often fields an
// Ethereal unit they cannot kill (docs/STATUS.md, Bots).
var buildShares = [3]float64{physical: 0, magical: 1, ethereal: 3}

// heurBuyWorth scores buying unit n for player p: the unit's strength,
// movement and range for its cost, and more for a unit of the type p's
// army most lacks by buildShares, less for one of a type it wants none of.
func (s *State) heurBuyWorth(p, n int) float64 {
	u := s.g.c.Unit(n)
	if u == nil || u.Cost <= 0 {
		return 0
	}
	w := float64(u.Strength[0]+u.Strength[1]+u.Strength[2]+u.Strength[3]) + 2*float64(u.Move) + float64(u.Range)
	v := 10 + w/float64(u.Cost)
	switch t := typeOf(u.Type); {
	case t == s.heurLacking(p):
		v += 5
	case buildShares[t] == 0:
		v -= 5
	}
	return v
}

// heurLacking returns the unit type that p's army, by the money spent on
// each (an entry counted as its top unit's type), holds furthest below its
// share in buildShares; the first such type among equals.
func (s *State) heurLacking(p int) uint8 {
	var spent [3]float64
	for _, e := range s.armies[p] {
		if len(e.Units) == 0 {
			continue
		}
		t := typeOf(s.g.c.Unit(e.Units[len(e.Units)-1]).Type)
		for _, n := range e.Units {
			spent[t] += float64(s.g.c.Unit(n).Cost)
		}
	}
	lack, least := uint8(0), math.Inf(1)
	for t, share := range buildShares {
		if share > 0 && spent[t]/share < least {
			lack, least = uint8(t), spent[t]/share
		}
	}
	return lack
}

// heurStrength is a piece's summed strength on its four sides.
func (s *State) heurStrength(i int) int {
	st := s.info[s.pieces[i].prof].str
	return int(st[0]) + int(st[1]) + int(st[2]) + int(st[3])
}

// heurFoes reports whether i and j belong to different players.
func (s *State) heurFoes(i, j int) bool { return s.pieces[i].owner != s.pieces[j].owner }

// heurCannotKill reports whether an attack of piece i can never kill
// piece t: a Physical Attack on an Ethereal unit (seed 004, "Unit
// Type/Attack Type Affects") or on an Indestructable one (ability 087).
func (s *State) heurCannotKill(i, t int) bool {
	return s.attackType(i) == physical && (s.pieces[t].utype == ethereal || s.hasAb(t, abIndestructable))
}

// heurNearest returns the distance from piece i to the nearest living
// enemy it can kill (heurCannotKill), or to the nearest living enemy if it
// can kill none; 99 if none is left.
func (s *State) heurNearest(i int) int {
	if d := s.heurNearestOf(i, true); d < 99 {
		return d
	}
	return s.heurNearestOf(i, false)
}

// heurNearestOf returns the distance from piece i to the nearest living
// enemy, leaving out those it cannot kill if killable, or 99.
func (s *State) heurNearestOf(i int, killable bool) int {
	best := 99
	for j := range s.pieces {
		if j != i && s.heurFoes(i, j) && s.alive(j) && !(killable && s.heurCannotKill(i, j)) {
			if d := battlefield.Distance(s.pt(i), s.pt(j)); d < best {
				best = d
			}
		}
	}
	return best
}

// heurEnemyAhead reports whether a living enemy stands in front of piece i,
// in the line it faces, within its movement and a few squares.
func (s *State) heurEnemyAhead(i int) bool {
	pi := s.pt(i)
	for j := range s.pieces {
		if !s.heurFoes(i, j) || !s.alive(j) {
			continue
		}
		q := s.pt(j)
		dx, dy := q.X-pi.X, q.Y-pi.Y
		switch s.pieces[i].facing {
		case battlefield.North:
			if dx == 0 && dy < 0 && dy >= -8 {
				return true
			}
		case battlefield.South:
			if dx == 0 && dy > 0 && dy <= 8 {
				return true
			}
		case battlefield.East:
			if dy == 0 && dx > 0 && dx <= 8 {
				return true
			}
		case battlefield.West:
			if dy == 0 && dx < 0 && dx >= -8 {
				return true
			}
		}
	}
	return false
}

// heurEngageWorth ranks the units to engage: a locked unit or one that can
// already strike goes first.
func (s *State) heurEngageWorth(i int) float64 {
	v := 0.0
	if s.pieces[i].lock >= 0 {
		v += 3
	}
	d := s.heurNearest(i)
	if s.info[s.pieces[i].prof].ranged {
		if d <= s.rangeRating(i) {
			v += 2
		}
	} else if d <= 1 {
		v += 2
	}
	return v - float64(d)/100
}

// heurAttackWorth scores an attack by its target's worth and its odds.
func (s *State) heurAttackWorth(a engine.Action) float64 {
	i, t := int(a.Arg[0]), int(a.Arg[1])
	if t < 0 || t >= len(s.pieces) || !s.heurFoes(i, t) {
		return -50 // never strike a friend
	}
	atk := attack{attacker: int8(i), target: int8(t), side: int8(a.Arg[2]), kind: uint8(int(a.Kind) - actAttack)}
	side := s.sideHit(atk, t)
	odds := float64(s.attackStrength(atk) - int(s.info[s.pieces[t].prof].str[side&3]))
	v := 20 + 2*odds + float64(s.info[s.pieces[t].prof].cost)/10
	if side != Front {
		v += 2
	}
	if s.pieces[t].status != 0 {
		v += 2 // wounded or weakened
	}
	if s.heurCannotKill(i, t) {
		return 1 // only worth it if nothing better is left
	}
	switch at, dt := s.attackType(i), s.pieces[t].utype; {
	case at == physical && dt == magical, at == ethereal && dt == physical, at == magical && dt == ethereal:
		v += 4 // the defender rolls a D3 for a D6
	case at == magical && dt == physical:
		v -= 2 // the defender adds a D3
	}
	return v
}

// heurAfterWorth is the worth for p of the position a leaves, a being a
// procedure that rolls no dice; an action that fails is worthless.
//
// The copy is made in scratch memory kept for the purpose, and a is played
// as ApplyLegal plays it: a comes from s's legal list, so the costly
// checks of a move's grid space are skipped, with the same result.
func (s *State) heurAfterWorth(p int, a engine.Action) float64 {
	scr := s.scr()
	if scr.heur == nil {
		scr.heur = s.Clone().(*State)
	}
	c := scr.heur
	s.CloneInto(c)
	c.trusted = true
	err := c.Apply(a, nil)
	c.trusted = false
	if err != nil {
		return -100
	}
	return c.heurPosWorth(p)
}

// heurPosWorth is the worth for p of the position of the engaged units: a
// melee unit near its nearest enemy, able to attack; a ranged one able to
// shoot, out of contact.
func (s *State) heurPosWorth(p int) float64 {
	v := 0.0
	for k, m := range [2]int{int(s.eng.p), int(s.eng.q)} {
		if m < 0 || !s.alive(m) || int(s.pieces[m].owner) != p {
			continue
		}
		d := s.heurNearest(m)
		can := s.eng.p >= 0 && s.canAttackAny(m, k)
		if s.info[s.pieces[m].prof].ranged {
			if d <= 1 {
				v -= 6
			}
			if rr := s.rangeRating(m); d > rr {
				v -= float64(d - rr)
			}
			// Closer is surer: a Ranged Hit needs 2 D6 and the Range
			// Modifier to reach the distance (TD-B14), and as "Ranged
			// Units may not enter both the Movement and Combat Phase in
			// the same Turn" (seed 004, "Attack Modes"), a unit that
			// cannot shoot closes in on one turn to shoot on the next.
			v -= float64(d) / 4
			if can {
				v += 6
			}
		} else {
			v -= float64(d)
			if can {
				v += 6
			}
		}
	}
	return v
}

// heurDeployWorth places melee units forward, facing the enemy, and ranged
// units back.
func (s *State) heurDeployWorth(p int, a engine.Action) float64 {
	x, y, f := int(a.Arg[1]), int(a.Arg[2]), battlefield.Facing(a.Arg[3])
	cx, cy := s.bf.W/2, s.bf.H/2
	dx, dy := cx-x, cy-y
	d := float64(heurAbs(dx) + heurAbs(dy))
	var fx, fy int
	switch f {
	case battlefield.North:
		fy = -1
	case battlefield.South:
		fy = 1
	case battlefield.East:
		fx = 1
	case battlefield.West:
		fx = -1
	}
	facing := float64(fx*heurSign(dx) + fy*heurSign(dy))
	if i := int(a.Arg[0]); i >= 0 && i < len(s.pieces) && s.info[s.pieces[i].prof].ranged {
		return d + 2*facing
	}
	return -d + 2*facing
}

func heurSign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func heurAbs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
