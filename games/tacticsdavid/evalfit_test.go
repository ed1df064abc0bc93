package tacticsdavid

import (
	goflag "flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"skald/engine"
)

// The fit of Evaluate's weights (test-only). Run as
//
//	go test -run TestEvalFit -v ./games/tacticsdavid -args -tdfit 300
//
// TDFIT_CSV=file writes the positions' terms and results; TDFIT_LOAD=file
// fits on such a file instead of playing; TDFIT_COLS=lead,threat,... fits
// the terms named instead of those Evaluate weighs.
var (
	tdFit     = goflag.Int("tdfit", 4, "TestEvalFit: heuristic battles whose positions fit Evaluate's weights")
	tdFitOuts = goflag.Int("tdfit.outs", 4, "TestEvalFit: playouts to the end from each position")
	tdFitSeed = goflag.Uint64("tdfit.seed", 1000, "TestEvalFit: seed of the first battle")
)

// TestEvalFit plays battles of the rules of thumb against themselves, a
// few actions at random, with random armies, and from positions along
// them plays the rules of thumb out to the end a few times; it fits a
// logistic regression of seat one's share of those results on the
// position's terms (evalTerms) and prints it. By default it plays a few
// small battles and checks only that Evaluate predicts the results of the
// positions held out better than a coin does.
func TestEvalFit(t *testing.T) {
	var xs [][]float64
	var ys []float64
	var test []bool // the positions of every fourth battle, held out of the fit
	if f := os.Getenv("TDFIT_LOAD"); f != "" {
		xs, ys, test = loadFit(t, f)
	} else {
		xs, ys, test = playFit(t)
	}
	t.Logf("%d positions", len(xs))
	var fx, tx [][]float64
	var fy, ty []float64
	for i := range xs {
		if test[i] {
			tx, ty = append(tx, xs[i]), append(ty, ys[i])
		} else {
			fx, fy = append(fx, xs[i]), append(fy, ys[i])
		}
	}
	floor := 0.0
	for _, y := range ty {
		if y > 0 && y < 1 {
			floor -= y*math.Log(y) + (1-y)*math.Log(1-y)
		}
	}
	t.Logf("held out: %d positions; entropy of their results (the least log loss): %.4f", len(ty), floor/float64(len(ty)))
	ev := len(termNames) // the column of Evaluate's logit
	shipped := logLoss(tx, ty, func(x []float64) float64 { return x[ev] })
	t.Logf("held out: Evaluate: log loss %.4f", shipped)
	if shipped >= math.Ln2 {
		t.Errorf("Evaluate's held-out log loss %.4f is no better than a coin's %.4f", shipped, math.Ln2)
	}
	cols := make([]int, 0, ev)
	if c := os.Getenv("TDFIT_COLS"); c != "" {
		for _, name := range strings.Split(c, ",") {
			k := slices.Index(termNames[:], name)
			if k < 0 {
				t.Fatalf("TDFIT_COLS: no term %q", name)
			}
			cols = append(cols, k)
		}
	} else {
		for k, w := range evalWeights {
			if w != 0 {
				cols = append(cols, k)
			}
		}
	}
	w := fit(fx, fy, cols)
	var b strings.Builder
	for k, c := range cols {
		fmt.Fprintf(&b, " %s=%.4f", termNames[c], w[k])
	}
	t.Logf("fitted:%s; held-out log loss %.4f", b.String(), logLoss(tx, ty, func(x []float64) float64 {
		z := 0.0
		for k, c := range cols {
			z += w[k] * x[c]
		}
		return z
	}))
}

// playFit plays the battles of TestEvalFit and returns each position's
// terms and Evaluate's logit, its mean result for seat one, and whether
// it is held out.
func playFit(t *testing.T) (xs [][]float64, ys []float64, test []bool) {
	opts := engine.Options{"armies": "auto"}
	if *tdFit <= 4 {
		opts = engine.Options{"armies": "auto", "battlefield": "open-field-7x11", "turns": "6"}
	}
	r := engine.NewRand(99)
	var legal []engine.Action
	for g := 0; g < *tdFit; g++ {
		st, err := New().New(engine.Config{Seats: 2, Seed: *tdFitSeed + uint64(g), Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for n := 0; !s.over; n++ {
			seat := s.Deciders().First()
			if s.stage == stageBattle && n%7 == 0 {
				terms := s.evalTerms(0)
				x := append(terms[:], logit(s.Evaluate(0)))
				y := 0.0
				for range *tdFitOuts {
					c := s.Clone().(*State)
					c.rng = engine.NewRand(r.Uint64())
					y += playOutHeuristic(c, &r)
				}
				xs = append(xs, x)
				ys = append(ys, y/float64(*tdFitOuts))
				test = append(test, g%4 == 3)
			}
			var a engine.Action
			if s.stage == stageBattle && r.IntN(100) < 5 {
				legal = s.Legal(seat, legal[:0])
				a = legal[r.IntN(len(legal))]
			} else {
				a = s.Suggest(seat, &r)
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if f := os.Getenv("TDFIT_CSV"); f != "" {
		var b strings.Builder
		b.WriteString(strings.Join(termNames[:], ",") + ",evaluate,y,test\n")
		for i, x := range xs {
			for _, v := range x {
				fmt.Fprintf(&b, "%g,", v)
			}
			fmt.Fprintf(&b, "%g,%t\n", ys[i], test[i])
		}
		if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return xs, ys, test
}

// loadFit reads the positions playFit wrote to file f. Its columns are
// matched by name: a term the file lacks is 0.
func loadFit(t *testing.T, f string) (xs [][]float64, ys []float64, test []bool) {
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	head := strings.Split(lines[0], ",")
	for _, line := range lines[1:] {
		cells := strings.Split(line, ",")
		x := make([]float64, len(termNames)+1)
		for k, name := range termNames {
			if c := slices.Index(head, name); c >= 0 {
				x[k], _ = strconv.ParseFloat(cells[c], 64)
			}
		}
		if c := slices.Index(head, "played"); c >= 0 {
			played, _ := strconv.ParseFloat(cells[c], 64)
			var t [numTerms]float64
			copy(t[:], x)
			deriveTerms(&t, played)
			copy(x, t[:])
		} else if x[termLead] != 0 {
			var t [numTerms]float64
			copy(t[:], x)
			deriveTerms(&t, x[termLeadLate]/x[termLead])
			copy(x, t[:])
		}
		x[len(termNames)], _ = strconv.ParseFloat(cells[slices.Index(head, "evaluate")], 64)
		y, _ := strconv.ParseFloat(cells[slices.Index(head, "y")], 64)
		xs, ys = append(xs, x), append(ys, y)
		test = append(test, cells[slices.Index(head, "test")] == "true")
	}
	return xs, ys, test
}

// playOutHeuristic plays c to the end by the rules of thumb and returns
// seat one's reward.
func playOutHeuristic(c *State, r *engine.Rand) float64 {
	for !c.over {
		if err := c.Apply(c.Suggest(c.Deciders().First(), r), nil); err != nil {
			panic(err)
		}
	}
	return c.result.Reward(0)
}

// logit returns log(p/(1-p)), p kept off 0 and 1.
func logit(p float64) float64 {
	p = min(max(p, 1e-6), 1-1e-6)
	return math.Log(p / (1 - p))
}

// fit returns the weights, no intercept (the terms are antisymmetric), of
// a logistic regression of ys on the columns cols of xs, by Newton's
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
