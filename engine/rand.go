package engine

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// Rand is a match's one seeded random stream: dice, shuffles and draws all
// come from it, so that a seed reproduces a match. A scenario can force the
// next dice and the next shuffles. The zero Rand is usable; its stream is
// fixed, but it is not the stream of NewRand(0).
//
// Rand is a value: copying it copies the stream's position and the forced
// results still waiting, which is what [State.Clone] needs.
type Rand struct {
	src      rand.PCG
	dice     []int   // forced faces, next first
	shuffles [][]int // forced permutations, next first
	err      error
}

// NewRand returns a stream seeded with seed.
func NewRand(seed uint64) Rand {
	return Rand{src: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// Clone returns an independent copy of r.
func (r *Rand) Clone() Rand {
	c := *r
	c.dice = slices.Clone(r.dice)
	c.shuffles = slices.Clone(r.shuffles)
	return c
}

// Uint64 returns a uniformly random 64-bit value.
func (r *Rand) Uint64() uint64 { return r.src.Uint64() }

// IntN returns a uniform value in [0, n). It never uses forced results;
// those belong to dice and shuffles. n must be positive.
func (r *Rand) IntN(n int) int {
	// Lemire's nearly divisionless method, as in math/rand/v2.
	hi, lo := bits.Mul64(r.src.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := uint64(-n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(r.src.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

// ForceDice makes the next dice rolls show faces, in order.
func (r *Rand) ForceDice(faces ...int) {
	// Clip first so that append never writes into an array that a copy of
	// r may share: the queues are only ever resliced or replaced.
	r.dice = append(slices.Clip(r.dice), faces...)
}

// ForceShuffle makes the next shuffle produce perm: after it, position i
// holds the element that was at position perm[i].
func (r *Rand) ForceShuffle(perm []int) {
	r.shuffles = append(slices.Clip(r.shuffles), slices.Clone(perm))
}

// Forced reports how many forced dice and shuffles are still waiting.
func (r *Rand) Forced() (dice, shuffles int) { return len(r.dice), len(r.shuffles) }

// Err returns the first misuse of a forced result: a face that the die
// cannot show or a permutation of the wrong length. The stream then falls
// back to random results.
func (r *Rand) Err() error { return r.err }

// Roll returns one die with the given number of sides, from 1 to sides.
func (r *Rand) Roll(sides int) int {
	if len(r.dice) > 0 {
		f := r.dice[0]
		r.dice = r.dice[1:]
		if f >= 1 && f <= sides {
			return f
		}
		if r.err == nil {
			r.err = fmt.Errorf("forced die face %d cannot be shown by a D%d", f, sides)
		}
	}
	return 1 + r.IntN(sides)
}

// D3 rolls a three-sided die.
func (r *Rand) D3() int { return r.Roll(3) }

// D4 rolls a four-sided die.
func (r *Rand) D4() int { return r.Roll(4) }

// D6 rolls a six-sided die.
func (r *Rand) D6() int { return r.Roll(6) }

// Sum2D6 rolls two six-sided dice and returns their sum.
func (r *Rand) Sum2D6() int { return r.D6() + r.D6() }

// Dice appends n rolls of a die with the given sides to buf.
func (r *Rand) Dice(n, sides int, buf []int) []int {
	for i := 0; i < n; i++ {
		buf = append(buf, r.Roll(sides))
	}
	return buf
}

// Sum rolls n dice with the given sides and returns their total.
func (r *Rand) Sum(n, sides int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += r.Roll(sides)
	}
	return t
}

// KeepHighest rolls n dice with the given sides and appends the highest
// keep of them, highest first, to buf.
func (r *Rand) KeepHighest(n, keep, sides int, buf []int) []int {
	start := len(buf)
	keep = max(keep, 0)
	buf = r.Dice(n, sides, buf)
	rolled := buf[start:]
	slices.SortFunc(rolled, func(a, b int) int { return b - a })
	if keep < len(rolled) {
		buf = buf[:start+keep]
	}
	return buf
}

// Reroll rolls again, once, every die in dice for which again is true.
func (r *Rand) Reroll(dice []int, sides int, again func(face int) bool) {
	for i, f := range dice {
		if again(f) {
			dice[i] = r.Roll(sides)
		}
	}
}

// Shuffle permutes n elements with swap, or applies the next forced
// permutation.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	if len(r.shuffles) > 0 {
		perm := r.shuffles[0]
		r.shuffles = r.shuffles[1:]
		if isPerm(perm, n) {
			applyPerm(perm, swap)
			return
		}
		if r.err == nil {
			r.err = fmt.Errorf("forced shuffle %v is not a permutation of %d elements", perm, n)
		}
	}
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

func isPerm(p []int, n int) bool {
	if len(p) != n {
		return false
	}
	seen := make([]bool, n)
	for _, x := range p {
		if x < 0 || x >= n || seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

// applyPerm brings the element first at perm[i] to position i, by swaps.
func applyPerm(perm []int, swap func(i, j int)) {
	n := len(perm)
	at := make([]int, n)  // at[i]: original index of the element now at i
	pos := make([]int, n) // pos[o]: current index of original element o
	for i := range at {
		at[i], pos[i] = i, i
	}
	for i, want := range perm {
		j := pos[want]
		if j == i {
			continue
		}
		swap(i, j)
		oi := at[i]
		at[i], at[j] = want, oi
		pos[want], pos[oi] = i, j
	}
}

// AppendState appends the stream's position (not forced results) to b,
// for state hashes.
func (r *Rand) AppendState(b []byte) []byte {
	m, _ := r.src.MarshalBinary()
	b = append(b, m...)
	return binary.LittleEndian.AppendUint64(b, uint64(len(r.dice)+len(r.shuffles)))
}
