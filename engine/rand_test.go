package engine_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

// draws takes a mixed sequence of results from r.
func draws(r *engine.Rand) []int {
	var out []int
	for i := 0; i < 20; i++ {
		out = append(out, r.D6(), r.D3(), r.D4(), r.Roll(20), r.Sum2D6(), r.IntN(1000), int(r.Uint64()>>40))
	}
	p := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	return append(out, p...)
}

func TestRandDeterminism(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 1 << 63, ^uint64(0)} {
		a, b := engine.NewRand(seed), engine.NewRand(seed)
		if da, db := draws(&a), draws(&b); !slices.Equal(da, db) {
			t.Errorf("seed %d: two streams differ:\n%v\n%v", seed, da, db)
		}
	}
	// Different seeds give different streams.
	seen := map[string]uint64{}
	for _, seed := range []uint64{0, 1, 2, 3, 42, 1 << 63, ^uint64(0)} {
		r := engine.NewRand(seed)
		k := fmt.Sprint(draws(&r))
		if other, ok := seen[k]; ok {
			t.Errorf("seeds %d and %d give the same stream", other, seed)
		}
		seen[k] = seed
	}
	// The zero Rand is usable and deterministic.
	var z1, z2 engine.Rand
	if d1, d2 := draws(&z1), draws(&z2); !slices.Equal(d1, d2) {
		t.Error("two zero Rands differ")
	}
	z, n0 := engine.Rand{}, engine.NewRand(0)
	if z.Uint64() == n0.Uint64() {
		t.Error("the zero Rand is documented to differ from NewRand(0)")
	}
}

// chiSquare returns the chi-square statistic of counts against a uniform
// expectation.
func chiSquare(counts []int, total int) float64 {
	exp := float64(total) / float64(len(counts))
	x := 0.0
	for _, c := range counts {
		d := float64(c) - exp
		x += d * d / exp
	}
	return x
}

func TestRandRangesAndUniformity(t *testing.T) {
	const n = 60000
	tests := []struct {
		name  string
		lo    int
		sides int
		draw  func(r *engine.Rand) int
	}{
		{"D3", 1, 3, (*engine.Rand).D3},
		{"D4", 1, 4, (*engine.Rand).D4},
		{"D6", 1, 6, (*engine.Rand).D6},
		{"Roll(2)", 1, 2, func(r *engine.Rand) int { return r.Roll(2) }},
		{"Roll(10)", 1, 10, func(r *engine.Rand) int { return r.Roll(10) }},
		{"Roll(20)", 1, 20, func(r *engine.Rand) int { return r.Roll(20) }},
		{"Roll(1)", 1, 1, func(r *engine.Rand) int { return r.Roll(1) }},
		{"IntN(7)", 0, 7, func(r *engine.Rand) int { return r.IntN(7) }},
		{"IntN(1)", 0, 1, func(r *engine.Rand) int { return r.IntN(1) }},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := engine.NewRand(uint64(1000 + i))
			counts := make([]int, tt.sides)
			for range n {
				v := tt.draw(&r)
				if v < tt.lo || v >= tt.lo+tt.sides {
					t.Fatalf("%s = %d, want %d..%d", tt.name, v, tt.lo, tt.lo+tt.sides-1)
				}
				counts[v-tt.lo]++
			}
			// Degrees of freedom are sides-1 <= 19; the 0.1% critical value
			// for 19 is 43.8. The seed is fixed, so this cannot flake.
			if x := chiSquare(counts, n); x > 60 {
				t.Errorf("chi-square %.1f for counts %v", x, counts)
			}
			for f, c := range counts {
				if c == 0 {
					t.Errorf("face %d never came up", f+tt.lo)
				}
			}
		})
	}
}

func TestIntNBounds(t *testing.T) {
	r := engine.NewRand(9)
	for _, n := range []int{1, 2, 3, 5, 7, 100, 1 << 20, 1<<40 + 3, 1<<62 + 1} {
		maxSeen := 0
		for range 2000 {
			v := r.IntN(n)
			if v < 0 || v >= n {
				t.Fatalf("IntN(%d) = %d", n, v)
			}
			maxSeen = max(maxSeen, v)
		}
		// Large n must produce large values too, not only small ones.
		if n >= 100 && maxSeen < n/2 {
			t.Errorf("IntN(%d): largest of 2000 draws is %d", n, maxSeen)
		}
	}
}

func TestIntNIgnoresForcedDice(t *testing.T) {
	r := engine.NewRand(3)
	ref := engine.NewRand(3)
	r.ForceDice(2)
	for range 50 {
		if got, want := r.IntN(6), ref.IntN(6); got != want {
			t.Fatalf("IntN = %d, want %d as without forcing", got, want)
		}
	}
	if d, _ := r.Forced(); d != 1 {
		t.Fatalf("IntN consumed forced dice: %d left", d)
	}
	if got := r.D6(); got != 2 {
		t.Errorf("D6 = %d, want the forced 2", got)
	}
	if r.Err() != nil {
		t.Error(r.Err())
	}
}

func TestSum2D6(t *testing.T) {
	r := engine.NewRand(5)
	counts := make([]int, 13)
	for range 36000 {
		v := r.Sum2D6()
		if v < 2 || v > 12 {
			t.Fatalf("Sum2D6 = %d", v)
		}
		counts[v]++
	}
	// The distribution is triangular: 7 is the most likely, 2 and 12 the least.
	for s := 2; s <= 12; s++ {
		want := 1000 * (6 - abs(s-7)) // 36000 * ways/36
		if c := counts[s]; c < want*8/10 || c > want*12/10 {
			t.Errorf("sum %d came up %d times, want about %d", s, c, want)
		}
	}
	r.ForceDice(3, 4, 6, 6)
	if got := r.Sum2D6(); got != 7 {
		t.Errorf("forced 3+4 = %d", got)
	}
	if got := r.Sum2D6(); got != 12 {
		t.Errorf("forced 6+6 = %d", got)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestDiceAndSum(t *testing.T) {
	r := engine.NewRand(1)
	r.ForceDice(1, 2, 3, 4)
	buf := []int{99}
	buf = r.Dice(3, 6, buf)
	if want := []int{99, 1, 2, 3}; !slices.Equal(buf, want) {
		t.Errorf("Dice = %v, want %v", buf, want)
	}
	r.ForceDice(5, 6)
	if got := r.Sum(3, 6); got != 4+5+6 {
		t.Errorf("Sum = %d, want 15", got)
	}
	if got := r.Sum(0, 6); got != 0 {
		t.Errorf("Sum(0) = %d", got)
	}
	if got := r.Dice(0, 6, nil); len(got) != 0 {
		t.Errorf("Dice(0) = %v", got)
	}
	for range 1000 {
		d := r.Dice(5, 4, nil)
		if len(d) != 5 {
			t.Fatalf("Dice(5) gave %d dice", len(d))
		}
		for _, f := range d {
			if f < 1 || f > 4 {
				t.Fatalf("Dice(5, 4) = %v", d)
			}
		}
		if s := r.Sum(3, 6); s < 3 || s > 18 {
			t.Fatalf("Sum(3, 6) = %d", s)
		}
	}
	if r.Err() != nil {
		t.Error(r.Err())
	}
}

func TestKeepHighest(t *testing.T) {
	tests := []struct {
		name          string
		forced        []int
		n, keep, side int
		buf           []int
		want          []int
		left          int // forced dice left
	}{
		{"keep 3 of 5", []int{2, 6, 3, 6, 1}, 5, 3, 6, nil, []int{6, 6, 3}, 0},
		{"keep 1 of 2", []int{1, 4}, 2, 1, 6, nil, []int{4}, 0},
		{"keep all", []int{3, 1, 2}, 3, 3, 6, nil, []int{3, 2, 1}, 0},
		{"keep more than rolled", []int{1, 5}, 2, 4, 6, nil, []int{5, 1}, 0},
		{"keep none", []int{6, 6}, 2, 0, 6, nil, []int{}, 0},
		{"rolls only n", []int{2, 3, 4}, 2, 1, 6, nil, []int{3}, 1},
		{"appends after buf", []int{1, 3, 2}, 3, 2, 4, []int{9, 0}, []int{9, 0, 3, 2}, 0},
		{"prefix not sorted", []int{1, 2}, 2, 1, 6, []int{1, 5}, []int{1, 5, 2}, 0},
		{"negative keep keeps none", []int{6, 6}, 2, -1, 6, []int{7}, []int{7}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := engine.NewRand(1)
			r.ForceDice(tt.forced...)
			got := r.KeepHighest(tt.n, tt.keep, tt.side, slices.Clone(tt.buf))
			if !slices.Equal(got, tt.want) {
				t.Errorf("KeepHighest = %v, want %v", got, tt.want)
			}
			if d, _ := r.Forced(); d != tt.left {
				t.Errorf("%d forced dice left, want %d", d, tt.left)
			}
			if r.Err() != nil {
				t.Error(r.Err())
			}
		})
	}
	// Random dice: the kept dice are in range, sorted, and no lower than any
	// dropped die (checked by comparing with all dice rolled from a clone).
	r := engine.NewRand(77)
	for range 500 {
		c := r.Clone()
		all := c.Dice(6, 6, nil)
		kept := r.KeepHighest(6, 2, 6, nil)
		slices.Sort(all)
		slices.Reverse(all)
		if !slices.Equal(kept, all[:2]) {
			t.Fatalf("KeepHighest = %v of %v", kept, all)
		}
	}
}

func TestReroll(t *testing.T) {
	tests := []struct {
		name   string
		dice   []int
		forced []int
		again  func(int) bool
		want   []int
		left   int
	}{
		{"below 3", []int{1, 5, 2, 6}, []int{4, 3}, func(f int) bool { return f < 3 }, []int{4, 5, 3, 6}, 0},
		{"none", []int{4, 5}, []int{1}, func(int) bool { return false }, []int{4, 5}, 1},
		{"all", []int{4, 5}, []int{1, 2, 3}, func(int) bool { return true }, []int{1, 2}, 1},
		{"only once", []int{1}, []int{1, 6}, func(f int) bool { return f == 1 }, []int{1}, 1},
		{"empty", nil, []int{2}, func(int) bool { return true }, nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := engine.NewRand(1)
			r.ForceDice(tt.forced...)
			dice := slices.Clone(tt.dice)
			r.Reroll(dice, 6, tt.again)
			if !slices.Equal(dice, tt.want) {
				t.Errorf("Reroll = %v, want %v", dice, tt.want)
			}
			if d, _ := r.Forced(); d != tt.left {
				t.Errorf("%d forced dice left, want %d", d, tt.left)
			}
		})
	}
}

func TestForceDice(t *testing.T) {
	r := engine.NewRand(11)
	ref := engine.NewRand(11)
	r.ForceDice(6, 5)
	r.ForceDice(4) // queues after the others
	if d, s := r.Forced(); d != 3 || s != 0 {
		t.Fatalf("Forced() = %d, %d; want 3, 0", d, s)
	}
	for i, want := range []int{6, 5, 4} {
		if got := r.D6(); got != want {
			t.Errorf("roll %d = %d, want forced %d", i, got, want)
		}
	}
	if d, _ := r.Forced(); d != 0 {
		t.Errorf("%d forced dice left", d)
	}
	// Forced faces do not advance the stream: what follows is what an
	// unforced stream of the same seed gives.
	for i := range 100 {
		got, want := r.D6(), ref.D6()
		if got != want {
			t.Fatalf("random roll %d after forcing = %d, want %d", i, got, want)
		}
	}
	if r.Err() != nil {
		t.Errorf("Err() = %v", r.Err())
	}
	// Forced faces serve any die that can show them.
	r.ForceDice(3, 20, 1)
	if got := r.D3(); got != 3 {
		t.Errorf("D3 = %d", got)
	}
	if got := r.Roll(20); got != 20 {
		t.Errorf("Roll(20) = %d", got)
	}
	if got := r.D4(); got != 1 {
		t.Errorf("D4 = %d", got)
	}
}

func TestForceDiceOutOfRange(t *testing.T) {
	tests := []struct {
		name  string
		face  int
		sides int
		msg   string
	}{
		{"seven on D6", 7, 6, "face 7 cannot be shown by a D6"},
		{"zero", 0, 6, "face 0"},
		{"negative", -2, 4, "face -2 cannot be shown by a D4"},
		{"four on D3", 4, 3, "by a D3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := engine.NewRand(2)
			r.ForceDice(tt.face, 2)
			for range 3 {
				if v := r.Roll(tt.sides); v < 1 || v > tt.sides {
					t.Fatalf("Roll(%d) = %d", tt.sides, v)
				}
			}
			if r.Err() == nil || !strings.Contains(r.Err().Error(), tt.msg) {
				t.Fatalf("Err() = %v, want it to say %q", r.Err(), tt.msg)
			}
			first := r.Err()
			// The bad face was consumed; the next good one is used, and a
			// later misuse does not hide the first.
			r.ForceDice(2, 99)
			if v := r.D6(); v != 2 {
				t.Errorf("next forced die = %d, want 2", v)
			}
			r.D6()
			if r.Err() != first {
				t.Errorf("Err() = %v, want the first error %v", r.Err(), first)
			}
		})
	}
}

func TestForceShuffle(t *testing.T) {
	tests := []struct {
		name string
		perm []int
	}{
		{"empty", []int{}},
		{"one", []int{0}},
		{"identity", []int{0, 1, 2, 3, 4}},
		{"swap", []int{1, 0, 2, 3, 4}},
		{"reverse", []int{4, 3, 2, 1, 0}},
		{"three-cycle left", []int{1, 2, 0}},
		{"three-cycle right", []int{2, 0, 1}},
		{"five-cycle", []int{1, 2, 3, 4, 0}},
		{"five-cycle back", []int{4, 0, 1, 2, 3}},
		{"two two-cycles", []int{1, 0, 3, 2}},
		{"cycle and fixed", []int{2, 1, 3, 0, 4, 6, 5}},
		{"mixed", []int{3, 0, 4, 1, 2, 7, 5, 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orig := make([]string, len(tt.perm))
			for i := range orig {
				orig[i] = string(rune('a' + i))
			}
			s := slices.Clone(orig)
			r := engine.NewRand(4)
			ref := engine.NewRand(4)
			r.ForceShuffle(tt.perm)
			r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
			for i, p := range tt.perm {
				if s[i] != orig[p] {
					t.Fatalf("after forcing %v: %v, want position %d to hold %q", tt.perm, s, i, orig[p])
				}
			}
			if r.Err() != nil {
				t.Errorf("Err() = %v", r.Err())
			}
			if _, n := r.Forced(); n != 0 {
				t.Errorf("%d forced shuffles left", n)
			}
			// A forced shuffle does not advance the stream.
			if got, want := r.Uint64(), ref.Uint64(); got != want {
				t.Error("a forced shuffle advanced the stream")
			}
		})
	}
}

func TestForceShuffleQueueAndCopy(t *testing.T) {
	r := engine.NewRand(1)
	p1 := []int{2, 0, 1}
	r.ForceShuffle(p1)
	r.ForceShuffle([]int{1, 0})
	p1[0] = 0 // the caller's slice is copied
	a := []string{"x", "y", "z"}
	r.Shuffle(3, func(i, j int) { a[i], a[j] = a[j], a[i] })
	if want := []string{"z", "x", "y"}; !slices.Equal(a, want) {
		t.Errorf("first shuffle = %v, want %v", a, want)
	}
	b := []string{"p", "q"}
	r.Shuffle(2, func(i, j int) { b[i], b[j] = b[j], b[i] })
	if want := []string{"q", "p"}; !slices.Equal(b, want) {
		t.Errorf("second shuffle = %v, want %v", b, want)
	}
	if r.Err() != nil {
		t.Error(r.Err())
	}
}

func TestForceShuffleInvalid(t *testing.T) {
	tests := []struct {
		name string
		n    int
		perm []int
	}{
		{"too short", 4, []int{0, 1, 2}},
		{"too long", 3, []int{0, 1, 2, 3}},
		{"duplicate", 4, []int{0, 1, 1, 3}},
		{"out of range", 3, []int{0, 1, 3}},
		{"negative", 3, []int{0, -1, 2}},
		{"nil for some", 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := engine.NewRand(8)
			r.ForceShuffle(tt.perm)
			s := make([]int, tt.n)
			for i := range s {
				s[i] = 10 * i
			}
			r.Shuffle(tt.n, func(i, j int) { s[i], s[j] = s[j], s[i] })
			if r.Err() == nil || !strings.Contains(r.Err().Error(), "not a permutation of "+fmt.Sprint(tt.n)) {
				t.Errorf("Err() = %v", r.Err())
			}
			sorted := slices.Sorted(slices.Values(s))
			for i, v := range sorted {
				if v != 10*i {
					t.Fatalf("shuffle lost elements: %v", s)
				}
			}
			if _, n := r.Forced(); n != 0 {
				t.Errorf("the bad permutation was not consumed: %d left", n)
			}
		})
	}
}

func TestShuffleUniform(t *testing.T) {
	// Every permutation of 4 elements comes up about equally often.
	r := engine.NewRand(21)
	counts := map[string]int{}
	const n = 24000
	for range n {
		a := []byte("abcd")
		r.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
		counts[string(a)]++
	}
	if len(counts) != 24 {
		t.Fatalf("%d distinct permutations of 4, want 24", len(counts))
	}
	c := make([]int, 0, 24)
	for _, v := range counts {
		c = append(c, v)
	}
	// 23 degrees of freedom: the 0.1% critical value is 49.7.
	if x := chiSquare(c, n); x > 70 {
		t.Errorf("chi-square %.1f: %v", x, counts)
	}
}

func TestRandClone(t *testing.T) {
	r := engine.NewRand(99)
	ref := engine.NewRand(99)
	r.D6()
	ref.D6()
	c := r.Clone()
	for range 10 {
		c.D6()
		c.Uint64()
	}
	// Advancing the clone does not advance the original.
	for i := range 20 {
		if got, want := r.Uint64(), ref.Uint64(); got != want {
			t.Fatalf("draw %d of the original = %d, want %d", i, got, want)
		}
	}

	// A clone continues the stream exactly where the original is.
	c = r.Clone()
	if da, db := draws(&r), draws(&c); !slices.Equal(da, db) {
		t.Error("clone and original diverge")
	}

	// Forced queues are copied, not shared.
	r = engine.NewRand(5)
	r.ForceDice(1, 2)
	r.ForceShuffle([]int{1, 0})
	c = r.Clone()
	if d, s := c.Forced(); d != 2 || s != 1 {
		t.Fatalf("clone Forced() = %d, %d", d, s)
	}
	if got := c.D6(); got != 1 {
		t.Errorf("clone D6 = %d", got)
	}
	if d, _ := r.Forced(); d != 2 {
		t.Errorf("rolling the clone consumed the original's forced dice: %d left", d)
	}
	c.ForceDice(6)
	if d, _ := r.Forced(); d != 2 {
		t.Errorf("forcing the clone forced the original: %d left", d)
	}
	if a, b := r.D6(), r.D6(); a != 1 || b != 2 {
		t.Errorf("original rolls %d, %d; want 1, 2", a, b)
	}

	// The error is copied too.
	r.ForceDice(9)
	r.D6()
	if c := r.Clone(); c.Err() == nil {
		t.Error("clone lost Err()")
	}
}

// TestRandForcedQueuesNotShared checks that two copies of a Rand whose
// forced queue has been used up do not write into the same memory when
// both force dice again. Both Clone and a plain copy (Rand is a value) are
// covered.
func TestRandForcedQueuesNotShared(t *testing.T) {
	copies := map[string]func(r *engine.Rand) engine.Rand{
		"Clone": func(r *engine.Rand) engine.Rand { return r.Clone() },
		"value": func(r *engine.Rand) engine.Rand { return *r },
	}
	for name, cp := range copies {
		t.Run(name, func(t *testing.T) {
			for k := 1; k <= 9; k++ {
				for _, before := range []int{1, k} {
					r := engine.NewRand(1)
					faces := make([]int, k)
					for i := range faces {
						faces[i] = 1
					}
					r.ForceDice(faces...)
					for range 3 {
						r.ForceShuffle([]int{0, 1})
					}
					// Use some of the queues before copying, the rest after
					// in both the copy and the original.
					for range before {
						r.D6()
					}
					for range 2 {
						r.Shuffle(2, func(i, j int) {})
					}
					c := cp(&r)
					for range k - before {
						r.D6()
						c.D6()
					}
					r.Shuffle(2, func(i, j int) {})
					c.Shuffle(2, func(i, j int) {})
					if d, s := r.Forced(); d != 0 || s != 0 {
						t.Fatalf("queues not used up: %d, %d", d, s)
					}
					c.ForceDice(6)
					r.ForceDice(2)
					c.ForceShuffle([]int{1, 0})
					r.ForceShuffle([]int{0, 1})
					if got := c.D6(); got != 6 {
						t.Errorf("k=%d before=%d: the copy rolls %d, want its forced 6", k, before, got)
					}
					if got := r.D6(); got != 2 {
						t.Errorf("k=%d before=%d: the original rolls %d, want its forced 2", k, before, got)
					}
					a := []int{0, 1}
					c.Shuffle(2, func(i, j int) { a[i], a[j] = a[j], a[i] })
					if a[0] != 1 {
						t.Errorf("k=%d before=%d: the copy's forced shuffle was overwritten", k, before)
					}
				}
			}
		})
	}
}

func TestAppendState(t *testing.T) {
	r := engine.NewRand(6)
	s0 := r.AppendState(nil)
	if !bytes.Equal(s0, r.AppendState(nil)) {
		t.Fatal("AppendState is not stable")
	}
	prefix := []byte("prefix")
	if got := r.AppendState(slices.Clone(prefix)); !bytes.HasPrefix(got, prefix) || !bytes.Equal(got[len(prefix):], s0) {
		t.Errorf("AppendState does not append: %q", got)
	}
	seen := map[string]bool{string(s0): true}
	for i := range 20 {
		if i%2 == 0 {
			r.D6()
		} else {
			r.IntN(10)
		}
		s := string(r.AppendState(nil))
		if seen[s] {
			t.Fatalf("draw %d: AppendState repeats an earlier state", i)
		}
		seen[s] = true
	}
	// Same seed, same draws: same state. Another seed: another state.
	a, b, c := engine.NewRand(6), engine.NewRand(6), engine.NewRand(7)
	a.D6()
	b.D6()
	c.D6()
	if !bytes.Equal(a.AppendState(nil), b.AppendState(nil)) {
		t.Error("equal streams give different states")
	}
	if bytes.Equal(a.AppendState(nil), c.AppendState(nil)) {
		t.Error("seeds 6 and 7 give the same state")
	}
}
