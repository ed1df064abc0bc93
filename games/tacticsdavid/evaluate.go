package tacticsdavid

import (
	"math"

	"skald/engine"
)

// evalSteepness is how sharply Evaluate turns a material lead into
// winning chances: a lead of a fifth of the material on the battlefield is
// worth about 0.73.
const evalSteepness = 5

// Evaluate returns what the position is worth to seat, from 0 to 1, for
// search bots that cut their playouts short (engine.Evaluator). It weighs
// the money in seat's living units against the other army's, as a lead
// of the whole (a Kills mission adds the kills made, at a unit's average
// cost each), and leans toward a draw as the agreed turns run out in a
// Deathmatch, which an undecided battle ends drawn (TD-39). It is a bot's
// guess, not a rule: a finished battle is worth its result's reward, and
// one not yet deployed an even 0.5.
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
	if s.conf.mission == Deathmatch && s.conf.turns > 0 {
		left := float64(2*s.conf.turns-int(s.turns[0])-int(s.turns[1])+1) / float64(2*s.conf.turns)
		weight = 0.25 + 0.75*math.Min(1, math.Max(0, left))
	}
	return 0.5 + 0.5*weight*math.Tanh(evalSteepness*lead/2)
}

// Horizon returns how many random actions a search's playout plays before
// it asks Evaluate (ai.Horizon): about two turns. Random units seldom
// meet, so a longer random playout only blurs what the evaluation sees,
// and one to the end is almost always a draw by the turn limit.
func (s *State) Horizon() int { return 24 }
