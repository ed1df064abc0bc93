package battlefield

import (
	"reflect"
	"testing"
)

// The figures 5.1-5.6 of seed 004 ("Range Area"): a ranged unit with a
// Range Rating of 5, here on 5,10 of an 11x11 battlefield facing north.
func TestRangeAreaFigures(t *testing.T) {
	b := openField(t, 11, 11)
	from := Point{5, 10}
	for _, c := range []struct {
		fig       string
		rise, run int
		in        bool
	}{
		{"5.1", 5, 0, true}, // "the furthest Grid Space that may be targeted with a Rise of 5"
		{"5.2", 4, 1, true}, // "The Run does not exceed the Rise."
		{"5.3", 3, 2, true},
		{"5.4", 2, 2, true},
		{"5.5", 1, 1, true},
		{"5.6", 2, 3, false}, // "the Run exceeds the Rise so this Grid Space would be out"
		// Beyond the figures.
		{"rise 6", 6, 0, false}, // "up to, but not over, that unit's Range Rating"
		{"rise 3 run 3", 3, 3, false},
		{"rise 4 run 2", 4, 2, false},
		{"rise 1 run 2", 1, 2, false},
		{"own space", 0, 0, false}, // "the Grid Space the attacking Ranged Unit occupies is never counted"
		{"beside", 0, 1, false},
		{"behind", -2, 0, false},
	} {
		for _, side := range []int{1, -1} {
			to := Point{from.X + side*c.run, from.Y - c.rise}
			if rise, run := RiseRun(from, North, to); rise != c.rise || run != c.run {
				t.Errorf("fig. %s: RiseRun(%v) = %d, %d", c.fig, to, rise, run)
			}
			if got := InRangeArea(from, North, to, 5); got != c.in {
				t.Errorf("fig. %s: rise %d run %d (%v) in the Range Area: %v, want %v", c.fig, c.rise, c.run, to, got, c.in)
			}
			if got := b.CanTarget(from, North, 5, to); got != c.in {
				t.Errorf("fig. %s: CanTarget(%v) = %v, want %v", c.fig, to, got, c.in)
			}
		}
	}
	// The whole Range Area of figures 5.1-5.5: 17 grid spaces.
	want := []Point{
		{5, 5},
		{4, 6}, {5, 6}, {6, 6},
		{3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7},
		{3, 8}, {4, 8}, {5, 8}, {6, 8}, {7, 8},
		{4, 9}, {5, 9}, {6, 9},
	}
	if got := sorted(b.RangeArea(from, North, 5, nil)); !reflect.DeepEqual(got, want) {
		t.Errorf("RangeArea(5) = %v\nwant %v", got, want)
	}
	if got := sorted(b.Targets(from, North, 5, nil)); !reflect.DeepEqual(got, want) {
		t.Errorf("Targets(5) on open ground = %v\nwant %v", got, want)
	}
}

// TestRangeAreaFacings: the Range Area turns with the unit ("relative to
// the Unit's front facing") and is clipped at the battlefield's edges.
func TestRangeAreaFacings(t *testing.T) {
	b := openField(t, 11, 11)
	c := Point{5, 5}
	north := b.RangeArea(c, North, 4, nil)
	for f := North; f <= West; f++ {
		var turned []Point
		for _, p := range north {
			turned = append(turned, c.Add(Point{p.X - c.X, p.Y - c.Y}.Rotate(f)))
		}
		got := b.RangeArea(c, f, 4, nil)
		if !reflect.DeepEqual(sorted(got), sorted(turned)) {
			t.Errorf("facing %v: %v, want %v", f, sorted(got), sorted(turned))
		}
		for _, p := range got {
			if !InRangeArea(c, f, p, 4) {
				t.Errorf("facing %v: %v listed but not InRangeArea", f, p)
			}
		}
	}
	// Facing east from the east edge: nothing; from one space in, a column.
	if got := b.RangeArea(Point{10, 5}, East, 5, nil); len(got) != 0 {
		t.Errorf("facing the edge: %v", got)
	}
	if got := sorted(b.RangeArea(Point{9, 5}, East, 5, nil)); !reflect.DeepEqual(got, []Point{{10, 4}, {10, 5}, {10, 6}}) {
		t.Errorf("one space from the edge: %v", got)
	}
	if got := b.RangeArea(c, North, 0, nil); len(got) != 0 {
		t.Errorf("Range Rating 0: %v", got)
	}
}

// The figures 6.2-6.4 of seed 004 ("Ranged Area of Attack"): a ranged unit
// with Attack Area RH. skald reads the figures' grid spaces as x,y from
// 0,0, the unit on 2,0 facing the rising y with the Range Rating of 5 of
// figures 5.1-5.5 (TD-B10); y rises southward here, so it faces south.
func TestRangedAreaFigures(t *testing.T) {
	b := openField(t, 5, 8)
	from, f, r := Point{2, 0}, South, 5
	rh := area(t, "RH")
	for _, c := range []struct {
		fig     string
		target  Point
		ok      bool
		hits    []Point
		outside []Point // hit though outside the Range Area
	}{
		{"6.2", Point{2, 3}, true,
			[]Point{{1, 2}, {2, 2}, {3, 2}, {1, 3}, {2, 3}, {3, 3}, {1, 4}, {2, 4}, {3, 4}}, nil},
		// "any other Units within the Attack area would also be hit even
		// though they are outside the Unit's Range Area"
		{"6.3", Point{2, 5}, true,
			[]Point{{1, 4}, {2, 4}, {3, 4}, {1, 5}, {2, 5}, {3, 5}, {1, 6}, {2, 6}, {3, 6}},
			[]Point{{1, 5}, {3, 5}, {1, 6}, {2, 6}, {3, 6}}},
		// "may not target a Unit occupying Grid Space 3,5 as their target
		// Grid Space is outside their Range Area"
		{"6.4", Point{3, 5}, false, nil, nil},
	} {
		if got := b.CanTarget(from, f, r, c.target); got != c.ok {
			t.Errorf("fig. %s: CanTarget(%v) = %v, want %v", c.fig, c.target, got, c.ok)
		}
		if !c.ok {
			continue
		}
		hits := rh.Squares(b, c.target, f, nil)
		if hits[0] != c.target {
			t.Errorf("fig. %s: first hit %v, want the target %v", c.fig, hits[0], c.target)
		}
		if got := sorted(hits); !reflect.DeepEqual(got, sorted(c.hits)) {
			t.Errorf("fig. %s: hits %v, want %v", c.fig, got, c.hits)
		}
		var outside []Point
		for _, p := range hits {
			if !InRangeArea(from, f, p, r) {
				outside = append(outside, p)
			}
		}
		if !reflect.DeepEqual(sorted(outside), sorted(c.outside)) {
			t.Errorf("fig. %s: hit outside the Range Area %v, want %v", c.fig, outside, c.outside)
		}
	}
	// On a battlefield one row shorter, fig. 6.3's area is clipped.
	short := openField(t, 5, 6)
	if got := len(rh.Squares(short, Point{2, 5}, f, nil)); got != 6 {
		t.Errorf("fig. 6.3 clipped at the south edge: %d grid spaces, want 6", got)
	}
}

// lines are battlefields of 5x8 for Line of Sight, a unit on 2,7 facing
// north; '2' a height-2 piece, '1' a height-1 piece, F a Forest.
func sightField(t *testing.T, terrain, pieces string) *Battlefield {
	t.Helper()
	return mustParse(t, "name: sight\nsize: 5x8\nterrain:\n"+terrain+"pieces:\n"+pieces)
}

const (
	plain8 = ".....\n.....\n.....\n.....\n.....\n.....\n.....\n.....\n"
)

func with(at Point, c byte) string {
	b := []byte(plain8)
	b[at.Y*6+at.X] = c
	return string(b)
}

func TestLineOfSight(t *testing.T) {
	from := Point{2, 7}
	for _, c := range []struct {
		name    string
		terrain string
		pieces  string
		to      Point
		want    bool
	}{
		{"open ground", plain8, plain8, Point{2, 2}, true},
		{"a height-2 piece between", plain8, with(Point{2, 5}, '2'), Point{2, 3}, false},
		{"a height-3 piece between", plain8, with(Point{2, 5}, '3'), Point{2, 3}, false},
		// "Terrain with a height level of 0 and 1 do not block line of sight."
		{"a height-1 piece between", plain8, with(Point{2, 5}, '1'), Point{2, 3}, true},
		{"a height-0 piece between", plain8, with(Point{2, 5}, '0'), Point{2, 3}, true},
		{"a Forest between", with(Point{2, 5}, 'F'), plain8, Point{2, 3}, false},
		// "Ranged Attacks only penetrate a single Forest Grid Space."
		{"a target in a Forest", with(Point{2, 3}, 'F'), plain8, Point{2, 3}, true},
		{"a piece beyond the target", plain8, with(Point{2, 2}, '2'), Point{2, 3}, true},
		{"a piece beside the line", plain8, with(Point{1, 5}, '2'), Point{2, 3}, true},
		{"the next space", plain8, plain8, Point{2, 6}, true},
		// Rise 3, run 1: the line from 2.5,7 to 3.5,5 in grid spaces
		// passes through the corner 3,6 - inside 2,6 and 3,5 only.
		{"rise 3 run 1, through 2,6", plain8, with(Point{2, 6}, '2'), Point{3, 4}, false},
		{"rise 3 run 1, through 3,5", plain8, with(Point{3, 5}, '2'), Point{3, 4}, false},
		{"rise 3 run 1, the corner of 3,6", plain8, with(Point{3, 6}, '2'), Point{3, 4}, true},
		{"rise 3 run 1, the corner of 2,5", plain8, with(Point{2, 5}, '2'), Point{3, 4}, true},
		// Rise 1, run 1: the line runs along the edge between the rows.
		{"rise 1 run 1 along an edge", plain8, with(Point{3, 7}, '2'), Point{3, 6}, true},
		{"rise 1 run 1 beside a Forest", with(Point{2, 6}, 'F'), plain8, Point{3, 6}, true},
		// Rise 2, run 2: from 2.5,7 to 4.5,6: inside 2,6, 3,6 and 4,6.
		{"rise 2 run 2, through 3,6", plain8, with(Point{3, 6}, '2'), Point{4, 5}, false},
		{"rise 2 run 2, through 4,6", plain8, with(Point{4, 6}, '2'), Point{4, 5}, false},
		{"rise 2 run 2, past 3,5", plain8, with(Point{3, 5}, '2'), Point{4, 5}, true},
	} {
		b := sightField(t, c.terrain, c.pieces)
		if got := b.LineOfSight(from, North, c.to); got != c.want {
			t.Errorf("%s: LineOfSight(%v) = %v, want %v", c.name, c.to, got, c.want)
		}
		// The same, turned: the battlefield and the unit a quarter clockwise.
		r := b.Rotated()
		turn := func(p Point) Point { return Point{b.H - 1 - p.Y, p.X} }
		if got := r.LineOfSight(turn(from), East, turn(c.to)); got != c.want {
			t.Errorf("%s, turned east: LineOfSight = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestForestShooting: a ranged unit in a Forest shoots only from its
// outermost edge (TD-B13), and never through a second Forest space.
func TestForestShooting(t *testing.T) {
	from := Point{2, 7}
	edge := sightField(t, with(from, 'F'), plain8)
	if !edge.CanShootFrom(from, North) || len(edge.Targets(from, North, 5, nil)) != 17 {
		t.Errorf("on the edge of a forest: CanShootFrom %v, %d targets, want 17", edge.CanShootFrom(from, North), len(edge.Targets(from, North, 5, nil)))
	}
	deep := []byte(with(from, 'F'))
	deep[6*6+2] = 'F' // 2,6: the space in front
	inside := sightField(t, string(deep), plain8)
	if inside.CanShootFrom(from, North) || len(inside.Targets(from, North, 5, nil)) != 0 {
		t.Error("inside a forest: may shoot")
	}
	// Facing west, the space in front (1,7) is Field: the edge again.
	if !inside.CanShootFrom(from, West) {
		t.Error("facing out of the forest: may not shoot")
	}
	// Facing the battlefield's edge from a forest: nothing to shoot at.
	corner := sightField(t, with(Point{0, 7}, 'F'), plain8)
	if corner.CanShootFrom(Point{0, 7}, West) {
		t.Error("facing off the battlefield from a forest: may shoot")
	}
}

func TestTargetsBlocked(t *testing.T) {
	// A house (height 2) two spaces in front hides the spaces behind it.
	b := sightField(t, plain8, with(Point{2, 5}, '2'))
	got := sorted(b.Targets(Point{2, 7}, North, 5, nil))
	want := []Point{
		// Rise 3: run 1 and 2 pass beside the house, run 0 does not;
		// rise 4 and 5 are behind it.
		{0, 4}, {1, 4}, {3, 4}, {4, 4},
		{0, 5}, {1, 5}, {2, 5}, {3, 5}, {4, 5}, // rise 2
		{1, 6}, {2, 6}, {3, 6}, // rise 1
	}
	if !reflect.DeepEqual(got, sorted(want)) {
		t.Errorf("Targets = %v\nwant %v", got, sorted(want))
	}
	buf := make([]Point, 0, 32)
	if n := testing.AllocsPerRun(100, func() { buf = b.Targets(Point{2, 7}, North, 5, buf[:0]) }); n != 0 {
		t.Errorf("Targets allocates %.1f times", n)
	}
	if n := testing.AllocsPerRun(100, func() { buf = b.RangeArea(Point{2, 7}, North, 5, buf[:0]) }); n != 0 {
		t.Errorf("RangeArea allocates %.1f times", n)
	}
}

func TestRangedHit(t *testing.T) {
	for _, c := range []struct {
		roll, mod, dist int
		want            bool
	}{
		{7, 0, 7, true}, // "equal to or greater than the Grid Space distance"
		{6, 0, 7, false},
		{5, 2, 7, true}, // the Range Modifier helps
		{9, -3, 7, false},
		{2, -6, 2, true}, // "never ... less than 2": the Gorgon (range 2, modifier -6) always reaches
		{2, -6, 3, false},
	} {
		if got := RangedHit(c.roll, c.mod, c.dist); got != c.want {
			t.Errorf("RangedHit(%d, %d, %d) = %v, want %v", c.roll, c.mod, c.dist, got, c.want)
		}
	}
	if d := Distance(Point{2, 0}, Point{3, 4}); d != 5 {
		t.Errorf("Distance = %d, want 5 (rise 4 and run 1)", d)
	}
}

// TestCrossesBruteForce checks crosses against sampling: the ends of the
// interval of t inside a grid space have denominators |dx| or |dy|, so
// some sample k/D with D = 2|dx||dy| falls inside it when it is not empty.
func TestCrossesBruteForce(t *testing.T) {
	r := uint64(1)
	rnd := func(n int) int { // xorshift, reproducible
		r ^= r << 13
		r ^= r >> 7
		r ^= r << 17
		return int(r % uint64(n))
	}
	for i := 0; i < 20000; i++ {
		s := Point{rnd(13), rnd(13)}
		e := Point{rnd(13), rnd(13)}
		q := Point{rnd(7), rnd(7)}
		dx, dy := e.X-s.X, e.Y-s.Y
		D := 2 * max(abs(dx), 1) * max(abs(dy), 1)
		want := false
		for k := 0; k <= D && !want; k++ {
			// The point s + (k/D)(e-s), times D, strictly inside q (times D).
			x, y := s.X*D+k*dx, s.Y*D+k*dy
			want = x > 2*q.X*D && x < (2*q.X+2)*D && y > 2*q.Y*D && y < (2*q.Y+2)*D
		}
		if got := crosses(s, e, q); got != want {
			t.Fatalf("crosses(%v, %v, %v) = %v, want %v", s, e, q, got, want)
		}
	}
}
