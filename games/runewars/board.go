package runewars

import (
	"math/bits"

	"skald/engine"
)

// maxAreas bounds the areas of the content: area sets are 64-bit masks.
const maxAreas = 64

// areaSet is a set of areas, one bit per area index.
type areaSet uint64

func (s areaSet) has(a int) bool        { return a >= 0 && s&(1<<uint(a)) != 0 }
func (s areaSet) with(a int) areaSet    { return s | 1<<uint(a) }
func (s areaSet) without(a int) areaSet { return s &^ (1 << uint(a)) }
func (s areaSet) len() int              { return bits.OnesCount64(uint64(s)) }

// each calls f for every area of the set, in increasing order.
func (s areaSet) each(f func(a int)) {
	for s != 0 {
		a := bits.TrailingZeros64(uint64(s))
		s &^= 1 << uint(a)
		f(a)
	}
}

// hex is an area's place on the board, in axial coordinates.
type hex struct{ q, r int16 }

var hexDirs = [6]hex{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

func (h hex) add(o hex) hex { return hex{h.q + o.q, h.r + o.r} }
func (h hex) sub(o hex) hex { return hex{h.q - o.q, h.r - o.r} }

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// distance is the number of steps between two hexes.
func (h hex) distance(o hex) int {
	dq, dr := int(h.q-o.q), int(h.r-o.r)
	return (absInt(dq) + absInt(dr) + absInt(dq+dr)) / 2
}

// tileShapes are the two triangles of three hexes, each listed in turning
// order: turning the first by 60° gives the second (Runewars rules, Setup:
// a tile is laid in one of six turns).
var tileShapes = [2][3]hex{{{0, 0}, {1, 0}, {0, 1}}, {{1, 0}, {1, 1}, {0, 1}}}

// tileOffsets are where a tile's three areas lie from its area 0 in each
// of the six turns.
var tileOffsets = func() (o [6][3]hex) {
	for t := range o {
		shape, shift := tileShapes[t%2], t/2
		base := shape[shift]
		for i := range o[t] {
			o[t][i] = shape[(i+shift)%3].sub(base)
		}
	}
	return o
}()

// tileCells returns where a tile's three areas go when its area 0 is at
// at and it is laid in turn t (0-5).
func tileCells(at hex, t int) [3]hex {
	o := &tileOffsets[t]
	return [3]hex{at.add(o[0]), at.add(o[1]), at.add(o[2])}
}

// placement is where a tile lies: its area 0's hex and its turn.
type placement struct {
	at   hex
	turn int8
}

// board is the map as laid: which areas are on it, where, and what
// separates neighbours. It never changes once the tiles are laid, so
// clones share it; laying a tile makes a new one.
type board struct {
	placed areaSet
	pos    [maxAreas]hex
	adj    [maxAreas]areaSet // neighbours, whatever the border
	water  [maxAreas]areaSet // neighbours across a river
	ridge  [maxAreas]areaSet // neighbours across a mountain ridge
	cells  cellMap           // area at each hex
	homes  areaSet           // areas of the home realms laid
}

func newBoard() *board { return &board{} }

// cellMap maps hexes to areas: a small open-addressed table, cheap to copy
// and to look up (laying tiles asks it thousands of times).
type cellMap struct {
	keys [256]uint16 // packed hex + 1; 0 for an empty slot
	vals [256]int8
}

func packHex(h hex) uint16 { return uint16(h.q+64)<<7 | uint16(h.r+64) + 1 }

func (m *cellMap) get(h hex) (int, bool) {
	k := packHex(h)
	for i := uint16(k*37) & 255; ; i = (i + 1) & 255 {
		switch m.keys[i] {
		case k:
			return int(m.vals[i]), true
		case 0:
			return 0, false
		}
	}
}

func (m *cellMap) set(h hex, a int) {
	k := packHex(h)
	for i := uint16(k*37) & 255; ; i = (i + 1) & 255 {
		if m.keys[i] == 0 || m.keys[i] == k {
			m.keys[i], m.vals[i] = k, int8(a)
			return
		}
	}
}

// with returns a new board with tile t of c laid at p.
func (b *board) with(c *Content, t int, p placement) *board {
	nb := new(board)
	*nb = *b
	tile := &c.Tiles[t]
	cells := tileCells(p.at, int(p.turn))
	for i, a := range tile.Areas {
		nb.placed = nb.placed.with(a)
		nb.pos[a] = cells[i]
		nb.cells.set(cells[i], a)
		if tile.Home >= 0 {
			nb.homes = nb.homes.with(a)
		}
	}
	for i, a := range tile.Areas {
		for _, d := range hexDirs {
			o, ok := nb.cells.get(cells[i].add(d))
			if !ok {
				continue
			}
			nb.adj[a] = nb.adj[a].with(o)
			nb.adj[o] = nb.adj[o].with(a)
		}
		for j, o := range tile.Areas {
			if i == j {
				continue
			}
			switch tile.Edges[edgeIndex(i, j)] {
			case edgeWater:
				nb.water[a] = nb.water[a].with(o)
			case edgeMountain:
				nb.ridge[a] = nb.ridge[a].with(o)
			}
		}
	}
	return nb
}

// frontier maps each free hex next to the laid areas to how many laid
// areas it touches (bits 0-3) and whether one of them has a red or blue
// edge (bit 4).
func (b *board) frontier(c *Content) *cellMap {
	f := new(cellMap)
	b.placed.each(func(a int) {
		colored := c.Areas[a].Border != 0
		for _, d := range hexDirs {
			h := b.pos[a].add(d)
			if _, ok := b.cells.get(h); ok {
				continue
			}
			v, _ := f.get(h)
			v++
			if colored {
				v |= 16
			}
			f.set(h, v)
		}
	})
	return f
}

// layCheck says why tile t may not lie at p, given the board's frontier:
// "" when it may. It checks the cells are free, the tile touches the laid
// tiles along at least two sides, and no red or blue edge meets another
// (Runewars rules, Setup); with borders false the colours are not
// checked.
func (b *board) layCheck(c *Content, front *cellMap, t int, p placement, borders bool) string {
	tile := &c.Tiles[t]
	cells := tileCells(p.at, int(p.turn))
	touch := 0
	for i, h := range cells {
		if _, ok := b.cells.get(h); ok {
			return "the place is taken"
		}
		v, _ := front.get(h)
		touch += v & 15
		if borders && v&16 != 0 && c.Areas[tile.Areas[i]].Border != 0 {
			return "a red or blue border would meet another red or blue border"
		}
	}
	if b.placed != 0 && touch < 2 {
		return "the tile must touch the laid tiles along at least two sides"
	}
	return ""
}

// homeDistance returns the fewest steps from any area of tile t at p to
// any area of a home realm on the board, or a large number when none is.
func (b *board) homeDistance(c *Content, t int, p placement) int {
	best := 1 << 10
	cells := tileCells(p.at, int(p.turn))
	b.homes.each(func(a int) {
		for _, h := range cells {
			if d := h.distance(b.pos[a]); d < best {
				best = d
			}
		}
	})
	return best
}

// candidates returns the placements near the laid tiles: every free hex
// within two steps of a laid area, in every turn, in a fixed order.
func (b *board) candidates() []placement {
	if b.placed == 0 {
		out := make([]placement, 6)
		for t := range out {
			out[t] = placement{turn: int8(t)}
		}
		return out
	}
	var seen cellMap
	var hs []hex
	b.placed.each(func(a int) {
		for _, d1 := range hexDirs {
			for d2 := -1; d2 < 6; d2++ {
				h := b.pos[a].add(d1)
				if d2 >= 0 {
					h = h.add(hexDirs[d2])
				}
				if _, ok := b.cells.get(h); ok {
					continue
				}
				if _, ok := seen.get(h); ok {
					continue
				}
				seen.set(h, 0)
				hs = append(hs, h)
			}
		}
	})
	out := make([]placement, 0, len(hs)*6)
	for _, h := range hs {
		for t := 0; t < 6; t++ {
			out = append(out, placement{at: h, turn: int8(t)})
		}
	}
	return out
}

// gridSide bounds the dense grid legalPlacements works on: the board and
// two hexes around it must fit (a board that does not is checked hex by
// hex instead).
const gridSide = 32

// layGrid is the board drawn on a dense grid for checking placements:
// for each hex, occupied (-1), or how many laid areas it touches (bits
// 0-3) and whether one of them has a red or blue edge (bit 4).
type layGrid struct {
	q0, r0 int16
	w, h   int16 // the board's extent
	v      [gridSide][gridSide]int8
}

func (g *layGrid) at(h hex) int8 {
	q, r := int(h.q-g.q0), int(h.r-g.r0)
	if q < 0 || r < 0 || q >= gridSide || r >= gridSide {
		return 0
	}
	return g.v[q][r]
}

// fill draws b on g; it reports false when b is too large for the grid.
func (g *layGrid) fill(b *board, c *Content) bool {
	minQ, minR, maxQ, maxR := int16(1<<14), int16(1<<14), int16(-1<<14), int16(-1<<14)
	b.placed.each(func(a int) {
		h := b.pos[a]
		minQ, maxQ = min(minQ, h.q), max(maxQ, h.q)
		minR, maxR = min(minR, h.r), max(maxR, h.r)
	})
	if int(maxQ-minQ)+7 > gridSide || int(maxR-minR)+7 > gridSide {
		return false
	}
	g.q0, g.r0 = minQ-3, minR-3
	g.w, g.h = maxQ-minQ, maxR-minR
	b.placed.each(func(a int) {
		h := b.pos[a]
		g.v[h.q-g.q0][h.r-g.r0] = -1
	})
	b.placed.each(func(a int) {
		colored := c.Areas[a].Border != 0
		for _, d := range hexDirs {
			h := b.pos[a].add(d)
			p := &g.v[h.q-g.q0][h.r-g.r0]
			if *p < 0 {
				continue
			}
			*p++
			if colored {
				*p |= 16
			}
		}
	})
	return true
}

// legalPlacements returns where tile t may be laid. A home realm must lie
// at least 3 areas from every other home realm (Runewars rules, Setup 1).
// When no place keeps every rule, the rule that cannot be kept gives way
// (RW-R3): first the distance between home realms (the places farthest
// from the others are allowed), then the border colours.
func (b *board) legalPlacements(c *Content, t int) []placement {
	if b.placed == 0 {
		return b.candidates()
	}
	var grid layGrid
	g := &grid
	if !g.fill(b, c) {
		return b.legalPlacementsSlow(c, t)
	}
	tile := &c.Tiles[t]
	home := tile.Home >= 0
	var colored [3]bool
	for i, a := range tile.Areas {
		colored[i] = c.Areas[a].Border != 0
	}
	// Only a place with a cell next to the board can touch it: try the
	// anchors that put a cell on a frontier hex, marking those that fit,
	// then list them in row order.
	var front [6 * maxAreas]hex
	nf := 0
	for r := int16(0); r <= g.h+6; r++ {
		for q := int16(0); q <= g.w+6; q++ {
			if v := g.v[q][r]; v > 0 && nf < len(front) {
				front[nf] = hex{g.q0 + q, g.r0 + r}
				nf++
			}
		}
	}
	for _, borders := range []bool{true, false} {
		var tried, fits [gridSide][gridSide]uint8
		nfit := 0
		for _, f := range front[:nf] {
			for turn := 0; turn < 6; turn++ {
				for i := 0; i < 3; i++ {
					at := f.sub(tileOffsets[turn][i])
					aq, ar := int(at.q-g.q0), int(at.r-g.r0)
					if aq < 0 || ar < 0 || aq >= gridSide || ar >= gridSide || tried[aq][ar]&(1<<turn) != 0 {
						continue
					}
					tried[aq][ar] |= 1 << turn
					if g.fits(at, turn, colored, borders) {
						fits[aq][ar] |= 1 << turn
						nfit++
					}
				}
			}
		}
		ok := make([]placement, 0, nfit) // the list is kept: one allocation
		best := 0
		// Distances to the home realms, found for a hex when first needed
		// (stored plus one; zero is not found yet).
		var dist [gridSide][gridSide]int8
		far := home && b.homes != 0
		for r := 0; r <= min(int(g.h)+7, gridSide-1); r++ {
			for q := 0; q <= min(int(g.w)+7, gridSide-1); q++ {
				m := fits[q][r]
				if m == 0 {
					continue
				}
				at := hex{g.q0 + int16(q), g.r0 + int16(r)}
				for turn := 0; turn < 6; turn++ {
					if m&(1<<turn) == 0 {
						continue
					}
					p := placement{at: at, turn: int8(turn)}
					if far {
						d := 127
						for _, o := range tileOffsets[turn] {
							h := at.add(o)
							x := &dist[h.q-g.q0][h.r-g.r0]
							if *x == 0 {
								*x = int8(b.nearestHome(h) + 1)
							}
							d = min(d, int(*x)-1)
						}
						ok, best = keepFarthest(ok, best, p, d)
						continue
					}
					ok = append(ok, p)
				}
			}
		}
		if len(ok) > 0 {
			return ok
		}
	}
	return nil
}

// keepFarthest adds home realm place p, d areas from the other home
// realms, to ok, the places kept so far, best areas away: every place at
// least 3 away (Setup 1), or, when there is none, the farthest ones
// (RW-R3). It returns the new list and best.
func keepFarthest(ok []placement, best int, p placement, d int) ([]placement, int) {
	switch {
	case d >= 3 && best < 3:
		ok, best = ok[:0], 3
	case d < 3 && d < best:
		return ok, best
	case d < 3 && d > best:
		ok, best = ok[:0], d
	}
	return append(ok, p), best
}

// nearestHome returns the fewest steps from h to a home realm's area on
// the board, at most 126.
func (b *board) nearestHome(h hex) int {
	best := 126
	for m := b.homes; m != 0; m &= m - 1 {
		a := bits.TrailingZeros64(uint64(m))
		best = min(best, h.distance(b.pos[a]))
	}
	return best
}

// fits reports whether a tile laid at at in turn turn lies on free hexes,
// touches the board along at least two sides, and, with borders, puts no
// coloured edge (colored, by area) against another.
func (g *layGrid) fits(at hex, turn int, colored [3]bool, borders bool) bool {
	touch := 0
	for i, o := range tileOffsets[turn] {
		v := g.at(at.add(o))
		if v < 0 || borders && v&16 != 0 && colored[i] {
			return false
		}
		touch += int(v & 15)
	}
	return touch >= 2
}

// legalPlacementsSlow is legalPlacements for a board too large for the
// grid, checking each place hex by hex.
func (b *board) legalPlacementsSlow(c *Content, t int) []placement {
	home := c.Tiles[t].Home >= 0
	front := b.frontier(c)
	cands := b.candidates()
	for _, borders := range []bool{true, false} {
		var ok []placement
		best := 0
		for _, p := range cands {
			if b.layCheck(c, front, t, p, borders) != "" {
				continue
			}
			if home && b.homes != 0 {
				ok, best = keepFarthest(ok, best, p, b.homeDistance(c, t, p))
				continue
			}
			ok = append(ok, p)
		}
		if len(ok) > 0 {
			return ok
		}
	}
	return nil
}

// lostCheck says why tile t may not lie at p by tile 12's rules (The Lost
// City), or "" when it may: tile 12 laid after other tiles touches at least
// two different areas of them (checklist 13); when tile 12 was laid first,
// the tile laid next touches it with two different areas of its own
// (checklist 12; RW-R41 reads TN-25's "the following tiles" as that one).
func (b *board) lostCheck(c *Content, t int, p placement) string {
	if c.LostTile < 0 || b.placed == 0 {
		return ""
	}
	cells := tileCells(p.at, int(p.turn))
	if t == c.LostTile {
		var near areaSet
		for _, h := range cells {
			for _, d := range hexDirs {
				if a, ok := b.cells.get(h.add(d)); ok {
					near = near.with(a)
				}
			}
		}
		if near.len() < 2 {
			return "tile 12 must touch at least two different areas of the tiles laid"
		}
		return ""
	}
	var lost areaSet
	for _, a := range c.Tiles[c.LostTile].Areas {
		lost = lost.with(a)
	}
	if b.placed != lost {
		return ""
	}
	n := 0
	for _, h := range cells {
		for _, d := range hexDirs {
			if a, ok := b.cells.get(h.add(d)); ok && lost.has(a) {
				n++
				break
			}
		}
	}
	if n < 2 {
		return "the tile laid after tile 12 must touch it with two different areas"
	}
	return ""
}

// lostFilter keeps the places of list that keep tile 12's rules; when
// none does, the rule gives way, as the others do (RW-R3).
func (b *board) lostFilter(c *Content, t int, list []placement) []placement {
	all := true
	for _, p := range list {
		if b.lostCheck(c, t, p) != "" {
			all = false
			break
		}
	}
	if all {
		return list // most tiles: no need to copy
	}
	var ok []placement
	for _, p := range list {
		if b.lostCheck(c, t, p) == "" {
			ok = append(ok, p)
		}
	}
	if len(ok) == 0 {
		return list
	}
	return ok
}

// yellowNear reports whether tile t at p would bring a coloured border
// against tile 12's yellow one (LC: red and blue may not touch it).
func (b *board) yellowNear(c *Content, t int, p placement) bool {
	for i, h := range tileCells(p.at, int(p.turn)) {
		mine := c.Areas[c.Tiles[t].Areas[i]].Border
		for _, d := range hexDirs {
			a, ok := b.cells.get(h.add(d))
			if !ok {
				continue
			}
			if o := c.Areas[a].Border; mine != 0 && o != 0 && (mine == 3 || o == 3) {
				return true
			}
		}
	}
	return false
}

// lostCityAt reports whether the Lost City stands in area a (LC).
func (s *State) lostCityAt(a int) bool {
	return s.c.LostCity >= 0 && a >= 0 && a < maxAreas && int(s.city[a]) == s.c.LostCity
}

// lostCityAppears puts the Lost City on tile 12's first area when a quest
// that makes it appear is passed, once; when desolation or Frost tokens lie
// on tile 12 it does not appear and they are all removed instead (The Lost
// City; checklist 114, 115; RW-R42).
func (s *State) lostCityAppears(l *engine.Log) {
	c := s.c
	if c.LostTile < 0 || c.LostCity < 0 {
		return
	}
	t := &c.Tiles[c.LostTile]
	if !s.b.placed.has(t.Areas[0]) || s.lostCityAt(t.Areas[0]) {
		return
	}
	tokens := false
	for _, a := range t.Areas {
		if s.desol[a] || s.frost[a] > 0 {
			tokens = true
		}
	}
	if tokens {
		for _, a := range t.Areas {
			s.desol[a], s.frost[a] = false, 0
		}
		l.Add(engine.Everyone, "lostcity", "the Lost City does not appear: the desolation and Frost tokens on %s are removed", t.Name)
		return
	}
	s.city[t.Areas[0]] = int8(c.LostCity)
	l.Add(engine.Everyone, "lostcity", "the Lost City appears in %s", &c.Areas[t.Areas[0]])
}
