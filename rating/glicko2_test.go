package rating

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestGlickmanExample is the worked example of Glickman's paper: a
// 1500/200/0.06 player beats a 1400/30 one and loses to 1550/100 and
// 1700/300 ones.
func TestGlickmanExample(t *testing.T) {
	p := Player{1500, 200, 0.06}
	got := Update(p, []Result{
		{Player{1400, 30, 0.06}, 1},
		{Player{1550, 100, 0.06}, 0},
		{Player{1700, 300, 0.06}, 0},
	})
	if !near(got.Rating, 1464.06, 0.01) || !near(got.Deviation, 151.52, 0.01) || !near(got.Volatility, 0.05999, 0.00001) {
		t.Fatalf("got %+v, want 1464.06, 151.52, 0.05999", got)
	}
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players []Player
		places  []int
		check   func(t *testing.T, before, after []Player)
	}{
		{"a win between new players", []Player{New(), New()}, []int{1, 2}, func(t *testing.T, b, a []Player) {
			// Symmetric, and near Glicko's well-known 1662/1338 for a
			// first game.
			if !near(a[0].Rating-1500, 1500-a[1].Rating, 1e-9) || !near(a[0].Rating, 1662.3, 0.1) {
				t.Errorf("%+v", a)
			}
			if a[0].Deviation >= MaxDeviation || a[1].Deviation >= MaxDeviation {
				t.Errorf("deviation did not shrink: %+v", a)
			}
		}},
		{"a draw between equals changes no rating", []Player{New(), New()}, []int{1, 1}, func(t *testing.T, b, a []Player) {
			if !near(a[0].Rating, 1500, 1e-9) || !near(a[1].Rating, 1500, 1e-9) {
				t.Errorf("%+v", a)
			}
		}},
		{"an upset moves more than the expected result", []Player{{1800, 60, 0.06}, {1400, 60, 0.06}}, []int{2, 1}, func(t *testing.T, b, a []Player) {
			exp, _ := Match([]Player{{1800, 60, 0.06}, {1400, 60, 0.06}}, []int{1, 2})
			if up, down := a[1].Rating-b[1].Rating, exp[0].Rating-b[0].Rating; up <= down || up <= 0 {
				t.Errorf("upset gain %.1f, expected win's gain %.1f", up, down)
			}
		}},
		{"four players by place", []Player{New(), New(), New(), New()}, []int{1, 2, 2, 4}, func(t *testing.T, b, a []Player) {
			if !(a[0].Rating > a[1].Rating && near(a[1].Rating, a[2].Rating, 1e-9) && a[2].Rating > a[3].Rating) {
				t.Errorf("%+v", a)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			after, err := Match(tc.players, tc.places)
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, tc.players, after)
		})
	}
}

func TestMatchRefuses(t *testing.T) {
	for _, tc := range []struct {
		players []Player
		places  []int
	}{
		{[]Player{New()}, []int{1}},
		{[]Player{New(), New()}, []int{1}},
		{[]Player{New(), New()}, []int{0, 1}},
	} {
		if _, err := Match(tc.players, tc.places); err == nil {
			t.Errorf("%v %v: no error", tc.players, tc.places)
		}
	}
}

func TestNoGamesWidensDeviation(t *testing.T) {
	p := Update(Player{1500, 50, 0.06}, nil)
	if !near(p.Deviation, math.Sqrt(50*50+(0.06*173.7178)*(0.06*173.7178)), 1e-6) || p.Rating != 1500 {
		t.Fatalf("%+v", p)
	}
	if q := Update(New(), nil); q.Deviation != MaxDeviation {
		t.Fatalf("deviation over the most: %+v", q)
	}
}
