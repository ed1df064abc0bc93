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
// search bots that cut their playouts short (engine.Evaluator). It is a
// bot's guess, not a rule: a finished battle is worth its result's
// reward, and one not yet deployed an even 0.5.
//
// In a Deathmatch it is a logistic model of the chance of winning, fitted
// to data (TestEvalFit): seat one's share of the results of battles the
// rules of thumb played out from positions of their own battles. Its
// terms (evalTerms) are the lead in money that seat may expect once the
// side to act has made the attacks its units yet to act threaten and the
// other side those all its units threaten, that lead again as the agreed
// turns run out (an undecided Deathmatch is drawn, TD-39), the lead in
// living units, the lead in pressure (closing in) and the turn. The
// threats are folded into the lead at the lead's weight, so that an
// attack made is worth what it was worth in hand, dice aside: fitted
// freely, the side to act's threat weighed more than the lead, and a
// search kept its attacks in hand. Other missions are judged by
// evaluateHand.
func (s *State) Evaluate(seat engine.Seat) float64 {
	if s.over {
		return s.result.Reward(seat)
	}
	if s.stage != stageBattle || seat < 0 || seat > 1 {
		return 0.5
	}
	if s.conf.mission == Deathmatch {
		t := s.evalTerms(int(seat))
		z := 0.0
		for k, w := range evalWeights {
			z += w * t[k]
		}
		return 1 / (1 + math.Exp(-z))
	}
	return s.evaluateHand(seat)
}

// evalWeights are the weights of Evaluate's terms in a Deathmatch, fitted
// by TestEvalFit on 2,000 battles of the rules of thumb (26,000 positions,
// 8 playouts each); on the positions of the quarter of those battles held
// out its log loss is 0.551, against 0.610 for evaluateHand and 0.693 for
// a coin (go test -run TestEvalFit -v ./games/tacticsdavid -args -tdfit
// 2000 -tdfit.outs 8, with TDFIT_COLS=expected,units,pressure,toact,explate).
var evalWeights = [numTerms]float64{termExpected: 3.4849, termUnits: 1.9882, termPressure: 0.7021, termToAct: 0.2466, termExpLate: -2.9265}

// evaluateHand is Evaluate by weights set by hand, for the missions
// Evaluate's fit has not seen. It weighs the money in seat's living units
// against the other army's, as a lead of the whole (a Kills mission adds
// the kills made, at a unit's average cost each), and a lead leans toward
// a draw as the agreed turns run out in a Deathmatch, which an undecided
// battle ends drawn (TD-39); a deficit does not, or the side behind would
// gain by ending its turns idle. To that it adds seat's pressure: how
// close its units stand to striking distance of an enemy they can kill,
// so that a search closes in and hunts down the units that wander away
// rather than wait for the turn limit.
func (s *State) evaluateHand(seat engine.Seat) float64 {
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
			if !s.alive(i) || s.trueOwner(i) != p || s.attackType(i) == physical && s.pieces[e].utype == ethereal {
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
// 6 of 8 and 11 of 16. The rollout levels, whose playouts follow the
// rules of thumb, name a depth of their own (LevelSearch).
func (s *State) Horizon() int { return 2 }

// Exploration returns the exploration constant of a search (ai.Exploration):
// 0.15. A move a grid space closer to the enemy is worth about a hundredth
// more, and a search exploring as for wins and losses (0.7) visits a
// hundred such moves about evenly: against random play it won 19 of 32
// seeded battles, at 0.15 23 of 32.
func (s *State) Exploration() float64 { return 0.15 }

// The terms of a position that Evaluate weighs, each seen by one seat
// against the other (evalTerms): a term is the seat's measure less the
// enemy's, or the side to act's measure counted for it or against it, so
// that the two seats see opposite terms.
const (
	termLead     = iota // money in living units, as a lead of the whole
	termUnits           // living units, as a lead of all living units
	termPressure        // pressure (how close to striking distance)
	termThreat          // the side to act's threat from its units yet to act, as a share of the money on the battlefield
	termAnswer          // the waiting side's threat from all its units: what it may kill on its turn
	termToAct           // 1 for the side to act, -1 for the other
	termLeadLate        // termLead times the share of the agreed turns played
	termExpected        // termLead + termThreat + termAnswer: the lead expected after the two sides' next attacks
	termExpLate         // termExpected times the share of the agreed turns played
	numTerms
)

// termNames are the names of the terms, for the fit's report.
var termNames = [numTerms]string{"lead", "units", "pressure", "threat", "answer", "toact", "leadlate", "expected", "explate"}

// evalTerms returns the terms of the position for player p.
func (s *State) evalTerms(p int) [numTerms]float64 {
	var t [numTerms]float64
	var money [2]float64
	var units [2]int
	for i := range s.pieces {
		if !s.alive(i) {
			continue
		}
		o := s.trueOwner(i)
		money[o] += float64(s.info[s.pieces[i].prof].cost)
		units[o]++
	}
	total := money[0] + money[1]
	if total <= 0 {
		return t
	}
	o := 1 - p
	t[termLead] = (money[p] - money[o]) / total
	t[termUnits] = float64(units[p]-units[o]) / float64(units[p]+units[o])
	t[termPressure] = s.pressure(p) - s.pressure(o)
	mover := int(s.player)
	sign := 1.0
	if mover != p {
		sign = -1
	}
	t[termThreat] = sign * s.threat(mover, true) / total
	t[termAnswer] = -sign * s.threat(1-mover, false) / total
	t[termToAct] = sign
	played := 0.0
	if s.conf.turns > 0 {
		played = min(1, float64(int(s.turns[0])+int(s.turns[1]))/float64(2*s.conf.turns))
	}
	deriveTerms(&t, played)
	return t
}

// deriveTerms sets the terms made of others, played being the share of
// the agreed turns played.
func deriveTerms(t *[numTerms]float64, played float64) {
	t[termLeadLate] = t[termLead] * played
	t[termExpected] = t[termLead] + t[termThreat] + t[termAnswer]
	t[termExpLate] = t[termExpected] * played
}

// threat returns the money of the enemy units p's units may kill when
// they next act, each counted at the best odds any of them has: a melee
// unit reaches an enemy within its Movement Rating and one grid space, a
// ranged unit one within its Range Rating (it may not move and shoot in a
// turn, seed 004, "Attack Modes") and hits it as a Ranged Hit does
// (TD-B14). The odds of a kill are those of the Attack and Defend
// Procedures' first dice, on the defender's side strength averaged over
// its four sides. With ready set only the units that may still act this
// turn count: not yet engaged, or engaged and not yet past the Combat
// Phase.
func (s *State) threat(p int, ready bool) float64 {
	sum := 0.0
	for e := range s.pieces {
		if !s.alive(e) || s.trueOwner(e) == p {
			continue
		}
		best := 0.0
		for i := range s.pieces {
			if !s.alive(i) || s.trueOwner(i) != p {
				continue
			}
			moved := false
			if ready && s.pieces[i].flags&fEngaged != 0 {
				if k := s.member(i); k < 0 || s.eng.phase > phaseCombat || s.eng.attacked[k] || s.eng.escaped {
					continue
				}
				moved = s.eng.moved
			}
			if v := s.killOdds(i, e, moved); v > best {
				best = v
			}
		}
		sum += best * float64(s.info[s.pieces[e].prof].cost)
	}
	return sum
}

// killOdds returns the chance that piece i kills piece e when it next
// attacks, 0 if e is out of its reach (threat). A unit that moved in its
// engagement moves no further, and a ranged one may not shoot.
func (s *State) killOdds(i, e int, moved bool) float64 {
	at, dt := s.attackType(i), s.pieces[e].utype
	if at == physical && dt == ethereal {
		return 0
	}
	inf := &s.info[s.pieces[i].prof]
	dist := battlefield.Distance(s.pt(i), s.pt(e))
	hit := 1.0
	reach := int(inf.move) + 1
	if moved {
		reach = 1
	}
	if inf.ranged {
		if moved || dist > s.rangeRating(i) {
			return 0
		}
		if dist > 2 {
			hit = sum2D6AtLeast(dist - int(inf.rmod))
		}
	} else if dist > reach {
		return 0
	}
	bonus := 0
	if it := s.pieces[i].items[slotWeapon]; it > 0 {
		bonus = int(s.g.items[it].attackBonus)
	}
	astr := s.baseStrength(i, Front, bonus, false)
	die, d3 := 0, 0 // the defender's first die: 0 a D6, 1 a D3; d3 extra D3s
	switch {
	case at == physical && dt == magical, at == ethereal && dt == physical, at == magical && dt == ethereal:
		die = 1
	case at == magical && dt == physical:
		d3 = 1
	}
	odds := 0.0
	for side := range 4 {
		odds += beatOdds(astr-s.baseStrength(e, side, 0, false), die, d3)
	}
	return hit * odds / 4
}

// killTable[die][d3][diff+killSpan] is the chance that diff plus a D6
// beats the defender's first die (a D6, or a D3 for die 1) and d3 D3s
// (beatOdds).
var killTable = func() (t [2][2][2*killSpan + 1]float64) {
	for die, sides := range [2]int{6, 3} {
		for d3 := range 2 {
			for k := range t[die][d3] {
				diff := k - killSpan
				won, all := 0, 0
				for a := 1; a <= 6; a++ {
					for b := 1; b <= sides; b++ {
						for c := 1; c <= 3; c++ {
							if d3 == 0 && c > 1 {
								break
							}
							def := b
							if d3 == 1 {
								def += c
							}
							all++
							if diff+a > def {
								won++
							}
						}
					}
				}
				t[die][d3][k] = float64(won) / float64(all)
			}
		}
	}
	return t
}()

// killSpan is the greatest strength difference killTable tells apart.
const killSpan = 12

// beatOdds returns the chance that an attack diff stronger than its
// defender kills it on the first dice (killTable).
func beatOdds(diff, die, d3 int) float64 {
	return killTable[die][d3][min(2*killSpan, max(0, diff+killSpan))]
}

// sum2D6AtLeast returns the chance that 2 D6 roll n or more.
func sum2D6AtLeast(n int) float64 {
	switch {
	case n <= 2:
		return 1
	case n > 12:
		return 0
	case n <= 7:
		return float64(36-(n-1)*(n-2)/2) / 36
	}
	return float64((13-n)*(14-n)/2) / 36
}
