package battlefield

// RiseRun says where to lies for a unit on from facing f (seed 004,
// "Range Area": "Grid spaces are counted vertically then horizontally
// (relative to the Unit's front facing)"): rise is the number of grid
// spaces ahead (negative behind), run the number to the side, left or
// right.
func RiseRun(from Point, f Facing, to Point) (rise, run int) {
	// Turn the offset back by f, into the frame of a unit facing north.
	d := Point{to.X - from.X, to.Y - from.Y}.Rotate(North.Turn(-int(f)))
	return -d.Y, abs(d.X)
}

// InRangeArea reports whether to is in the Range Area of a ranged unit on
// from facing f with Range Rating r ("Range Area", figs. 5.1-5.6): ahead
// (a rise of at least 1), a run not exceeding the rise ("The Run must never
// exceed the Rise"), and the rise and run together not over r ("up to, but
// not over, that unit's Range Rating value"). r is the rating after its
// modifiers (items, Water); the Range Modifier is not one of them: it
// helps the Ranged Hit roll only (TD-B11).
func InRangeArea(from Point, f Facing, to Point, r int) bool {
	rise, run := RiseRun(from, f, to)
	return rise >= 1 && run <= rise && rise+run <= r
}

// Distance is the grid space distance of the Ranged Hit Procedure, the
// rise and the run together: grid spaces are "never [counted] diagonally".
func Distance(a, b Point) int { return abs(a.X-b.X) + abs(a.Y-b.Y) }

// RangedHit reports whether a Ranged Hit Procedure hits (seed 004, "Ranged
// Hit Procedure"): the 2 D6 roll plus the Range Modifier and any other
// modifiers, never less than 2, is equal to or greater than the distance
// to the target (TD-B14).
func RangedHit(roll, modifiers, distance int) bool {
	return max(roll+modifiers, 2) >= distance
}

// RangeArea appends to buf the grid spaces of the battlefield in the Range
// Area of a ranged unit on from facing f with Range Rating r, nearest rows
// first, and returns it. With room in buf it allocates nothing.
func (b *Battlefield) RangeArea(from Point, f Facing, r int, buf []Point) []Point {
	for rise := 1; rise <= r; rise++ {
		w := min(rise, r-rise)
		for run := -w; run <= w; run++ {
			if p := from.Add(Point{run, -rise}.Rotate(f)); b.In(p) {
				buf = append(buf, p)
			}
		}
	}
	return buf
}

// BlocksSight reports whether p blocks Line of Sight: "Terrain Pieces with
// a height value of 2 or more, or Forest Terrain Type Grid Spaces" (seed
// 004, "Line of Sight"). Units do not.
func (b *Battlefield) BlocksSight(p Point) bool {
	return b.Terrain(p) == Forest || b.Height(p) >= SightBlockHeight
}

// LineOfSight reports whether a unit on from facing f sees the grid space
// to (seed 004, "Line of Sight"): the line from the middle of the front
// edge of its grid space to the middle of the nearer edge of to parallel
// to it passes through no grid space that blocks sight. A grid space
// blocks the line only if the line passes through its inside: a line
// running along an edge or touching a corner passes (TD-B12). The unit's
// own grid space and to itself never block it, so a unit in a Forest may be
// seen, as "Ranged Attacks only penetrate a single Forest Grid Space".
func (b *Battlefield) LineOfSight(from Point, f Facing, to Point) bool {
	s, e := sightLine(from, f, to)
	x0, x1 := min(s.X, e.X)/2-1, max(s.X, e.X)/2+1
	y0, y1 := min(s.Y, e.Y)/2-1, max(s.Y, e.Y)/2+1
	for y := max(y0, 0); y <= min(y1, b.H-1); y++ {
		for x := max(x0, 0); x <= min(x1, b.W-1); x++ {
			q := Point{x, y}
			if q != from && q != to && b.BlocksSight(q) && crosses(s, e, q) {
				return false
			}
		}
	}
	return true
}

// sightLine is the line of "Line of Sight" in half grid spaces: grid
// space x,y spans 2x..2x+2 and 2y..2y+2, so the middles of edges fall on
// whole numbers.
func sightLine(from Point, f Facing, to Point) (s, e Point) {
	d := f.Delta()
	s = Point{2*from.X + 1 + d.X, 2*from.Y + 1 + d.Y}
	c := Point{2*to.X + 1, 2*to.Y + 1} // the middle of to
	if d.X == 0 {
		// Facing north or south: the north and south edges of to are
		// parallel to the front edge; take the nearer.
		e = Point{c.X, c.Y - 1}
		if abs(c.Y+1-s.Y) < abs(c.Y-1-s.Y) {
			e.Y = c.Y + 1
		}
	} else {
		e = Point{c.X - 1, c.Y}
		if abs(c.X+1-s.X) < abs(c.X-1-s.X) {
			e.X = c.X + 1
		}
	}
	return s, e
}

// frac is the fraction n/d, d > 0.
type frac struct{ n, d int }

func (a frac) less(b frac) bool { return a.n*b.d < b.n*a.d }

// crosses reports whether the segment s-e (in half grid spaces) passes
// through the inside of grid space q, not only along its edges or through
// its corners. On each axis the points s+t(e-s) strictly inside q have t
// in an open interval; the segment crosses q if both intervals and [0, 1]
// meet.
func crosses(s, e, q Point) bool {
	var lo, hi frac
	bounded := false
	for _, ax := range [2][4]int{{s.X, e.X, 2 * q.X, 2*q.X + 2}, {s.Y, e.Y, 2 * q.Y, 2*q.Y + 2}} {
		p0, p1, l, h := ax[0], ax[1], ax[2], ax[3]
		d := p1 - p0
		if d == 0 {
			if p0 <= l || p0 >= h {
				return false // along or beyond an edge of q the whole way
			}
			continue
		}
		a, z := frac{l - p0, d}, frac{h - p0, d}
		if d < 0 {
			a, z = frac{p0 - h, -d}, frac{p0 - l, -d}
		}
		if !bounded || lo.less(a) {
			lo = a
		}
		if !bounded || z.less(hi) {
			hi = z
		}
		bounded = true
	}
	if !bounded {
		return true // a single point, inside q
	}
	return lo.less(hi) && lo.less(frac{1, 1}) && frac{0, 1}.less(hi)
}

// CanShootFrom reports whether a ranged unit on from facing f may make a
// Ranged Attack at all: from a Forest grid space only "if it lies on the
// outermost edge" (battlefield book, "Forest Terrain Type"), which skald
// reads as: the grid space in front of the unit is not Forest, so that its
// shot leaves the forest at once (TD-B13).
func (b *Battlefield) CanShootFrom(from Point, f Facing) bool {
	if b.Terrain(from) != Forest {
		return true
	}
	front := from.Add(f.Delta())
	return b.In(front) && b.Terrain(front) != Forest
}

// Targets appends to buf the grid spaces a ranged unit on from facing f
// with Range Rating r may target: in its Range Area and in its Line of
// Sight, if it may shoot from where it stands (CanShootFrom). With room in
// buf it allocates nothing. Whether a unit there may be attacked (Combat
// Lock, abilities) is the game's to say.
func (b *Battlefield) Targets(from Point, f Facing, r int, buf []Point) []Point {
	if !b.CanShootFrom(from, f) {
		return buf
	}
	for rise := 1; rise <= r; rise++ {
		w := min(rise, r-rise)
		for run := -w; run <= w; run++ {
			if p := from.Add(Point{run, -rise}.Rotate(f)); b.In(p) && b.LineOfSight(from, f, p) {
				buf = append(buf, p)
			}
		}
	}
	return buf
}

// CanTarget reports whether a ranged unit on from facing f with Range
// Rating r may target the grid space to, as Targets would list it.
func (b *Battlefield) CanTarget(from Point, f Facing, r int, to Point) bool {
	return b.In(to) && InRangeArea(from, f, to, r) && b.CanShootFrom(from, f) && b.LineOfSight(from, f, to)
}
