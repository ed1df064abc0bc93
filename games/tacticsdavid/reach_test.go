package tacticsdavid

import (
	"slices"
	"testing"

	"skald/engine"
)

// TestReachBitsIsReachBFS checks that reach on bitgrids finds the grid
// spaces the breadth-first search finds, in the same order, for every
// living unit (alone and with its team partner) and movement from 0 to
// 12, at every step of random battles on several battlefields.
func TestReachBitsIsReachBFS(t *testing.T) {
	for _, opts := range []engine.Options{
		{"armies": "auto"},
		{"armies": "auto", "battlefield": "bramble-creek-crossing"},
		{"armies": "auto", "battlefield": "open-field-7x11", "deploy": "free"},
		{"armies": "auto", "battlefield": "deaths-highway", "limit": "300"},
	} {
		for seed := uint64(1); seed <= 6; seed++ {
			st, err := New().New(engine.Config{Seats: 2, Seed: seed, Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			if s.conf.grid.bits == nil {
				t.Fatalf("%v: the battlefield has no bitgrids", opts)
			}
			r := engine.NewRand(seed)
			var buf []engine.Action
			checked := 0
			for step := 0; ; step++ {
				buf = engine.NextLegal(s, buf[:0])
				if len(buf) == 0 {
					break
				}
				// The bitgrid searches find who stands where from the
				// pieces: the board must agree.
				for sq, v := range s.board {
					if v != 0 && int(s.pieces[v-1].y)*s.bf.W+int(s.pieces[v-1].x) != sq {
						t.Fatalf("%v seed %d step %d: the board has unit %d on grid space %d, where it is not", opts, seed, step, v-1, sq)
					}
				}
				if s.stage == stageBattle && step%3 == 0 {
					for i := range s.pieces {
						if !s.alive(i) {
							continue
						}
						for _, partner := range []int{-1, int(s.pieces[i].team)} {
							for m := 0; m <= 12; m++ {
								bits := slices.Clone(s.reachBits(i, partner, m))
								bfs := s.reachBFS(i, partner, m)
								if !slices.Equal(bits, bfs) {
									t.Fatalf("%v seed %d step %d: unit %d (partner %d) moving %d reaches %v on bitgrids, %v breadth first", opts, seed, step, i, partner, m, bits, bfs)
								}
								checked++
							}
						}
					}
				}
				if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
					t.Fatal(err)
				}
			}
			if checked == 0 {
				t.Errorf("%v seed %d: no reach checked", opts, seed)
			}
		}
	}
}

// TestLargeBattlefieldSearchedBreadthFirst checks that a battlefield too
// large for a bitgrid (14x22) is searched breadth first, and that its
// random playouts play as Legal and Apply do.
func TestLargeBattlefieldSearchedBreadthFirst(t *testing.T) {
	opts := engine.Options{"armies": "auto", "battlefield": "open-field-14x22", "limit": "200"}
	for seed := uint64(1); seed <= 4; seed++ {
		cfg := engine.Config{Seats: 2, Seed: seed, Options: opts}
		fast, err := New().New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if fast.(*State).conf.grid.bits != nil {
			t.Fatalf("a 14x22 battlefield has bitgrids")
		}
		slow, _ := New().New(cfg)
		r1, r2 := engine.NewRand(seed), engine.NewRand(seed)
		n1, _ := fast.(engine.RandomPlayer).PlayRandom(&r1, nil, 100000)
		n2 := 0
		for buf := engine.NextLegal(slow, nil); len(buf) > 0; buf = engine.NextLegal(slow, buf[:0]) {
			if err := slow.Apply(buf[r2.IntN(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
			n2++
		}
		if n1 != n2 || n1 < 100 || fast.Hash() != slow.Hash() {
			t.Errorf("seed %d: PlayRandom plays %d actions to %x; Legal and Apply %d to %x", seed, n1, fast.Hash(), n2, slow.Hash())
		}
	}
}

// BenchmarkReach measures the reach of an engaged Knight on a battlefield
// with terrain, on bitgrids and breadth first.
func BenchmarkReach(b *testing.B) {
	s, _ := engagedKnight(b)
	m := s.engagedRating(0, -1)
	for _, c := range []struct {
		name  string
		reach func(i, partner, m int) []int16
	}{{"bits", s.reachBits}, {"bfs", s.reachBFS}} {
		b.Run(c.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				n = len(c.reach(0, -1, m))
			}
			b.ReportMetric(float64(n), "spaces")
		})
	}
}

// TestBitsPathIsBFSPath checks that the path of a move found on bitgrids
// is the one the breadth-first search finds, to every grid space a living
// unit reaches, avoiding status trails or not, at every step of random
// battles.
func TestBitsPathIsBFSPath(t *testing.T) {
	for _, opts := range []engine.Options{
		{"armies": "auto"},
		{"armies": "auto", "battlefield": "bramble-creek-crossing"},
		{"armies": "auto", "battlefield": "deaths-highway", "limit": "300"},
	} {
		paths := 0
		for seed := uint64(1); seed <= 6; seed++ {
			st, err := New().New(engine.Config{Seats: 2, Seed: seed, Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(seed)
			var buf []engine.Action
			for step := 0; ; step++ {
				buf = engine.NextLegal(s, buf[:0])
				if len(buf) == 0 {
					break
				}
				if s.stage == stageBattle && step%5 == 0 {
					for i := range s.pieces {
						if !s.alive(i) {
							continue
						}
						m := s.rating(i, 0)
						for _, dest := range slices.Clone(s.reachBFS(i, -1, m)) {
							for _, avoid := range []bool{true, false} {
								ok1 := s.bitsPath(i, -1, int(dest), m, avoid)
								p1 := slices.Clone(s.scr().ab.path)
								ok2 := s.bfsPathBFS(i, -1, int(dest), m, avoid)
								p2 := s.scr().ab.path
								if ok1 != ok2 || (ok1 && !slices.Equal(p1, p2)) {
									t.Fatalf("%v seed %d step %d: unit %d to %d (avoid %v): %v %v on bitgrids, %v %v breadth first", opts, seed, step, i, dest, avoid, ok1, p1, ok2, p2)
								}
								paths++
							}
						}
					}
				}
				if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
		if paths == 0 {
			t.Errorf("%v: no path checked", opts)
		}
	}
}
