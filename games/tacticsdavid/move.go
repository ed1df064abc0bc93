package tacticsdavid

import (
	mbits "math/bits"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Rules cited by the Movement Phase.
const (
	ruleMove     = "Tactics David rules, Movement Procedure"
	ruleCharge   = "Tactics David rules, Charging Procedure"
	ruleFacing   = "Tactics David rules, Facing Procedure"
	ruleEscape   = "Tactics David rules, Escape Procedure"
	ruleMoveType = "Tactics David rules, Movement Type"
	ruleTeam     = "Tactics David rules, Unit Team"
	ruleTerrain  = "Tactics David rules, Terrain Types"
)

var facings = [4]battlefield.Facing{battlefield.North, battlefield.East, battlefield.South, battlefield.West}

// scratch holds buffers for move generation, reused between calls.
type scratch struct {
	best    []int8   // best remaining movement by grid space and halving, -1 unseen
	seen    []uint64 // the grid spaces reach has seen, a bit each
	queue   []int32
	reach   []int16 // reachable destination grid spaces
	spaces  []int16 // grid spaces a unit may be deployed on
	pts     []battlefield.Point
	names   []unitName
	nums    [2]num     // numbers of the next event (num, words.go)
	cost    armyCost   // an army's cost for the next event
	fired   fired      // the text of an ability's event (fire)
	rolled  rolled     // the end of a roll's event (rolled, words.go)
	choices choices    // what an ability offers
	ab      abScratch  // movement abilities' buffers (ab_move.go)
	lazy    lazyList   // the long runs of a random playout's legal list (fast.go)
	layers  moveLayers // a move's search on bitgrids (searchMove)
	heur    *State     // the copy the rules of thumb score a move on (heurAfterWorth)
	// shooter is 1 + the unit whose shots legalAttacks is listing, and
	// shooterRange its Range Rating, which no check of the list changes.
	shooter      int
	shooterRange int
	// listed is the Movement Rating the engaged unit (or team) of the
	// last legal list moved with in it: a move of the list played by
	// ApplyLegal at once moves with it (moveTo).
	listed listedMove
}

// listedMove is the Movement Rating a legal list found for a move of
// piece i with partner (scratch.listed), and what its search on
// bitgrids read (searchMove), if it made one: the tables and grid spaces
// of the move's search when it is made (live, moveTo).
type listedMove struct {
	ok         bool
	i, partner int
	rating     int

	searched   bool
	live       bool // moveTo is finding the path of the move listed
	in         searchInput
	halved     bool
	nbr        [][4]int16
	pass, slow []bool
}

func (s *State) scr() *scratch {
	if s.scratch == nil {
		n := s.bf.W * s.bf.H
		s.scratch = &scratch{best: make([]int8, 2*n), seen: make([]uint64, (n+63)/64), queue: make([]int32, 0, 4*n), reach: make([]int16, 0, n), pts: make([]battlefield.Point, 0, 64)}
		for k := range s.scratch.best {
			s.scratch.best[k] = -1
		}
	}
	return s.scratch
}

// moveType is the movement type of the engaged unit, or of its team:
// "Unless both Units are of the same Movement Type, a Unit Team shall
// always have a Movement Type of Land" (seed 004, "Movement and Charging").
func (s *State) moveType(i, partner int) uint8 {
	t := s.info[s.pieces[i].prof].moveType // a unit moving alone leaves its team (Carry)
	if partner >= 0 {
		t = s.mtOf(i)
	}
	if partner >= 0 && s.mtOf(partner) != t {
		return moveLand
	}
	return t
}

// canStand reports whether piece i may occupy p as far as terrain goes:
// "Units may not occupy a space which is already occupied by a Terrain
// Piece" (seed 004, "Terrain Pieces"; height 0, TD-B4).
func (s *State) canStand(i int, p battlefield.Point) bool {
	return s.bf.In(p) && !s.bf.Blocked(p)
}

// canPass reports whether a unit of movement type mt may move over p
// (seed 004, "Movement Type"): Land and Aqua over no piece of height 1 or
// more; Hover over height 1; Soar over heights 1 and 2.
func (s *State) canPass(mt uint8, p battlefield.Point) bool {
	h := s.bf.Height(p)
	switch mt {
	case moveHover:
		return h <= 1
	case moveSoar:
		return h <= 2
	}
	return h < 1
}

// canCross reports whether a unit of movement type mt may step from p in
// direction d: over a bridge's side (height 1) only Hover and Soar units
// may (battlefield book, "Bridge"; TD-B3).
func (s *State) canCross(mt uint8, p battlefield.Point, d battlefield.Facing) bool {
	if mt == moveHover || mt == moveSoar {
		return true
	}
	return s.bf.EdgeHeight(p, d) < 1 && s.bf.EdgeHeight(p.Add(d.Delta()), (d+2)%4) < 1
}

// slow reports whether p is Slow Terrain for movement type mt: Forest, and
// Water "for Units excluding Hover and Aqua Movement Type Units".
func (s *State) slow(mt uint8, p battlefield.Point) bool {
	switch s.bf.Terrain(p) {
	case battlefield.Forest:
		return true
	case battlefield.Water:
		return mt != moveHover && mt != moveAqua
	}
	return false
}

// rating is the Movement Rating of piece i for this turn, after modifiers
// (TD-33 for their order): Frozen "base Movement Rating is half", Haste
// "add the result to the Unit's Base Movement Rating", Boots "+1", the
// grid space it stands on (Road "+1", Forest "-1"), and an Aqua unit not on
// Water "must -1".
func (s *State) rating(i int, haste int) int {
	p := &s.pieces[i]
	inf := &s.info[p.prof]
	m := int(inf.move)
	if p.has(Frozen) {
		m /= 2
	}
	m += haste + int(p.ab.move) + int(p.ab.moveTurn) // abilities: "+1 to its Movement Rating"
	if it := p.items[slotAccessory]; it > 0 {
		m += int(s.g.items[it].moveBonus)
	}
	if it := p.items[slotWeapon]; it > 0 {
		m += int(s.g.items[it].moveBonus)
	}
	t := s.terrainOf(i) // Floodplains: Water
	switch t {
	case battlefield.Road:
		m++
	case battlefield.Forest:
		if !s.hasAb(i, abForager) { // "not affected by Forest Terrain Type Grid Spaces" (TD-136)
			m--
		}
	case battlefield.Water:
	default:
	}
	if inf.moveType == moveAqua && s.mtOf(i) == moveAqua && t != battlefield.Water {
		m--
	}
	if m < 0 {
		m = 0
	}
	return m
}

// engagedRating is the rating the engaged unit (or team) moves with: "A
// Unit Team may only use the lowest of the two Unit's Movement Ratings".
func (s *State) engagedRating(i, partner int) int {
	h := 0
	if i == int(s.eng.p) {
		h = int(s.eng.haste)
	}
	m := s.rating(i, h)
	if partner >= 0 {
		m = s.teamRating(i, partner, m, s.rating(partner, 0)) // the lowest, or a rider's (Ride)
	}
	return m
}

// reach fills the scratch reach list with the grid spaces piece i (with its
// team partner, or -1) may end a Movement Procedure on, moving up to m grid
// spaces orthogonally, through allies but not enemies (seed 004,
// "Movement Procedure"), over terrain its movement type allows, halving
// the remainder on entering Slow Terrain ("Slow": TD-33, once). It may pass
// over the Dead; it ends only on an empty grid space or on an ally it may
// form a Unit Team with.
func (s *State) reach(i, partner, m int) []int16 {
	if s.conf.grid.bits != nil {
		return s.reachBits(i, partner, m)
	}
	return s.reachBFS(i, partner, m)
}

// reachBFS is reach searched grid space by grid space, breadth first:
// for battlefields too large for reachBits.
func (s *State) reachBFS(i, partner, m int) []int16 {
	sc := s.scr()
	g := s.conf.grid
	// sc.best is all -1 between calls: the grid spaces seen are set back
	// at the end, found by the bits of sc.seen.
	sc.queue = sc.queue[:0]
	sc.reach = sc.reach[:0]
	mt := s.moveType(i, partner)
	nbr := g.nbrLow
	if mt == moveHover || mt == moveSoar {
		nbr = g.nbr
	}
	pass, slow := g.pass[mt], g.slow[mt]
	var stop []bool // grid spaces that end the move (Mucous Trail)
	if len(s.marks) > 0 || !s.present.and(moveAbs).empty() {
		nbr, pass, slow, stop = s.moveTables(i, partner, mt, nbr, pass, slow)
	}
	owner := s.pieces[i].owner
	start := int(s.pieces[i].y)*g.w + int(s.pieces[i].x)
	halved := 0
	if slow[start] {
		m /= 2
		halved = 1
	}
	if m > 127 {
		m = 127
	}
	st := int32(start)*2 + int32(halved)
	sc.best[st] = int8(m)
	sc.queue = append(sc.queue, st)
	seen := sc.seen
	seen[start/64] |= 1 << (start % 64)
	for head := 0; head < len(sc.queue); head++ {
		cur := sc.queue[head]
		rem := int(sc.best[cur])
		if rem <= 0 {
			continue
		}
		sq, hv := int(cur/2), int(cur%2)
		for _, q := range nbr[sq] {
			if q < 0 || !pass[q] {
				continue
			}
			if o := int(s.board[q]) - 1; o >= 0 && s.pieces[o].owner != owner && s.alive(o) {
				continue // "may not move through enemy Units"
			}
			r, h := rem-1, hv
			if h == 0 && slow[q] {
				r /= 2
				h = 1
			}
			if stop != nil && stop[q] {
				r = 0 // "must immediately end their Movement Phase" (TD-138)
			}
			k := int32(q)*2 + int32(h)
			if int(sc.best[k]) >= r {
				continue
			}
			sc.best[k] = int8(r)
			sc.queue = append(sc.queue, k)
			seen[q/64] |= 1 << (uint(q) % 64)
		}
	}
	// The grid spaces seen, in order.
	for w, bits := range seen {
		seen[w] = 0
		for bits != 0 {
			sq := w*64 + mbits.TrailingZeros64(bits)
			bits &= bits - 1
			sc.best[2*sq], sc.best[2*sq+1] = -1, -1
			if sq == start || !g.stand[sq] {
				continue
			}
			if o := int(s.board[sq]) - 1; o >= 0 && (partner >= 0 || s.teamWith(i, o) != nil) {
				continue
			}
			sc.reach = append(sc.reach, int16(sq))
		}
	}
	if stop != nil {
		s.clearStops(stop)
	}
	return sc.reach
}

// teamWith checks that piece i may form a Unit Team by moving onto the
// grid space of piece o (seed 004, "Forming a Unit Team").
func (s *State) teamWith(i, o int) error {
	p, q := &s.pieces[i], &s.pieces[o]
	switch {
	case q.owner != p.owner:
		return s.illegal(ruleMove, "an enemy unit stands there")
	case q.has(Dead):
		return s.illegal(ruleTeam, "\"A Unit may not form a Unit Team with a Unit who currently has the Dead Status\"")
	case q.team >= 0 || p.team >= 0:
		return s.illegal(ruleTeam, "\"there may be no more than two Units in a Unit Team\"")
	case q.flags&fCombatEntered != 0:
		return s.illegal(ruleTeam, "\"a Unit which has already entered the Combat Phase that turn\" may not form a Unit Team")
	case q.lock >= 0 || p.lock >= 0:
		return s.illegal(ruleTeam, "a Unit \"which is in Combat Lock\" may not form a Unit Team")
	case q.has(Petrified):
		return s.illegal(ruleTeam, "a Petrified unit may not form a Unit Team (ruling TD-37)")
	case p.ab.owner0 != 0 || q.ab.owner0 != 0:
		return s.illegal(ruleTeam, "a Possessed unit forms no Unit Team: its control returns at the end of the turn (ruling TD-110)")
	}
	return nil
}

// teamPartner is the engaged unit's Unit Team partner, engaged with it,
// or -1.
func (s *State) teamPartner() int {
	if q := s.eng.q; q >= 0 && s.eng.p >= 0 && s.pieces[s.eng.p].team == q {
		return int(q)
	}
	return -1
}

// moverOf returns who a Move with mover argument m moves: the engaged unit
// and its team partner (m = -1), or one member of the team, unforming it.
func (s *State) moverOf(m int) (i, partner int, err error) {
	i, partner = int(s.eng.p), int(s.eng.q)
	if m == -1 { // no other number stands for both: an action has one form
		if partner >= 0 && s.pieces[i].team != int8(partner) {
			partner = -1
		}
		return i, partner, nil
	}
	if m != i && m != partner {
		return 0, 0, s.illegal(ruleMove, "u%d is not engaged", m)
	}
	return m, -1, nil // one unit moves alone, leaving its team if it has one
}

// canMove checks that the engaged unit may begin a Movement (or Charging)
// Procedure.
func (s *State) canMove(i int) error {
	if err := s.inPhase(phaseMove); err != nil {
		return err
	}
	p := &s.pieces[i]
	switch {
	case s.eng.moveDone:
		return s.illegal(ruleMove, "\"A Player may choose for a unit to perform either a Movement Procedure or a Charging Procedure, but not both in the same turn\"")
	case p.lock >= 0:
		return s.illegal(ruleEscape, "%s is Locked in Combat: it may only escape", s.name(i))
	case p.has(Petrified):
		return s.illegal(ruleStatuses+", Petrified", "\"may not enter the Movement, Combat, or Item Phase\"")
	}
	return nil
}

// inPhase checks that the engaged unit may enter (or stay in) phase ph:
// "Once a Phase is done the Unit may not enter it again."
func (s *State) inPhase(ph uint8) error {
	if s.eng.phase > ph || s.eng.p < 0 || s.eng.petrified {
		return s.notInPhase(ph) // apart, so that inPhase is inlined
	}
	return nil
}

// notInPhase is inPhase's refusal.
func (s *State) notInPhase(ph uint8) error {
	if s.eng.p < 0 {
		return s.illegal(ruleTurns, "no unit is engaged")
	}
	if s.eng.phase > ph {
		return s.illegal(ruleTurns, "the %s is done: \"Once a Phase is done the Unit may not enter it again\"", phaseNames[ph])
	}
	if s.eng.petrified {
		return s.illegal(ruleStatuses+", Petrified", "the unit is Petrified: \"immediately Disengaged\"")
	}
	return nil
}

// enter moves the engagement into phase ph, ending the phases before it.
func (s *State) enter(ph uint8) {
	if s.eng.phase != ph {
		s.eng.tradeWith, s.eng.traded = -1, 0
	}
	s.eng.phase = ph
	if ph == phaseCombat {
		for _, m := range [2]int8{s.eng.p, s.eng.q} {
			if m >= 0 {
				s.pieces[m].flags |= fCombatEntered
			}
		}
	}
}

// moveTo performs a Movement Procedure of piece i (with partner, or -1) to
// p, facing f at the end, with Movement Rating rating (-1: the engaged
// unit's, engagedRating).
func (s *State) moveTo(i, partner int, p battlefield.Point, f battlefield.Facing, rating int, ev *engine.Log) {
	dist := battlefield.Distance(s.pt(i), p)
	track := s.tracked(i, partner)
	if track {
		// A rating from the list: the move it searched, nothing it read
		// changed since (listedMove).
		l := &s.scr().listed
		l.live = rating >= 0
		s.trackMove(i, partner, p, rating, ev) // the path, for trails
		l.live = false
	}
	s.liftTeam(i, partner)
	s.pieces[i].facing = f
	o := s.at(p)
	s.place(i, p)
	if partner >= 0 {
		s.pieces[partner].facing = f
		s.place(partner, p)
	}
	if ev != nil { // a playout records no event: its arguments are not made
		s.event(ev, "move", "%s moves, facing %s", s.name(i), f)
	}
	s.eng.moved, s.eng.moveDone = true, true
	if track {
		s.moved(i, partner, ev) // trails, and the abilities the move used
	}
	if o >= 0 && o != i && o != partner {
		s.formTeam(i, o, ev)
	}
	s.afterMove(i, ev)
	if partner >= 0 {
		s.afterMove(partner, ev)
	}
	s.movedHooks(i, dist, false, ev)
	if partner >= 0 {
		s.movedHooks(partner, dist, false, ev)
	}
}

// afterMove applies what ending a move does: a Soar unit ending its
// Movement Phase on Water "must Roll 1 D6, if the roll is less than or
// equal to 2 the Unit acquires the Dead Status" (seed 004, "Water").
func (s *State) afterMove(i int, ev *engine.Log) {
	if s.mtOf(i) == moveSoar && s.terrainOf(i) == battlefield.Water {
		if s.roll(i, 6, ev, "Soar unit on Water", atLeastSays(3, "stays up", "falls into the water and acquires the Dead Status")) <= 2 {
			s.acquire(i, Dead, ev)
			s.kill(-1, i, ev)
		}
	}
}

// lift takes piece i off the board index (it stays in s.pieces).
func (s *State) lift(i int) {
	p := &s.pieces[i]
	sq := int(p.y)*s.bf.W + int(p.x)
	if int(s.board[sq])-1 == i {
		s.board[sq] = 0
		if t := p.team; t >= 0 && s.pieces[t].x == p.x && s.pieces[t].y == p.y {
			s.board[sq] = t + 1
		}
	}
}

// liftTeam takes piece i and its team partner (or -1) off their grid
// space together: lifting one alone hands the grid space to the other.
func (s *State) liftTeam(i, partner int) {
	s.lift(i)
	if partner >= 0 {
		s.lift(partner)
		if p := &s.pieces[i]; s.pieces[partner].x == p.x && s.pieces[partner].y == p.y {
			s.board[int(p.y)*s.bf.W+int(p.x)] = 0
		}
	}
}

// place puts piece i on p.
func (s *State) place(i int, p battlefield.Point) {
	pc := &s.pieces[i]
	pc.x, pc.y = int8(p.X), int8(p.Y)
	sq := p.Y*s.bf.W + p.X
	if s.board[sq] == 0 {
		s.board[sq] = int8(i + 1)
	}
}

// formTeam makes pieces i and o a Unit Team: "Units who form a Unit Team
// must immediately perform an Orientation Procedure ... and then both Units
// must immediately end their Movement Phase. Units in a Unit team are
// Engaged together." (seed 004, "Forming a Unit Team")
func (s *State) formTeam(i, o int, ev *engine.Log) {
	s.pieces[i].team = int8(o)
	s.pieces[o].team = int8(i)
	s.pieces[o].flags &^= fMustLeave
	s.pieces[i].flags &^= fMustLeave
	if s.pieces[o].flags&fEngaged == 0 {
		s.pieces[o].flags |= fEngaged
		s.eng.q = int8(o)
	}
	s.event(ev, "team.formed", "%s forms a Unit Team with %s", s.name(i), s.name(o))
	s.pend = pending{kind: pendOrient, seat: s.pieces[i].owner, who: int8(i)}
}

// unform separates piece i from its team by moving it away (seed 004,
// "Unforming a Unit Team").
func (s *State) unform(i int) {
	t := s.pieces[i].team
	if t < 0 {
		return
	}
	s.pieces[i].team = -1
	s.pieces[t].team = -1
	s.pieces[t].flags &^= fMustLeave
	s.pieces[i].flags &^= fMustLeave
}

// canLeave reports whether piece i (in a team) could move off its grid
// space now.
func (s *State) canLeave(i int) bool {
	if s.canMove(i) != nil {
		return false
	}
	return len(s.reach(i, -1, s.engagedRating(i, -1))) > 0
}

// chargeStep reports whether a charging unit of movement type mt may step
// from p to q (seed 004, "Charging Procedure" and "Terrain Types": "Units
// may not charge into or out of a Water Grid Space, but may make charges
// while remaining in the same Terrain Type"; Forest: "may not charge into
// or out of a Forest Grid Space").
func (s *State) chargeStep(cr chargeWay, mt uint8, owner int8, p battlefield.Point, d battlefield.Facing) bool {
	q := p.Add(d.Delta())
	if !s.bf.In(q) || (!cr.pieces && (!s.canPass(mt, q) || !s.canCross(mt, p, d))) {
		return false
	}
	switch t := s.terrain(q); {
	case t == battlefield.Forest && !cr.forest:
		return false
	case cr.startWater != (t == battlefield.Water) && !cr.water:
		return false
	}
	if o := s.at(q); o >= 0 && s.pieces[o].owner != owner && s.alive(o) {
		return false
	}
	return true
}

// chargeStops lists the distances (0 to n) a charge of piece i (and its
// partner) may end at, as a bit set: every step possible, and the grid
// space at the end empty and one it may stand on.
func (s *State) chargeStops(i, partner, n int) uint64 {
	mt := s.moveType(i, partner)
	cr := s.chargeWayOf(i, partner, mt)
	p := s.pt(i)
	d := s.pieces[i].facing
	stops := uint64(1)
	for k := 1; k <= n && k < 64; k++ {
		if !s.chargeStep(cr, mt, s.pieces[i].owner, p, d) {
			break
		}
		p = p.Add(d.Delta())
		if s.at(p) < 0 && s.canStand(i, p) {
			stops |= 1 << uint(k)
		}
		if cr.stop && s.stopsAt(p) {
			break // Mucous Trail: "must immediately end their Movement Phase" (TD-138)
		}
	}
	return stops
}

// canOrient checks the Orientation Procedure of an engaged Unit Team: "An
// Orientation Procedure may only be performed by two Units who are in a
// Unit Team ... The Units in the team may place themselves side by side
// either vertically (fig 9.1) or horizontally (fig 9.2)" (seed 004; TD-37:
// a Movement Phase procedure, once an engagement, counted as moving).
func (s *State) canOrient(i, partner int) error {
	if err := s.canMove(i); err != nil {
		return err
	}
	if partner < 0 {
		return s.illegal(ruleTeam+", Orientation Procedure", "\"An Orientation Procedure may only be performed by two Units who are in a Unit Team\"")
	}
	if s.eng.oriented {
		return s.illegal(ruleTeam+", Orientation Procedure", "one Orientation Procedure an engagement (ruling TD-37)")
	}
	return nil
}

// canCharge checks the conditions of the Charging Procedure.
func (s *State) canCharge(i, partner int) error {
	if err := s.canMove(i); err != nil {
		return err
	}
	return s.mayCharge(i, partner)
}

// mayCharge is canCharge once canMove has allowed the move.
func (s *State) mayCharge(i, partner int) error {
	mt := s.moveType(i, partner)
	p := &s.pieces[i]
	switch {
	case mt == moveHover && !s.teamHas(i, partner, abTranspose): // Transpose: "may also perform a Charge Procedure"
		return s.illegal(ruleMoveType+", Hover", "\"Units with the Hover Movement Type may not perform a Charge Procedure\"")
	case p.has(Frozen) || (partner >= 0 && s.pieces[partner].has(Frozen)):
		return s.illegal(ruleStatuses+", Frozen", "\"the Unit may not perform a Charge Procedure\"")
	case s.terrainOf(i) == battlefield.Forest && !s.teamHas(i, partner, abForager):
		return s.illegal(ruleTerrain+", Forest", "units \"may not make charges, while occupying a Forest Grid Space\"")
	case partner >= 0 && s.pieces[partner].facing != p.facing:
		return s.illegal(ruleTeam, "\"A Unit Team who wishes to make a Charge Procedure must have both Units facing the same direction\"")
	}
	return nil
}

// charge performs the Charge Test and, if passed, asks how far to charge;
// a stumbling unit "charges 1 D6 in the charge direction and immediately
// ends their Movement Phase" (seed 004, "Charge Test"). It returns true if a
// distance must be chosen. forced charges as far as it can.
func (s *State) charge(i, partner int, forced bool, ev *engine.Log) bool {
	s.eng.moved, s.eng.moveDone, s.eng.charged = true, true, true
	t := s.rng.Sum2D6()
	t = s.necklace(i, t)
	s.event(ev, "roll", "%s rolls %d on 2 D6 for the Charge Test, needs 7 or more: %s", s.name(i), t, passFails(t >= 7))
	if t < 7 && s.lucky(i, ev) {
		t = s.necklace(i, s.rng.Sum2D6())
		s.event(ev, "roll", "%s rerolls %d on 2 D6 for the Charge Test, needs 7 or more: %s", s.name(i), t, passFails(t >= 7))
	}
	if t < 7 {
		n := s.roll(i, 6, ev, "stumble", decides("how far it stumbles"))
		n = s.hulking(i, partner, n, ev)
		stops := s.chargeStops(i, partner, n)
		s.event(ev, "charge.stumble", "%s stumbles", s.name(i))
		s.chargeTo(i, partner, highBit(stops), ev)
		return false
	}
	// "Add 1 D6 to the Unit's Movement Rating. The Unit may charge up to,
	// but not over, this distance." Starting in Slow Terrain halves it
	// (TD-33).
	s.eng.passed = true
	r := s.roll(i, 6, ev, "Charge Roll", decides("how far it may charge, with its Movement Rating"))
	n := s.engagedRating(i, partner) + r
	if s.slowStart(i, partner) {
		n /= 2
	}
	n = s.hulking(i, partner, n, ev)
	stops := s.chargeStops(i, partner, n)
	if !forced && s.freeCharge(i, partner) {
		// Manuever, Ride the Lightning: "not restricted to moving in a
		// straight line" (TD-141): the player chooses the grid space.
		if len(s.chargeReach(i, partner, n)) == 0 {
			s.chargeTo(i, partner, 0, ev)
			return false
		}
		s.pend = pending{kind: pendCharge, seat: s.pieces[i].owner, n: int8(n), who: int8(partner)}
		return true
	}
	if forced || stops == 1 {
		s.chargeTo(i, partner, highBit(stops), ev)
		return false
	}
	s.pend = pending{kind: pendCharge, seat: s.pieces[i].owner, n: int8(n), who: int8(partner)}
	return true
}

func highBit(x uint64) int {
	n := 0
	for x > 1 {
		x >>= 1
		n++
	}
	return n
}

// chargeTo moves a charging unit k grid spaces ahead.
func (s *State) chargeTo(i, partner, k int, ev *engine.Log) {
	d := s.pieces[i].facing
	p := s.pt(i)
	track := s.tracked(i, partner)
	if track {
		s.trackLine(i, partner, k, ev) // the path, for trails
	}
	for j := 0; j < k; j++ {
		p = p.Add(d.Delta())
	}
	s.liftTeam(i, partner)
	s.place(i, p)
	if partner >= 0 {
		s.place(partner, p)
	}
	s.event(ev, "charge", "%s charges %d grid spaces %s", s.name(i), k, d)
	if track {
		s.moved(i, partner, ev) // trails
	}
	s.afterMove(i, ev)
	if partner >= 0 {
		s.afterMove(partner, ev)
	}
	s.movedHooks(i, k, true, ev)
	if partner >= 0 {
		s.movedHooks(partner, k, true, ev)
	}
}

// canEscape checks the Escape Procedure's conditions: "If a Unit is in
// Combat Lock they may choose to perform the Escape Procedure ... A Unit may
// not perform an Escape Procedure in the same Turn it was first Locked in
// Combat."
func (s *State) canEscape(i int) error {
	if err := s.inPhase(phaseMove); err != nil {
		return err
	}
	p := &s.pieces[i]
	switch {
	case p.lock < 0:
		if s.quiet {
			return errQuiet // every legal list asks: no name to look up
		}
		return s.illegal(ruleEscape, "%s is not Locked in Combat", s.name(i))
	case p.lockTurn == s.turn:
		return s.illegal(ruleEscape, "\"A Unit may not perform an Escape Procedure in the same Turn it was first Locked in Combat\"")
	case s.eng.moveDone:
		return s.illegal(ruleEscape, "the unit has already moved")
	}
	return nil
}

// escape performs the Escape Procedure: the escaping unit attacks, the
// other defends, without abilities or specials; "If the Unit attempting to
// escape wins or ties ... they may continue their Movement Phase, but may
// not proceed to enter the Combat Phase that Turn. If [it] loses ... they
// must immediately acquire the Dead Status." It reports whether it escaped.
func (s *State) escape(i int, ev *engine.Log) bool {
	o := int(s.pieces[i].lock)
	s.eng.moved = true
	s.pieces[i].flags |= fLockActed
	if o == i {
		return s.escapeMarker(i, ev) // a Shed skin: "automatically wins" (TD-139)
	}
	s.event(ev, "escape", "%s attempts to escape the Combat Lock with %s", s.name(i), s.name(o))
	b := s.newBout(attack{attacker: int8(i), side: Front}, o, Front)
	b.escape = true
	s.escapeAbilities(&b, ev) // Just Mud, the one ability the text lets act
	s.escapeHooks(&b, ev)     // On The Run, Shed, Ink Shot: "automatically wins" (TD-140)
	if s.over || !s.alive(i) {
		return false
	}
	if b.win == 1 {
		s.unlock(i, ev)
		s.eng.escaped = true
		s.event(ev, "escape.won", "%s escapes", s.name(i))
		s.escaped(&b, ev) // Shed leaves its skin
		return true
	}
	at, df := s.duel(&b, true, ev)
	if at >= df {
		s.unlock(i, ev)
		s.eng.escaped = true
		s.event(ev, "escape.won", "%s escapes (%d against %d)", s.name(i), at, df)
		return true
	}
	s.event(ev, "escape.lost", "%s fails to escape (%d against %d)", s.name(i), at, df)
	// The unit it could not escape causes the death, by the rules of
	// combat: not an attack, not an ability (Oblivious, Divine Justice).
	old := s.cause
	s.cause = cause{by: int8(o)}
	if s.acquire(i, Dead, ev) {
		s.kill(o, i, ev)
	}
	s.cause = old
	return false
}

// setLock sets piece i's Combat Lock partner (-1 for none), keeping
// s.locks, the number of pieces with one.
func (s *State) setLock(i int, o int8) {
	p := &s.pieces[i]
	switch {
	case p.lock < 0 && o >= 0:
		s.locks++
	case p.lock >= 0 && o < 0:
		s.locks--
	}
	p.lock = o
}

// unlock ends piece i's Combat Lock.
func (s *State) unlock(i int, ev *engine.Log) {
	o := s.pieces[i].lock
	if o < 0 {
		return
	}
	s.setLock(i, -1)
	s.setLock(int(o), -1)
	if o == int8(i) {
		s.dropSkin(i, ev) // locked with a Shed skin (TD-139)
		return
	}
	s.event(ev, "lock.end", "%s and %s are no longer Locked in Combat", s.name(i), s.name(int(o)))
}

// toward is the facing from a to b along the longer axis (the vertical one
// on a tie).
func toward(a, b battlefield.Point) battlefield.Facing {
	dx, dy := b.X-a.X, b.Y-a.Y
	ax, ay := dx, dy
	if ax < 0 {
		ax = -ax
	}
	if ay < 0 {
		ay = -ay
	}
	if ay >= ax {
		if dy < 0 {
			return battlefield.North
		}
		return battlefield.South
	}
	if dx < 0 {
		return battlefield.West
	}
	return battlefield.East
}

// nearest returns the nearest other living unit of piece i's own side
// (ally) or of the enemy, or -1.
func (s *State) nearest(i int, ally bool) int {
	best, bd := -1, 1<<30
	for j := range s.pieces {
		if j == i || !s.alive(j) || (s.pieces[j].owner == s.pieces[i].owner) != ally || int(s.pieces[i].team) == j {
			continue
		}
		if d := battlefield.Distance(s.pt(i), s.pt(j)); d < bd {
			best, bd = j, d
		}
	}
	return best
}

// fearfulFlight is Fearful's forced move (seed 004, "Fearful": "the Unit
// must perform a Charge Procedure in the direction of the nearest ally Unit
// or an Escape Procedure followed by a Charge Procedure ... if the Unit is
// in Combat Lock, if a Charge Procedure may not be performed due to other
// circumstances a Movement Procedure must be performed instead"). skald
// turns the unit toward the ally and charges as far as it can, or moves to
// the reachable grid space nearest the ally (TD-32).
func (s *State) fearfulFlight(i int, ev *engine.Log) {
	s.event(ev, "fearful", "%s is overcome by fear", s.name(i))
	if s.pieces[i].lock >= 0 {
		if s.canEscape(i) != nil || !s.escape(i, ev) {
			return
		}
	}
	ally := s.nearest(i, true)
	if ally < 0 {
		return
	}
	partner := s.teamPartner()
	f := toward(s.pt(i), s.pt(ally))
	s.enter(phaseMove)
	if s.pieces[i].facing != f && (partner < 0) {
		s.pieces[i].facing = f
		s.event(ev, "face", "%s turns %s toward %s", s.name(i), f, s.name(ally))
	}
	if s.pieces[i].facing == f && s.canCharge(i, partner) == nil {
		s.charge(i, partner, true, ev)
		return
	}
	if s.canMove(i) != nil {
		return
	}
	reach := s.reach(i, partner, s.engagedRating(i, partner))
	best, bd := -1, battlefield.Distance(s.pt(i), s.pt(ally))
	for _, sq := range reach {
		p := battlefield.Point{X: int(sq) % s.bf.W, Y: int(sq) / s.bf.W}
		if s.at(p) >= 0 {
			continue
		}
		if d := battlefield.Distance(p, s.pt(ally)); d < bd {
			best, bd = int(sq), d
		}
	}
	if best >= 0 {
		s.moveTo(i, partner, battlefield.Point{X: best % s.bf.W, Y: best / s.bf.W}, s.pieces[i].facing, -1, ev)
	}
}
