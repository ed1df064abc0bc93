package battlefield

import (
	"fmt"
	"strings"
)

// Area is an attack area (seed 004, "Attack Area", "Area of Attack"): the
// grid spaces one attack hits, for an attacker facing north.
//
// A melee area (code M...) is "always directly attached" to the attacker:
// its offsets are from the attacker's grid space, and the attacker may
// target a unit on any of them (fig. 6.1). A ranged area (code R...) is
// "never directly attached": its offsets are from the target grid space,
// the book's black square, which the attacker places in its Range Area.
type Area struct {
	Code   string
	Ranged bool
	// Hits are the offsets of the grid spaces hit; a ranged area's target,
	// 0,0, comes first, then the others row by row from the north.
	Hits []Point
}

// Limits of the attack area format.
const maxAreaSide = 15

// Melee reports whether a is a melee area.
func (a *Area) Melee() bool { return !a.Ranged }

// Squares appends to buf the grid spaces of b that a hits when the
// attacker faces f, and returns it; spaces off the battlefield are left out
// (TD-B15). anchor is the attacker's grid space for a melee area and the
// target grid space for a ranged one. With room in buf it allocates
// nothing.
func (a *Area) Squares(b *Battlefield, anchor Point, f Facing, buf []Point) []Point {
	for _, h := range a.Hits {
		if p := anchor.Add(h.Rotate(f)); b.In(p) {
			buf = append(buf, p)
		}
	}
	return buf
}

// Hit reports whether a, placed at anchor by an attacker facing f, hits p.
func (a *Area) Hit(anchor Point, f Facing, p Point) bool {
	for _, h := range a.Hits {
		if anchor.Add(h.Rotate(f)) == p {
			return true
		}
	}
	return false
}

// ParseAreas reads attack areas in skald's area format (FORMAT.md): for
// each, a line "area CODE" and its drawing for an attacker facing north.
// name is the file name used in errors.
func ParseAreas(name string, data []byte) ([]*Area, error) {
	lines := strings.Split(string(data), "\n")
	errf := func(line, col int, field, format string, args ...any) error {
		return &Error{File: name, Line: line, Col: col, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	var out []*Area
	seen := map[string]int{}
	type row struct {
		s         string
		line, col int
	}
	var (
		code       string
		codeLine   int
		rows       []row
		finishArea func() error
	)
	finishArea = func() error {
		if code == "" {
			return nil
		}
		field := "area " + code
		if len(rows) == 0 {
			return errf(codeLine, 1, field, "no drawing")
		}
		if len(rows) > maxAreaSide {
			return errf(rows[maxAreaSide].line, rows[maxAreaSide].col, field, "more than %d rows", maxAreaSide)
		}
		a := &Area{Code: code, Ranged: code[0] == 'R'}
		var origin Point
		var cells []Point
		origins := 0
		for y, r := range rows {
			if len(r.s) != len(rows[0].s) {
				return errf(r.line, r.col, field, "row %d is %d wide, the first row %d", y+1, len(r.s), len(rows[0].s))
			}
			if len(r.s) > maxAreaSide {
				return errf(r.line, r.col+maxAreaSide, field, "more than %d columns", maxAreaSide)
			}
			for x := 0; x < len(r.s); x++ {
				c := r.s[x]
				switch {
				case c == '.':
				case c == 'X':
					cells = append(cells, Point{x, y})
				case c == '@' && !a.Ranged, c == 'T' && a.Ranged:
					origins++
					if origins > 1 {
						return errf(r.line, r.col+x, field, "a second %c", c)
					}
					origin = Point{x, y}
				default:
					want := ". X, and @ for the attacker (a melee area)"
					if a.Ranged {
						want = ". X, and T for the target (a ranged area)"
					}
					return errf(r.line, r.col+x, field, "%s: want %s", quoteByte(c), want)
				}
			}
		}
		if origins == 0 {
			if a.Ranged {
				return errf(codeLine, 1, field, "no T: a ranged area marks its target grid space")
			}
			return errf(codeLine, 1, field, "no @: a melee area marks its attacker")
		}
		if a.Ranged {
			a.Hits = append(a.Hits, Point{})
		} else if len(cells) == 0 {
			return errf(codeLine, 1, field, "hits nothing: a melee area needs an X")
		}
		for _, c := range cells {
			a.Hits = append(a.Hits, Point{c.X - origin.X, c.Y - origin.Y})
		}
		if !a.Ranged {
			if p, ok := detached(a.Hits); !ok {
				r := rows[p.Y+origin.Y]
				return errf(r.line, r.col+p.X+origin.X, field, "X at %d,%d is not attached to the attacker: a melee area is \"always directly attached to their Grid Space\"", p.X+origin.X, p.Y+origin.Y)
			}
		}
		out = append(out, a)
		code, rows = "", nil
		return nil
	}
	for i, raw := range lines {
		raw = strings.TrimRight(raw, " \t\r")
		s := strings.TrimLeft(raw, " \t")
		line, col := i+1, len(raw)-len(s)+1
		if s == "" || s[0] == '#' {
			continue
		}
		if f := strings.Fields(s); len(f) > 0 && f[0] == "area" {
			if err := finishArea(); err != nil {
				return nil, err
			}
			if len(f) != 2 || !areaCode(f[1]) {
				return nil, errf(line, col, "area", "want \"area CODE\", the code a capital M (melee) or R (ranged) and one to three capitals or digits, such as MA or RH; got %q", s)
			}
			if l, dup := seen[f[1]]; dup {
				return nil, errf(line, col+len("area "), "area "+f[1], "defined twice (first on line %d)", l)
			}
			code, codeLine = f[1], line
			seen[code] = line
			continue
		}
		if code == "" {
			return nil, errf(line, col, "area", "a drawing before any \"area CODE\" line")
		}
		rows = append(rows, row{s, line, col})
	}
	if err := finishArea(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errf(len(lines), 1, "area", "no areas")
	}
	return out, nil
}

func areaCode(s string) bool {
	if len(s) < 2 || len(s) > 4 || s[0] != 'M' && s[0] != 'R' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !(s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9') {
			return false
		}
	}
	return true
}

// detached returns a hit not connected to the attacker (0,0) through hits,
// diagonal steps included, if there is one.
func detached(hits []Point) (Point, bool) {
	reached := make([]bool, len(hits))
	frontier := []Point{{}}
	for len(frontier) > 0 {
		p := frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		for i, h := range hits {
			if !reached[i] && abs(h.X-p.X) <= 1 && abs(h.Y-p.Y) <= 1 {
				reached[i] = true
				frontier = append(frontier, h)
			}
		}
	}
	for i, r := range reached {
		if !r {
			return hits[i], false
		}
	}
	return Point{}, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// FormatAreas writes areas in the area format, each drawn in the smallest
// rectangle holding it; ParseAreas reads them back.
func FormatAreas(areas []*Area) []byte {
	var s strings.Builder
	for i, a := range areas {
		if i > 0 {
			s.WriteByte('\n')
		}
		lo, hi := Point{}, Point{}
		for _, h := range a.Hits {
			lo = Point{min(lo.X, h.X), min(lo.Y, h.Y)}
			hi = Point{max(hi.X, h.X), max(hi.Y, h.Y)}
		}
		fmt.Fprintf(&s, "area %s\n", a.Code)
		for y := lo.Y; y <= hi.Y; y++ {
			for x := lo.X; x <= hi.X; x++ {
				c := byte('.')
				switch {
				case x == 0 && y == 0 && a.Ranged:
					c = 'T'
				case x == 0 && y == 0:
					c = '@'
				case a.Hit(Point{}, North, Point{x, y}):
					c = 'X'
				}
				s.WriteByte(c)
			}
			s.WriteByte('\n')
		}
	}
	return []byte(s.String())
}

var areas = mustLoadAreas()

func mustLoadAreas() []*Area {
	data, err := dataFS.ReadFile("data/" + areasFile)
	if err != nil {
		panic("tacticsdavid/battlefield: embedded data: " + err.Error())
	}
	a, err := ParseAreas("data/"+areasFile, data)
	if err != nil {
		// The embedded data is checked by the package's tests.
		panic("tacticsdavid/battlefield: embedded data: " + err.Error())
	}
	return a
}

// Areas returns the attack areas skald ships, MA to MK then RA to RI. They
// are shared: callers must not change them.
func Areas() []*Area { return areas }

// AreaByCode returns the shipped attack area with the code, such as "RH".
func AreaByCode(code string) (*Area, bool) {
	for _, a := range areas {
		if a.Code == code {
			return a, true
		}
	}
	return nil, false
}
