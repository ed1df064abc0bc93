package wintergrim

import (
	"math"

	"skald/engine"
)

// evalScale is how many points of strength ahead make a position worth
// about 73% (1/(1+e⁻¹)) in Evaluate. It and the weights of raiders and of
// the turn are fitted (TestEvalFit, a logistic regression over 10,000
// positions of heuristic games, each played out to the end four times):
// the strength difference alone fitted a scale of 18 (8 before, which
// was overconfident), and with raiders and the turn 21.6, 5.2 points a
// raider and 3.2 for the turn.
const (
	evalScale   = 20
	raiderWorth = 5
	turnWorth   = 3
)

// Evaluate returns what the position is worth to seat, from 0 to 1, for
// search bots that cut their playouts short (engine.Evaluator). It weighs
// seat's strength against the strongest other player still in the game:
// units by cost and health left, structures and cards in hand, and what
// the mode is won by — the HQ's health and the units in an enemy HQ's
// area in Destroy, the marked leader's health in Assassinate, captured
// units in Enslave, the setup paths held in Conquer — and the turn. It is
// a bot's guess, not a rule.
//
// It is on the scale of [engine.Result.Reward]: taking the weighing as the
// chance p of winning, the position is worth p + (1-p)·lose, where lose is
// what a player who does not win is worth, sharing second place with the
// other losers: 0 at two seats, 1/4 at three, 1/3 at four. A finished game
// is worth its result's reward.
func (s *State) Evaluate(seat engine.Seat) float64 {
	if s.stage == stOver {
		return s.result.Reward(seat)
	}
	lose := float64(s.seats-2) / float64(2*(s.seats-1))
	me := int8(seat)
	if me < 0 || me >= s.seats || s.p[me].out {
		return lose
	}
	best, any := 0.0, false
	for i := int8(0); i < s.seats; i++ {
		if i == me || s.p[i].out {
			continue
		}
		if v := s.strength(i); !any || v > best {
			best, any = v, true
		}
	}
	p := 1 / (1 + math.Exp(-(s.strength(me)-best)/evalScale))
	return p + (1-p)*lose
}

// strength scores seat's position for Evaluate.
func (s *State) strength(seat int8) float64 {
	v := 0.5 * float64(s.handSize(seat))
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		c := &s.c[id]
		if c.zone != zPlay {
			continue
		}
		d := s.def(id)
		switch {
		case d.Type == TypeUnit:
			v += 1 + float64(d.Cost) + float64(s.health(id))
			if c.flags&fMarked != 0 && s.conf.mode == ModeAssassinate {
				v += 4 * float64(s.health(id))
			}
		case d.Type == TypeStructure:
			v += 1 + 0.5*float64(s.health(id))
			if d.HQ && s.conf.mode == ModeDestroy {
				v += 2 * float64(s.health(id))
			}
		}
	}
	if s.active == seat {
		v += turnWorth
	}
	switch s.conf.mode {
	case ModeDestroy:
		// Raiders: units in the area of an enemy's HQ.
		var hq [MaxSeats]int16
		for i := range hq {
			hq[i] = none
		}
		for id := int16(0); id < s.n(); id++ {
			if s.c[id].zone == zPlay && owner(id) != seat && s.def(id).HQ {
				hq[owner(id)] = s.c[id].area
			}
		}
		for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
			c := &s.c[id]
			if c.zone != zPlay || c.area < 0 || s.def(id).Type != TypeUnit {
				continue
			}
			for o := range s.seats {
				if o != seat && hq[o] == c.area {
					v += raiderWorth
					break
				}
			}
		}
	case ModeEnslave:
		v += 12 * float64(s.captures(seat))
	case ModeConquer:
		for id := int16(0); id < s.n(); id++ {
			if s.c[id].flags&fConquer != 0 && s.c[id].zone == zPlay && s.controls(seat, id) {
				v += 8
			}
		}
	}
	return v
}

var _ engine.Evaluator = (*State)(nil)

// Horizon returns how many actions a search's playout plays before it
// asks Evaluate (ai.Horizon): 40, about two turns, with the playouts
// guided by the rules of thumb (PlayoutGuide). Random play seldom reaches
// an objective, and after 200 random actions the evaluation says little:
// a search so played lost every game of ten to the heuristic player.
func (s *State) Horizon() int { return 40 }

// PlayoutGuide returns the share, in percent, of a search's playout
// actions that Suggest chooses (ai.PlayoutGuide): half. The rules of
// thumb are cheap (10 µs a decision); a playout of them alone plays the
// same game again and again, and one of 90% lost more than one of 50%.
func (s *State) PlayoutGuide() int { return 50 }
