package engine_test

import (
	"testing"

	"skald/engine"
)

// clairvoyant is a race whose Determinize forgets to deal the random
// stream again: its copies roll the real match's future dice, as Tactics
// David's did.
type clairvoyant struct{ *raceState }

func (c clairvoyant) Determinize(engine.Seat, *engine.Rand) engine.State { return c.Clone() }

// next returns the next n values of a copy of r.
func next(r *engine.Rand, n int) []uint64 {
	c := r.Clone()
	out := make([]uint64, n)
	for i := range out {
		out[i] = c.Uint64()
	}
	return out
}

// TestDeterminizeGivesAFreshStream checks that the kernel's entry gives a
// copy a stream of its own, drawn from the searcher's stream alone, even
// from a game whose Determinize keeps the real one; that it leaves the real
// match as it was; and that results forced on the real stream stay there.
func TestDeterminizeGivesAFreshStream(t *testing.T) {
	a, b := newRace(1), newRace(2) // the same match but for the stream
	a.Rand().ForceDice(6, 6, 6)
	ha := a.Hash()
	if leak := (clairvoyant{a}).Determinize(0, nil); next(leak.Rand(), 4)[3] != next(a.Rand(), 4)[3] {
		t.Fatal("the clairvoyant race does not keep the real stream: the test proves nothing")
	}
	ra, rb := engine.NewRand(7), engine.NewRand(7)
	da := engine.Determinize(clairvoyant{a}, 0, &ra)
	db := engine.Determinize(clairvoyant{b}, 0, &rb)
	real, copied := next(a.Rand(), 4), next(da.Rand(), 4)
	for i := range real {
		if real[i] == copied[i] {
			t.Errorf("value %d of the copy's stream is the real match's: %v and %v", i, copied, real)
		}
	}
	if d, _ := da.Rand().Forced(); d != 0 {
		t.Errorf("the copy rolls %d dice the scenario forced on the real match", d)
	}
	if got, want := next(da.Rand(), 4), next(db.Rand(), 4); got[0] != want[0] || got[3] != want[3] {
		t.Errorf("copies of matches that differ only in their streams have other streams: %v and %v", got, want)
	}
	if a.Hash() != ha {
		t.Error("Determinize changed the real match")
	}
	if d, _ := a.Rand().Forced(); d != 3 {
		t.Errorf("the real match has %d forced dice left, want 3", d)
	}
	// The searcher's stream moved on: its next copy has another stream.
	dc := engine.Determinize(clairvoyant{a}, 0, &ra)
	if next(dc.Rand(), 1)[0] == next(da.Rand(), 1)[0] {
		t.Error("two copies drawn one after the other share a stream")
	}
}

// chanceless is a race without a random stream: Rand returns nil.
type chanceless struct{ *raceState }

func (c chanceless) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	return chanceless{c.raceState.Determinize(seat, r).(*raceState)}
}
func (chanceless) Rand() *engine.Rand { return nil }

// TestDeterminizeWithoutChance checks that a game without a stream gets
// its own copy back, untouched.
func TestDeterminizeWithoutChance(t *testing.T) {
	s := newRace(1)
	r1, r2 := engine.NewRand(1), engine.NewRand(1)
	d, ok := engine.Determinize(chanceless{s}, 1, &r1).(chanceless)
	if !ok {
		t.Fatal("the copy is not the game's")
	}
	if want := s.Determinize(1, &r2).Hash(); d.Hash() != want {
		t.Errorf("the copy's hash is %x, want the game's copy's %x", d.Hash(), want)
	}
}
