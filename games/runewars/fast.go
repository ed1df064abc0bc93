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
		buf = s.NextLegal(buf[:0])
		if len(buf) == 0 {
			break
		}
		s.ApplyLegal(buf[r.IntN(len(buf))])
	}
	return n, buf
}
