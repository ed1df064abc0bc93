package runewars

import (
	"math"

	"skald/engine"
)

// evalScale is how many points of worth ahead make a position worth about
// 73% (1/(1+e⁻¹)) in Evaluate.
const evalScale = 10

// Evaluate returns what the position is worth to seat, from 0 to 1, for
// search bots that cut their playouts short (engine.Evaluator): a game of
// Runewars is hundreds of decisions, too long to play out at every search
// step. It weighs seat's worth against the best other faction's: dragon
// runes controlled above all, then rune tokens, areas, cities,
// strongholds, units and Influence. It is a bot's guess, not a rule; a
// finished game is worth its result's reward. It reads the state whole:
// it is called on copies determinized for the seat.
func (s *State) Evaluate(seat engine.Seat) float64 {
	if r, over := s.Result(); over {
		return r.Reward(seat)
	}
	lose := float64(s.n-2) / float64(2*(s.n-1))
	me := int8(seat)
	if me < 0 || me >= s.n {
		return lose
	}
	w := s.worths()
	best := math.Inf(-1)
	for p := int8(0); p < s.n; p++ {
		if p != me {
			best = max(best, w[p])
		}
	}
	x := (w[me] - best) / evalScale
	p := 1 / (1 + math.Exp(-x))
	return p + (1-p)*lose
}

// worths scores every faction's position for Evaluate.
func (s *State) worths() [maxPlayers]float64 {
	var w [maxPlayers]float64
	cen := s.take(-1)
	s.b.placed.each(func(a int) {
		p := cen.ctl[a]
		if p < 0 {
			return
		}
		w[p] += 1
		if c := s.city[a]; c >= 0 {
			w[p] += 1.5
			if s.free && !s.desol[a] && s.frost[a] == 0 {
				w[p] += 8 * float64(s.c.Cities[c].Runes) // an Alternate City's dragon rune (RW-R43)
			}
		}
		if s.keeps[a].owner == p {
			w[p] += 2
		}
		if r := s.runeAt(a); r >= 0 {
			w[p] += 1
			if s.runes[r].dragon {
				w[p] += 8
			}
		}
	})
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if f.area != noArea && f.owner >= 0 {
			w[f.owner] += 0.4 * float64(s.c.Units[f.typ].Health)
		}
	}
	for h := range s.c.Heroes {
		if hf := &s.heroes[h]; hf.owner >= 0 && hf.area != noArea {
			w[hf.owner] += 1 + 0.5*float64(popcount(hf.rewards))
		}
	}
	for p := int8(0); p < s.n; p++ {
		w[p] += 0.2 * float64(s.players[p].influence)
		if s.players[p].victory >= 0 {
			w[p] += 4
		}
	}
	return w
}
