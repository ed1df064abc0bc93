package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// The five trails (group D1) and the paths of moves: a Movement or Charge
// Procedure names where it ends, and what it passed over is found here
// (TD-138).

// trails are the five trail abilities; trailStatus the status each gives
// ("acquires the Blinded Status at the end of their Movement or Charge
// Procedure"), -1 for Mucous Trail ("must immediately end their Movement
// Phase").
var trails = [...]int{abMucousTrail, abStainyTrail, abIcyTrail, abStingingTrail, abToxicTrail}

func trailStatus(kind int) int {
	switch kind {
	case abStainyTrail:
		return Blinded
	case abIcyTrail:
		return Frozen
	case abStingingTrail:
		return Paralyzed
	case abToxicTrail:
		return Poisoned
	}
	return -1
}

func isTrail(kind int) bool {
	for _, t := range trails {
		if t == kind {
			return true
		}
	}
	return false
}

func init() {
	// 070 Mucous Trail, 077 Stainy Trail, 078 Icy Trail, 079 Stinging
	// Trail, 081 Toxic Trail, "D: Movement, Charge Pro.": "Every Grid Space
	// this Unit passes over gets a marker placed on it. These markers
	// remain on those Grid Spaces until the next time this Unit is Engaged.
	// Any Unit moving past a Grid Space with this marker [must immediately
	// end their Movement Phase | acquires the ... Status at the end of
	// their Movement or Charge Procedure]. This does not affect Units with
	// the Soar or Hover Movement Type." (moved, reach, trailsEnd; TD-138)
	for _, n := range trails {
		registerRule(n)
		ruled(n, "TD-138")
		trailAbs.add(n)
	}
}

// trailAbs are the five trails, as a set.
var trailAbs abSet

// tracked reports whether a move of piece i (with partner) must be
// followed along its path: trails lie on the battlefield, or the movers
// lay them or have abilities that fire when a move uses them.
func (s *State) tracked(i, partner int) bool {
	if len(s.marks) > 0 {
		return true
	}
	if s.present.and(trackAbs).empty() {
		return false
	}
	for _, m := range [2]int{i, partner} {
		if m < 0 {
			continue
		}
		if !s.info[s.pieces[m].prof].abil.and(trackAbs).empty() || trackAbs.has(int(s.pieces[m].ab.learned)) {
			return true
		}
		if t := s.pieces[m].team; t >= 0 && s.hasAb(int(t), abCarry) {
			return true
		}
	}
	return false
}

// trackMove finds the path of piece i's Movement Procedure to p (rating
// m, or -1 for the engaged unit's), before it moves, and fires the team
// abilities it uses.
func (s *State) trackMove(i, partner int, p battlefield.Point, m int, ev *engine.Log) {
	if m < 0 {
		if s.member(i) >= 0 {
			m = s.engagedRating(i, partner)
		} else {
			m = s.rating(i, 0)
		}
	}
	s.fireTeam(i, partner, ev)
	s.scr().ab.charging = false
	dest := p.Y*s.bf.W + p.X
	own := s.pathAbilities(i, partner)
	if !own && !s.markersNear(i, partner, m) {
		s.shortPath(i, dest)
		return
	}
	// A path that passes no status trail's marker; else the fewest.
	if !own && s.mucous == 0 && s.conf.grid.bits != nil {
		// Of the grid spaces of the path, moved reads only the trail
		// markers passed, and a path that passes no status trail's
		// marker passes none, no Mucous Trail's lying: any such path
		// does as well as bfsPath's, so only whether there is one is
		// asked.
		if s.reachedAvoiding(i, partner, dest, m) {
			s.shortPath(i, dest)
			return
		}
	} else if s.bfsPath(i, partner, dest, m, true) {
		return
	}
	if s.findPath(i, partner, dest, m, false) || s.bfsPath(i, partner, dest, 126, false) {
		return
	}
	s.shortPath(i, dest)
}

// bfsPath finds a path of piece i's move (with partner) of up to m grid
// spaces to dest as reach does (the one that keeps the most movement,
// found back from dest), passing no grid space with a status trail's
// marker if avoid is set; it reports whether there is one and leaves it in
// the scratch path.
func (s *State) bfsPath(i, partner, dest, m int, avoid bool) bool {
	if s.conf.grid.bits != nil {
		return s.bitsPath(i, partner, dest, m, avoid)
	}
	return s.bfsPathBFS(i, partner, dest, m, avoid)
}

// bfsPathBFS is bfsPath searched grid space by grid space, breadth first:
// for battlefields too large for bitsPath.
func (s *State) bfsPathBFS(i, partner, dest, m int, avoid bool) bool {
	a := &s.scr().ab
	g := s.conf.grid
	W, N := g.w, g.w*g.h
	if len(a.best) < 2*N {
		a.best = make([]int8, 2*N)
	}
	best := a.best[:2*N]
	for k := range best {
		best[k] = -1
	}
	mt := s.moveType(i, partner)
	var hurt []bool
	if avoid && mt != moveSoar && mt != moveHover {
		hurt = a.buf(N)
		for _, k := range s.marks {
			if trailStatus(int(k.kind)) >= 0 {
				hurt[k.sq] = true
			}
		}
	}
	nbr := g.nbrLow
	if mt == moveHover || mt == moveSoar {
		nbr = g.nbr
	}
	pass, slow := g.pass[mt], g.slow[mt]
	var stop []bool
	nbr, pass, slow, stop = s.moveTables(i, partner, mt, nbr, pass, slow)
	owner := s.pieces[i].owner
	start := int(s.pieces[i].y)*W + int(s.pieces[i].x)
	if m > 127 {
		m = 127
	}
	h0 := 0
	if slow[start] {
		m /= 2
		h0 = 1
	}
	step := func(q, rem, hv int) (int, int) {
		r, h := rem-1, hv
		if h == 0 && slow[q] {
			r /= 2
			h = 1
		}
		if stop != nil && stop[q] {
			r = 0
		}
		return r, h
	}
	ok := func(q int) bool {
		if q < 0 || !pass[q] || (hurt != nil && hurt[q]) {
			return false
		}
		o := int(s.board[q]) - 1
		return o < 0 || s.pieces[o].owner == owner || !s.alive(o)
	}
	best[start*2+h0] = int8(m)
	q := append(a.queue[:0], int32(start*2+h0))
	for head := 0; head < len(q); head++ {
		cur := int(q[head])
		rem := int(best[cur])
		if rem <= 0 {
			continue
		}
		sq, hv := cur/2, cur%2
		for d := 0; d < 4; d++ {
			n := int(nbr[sq][d])
			if !ok(n) {
				continue
			}
			r, h := step(n, rem, hv)
			if k := n*2 + h; int(best[k]) < r {
				best[k] = int8(r)
				q = append(q, int32(k))
			}
		}
	}
	a.queue = q
	// Back from dest: each grid space has a neighbour it was reached from
	// with exactly its movement left.
	cur := -1
	for h := 0; h < 2; h++ {
		if k := dest*2 + h; best[k] >= 0 && (cur < 0 || best[k] > best[cur]) {
			cur = k
		}
	}
	found := cur >= 0
	a.path = a.path[:0]
	for found && cur != start*2+h0 && len(a.path) < 256 {
		a.path = append(a.path, int16(cur/2))
		sq, h, r := cur/2, cur%2, int(best[cur])
		prev := -1
		for d := 0; d < 4 && prev < 0; d++ {
			p := int(nbr[sq][d])
			if p < 0 || (p != start && !ok(p)) {
				continue
			}
			for hp := 0; hp < 2; hp++ {
				rp := int(best[p*2+hp])
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
	if stop != nil {
		s.clearStops(stop)
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

// shortPath records a path of only the start and dest: when no grid
// space between them matters.
func (s *State) shortPath(i, dest int) {
	a := &s.scr().ab
	a.path = append(a.path[:0], int16(int(s.pieces[i].y)*s.bf.W+int(s.pieces[i].x)), int16(dest))
}

// pathAbs are the abilities of a mover that need the grid spaces of its
// path: the trails it leaves, and those that fire when the path uses
// them.
var pathAbs abSet

// pathMatters reports whether the grid spaces of a move of piece i (with
// partner) of up to m grid spaces matter: its units leave trails or have
// abilities that fire by the path, or a status trail's marker lies within
// its reach (Mucous Trail's markers end the path: they are its end).
func (s *State) pathMatters(i, partner, m int) bool {
	return s.pathAbilities(i, partner) || s.markersNear(i, partner, m)
}

// pathAbilities reports whether piece i or its partner has an ability
// that needs the grid spaces of its path (pathAbs).
func (s *State) pathAbilities(i, partner int) bool {
	if !s.present.and(pathAbs).empty() {
		for _, u := range [2]int{i, partner} {
			if u >= 0 && (!s.info[s.pieces[u].prof].abil.and(pathAbs).empty() || pathAbs.has(int(s.pieces[u].ab.learned))) {
				return true
			}
		}
	}
	return false
}

// markersNear reports whether a status trail's marker lies within m grid
// spaces of piece i, moving with partner over the ground.
func (s *State) markersNear(i, partner, m int) bool {
	if mt := s.moveType(i, partner); mt == moveSoar || mt == moveHover {
		return false
	}
	p := s.pt(i)
	for _, k := range s.marks {
		if trailStatus(int(k.kind)) < 0 {
			continue
		}
		if q := (battlefield.Point{X: int(k.sq) % s.bf.W, Y: int(k.sq) / s.bf.W}); battlefield.Distance(p, q) <= m {
			return true
		}
	}
	return false
}

// trackLine records the path of a straight charge of k grid spaces.
func (s *State) trackLine(i, partner, k int, ev *engine.Log) {
	s.fireTeam(i, partner, ev)
	a := &s.scr().ab
	a.charging = true
	p := s.pt(i)
	d := s.pieces[i].facing
	a.path = append(a.path[:0], int16(p.Y*s.bf.W+p.X))
	for j := 0; j < k; j++ {
		p = p.Add(d.Delta())
		a.path = append(a.path, int16(p.Y*s.bf.W+p.X))
	}
}

// trackCharge finds the path of a charge not in a straight line to p.
func (s *State) trackCharge(i, partner int, p battlefield.Point, n int, ev *engine.Log) {
	s.fireTeam(i, partner, ev)
	s.scr().ab.charging = true
	dest := p.Y*s.bf.W + p.X
	if !s.pathMatters(i, partner, n) || !s.findPath(i, partner, dest, n, true) {
		s.shortPath(i, dest)
	}
}

// fireTeam fires the Unit Team abilities a move of the team uses: Carry
// (a partner that is not Soar flies) and Ride (the team moves at a
// rider's rating, higher than the other's).
func (s *State) fireTeam(i, partner int, ev *engine.Log) {
	if partner < 0 {
		return
	}
	for _, m := range [2]int{i, partner} {
		o := partner
		if m == partner {
			o = i
		}
		if s.hasAb(m, abCarry) && s.info[s.pieces[o].prof].moveType != moveSoar {
			s.fire(m, abCarry, ev, "carries %s through the air", s.name(o))
		}
		if s.rides(m) {
			hm, ho := 0, 0
			if m == int(s.eng.p) {
				hm = int(s.eng.haste)
			}
			if o == int(s.eng.p) {
				ho = int(s.eng.haste)
			}
			if s.rating(m, hm) > s.rating(o, ho) {
				n := abRide
				if !s.hasAb(m, abRide) {
					n = abRideTheLightning
				}
				s.fire(m, n, ev, "the Unit Team with %s moves at its Movement Rating", s.name(o))
			}
		}
	}
}

// findPath finds the path of piece i (with partner) from its grid space
// to dest, moving (rating m) or charging not in a straight line (n = m),
// that passes the fewest grid spaces with a status trail's marker, then
// the fewest grid spaces (TD-138); it reports whether there is one, and
// leaves it in the scratch path.
func (s *State) findPath(i, partner, dest, m int, charge bool) bool {
	a := &s.scr().ab
	g := s.conf.grid
	W, N := g.w, g.w*g.h
	if m > 126 {
		m = 126
	}
	if m < 0 {
		m = 0
	}
	if !charge {
		// Only a path that must pass markers needs this search: keep it
		// short.
		m = min(m, 32)
	}
	R := m + 1
	V := N * 2 * R

	if len(a.dist) < V {
		// All -1 between searches: each sets back the states it pushed.
		a.dist = make([]int16, V)
		a.prev = make([]int32, V)
		for k := range a.dist {
			a.dist[k] = -1
		}
	}
	dist := a.dist[:V]
	K := R * R // keys: markers*R + steps
	if len(a.head) < K {
		a.head = make([]int32, K)
	}
	head := a.head[:K]
	for k := range head {
		head[k] = -1
	}
	a.nodeSt, a.nodeNext = a.nodeSt[:0], a.nodeNext[:0]
	push := func(st int32, key int) {
		a.nodeSt = append(a.nodeSt, st)
		a.nodeNext = append(a.nodeNext, head[key])
		head[key] = int32(len(a.nodeSt) - 1)
	}
	mt := s.moveType(i, partner)
	// Grid spaces with a status trail's marker, which the path avoids.
	hurt := a.buf(N)
	if mt != moveSoar && mt != moveHover {
		for _, k := range s.marks {
			if trailStatus(int(k.kind)) >= 0 {
				hurt[k.sq] = true
			}
		}
	}
	nbr := g.nbrLow
	if mt == moveHover || mt == moveSoar {
		nbr = g.nbr
	}
	pass, slow := g.pass[mt], g.slow[mt]
	var stop []bool
	if !charge {
		nbr, pass, slow, stop = s.moveTables(i, partner, mt, nbr, pass, slow)
	}
	var cr chargeWay
	if charge {
		cr = s.chargeWayOf(i, partner, mt)
	}
	owner := s.pieces[i].owner
	start := int(s.pieces[i].y)*W + int(s.pieces[i].x)
	m0, h0 := m, 0
	if !charge && slow[start] {
		m0, h0 = m/2, 1
	}
	st0 := int32((start*2+h0)*R + m0)
	dist[st0] = 0
	a.prev[st0] = -1
	push(st0, 0)
	found := int32(-1)
	for key := 0; key < K && found < 0; key++ {
		for nd := head[key]; nd >= 0; nd = a.nodeNext[nd] {
			st := a.nodeSt[nd]
			if int(dist[st]) != key {
				continue // reached since with a lower key
			}
			rem := int(st) % R
			sh := int(st) / R
			sq, hv := sh/2, sh%2
			if sq == dest {
				found = st
				break
			}
			if rem <= 0 {
				continue
			}
			steps := key % R
			for d := 0; d < 4; d++ {
				var q int
				r, h := rem-1, hv
				if charge {
					p := battlefield.Point{X: sq % W, Y: sq / W}
					if !s.chargeStep(cr, mt, owner, p, facings[d]) {
						continue
					}
					q = p.Add(facings[d].Delta()).Y*W + p.Add(facings[d].Delta()).X
					if cr.stop && s.stopsAt(battlefield.Point{X: q % W, Y: q / W}) {
						r = 0
					}
				} else {
					q = int(nbr[sq][d])
					if q < 0 || !pass[q] {
						continue
					}
					if o := int(s.board[q]) - 1; o >= 0 && s.pieces[o].owner != owner && s.alive(o) {
						continue
					}
					if h == 0 && slow[q] {
						r /= 2
						h = 1
					}
					if stop != nil && stop[q] {
						r = 0
					}
				}
				nk := key + 1
				if hurt[q] {
					nk += R
				}
				if steps+1 >= R || nk >= K {
					continue
				}
				ns := int32((q*2+h)*R + r)
				if dist[ns] >= 0 && int(dist[ns]) <= nk {
					continue
				}
				dist[ns] = int16(nk)
				a.prev[ns] = st
				push(ns, nk)
			}
		}
	}
	if stop != nil {
		s.clearStops(stop)
	}
	if found >= 0 {
		a.path = a.path[:0]
		for st := found; st >= 0; st = a.prev[st] {
			a.path = append(a.path, int16(int(st)/R/2))
		}
	}
	for _, st := range a.nodeSt {
		dist[st] = -1
	}
	if found < 0 {
		return false
	}
	for l, r := 0, len(a.path)-1; l < r; l, r = l+1, r-1 {
		a.path[l], a.path[r] = a.path[r], a.path[l]
	}
	return true
}

// moved applies what a Movement or Charge Procedure of piece i (with
// partner) along the scratch path did, once the units stand at its end:
// the trails it passed ("acquires the ... Status at the end of their
// Movement or Charge Procedure"; Mucous Trail ended the move there), the
// trails its units leave, and the abilities its path used.
func (s *State) moved(i, partner int, ev *engine.Log) {
	a := &s.scr().ab
	if len(a.path) == 0 {
		return
	}
	path := a.path
	charging := a.charging
	mt := s.moveType(i, partner)
	members := [2]int{i, partner}
	// The trails passed over: each kind acts once, by the first marker met.
	if len(s.marks) > 0 && mt != moveSoar && mt != moveHover {
		var met [len(trails)]int8
		for k := range met {
			met[k] = -1
		}
		passed := false
		for _, sq := range path[1:] {
			for _, mk := range s.marks {
				if mk.sq != sq {
					continue
				}
				for t, kind := range trails {
					if int(mk.kind) == kind && met[t] < 0 {
						met[t], passed = mk.by, true
					}
				}
			}
		}
		if passed {
			var pbuf [128]int16 // a copy: the statuses below may move units
			path = append(pbuf[:0], a.path...)
			s.trailsPassed(i, met, members, ev)
		}
	}
	// The trails its units leave: "Every Grid Space this Unit passes over".
	for _, m := range members {
		if m < 0 || s.present.and(trailAbs).empty() {
			continue
		}
		if p := &s.pieces[m]; s.info[p.prof].abil.and(trailAbs).empty() && !trailAbs.has(int(p.ab.learned)) {
			continue // it has no trail (hasAb)
		}
		for _, kind := range trails {
			if !s.hasAb(m, kind) {
				continue
			}
			for _, sq := range path {
				if !s.marked(sq, kind, m) {
					s.marks = append(s.marks, mark{sq: sq, kind: uint8(kind), by: int8(m), held: -1})
					s.markBy(m)
					if kind == abMucousTrail {
						s.mucous++
					}
				}
			}
			s.fire(m, kind, ev, "leaves a trail over %d grid spaces", len(path))
		}
	}
	// Abilities the path used.
	W := s.bf.W
	forest, piece, water := false, false, false
	// The grid spaces passed matter only to a team with Forager,
	// Transpose or (charging) Slither: the same for both members below.
	forager := s.present.has(abForager) && s.teamHas(i, partner, abForager)
	transpose := s.present.has(abTranspose) && s.teamHas(i, partner, abTranspose)
	slither := charging && s.present.has(abSlither) && s.teamHas(i, partner, abSlither)
	if forager || transpose || slither {
		startWater := s.terrain(battlefield.Point{X: int(path[0]) % W, Y: int(path[0]) / W}) == battlefield.Water
		for k, sq := range path {
			p := battlefield.Point{X: int(sq) % W, Y: int(sq) / W}
			t := s.terrain(p)
			forest = forest || t == battlefield.Forest
			water = water || (k > 0 && (t == battlefield.Water) != startWater)
			piece = piece || (k > 0 && k < len(path)-1 && !s.canPass(s.info[s.pieces[i].prof].moveType, p))
		}
	}
	for _, m := range members {
		if m < 0 {
			continue
		}
		if forest && forager {
			s.fire(m, abForager, ev, "moves through the Forest unhindered")
		}
		if piece && transpose {
			s.fire(m, abTranspose, ev, "moves through a terrain piece")
		}
		if water && slither {
			s.fire(m, abSlither, ev, "slithers in and out of the Water")
		}
		if s.present.has(abFloodplains) && s.hasAb(m, abFloodplains) && s.bf.Terrain(s.pt(m)) == battlefield.Water {
			if fc := s.flood(); fc != nil {
				n := 0
				for _, w := range fc.water {
					if w {
						n++
					}
				}
				s.fire(m, abFloodplains, ev, "the Water floods %d grid spaces around it", n)
			}
		}
	}
	a.path = a.path[:0]
}

// trailsPassed applies the trails a move of piece i (members: it and its
// partner, or -1) passed over: met has, for each of trails, the piece
// whose marker it met first, or -1.
func (s *State) trailsPassed(i int, met [len(trails)]int8, members [2]int, ev *engine.Log) {
	for t, kind := range trails {
		by := int(met[t])
		if by < 0 {
			continue
		}
		st := trailStatus(kind)
		if st < 0 {
			s.fire(by, kind, ev, "%s is stuck and ends its Movement Phase", s.name(i))
			if s.member(i) >= 0 {
				s.eng.refaced = true // the Movement Phase is over: no Facing Procedure after it
			}
			continue
		}
		for _, m := range members {
			if m >= 0 && s.alive(m) {
				s.fire(by, kind, ev, "%s passed over the trail", s.name(m))
				s.inflict(by, kind, m, st, ev)
			}
		}
	}
}

// marked reports whether a marker of kind left by piece by lies on sq.
func (s *State) marked(sq int16, kind, by int) bool {
	for _, mk := range s.marks {
		if mk.sq == sq && int(mk.kind) == kind && int(mk.by) == by {
			return true
		}
	}
	return false
}

// markBy notes that piece i has laid a marker (State.markers).
func (s *State) markBy(i int) {
	if i < 64 {
		s.markers |= 1 << uint(i)
	}
}

// trailsEnd removes piece i's trail markers: they "remain on those Grid
// Spaces until the next time this Unit is Engaged".
func (s *State) trailsEnd(i int, ev *engine.Log) {
	if i < 64 && s.markers&(1<<uint(i)) == 0 {
		return // it laid none
	}
	mine := false
	for _, mk := range s.marks {
		mine = mine || int(mk.by) == i
	}
	if !mine {
		return // none of its markers: nothing to set back
	}
	out := s.marks[:0]
	n := 0
	kept := false // a marker of its that is no trail's (Shed)
	for _, mk := range s.marks {
		if int(mk.by) == i && isTrail(int(mk.kind)) {
			n++
			if mk.kind == abMucousTrail {
				s.mucous--
			}
			continue
		}
		kept = kept || int(mk.by) == i
		out = append(out, mk)
	}
	if n == 0 {
		return
	}
	s.marks = out
	if !kept && i < 64 {
		s.markers &^= 1 << uint(i)
	}
	s.event(ev, "trail.end", "%s's trail is gone (%d grid spaces)", s.name(i), n)
}
