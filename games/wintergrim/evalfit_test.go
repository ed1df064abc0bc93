package wintergrim

import (
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

var evalFit = flag.Int("wgfit", 8, "TestEvalFit: number of heuristic games whose positions fit Evaluate's weights (400 made the shipped ones)")

// fitFeatures are the names of evalFeatures' entries.
var fitFeatures = []string{"hand", "fighters", "fcost", "fhealth", "workers", "structs", "shealth", "hq", "paths", "food", "raiders", "raiddmg", "active", "guards", "deck", "first", "turn*hq", "strength"}

// evalFeatures returns seat's features for the fit: the terms Evaluate
// may weigh, the last one the strength it weighs now.
func (s *State) evalFeatures(seat int8) []float64 {
	f := make([]float64, len(fitFeatures))
	f[0] = float64(s.handSize(seat))
	var home [MaxSeats]int16
	for i := range home {
		home[i] = none
	}
	for id := int16(0); id < s.n(); id++ {
		if s.c[id].zone == zPlay && s.def(id).HQ {
			home[owner(id)] = s.c[id].area
		}
	}
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		c := &s.c[id]
		if c.zone != zPlay {
			continue
		}
		d := s.def(id)
		switch {
		case d.Type == TypeUnit && d.Classes&Worker != 0:
			f[4]++
		case d.Type == TypeUnit:
			f[1]++
			f[2] += float64(d.Cost)
			f[3] += float64(s.health(id))
			for o := int8(0); o < s.seats; o++ {
				if o != seat && home[o] >= 0 && c.area == home[o] {
					f[10]++
					f[11] += float64(d.Weapon.Damage)
				}
			}
		case d.HQ:
			f[7] = float64(s.health(id))
		case d.Type == TypeStructure:
			f[5]++
			f[6] += float64(s.health(id))
		case d.Type == TypePath:
			f[8]++
		}
	}
	f[9] = float64(s.food(seat))
	if s.active == seat {
		f[12] = 1
	}
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.c[id].zone == zPlay && home[seat] >= 0 && s.c[id].area == home[seat] && s.fighter(id) {
			f[13]++
		}
	}
	f[14] = float64(s.p[seat].n)
	if s.search.order[0] == seat {
		f[15] = 1
	}
	f[16] = float64(s.turn) * f[7] / 10
	f[17] = s.strength(seat)
	return f
}

// TestEvalFit plays heuristic games with some random actions, and from
// positions along them plays the heuristic out to the end a few times; it
// fits a logistic regression of seat one's share of those results on the
// difference of the two seats' features, and prints it (go test -run
// EvalFit -v ./games/wintergrim -args -wgfit 400). By default it fits on 8
// games and checks only that Evaluate, on the positions held out, predicts
// the results better than a coin does.
func TestEvalFit(t *testing.T) {
	const outs = 4
	var xs [][]float64
	var ys []float64
	var test []bool // a position of every fourth game, held out of the fit
	r := engine.NewRand(99)
	for g := 0; g < *evalFit; g++ {
		opts := engine.Options{}
		if g%2 == 1 {
			opts = engine.Options{"deck": "vanheim", "deck2": "asheim"}
		}
		s := newState(t, uint64(1000+g), opts)
		for n := 0; ; n++ {
			dec := s.Deciders()
			if dec.Empty() {
				break
			}
			if s.stage == stPlay && n%9 == 0 {
				a, b := s.evalFeatures(0), s.evalFeatures(1)
				x := make([]float64, len(a))
				for i := range a {
					x[i] = a[i] - b[i]
				}
				y := 0.0
				for range outs {
					c := s.Clone().(*State)
					*c.Rand() = engine.NewRand(r.Uint64())
					y += playOut(c, &r)
				}
				xs = append(xs, x)
				ys = append(ys, y/outs)
				test = append(test, g%4 == 3)
			}
			actor := dec.First()
			var a engine.Action
			if r.IntN(100) < 15 {
				legal := s.Legal(actor, nil)
				a = legal[r.IntN(len(legal))]
			} else {
				a = s.Suggest(actor, &r)
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions", len(xs))
	floor := 0.0
	for _, y := range ys {
		if y > 0 && y < 1 {
			floor -= y*math.Log(y) + (1-y)*math.Log(1-y)
		}
	}
	t.Logf("entropy of the targets (the least log loss): %.4f", floor/float64(len(ys)))
	var fx, tx [][]float64
	var fy, ty []float64
	for i := range xs {
		if test[i] {
			tx, ty = append(tx, xs[i]), append(ty, ys[i])
		} else {
			fx, fy = append(fx, xs[i]), append(fy, ys[i])
		}
	}
	if f := os.Getenv("WGFIT_CSV"); f != "" {
		var b strings.Builder
		b.WriteString(strings.Join(fitFeatures, ",") + ",y\n")
		for i, x := range xs {
			for _, v := range x {
				fmt.Fprintf(&b, "%g,", v)
			}
			fmt.Fprintf(&b, "%g\n", ys[i])
		}
		os.WriteFile(f, []byte(b.String()), 0o644)
	}
	str := len(fitFeatures) - 1
	// The evaluation: its own scale, and a fitted one.
	shipped := logLoss(tx, ty, func(x []float64) float64 { return x[str] / evalScale })
	t.Logf("held out: Evaluate (scale %d): log loss %.4f", evalScale, shipped)
	if coin := math.Ln2; shipped >= coin {
		t.Errorf("Evaluate's held-out log loss %.4f is no better than a coin's %.4f", shipped, coin)
	}
	w := fit(fx, fy, []int{str})
	t.Logf("strength refitted: weight %.4f (scale %.2f), held-out log loss %.4f", w[0], 1/w[0], logLoss(tx, ty, func(x []float64) float64 { return w[0] * x[str] }))
	all := make([]int, str)
	for i := range all {
		all[i] = i
	}
	if cols := os.Getenv("WGFIT_COLS"); cols != "" {
		all = all[:0]
		for _, c := range strings.Split(cols, ",") {
			all = append(all, slices.Index(fitFeatures, c))
		}
	}
	w = fit(fx, fy, all)
	var b strings.Builder
	for k, i := range all {
		fmt.Fprintf(&b, " %s=%.4f", fitFeatures[i], w[k])
	}
	t.Logf("new features:%s, held-out log loss %.4f", b.String(), logLoss(tx, ty, func(x []float64) float64 {
		z := 0.0
		for k, i := range all {
			z += w[k] * x[i]
		}
		return z
	}))
}

// playOut plays c to the end by the rules of thumb and returns seat one's
// reward.
func playOut(c *State, r *engine.Rand) float64 {
	for {
		dec := c.Deciders()
		if dec.Empty() {
			res, _ := c.Result()
			return res.Reward(0)
		}
		if err := c.Apply(c.Suggest(dec.First(), r), nil); err != nil {
			panic(err)
		}
	}
}

// fit returns the weights, no intercept (the features are differences),
// of a logistic regression of ys on the columns cols of xs, by Newton's
// method with a little ridge.
func fit(xs [][]float64, ys []float64, cols []int) []float64 {
	k := len(cols)
	w := make([]float64, k)
	for range 50 {
		g := make([]float64, k)
		h := make([][]float64, k)
		for i := range h {
			h[i] = make([]float64, k)
			h[i][i] = 1e-3
			g[i] = 1e-3 * w[i]
		}
		for n, x := range xs {
			z := 0.0
			for a, i := range cols {
				z += w[a] * x[i]
			}
			p := 1 / (1 + math.Exp(-z))
			for a, i := range cols {
				g[a] += (p - ys[n]) * x[i]
				for b, j := range cols {
					h[a][b] += p * (1 - p) * x[i] * x[j]
				}
			}
		}
		d := solve(h, g)
		for a := range w {
			w[a] -= d[a]
		}
	}
	return w
}

// solve solves h·d = g by Gaussian elimination with partial pivoting.
func solve(h [][]float64, g []float64) []float64 {
	k := len(g)
	m := make([][]float64, k)
	for i := range m {
		m[i] = append(append([]float64{}, h[i]...), g[i])
	}
	for c := 0; c < k; c++ {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		m[c], m[p] = m[p], m[c]
		for r := 0; r < k; r++ {
			if r == c || m[c][c] == 0 {
				continue
			}
			f := m[r][c] / m[c][c]
			for j := c; j <= k; j++ {
				m[r][j] -= f * m[c][j]
			}
		}
	}
	d := make([]float64, k)
	for i := range d {
		if m[i][i] != 0 {
			d[i] = m[i][k] / m[i][i]
		}
	}
	return d
}

// logLoss returns the mean cross-entropy of the predictions sigmoid(z(x)).
func logLoss(xs [][]float64, ys []float64, z func([]float64) float64) float64 {
	sum := 0.0
	for n, x := range xs {
		p := 1 / (1 + math.Exp(-z(x)))
		p = min(max(p, 1e-9), 1-1e-9)
		sum -= ys[n]*math.Log(p) + (1-ys[n])*math.Log(1-p)
	}
	return sum / float64(len(xs))
}
