package engine

// Determinize returns a copy of s as seat may imagine it, for a search bot
// to plan on: s.Determinize(seat, r), everything seat may not see dealt
// again from r, whose random stream is then replaced by a fresh one drawn
// from r. Search bots obtain their copies here, never from
// [State.Determinize] directly, so that the contract is held in one place:
// the real match's stream is hidden from every seat (it is the future dice
// and shuffles), and a game whose Determinize kept it would let a bot plan
// knowing them. Results a scenario forced on the real stream are not
// carried over either. A state whose Rand is nil (a game without chance)
// keeps its copy as Determinize made it.
//
// The copy shows seat exactly the view seat has of s (and the same
// deciders and legal actions for seat), and it depends on nothing seat
// cannot see: from two matches that seat cannot tell apart, and streams r
// in the same position, it makes the same copy. The games' tests check
// both with package enginetest.
func Determinize(s State, seat Seat, r *Rand) State {
	d := s.Determinize(seat, r)
	if dr := d.Rand(); dr != nil {
		*dr = NewRand(r.Uint64())
	}
	return d
}
