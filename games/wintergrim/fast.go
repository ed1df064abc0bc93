package wintergrim

import "skald/engine"

// The fast path of random playouts and search (engine.FastPath and
// engine.Copier): the same game, asked less.

// NextLegal appends the legal actions of the seat that decides now to buf;
// every decision of Wintergrim is one seat's.
func (s *State) NextLegal(buf []engine.Action) []engine.Action {
	ctx, who := s.context()
	if ctx == ctxOver || who < 0 {
		return buf
	}
	return s.legal(ctx, engine.Seat(who), buf)
}

// ApplyLegal plays a, an action Legal lists now, without checking it
// again and without events.
func (s *State) ApplyLegal(a engine.Action) { s.apply(a, nil) }

// CloneInto makes dst, a Wintergrim state, a copy of s without allocating.
func (s *State) CloneInto(dst engine.State) bool {
	d, ok := dst.(*State)
	if !ok || d == nil {
		return false
	}
	*d = *s
	d.rng = s.rng.Clone()
	return true
}
