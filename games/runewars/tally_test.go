package runewars

import (
	"testing"

	"skald/engine"
)

// TestTallyKeptTrue checks the kept count of who holds each area against
// a count made afresh after every action of seeded random games: a change
// to figures, strongholds or the battle that forgot to mark it would show.
func TestTallyKeptTrue(t *testing.T) {
	for n := 2; n <= 4; n++ {
		st, err := New().New(engine.Config{Seats: n, Seed: uint64(10 + n)})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(uint64(n))
		for steps := 0; !s.over; steps++ {
			d := s.Deciders()
			seat := d.List()[r.IntN(d.Len())]
			legal := s.Legal(seat, nil)
			a := legal[r.IntN(len(legal))]
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
			kept := s.take(-1)
			fresh := *s
			fresh.tal.ok = false
			if got := fresh.take(-1); got != kept {
				t.Fatalf("%d players, step %d (%s): the kept tally differs from a fresh count", n, steps, s.FormatAction(a))
			}
		}
	}
}
