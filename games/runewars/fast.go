package runewars

import "skald/engine"

// NextLegal appends the legal actions of the lowest deciding seat
// (engine.FastPath).
func (s *State) NextLegal(buf []engine.Action) []engine.Action {
	d := s.Deciders()
	if d.Empty() {
		return buf
	}
	return s.Legal(d.First(), buf)
}

// ApplyLegal plays a, an action the state has just listed, without
// checking it again (engine.FastPath).
func (s *State) ApplyLegal(a engine.Action) {
	s.do(a, nil)
	s.run(nil)
}

// PlayRandom plays at most limit random actions in a loop of its own
// (engine.RandomPlayer).
func (s *State) PlayRandom(r *engine.Rand, buf []engine.Action, limit int) (int, []engine.Action) {
	n := 0
	for ; n < limit; n++ {
		if (s.stage == stTiles || s.stage == stHomes) && s.nask == 0 && !s.bat.on && s.randomLay(r) {
			continue
		}
		buf = s.NextLegal(buf[:0])
		if len(buf) == 0 {
			break
		}
		s.ApplyLegal(buf[r.IntN(len(buf))])
	}
	return n, buf
}

// randomLay plays the random tile laying that NextLegal and ApplyLegal
// would: the same draw from r over the same list, without writing the
// hundreds of actions out. It reports false, having drawn nothing, when
// there is no tile to lay.
func (s *State) randomLay(r *engine.Rand) bool {
	p := s.turn
	var hand [3]int
	tiles := s.layTiles(p, hand[:0])
	total := 0
	for _, t := range tiles {
		total += len(s.placements(t))
	}
	if total == 0 {
		return false
	}
	k := r.IntN(total)
	for _, t := range tiles {
		list := s.placements(t)
		if k < len(list) {
			pl := list[k]
			s.ApplyLegal(act(p, kLay, t, int(pl.at.q), int(pl.at.r), int(pl.turn)))
			return true
		}
		k -= len(list)
	}
	return false
}
