package runewars

import (
	"slices"
	"testing"

	"skald/engine"
)

// TestPlacementsGridMatchesSlow checks the fast placement search against
// the hex-by-hex one on the boards of seeded random setups: the same
// places, whatever the order.
func TestPlacementsGridMatchesSlow(t *testing.T) {
	key := func(p placement) int { return (int(p.at.q)+100)*1000000 + (int(p.at.r)+100)*10 + int(p.turn) }
	for seed := uint64(1); seed <= 6; seed++ {
		st, _ := New().New(engine.Config{Seats: 4, Seed: seed})
		s := st.(*State)
		r := engine.NewRand(seed)
		for s.stage == stTiles || s.stage == stHomes {
			for tile := range s.c.Tiles {
				fast, slow := s.b.legalPlacements(s.c, tile), s.b.legalPlacementsSlow(s.c, tile)
				fk, sk := make([]int, len(fast)), make([]int, len(slow))
				for i, p := range fast {
					fk[i] = key(p)
				}
				for i, p := range slow {
					sk[i] = key(p)
				}
				slices.Sort(fk)
				slices.Sort(sk)
				if !slices.Equal(fk, sk) && s.b.placed != 0 {
					t.Fatalf("seed %d, %d areas laid, tile %s: %d places by the grid, %d hex by hex", seed, s.b.placed.len(), s.c.Tiles[tile].ID, len(fast), len(slow))
				}
			}
			legal := s.Legal(s.Deciders().First(), nil)
			s.Apply(legal[r.IntN(len(legal))], nil)
		}
	}
}
