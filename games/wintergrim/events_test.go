package wintergrim

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"skald/engine"
)

// TestApplyWithoutLogAllocatesNothing plays seeded random games of every
// mode, one of them long enough for turn numbers above 255, and checks
// that no action applied with a nil log allocates, but for the one that
// ends the game (its result's reason is made then). The events' arguments
// box without allocating and make their texts only when recorded (text.go).
func TestApplyWithoutLogAllocatesNothing(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var ms0, ms1 runtime.MemStats
	actions := 0
	for _, mode := range modeNames {
		for seed := uint64(1); seed <= 3; seed++ {
			opts := engine.Options{"mode": mode}
			if seed == 3 {
				opts["turns"] = "200"
			}
			st, err := New().New(engine.Config{Seats: 2 + int(seed)%3, Seed: seed, Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(seed)
			var legal []engine.Action
			for !s.Deciders().Empty() {
				legal = s.Legal(s.Deciders().First(), legal[:0])
				a := legal[r.IntN(len(legal))]
				text := s.FormatAction(a)
				// Measured on copies, the least of three tries, so that
				// an allocation of another goroutine does not count.
				n := uint64(math.MaxUint64)
				for try := 0; try < 3 && n != 0; try++ {
					c := s.Clone()
					runtime.ReadMemStats(&ms0)
					c.Apply(a, nil)
					runtime.ReadMemStats(&ms1)
					n = min(n, ms1.Mallocs-ms0.Mallocs)
				}
				if err := s.Apply(a, nil); err != nil {
					t.Fatalf("%s, seed %d: %s: %v", mode, seed, text, err)
				}
				actions++
				if n != 0 && s.stage != stOver {
					t.Errorf("%s, seed %d, turn %d: %s allocates %d times without a log", mode, seed, s.turn, text, n)
				}
			}
		}
	}
	t.Logf("%d actions", actions)
}

// TestRollText checks that a roll's dice read as fmt writes them, also for
// a roll of more dice than a rolled keeps, and that rolling draws from the
// stream exactly as engine.Rand.Dice does.
func TestRollText(t *testing.T) {
	s := newState(t, 1, nil)
	for _, n := range []int{0, 1, 2, maxDice, maxDice + 1, 40} {
		want := s.rng.Clone()
		dice := want.Dice(n, 6, nil)
		hits, six := s.roll(&s.rolls[1], n, 4)
		if got, w := s.rolls[1].String(), fmt.Sprint(dice); got != w {
			t.Errorf("%d dice read %q, want %q", n, got, w)
		}
		wantHits, wantSix := 0, false
		for _, f := range dice {
			if f >= 4 {
				wantHits++
			}
			wantSix = wantSix || f == 6
		}
		if hits != wantHits || six != wantSix {
			t.Errorf("%d dice %v: %d hits, six %v; want %d, %v", n, dice, hits, six, wantHits, wantSix)
		}
		if s.rng.Uint64() != want.Uint64() {
			t.Errorf("%d dice: the stream is not where Dice leaves it", n)
		}
	}
}
