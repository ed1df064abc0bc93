package runewars

import (
	"testing"

	"skald/engine"
)

// TestPlayRandomIsTheLegalLoop checks that PlayRandom, with its shortcut
// for laying tiles, reaches exactly the state of the loop it stands for
// (NextLegal, then ApplyLegal of a random one), from the first tile of
// seeded matches at 2 to 4 players, in steps of a few actions.
func TestPlayRandomIsTheLegalLoop(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 5; seed++ {
			st, _ := New().New(engine.Config{Seats: n, Seed: seed})
			a, b := st.(*State), st.Clone().(*State)
			ra, rb := engine.NewRand(seed), engine.NewRand(seed)
			var buf []engine.Action
			for step := 0; !a.over; step++ {
				played, _ := a.PlayRandom(&ra, nil, 3)
				for i := 0; i < played; i++ {
					buf = b.NextLegal(buf[:0])
					b.ApplyLegal(buf[rb.IntN(len(buf))])
				}
				if a.Hash() != b.Hash() {
					t.Fatalf("%d players, seed %d, step %d: PlayRandom and the legal loop part", n, seed, step)
				}
				if played == 0 {
					break
				}
			}
		}
	}
}
