package tacticsdavid

import (
	"testing"

	"skald/engine"
)

// TestLockCount checks that State.locks, which lets locksOwed answer at
// once, is the number of pieces Locked in Combat, State.mucous the
// number of Mucous Trail markers, that State.markers has the bit of
// every piece with a marker lying, and that State.dues is set when a
// piece has due bits, after every action of random crowded battles.
func TestLockCount(t *testing.T) {
	locked := 0
	for seed := uint64(1); seed <= 40; seed++ {
		st, err := New().New(engine.Config{Seats: 2, Seed: seed, Options: engine.Options{"armies": "auto", "limit": "200", "deploy": "free"}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed)
		var buf []engine.Action
		for step := 0; step < 2000; step++ {
			buf = s.NextLegal(buf[:0])
			if len(buf) == 0 {
				break
			}
			s.ApplyLegal(buf[r.IntN(len(buf))])
			n := 0
			for i := range s.pieces {
				if s.pieces[i].lock >= 0 {
					n++
				}
			}
			if int(s.locks) != n {
				t.Fatalf("seed %d step %d: locks %d, %d pieces locked", seed, step, s.locks, n)
			}
			mu := 0
			for _, mk := range s.marks {
				if mk.kind == abMucousTrail {
					mu++
				}
			}
			if int(s.mucous) != mu {
				t.Fatalf("seed %d step %d: mucous %d, %d Mucous Trail markers", seed, step, s.mucous, mu)
			}
			for i := range s.pieces {
				if s.pieces[i].ab.due != 0 && !s.dues {
					t.Fatalf("seed %d step %d: u%d has due bits %b, dues is false", seed, step, i, s.pieces[i].ab.due)
				}
			}
			for _, mk := range s.marks {
				if mk.by >= 0 && mk.by < 64 && s.markers&(1<<uint(mk.by)) == 0 {
					t.Fatalf("seed %d step %d: a marker of u%d lies, its bit of markers is clear", seed, step, mk.by)
				}
			}
			if n > 0 {
				locked++
			}
		}
	}
	if locked == 0 {
		t.Error("no Combat Lock formed: the test checks nothing")
	}
}
