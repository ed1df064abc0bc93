package bloodrage

import "skald/engine"

// The fast path of random playouts and search (engine.FastPath and
// engine.Copier): the same game, asked less.

// NextLegal appends the legal actions of the lowest deciding seat to buf.
func (s *State) NextLegal(buf []engine.Action) []engine.Action {
	d := s.Deciders()
	if d.Empty() {
		return buf
	}
	return s.Legal(d.First(), buf)
}

// ApplyLegal plays a, an action Legal lists now, without checking it
// again and without events.
func (s *State) ApplyLegal(a engine.Action) { s.apply(a, nil) }

// CloneInto makes dst, a Blood Rage state, a copy of s without allocating.
func (s *State) CloneInto(dst engine.State) bool {
	d, ok := dst.(*State)
	if !ok || d == nil {
		return false
	}
	*d = *s
	d.rng = s.rng.Clone()
	return true
}
