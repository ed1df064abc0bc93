package ai

import "skald/engine"

// Inferrer is a state that can deal what a seat cannot see with a model
// of how the other players choose: a determinization ([engine.State]'s
// Determinize) whose deals are weighed by the choices the other players
// were seen to make, and whose cards placed face down are the ones they
// would have chosen. It must depend only on what seat sees, as
// Determinize does. A [Rollout] with Infer set deals with it.
type Inferrer interface {
	Infer(seat engine.Seat, r *engine.Rand) engine.State
}

// infer returns s.Infer's copy for seat when s is an [Inferrer], with a
// fresh random stream as [engine.Determinize] gives, and
// engine.Determinize's copy otherwise.
func infer(s engine.State, seat engine.Seat, r *engine.Rand) engine.State {
	in, ok := s.(Inferrer)
	if !ok {
		return engine.Determinize(s, seat, r)
	}
	d := in.Infer(seat, r)
	if dr := d.Rand(); dr != nil {
		*dr = engine.NewRand(r.Uint64())
	}
	return d
}
