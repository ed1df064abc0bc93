package bloodrage

import (
	"math"

	"skald/engine"
)

// evalScale is how many points of Glory ahead make a position worth about
// 73% (1/(1+e⁻¹)) in Evaluate.
const evalScale = 12

// Evaluate returns what the position is worth to seat, from 0 to 1, for
// search bots that cut their playouts short (engine.Evaluator): a whole
// Blood Rage game is some 200 actions, too long to play out at every
// search step. It weighs seat's Glory to come against the best other
// clan's: Glory now, what its stats would score at the end, and what its
// figures on the board and cards in hand may still earn. It is a bot's
// guess, not a rule; a finished game is worth its result's reward.
//
// Like Wintergrim's, it is on the scale of engine.Result.Reward: taking
// the weighing as the chance p of finishing first, the position is worth
// p + (1-p)·lose, lose being what a clan that does not win is worth when
// it shares second place.
func (s *State) Evaluate(seat engine.Seat) float64 {
	if s.phase == phOver {
		return s.result.Reward(seat)
	}
	lose := float64(s.n-2) / float64(2*(s.n-1))
	me := int(seat)
	if me < 0 || me >= int(s.n) {
		return lose
	}
	best := math.Inf(-1)
	for p := range int(s.n) {
		if p != me {
			best = max(best, s.worth(p))
		}
	}
	x := (s.worth(me) - best) / evalScale
	p := 1 / (1 + math.Exp(-x))
	return p + (1-p)*lose
}

// worth scores clan p's position for Evaluate, in Glory.
func (s *State) worth(p int) float64 {
	cl := &s.clans[p]
	v := float64(cl.glory)
	for st := range numStats {
		v += float64(s.c.StatGlory[cl.stat[st]])
		v += 2 * float64(cl.stat[st]) // a step is worth more than its end Glory: it works every Age
	}
	ages := float64(3 - s.age)
	v += ages * (float64(s.onBoard(p)) + 0.5*float64(cl.rage))
	v += float64(cl.hand.len()) + 2*float64(cl.quest.len())
	for _, c := range cl.up {
		if c >= 0 {
			v += ages
		}
	}
	return v
}
