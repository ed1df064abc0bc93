package lab

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"skald/sim"
)

// Attribution says what each thing fielded (a unit, a card, a deck) goes
// with. For each thing: how often a seat had it and the win rate of the
// seats that did, with its Wilson interval; and, for things fielded often
// enough (MinFielded seat-matches), its fitted value: the coefficient of
// a ridge regression of each seat's reward (engine.Result.Reward, 1 a
// win, 0 a loss, 0.5 a draw at two seats) on how many copies of each
// thing the seat fielded, every count taken relative to the mean of the
// match's seats, with the seat and the bot of the seat as controls. The
// value is thus the reward one more copy is worth with the rest of the
// army, hand or deck held fixed, and its interval the coefficient ± 1.96
// standard errors (the seats of a match counting as seats-1 observations,
// since their rewards add up to a constant).
type Attribution struct {
	// Rows is the number of seat-matches; Fitted the number of things
	// fitted; Ridge the penalty on every coefficient.
	Rows       int     `json:"rows"`
	MinFielded int     `json:"min_fielded"`
	Fitted     int     `json:"fitted"`
	Ridge      float64 `json:"ridge"`
	// Things lists every thing fielded, by kind and name.
	Things []Thing `json:"things"`
	// Calibration compares fitted values with printed costs, for a game
	// whose things have them.
	Calibration *Calibration `json:"calibration,omitempty"`
}

// Thing is one thing fielded and what it goes with.
type Thing struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	// Cost is the printed cost, 0 when it has none.
	Cost float64 `json:"cost,omitempty"`
	// Fielded counts the seat-matches in which a seat had it, Copies the
	// copies in all, Share Fielded over all seat-matches.
	Fielded int     `json:"fielded"`
	Copies  int     `json:"copies"`
	Share   float64 `json:"share"`
	// Win is the results of the seats that had it.
	Win Rate `json:"win"`
	// Value is the fitted reward of one more copy, with its interval;
	// absent for a thing fielded too seldom to fit.
	Value *Interval `json:"value,omitempty"`
	// Worth is Value in the game's money (Calibration.PerCost), for a
	// priced thing of a calibrated study.
	Worth *Interval `json:"worth,omitempty"`
}

// Interval is an estimate with its 95% interval.
type Interval struct {
	Est  float64 `json:"est"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Calibration sets fitted values against printed costs. PerCost is the
// reward one unit of cost is worth, fitted through the origin over the
// priced things (weighted by the inverse variance of their values); each
// priced thing's worth is its value over PerCost, and the things whose
// printed cost exceeds their worth the most are over-priced.
type Calibration struct {
	PerCost Interval `json:"per_cost"`
	// Valid is false when the study finds no positive worth of cost
	// (PerCost's interval reaches 0 or below): its prices cannot be
	// calibrated from it, and Note says so.
	Valid bool   `json:"valid"`
	Note  string `json:"note,omitempty"`
	// OverPriced and UnderPriced list the 20 things fielded in at least
	// 40 seat-matches whose cost exceeds, and falls short of, their worth
	// the most.
	OverPriced  []Priced `json:"over_priced,omitempty"`
	UnderPriced []Priced `json:"under_priced,omitempty"`
}

// Priced is a thing's printed cost against its fitted worth.
type Priced struct {
	Kind    string   `json:"kind"`
	Name    string   `json:"name"`
	Cost    float64  `json:"cost"`
	Worth   Interval `json:"worth"`
	Gap     float64  `json:"gap"` // Cost - Worth.Est
	Fielded int      `json:"fielded"`
}

// Attribution's fixed choices.
const (
	minFielded = 10   // seat-matches a thing needs to be fitted
	maxFitted  = 600  // things fitted at most, the most fielded first
	ridge      = 1.0  // penalty on every coefficient
	listPriced = 20   // things in each calibration list
	listMin    = 40   // seat-matches a thing needs to be listed there
	zInterval  = 1.96 // 95%
)

type thingKey struct{ kind, name string }

// attribute fits what each thing fielded is worth; nil when nothing was
// fielded.
func attribute(s *Study, ms []Match) *Attribution {
	seats := len(s.Seats)
	things := map[thingKey]*Thing{}
	wins := map[thingKey]*rating{}
	rows, matches := 0, 0
	for _, m := range ms {
		if m.Failed != "" || len(m.Fielded) != seats {
			continue
		}
		matches++
		for k := range seats {
			rows++
			for _, it := range m.Fielded[k] {
				key := thingKey{it.Kind, it.Name}
				t := things[key]
				if t == nil {
					t = &Thing{Kind: it.Kind, Name: it.Name, Cost: it.Cost}
					things[key] = t
					wins[key] = &rating{}
				}
				t.Fielded++
				t.Copies += it.N
				wins[key].add(m.Places[k] == 1 && !m.Draw, m.Rewards[k])
			}
		}
	}
	if len(things) == 0 {
		return nil
	}
	a := &Attribution{Rows: rows, MinFielded: minFielded, Ridge: ridge}
	keys := make([]thingKey, 0, len(things))
	for k, t := range things {
		keys = append(keys, k)
		t.Share = float64(t.Fielded) / float64(rows)
		t.Win = wins[k].rate()
		t.Win.Name = ""
	}
	slices.SortFunc(keys, func(x, y thingKey) int { return cmp.Or(cmp.Compare(x.kind, y.kind), cmp.Compare(x.name, y.name)) })
	// The things fitted: fielded often enough, the most fielded first.
	var fit []thingKey
	for _, k := range keys {
		if things[k].Fielded >= minFielded {
			fit = append(fit, k)
		}
	}
	slices.SortStableFunc(fit, func(x, y thingKey) int { return cmp.Compare(things[y].Fielded, things[x].Fielded) })
	if len(fit) > maxFitted {
		fit = fit[:maxFitted]
	}
	a.Fitted = len(fit)
	if len(fit) > 0 && seats > 1 {
		coef, se := regress(s, ms, fit)
		for j, k := range fit {
			if se[j] >= 0 {
				things[k].Value = &Interval{coef[j], coef[j] - zInterval*se[j], coef[j] + zInterval*se[j]}
			}
		}
	}
	for _, k := range keys {
		a.Things = append(a.Things, *things[k])
	}
	a.Calibration = calibrate(a.Things)
	if a.Calibration != nil {
		per := a.Calibration.PerCost.Est
		for i := range a.Things {
			t := &a.Things[i]
			if a.Calibration.Valid && t.Cost > 0 && t.Value != nil {
				t.Worth = &Interval{t.Value.Est / per, t.Value.Low / per, t.Value.High / per}
			}
		}
		if a.Calibration.Valid {
			var ps []Priced
			for _, t := range a.Things {
				if t.Worth != nil && t.Fielded >= listMin {
					ps = append(ps, Priced{Kind: t.Kind, Name: t.Name, Cost: t.Cost, Worth: *t.Worth, Gap: t.Cost - t.Worth.Est, Fielded: t.Fielded})
				}
			}
			slices.SortStableFunc(ps, func(x, y Priced) int { return cmp.Compare(y.Gap, x.Gap) })
			a.Calibration.OverPriced = slices.Clone(ps[:min(listPriced, len(ps))])
			slices.Reverse(ps)
			a.Calibration.UnderPriced = slices.Clone(ps[:min(listPriced, len(ps))])
		}
	}
	return a
}

// regress fits the reward of each seat-match on the things in fit, with
// the seats and bots as controls, and returns each thing's coefficient
// and standard error (-1 when it has none).
func regress(s *Study, ms []Match, fit []thingKey) (coef, se []float64) {
	seats := len(s.Seats)
	index := map[thingKey]int{}
	for j, k := range fit {
		index[k] = j
	}
	bots := slices.Compact(slices.Sorted(slices.Values(s.Seats)))
	p := len(fit) + seats + len(bots)
	xtx := make([]float64, p*p)
	xty := make([]float64, p)
	var yy float64
	x := make([]float64, p)
	counts := make([][]float64, seats)
	for k := range counts {
		counts[k] = make([]float64, len(fit))
	}
	obs := 0
	var nz []int
	for _, m := range ms {
		if m.Failed != "" || len(m.Fielded) != seats {
			continue
		}
		obs += seats - 1
		mean := make([]float64, len(fit))
		for k := range seats {
			clear(counts[k])
			for _, it := range m.Fielded[k] {
				if j, ok := index[thingKey{it.Kind, it.Name}]; ok {
					counts[k][j] = float64(it.N)
					mean[j] += float64(it.N) / float64(seats)
				}
			}
		}
		lineup := sim.Lineup(s.Seats, m.Index)
		botShare := make([]float64, len(bots))
		for _, spec := range lineup {
			botShare[slices.Index(bots, spec)] += 1 / float64(seats)
		}
		for k := range seats {
			clear(x)
			for j := range fit {
				x[j] = counts[k][j] - mean[j]
			}
			for q := range seats {
				x[len(fit)+q] = -1 / float64(seats)
			}
			x[len(fit)+k] += 1
			for b := range bots {
				x[len(fit)+seats+b] = -botShare[b]
			}
			x[len(fit)+seats+slices.Index(bots, lineup[k])] += 1
			y := m.Rewards[k] - 0.5
			nz = nz[:0]
			for j, v := range x {
				if v != 0 {
					nz = append(nz, j)
				}
			}
			for _, i := range nz {
				xty[i] += x[i] * y
				row := xtx[i*p:]
				for _, j := range nz {
					row[j] += x[i] * x[j]
				}
			}
			yy += y * y
		}
	}
	for i := range p {
		xtx[i*p+i] += ridge
	}
	l, ok := cholesky(xtx, p)
	coef = make([]float64, len(fit))
	se = make([]float64, len(fit))
	if !ok {
		for j := range se {
			se[j] = -1
		}
		return coef, se
	}
	beta := solve(l, p, xty)
	// RSS = y'y - 2β'X'y + β'X'Xβ, with X'X without the ridge.
	rss := yy
	for i := range p {
		rss -= 2 * beta[i] * xty[i]
		for j := range p {
			g := xtx[i*p+j]
			if i == j {
				g -= ridge
			}
			rss += beta[i] * g * beta[j]
		}
	}
	df := obs - p
	sigma2 := math.Max(rss, 0) / float64(max(df, 1))
	e := make([]float64, p)
	for j := range fit {
		clear(e)
		e[j] = 1
		inv := solve(l, p, e)
		coef[j] = beta[j]
		if df < 1 {
			se[j] = -1
			continue
		}
		se[j] = math.Sqrt(sigma2 * inv[j])
	}
	return coef, se
}

// cholesky returns the lower triangle L of a = L·Lᵀ, a symmetric positive
// definite p×p matrix in row-major order.
func cholesky(a []float64, p int) ([]float64, bool) {
	l := make([]float64, p*p)
	for i := range p {
		for j := 0; j <= i; j++ {
			sum := a[i*p+j]
			for k := range j {
				sum -= l[i*p+k] * l[j*p+k]
			}
			if i == j {
				if sum <= 0 {
					return nil, false
				}
				l[i*p+i] = math.Sqrt(sum)
			} else {
				l[i*p+j] = sum / l[j*p+j]
			}
		}
	}
	return l, true
}

// solve returns x with L·Lᵀ·x = b.
func solve(l []float64, p int, b []float64) []float64 {
	y := make([]float64, p)
	for i := range p {
		sum := b[i]
		for k := range i {
			sum -= l[i*p+k] * y[k]
		}
		y[i] = sum / l[i*p+i]
	}
	x := make([]float64, p)
	for i := p - 1; i >= 0; i-- {
		sum := y[i]
		for k := i + 1; k < p; k++ {
			sum -= l[k*p+i] * x[k]
		}
		x[i] = sum / l[i*p+i]
	}
	return x
}

// calibrate fits the reward a unit of cost is worth over the priced,
// fitted things; nil when there are none.
func calibrate(ts []Thing) *Calibration {
	var num, den float64
	n := 0
	for _, t := range ts {
		if t.Cost <= 0 || t.Value == nil {
			continue
		}
		se := (t.Value.High - t.Value.Est) / zInterval
		if se <= 0 {
			continue
		}
		w := 1 / (se * se)
		num += w * t.Cost * t.Value.Est
		den += w * t.Cost * t.Cost
		n++
	}
	if n == 0 || den == 0 {
		return nil
	}
	per := num / den
	half := zInterval * math.Sqrt(1/den)
	c := &Calibration{PerCost: Interval{per, per - half, per + half}}
	c.Valid = c.PerCost.Low > 0
	if !c.Valid {
		c.Note = fmt.Sprintf("the study finds no positive worth of cost (%.5f per unit, interval %.5f to %.5f) over %d priced things: play more matches, or stronger bots, before reading prices from it", per, c.PerCost.Low, c.PerCost.High, n)
	}
	return c
}
