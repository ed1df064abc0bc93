package tacticsdavid

import (
	"math"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// evalSteepness is how sharply Evaluate turns a material lead into
// winning chances: a lead of a fifth of the material on the battlefield is
// worth about 0.73 before the pressure is added.
const evalSteepness = 5

// evalPressure is the most that pressure (Evaluate's closing in) adds to
// or takes from a position's worth: about what a kill of one unit of five
// is worth, so that a search closes in, from anywhere on the battlefield
// (pressureGaps).
const evalPressure = 0.1

// Evaluate returns what the position is worth to seat, from 0 to 1, for
// search bots that cut their playouts short (engine.Evaluator). It weighs
// the money in seat's living units against the other army's, as a lead
// of the whole (a Kills mission adds the kills made, at a unit's average
// cost each), and a lead leans toward a draw as the agreed turns run out
// in a Deathmatch, which an undecided battle ends drawn (TD-39); a deficit
// does not, or the side behind would gain by ending its turns idle. To
// that it adds seat's pressure: how close its units stand to striking
// distance of an enemy they can kill, so that a search closes in and
// hunts down the units that wander away rather than wait for the turn
// limit. It is a
// bot's guess, not a rule: a finished battle is worth its result's
// reward, and one not yet deployed an even 0.5.
func (s *State) Evaluate(seat engine.Seat) float64 {
	if s.over {
		return s.result.Reward(seat)
	}
	if s.stage != stageBattle || seat < 0 || seat > 1 {
		return 0.5
	}
	var money [2]float64
	units := 0
	for i := range s.pieces {
		if !s.alive(i) {
			continue
		}
		money[s.trueOwner(i)] += float64(s.info[s.pieces[i].prof].cost)
		units++
	}
	if s.conf.mission == Kills && units > 0 {
		avg := (money[0] + money[1]) / float64(units)
		money[0] += avg * float64(s.kills[0])
		money[1] += avg * float64(s.kills[1])
	}
	total := money[0] + money[1]
	if total <= 0 {
		return 0.5
	}
	lead := (money[seat] - money[1-seat]) / total
	weight := 1.0
	if s.conf.mission == Deathmatch && s.conf.turns > 0 && lead > 0 {
		left := float64(2*s.conf.turns-int(s.turns[0])-int(s.turns[1])+1) / float64(2*s.conf.turns)
		weight = 0.25 + 0.75*math.Min(1, math.Max(0, left))
	}
	v := 0.5 + (0.5-evalPressure)*weight*math.Tanh(evalSteepness*lead/2)
	return v + evalPressure*(2*s.pressure(int(seat))-1)
}

// pressure returns how much of the enemy's army p's living units stand
// within striking distance of, from 0 to 1: for each enemy unit its cost,
// counted whole when a unit of p that can kill it can attack it where it
// stands (in direct contact, or within its Range Rating for a ranged
// unit), a little less for each grid space further, and not at all from
// pressureGaps grid spaces further; over the cost of the whole enemy army,
// the dead counted whole, so that a kill never lowers the pressure. (It
// counted a unit's Movement Rating too, as reach next turn: a unit with a
// long range then put every enemy within striking distance, and closing
// in earned nothing.)
func (s *State) pressure(p int) float64 {
	var sum, all float64
	for e := range s.pieces {
		if s.trueOwner(e) == p {
			continue
		}
		w := float64(s.info[s.pieces[e].prof].cost)
		all += w
		if !s.alive(e) {
			sum += w
			continue
		}
		gap := 99
		for i := range s.pieces {
			if !s.alive(i) || s.trueOwner(i) != p || s.heurCannotKill(i, e) {
				continue
			}
			reach := 1
			if s.info[s.pieces[i].prof].ranged {
				reach = s.rangeRating(i)
			}
			gap = min(gap, max(0, battlefield.Distance(s.pt(i), s.pt(e))-reach))
		}
		sum += w * max(0, 1-float64(gap)/pressureGaps)
	}
	if all == 0 {
		return 0
	}
	return sum / all
}

// pressureGaps is how many grid spaces beyond striking distance an enemy
// unit must stand to be out of Evaluate's pressure: about the breadth
// and length of a 14x11 battlefield, so that a unit anywhere draws its
// hunters.
const pressureGaps = 24

// Horizon returns how many random actions a search's playout plays before
// it asks Evaluate (ai.Horizon): two. Random units seldom meet and seldom
// strike, so a longer random playout only blurs what the evaluation sees
// (above all by the random moves of the units engaged after the one
// searched), and one to the end is almost always a draw by the turn
// limit. In pilots against random play (mcts in the first seat, 8 or 16
// seeded battles), 24 actions won 4 of 8, 6 actions 4 of 8 and 2 actions
// 6 of 8 and 11 of 16.
func (s *State) Horizon() int { return 2 }

// Exploration returns the exploration constant of a search (ai.Exploration):
// 0.15. A move a grid space closer to the enemy is worth about a hundredth
// more, and a search exploring as for wins and losses (0.7) visits a
// hundred such moves about evenly: against random play it won 19 of 32
// seeded battles, at 0.15 23 of 32.
func (s *State) Exploration() float64 { return 0.15 }

// CanJudge reports whether rollouts cut depth actions on are worth
// running (ai.Judge): in the battle only. While the armies are built,
// Evaluate is an even 0.5 everywhere. In deployment it sees at most the
// battle's first actions, how near the armies stand, and a deployment
// has an action for every free grid space of the area in each facing,
// more than the rollouts' budget: at the defaults, with them the slowest
// decision of 40 battles took 2.0–2.4 s (1.1 s without) and the bot won
// fewer battles against the rules of thumb than it did deploying by them
// (49 of 80 to 57 of 80, docs/STATUS.md, Bots).
// A rollout bot builds and deploys by the rules of thumb.
func (s *State) CanJudge(depth int) bool { return s.stage == stageBattle }
