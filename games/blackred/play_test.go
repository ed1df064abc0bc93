package blackred

import (
	"math"
	"strings"
	"testing"

	"skald/engine"
)

// playRandom plays a seeded random game to its end and returns the final
// state and the number of actions.
func playRandom(t testing.TB, seed uint64, opts engine.Options) (*State, int) {
	t.Helper()
	st, err := New().New(engine.Config{Seats: 2, Seed: seed, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(seed + 1)
	var buf []engine.Action
	n := 0
	for {
		d := s.Deciders()
		if d.Empty() {
			break
		}
		seat := d.First()
		buf = s.Legal(seat, buf[:0])
		if len(buf) == 0 {
			t.Fatalf("seed %d: seat %d must decide but has no legal action (phase %s)", seed, seat, phaseNames[s.phase])
		}
		if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
			t.Fatalf("seed %d: legal action refused: %v", seed, err)
		}
		n++
		if n > 100000 {
			t.Fatalf("seed %d: no end after %d actions", seed, n)
		}
	}
	return s, n
}

// TestRandomGamesEnd plays thousands of seeded random games: none panics,
// each ends (BR-18), and the first of them replay to the same hashes.
func TestRandomGamesEnd(t *testing.T) {
	wins := [3]int{}
	total := 0
	for seed := uint64(0); seed < 2000; seed++ {
		s, n := playRandom(t, seed, nil)
		total += n
		r, over := s.Result()
		if !over {
			t.Fatalf("seed %d: not over", seed)
		}
		switch {
		case r.Winners.Has(Black):
			wins[0]++
		case r.Winners.Has(Red):
			wins[1]++
		default:
			wins[2]++
		}
	}
	t.Logf("black %d red %d draw %d; %.1f actions/game", wins[0], wins[1], wins[2], float64(total)/2000)
}

// TestBattleCapIsADraw checks BR-18's safety net: a match still going
// after battleCap battles ends in a draw.
func TestBattleCapIsADraw(t *testing.T) {
	s := newState(t, 4, engine.Options{"units": "24"})
	s.battle = battleCap
	r := engine.NewRand(1)
	for s.battle == battleCap && !s.Deciders().Empty() {
		legal := s.Legal(s.Deciders().First(), nil)
		if err := s.Apply(legal[r.IntN(len(legal))], nil); err != nil {
			t.Fatal(err)
		}
	}
	res, over := s.Result()
	if !over || !res.Winners.Empty() || !strings.Contains(res.Reason, "no winner after 2000 battles") {
		t.Fatalf("after battle %d: over %v, result %+v; want a draw by the battle cap", battleCap, over, res)
	}
}

// TestRandomGamesStayFarFromTheCap backs BR-18's claim that no seeded
// random game comes near the battle cap.
func TestRandomGamesStayFarFromTheCap(t *testing.T) {
	most := 0
	for seed := uint64(0); seed < 500; seed++ {
		s, _ := playRandom(t, seed, engine.Options{"units": "24"})
		most = max(most, int(s.battle))
	}
	if most > battleCap/10 {
		t.Fatalf("a random game with 24 units lasted %d battles", most)
	}
	t.Logf("longest of 500 random 24-unit games: %d battles", most)
}

// TestPlayWithoutLogAllocatesNothing checks that play with a nil log, as
// in search and playouts, makes no event text: the rules add their events
// to the nil *engine.Log without checking, so every argument must box
// without allocating. Whole random matches are played through Apply and
// through PlayRandom, some from battle 250 on, whose numbers from 256 on
// would allocate if boxed as integers.
func TestPlayWithoutLogAllocatesNothing(t *testing.T) {
	var starts []*State
	for seed := uint64(1); seed <= 4; seed++ {
		starts = append(starts, newState(t, seed, nil), newState(t, seed, engine.Options{"units": "24"}))
		long := newState(t, seed, engine.Options{"units": "24"})
		long.battle = 250
		starts = append(starts, long)
	}
	r := engine.NewRand(7)
	buf := make([]engine.Action, 0, 64)
	var s State
	allocs := testing.AllocsPerRun(1, func() {
		for k := 0; k < 50; k++ {
			for _, st := range starts {
				st.CloneInto(&s)
				for d := s.Deciders(); !d.Empty(); d = s.Deciders() {
					buf = s.Legal(d.First(), buf[:0])
					if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
						t.Fatal(err)
					}
				}
				st.CloneInto(&s)
				_, buf = s.PlayRandom(&r, buf, math.MaxInt)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations in 1200 matches played without a log, want 0", allocs)
	}
}
