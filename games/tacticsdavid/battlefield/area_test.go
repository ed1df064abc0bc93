package battlefield

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// openField is a battlefield of w×h Field spaces.
func openField(t testing.TB, w, h int) *Battlefield {
	t.Helper()
	return mustParse(t, fmt.Sprintf("name: open\nsize: %dx%d\nterrain:\n%s", w, h, strings.Repeat(strings.Repeat(".", w)+"\n", h)))
}

func area(t testing.TB, code string) *Area {
	t.Helper()
	a, ok := AreaByCode(code)
	if !ok {
		t.Fatalf("no area %s", code)
	}
	return a
}

// sorted returns the points row by row, for comparing sets.
func sorted(ps []Point) []Point {
	out := append([]Point(nil), ps...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Y != out[j].Y {
			return out[i].Y < out[j].Y
		}
		return out[i].X < out[j].X
	})
	return out
}

func TestEmbeddedAreas(t *testing.T) {
	sizes := map[string]int{
		"MA": 1, "MB": 2, "MC": 3, "MD": 4, "ME": 6, "MF": 4, "MG": 3, "MH": 5, "MI": 9, "MJ": 5, "MK": 4,
		"RA": 1, "RB": 2, "RC": 3, "RD": 5, "RE": 3, "RF": 4, "RG": 6, "RH": 9, "RI": 4,
	}
	var codes []string
	for _, a := range Areas() {
		codes = append(codes, a.Code)
		if a.Ranged != (a.Code[0] == 'R') {
			t.Errorf("%s: ranged %v", a.Code, a.Ranged)
		}
		if got := len(a.Hits); got != sizes[a.Code] {
			t.Errorf("%s hits %d grid spaces, want %d", a.Code, got, sizes[a.Code])
		}
		if a.Ranged && a.Hits[0] != (Point{}) {
			t.Errorf("%s: the target is not first", a.Code)
		}
		// TD-B8: a melee area lies ahead of its attacker, so that all its
		// units are hit on "the closest parallel edge of the Melee Unit's
		// Front Facing".
		for _, h := range a.Hits {
			if a.Melee() && h.Y >= 0 {
				t.Errorf("%s: %v is not ahead of the attacker", a.Code, h)
			}
		}
	}
	want := "MA MB MC MD ME MF MG MH MI MJ MK RA RB RC RD RE RF RG RH RI"
	if got := strings.Join(codes, " "); got != want {
		t.Errorf("areas %s, want %s (seed 004, ATTACK AREA LIST)", got, want)
	}
	// Formatting the embedded areas and parsing them back changes nothing.
	again, err := ParseAreas("formatted", FormatAreas(Areas()))
	if err != nil || !reflect.DeepEqual(again, Areas()) {
		t.Errorf("round trip: %v\n%s", err, FormatAreas(Areas()))
	}
}

func TestRotate(t *testing.T) {
	for _, c := range []struct {
		p    Point
		f    Facing
		want Point
	}{
		{Point{0, -1}, North, Point{0, -1}},
		{Point{0, -1}, East, Point{1, 0}},
		{Point{0, -1}, South, Point{0, 1}},
		{Point{0, -1}, West, Point{-1, 0}},
		{Point{1, -2}, North, Point{1, -2}}, // ahead 2, right 1
		{Point{1, -2}, East, Point{2, 1}},
		{Point{1, -2}, South, Point{-1, 2}},
		{Point{1, -2}, West, Point{-2, -1}},
	} {
		if got := c.p.Rotate(c.f); got != c.want {
			t.Errorf("%v.Rotate(%v) = %v, want %v", c.p, c.f, got, c.want)
		}
	}
	for f := North; f <= West; f++ {
		if got := f.Turn(4); got != f {
			t.Errorf("%v.Turn(4) = %v", f, got)
		}
		if got := f.Turn(1).Turn(-1); got != f {
			t.Errorf("%v.Turn(1).Turn(-1) = %v", f, got)
		}
		if g, ok := ParseFacing(f.String()); !ok || g != f {
			t.Errorf("ParseFacing(%q) = %v, %v", f.String(), g, ok)
		}
	}
	if North.Turn(-1) != West || West.Turn(1) != North || East.Turn(6) != West {
		t.Error("Turn: wrong direction")
	}
}

func TestAreaSquares(t *testing.T) {
	b := openField(t, 7, 7)
	for _, c := range []struct {
		code   string
		anchor Point
		f      Facing
		want   []Point
	}{
		// Melee areas from the attacker at 3,3.
		{"MA", Point{3, 3}, North, []Point{{3, 2}}},
		{"MA", Point{3, 3}, West, []Point{{2, 3}}},
		{"MB", Point{3, 3}, North, []Point{{3, 1}, {3, 2}}},
		{"MB", Point{3, 3}, East, []Point{{4, 3}, {5, 3}}},
		{"MB", Point{3, 3}, South, []Point{{3, 4}, {3, 5}}},
		{"MB", Point{3, 3}, West, []Point{{1, 3}, {2, 3}}},
		{"MC", Point{3, 3}, North, []Point{{2, 2}, {3, 2}, {4, 2}}},
		{"MC", Point{3, 3}, East, []Point{{4, 2}, {4, 3}, {4, 4}}},
		{"MD", Point{3, 3}, South, []Point{{2, 4}, {3, 4}, {4, 4}, {3, 5}}},
		// fig. 6.1: ME, two rows of three in front of the attacker.
		{"ME", Point{3, 3}, North, []Point{{2, 1}, {3, 1}, {4, 1}, {2, 2}, {3, 2}, {4, 2}}},
		{"ME", Point{3, 3}, West, []Point{{1, 2}, {2, 2}, {1, 3}, {2, 3}, {1, 4}, {2, 4}}},
		{"MF", Point{3, 3}, East, []Point{{5, 2}, {4, 3}, {5, 3}, {5, 4}}},
		// Ranged areas from their target grid space at 3,3.
		{"RA", Point{3, 3}, East, []Point{{3, 3}}},
		{"RB", Point{3, 3}, North, []Point{{3, 2}, {3, 3}}},
		{"RB", Point{3, 3}, East, []Point{{3, 3}, {4, 3}}},
		{"RC", Point{3, 3}, South, []Point{{2, 3}, {3, 3}, {4, 3}}},
		{"RF", Point{3, 3}, West, []Point{{2, 2}, {2, 3}, {3, 3}, {2, 4}}},
		{"RH", Point{3, 3}, North, []Point{{2, 2}, {3, 2}, {4, 2}, {2, 3}, {3, 3}, {4, 3}, {2, 4}, {3, 4}, {4, 4}}},
		// Clipped at the edges (TD-B15).
		{"MH", Point{0, 3}, North, []Point{{0, 2}, {1, 2}, {2, 2}}},
		{"MK", Point{3, 2}, North, []Point{{3, 0}, {3, 1}}},
		{"RH", Point{6, 6}, South, []Point{{5, 5}, {6, 5}, {5, 6}, {6, 6}}},
		{"MA", Point{3, 0}, North, nil},
	} {
		a := area(t, c.code)
		got := sorted(a.Squares(b, c.anchor, c.f, nil))
		if !reflect.DeepEqual(got, sorted(c.want)) {
			t.Errorf("%s at %v facing %v hits %v, want %v", c.code, c.anchor, c.f, got, c.want)
		}
		for _, p := range c.want {
			if !a.Hit(c.anchor, c.f, p) {
				t.Errorf("%s at %v facing %v: Hit(%v) false", c.code, c.anchor, c.f, p)
			}
		}
	}
}

// TestAreaRotationsAgree: turning the attacker turns the area: an area
// placed facing f, turned a quarter about its anchor, is the area facing
// f+1.
func TestAreaRotationsAgree(t *testing.T) {
	b := openField(t, 15, 15)
	c := Point{7, 7}
	for _, a := range Areas() {
		for f := North; f <= West; f++ {
			var turned []Point
			for _, p := range a.Squares(b, c, f, nil) {
				d := Point{p.X - c.X, p.Y - c.Y}.Rotate(East)
				turned = append(turned, c.Add(d))
			}
			if got, want := sorted(turned), sorted(a.Squares(b, c, f.Turn(1), nil)); !reflect.DeepEqual(got, want) {
				t.Errorf("%s facing %v turned: %v, facing %v: %v", a.Code, f, got, f.Turn(1), want)
			}
		}
	}
}

func TestAreaSquaresAllocates(t *testing.T) {
	b := openField(t, 7, 7)
	a := area(t, "RH")
	buf := make([]Point, 0, 16)
	if n := testing.AllocsPerRun(100, func() { buf = a.Squares(b, Point{3, 3}, East, buf[:0]) }); n != 0 {
		t.Errorf("Squares allocates %.1f times", n)
	}
}

func TestParseAreasErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", "1:1: area: no areas"},
		{"X\n", `1:1: area: a drawing before any "area CODE" line`},
		{"area XA\nX\n", `1:1: area: want "area CODE", the code a capital M (melee) or R (ranged) and one to three capitals or digits, such as MA or RH; got "area XA"`},
		{"area MA\nX\n@\narea MA\nX\n@\n", "4:6: area MA: defined twice (first on line 1)"},
		{"area MA\n", "1:1: area MA: no drawing"},
		{"area MA\nX\n", "1:1: area MA: no @: a melee area marks its attacker"},
		{"area RA\nX\n", "1:1: area RA: no T: a ranged area marks its target grid space"},
		{"area MA\n@\n", "1:1: area MA: hits nothing: a melee area needs an X"},
		{"area MA\nX.\n@\n", "3:1: area MA: row 2 is 1 wide, the first row 2"},
		{"area MA\nT\n@\n", "2:1: area MA: 'T': want . X, and @ for the attacker (a melee area)"},
		{"area RA\n@T\n", "2:1: area RA: '@': want . X, and T for the target (a ranged area)"},
		{"area RA\nTT\n", "2:2: area RA: a second T"},
		{"area MA\nX.\n..\n.@\n", `2:1: area MA: X at 0,0 is not attached to the attacker: a melee area is "always directly attached to their Grid Space"`},
	} {
		_, err := ParseAreas("a.txt", []byte(c.text))
		if err == nil {
			t.Errorf("%q: no error, want %s", c.text, c.want)
			continue
		}
		if got := strings.TrimPrefix(err.Error(), "a.txt:"); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.text, got, c.want)
		}
	}
	// A ranged area need not be connected: hail may scatter.
	if _, err := ParseAreas("a.txt", []byte("area RZ\nX.X\n.T.\n")); err != nil {
		t.Error(err)
	}
}

func FuzzParseAreas(f *testing.F) {
	data, _ := dataFS.ReadFile("data/" + areasFile)
	f.Add(data)
	f.Add([]byte("area MA\nX\n@\n"))
	f.Add([]byte("area RZ\nX.X\n.T.\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		as, err := ParseAreas("fuzz.txt", data)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %v is not an *Error", err)
			}
			return
		}
		text := FormatAreas(as)
		again, err := ParseAreas("formatted.txt", text)
		if err != nil || !reflect.DeepEqual(as, again) {
			t.Fatalf("round trip: %v\n%s", err, text)
		}
		b := openField(t, 5, 5)
		buf := make([]Point, 0, 8)
		for _, a := range as {
			for f := North; f <= West; f++ {
				for _, p := range a.Squares(b, Point{2, 2}, f, buf[:0]) {
					if !b.In(p) {
						t.Fatalf("%s: %v off the battlefield", a.Code, p)
					}
				}
			}
		}
	})
}
