package tacticsdavid

import (
	"fmt"
	"strconv"
	"strings"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Action kinds. Pieces are named by their index, "u3" in text.
const (
	actBuy       = iota + 1 // Arg0 unit number
	actStack                // Arg0 unit number, stacked on the last unit bought
	actBuyItem              // Arg0 army entry, Arg1 item number
	actAuto                 // a random legal army
	actDone                 // the army is built
	actDeploy               // Arg0 piece, Arg1 x, Arg2 y, Arg3 facing
	actEngage               // Arg0 piece
	actEndTurn              //
	actDisengage            //
	actTrade                // Arg0 engaged piece, Arg1 other, Arg2 slot, Arg3 give/take/swap
	actUse                  // Arg0 engaged piece, Arg1 target
	actShift                // Arg0 engaged piece, Arg1 unit type
	actWhip                 // Arg0 pup, Arg1 x, Arg2 y, Arg3 facing
	actMove                 // Arg0 x, Arg1 y, Arg2 facing, Arg3 the one team member that moves, or -1
	actFace                 // Arg0 facing
	actCharge               //
	actChargeTo             // Arg0 distance; or Arg0 x, Arg1 y+1 (a charge not in a straight line)
	actEscape               //
	actOrient               // Arg0 0 vertical / 1 horizontal, Arg1 the mover's half
	actAttack               // Arg0 attacker, Arg1 target, Arg2 side
	actShoot                // Arg0 attacker, Arg1 target, Arg2 side
	actMelee                // Arg0 attacker, Arg1 target, Arg2 side (Ranged Melee)
	actLoot                 // Arg0 engaged piece, Arg1 dead piece, Arg2 slot, Arg3 0 equip / 1 deck
	actChoose               // Arg0 the team member that receives a Ranged Attack
	actEquip                // Arg0 piece, or -1 to discard
	actRemove               // Arg0 status a potion removes
	actAbility              // Arg0 the unit, Arg1 ability number, Arg2 target piece or -1, Arg3 extra
	actReact                // Arg0 the unit, Arg1 ability number, Arg2 extra
	actPass                 // decline the reaction offered
	numActs
)

var actWords = [numActs]string{"", "buy", "stack", "item", "auto", "done", "deploy", "engage", "end", "disengage",
	"trade", "use", "shift", "whip", "move", "face", "charge", "charge", "escape", "orient", "attack", "shoot", "melee",
	"loot", "choose", "equip", "remove", "ability", "react", "pass"}

// argCounts is how many arguments each kind of action takes; the others
// must be zero.
var argCounts = [numActs]int{actBuy: 1, actStack: 1, actBuyItem: 2, actDeploy: 4, actEngage: 1, actTrade: 4,
	actUse: 2, actShift: 2, actWhip: 4, actMove: 4, actFace: 1, actChargeTo: 2, actOrient: 2, actAttack: 3,
	actShoot: 3, actMelee: 3, actLoot: 4, actChoose: 1, actEquip: 1, actRemove: 1,
	actAbility: 4, actReact: 3}

var sideNames = [4]string{"front", "left", "right", "back"}

// act builds an action.
func act(seat int, kind int, args ...int) engine.Action {
	a := engine.Action{Seat: engine.Seat(seat), Kind: uint8(kind)}
	for i, v := range args {
		a.Arg[i] = int16(v)
	}
	return a
}

// act4 builds an action of up to four arguments, as act does without its
// loop: for the lists every playout makes.
func act4(seat, kind, a0, a1, a2, a3 int) engine.Action {
	return engine.Action{Seat: engine.Seat(seat), Kind: uint8(kind), Arg: [4]int16{int16(a0), int16(a1), int16(a2), int16(a3)}}
}

// Legal appends seat's legal actions to buf.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if !s.Deciders().Has(seat) {
		return buf
	}
	st := int(seat)
	s.scr().listed.ok = false
	s.quiet = true
	defer func() { s.quiet = false }()
	if s.pend.kind != pendNone {
		return s.legalPending(st, buf)
	}
	switch s.stage {
	case stageBuild:
		return s.legalBuild(st, buf)
	case stageDeploy:
		return s.legalDeploy(st, buf)
	case stageBattle:
		return s.legalBattle(st, buf)
	}
	return buf
}

// Apply plays a.
func (s *State) Apply(a engine.Action, ev *engine.Log) error {
	if s.trusted { // ApplyLegal: listed now, so the seat decides and the arguments are right
		return s.apply(a, ev)
	}
	if s.over {
		return s.illegal(ruleMission, "the battle is over")
	}
	if a.Seat < 0 || a.Seat > 1 || !s.Deciders().Has(engine.Seat(a.Seat)) {
		return s.illegal(ruleTurns, "it is not %s's decision now", s.g.SeatName(engine.Seat(a.Seat)))
	}
	if a.Kind == 0 || a.Kind >= numActs {
		return s.illegal(ruleTurns, "no action of kind %d", a.Kind)
	}
	for k := argCounts[a.Kind]; k < len(a.Arg); k++ {
		if a.Arg[k] != 0 {
			return s.illegal(ruleTurns, "%s takes %d arguments", actWords[a.Kind], argCounts[a.Kind])
		}
	}
	return s.apply(a, ev)
}

// apply plays a, checked as Apply checks it before: the decision is
// the seat's and the arguments are as many as the action's kind takes.
func (s *State) apply(a engine.Action, ev *engine.Log) error {
	if s.pend.kind != pendNone {
		err := s.applyPending(a, ev)
		if err == nil {
			s.afterAction(ev) // a charge or a team's orientation may end the Movement Phase
		}
		return err
	}
	switch s.stage {
	case stageBuild:
		return s.applyBuild(a, ev)
	case stageDeploy:
		return s.applyDeploy(a, ev)
	}
	err := s.applyBattle(a, ev)
	if err == nil {
		s.afterAction(ev)
	}
	return err
}

// afterAction disengages a unit that can do nothing more: "When a Unit can
// not enter another Phase or perform another Procedure they are said to be
// Disengaged."
func (s *State) afterAction(ev *engine.Log) {
	if s.over || s.pend.kind != pendNone || s.eng.p < 0 {
		return
	}
	if s.eng.petrified || !s.acts(int(s.eng.p)) || s.changedSides() {
		s.disengage(ev)
		return
	}
	s.moveEnded() // Autofire: "Enemy Units ending their Movement Phase"
}

// changedSides reports whether the engaged unit is no longer the
// Attacking Player's (Infect or a conversion made it the other player's):
// a player engages and acts with its own units only (seed 004, "Turns,
// Engagements, Phases, and Procedures"), so it is disengaged (TD-154).
func (s *State) changedSides() bool {
	return s.eng.p >= 0 && s.pieces[s.eng.p].owner != s.player
}

// legalBattle lists the Attacking Player's actions in the battle.
func (s *State) legalBattle(seat int, buf []engine.Action) []engine.Action {
	if s.eng.p < 0 {
		ps, player := s.pieces, s.player
		for i := range ps {
			// A player engages its own units, on the battlefield and not
			// engaged this turn; none is engaged now, so canEngage has
			// only the Dead to ask about.
			if p := &ps[i]; p.owner != player || p.flags&(fRemoved|fEngaged) != 0 || (p.has(Dead) && s.canEngage(i) != nil) {
				continue
			}
			buf = append(buf, engine.Action{Seat: engine.Seat(seat), Kind: actEngage, Arg: [4]int16{int16(i)}})
		}
		if s.mayEndTurn() == nil {
			buf = append(buf, act4(seat, actEndTurn, 0, 0, 0, 0))
		}
		return buf
	}
	i, q := int(s.eng.p), int(s.eng.q)
	// A unit whose partner died moves away first; when both engaged units
	// must (each lost a partner before they shared a space), either may
	// go first.
	if s.pieces[i].flags&fMustLeave != 0 || (q >= 0 && s.pieces[q].flags&fMustLeave != 0) {
		leaving := false
		for _, m := range [2]int{i, q} {
			if m >= 0 && s.pieces[m].flags&fMustLeave != 0 && s.mustLeave(m) {
				buf, leaving = s.legalMoves(seat, m, -1, m, buf), true
			}
		}
		if leaving {
			return buf
		}
	}
	if s.mustRage() {
		return s.legalRage(seat, buf)
	}
	buf = s.legalItems(seat, buf)
	if s.eng.phase <= phaseMove {
		buf = s.legalMovement(seat, buf)
	}
	if s.eng.phase <= phaseCombat {
		buf = s.legalAttacks(i, buf)
		if q >= 0 {
			buf = s.legalAttacks(q, buf)
		}
	}
	buf = s.legalActives(seat, i, buf)
	if q >= 0 {
		buf = s.legalActives(seat, q, buf)
	}
	if s.mayDisengage() == nil {
		buf = append(buf, act4(seat, actDisengage, 0, 0, 0, 0))
		if s.locksOwed() == nil { // mayEndTurn, its mayDisengage just asked
			buf = append(buf, act4(seat, actEndTurn, 0, 0, 0, 0))
		}
	}
	return buf
}

// legalItems lists trades, uses, loots and shifts of the engaged units.
func (s *State) legalItems(seat int, buf []engine.Action) []engine.Action {
	buf = s.legalItemsOf(seat, int(s.eng.p), buf)
	if q := int(s.eng.q); q >= 0 {
		buf = s.legalItemsOf(seat, q, buf)
	}
	return buf
}

// legalItemsOf lists the trades, uses, loots and shifts of engaged piece
// m.
func (s *State) legalItemsOf(seat, m int, buf []engine.Action) []engine.Action {
	p := &s.pieces[m]
	if p.items[slotAccessory] == itemAmulet { // canShift's first condition
		for t := 0; t < 3; t++ {
			if s.canShift(m, t) == nil {
				buf = append(buf, act(seat, actShift, m, t))
			}
		}
	}
	if s.eng.phase > phaseItem2 || s.eng.petrified {
		return buf
	}
	// The first conditions of canTrade, canUse and canLoot (which asks
	// for Item Phase 2, never open when this Item Phase is not).
	if s.inPhase(s.itemPhase()) != nil || s.member(m) < 0 {
		return buf
	}
	hasItem := p.items != [numSlots]int8{}
	ps := s.pieces
	mx, my := int(p.x), int(p.y)
	// canTrade refuses every trade of a unit that is Dead, Locked in
	// Combat or Petrified, and with such a unit, beyond 2 grid spaces
	// or other than this Item Phase's partner.
	if !p.has(Dead) && p.lock < 0 && !p.has(Petrified) {
		for o := range ps {
			q := &ps[o]
			if o == m || q.owner != p.owner || q.flags&fRemoved != 0 || q.has(Dead) || q.lock >= 0 {
				continue
			}
			if !hasItem && q.items == [numSlots]int8{} {
				continue
			}
			if abs(int(q.x)-mx)+abs(int(q.y)-my) > 2 || (s.eng.tradeWith >= 0 && int(s.eng.tradeWith) != o) {
				continue
			}
			for slot := 0; slot < numSlots; slot++ {
				// A give (dir 0) needs an item of one's own, a take (1)
				// one of the other's, a swap (2) both (canTrade).
				mine, theirs := p.items[slot] != 0, q.items[slot] != 0
				if mine && s.canTrade(m, o, slot, 0) == nil {
					buf = append(buf, act4(seat, actTrade, m, o, slot, 0))
				}
				if theirs && s.canTrade(m, o, slot, 1) == nil {
					buf = append(buf, act4(seat, actTrade, m, o, slot, 1))
				}
				if mine && theirs && s.canTrade(m, o, slot, 2) == nil {
					buf = append(buf, act4(seat, actTrade, m, o, slot, 2))
				}
			}
		}
	}
	// canUse: on the player's own units on the battlefield, itself or
	// in direct grid space contact, by a unit alive, not Petrified nor
	// Locked in Combat.
	if usable(p.items[slotExpendable]) && p.lock < 0 && s.alive(m) && !p.has(Petrified) {
		for o := range ps {
			q := &ps[o]
			if q.owner != p.owner || q.flags&fRemoved != 0 {
				continue
			}
			if o != m && abs(int(q.x)-mx)+abs(int(q.y)-my) > 1 {
				continue
			}
			if s.canUse(m, o) == nil {
				buf = append(buf, act4(seat, actUse, m, o, 0, 0))
			}
		}
	}
	// canLoot: a Dead unit with items, on the battlefield and in
	// contact, in Item Phase 2.
	if s.inPhase(phaseItem2) == nil {
		for o := range ps {
			q := &ps[o]
			if !q.has(Dead) || q.items == [numSlots]int8{} || abs(int(q.x)-mx)+abs(int(q.y)-my) > 1 {
				continue
			}
			for slot := 0; slot < numSlots; slot++ {
				for keep := 0; keep < 2; keep++ {
					if s.canLoot(m, o, slot, keep) == nil {
						buf = append(buf, act4(seat, actLoot, m, o, slot, keep))
					}
				}
			}
		}
	}
	return buf
}

// abs is |x|.
func abs(x int) int {
	m := x >> 63 // -1 if x is negative, else 0: no branch
	return (x ^ m) - m
}

// legalMovement lists the Movement Phase's procedures.
func (s *State) legalMovement(seat int, buf []engine.Action) []engine.Action {
	i, q := int(s.eng.p), int(s.eng.q)
	partner := s.teamPartner()
	if s.canEscape(i) == nil {
		buf = append(buf, act4(seat, actEscape, 0, 0, 0, 0))
	}
	if s.canFaceAgain(i, partner) {
		for _, f := range facings {
			if f != s.pieces[i].facing || (partner >= 0 && f != s.pieces[partner].facing) {
				buf = append(buf, act4(seat, actFace, int(f), 0, 0, 0))
			}
		}
	}
	if s.canMove(i) != nil {
		return buf
	}
	if !s.eng.faced {
		for _, f := range facings {
			if f != s.pieces[i].facing || (partner >= 0 && f != s.pieces[partner].facing) {
				buf = append(buf, act4(seat, actFace, int(f), 0, 0, 0))
			}
		}
	}
	// canMove allows the move: canCharge and canOrient ask the rest.
	if s.mayCharge(i, partner) == nil {
		buf = append(buf, act4(seat, actCharge, 0, 0, 0, 0))
	}
	if partner >= 0 && !s.eng.oriented {
		for o := 0; o < 2; o++ {
			for h := 0; h < 2; h++ {
				if uint8(o) != s.pieces[i].orient || uint8(h) != s.pieces[i].half {
					buf = append(buf, act4(seat, actOrient, o, h, 0, 0))
				}
			}
		}
	}
	buf = s.listMoves(seat, i, partner, -1, buf)
	if partner >= 0 && !s.eng.moved {
		buf = s.listMoves(seat, i, -1, i, buf)
		buf = s.legalMoves(seat, partner, -1, partner, buf)
	}
	if !s.eng.whipped && s.holdsWhip(i, q) {
		for pup := range s.pieces {
			// canWhip's condition that nearly every unit fails, asked
			// first: the Whip drives a unit of the Pup Root.
			if !s.info[s.pieces[pup].prof].pup || s.whipHolder(i, q, pup) < 0 {
				continue
			}
			for _, sq := range s.reach(pup, -1, s.rating(pup, 0)) {
				p := battlefield.Point{X: int(sq) % s.bf.W, Y: int(sq) / s.bf.W}
				if s.at(p) >= 0 {
					continue
				}
				for _, f := range facings {
					buf = append(buf, act4(seat, actWhip, pup, p.X, p.Y, int(f)))
				}
			}
		}
	}
	return buf
}

// holdsWhip reports whether the engaged unit i or its team partner q (or
// -1) holds a Whip: whipHolder finds no holder otherwise.
func (s *State) holdsWhip(i, q int) bool {
	return s.pieces[i].items[slotWeapon] == itemWhip || (q >= 0 && s.pieces[q].items[slotWeapon] == itemWhip)
}

// whipHolder returns the unit of the engaged unit i and its team partner
// q (or -1) whose Whip may drive pup, or -1. Both may hold a Whip, but the
// Whip gives one extra Movement Procedure (TD-41) and "whip uP x,y F"
// names the unit driven, not the holder: a pup is one choice whichever
// Whip drives it.
func (s *State) whipHolder(i, q, pup int) int {
	for _, m := range [2]int{i, q} {
		if m >= 0 && s.pieces[m].items[slotWeapon] == itemWhip && s.canWhip(m, pup) == nil {
			return m
		}
	}
	return -1
}

// legalMoves lists the Movement Procedures of piece i (with partner) as
// moves naming mover (-1 for the engaged unit or team).
func (s *State) legalMoves(seat, i, partner, mover int, buf []engine.Action) []engine.Action {
	if s.canMove(i) != nil {
		return buf
	}
	return s.listMoves(seat, i, partner, mover, buf)
}

// listedSearch keeps in scratch.listed what the search on bitgrids of the
// move just listed (mover -1: the engaged unit's or team's) read.
func (s *State) listedSearch(mover int) {
	if mover >= 0 || s.conf.grid.bits == nil {
		return
	}
	sc := s.scr()
	l, ml := &sc.listed, &sc.layers
	l.searched = true
	l.in, l.halved, l.nbr, l.pass, l.slow = ml.in, ml.halved, ml.nbr, ml.pass, ml.slow
}

// listMoves is legalMoves once canMove has allowed piece i's move.
func (s *State) listMoves(seat, i, partner, mover int, buf []engine.Action) []engine.Action {
	rating := s.engagedRating(i, partner)
	if mover < 0 {
		l := &s.scr().listed
		l.ok, l.i, l.partner, l.rating, l.searched = true, i, partner, rating, false
	}
	if lz := &s.scr().lazy; lz.on && s.conf.grid.bits != nil {
		r := s.reachSet(i, partner, rating)
		s.listedSearch(mover)
		lz.addSet(len(buf), seat, actMove, mover, &r)
		return buf
	}
	reach := s.reach(i, partner, rating)
	s.listedSearch(mover)
	if lz := &s.scr().lazy; lz.on {
		lz.add(len(buf), seat, actMove, mover, reach)
		return buf
	}
	w := s.bf.W
	for _, sq := range reach {
		x, y := int16(int(sq)%w), int16(int(sq)/w)
		for _, f := range facings {
			buf = append(buf, engine.Action{Seat: engine.Seat(seat), Kind: actMove, Arg: [4]int16{x, y, int16(f), int16(mover)}})
		}
	}
	return buf
}

// legalAttacks lists engaged piece i's attacks.
func (s *State) legalAttacks(i int, buf []engine.Action) []engine.Action {
	k := s.member(i)
	if k < 0 || (s.eng.attacked[k] && !s.attackAgain(i, k)) || s.eng.noCombat || s.eng.escaped || s.eng.phase > phaseCombat || !s.acts(i) {
		return buf
	}
	p := &s.pieces[i]
	inf := &s.info[p.prof]
	seat := int(p.owner)
	sides := 1
	if s.attackType(i) == magical {
		sides = 4
	}
	try := func(kind int, t int) {
		for side := 0; side < sides; side++ {
			a := attack{attacker: int8(i), target: int8(t), side: int8(side), kind: uint8(kind - actAttack)}
			if s.canAttack(a) == nil {
				buf = append(buf, act4(seat, kind, i, t, side, 0))
			}
		}
	}
	if !inf.ranged {
		// The grid spaces of the area (Area.Squares), in its order.
		at, f := s.pt(i), p.facing
		for _, h := range s.area(i).Hits {
			t := s.at(at.Add(h.Rotate(f)))
			if t < 0 {
				continue
			}
			try(actAttack, t)
			if m := int(s.pieces[t].team); m >= 0 {
				try(actAttack, m)
			}
		}
		return buf
	}
	if t := s.at(s.pt(i).Add(p.facing.Delta())); t >= 0 {
		try(actMelee, t)
		if m := int(s.pieces[t].team); m >= 0 {
			try(actMelee, m)
		}
	}
	if !s.eng.moved || s.hasAb(i, abReckless) { // Reckless: "even if having moved"
		sc := s.scr()
		sc.shooter, sc.shooterRange = i+1, s.rangeRating(i)
		for t := range s.pieces {
			if !s.alive(t) || s.pieces[t].owner == p.owner || s.pieces[t].lock >= 0 {
				continue
			}
			// canAttack's condition that most shots fail, asked first:
			// the target in the Range Area and Line of Sight, or aimed at.
			if !s.bf.CanTarget(s.pt(i), p.facing, sc.shooterRange, s.pt(t)) && !s.aimed(i, t) {
				continue
			}
			try(actShoot, t)
		}
		sc.shooter = 0
	}
	return buf
}

// mustRage reports whether the engaged unit is Enraged and must still move
// toward the closest enemy: "The Unit must perform a Movement or Charge
// Procedure in the direction of the closest enemy Unit." (TD-32)
func (s *State) mustRage() bool {
	if s.eng.forced&forcedEnraged == 0 || s.eng.moveDone {
		return false
	}
	i := int(s.eng.p)
	if s.canMove(i) != nil || s.inContact(i) {
		return false
	}
	var buf [8]engine.Action
	return len(s.legalRage(int(s.pieces[i].owner), buf[:0])) > 0
}

// inContact reports whether an enemy unit is in direct grid space contact
// with piece i.
func (s *State) inContact(i int) bool {
	for _, f := range facings {
		if o := s.at(s.pt(i).Add(f.Delta())); o >= 0 && s.pieces[o].owner != s.pieces[i].owner && s.alive(o) {
			return true
		}
	}
	return false
}

// legalRage lists an Enraged unit's moves toward the closest enemy: moves
// that end nearer to it, and a charge if it faces it.
func (s *State) legalRage(seat int, buf []engine.Action) []engine.Action {
	i := int(s.eng.p)
	partner := s.teamPartner()
	e := s.nearest(i, false)
	if e < 0 {
		return buf
	}
	d0 := battlefield.Distance(s.pt(i), s.pt(e))
	if s.canCharge(i, partner) == nil && toward(s.pt(i), s.pt(e)) == s.pieces[i].facing {
		buf = append(buf, act(seat, actCharge))
	}
	if s.canMove(i) != nil {
		return buf
	}
	for _, sq := range s.reach(i, partner, s.engagedRating(i, partner)) {
		p := battlefield.Point{X: int(sq) % s.bf.W, Y: int(sq) / s.bf.W}
		if battlefield.Distance(p, s.pt(e)) < d0 {
			for _, f := range facings {
				buf = append(buf, act(seat, actMove, p.X, p.Y, int(f), -1))
			}
		}
	}
	return buf
}

// legalPending lists the answers to the pending decision.
func (s *State) legalPending(seat int, buf []engine.Action) []engine.Action {
	switch s.pend.kind {
	case pendCharge:
		if s.freeCharge(int(s.eng.p), int(s.pend.who)) {
			buf = append(buf, act(seat, actChargeTo, 0))
			for _, sq := range s.chargeReach(int(s.eng.p), int(s.pend.who), int(s.pend.n)) {
				buf = append(buf, act(seat, actChargeTo, int(sq)%s.bf.W, int(sq)/s.bf.W+1))
			}
			break
		}
		stops := s.chargeStops(int(s.eng.p), int(s.pend.who), int(s.pend.n))
		for k := 0; k < 64; k++ {
			if stops&(1<<uint(k)) != 0 {
				buf = append(buf, act(seat, actChargeTo, k))
			}
		}
	case pendOrient:
		for o := 0; o < 2; o++ {
			for h := 0; h < 2; h++ {
				buf = append(buf, act(seat, actOrient, o, h))
			}
		}
	case pendEquip:
		for i := range s.pieces {
			if s.canEquip(i, s.pend.item) == nil {
				buf = append(buf, act(seat, actEquip, i))
			}
		}
		buf = append(buf, act(seat, actEquip, -1))
	case pendDefender:
		t := int(s.pend.atk.target)
		buf = append(buf, act(seat, actChoose, t), act(seat, actChoose, int(s.pieces[t].team)))
	case pendPotion:
		rem := s.removable(int(s.pend.who))
		for st := 0; st < NumStatuses; st++ {
			if rem&statusBit(st) != 0 {
				buf = append(buf, act(seat, actRemove, st))
			}
		}
		if s.pend.item == itemElixir {
			buf = append(buf, act(seat, actPass)) // "as many" as the player likes (TD-159)
		}
	case pendReact:
		h, n := int(s.pend.who), int(s.pend.ab)
		c := s.choicesOf()
		reactions[n].offer(s, h, c)
		for _, p := range c.list {
			buf = append(buf, act(seat, actReact, h, n, int(p[1])))
		}
		if !reactions[n].must {
			buf = append(buf, act(seat, actPass))
		}
	case pendAbility:
		buf = followUps[s.pend.ab].legal(s, int(s.pend.who), seat, buf)
	}
	return buf
}

// applyPending answers the pending decision.
func (s *State) applyPending(a engine.Action, ev *engine.Log) error {
	pd := s.pend
	switch pd.kind {
	case pendCharge:
		if a.Kind != actChargeTo {
			return s.illegal(ruleCharge, "choose how far to charge: charge 0 to %d", pd.n)
		}
		k := int(a.Arg[0])
		if s.freeCharge(int(s.eng.p), int(pd.who)) && (k != 0 || a.Arg[1] != 0) {
			return s.chargeAlong(int(s.eng.p), int(pd.who), k, int(a.Arg[1])-1, int(pd.n), ev)
		}
		stops := s.chargeStops(int(s.eng.p), int(pd.who), int(pd.n))
		if k < 0 || k >= 64 || stops&(1<<uint(k)) == 0 || a.Arg[1] != 0 {
			return s.illegal(ruleCharge, "the unit may not end a charge of %d grid spaces: \"up to, but not over, this distance\", on a free grid space, stopped by enemies and terrain", k)
		}
		s.pend = pending{}
		s.chargeTo(int(s.eng.p), int(pd.who), k, ev)
	case pendOrient:
		if a.Kind != actOrient || a.Arg[0] < 0 || a.Arg[0] > 1 || a.Arg[1] < 0 || a.Arg[1] > 1 {
			return s.illegal(ruleTeam+", Orientation Procedure", "\"Units who form a Unit Team must immediately perform an Orientation Procedure\": orient vertical or horizontal")
		}
		i := int(pd.who)
		o := int(s.pieces[i].team)
		s.pieces[i].orient, s.pieces[o].orient = uint8(a.Arg[0]), uint8(a.Arg[0])
		s.pieces[i].half, s.pieces[o].half = uint8(a.Arg[1]), 1-uint8(a.Arg[1])
		s.pend = pending{}
		s.event(ev, "team.orient", "the Unit Team stands %s", orientWord(a.Arg[0]))
	case pendEquip:
		if a.Kind != actEquip {
			return s.illegal(ruleAcquire, "choose the unit that equips the %s", s.g.c.Items[pd.item-1].Name)
		}
		t := int(a.Arg[0])
		if t == -1 {
			s.toDeckBottom(pd.item)
			s.event(ev, "item.discarded", "the %s goes to the bottom of the Item Deck", s.g.item(int(pd.item)))
		} else {
			if err := s.canEquip(t, pd.item); err != nil {
				return err
			}
			s.equip(t, pd.item, ev)
		}
		s.pend = pending{}
		s.finishTurn(ev)
	case pendDefender:
		t := int(a.Arg[0])
		if a.Kind != actChoose || (t != int(pd.atk.target) && t != int(s.pieces[pd.atk.target].team)) {
			return s.illegal(ruleTeam+", Defending", "\"the Defending Player must choose which of the two Units within the Unit Team is to receive the incoming Ranged Attack\"")
		}
		s.pend = pending{}
		atk := pd.atk
		atk.target = int8(t)
		s.resolve(atk, ev)
		s.afterAction(ev)
	case pendReact:
		return s.answerReaction(a, ev)
	case pendAbility:
		return s.answerAbility(a, ev)
	case pendPotion:
		if a.Kind == actPass && pd.item == itemElixir {
			s.pend = pending{} // the Elixir's player keeps the rest (TD-159)
			return nil
		}
		st := int(a.Arg[0])
		if a.Kind != actRemove || st < 0 || st >= NumStatuses || s.removable(int(pd.who))&statusBit(st) == 0 {
			return s.illegal(ruleUse, "choose a status of %s to remove, other than Dead or Petrified", s.name(int(pd.who)))
		}
		s.discard(int(pd.who), st, ev)
		s.pend.n--
		if s.pend.n <= 0 || s.removable(int(pd.who)) == 0 {
			s.pend = pending{}
		}
	}
	return nil
}

// mustLeave reports whether unit m (or -1) is one whose team partner died
// and that can still move away: it must, "at their first opportunity"
// (seed 004, "Other Rules for Unit Teams").
func (s *State) mustLeave(m int) bool {
	return m >= 0 && s.pieces[m].flags&fMustLeave != 0 && s.mayLeave(m)
}

// mayLeave is the rest of mustLeave: piece m is in a team and may move off
// its grid space.
func (s *State) mayLeave(m int) bool {
	return s.pieces[m].team >= 0 && s.canLeave(m)
}

// applyBattle checks and plays a battle action.
func (s *State) applyBattle(a engine.Action, ev *engine.Log) error {
	seat := int(a.Seat)
	arg := func(k int) int { return int(a.Arg[k]) }
	if s.eng.p < 0 {
		switch a.Kind {
		case actEngage:
			if !s.trusted { // ApplyLegal: listed, so allowed
				if err := s.canEngage(arg(0)); err != nil {
					return err
				}
			}
			s.engage(arg(0), ev)
			return nil
		case actEndTurn:
			if !s.trusted { // ApplyLegal: listed, so allowed
				if err := s.mayEndTurn(); err != nil {
					return err
				}
			}
			s.endTurn(ev)
			return nil
		}
		return s.illegal(ruleEngage, "engage a unit first, or end the turn")
	}
	i, q := int(s.eng.p), int(s.eng.q)
	partner := s.teamPartner()
	// Obligations that come first: a unit whose partner died moves away
	// before anything else, Enraged or not (as legalBattle lists).
	leaving, first := false, -1
	for _, m := range [2]int{i, q} {
		if s.trusted {
			break // ApplyLegal: the action was just listed, obligations met
		}
		if s.mustLeave(m) {
			leaving = leaving || a.Kind == actMove && arg(3) == m
			if first < 0 {
				first = m
			}
		}
	}
	if first >= 0 && !leaving {
		return s.illegal("Tactics David rules, Other Rules for Unit Teams", "%s's partner is dead: it must first move into another grid space (move u%d ...)", s.name(first), first)
	}
	if !leaving && !s.trusted && s.mustRage() {
		ok := false
		var buf [256]engine.Action
		for _, l := range s.legalRage(seat, buf[:0]) {
			if l == a {
				ok = true
			}
		}
		if !ok {
			return s.illegal(ruleStatuses+", Enraged", "\"The Unit must perform a Movement or Charge Procedure in the direction of the closest enemy Unit\"")
		}
	}
	switch a.Kind {
	case actEngage:
		if err := s.canEngage(arg(0)); err != nil {
			return err
		}
		return s.illegal(ruleTurns, "\"no more than 1 Unit shall ever be Engaged at one time\"")
	case actDisengage:
		if !s.trusted { // ApplyLegal: listed, so allowed
			if err := s.mayDisengage(); err != nil {
				return err
			}
		}
		s.disengage(ev)
	case actEndTurn:
		if !s.trusted { // ApplyLegal: listed, so allowed
			if err := s.mayEndTurn(); err != nil {
				return err
			}
		}
		s.endTurn(ev)
	case actTrade:
		if !s.trusted { // ApplyLegal: listed, so allowed
			if err := s.canTrade(arg(0), arg(1), arg(2), arg(3)); err != nil {
				return err
			}
		}
		s.trade(arg(0), arg(1), arg(2), arg(3), ev)
	case actUse:
		if !s.trusted { // ApplyLegal: listed, so allowed
			if err := s.canUse(arg(0), arg(1)); err != nil {
				return err
			}
		}
		s.use(arg(0), arg(1), ev)
	case actShift:
		if !s.trusted { // ApplyLegal: listed, so allowed
			if err := s.canShift(arg(0), arg(1)); err != nil {
				return err
			}
		}
		s.shift(arg(0), arg(1), ev)
	case actLoot:
		if !s.trusted { // ApplyLegal: listed, so allowed
			if err := s.canLoot(arg(0), arg(1), arg(2), arg(3)); err != nil {
				return err
			}
		}
		s.loot(arg(0), arg(1), arg(2), arg(3), ev)
	case actFace:
		again := s.canFaceAgain(i, partner) // Maneuver, Manuever: a Facing Procedure after the charge
		if err := s.canMove(i); err != nil && !again {
			return err
		}
		if s.eng.faced && !again {
			return s.illegal(ruleFacing, "one Facing Procedure before moving; a move ends with the facing chosen (ruling TD-33)")
		}
		if arg(0) < 0 || arg(0) > 3 {
			return s.illegal(ruleFacing, "no facing %d", arg(0))
		}
		f := battlefield.Facing(arg(0))
		if again {
			if f == s.pieces[i].facing && (partner < 0 || f == s.pieces[partner].facing) {
				return s.illegal(s.g.abRule(s.faceAgainAb(i)), "the unit faces %s already", f)
			}
			s.faceAgain(i, f, ev)
		}
		s.enter(phaseMove)
		s.eng.moved, s.eng.faced = true, true
		s.pieces[i].facing = f
		if partner >= 0 {
			s.pieces[partner].facing = f
		}
		s.event(ev, "face", "%s turns to face %s", s.name(i), f)
	case actMove:
		mover := arg(3)
		m, mp, err := s.moverOf(mover)
		if err != nil {
			return err
		}
		if mover >= 0 && s.pieces[m].team >= 0 && s.eng.moved {
			return s.illegal(ruleTeam, "\"To do this both Units in the Unit Team must not have entered their Movement Phase yet\"")
		}
		if mover < 0 {
			mp = partner
		}
		if !s.trusted { // ApplyLegal: listed, so allowed
			if err := s.canMove(m); err != nil {
				return err
			}
		}
		p := battlefield.Point{X: arg(0), Y: arg(1)}
		if arg(2) < 0 || arg(2) > 3 {
			return s.illegal(ruleFacing, "no facing %d", arg(2))
		}
		found := s.trusted // ApplyLegal: the action was just listed
		if !found && s.bf.In(p) {
			want := int16(p.Y*s.bf.W + p.X)
			for _, sq := range s.reach(m, mp, s.engagedRating(m, mp)) {
				if sq == want {
					found = true
					break
				}
			}
		}
		if !found {
			return s.illegal(ruleMove, "%s cannot reach %d,%d: it moves up to its Movement Rating orthogonally, through allies but not enemies, over terrain its Movement Type allows, and ends on a free grid space or beside an ally it may form a Unit Team with", s.name(m), p.X, p.Y)
		}
		s.enter(phaseMove)
		if mover >= 0 && s.pieces[m].team >= 0 {
			if other := int(s.pieces[m].team); other >= 0 && (other == i || other == q) {
				s.pieces[other].flags &^= fEngaged
			}
			s.lift(m) // the grid space stays the partner's
			s.unform(m)
			// The member that moves away carries on the engagement; the
			// other is released and may be engaged later (TD-37).
			s.eng.p, s.eng.q = int8(m), -1
			s.event(ev, "team.unformed", "%s leaves its Unit Team", s.name(m))
		}
		rating := -1 // moveTo finds it
		if l := &s.scr().listed; s.trusted && mover < 0 && l.ok && l.i == m && l.partner == mp {
			rating = l.rating // ApplyLegal: as the list found it, nothing changed since
		}
		s.moveTo(m, mp, p, battlefield.Facing(arg(2)), rating, ev)
	case actOrient:
		if !s.trusted { // ApplyLegal: listed, so allowed
			if err := s.canOrient(i, partner); err != nil {
				return err
			}
		}
		o, h := arg(0), arg(1) // checked before they are narrowed
		if o < 0 || o > 1 || h < 0 || h > 1 || (uint8(o) == s.pieces[i].orient && uint8(h) == s.pieces[i].half) {
			return s.illegal(ruleTeam+", Orientation Procedure", "orient vertical (north, south) or horizontal (west, east), other than the team stands now")
		}
		s.enter(phaseMove)
		s.eng.moved, s.eng.oriented = true, true
		s.pieces[i].orient, s.pieces[partner].orient = uint8(o), uint8(o)
		s.pieces[i].half, s.pieces[partner].half = uint8(h), 1-uint8(h)
		s.event(ev, "team.orient", "%s's Unit Team stands %s", s.name(i), orientWord(o))
	case actCharge:
		if !s.trusted { // ApplyLegal: listed, so allowed
			if err := s.canCharge(i, partner); err != nil {
				return err
			}
		}
		s.enter(phaseMove)
		s.charge(i, partner, false, ev)
	case actEscape:
		if !s.trusted { // ApplyLegal: listed, so allowed
			if err := s.canEscape(i); err != nil {
				return err
			}
		}
		s.enter(phaseMove)
		s.escape(i, ev)
	case actWhip:
		holder := s.whipHolder(i, q, arg(0))
		if holder < 0 {
			return s.canWhip(i, arg(0))
		}
		pup := arg(0)
		p := battlefield.Point{X: arg(1), Y: arg(2)}
		found := false
		if s.bf.In(p) && s.at(p) < 0 && arg(3) >= 0 && arg(3) <= 3 {
			want := int16(p.Y*s.bf.W + p.X)
			for _, sq := range s.reach(pup, -1, s.rating(pup, 0)) {
				if sq == want {
					found = true
				}
			}
		}
		if !found {
			return s.illegal(ruleMove, "%s cannot reach %d,%d with a Movement Procedure", s.name(pup), p.X, p.Y)
		}
		s.enter(phaseMove)
		// The Whip's Movement Procedure is in its holder's Movement Phase
		// (TD-41): the holder has entered it, and a Ranged holder "may not
		// enter both the Movement and Combat Phase" (seed 004, "Attack
		// Modes"; TD-87).
		s.eng.whipped, s.eng.moved = true, true
		track := s.tracked(pup, -1)
		if track {
			s.trackMove(pup, -1, p, s.rating(pup, 0), ev) // the path, for trails
		}
		s.lift(pup)
		s.pieces[pup].facing = battlefield.Facing(arg(3))
		s.place(pup, p)
		s.event(ev, "whip", "%s cracks the Whip: %s moves", s.name(holder), s.name(pup))
		if track {
			s.moved(pup, -1, ev) // trails
		}
		s.afterMove(pup, ev)
	case actAttack, actShoot, actMelee:
		// The arguments are checked before they are narrowed to int8.
		for _, u := range [2]int{arg(0), arg(1)} {
			if u < 0 || u >= len(s.pieces) {
				return s.illegal(ruleCombat, "no unit u%d", u)
			}
		}
		if arg(2) < 0 || arg(2) > 3 {
			return s.illegal(ruleTypes, "no side %d", arg(2))
		}
		atk := attack{attacker: int8(arg(0)), target: int8(arg(1)), side: int8(arg(2)), kind: a.Kind - actAttack}
		if !s.trusted { // ApplyLegal: listed, so allowed
			if err := s.canAttack(atk); err != nil {
				return err
			}
		}
		s.declare(atk, ev)
	case actAbility:
		if arg(0) != i && arg(0) != q {
			return s.illegal(ruleEngage, "u%d is not the engaged unit", arg(0))
		}
		return s.useAb(arg(0), arg(1), arg(2), arg(3), ev)
	default:
		return s.illegal(ruleTurns, "%s is not possible now", actWords[a.Kind])
	}
	return nil
}

// FormatAction returns the text form of a.
func (s *State) FormatAction(a engine.Action) string {
	if a.Kind == 0 || a.Kind >= numActs {
		return fmt.Sprintf("?%d", a.Kind)
	}
	w := actWords[a.Kind]
	g := func(k int) int { return int(a.Arg[k]) }
	face := func(k int) string { return battlefield.Facing(a.Arg[k] & 3).String() }
	switch a.Kind {
	case actBuy, actStack:
		name := "?"
		if u := s.g.c.Unit(g(0)); u != nil {
			name = u.Name
		}
		return fmt.Sprintf("%s %d %s", w, g(0), name)
	case actBuyItem:
		name := "?"
		if g(1) >= 1 && g(1) <= len(s.g.c.Items) {
			name = s.g.c.Items[g(1)-1].Name
		}
		return fmt.Sprintf("item u%d %d %s", g(0), g(1), name)
	case actDeploy:
		return fmt.Sprintf("deploy u%d %d,%d %s", g(0), g(1), g(2), face(3))
	case actEngage:
		return fmt.Sprintf("engage u%d", g(0))
	case actTrade:
		return fmt.Sprintf("trade u%d u%d %s %s", g(0), g(1), pick(slotNames[:], g(2)), pick(tradeVerbs[:], g(3)))
	case actUse:
		return fmt.Sprintf("use u%d u%d", g(0), g(1))
	case actShift:
		return fmt.Sprintf("shift u%d %s", g(0), pick(typeCodes[:], g(1)))
	case actWhip:
		return fmt.Sprintf("whip u%d %d,%d %s", g(0), g(1), g(2), face(3))
	case actMove:
		if g(3) >= 0 {
			return fmt.Sprintf("move u%d %d,%d %s", g(3), g(0), g(1), face(2))
		}
		return fmt.Sprintf("move %d,%d %s", g(0), g(1), face(2))
	case actFace:
		return "face " + face(0)
	case actChargeTo:
		if g(1) > 0 {
			return fmt.Sprintf("charge %d,%d", g(0), g(1)-1)
		}
		return fmt.Sprintf("charge %d", g(0))
	case actOrient:
		halves := [2][2]string{{"north", "south"}, {"west", "east"}}
		return fmt.Sprintf("orient %s %s", pick([]string{"vertical", "horizontal"}, g(0)), halves[g(0)&1][g(1)&1])
	case actAttack, actShoot, actMelee:
		return fmt.Sprintf("%s u%d u%d %s", w, g(0), g(1), pick(sideNames[:], g(2)))
	case actLoot:
		return fmt.Sprintf("loot u%d u%d %s %s", g(0), g(1), pick(slotNames[:], g(2)), pick([]string{"keep", "deck"}, g(3)))
	case actChoose:
		return fmt.Sprintf("choose u%d", g(0))
	case actEquip:
		if g(0) < 0 {
			return "discard"
		}
		return fmt.Sprintf("equip u%d", g(0))
	case actRemove:
		return "remove " + pick(statusNames[:], g(0))
	case actAbility:
		t := "-"
		if g(2) >= 0 {
			t = fmt.Sprintf("u%d", g(2))
		}
		if g(3) != 0 {
			return fmt.Sprintf("ability u%d %s %s %d", g(0), s.g.abSlug(g(1)), t, g(3))
		}
		return fmt.Sprintf("ability u%d %s %s", g(0), s.g.abSlug(g(1)), t)
	case actReact:
		if g(2) != 0 {
			return fmt.Sprintf("react u%d %s %d", g(0), s.g.abSlug(g(1)), g(2))
		}
		return fmt.Sprintf("react u%d %s", g(0), s.g.abSlug(g(1)))
	}
	return w
}

func pick(names []string, i int) string {
	if i < 0 || i >= len(names) {
		return strconv.Itoa(i)
	}
	return names[i]
}

// ParseAction parses the text form of one of seat's actions.
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return engine.Action{}, fmt.Errorf("empty action")
	}
	p := parser{f: f[1:]}
	st := int(seat)
	var a engine.Action
	switch f[0] {
	case "auto":
		a = act(st, actAuto)
	case "done":
		a = act(st, actDone)
	case "buy", "stack":
		k := actBuy
		if f[0] == "stack" {
			k = actStack
		}
		a = act(st, k, p.num())
		p.f = nil // the unit's name may follow
	case "item":
		a = act(st, actBuyItem, p.piece(), p.num())
		p.f = nil
	case "deploy":
		pc := p.piece()
		x, y := p.point()
		a = act(st, actDeploy, pc, x, y, p.facing())
	case "engage":
		a = act(st, actEngage, p.piece())
	case "end":
		a = act(st, actEndTurn)
		p.f = nil
	case "disengage":
		a = act(st, actDisengage)
	case "trade":
		a = act(st, actTrade, p.piece(), p.piece(), p.word(slotNames[:]), p.word(tradeVerbs[:]))
	case "use":
		a = act(st, actUse, p.piece(), p.piece())
	case "shift":
		a = act(st, actShift, p.piece(), p.word([]string{"p", "m", "e"}))
	case "whip":
		pc := p.piece()
		x, y := p.point()
		a = act(st, actWhip, pc, x, y, p.facing())
	case "move":
		mover := -1
		if len(p.f) > 0 && strings.HasPrefix(p.f[0], "u") {
			mover = p.piece()
		}
		x, y := p.point()
		a = act(st, actMove, x, y, p.facing(), mover)
	case "face":
		a = act(st, actFace, p.facing())
	case "charge":
		switch {
		case len(p.f) == 0:
			a = act(st, actCharge)
		case strings.Contains(p.f[0], ","):
			x, y := p.point()
			a = act(st, actChargeTo, x, y+1)
		default:
			a = act(st, actChargeTo, p.num())
		}
	case "escape":
		a = act(st, actEscape)
	case "orient":
		o := p.word([]string{"vertical", "horizontal"})
		h := 0
		if len(p.f) > 0 {
			switch p.f[0] {
			case "south", "east":
				h = 1
			case "north", "west":
			default:
				p.err = fmt.Errorf("orient: half %q is not north, south, west or east", p.f[0])
			}
			p.f = p.f[1:]
		}
		a = act(st, actOrient, o, h)
	case "attack", "shoot", "melee":
		k := map[string]int{"attack": actAttack, "shoot": actShoot, "melee": actMelee}[f[0]]
		at, t := p.piece(), p.piece()
		side := 0
		if len(p.f) > 0 {
			side = p.word(sideNames[:])
		}
		a = act(st, k, at, t, side)
	case "loot":
		a = act(st, actLoot, p.piece(), p.piece(), p.word(slotNames[:]), p.word([]string{"keep", "deck"}))
	case "choose":
		a = act(st, actChoose, p.piece())
	case "equip":
		a = act(st, actEquip, p.piece())
	case "discard":
		a = act(st, actEquip, -1)
	case "remove":
		names := make([]string, NumStatuses)
		for i, n := range statusNames {
			names[i] = strings.ToLower(n)
		}
		a = act(st, actRemove, p.word(names))
	case "ability":
		h := p.piece()
		n := s.g.parseAb(&p)
		t := -1
		if len(p.f) > 0 && p.f[0] == "-" {
			p.f = p.f[1:]
		} else {
			t = p.piece()
		}
		x := 0
		if len(p.f) > 0 {
			x = p.num()
		}
		a = act(st, actAbility, h, n, t, x)
	case "react":
		h := p.piece()
		n := s.g.parseAb(&p)
		x := 0
		if len(p.f) > 0 {
			x = p.num()
		}
		a = act(st, actReact, h, n, x)
	case "pass":
		a = act(st, actPass)
	default:
		// An *engine.IllegalError, whose Why the terminal prints alone:
		// a short summary of what is legal now, not every action (the
		// 200-odd units on offer while an army is built).
		return engine.Action{}, &engine.IllegalError{Rule: s.stageRule(), Why: fmt.Sprintf("unknown action %q; legal now: %s", f[0], s.suchAs(seat))}
	}
	if p.err == nil && len(p.f) > 0 {
		p.err = fmt.Errorf("unexpected %q", strings.Join(p.f, " "))
	}
	if p.err != nil {
		return engine.Action{}, fmt.Errorf("%s: %w", f[0], p.err)
	}
	return a, nil
}

// parser reads the fields of an action's text.
type parser struct {
	f   []string
	err error
}

func (p *parser) next(what string) string {
	if p.err != nil {
		return ""
	}
	if len(p.f) == 0 {
		p.err = fmt.Errorf("missing %s", what)
		return ""
	}
	w := p.f[0]
	p.f = p.f[1:]
	return w
}

func (p *parser) num() int {
	w := p.next("number")
	if p.err != nil {
		return 0
	}
	n, err := strconv.Atoi(w)
	if err != nil || n < -1 || n > 9999 {
		p.err = fmt.Errorf("%q is not a number", w)
	}
	return n
}

func (p *parser) piece() int {
	w := p.next("unit (u0, u1, ...)")
	if p.err != nil {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimPrefix(w, "u"))
	if err != nil || !strings.HasPrefix(w, "u") || n < 0 || n > 9999 {
		p.err = fmt.Errorf("%q is not a unit: write u and its number, as u3", w)
	}
	return n
}

func (p *parser) point() (int, int) {
	w := p.next("grid space (x,y)")
	if p.err != nil {
		return 0, 0
	}
	xs, ys, ok := strings.Cut(w, ",")
	x, err1 := strconv.Atoi(xs)
	y, err2 := strconv.Atoi(ys)
	if !ok || err1 != nil || err2 != nil || x < 0 || y < 0 || x > battlefield.MaxSize || y > battlefield.MaxSize {
		p.err = fmt.Errorf("%q is not a grid space: write x,y", w)
	}
	return x, y
}

func (p *parser) facing() int {
	w := p.next("facing (N, E, S, W)")
	if p.err != nil {
		return 0
	}
	f, ok := battlefield.ParseFacing(w)
	if !ok {
		p.err = fmt.Errorf("%q is not a facing (N, E, S, W)", w)
	}
	return int(f)
}

func (p *parser) word(names []string) int {
	w := p.next(strings.Join(names, " or "))
	if p.err != nil {
		return 0
	}
	for i, n := range names {
		if strings.EqualFold(n, w) {
			return i
		}
	}
	p.err = fmt.Errorf("%q is not one of %s", w, strings.Join(names, ", "))
	return 0
}

// stageRule cites the part of the rules that says what may be done now.
func (s *State) stageRule() string {
	switch s.stage {
	case stageBuild:
		return ruleBuild
	case stageDeploy:
		return ruleDeploy
	}
	return ruleTurns
}

// suchAs sums up seat's legal actions by their first word, with an
// example of each: `buy (183, such as "buy 1 Soldier"), done`.
func (s *State) suchAs(seat engine.Seat) string {
	var words []string
	count := map[string]int{}
	example := map[string]string{}
	for _, a := range s.Legal(seat, nil) {
		text := s.FormatAction(a)
		w, _, _ := strings.Cut(text, " ")
		if count[w] == 0 {
			words = append(words, w)
			example[w] = text
		}
		count[w]++
	}
	if len(words) == 0 {
		return "nothing: it is not your turn to decide"
	}
	parts := make([]string, len(words))
	for i, w := range words {
		switch {
		case count[w] > 1:
			parts[i] = fmt.Sprintf("%s (%d, such as %q)", w, count[w], example[w])
		case example[w] != w:
			parts[i] = fmt.Sprintf("%q", example[w])
		default:
			parts[i] = w
		}
	}
	return strings.Join(parts, ", ")
}
