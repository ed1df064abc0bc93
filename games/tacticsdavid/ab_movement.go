package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Abilities of movement (group D1): Movement Rating bonuses on
// engagement, terrain (Forager, Transpose, Slither, Floodplains), Unit Team
// movement (Carry, Ride, Ride the Lightning) and charges (Maneuver,
// Manuever, Hulking); the trails and the paths of moves are in
// ab_trail.go. Rulings TD-134 to TD-150 of docs/rulings/td-abilities-d1.md.

var (
	// moveAbs change the grid tables a move is searched on (reach).
	moveAbs abSet
	// chargeAbs change the rules of a charge's steps.
	chargeAbs abSet
	// trackAbs are the abilities a move must be followed for (its path):
	// the trails, and the abilities that fire when a move uses them.
	trackAbs abSet
)

func init() {
	for _, n := range []int{abTranspose, abForager, abFloodplains} {
		moveAbs.add(n)
	}
	for _, n := range []int{abSlither, abFloodplains, abForager, abTranspose} {
		chargeAbs.add(n)
	}
	for _, n := range []int{abForager, abTranspose, abCarry, abRide, abRideTheLightning, abFloodplains, abSlither} {
		trackAbs.add(n)
	}
	for _, n := range trails {
		trackAbs.add(n)
		pathAbs.add(n)
	}
	for _, n := range []int{abForager, abTranspose, abSlither} {
		pathAbs.add(n)
	}

	// 060 Synchronize, "All (Not with Dead Status)": "Allied Units within 2
	// Grid Spaces of this Unit upon their Unit Engagement gain +1 to their
	// Movement Rating for this Turn. This Ability is not accumulative with
	// other Units who posses it." (TD-147: not the holder itself; the
	// first holder in reach gives it, once.)
	register(abSynchronize, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if !s.nearAlly(h, e, 2) || !s.firstNear(h, e, abSynchronize, 2) {
			return
		}
		s.pieces[e].ab.moveTurn++
		s.fire(h, abSynchronize, ev, "+1 to %s's Movement Rating this turn", s.name(e))
	}})
	ruled(abSynchronize, "TD-147")

	// 098 Flash Flood, "All (Not with Dead Status)": "Allied Units within 2
	// Grid Spaces of this Unit upon Unit Engagement gain +1 to their
	// Movement Rating until Disengaged." Each Flash Flood counts (TD-147).
	register(abFlashFlood, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if !s.nearAlly(h, e, 2) {
			return
		}
		s.pieces[e].ab.move++
		s.fire(h, abFlashFlood, ev, "+1 to %s's Movement Rating until Disengaged", s.name(e))
	}})
	ruled(abFlashFlood, "TD-147")

	// 194 Dragon Flight, "All (Not with Dead Status)": "Allied Units of the
	// Egg Root within 3 Grid Spaces of this Unit on their Engagement may
	// add 1 D3 to their Movement Rating until Disengaged." They always do
	// (it only helps: TD-34); the engaged unit rolls (TD-147).
	register(abDragonFlight, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if !s.nearAlly(h, e, 3) || !s.ofRoot(e, s.g.unitNumber("Egg")) {
			return
		}
		s.fire(h, abDragonFlight, ev, "%s takes wing", s.name(e))
		r := s.rollFor(e, abDragonFlight, 3, ev, decides("its bonus to the Movement Rating"))
		s.pieces[e].ab.move += int8(r)
		s.event(ev, "ability", "%s gains +%d to its Movement Rating until Disengaged", s.name(e), r)
	}})
	ruled(abDragonFlight, "TD-147")

	// 092 Cold Blooded, "B: Movement, Charge Pro.": "If 1 D6 Roll is
	// greater than or equal to 3 this Unit gains +2 to its Base Movement
	// Rating until Disengaged, otherwise this Unit subtracts 1 from its
	// Base Movement Rating until Disengaged." skald rolls when the unit is
	// engaged and may move or escape, before the moves are listed (TD-134).
	register(abColdBlooded, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if h != e || (s.canMove(h) != nil && s.canEscape(h) != nil) {
			return
		}
		if s.rollFor(h, abColdBlooded, 6, ev, atLeastSays(3, "warms up", "stays sluggish")) >= 3 {
			s.pieces[h].ab.move += 2
			s.fire(h, abColdBlooded, ev, "warmed up: +2 to its Movement Rating until Disengaged")
		} else {
			s.pieces[h].ab.move--
			s.fire(h, abColdBlooded, ev, "sluggish: -1 to its Movement Rating until Disengaged")
		}
	}})
	ruled(abColdBlooded, "TD-134")

	// 109 Forager, "All (Not with Dead Status)": "This Unit is not affected
	// by Forest Terrain Type Grid Spaces and gains +1 to its Movement
	// Rating when occupying a Forest Terrain Type Grid Space on Unit
	// Engagement." Forest is not Slow for it, takes no -1 from its rating
	// and does not stop its charges (rating, reach, chargeStep, canCharge;
	// TD-136). The +1 lasts the turn.
	register(abForager, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if h == e && s.terrain(s.pt(h)) == battlefield.Forest {
			s.pieces[h].ab.moveTurn++
			s.fire(h, abForager, ev, "+1 to its Movement Rating in the Forest")
		}
	}})
	ruled(abForager, "TD-135", "TD-136")

	// 113 Sprint, "A: Unit Engagement": "This Unit gains +1 to its Base
	// Movement Rating until Disengaged when occupying a Field Terrain Type
	// Grid Space."
	register(abSprint, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if h == e && s.terrainOf(h) == battlefield.Field {
			s.pieces[h].ab.move++
			s.fire(h, abSprint, ev, "+1 to its Movement Rating on open Field")
		}
	}})

	// 150 Transpose, "All": "This Unit may move through, but not occupy,
	// Grid Spaces which contain a Terrain Piece. This Unit may also perform
	// a Charge Procedure." (reach: every grid space passable; canCharge:
	// a Hover unit may charge; TD-148)
	registerRule(abTranspose)
	ruled(abTranspose, "TD-135", "TD-148")

	// 130 Slither, "D: Charge Pro.": "This Unit may perform a Charge
	// Procedure through Water Terrain Type Grid Spaces and onto other
	// Terrain Type Grid Spaces." (chargeStep: Water does not stop it;
	// TD-150)
	registerRule(abSlither)
	ruled(abSlither, "TD-135", "TD-150")

	// 131 Floodplains, "All (Not with Dead Status)": "This Unit counts as
	// occupying a Water Terrain Type Grid Space. Actual Water Terrain Type
	// Grid Spaces this Unit occupies and those connected to it force
	// Terrain Type Grid Spaces in Direct and Diagonal Grid Space Contact to
	// become Water Terrain Type." (terrainOf, terrain, flood; TD-137)
	register(abFloodplains, abilityHooks{
		engage: func(s *State, h, e int, ev *engine.Log) {
			if h == e && s.mtOf(h) == moveAqua && s.terrain(s.pt(h)) != battlefield.Water {
				s.fire(h, abFloodplains, ev, "counts as occupying Water: no -1 to its Movement Rating")
			}
		},
		bout: func(s *State, b *bout, h int, ev *engine.Log) {
			if h == b.d {
				if t := s.terrain(s.pt(h)); t != battlefield.Water && t != battlefield.Forest {
					s.fire(h, abFloodplains, ev, "counts as occupying Water: an extra D3 to defend")
				}
			}
		},
	})
	ruled(abFloodplains, "TD-137")

	// 134 Carry, "All (Not with Dead Status)": "Units in a Unit Team with
	// this Unit acquire the Soar Movement Type as long as they remain in a
	// Unit Team with this Unit." (mtOf)
	registerRule(abCarry)

	// 167 Ride, "All (Not with Dead Status)": "Units in a Unit Team with
	// this Unit have the same Movement Rating as this Unit." (teamRating;
	// TD-146)
	registerRule(abRide)
	ruled(abRide, "TD-146")

	// 168 Ride the Lightning, "All (Not with Dead Status)": "Units in a Unit
	// Team with this Unit have the same Movement Rating as this Unit. While
	// in a Unit Team this Unit Team is not restricted to moving in a
	// straight line during a Charge Procedure." (teamRating, freeCharge;
	// TD-141, TD-146)
	registerRule(abRideTheLightning)
	ruled(abRideTheLightning, "TD-141", "TD-146")

	// 006 Maneuver, "A: Charge Pro.": "This Unit may perform another Facing
	// Procedure before ending their Movement Phase." (canFaceAgain; TD-142)
	registerRule(abManeuver)
	ruled(abManeuver, "TD-135", "TD-142")

	// 073 Manuever, "D: Charge Pro.": "This Unit is not restricted to
	// moving in a straight line in its Charge Procedure and may perform a
	// second Facing Procedure during this Movement Phase." (freeCharge,
	// canFaceAgain; TD-141, TD-142)
	registerRule(abManuever)
	ruled(abManuever, "TD-135", "TD-141", "TD-142")

	// Special 003 Hulking: "If this Unit performs a Charge Procedure it may
	// never move more than its base Movement Rating." (hulking; TD-143)
	registerRule(spHulking)
	ruled(spHulking, "TD-143")
}

// abScratch holds the movement abilities' buffers, reused between calls.
type abScratch struct {
	stop     []bool // Mucous Trail markers: grid spaces that end a move
	hurt     []bool // status trail markers: grid spaces a path avoids
	flood    floodCache
	queue    []int32
	best     []int8
	reach    []int16
	path     []int16 // the path of the move under way, from its start
	charging bool    // the path is a charge's
	// The path search: per state its key (-1 unseen) and predecessor;
	// the buckets of keys as lists of nodes.
	dist     []int16
	prev     []int32
	head     []int32
	nodeSt   []int32
	nodeNext []int32
}

// floodCache is the Water Floodplains spreads, for the grid spaces its
// holders stand on (key).
type floodCache struct {
	valid bool
	n     int
	key   [4]int16
	water []bool // grid spaces flooded (not actual Water)
	seen  []bool // the Water connected to the holders' grid spaces
	queue []int32
	slow  [2][4][]bool // Slow Terrain with the flood, by Forager and movement type
}

// mtOf is piece i's Movement Type now: Carry's partner "acquire[s] the
// Soar Movement Type".
func (s *State) mtOf(i int) uint8 {
	p := &s.pieces[i]
	if t := p.team; t >= 0 && s.present.has(abCarry) && s.hasAb(int(t), abCarry) {
		return moveSoar
	}
	return s.info[p.prof].moveType
}

// teamHas reports whether piece i, and its partner if it moves with one,
// have ability n: a unit's own movement abilities move a Unit Team only
// when both have them (TD-135).
func (s *State) teamHas(i, partner, n int) bool {
	return s.mayHave(i, n) && s.hasAb(i, n) && (partner < 0 || s.hasAb(partner, n))
}

// mayHave reports whether piece i's profile, learned ability or special
// is n: hasAb's first condition, asked without a call.
func (s *State) mayHave(i, n int) bool {
	p := &s.pieces[i]
	inf := &s.info[p.prof]
	return inf.abil.has(n) || int(p.ab.learned) == n || int(inf.special) == n
}

// rides reports whether piece i gives its Unit Team its Movement Rating
// (Ride, Ride the Lightning).
func (s *State) rides(i int) bool {
	return (s.present.has(abRide) || s.present.has(abRideTheLightning)) && (s.hasAb(i, abRide) || s.hasAb(i, abRideTheLightning))
}

// teamRating is the Movement Rating of a Unit Team whose units have
// ratings m (i) and r (partner): "the lowest of the two Unit's Movement
// Ratings", unless one rides (Ride: "the same Movement Rating as this
// Unit"); both riding, the higher (TD-146).
func (s *State) teamRating(i, partner, m, r int) int {
	ri, rp := s.rides(i), s.rides(partner)
	switch {
	case ri && rp:
		return max(m, r)
	case ri:
		return m
	case rp:
		return r
	}
	return min(m, r)
}

// nearAlly reports whether e is an ally of holder h (not h itself), on
// the battlefield and alive, within d grid spaces.
func (s *State) nearAlly(h, e, d int) bool {
	return h != e && s.allies(h, e) && s.alive(e) && s.within(h, e, d)
}

// firstNear reports whether h is the first holder of n near e: "not
// accumulative with other Units who possess it".
func (s *State) firstNear(h, e, n, d int) bool {
	for j := 0; j < h; j++ {
		if s.hasAb(j, n) && s.nearAlly(j, e, d) {
			return false
		}
	}
	return true
}

// ofRoot reports whether piece i is of the tree of Root unit root: its top
// unit (TD-147, as the Whip's Pup Root).
func (s *State) ofRoot(i, root int) bool {
	u := s.profs[s.pieces[i].prof].Units
	return root > 0 && len(u) > 0 && s.g.c.RootOf(u[len(u)-1]) == root
}

// slowOf reports whether terrain t is Slow Terrain for movement type mt
// ("Slow": Forest; Water "for Units excluding Hover and Aqua"), for a
// Forager unit or not.
func slowOf(mt uint8, t battlefield.Terrain, forager bool) bool {
	switch t {
	case battlefield.Forest:
		return !forager
	case battlefield.Water:
		return mt != moveHover && mt != moveAqua
	}
	return false
}

// terrain is grid space p's Terrain Type now: Floodplains may have made
// it Water.
func (s *State) terrain(p battlefield.Point) battlefield.Terrain {
	t := s.bf.Terrain(p)
	if t != battlefield.Water && s.present.has(abFloodplains) && s.bf.In(p) {
		if fc := s.flood(); fc != nil && fc.water[p.Y*s.bf.W+p.X] {
			return battlefield.Water
		}
	}
	return t
}

// terrainOf is the Terrain Type piece i occupies: a Floodplains unit
// "counts as occupying a Water Terrain Type Grid Space".
func (s *State) terrainOf(i int) battlefield.Terrain {
	if s.present.has(abFloodplains) && s.hasAb(i, abFloodplains) {
		return battlefield.Water
	}
	return s.terrain(s.pt(i))
}

// flood returns the Water Floodplains spreads now, or nil: the Water
// grid spaces connected (edge to edge) to one a holder occupies flood the
// grid spaces in direct and diagonal contact with them (TD-137).
func (s *State) flood() *floodCache {
	if !s.present.has(abFloodplains) {
		return nil
	}
	var key [4]int16
	n := 0
	W := s.bf.W
	for i := range s.pieces {
		if s.hasAb(i, abFloodplains) && s.bf.Terrain(s.pt(i)) == battlefield.Water {
			if n < len(key) {
				key[n] = int16(int(s.pieces[i].y)*W + int(s.pieces[i].x))
			}
			n++
		}
	}
	if n == 0 {
		return nil
	}
	a := &s.scr().ab
	fc := &a.flood
	if fc.valid && fc.n == n && fc.key == key {
		return fc
	}
	N := W * s.bf.H
	if fc.water == nil {
		fc.water = make([]bool, N)
		for f := range fc.slow {
			for mt := range fc.slow[f] {
				fc.slow[f][mt] = make([]bool, N)
			}
		}
	}
	if len(fc.seen) < N {
		fc.seen = make([]bool, N)
	}
	seen := fc.seen[:N]
	for k := range fc.water {
		fc.water[k] = false
		seen[k] = false
	}
	q := fc.queue[:0]
	for i := range s.pieces {
		if s.hasAb(i, abFloodplains) && s.bf.Terrain(s.pt(i)) == battlefield.Water {
			sq := int32(int(s.pieces[i].y)*W + int(s.pieces[i].x))
			if !seen[sq] {
				seen[sq] = true
				q = append(q, sq)
			}
		}
	}
	for h := 0; h < len(q); h++ {
		p := battlefield.Point{X: int(q[h]) % W, Y: int(q[h]) / W}
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				r := battlefield.Point{X: p.X + dx, Y: p.Y + dy}
				if !s.bf.In(r) {
					continue
				}
				sq := int32(r.Y*W + r.X)
				if s.bf.Terrain(r) != battlefield.Water {
					fc.water[sq] = true // "in Direct and Diagonal Grid Space Contact"
				} else if (dx == 0 || dy == 0) && !seen[sq] {
					seen[sq] = true // "those connected to it"
					q = append(q, sq)
				}
			}
		}
	}
	fc.queue = q
	for sq := 0; sq < N; sq++ {
		t := s.bf.Terrain(battlefield.Point{X: sq % W, Y: sq / W})
		if fc.water[sq] {
			t = battlefield.Water
		}
		for f := range fc.slow {
			for mt := range fc.slow[f] {
				fc.slow[f][mt][sq] = slowOf(uint8(mt), t, f == 1)
			}
		}
	}
	fc.valid, fc.n, fc.key = n <= len(key), n, key
	return fc
}

// buf returns the scratch hurt buffer of n grid spaces, cleared.
func (a *abScratch) buf(n int) []bool {
	if len(a.hurt) < n {
		a.hurt = make([]bool, n)
	}
	b := a.hurt[:n]
	for k := range b {
		b[k] = false
	}
	return b
}

// moveTables returns the tables reach searches piece i's move on, changed
// by the abilities of the mover (Transpose, Forager) and of the
// battlefield (Floodplains, Mucous Trail): neighbours, grid spaces it may
// pass, Slow grid spaces, and grid spaces that end the move (nil: none).
func (s *State) moveTables(i, partner int, mt uint8, nbr [][4]int16, pass, slow []bool) ([][4]int16, []bool, []bool, []bool) {
	g := s.conf.grid
	if !s.present.and(moveAbs).empty() {
		if s.present.has(abTranspose) && s.teamHas(i, partner, abTranspose) {
			nbr, pass = g.nbr, g.passAll
		}
		forager := s.present.has(abForager) && s.teamHas(i, partner, abForager)
		if fc := s.flood(); fc != nil {
			f := 0
			if forager {
				f = 1
			}
			slow = fc.slow[f][mt]
		} else if forager {
			slow = g.slowNF[mt]
		}
	}
	var stop []bool
	if s.mucous > 0 && mt != moveSoar && mt != moveHover {
		a := &s.scr().ab
		for _, k := range s.marks {
			if k.kind == abMucousTrail {
				if stop == nil {
					if len(a.stop) < g.w*g.h {
						a.stop = make([]bool, g.w*g.h)
					}
					stop = a.stop
				}
				stop[k.sq] = true
			}
		}
	}
	return nbr, pass, slow, stop
}

// clearStops clears the Mucous Trail grid spaces moveTables set.
func (s *State) clearStops(stop []bool) {
	for _, k := range s.marks {
		stop[k.sq] = false
	}
}

// stopsAt reports whether a Mucous Trail marker lies on p.
func (s *State) stopsAt(p battlefield.Point) bool {
	sq := int16(p.Y*s.bf.W + p.X)
	for _, k := range s.marks {
		if k.sq == sq && k.kind == abMucousTrail {
			return true
		}
	}
	return false
}

// chargeWay are the rules of a charge's steps that abilities change.
type chargeWay struct {
	startWater bool // the charge starts in Water
	water      bool // Water does not stop it (Slither; Floodplains: it is always in Water)
	forest     bool // Forest does not stop it (Forager)
	pieces     bool // it passes terrain pieces (Transpose)
	stop       bool // Mucous Trail markers lie on the battlefield and stop it
}

func (s *State) chargeWayOf(i, partner int, mt uint8) chargeWay {
	cr := chargeWay{startWater: s.terrainOf(i) == battlefield.Water}
	if !s.present.and(chargeAbs).empty() {
		cr.water = s.teamHas(i, partner, abSlither) || s.teamHas(i, partner, abFloodplains)
		cr.forest = s.teamHas(i, partner, abForager)
		cr.pieces = s.teamHas(i, partner, abTranspose)
	}
	if len(s.marks) > 0 && mt != moveSoar && mt != moveHover {
		for _, k := range s.marks {
			if k.kind == abMucousTrail {
				cr.stop = true
			}
		}
	}
	return cr
}

// slowStart reports whether a charge of piece i starts on Slow Terrain
// (the distance is halved: TD-33).
func (s *State) slowStart(i, partner int) bool {
	return slowOf(s.moveType(i, partner), s.terrainOf(i), s.present.has(abForager) && s.teamHas(i, partner, abForager))
}

// hulking caps a charge of n grid spaces for a Hulking unit: "it may never
// move more than its base Movement Rating" (TD-143: its Movement Rating
// before the Charge Roll).
func (s *State) hulking(i, partner, n int, ev *engine.Log) int {
	if !s.present.has(spHulking) {
		return n
	}
	for _, m := range [2]int{i, partner} {
		if m < 0 || s.info[s.pieces[m].prof].special != spHulking {
			continue
		}
		h := 0
		if m == int(s.eng.p) {
			h = int(s.eng.haste)
		}
		if base := s.rating(m, h); n > base {
			s.fire(m, spHulking, ev, "charges no more than its Movement Rating of %d", base)
			n = base
		}
	}
	return n
}

// freeCharge reports whether a charge of piece i (with partner) is "not
// restricted to moving in a straight line": Manuever, or a Unit Team with
// Ride the Lightning (TD-141).
func (s *State) freeCharge(i, partner int) bool {
	if !s.present.has(abManuever) && !s.present.has(abRideTheLightning) {
		return false
	}
	if partner >= 0 && (s.hasAb(i, abRideTheLightning) || s.hasAb(partner, abRideTheLightning)) {
		return true
	}
	return s.teamHas(i, partner, abManuever)
}

// chargeReach lists the grid spaces a charge of piece i (with partner) of
// up to n grid spaces not in a straight line may end on: any path of
// charge steps (chargeStep: the terrain rules of charges, through allies,
// stopped by enemies), ending on a free grid space (TD-141).
func (s *State) chargeReach(i, partner, n int) []int16 {
	a := &s.scr().ab
	W, N := s.bf.W, s.bf.W*s.bf.H
	if len(a.best) < N {
		a.best = make([]int8, N)
	}
	best := a.best[:N]
	for k := range best {
		best[k] = -1
	}
	mt := s.moveType(i, partner)
	cr := s.chargeWayOf(i, partner, mt)
	owner := s.pieces[i].owner
	start := int32(s.pieces[i].y)*int32(W) + int32(s.pieces[i].x)
	if n > 127 {
		n = 127
	}
	best[start] = int8(n)
	q := append(a.queue[:0], start)
	for h := 0; h < len(q); h++ {
		sq := int(q[h])
		rem := int(best[sq])
		if rem <= 0 {
			continue
		}
		p := battlefield.Point{X: sq % W, Y: sq / W}
		for _, d := range facings {
			if !s.chargeStep(cr, mt, owner, p, d) {
				continue
			}
			r := p.Add(d.Delta())
			k := r.Y*W + r.X
			left := rem - 1
			if cr.stop && s.stopsAt(r) {
				left = 0
			}
			if int(best[k]) >= left {
				continue
			}
			best[k] = int8(left)
			q = append(q, int32(k))
		}
	}
	a.queue = q
	a.reach = a.reach[:0]
	for sq := 0; sq < N; sq++ {
		if best[sq] < 0 || int32(sq) == start {
			continue
		}
		p := battlefield.Point{X: sq % W, Y: sq / W}
		if s.at(p) < 0 && s.canStand(i, p) {
			a.reach = append(a.reach, int16(sq))
		}
	}
	return a.reach
}

// chargeAlong ends a charge not in a straight line on grid space x,y, one
// chargeReach lists (the pending charge of n grid spaces).
func (s *State) chargeAlong(i, partner, x, y, n int, ev *engine.Log) error {
	p := battlefield.Point{X: x, Y: y}
	found := false
	if s.bf.In(p) {
		want := int16(y*s.bf.W + x)
		for _, sq := range s.chargeReach(i, partner, n) {
			if sq == want {
				found = true
			}
		}
	}
	if !found {
		ab := abManuever
		if partner >= 0 && (s.hasAb(i, abRideTheLightning) || s.hasAb(partner, abRideTheLightning)) {
			ab = abRideTheLightning
		}
		if y < 0 {
			return s.illegal(s.g.abRule(ab), "the charge is not restricted to a straight line: name the grid space it ends on (charge x,y), or charge 0")
		}
		return s.illegal(s.g.abRule(ab), "the charge may not end on %d,%d: up to %d grid spaces along any path a charge may take (ruling TD-141), on a free grid space; or charge 0", x, y, n)
	}
	s.pend = pending{}
	for _, m := range [2]int{i, partner} {
		if m < 0 {
			continue
		}
		if partner >= 0 && s.hasAb(m, abRideTheLightning) {
			s.fire(m, abRideTheLightning, ev, "the Unit Team charges along any path")
		} else if s.hasAb(m, abManuever) {
			s.fire(m, abManuever, ev, "charges along any path")
		}
	}
	s.trackCharge(i, partner, p, n, ev)
	s.lift(i)
	s.place(i, p)
	if partner >= 0 {
		s.lift(partner)
		s.place(partner, p)
	}
	s.event(ev, "charge", "%s charges to %d,%d, not in a straight line", s.name(i), x, y)
	s.moved(i, partner, ev)
	s.afterMove(i, ev)
	if partner >= 0 {
		s.afterMove(partner, ev)
	}
	return nil
}

// canFaceAgain reports whether the engaged unit may perform a Facing
// Procedure after its charge: Maneuver ("another Facing Procedure before
// ending their Movement Phase"), Manuever ("a second Facing Procedure";
// TD-142).
func (s *State) canFaceAgain(i, partner int) bool {
	if !s.eng.passed || s.eng.refaced || (!s.present.has(abManeuver) && !s.present.has(abManuever)) {
		return false
	}
	if s.inPhase(phaseMove) != nil || !s.alive(i) || s.pieces[i].has(Petrified) {
		return false
	}
	return s.teamHas(i, partner, abManeuver) || s.teamHas(i, partner, abManuever)
}

// faceAgain records the Facing Procedure after the charge.
func (s *State) faceAgain(i int, f battlefield.Facing, ev *engine.Log) {
	s.eng.refaced = true
	s.fire(i, s.faceAgainAb(i), ev, "turns %s after its charge", f)
}

// faceAgainAb is the ability that lets piece i turn after its charge.
func (s *State) faceAgainAb(i int) int {
	if s.hasAb(i, abManeuver) {
		return abManeuver
	}
	return abManuever
}
