package tacticsdavid

import (
	mbits "math/bits"

	"skald/games/tacticsdavid/battlefield"
)

// A bitgrid is a set of a battlefield's grid spaces, a bit each, by index
// y*W+x: up to 192 of them (14x13; the book's 7x11 and 14x11 fit, not its
// 14x22). Reach searches a move on bitgrids, all grid spaces at a step
// (reachBits), where the battlefield fits one; others are searched grid
// space by grid space (reachBFS). Three words keep each step short: most
// battles are on 14x11 battlefields.
type bitgrid [3]uint64

// maxBitgrid is the most grid spaces a bitgrid holds.
const maxBitgrid = 64 * len(bitgrid{})

func (b *bitgrid) set(sq int) { b[sq>>6] |= 1 << uint(sq&63) }

func (b *bitgrid) has(sq int) bool { return b[sq>>6]&(1<<uint(sq&63)) != 0 }

func (b *bitgrid) and(c *bitgrid) bitgrid {
	return bitgrid{b[0] & c[0], b[1] & c[1], b[2] & c[2]}
}

func (b *bitgrid) andNot(c *bitgrid) bitgrid {
	return bitgrid{b[0] &^ c[0], b[1] &^ c[1], b[2] &^ c[2]}
}

func (b *bitgrid) or(c *bitgrid) bitgrid {
	return bitgrid{b[0] | c[0], b[1] | c[1], b[2] | c[2]}
}

func (b *bitgrid) empty() bool { return b[0]|b[1]|b[2] == 0 }

// steps are a battlefield's moves between neighbours as bitgrids: from
// holds, for each facing, the grid spaces with a neighbour that way (a
// grid table's nbr). A step north moves the index w places down, east one
// up, south w up, west one down.
type steps struct {
	from [4]bitgrid
	w    uint
}

// dilate returns the grid spaces one step from those of b.
func (st *steps) dilate(b *bitgrid) bitgrid {
	b0, b1, b2 := b[0], b[1], b[2]
	// Both shifts are less than 64 (w is a row, 1 to 63 grid spaces):
	// masked, they are single instructions.
	w, rw := st.w&63, (64-st.w)&63
	f := &st.from[battlefield.North]
	t0, t1, t2 := b0&f[0], b1&f[1], b2&f[2]
	o0, o1, o2 := t0>>w|t1<<rw, t1>>w|t2<<rw, t2>>w
	f = &st.from[battlefield.South]
	t0, t1, t2 = b0&f[0], b1&f[1], b2&f[2]
	o0, o1, o2 = o0|t0<<w, o1|t1<<w|t0>>rw, o2|t2<<w|t1>>rw
	f = &st.from[battlefield.East]
	t0, t1, t2 = b0&f[0], b1&f[1], b2&f[2]
	o0, o1, o2 = o0|t0<<1, o1|t1<<1|t0>>63, o2|t2<<1|t1>>63
	f = &st.from[battlefield.West]
	t0, t1, t2 = b0&f[0], b1&f[1], b2&f[2]
	o0, o1, o2 = o0|t0>>1|t1<<63, o1|t1>>1|t2<<63, o2|t2>>1
	return bitgrid{o0, o1, o2}
}

// maskOf returns the bitgrid of the grid spaces set in t.
func maskOf(t []bool) bitgrid {
	var b bitgrid
	for sq, v := range t {
		if v {
			b.set(sq)
		}
	}
	return b
}

// gridBits are a grid's tables as bitgrids (grid).
type gridBits struct {
	nbr, nbrLow steps
	pass        [4]bitgrid
	passAll     bitgrid
	slow        [4]bitgrid
	slowNF      [4]bitgrid
	stand       bitgrid
	deploy      [2]bitgrid // each player's deployment area
}

// newGridBits returns g's tables as bitgrids, or nil when the battlefield
// does not fit a bitgrid or a neighbour table is not the battlefield's
// rows and columns.
func newGridBits(g *grid) *gridBits {
	n := g.w * g.h
	if n > maxBitgrid || g.w >= 64 {
		return nil
	}
	b := &gridBits{passAll: maskOf(g.passAll), stand: maskOf(g.stand)}
	for mt := range b.pass {
		b.pass[mt], b.slow[mt], b.slowNF[mt] = maskOf(g.pass[mt]), maskOf(g.slow[mt]), maskOf(g.slowNF[mt])
	}
	for _, t := range []struct {
		nbr [][4]int16
		st  *steps
	}{{g.nbr, &b.nbr}, {g.nbrLow, &b.nbrLow}} {
		t.st.w = uint(g.w)
		for _, f := range facings {
			dp := f.Delta()
			for sq := 0; sq < n; sq++ {
				if q := int(t.nbr[sq][f]); q >= 0 {
					if q != sq+dp.Y*g.w+dp.X {
						return nil
					}
					t.st.from[f].set(sq)
				}
			}
		}
	}
	for _, f := range facings { // what dilate takes them to be
		if d := f.Delta(); d != [4]battlefield.Point{{X: 0, Y: -1}, {X: 1, Y: 0}, {X: 0, Y: 1}, {X: -1, Y: 0}}[f] {
			return nil
		}
	}
	return b
}

// stepsOf returns the bitgrid steps of the neighbour table nbr, one of
// g's.
func (b *gridBits) stepsOf(g *grid, nbr [][4]int16) *steps {
	if len(nbr) > 0 && &nbr[0] == &g.nbr[0] {
		return &b.nbr
	}
	return &b.nbrLow
}

// maskOfTable returns the bitgrid of t, one of g's tables or another
// (Floodplains' Slow Terrain), made into buf.
func (b *gridBits) maskOfTable(g *grid, t []bool, buf *bitgrid) *bitgrid {
	if len(t) > 0 {
		p := &t[0]
		for mt := range g.pass {
			switch p {
			case &g.pass[mt][0]:
				return &b.pass[mt]
			case &g.slow[mt][0]:
				return &b.slow[mt]
			case &g.slowNF[mt][0]:
				return &b.slowNF[mt]
			}
		}
		if p == &g.passAll[0] {
			return &b.passAll
		}
	}
	*buf = maskOf(t)
	return buf
}

// moveLayers is a move's search on bitgrids (searchMove), which reach and
// bfsPath share: what movement each grid space keeps at best, in each of
// the states reach and bfsPath search (before Slow Terrain, h = 0, and
// after, h = 1).
type moveLayers struct {
	start  int
	m      int  // the movement at the start, after Slow Terrain halved it
	halved bool // the move starts in Slow Terrain
	// lay0[d] are the grid spaces at distance d before Slow Terrain,
	// keeping m-d (or nothing, on a Mucous Trail: stop).
	lay0 [128]bitgrid
	n0   int
	// kept[v] are the grid spaces keeping v or more after Slow Terrain.
	kept [128]bitgrid
	top  int     // the most kept, -1 if none
	seen bitgrid // every grid space reached, and the start
	// The tables searched (moveTables).
	nbr        [][4]int16
	pass, slow []bool
	// in is what the search was asked: when a search is asked the same,
	// as a move is listed then made, it is not made again.
	in    searchInput
	valid bool
}

// sameBut reports whether the last search, asked in, would have been the
// same: in differs only by closing grid spaces open to it that it never
// reached (so never stepped from).
func (ml *moveLayers) sameBut(in *searchInput) bool {
	last := &ml.in
	if last.steps != in.steps || last.start != in.start || last.m != in.m || last.slow != in.slow || last.stop != in.stop {
		return false
	}
	more := in.open.andNot(&last.open)
	if !more.empty() {
		return false
	}
	closed := last.open.andNot(&in.open)
	closed = closed.and(&ml.seen)
	return closed.empty()
}

// searchInput is all a move's search reads (searchMove).
type searchInput struct {
	steps            *steps
	start, m         int
	open, slow, stop bitgrid
}

// best returns the most movement a state of the search keeps, as the
// breadth-first searches hold it (k is twice the grid space, plus 1
// after Slow Terrain), or -1 if it is not reached.
func (ml *moveLayers) best(k int) int {
	word, bit := k/2>>6, uint64(1)<<uint(k/2&63)
	if k%2 == 0 {
		for d := 0; d < ml.n0; d++ {
			if ml.lay0[d][word]&bit != 0 {
				if d > 0 && ml.in.stop[word]&bit != 0 {
					return 0
				}
				return ml.m - d
			}
		}
		return -1
	}
	for v := ml.top; v >= 0; v-- {
		if ml.kept[v][word]&bit != 0 {
			return v
		}
	}
	return -1
}

// searchInputOf returns what searchMove reads of piece i's move (with
// partner) of up to m grid spaces, with no grid space avoided, and whether
// the move starts in Slow Terrain; it sets the search's tables.
func (s *State) searchInputOf(i, partner, m int) (searchInput, bool) {
	ml := &s.scr().layers
	g := s.conf.grid
	gb := g.bits
	mt := s.moveType(i, partner)
	nbr := g.nbrLow
	if mt == moveHover || mt == moveSoar {
		nbr = g.nbr
	}
	pass, slow := g.pass[mt], g.slow[mt]
	var stop []bool
	if len(s.marks) > 0 || !s.present.and(moveAbs).empty() {
		nbr, pass, slow, stop = s.moveTables(i, partner, mt, nbr, pass, slow)
	}
	st := gb.stepsOf(g, nbr)
	var passBuf, slowBuf bitgrid
	passM := gb.maskOfTable(g, pass, &passBuf)
	slowM := gb.maskOfTable(g, slow, &slowBuf)
	var stopBits bitgrid
	if stop != nil {
		for _, k := range s.marks {
			if stop[k.sq] {
				stopBits.set(int(k.sq))
			}
		}
		s.clearStops(stop)
	}
	// The grid spaces it may enter: not through enemy units.
	owner := s.pieces[i].owner
	var enemies bitgrid
	n := g.w * g.h
	ps, board := s.pieces, s.board[:n]
	for j := range ps {
		p := &ps[j]
		if p.owner == owner || p.flags&fRemoved != 0 || p.has(Dead) {
			continue // not an enemy alive (s.alive)
		}
		if sq := int(p.y)*g.w + int(p.x); sq >= 0 && sq < n && int(board[sq])-1 == j {
			enemies.set(sq)
		}
	}
	open := passM.andNot(&enemies)

	start := int(s.pieces[i].y)*g.w + int(s.pieces[i].x)
	halved := slowM[start>>6]&(1<<uint(start&63)) != 0
	if halved {
		m /= 2
	}
	m = max(0, min(m, 127))
	ml.nbr, ml.pass, ml.slow = nbr, pass, slow
	return searchInput{steps: st, start: start, m: m, open: open, slow: *slowM, stop: stopBits}, halved
}

// searchMove searches a move of piece i (with partner, or -1) of up to m
// grid spaces as reach does, on bitgrids, not entering the grid spaces of
// avoid (nil: none). A move keeps its full rating until it enters Slow
// Terrain, after which it keeps half of what was left: so the grid spaces
// reached before are found by distance, and those after by how much
// movement they keep, from the most down.
func (s *State) searchMove(i, partner, m int, avoid *bitgrid) *moveLayers {
	sc := s.scr()
	ml := &sc.layers
	var in searchInput
	var halved bool
	if l := &sc.listed; l.live && l.ok && l.searched && l.i == i && l.partner == partner && l.rating == m {
		// The move listed, being made: the list's search read the same.
		in, halved = l.in, l.halved
		ml.nbr, ml.pass, ml.slow = l.nbr, l.pass, l.slow
	} else {
		in, halved = s.searchInputOf(i, partner, m)
	}
	if avoid != nil {
		in.open = in.open.andNot(avoid)
	}
	start, m := in.start, in.m
	st, open, slowM := in.steps, in.open, &in.slow
	var at bitgrid
	at.set(start)
	if ml.valid && ml.in == in {
		return ml
	}
	if ml.valid && ml.sameBut(&in) {
		// The last search, with grid spaces open that it never reached
		// (a path kept off trail markers out of the move's reach): the
		// same search.
		ml.in.open = in.open
		return ml
	}
	ml.in, ml.valid = in, true
	stopM := &ml.in.stop
	ml.start, ml.m, ml.halved, ml.n0, ml.top = start, m, halved, 0, -1
	// Before Slow Terrain: the grid spaces at each distance d, keeping
	// m-d; entering Slow Terrain keeps (m-d)/2 from then on (into
	// ml.kept by what is kept), entering a Mucous Trail nothing.
	kept := &ml.kept
	keep := func(v int, b *bitgrid) {
		if b.empty() {
			return
		}
		for ml.top < v {
			ml.top++
			kept[ml.top] = bitgrid{}
		}
		kept[v] = kept[v].or(b)
	}
	seen := at
	switch {
	case halved:
		keep(m, &at)
	case slowM.empty():
		// No Slow Terrain: the grid spaces by distance alone.
		ml.lay0[0] = at
		ml.n0 = 1
		front := at
		for d := 1; d <= m && !front.empty(); d++ {
			next := st.dilate(&front)
			next = next.and(&open)
			next = next.andNot(&seen)
			seen = seen.or(&next)
			ml.lay0[d] = next
			ml.n0 = d + 1
			front = next.andNot(stopM)
		}
	default:
		ml.lay0[0] = at
		ml.n0 = 1
		front := at
		for d := 1; d <= m && !front.empty(); d++ {
			next := st.dilate(&front)
			next = next.and(&open)
			next = next.andNot(&seen)
			into := next.and(slowM)
			if !into.empty() {
				stopped := into.and(stopM)
				keep(0, &stopped)
				moving := into.andNot(stopM)
				keep((m-d)/2, &moving)
			}
			plain := next.andNot(slowM)
			seen = seen.or(&plain)
			ml.lay0[d] = plain
			ml.n0 = d + 1
			front = plain.andNot(stopM)
		}
	}
	// After: the grid spaces keeping v or more, from the most down.
	var more bitgrid // keeping v+1 or more
	for v := ml.top; v >= 0; v-- {
		cur := more.or(&kept[v])
		if !more.empty() {
			next := st.dilate(&more)
			next = next.and(&open)
			if v > 0 {
				next = next.andNot(stopM)
			}
			cur = cur.or(&next)
		}
		kept[v] = cur
		more = cur
	}
	ml.seen = seen.or(&more)
	return ml
}

// reachSet is reach on bitgrids (searchMove): the same grid spaces, as a
// set.
func (s *State) reachSet(i, partner, m int) bitgrid {
	ml := s.searchMove(i, partner, m, nil)
	g := s.conf.grid
	r := ml.seen.and(&g.bits.stand)
	r[ml.start>>6] &^= 1 << uint(ml.start&63)
	// It ends on an ally only to form a Unit Team with it.
	n := g.w * g.h
	ps, board := s.pieces, s.board[:n]
	for j := range ps {
		p := &ps[j]
		sq := int(p.y)*g.w + int(p.x)
		if sq < 0 || sq >= n || !r.has(sq) || int(board[sq])-1 != j {
			continue
		}
		if partner >= 0 || s.teamWith(i, j) != nil {
			r[sq>>6] &^= 1 << uint(sq&63)
		}
	}
	return r
}

// reachBits is reach on bitgrids (reachSet): the same grid spaces, in the
// same order.
func (s *State) reachBits(i, partner, m int) []int16 {
	sc := s.scr()
	sc.reach = sc.reach[:0]
	r := s.reachSet(i, partner, m)
	for w, bits := range r {
		for bits != 0 {
			sc.reach = append(sc.reach, int16(w*64+mbits.TrailingZeros64(bits)))
			bits &= bits - 1
		}
	}
	return sc.reach
}

// count returns how many grid spaces b holds.
func (b *bitgrid) count() int {
	return mbits.OnesCount64(b[0]) + mbits.OnesCount64(b[1]) + mbits.OnesCount64(b[2])
}

// nth returns the k-th grid space of b, counting from 0 up the index (k
// less than b.count()).
func (b *bitgrid) nth(k int) int {
	for w, bits := range b {
		if c := mbits.OnesCount64(bits); k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			bits &= bits - 1
		}
		return w*64 + mbits.TrailingZeros64(bits)
	}
	return -1
}

// reachedAvoiding reports whether bitsPath finds a path of piece i's move
// (with partner) of up to m grid spaces to dest that passes no grid space
// with a status trail's marker, without finding it: bitsPath's way back
// from dest finds one whenever the search reaches dest.
func (s *State) reachedAvoiding(i, partner, dest, m int) bool {
	var hurt *bitgrid
	var hurtM bitgrid
	if mt := s.moveType(i, partner); mt != moveSoar && mt != moveHover {
		for _, k := range s.marks {
			if trailStatus(int(k.kind)) >= 0 {
				hurtM.set(int(k.sq))
			}
		}
		hurt = &hurtM
	}
	ml := s.searchMove(i, partner, min(m, 127), hurt)
	return ml.seen.has(dest) // best(dest*2) or best(dest*2+1) is not -1
}

// bitsPath is bfsPath on bitgrids (searchMove): the same path.
func (s *State) bitsPath(i, partner, dest, m int, avoid bool) bool {
	a := &s.scr().ab
	mt := s.moveType(i, partner)
	var hurt *bitgrid
	var hurtM bitgrid
	if avoid && mt != moveSoar && mt != moveHover {
		for _, k := range s.marks {
			if trailStatus(int(k.kind)) >= 0 {
				hurtM.set(int(k.sq))
			}
		}
		hurt = &hurtM
	}
	ml := s.searchMove(i, partner, min(m, 127), hurt)
	owner := s.pieces[i].owner
	step := func(q, rem, hv int) (int, int) {
		r, h := rem-1, hv
		if h == 0 && ml.slow[q] {
			r /= 2
			h = 1
		}
		if ml.in.stop.has(q) {
			r = 0
		}
		return r, h
	}
	ok := func(q int) bool {
		if q < 0 || !ml.pass[q] || (hurt != nil && hurt.has(q)) {
			return false
		}
		o := int(s.board[q]) - 1
		return o < 0 || s.pieces[o].owner == owner || !s.alive(o)
	}
	start, h0 := ml.start, 0
	if ml.halved {
		h0 = 1
	}
	// Back from dest: each grid space has a neighbour it was reached from
	// with exactly its movement left.
	cur, bc := -1, -1
	for h := 0; h < 2; h++ {
		if b := ml.best(dest*2 + h); b >= 0 && (cur < 0 || b > bc) {
			cur, bc = dest*2+h, b
		}
	}
	found := cur >= 0
	a.path = a.path[:0]
	for found && cur != start*2+h0 && len(a.path) < 256 {
		a.path = append(a.path, int16(cur/2))
		sq, h, r := cur/2, cur%2, ml.best(cur)
		prev := -1
		for d := 0; d < 4 && prev < 0; d++ {
			p := int(ml.nbr[sq][d])
			if p < 0 || !ml.seen.has(p) || (p != start && !ok(p)) {
				continue // unreached: best is -1
			}
			for hp := 0; hp < 2; hp++ {
				rp := ml.best(p*2 + hp)
				if rp <= 0 {
					continue
				}
				if r2, h2 := step(sq, rp, hp); r2 == r && h2 == h {
					prev = p*2 + hp
					break
				}
			}
		}
		if prev < 0 {
			found = false
		}
		cur = prev
	}
	if !found {
		return false
	}
	a.path = append(a.path, int16(start))
	for l, r := 0, len(a.path)-1; l < r; l, r = l+1, r-1 {
		a.path[l], a.path[r] = a.path[r], a.path[l]
	}
	return true
}
