package tacticsdavid

import (
	"fmt"
	mbits "math/bits"
	"slices"
	"strconv"
	"strings"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// The abilities' machinery. Every ability is registered, by its number, in
// one of the ability files (ab_*.go) with what it does at each moment the
// rule book names: the hooks below. The rules call the hooks at those
// moments; an ability file never needs the rules to know its name.
//
// "In a situation where two Units Abilities conflict, resolve it in favour
// of the Defending Unit." (seed 004, "Ability") The defender's hooks run
// after the attacker's, so that the defender's word is the last (TD-151).

// numAbilities is the number of abilities of the Ability List.
const numAbilities = 202

// The three Specials (seed 004, "SPECIAL LIST"), numbered after the
// abilities for the tally.
const (
	spSwarm      = numAbilities + 1
	spRelentless = numAbilities + 2
	spHulking    = numAbilities + 3
	numFired     = numAbilities + 4
)

// abSet is a set of ability numbers.
type abSet [4]uint64

func (b *abSet) add(n int)        { b[n>>6] |= 1 << uint(n&63) }
func (b abSet) has(n int) bool    { return n > 0 && b[n>>6]&(1<<uint(n&63)) != 0 }
func (b abSet) and(c abSet) abSet { return abSet{b[0] & c[0], b[1] & c[1], b[2] & c[2], b[3] & c[3]} }
func (b abSet) empty() bool       { return b == abSet{} }

// fold is b's words or'ed together: ability n sets bit n%64. Two sets
// whose folds share no bit share no ability.
func (b abSet) fold() uint64 { return b[0] | b[1] | b[2] | b[3] }

// abilityHooks is what one ability does, moment by moment. A nil hook is a
// moment the ability has nothing to do with. holder is the unit that has
// the ability; the hooks check their own conditions (distance, side,
// rolls) and call fire when the ability acts.
type abilityHooks struct {
	// bout: the holder is the attacker or the defender of a bout, before
	// any die is rolled ("B:" and "D:" on the Attack, Defend and Duel
	// Procedures). It may change b's modifiers or cancel it.
	bout func(s *State, b *bout, holder int, ev *engine.Log)
	// aura: any bout, for every holder on the battlefield (auras by
	// distance: "Allied Units within 2 Grid Spaces ...").
	aura func(s *State, b *bout, holder int, ev *engine.Log)
	// after: after a bout the holder took part in ("A:" on the Attack,
	// Defend and Duel Procedures).
	after func(s *State, b *bout, holder int, ev *engine.Log)
	// engage: a unit is engaged, after its statuses' rolls; holder may be
	// the engaged unit or any other ("A: Unit Engagement", "upon their
	// Unit Engagement").
	engage func(s *State, holder, engaged int, ev *engine.Log)
	// disengage: a unit is disengaged ("until Disengaged").
	disengage func(s *State, holder, unit int, ev *engine.Log)
	// dead: victim acquired the Dead Status (s.cause says who or what
	// caused it); holder may be the victim, the killer or any other ("A:
	// Acquiring Dead Status").
	dead func(s *State, holder, victim int, ev *engine.Log)
	// refuse: target is about to acquire status st (s.cause says how);
	// false keeps it from acquiring it ("may never acquire").
	refuse func(s *State, holder, target, st int, ev *engine.Log) bool
	// endTurn: the end of either player's turn ("at the End of either
	// Player's Turn").
	endTurn func(s *State, holder int, ev *engine.Log)
	// turnStart: the start of a player's turn.
	turnStart func(s *State, holder int, ev *engine.Log)
	// moved: mover performed a Movement Procedure or a Charge Procedure
	// (charge) of dist grid spaces (Dungball, Steamroller).
	moved func(s *State, holder, mover, dist int, charge bool, ev *engine.Log)
	// aim: whether holder lets shooter target target with a Ranged Attack
	// whatever its Range Rating (Alerted); it changes nothing.
	aim func(s *State, holder, shooter, target int) bool
	// shot: a Ranged Hit Procedure, at each stage of it (sh.stage).
	shot func(s *State, holder int, sh *shot, ev *engine.Log)
	// first: the holder is the defender of a bout, before the attacker's
	// bout hooks: "B: Defend Pro." abilities that may stop the attack or
	// its attacker act first ("resolve it in favour of the Defending
	// Unit"). They may cancel b.
	first func(s *State, b *bout, holder int, ev *engine.Log)
	// ban: whether the holder's ability forbids attack a to strike the
	// holder ("may not be Attacked by"): the declaration is illegal, and
	// an area attack passes the holder by. No roll, no event: the rules
	// name the ability.
	ban func(s *State, holder int, a attack) bool
	// preEngage: a unit is being engaged, before its statuses act ("upon
	// their Unit Engagement" abilities that must come before Petrified's
	// roll; a Dead unit that may be engaged).
	preEngage func(s *State, holder, engaged int, ev *engine.Log)
	// revive: victim has just acquired the Dead Status; the holder's
	// ability may undo it at once (Deus Ex Machina, Downgrade). The dead
	// hooks run only if the victim is still Dead.
	revive func(s *State, holder, victim int, ev *engine.Log)
	// corpse: after the dead hooks, what becomes of the corpse (Soul Reap
	// removes it, Infect replaces it), so that the victim's own "A:
	// Acquiring Dead Status" abilities act first.
	corpse func(s *State, holder, victim int, ev *engine.Log)
	// lock: units a and b are about to be Locked in Combat ("B: Combat
	// Lock"). If either is then no longer alive, no lock forms.
	lock func(s *State, holder, a, b int, ev *engine.Log)
	// escape: the holder performs an Escape Procedure (b.a.attacker) or
	// is the unit it escapes from (b.d), before any die is rolled ("B:"
	// and "D: Escape Pro."). b.win = 1: the escaping unit wins without
	// the duel.
	escape func(s *State, b *bout, holder int, ev *engine.Log)
}

// hooks holds every ability's hooks, by ability number; the ability files
// fill it in their init functions.
var hooks [numFired]abilityHooks

// hookMasks are the abilities that have each hook, so that the rules skip
// a moment no ability on the battlefield cares about.
type hookMasks struct {
	bout, aura, after, engage, disengage, dead, refuse, endTurn, turnStart abSet
	first, ban, preEngage, revive, corpse, lock                            abSet
	escape                                                                 abSet
	active, react                                                          abSet
	moved, aim, shot                                                       abSet
	// held are the masks holders runs, by hook kind, and anyHeld all of
	// them.
	held    [numHookKinds]abSet
	anyHeld abSet
}

// hookKind names a hook holders runs: refreshPresent keeps, for each, the
// pieces with an ability that has it (State.hookers).
type hookKind uint8

const (
	hkAura hookKind = iota
	hkEngage
	hkDisengage
	hkRevive
	hkDead
	hkCorpse
	hkRefuse
	hkPreEngage
	hkEndTurn
	hkTurnStart
	hkMoved
	hkAim
	hkShot
	numHookKinds
)

func (g *Game) buildHookMasks() {
	m := &g.masks
	for n := 1; n < numFired; n++ {
		h := &hooks[n]
		set := func(b *abSet, ok bool) {
			if ok {
				b.add(n)
			}
		}
		set(&m.bout, h.bout != nil)
		set(&m.aura, h.aura != nil)
		set(&m.after, h.after != nil)
		set(&m.engage, h.engage != nil)
		set(&m.disengage, h.disengage != nil)
		set(&m.dead, h.dead != nil)
		set(&m.refuse, h.refuse != nil)
		set(&m.endTurn, h.endTurn != nil)
		set(&m.turnStart, h.turnStart != nil)
		set(&m.moved, h.moved != nil)
		set(&m.aim, h.aim != nil)
		set(&m.shot, h.shot != nil)
		set(&m.first, h.first != nil)
		set(&m.ban, h.ban != nil)
		set(&m.preEngage, h.preEngage != nil)
		set(&m.revive, h.revive != nil)
		set(&m.corpse, h.corpse != nil)
		set(&m.lock, h.lock != nil)
		set(&m.escape, h.escape != nil)
	}
	m.held = [numHookKinds]abSet{hkAura: m.aura, hkEngage: m.engage, hkDisengage: m.disengage, hkRevive: m.revive,
		hkDead: m.dead, hkCorpse: m.corpse, hkRefuse: m.refuse, hkPreEngage: m.preEngage, hkEndTurn: m.endTurn,
		hkTurnStart: m.turnStart, hkMoved: m.moved, hkAim: m.aim, hkShot: m.shot}
	for _, h := range m.held {
		for k := range h {
			m.anyHeld[k] |= h[k]
		}
	}
	for n := 1; n <= numAbilities; n++ {
		if a := actives[n]; a != nil {
			g.masks.active.add(n)
		}
		if reactions[n] != nil {
			g.masks.react.add(n)
		}
	}
}

// Moments at which a player uses an ability as an action.
const (
	useAttack = iota + 1 // "R: Attack Pro.": instead of an attack, in the Combat Phase
	useCombat            // "D: Combat Pha.": once in the Combat Phase, besides attacking
	useEngage            // "A: Unit Engagement": right after the engagement, before any phase
	useMove              // in the Movement Phase, as a procedure of it
)

// activeAbility is an ability a player uses by choice: "This Unit may
// target ...". The targets function adds each legal (target, extra) pair
// to c: target is a piece or -1, extra a choice the ability defines (a
// status, a second target + 1, a grid space + 1...). Apply is called only
// with a listed pair.
type activeAbility struct {
	use     uint8
	targets func(s *State, holder int, c *choices)
	apply   func(s *State, holder, target, extra int, ev *engine.Log)
	// why names the ability's condition for an error: what a legal use is.
	why string
	// attack: the ability is made as one of the unit's own attacks (the
	// Breaths, TD-92): its targets are the attacks legalAttacks lists, so
	// canAttack holds the Attack Modes and the Combat Lock for it, and a
	// Ranged Unit that moved may still make it as a Ranged Melee
	// Procedure.
	attack bool
	// strikes: the ability performs an Attack Procedure of the holder
	// besides its attack (the Voodoo Doll, "D: Combat Pha."): the Combat
	// Lock binds it as it binds every attack of the holder's turn.
	strikes bool
	// on, if set, calls f for each unit the ability used on (target,
	// extra) acts on, until f returns false; without it the ability acts
	// on its target. The Combat Lock asks whether it acts on the lock's
	// other unit.
	on func(s *State, holder, target, extra int, f func(u int) bool)
}

// actives holds the abilities used as actions, by number.
var actives [numAbilities + 1]*activeAbility

// Windows in which a reaction is offered to a player who is not the
// Attacking Player, or who is but is not acting now.
const (
	winDefend  = iota + 1 // an attack is declared on the holder, or in its reach; before the Defend Procedure
	winMoveEnd            // an enemy unit ended its Movement Phase
	winTurn               // the Attacking Player's turn begins (Hired Hit)
	winEngage             // a unit was engaged: its player chooses (Doing Science)
)

// reaction is an ability its player may use in another player's
// procedure: a decision point for that player, who may also pass. options
// lists the extra values the player may choose (the answer is "react u3
// sword-dance N"); apply performs the chosen one.
type reaction struct {
	window  uint8
	offer   func(s *State, holder int, c *choices) // the choices now (target -1), none if the reaction does not apply
	apply   func(s *State, holder, extra int, ev *engine.Log)
	why     string
	pledged bool // the choice takes effect later (Guard): apply records it
	must    bool // the player may not pass (Hired Hit: "they must declare")
	// engaged: the Attacking Player answers, whose unit is engaged
	// ("Units ... upon their Unit Engagement may": Doing Science), not the
	// holder's player.
	engaged bool
}

// reactions holds the abilities used as reactions, by number.
var reactions [numAbilities + 1]*reaction

// choices collects the (target, extra) pairs an ability offers.
type choices struct {
	list [][2]int16
}

// add offers target (a piece, or -1) with extra.
func (c *choices) add(target, extra int) {
	c.list = append(c.list, [2]int16{int16(target), int16(extra)})
}

// has reports whether (target, extra) is offered.
func (c *choices) has(target, extra int) bool {
	for _, p := range c.list {
		if int(p[0]) == target && int(p[1]) == extra {
			return true
		}
	}
	return false
}

// choicesOf returns the scratch choices, emptied.
func (s *State) choicesOf() *choices {
	c := &s.scr().choices
	c.list = c.list[:0]
	return c
}

// window is one reaction offered: the holder and the ability.
type window struct {
	holder int8
	ab     int16
}

// pieceAb is what abilities remember about a piece.
type pieceAb struct {
	learned  int16 // an ability learned until the end of the turn (Learn)
	shape    int16 // its own profile + 1 while it acts as another unit (Nature Shape), or 0
	off      uint8 // abOff bits: why its abilities do not work
	str      int8  // + to its Base Strength Ratings until Disengaged
	front    int8  // + to its Front Base Strength Rating until Disengaged
	move     int8  // + to its Movement Rating until Disengaged
	moveTurn int8  // + to its Movement Rating this turn
	count    int8  // counters (Hatch)
	owner0   int8  // the owner before a change of control + 1, or 0 (Possess)
	aim      int8  // the unit + 1 its ability acts on once its player has chosen how (Hex), or 0
	flags    uint16
	doom     int8   // the Divine Justice unit + 1 whose death dooms this one at its Disengagement, or 0
	due      uint8  // dueB bits: pledges, marks and uses of group B's abilities (ab_dead.go)
	rng      int8   // + to its Range Rating this turn (Holy Guidance)
	rmod     int8   // + to its Range Modifier this turn (Holy Guidance)
	turn     uint8  // turnBits: what abilities did to it this turn
	guided   int8   // the unit it may not attack this turn + 1 (False Guide)
	soothed  uint32 // the statuses it ignores this turn (Soothe), set aside
}

// Reasons a piece's abilities do not work.
const (
	offBlight = 1 << iota // Ghoul Blight: "disabled until it is Engaged by the opposing Player"
	offCursed             // stacked by Curse: "may not use any Unit Abilities"
)

func (a *pieceAb) append(b []byte) []byte {
	return append(b, byte(a.learned), byte(a.learned>>8), byte(a.shape), byte(a.shape>>8), a.off, byte(a.str),
		byte(a.front), byte(a.move), byte(a.moveTurn), byte(a.count), byte(a.owner0), byte(a.aim), byte(a.flags), byte(a.flags>>8),
		byte(a.doom), a.due,
		byte(a.rng), byte(a.rmod), a.turn, byte(a.guided), byte(a.soothed), byte(a.soothed>>8), byte(a.soothed>>16), byte(a.soothed>>24))
}

// cause is what is changing a unit's statuses now: the unit and ability
// behind it (ab 0: an attack), and an attack's type. Oblivious,
// Indestructable and Just Mud ask.
type cause struct {
	by     int8 // the piece, or -1 (a terrain, a status)
	ab     int16
	attack bool
	atype  uint8
}

var noCause = cause{by: -1}

// tally counts how often each ability and special acted in a match; clones
// do not count (search would count imagined games).
type tally [numFired]uint32

// hasAb reports whether ability n works for piece i now: the piece has it
// (from its units, or learned), it is not switched off, and
// "All (Not with Dead Status)" abilities need the piece alive.
func (s *State) hasAb(i, n int) bool {
	if !s.present.has(n) {
		return false // not on the battlefield (or abilities=off)
	}
	p := &s.pieces[i]
	if p.flags&fRemoved != 0 || p.ab.off != 0 {
		return false
	}
	if !s.info[p.prof].abil.has(n) && int(p.ab.learned) != n && int(s.info[p.prof].special) != n {
		return false
	}
	if s.g.notDead[n] && p.has(Dead) {
		return false
	}
	return true
}

// abilities appends the abilities piece i has now (whether or not they
// work) to buf, and its special (numbered after the abilities).
func (s *State) abilities(i int, buf []int) []int {
	p := &s.pieces[i]
	for _, n := range s.profs[p.prof].Abilities {
		buf = append(buf, n)
	}
	if p.ab.learned > 0 {
		buf = append(buf, int(p.ab.learned))
	}
	if sp := s.info[p.prof].special; sp != 0 {
		buf = append(buf, int(sp))
	}
	return buf
}

// refreshPresent recomputes the set of abilities on the battlefield, after
// pieces are placed, created, replaced or change their abilities, and the
// holders of each hook kind.
func (s *State) refreshPresent() {
	var set abSet
	s.hookers = [numHookKinds]uint64{}
	if s.conf.noAb {
		s.present = set
		return
	}
	for i := range s.pieces {
		p := &s.pieces[i]
		own := s.info[p.prof].abil
		if sp := s.info[p.prof].special; sp != 0 {
			own.add(int(sp))
		}
		if p.ab.learned > 0 {
			own.add(int(p.ab.learned))
		}
		for k := range set {
			set[k] |= own[k]
		}
		if i >= 64 {
			continue // holders asks these pieces themselves
		}
		if p.ab.shape != 0 {
			// Its own profile, which it takes back on its next engagement
			// (and stackUnder before it asks again): a holder of more is
			// only asked in vain.
			sh := s.info[p.ab.shape-1].abil
			if sp := s.info[p.ab.shape-1].special; sp != 0 {
				sh.add(int(sp))
			}
			for k := range own {
				own[k] |= sh[k]
			}
		}
		if own.and(s.g.masks.anyHeld).empty() {
			continue
		}
		for k := range s.hookers {
			if !own.and(s.g.masks.held[k]).empty() {
				s.hookers[k] |= 1 << uint(i)
			}
		}
	}
	s.present = set
}

// fire records that piece i's ability (or special) n acts, and tells the
// players what it does.
func (s *State) fire(i, n int, ev *engine.Log, format string, args ...any) {
	if s.tally != nil {
		s.tally[n]++
	}
	if ev == nil {
		return // no one reads the event (a playout)
	}
	// The text is made only when the event is recorded (fired).
	f := &s.scr().fired
	if len(args) > len(f.args) {
		panic("tacticsdavid: fire takes at most maxFireArgs arguments")
	}
	f.s, f.i, f.n, f.format = s, i, n, format
	f.nargs = copy(f.args[:], args)
	s.event(ev, "ability", "%v", f)
}

// abName is ability or special n's name.
func (g *Game) abName(n int) string { return g.abLabel(n).Name }

// abRule is the citation of ability n, for errors.
func (g *Game) abRule(n int) string {
	return "Tactics David rules, Ability List, " + g.abName(n)
}

// abSlug is the word for ability n in action text: "raise-dead".
func abSlug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case r == '\'' || r == '"' || r == '!' || r == '?':
		default:
			dash = true
		}
	}
	return b.String()
}

// Counts reports how often each ability and special acted in this match
// (engine.Counter).
func (s *State) Counts(add func(name string, n int)) {
	if s.tally == nil {
		return
	}
	for n := 1; n < numFired; n++ {
		if s.tally[n] > 0 {
			add(s.g.abName(n), int(s.tally[n]))
		}
	}
}

// holders calls f for every piece on the battlefield that has an ability
// with hook k, with the ability. It stops early when f returns false.
func (s *State) holders(k hookKind, f func(holder, n int) bool) {
	n := len(s.pieces)
	if s.hookers[k] == 0 && n <= 64 {
		return // no holder
	}
	m := s.g.masks.held[k].and(s.present)
	if m.empty() {
		return
	}
	mf := m.fold()
	for i := 0; i < n; i++ {
		if i < 64 {
			// The next holder, asked again each time: f may change who
			// holds what (refreshPresent).
			c := s.hookers[k] >> uint(i)
			if c == 0 {
				i = 63
				continue
			}
			if i += mbits.TrailingZeros64(c); i >= n {
				return
			}
		}
		p := &s.pieces[i]
		if p.flags&fRemoved != 0 {
			continue
		}
		if i >= 64 && s.info[p.prof].fold&mf == 0 && (p.ab.learned <= 0 || !m.has(int(p.ab.learned))) {
			continue // none of mask: the list below would find none
		}
		// s.abilities(i), as they are before f is called.
		list, learned, special := s.profs[p.prof].Abilities, int(p.ab.learned), int(s.info[p.prof].special)
		for _, n := range list {
			if m.has(n) && s.hasAb(i, n) && !f(i, n) {
				return
			}
		}
		if learned > 0 && m.has(learned) && s.hasAb(i, learned) && !f(i, learned) {
			return
		}
		if special != 0 && m.has(special) && s.hasAb(i, special) && !f(i, special) {
			return
		}
	}
}

// within reports whether pieces i and j are within d grid spaces.
func (s *State) within(i, j, d int) bool {
	return battlefield.Distance(s.pt(i), s.pt(j)) <= d
}

// allies reports whether pieces i and j are on the same side.
func (s *State) allies(i, j int) bool { return s.pieces[i].owner == s.pieces[j].owner }

// inflict gives target the status st, caused by holder's ability n (s.cause
// is set for the refusals). It reports whether the status was acquired.
func (s *State) inflict(holder, n, target, st int, ev *engine.Log) bool {
	old := s.cause
	s.cause = cause{by: int8(holder), ab: int16(n)}
	ok := s.acquire(target, st, ev)
	if ok && st == Dead {
		s.kill(holder, target, ev)
	}
	s.cause = old
	return ok
}

// Dispatch: the rules call these at the moments the hooks name.

func (s *State) boutHooks(b *bout, ev *engine.Log) {
	if b.escape {
		return // "neither Unit may use Abilities or Specials" (Tactics David rules, "Escape Procedure")
	}
	// An ability that forbids the attack ("may not be Attacked"): an area
	// attack passes the unit by.
	if h, n := s.banned(b.a, b.d); n != 0 {
		b.cancel = true
		s.fire(h, n, ev, "%s may not attack it", s.name(int(b.a.attacker)))
		return
	}
	// The defender's abilities that may stop the attack act first.
	s.ownHooks(s.g.masks.first, b.d, func(n int) {
		if !b.cancel && s.alive(b.d) && s.acts(int(b.a.attacker)) {
			hooks[n].first(s, b, b.d, ev)
		}
	})
	if b.cancel || s.over || !s.alive(b.d) || !s.acts(int(b.a.attacker)) {
		return
	}
	// The attacker's own abilities, then the defender's: the defender's word is last.
	for _, who := range [2]int{int(b.a.attacker), b.d} {
		s.ownHooks(s.g.masks.bout, who, func(n int) { hooks[n].bout(s, b, who, ev) })
	}
	s.holders(hkAura, func(h, n int) bool {
		hooks[n].aura(s, b, h, ev)
		return true
	})
}

// escapeHooks runs the "B:" and "D: Escape Pro." abilities of the escaping
// unit, then of the unit it escapes from: the Escape Procedure forbids the
// abilities of the Attack and Defend Procedures, not its own (TD-140).
func (s *State) escapeHooks(b *bout, ev *engine.Log) {
	for _, who := range [2]int{int(b.a.attacker), b.d} {
		s.ownHooks(s.g.masks.escape, who, func(n int) { hooks[n].escape(s, b, who, ev) })
		if b.d == int(b.a.attacker) {
			break
		}
	}
}

func (s *State) afterHooks(b *bout, ev *engine.Log) {
	if b.escape {
		return
	}
	for _, who := range [2]int{int(b.a.attacker), b.d} {
		s.ownHooks(s.g.masks.after, who, func(n int) { hooks[n].after(s, b, who, ev) })
	}
}

// ownHooks calls f for each of piece i's working abilities in mask.
func (s *State) ownHooks(mask abSet, i int, f func(n int)) {
	if mask.and(s.present).empty() {
		return
	}
	var buf [6]int
	for _, n := range s.abilities(i, buf[:0]) {
		if mask.has(n) && s.hasAb(i, n) {
			f(n)
		}
	}
}

// engageStart runs, for piece i being engaged (before its statuses' rolls),
// what ends or begins at any engagement of a unit whatever abilities are
// on the battlefield: a Nature Shape ends, a Ghoul Blight lifts, a summoned
// unit counts as having moved (ab_control.go).
func (s *State) engageStart(i int, ev *engine.Log) {
	if a := &s.pieces[i].ab; a.shape != 0 || a.off&offBlight != 0 || a.turn&turnSummoned != 0 {
		s.abEngageStart(i, ev)
	}
}

func (s *State) engageHooks(i int, ev *engine.Log) {
	s.holders(hkEngage, func(h, n int) bool {
		hooks[n].engage(s, h, i, ev)
		return !s.over
	})
}

func (s *State) disengageHooks(i int, ev *engine.Log) {
	s.dueAtDisengage(i, ev) // Divine Justice, Petrifying Peck; pledges lapse
	s.holders(hkDisengage, func(h, n int) bool {
		hooks[n].disengage(s, h, i, ev)
		return !s.over
	})
}

func (s *State) deadHooks(victim int, ev *engine.Log) {
	// First what may undo the death (Deus Ex Machina, Downgrade), then
	// what answers it, then what becomes of the corpse (Soul Reap,
	// Infect): the victim's own abilities act before it is removed.
	s.holders(hkRevive, func(h, n int) bool {
		hooks[n].revive(s, h, victim, ev)
		return !s.over && s.pieces[victim].has(Dead)
	})
	if !s.pieces[victim].has(Dead) {
		return
	}
	s.holders(hkDead, func(h, n int) bool {
		hooks[n].dead(s, h, victim, ev)
		return !s.over
	})
	// The victim's own "A: Acquiring Dead Status" abilities work although
	// it has the Dead Status now.
	s.holders(hkCorpse, func(h, n int) bool {
		if s.onField(victim) && s.pieces[victim].has(Dead) {
			hooks[n].corpse(s, h, victim, ev)
		}
		return !s.over
	})
}

// refused reports whether an ability keeps piece i from acquiring st now.
// The unit's own abilities answer first ("may never acquire"), then the
// others' (Guard, Unwavering's allies), so that no one spends itself on a
// unit that was immune anyway.
func (s *State) refused(i, st int, ev *engine.Log) bool {
	if s.g.masks.refuse.and(s.present).empty() {
		return false
	}
	no := false
	s.ownHooks(s.g.masks.refuse, i, func(n int) {
		if !no && hooks[n].refuse(s, i, i, st, ev) {
			no = true
		}
	})
	if no {
		return true
	}
	s.holders(hkRefuse, func(h, n int) bool {
		if h != i && hooks[n].refuse(s, h, i, st, ev) {
			no = true
			return false
		}
		return true
	})
	return no
}

// banned returns the unit and ability that forbid attack a to strike
// defender d, or n 0.
func (s *State) banned(a attack, d int) (h, n int) {
	if s.g.masks.ban.and(s.present).empty() {
		return 0, 0 // no ban on the battlefield
	}
	s.ownHooks(s.g.masks.ban, d, func(k int) {
		if n == 0 && hooks[k].ban(s, d, a) {
			h, n = d, k
		}
	})
	return h, n
}

// preEngageHooks runs the abilities that act as unit i is engaged, before
// its statuses.
func (s *State) preEngageHooks(i int, ev *engine.Log) {
	s.holders(hkPreEngage, func(h, n int) bool {
		hooks[n].preEngage(s, h, i, ev)
		return !s.over
	})
}

// lockHooks runs the abilities of units a and b, about to be Locked in
// Combat.
func (s *State) lockHooks(a, b int, ev *engine.Log) {
	for _, who := range [2]int{a, b} {
		s.ownHooks(s.g.masks.lock, who, func(n int) {
			if s.alive(a) && s.alive(b) {
				hooks[n].lock(s, who, a, b, ev)
			}
		})
	}
}

func (s *State) endTurnHooks(ev *engine.Log) {
	s.holders(hkEndTurn, func(h, n int) bool {
		hooks[n].endTurn(s, h, ev)
		return !s.over
	})
	s.abTurnEnd(ev) // what lasted "this Turn" ends (ab_control.go)
}

func (s *State) turnStartHooks(ev *engine.Log) {
	s.holders(hkTurnStart, func(h, n int) bool {
		hooks[n].turnStart(s, h, ev)
		return !s.over
	})
}

// movedHooks: piece i performed a Movement or Charge Procedure of dist
// grid spaces.
func (s *State) movedHooks(i, dist int, charge bool, ev *engine.Log) {
	s.holders(hkMoved, func(h, n int) bool {
		hooks[n].moved(s, h, i, dist, charge, ev)
		return !s.over
	})
}

// aimed reports whether an ability lets shooter target target with a
// Ranged Attack whatever its Range Rating.
func (s *State) aimed(shooter, target int) bool {
	ok := false
	s.holders(hkAim, func(h, n int) bool {
		ok = hooks[n].aim(s, h, shooter, target)
		return !ok
	})
	return ok
}

// shot is a Ranged Hit Procedure under way, for the shot hooks.
type shot struct {
	shooter, target int
	stage           uint8 // shotRolled, shotMissed or shotHit
	dice            int   // the 2 D6 rolled (shotRolled), no modifiers
	add             int   // what abilities add to the roll (Perfect Shot)
	tries           int   // Ranged Hit Procedures performed again (Target Practice)
	again           bool  // shotMissed: perform the Ranged Hit Procedure again
	negated         bool  // shotHit: the Ranged Attack is negated (Impenetrable)
}

// Stages of a Ranged Hit Procedure.
const (
	shotRolled = iota + 1 // the 2 D6 are rolled
	shotMissed            // the procedure missed (after Lucky)
	shotHit               // it hit
)

// shotHooks calls the shot hooks at sh's stage.
func (s *State) shotHooks(sh *shot, ev *engine.Log) {
	s.holders(hkShot, func(h, n int) bool {
		hooks[n].shot(s, h, sh, ev)
		return !s.over
	})
}

// Abilities used as actions.

// legalActives lists the abilities engaged piece i may use now.
func (s *State) legalActives(seat, i int, buf []engine.Action) []engine.Action {
	if s.g.masks.active.and(s.present).empty() {
		return buf
	}
	var abuf [6]int
	abs := s.abilities(i, abuf[:0])
	for k, n := range abs {
		if n > numAbilities {
			continue // a special
		}
		if slices.Contains(abs[:k], n) {
			// A stack has "the Abilities of each unit" (TD-20), so a stack
			// of like units names an ability once per unit; but the action
			// names the ability, which is used once an engagement: list it
			// once.
			continue
		}
		a := actives[n]
		if a == nil || !s.hasAb(i, n) || s.canUseAb(i, n) != nil {
			continue
		}
		c := s.choicesOf()
		a.targets(s, i, c)
		for _, p := range c.list {
			if s.lockBinds(i, n, a, int(p[0]), int(p[1])) == nil {
				buf = append(buf, act(seat, actAbility, i, n, int(p[0]), int(p[1])))
			}
		}
	}
	return buf
}

// canUseAb checks the moment of engaged piece i's active ability n. Every
// ability used as an action passes here, and every one used in the Combat
// Phase ("R: Attack Pro.", "D: Combat Pha.", TD-87) meets here the
// conditions of entering the Combat Phase: no ability holds them itself.
func (s *State) canUseAb(i, n int) error {
	a := actives[n]
	k := s.member(i)
	if k < 0 {
		return s.illegal(ruleEngage, "%s is not engaged", s.name(i))
	}
	if !s.hasAb(i, n) {
		return s.illegal(s.g.abRule(n), "%s does not have the %s ability now", s.name(i), s.g.abName(n))
	}
	if s.eng.abUsed[k].has(n) {
		return s.illegal(s.g.abRule(n), "%s has used %s this engagement", s.name(i), s.g.abName(n))
	}
	switch a.use {
	case useAttack, useCombat:
		if s.eng.noCombat || s.eng.escaped || s.eng.phase > phaseCombat || s.eng.petrified {
			return s.illegal(ruleCombat, "%s may not enter the Combat Phase now", s.name(i))
		}
		// "Ranged Units may not enter both the Movement and Combat Phase in
		// the same Turn unless they wish to perform a Ranged Melee
		// Procedure instead of a Ranged Hit Procedure" (seed 004, "Attack
		// Modes"; TD-87). A Breath is an attack, and canAttack lets it be
		// a Ranged Melee Procedure (TD-92).
		if s.eng.moved && s.info[s.pieces[i].prof].ranged && !a.attack {
			return s.illegal(ruleModes+"; ruling TD-87", "%s is a Ranged Unit that entered the Movement Phase: \"Ranged Units may not enter both the Movement and Combat Phase in the same Turn unless they wish to perform a Ranged Melee Procedure\"", s.name(i))
		}
		if a.use == useAttack && s.eng.attacked[k] {
			return s.illegal(s.g.abRule(n), "the ability replaces the Attack Procedure, and %s has attacked", s.name(i))
		}
		if err := s.owedFirst(i, k, a); err != nil {
			return err
		}
	case useEngage:
		if s.eng.phase != phaseNone {
			return s.illegal(s.g.abRule(n), "the ability acts right after the Unit Engagement, before any phase")
		}
	case useMove:
		if err := s.inPhase(phaseMove); err != nil {
			return err
		}
	}
	return nil
}

// bound reports whether ability a is one of its holder's attacks: one that
// replaces the Attack Procedure ("R: Attack Pro.", TD-87) or performs one
// (the Voodoo Doll).
func (a *activeAbility) bound() bool { return a.use == useAttack || a.strikes }

// actsOn reports whether ability a, used by h on (t, x), acts on unit u.
func (a *activeAbility) actsOn(s *State, h, t, x, u int) bool {
	if a.on == nil {
		return t == u
	}
	found := false
	a.on(s, h, t, x, func(v int) bool {
		found = v == u
		return !found
	})
	return found
}

// owedFirst checks, before any target is named, the attacks engaged piece
// i (member k) owes (TD-157): an Enraged unit that can attack "must attack
// the Unit with either an Attack Procedure or a Ranged Melee Procedure"
// (seed 004, "Enraged"), so an ability in place of its Attack Procedure
// that is no attack is refused; a unit Locked in Combat that has neither
// attacked the other unit nor tried to escape may not enter the Combat
// Phase by an ability if it could not attack there, while it may still
// escape: it "must either attack the other Unit in the Combat Lock or
// attempt to escape" (seed 004, "Combat Lock").
func (s *State) owedFirst(i, k int, a *activeAbility) error {
	p := &s.pieces[i]
	if a.use == useAttack && !a.attack && p.has(Enraged) && !s.eng.attacked[k] && s.canAttackAny(i, k) {
		return s.illegal(ruleStatuses+", Enraged; ruling TD-157", "%s is Enraged: it \"must attack the Unit with either an Attack Procedure or a Ranged Melee Procedure\", not use an ability in its place", s.name(i))
	}
	if s.lockOwed(i) && !a.bound() && !s.canAttackAny(i, k) && s.canEscape(i) == nil {
		return s.illegal(ruleLock+"; ruling TD-157", "%s is Locked in Combat and cannot attack the other unit: it \"must ... attempt to escape the Combat Lock\" before anything else", s.name(i))
	}
	return nil
}

// lockBinds checks that ability a, used by piece i on (t, x), keeps the
// Combat Lock: "A Unit remaining in Combat Lock before the end of a
// Player's turn must either attack the other Unit in the Combat Lock or
// attempt to escape" (seed 004, "Combat Lock"). Every attack of its turn
// is owed to the lock: an ability that is one of its attacks (bound) must
// act on the other unit (TD-157); a Shed skin is no unit, and no ability
// acts on it (TD-139).
func (s *State) lockBinds(i, n int, a *activeAbility, t, x int) error {
	o := int(s.pieces[i].lock)
	if o < 0 || !a.bound() || a.attack {
		return nil // a Breath is held by canAttack
	}
	if o == i || !a.actsOn(s, i, t, x, o) {
		return s.illegal(ruleLock+"; ruling TD-157", "%s is Locked in Combat: %s is one of its attacks, and it \"must either attack the other Unit in the Combat Lock or attempt to escape\"", s.name(i), s.g.abName(n))
	}
	return nil
}

// useAb checks and plays "ability uH NAME uT X".
func (s *State) useAb(i, n, t, x int, ev *engine.Log) error {
	if n < 1 || n > numAbilities || actives[n] == nil {
		return s.illegal("Tactics David rules, Ability List", "no ability numbered %d is used as an action", n)
	}
	if err := s.canUseAb(i, n); err != nil {
		return err
	}
	a := actives[n]
	c := s.choicesOf()
	a.targets(s, i, c)
	if !c.has(t, x) {
		return s.illegal(s.g.abRule(n), "%s", a.why)
	}
	if err := s.lockBinds(i, n, a, t, x); err != nil {
		return err
	}
	k := s.member(i)
	s.eng.abUsed[k].add(n)
	switch a.use {
	case useAttack:
		s.enter(phaseCombat)
		s.eng.attacked[k] = true
	case useCombat:
		s.enter(phaseCombat)
	case useMove:
		s.enter(phaseMove)
	}
	if s.pieces[i].lock >= 0 && a.bound() && !a.attack {
		s.pieces[i].flags |= fLockActed // its attack on the other unit of the lock
	}
	a.apply(s, i, t, x, ev)
	return nil
}

// Reactions.

// openWindows queues the reactions of window kind w that units may answer
// now, asking each holder (filter may narrow them), and offers the first.
// It reports whether a window is open.
func (s *State) openWindows(w uint8, filter func(holder int) bool) bool {
	if s.g.masks.react.and(s.present).empty() {
		return false
	}
	var buf [6]int
	for i := range s.pieces {
		if s.pieces[i].flags&fRemoved != 0 || (filter != nil && !filter(i)) {
			continue
		}
		for _, n := range s.abilities(i, buf[:0]) {
			if n > numAbilities {
				continue // a special
			}
			r := reactions[n]
			if r == nil || r.window != w || !s.hasAb(i, n) {
				continue
			}
			c := s.choicesOf()
			r.offer(s, i, c)
			if len(c.list) > 0 {
				s.windows = append(s.windows, window{holder: int8(i), ab: int16(n)})
			}
		}
	}
	return s.nextWindow()
}

// nextWindow offers the first queued reaction that still applies.
func (s *State) nextWindow() bool {
	for len(s.windows) > 0 {
		w := s.windows[0]
		c := s.choicesOf()
		if s.alive(int(w.holder)) || !s.g.notDead[w.ab] {
			reactions[w.ab].offer(s, int(w.holder), c)
		}
		if len(c.list) > 0 {
			seat := s.pieces[w.holder].owner
			if reactions[w.ab].engaged {
				seat = s.player
			}
			s.pend = pending{kind: pendReact, seat: seat, who: w.holder, ab: w.ab, atk: s.pend.atk}
			return true
		}
		s.windows = s.windows[1:]
	}
	return false
}

// answerReaction plays the answer to the reaction offered: "react uH NAME
// X" or "pass". Then the next reaction is offered, or the procedure that
// opened the windows goes on.
func (s *State) answerReaction(a engine.Action, ev *engine.Log) error {
	h, n := int(s.pend.who), int(s.pend.ab)
	r := reactions[n]
	switch a.Kind {
	case actPass:
		if r.must {
			return s.illegal(s.g.abRule(n), "%s must use %s now: %s", s.name(h), s.g.abName(n), r.why)
		}
	case actReact:
		c := s.choicesOf()
		r.offer(s, h, c)
		if int(a.Arg[0]) != h || int(a.Arg[1]) != n || !c.has(-1, int(a.Arg[2])) {
			return s.illegal(s.g.abRule(n), "%s may use %s now: %s; or pass", s.name(h), s.g.abName(n), r.why)
		}
	default:
		return s.illegal(s.g.abRule(n), "%s may react with %s (react u%d %s ...) or pass", s.name(h), s.g.abName(n), h, s.g.abSlug(n))
	}
	s.pend = pending{}
	s.windows = s.windows[1:]
	if a.Kind == actReact {
		r.apply(s, h, int(a.Arg[2]), ev)
	}
	if s.over {
		return nil
	}
	if s.nextWindow() {
		return nil
	}
	s.windows = nil
	if s.fight.on {
		s.strikes(ev)
	}
	s.afterAction(ev)
	return nil
}

// moveEnded offers the reactions to the end of the engaged unit's Movement
// Phase (Autofire), once an engagement, after the action that ended it. It
// reports whether a window is open.
func (s *State) moveEnded() bool {
	if !s.eng.moveDone || s.eng.moveEnd {
		return false
	}
	s.eng.moveEnd = true
	return s.openWindows(winMoveEnd, nil)
}

// Abilities in several steps.

// followUp is the next step of an ability used as an action whose player
// decides more after it acted (which unit goes where, which status to
// remove, the order of two cards): a pending decision of that player
// (pendAbility), answered with one of the actions legal lists — an
// "ability uH NAME ..." again, a "move ...", a "remove ...", or "pass"
// where the step may be declined. apply gets the pending decision it
// answers (t and x: what the ability remembered) and may ask again.
type followUp struct {
	legal func(s *State, holder, seat int, buf []engine.Action) []engine.Action
	apply func(s *State, holder int, pd pending, a engine.Action, ev *engine.Log)
	why   string
}

// followUps holds the abilities' next steps, by ability number.
var followUps [numAbilities + 1]*followUp

// registerFollowUp gives active ability n a next step.
func registerFollowUp(n int, f *followUp) { followUps[n] = f }

// await makes holder's player decide ability n's next step; t and x are
// what the step needs to remember.
func (s *State) await(holder, n, t, x int) {
	s.pend = pending{kind: pendAbility, seat: s.pieces[holder].owner, who: int8(holder), ab: int16(n), t: int8(t), x: int8(x)}
}

// answerAbility plays the answer to an ability's next step.
func (s *State) answerAbility(a engine.Action, ev *engine.Log) error {
	pd := s.pend
	h, n := int(pd.who), int(pd.ab)
	f := followUps[n]
	var buf [128]engine.Action
	ok := false
	for _, l := range f.legal(s, h, int(pd.seat), buf[:0]) {
		if l == a {
			ok = true
			break
		}
	}
	if !ok {
		return s.illegal(s.g.abRule(n), "%s", f.why)
	}
	s.pend = pending{}
	f.apply(s, h, pd, a, ev)
	if !s.over && s.pend.kind == pendNone {
		s.afterAction(ev)
	}
	return nil
}

// fight is a declared attack whose defenders are known, waiting for the
// reactions of their players before the strikes: "Once an attack is
// declared all Units within the Unit's Area of Attack must be attacked"
// (seed 004, "Area of Attack"), in the order found.
type fight struct {
	on  bool
	a   attack
	n   int8
	hit [16]int8
}

func (f *fight) append(b []byte) []byte {
	b = append(b, flag(f.on), byte(f.n))
	b = f.a.append(b)
	for _, h := range f.hit[:f.n] {
		b = append(b, byte(h))
	}
	return b
}

// strikes carries out the fight's strikes.
func (s *State) strikes(ev *engine.Log) {
	f := s.fight
	s.fight = fight{}
	i := int(f.a.attacker)
	for _, d := range f.hit[:f.n] {
		if s.over || !s.acts(i) {
			return
		}
		if !s.alive(int(d)) {
			continue
		}
		s.strike(f.a, int(d), ev)
	}
}

// mark is a marker on a grid space: a trail's (Mucous, Stainy, Icy,
// Stinging, Toxic Trail) or a Shed skin.
type mark struct {
	sq   int16 // the grid space: y*W + x
	kind uint8 // the ability that left it
	by   int8  // the piece that left it
	held int8  // Shed: the enemy unit still Locked in Combat with the skin; else -1
}

// abSlug is ability n's word in action text.
func (g *Game) abSlug(n int) string {
	if n >= 1 && n <= numAbilities {
		return g.slugs[n]
	}
	return strconv.Itoa(n)
}

// parseAb reads an ability's word (or number).
func (g *Game) parseAb(p *parser) int {
	w := p.next("ability")
	if p.err != nil {
		return 0
	}
	if n, ok := g.bySlug[w]; ok {
		return n
	}
	if n, err := strconv.Atoi(w); err == nil && n >= 1 && n <= numAbilities {
		return n
	}
	p.err = fmt.Errorf("%q is not an ability (write its name with dashes, as raise-dead)", w)
	return 0
}

// buildAbilities derives the abilities' tables from the content: words,
// "Not with Dead Status", and the hook masks.
func (g *Game) buildAbilities() {
	g.bySlug = map[string]int{}
	for _, a := range g.c.Abilities {
		n := a.Number
		if n < 1 || n > numAbilities {
			continue
		}
		w := abSlug(a.Name)
		if _, dup := g.bySlug[w]; dup {
			w += "-" + strconv.Itoa(n) // Curse and CURSE
		}
		g.slugs[n] = w
		g.bySlug[w] = n
		g.notDead[n] = strings.Contains(a.Note, "Not with Dead")
	}
	g.buildHookMasks()
}

// CountNames lists what a match counts: every ability and special
// (engine.CountNamer).
func (g *Game) CountNames() []string {
	names := make([]string, 0, numFired-1)
	for n := 1; n < numFired; n++ {
		names = append(names, g.abName(n))
	}
	return names
}

// played is the set of abilities and specials skald plays: every one
// registered below. TestAbilityScenarios checks that each has its scenario
// files, and rulesText lists any that is not.
var played abSet

// register sets ability (or special) n's hooks.
func register(n int, h abilityHooks) {
	hooks[n] = h
	played.add(n)
}

// registerActive makes ability n one a player uses as an action; h may add
// hooks besides.
func registerActive(n int, a *activeAbility, h abilityHooks) {
	actives[n] = a
	register(n, h)
	if a.use == useAttack || a.use == useCombat {
		ruled(n, "TD-87") // the conditions of the Combat Phase, held in canUseAb
	}
	if a.bound() {
		ruled(n, "TD-157") // one of the holder's attacks: owed to a Combat Lock
	}
}

// registerReaction makes ability n a reaction; h may add hooks besides.
func registerReaction(n int, r *reaction, h abilityHooks) {
	reactions[n] = r
	register(n, h)
}

// registerRule records that ability n is played by the rules themselves,
// which ask s.hasAb(i, n) where it matters (Reckless in the Combat Phase,
// Work Belt in the item slots...).
func registerRule(n int) { played.add(n) }

// Helpers for the ability files.

// role returns which side of bout b piece h is on (0 the attacker, 1 the
// defender) and the opposing unit; k is -1 if h takes no part.
func (b *bout) role(h int) (k, opp int) {
	switch h {
	case int(b.a.attacker):
		return 0, b.d
	case b.d:
		return 1, int(b.a.attacker)
	}
	return -1, -1
}

// sideOf is the side piece h fights with in bout b: the attacker the
// attack's side (Front, or a Magical attack's chosen side), the defender
// the side struck.
func (b *bout) sideOf(h int) int {
	if h == b.d {
		return b.side
	}
	return int(b.a.side)
}

// boutBase is piece h's Base Strength Rating in bout b, before the bout's
// modifiers.
func (s *State) boutBase(b *bout, h int) int {
	if h == int(b.a.attacker) && b.a.base > 0 {
		return s.baseStrengthFrom(h, b.sideOf(h), int(b.a.base)-1, 0, false) // TD-92
	}
	return s.baseStrength(h, b.sideOf(h), 0, h == int(b.a.attacker) && b.a.kind == attackRangedMelee)
}

// canSee reports whether piece t is in piece h's Range Area and Line of
// Sight ("within it's Range Area in Line of Sight").
func (s *State) canSee(h, t int) bool {
	p := &s.pieces[h]
	return s.bf.CanTarget(s.pt(h), p.facing, s.rangeRating(h), s.pt(t))
}

// inRangeArea reports whether piece t is in piece h's Range Area, sight or
// not ("within it's Range Area").
func (s *State) inRangeArea(h, t int) bool {
	return battlefield.InRangeArea(s.pt(h), s.pieces[h].facing, s.pt(t), s.rangeRating(h))
}

// onField reports whether piece t is on the battlefield (alive or dead).
func (s *State) onField(t int) bool {
	return t >= 0 && t < len(s.pieces) && s.pieces[t].flags&fRemoved == 0
}

// rollFor rolls 1 D(sides) for holder's ability n, naming it in the event.
func (s *State) rollFor(h, n, sides int, ev *engine.Log, nd need) int {
	return s.roll(h, sides, ev, s.g.abLabel(n), nd)
}

// roll2D6For rolls 2 D6 for holder's ability n and returns the sum.
func (s *State) roll2D6For(h, n int, ev *engine.Log, nd need) int {
	r := s.necklace(h, s.rng.Sum2D6())
	s.event(ev, "roll", "%s rolls %d on 2 D6 (%s)%v", s.name(h), r, s.g.abLabel(n), s.rolled(nd, r))
	return r
}

// defends reports whether piece h is one of the fight's defenders.
func (f *fight) defends(h int) bool {
	for _, d := range f.hit[:f.n] {
		if int(d) == h {
			return true
		}
	}
	return false
}

// abRulings lists, by ability, the rulings of docs/rulings/tacticsdavid.md
// that decide how it plays; `skald rules tacticsdavid` prints them.
var abRulings [numFired][]string

// ruled records that rulings decide how ability n plays.
func ruled(n int, rulings ...string) {
	for _, r := range rulings {
		if !slices.Contains(abRulings[n], r) {
			abRulings[n] = append(abRulings[n], r)
		}
	}
}

// playedCount counts the abilities (1-202) and specials skald plays.
func playedCount() (abilities, specials int) {
	for n := 1; n < numFired; n++ {
		if played.has(n) {
			if n <= numAbilities {
				abilities++
			} else {
				specials++
			}
		}
	}
	return abilities, specials
}

// profileFor returns the index of a profile of the given units (bottom to
// top), adding it to the match's profiles when new. The profiles are
// shared by clones, so the slice is copied before it grows.
func (s *State) profileFor(units ...int) (int16, error) {
	p, err := s.g.c.StackProfile(units)
	if err != nil {
		return 0, err
	}
	for k := range s.profs {
		if s.profs[k].Name == p.Name && len(s.profs[k].Units) == len(units) {
			return int16(k), nil
		}
	}
	s.profs = append(s.profs[:len(s.profs):len(s.profs)], p)
	s.info = append(s.info[:len(s.info):len(s.info)], s.infoOf(p))
	return int16(len(s.profs) - 1), nil
}

// replace puts a new unit of the given unit number in piece i's place,
// under owner's control, facing as i faced ("replaced with a Zombie Unit
// facing the same direction under this Player's control", TD-152): it is a fresh
// unit, with no status, not locked, in the Unit Team i was in; it keeps
// i's items (an ability's ruling may say otherwise). It reports false, and
// replaces nothing, if the unit does not exist or would come to share a
// Unit Team's grid space with an enemy.
func (s *State) replace(i, unit, owner int, ev *engine.Log) bool {
	k, err := s.profileFor(unit)
	if err != nil {
		return false
	}
	if t := s.pieces[i].team; t >= 0 && int(s.pieces[t].owner) != owner && s.pieces[t].flags&fRemoved == 0 {
		// The new unit would share a grid space with an enemy: it may not
		// (TD-37: a Unit Team is of one player's units).
		return false
	}
	s.unlock(i, ev)
	p := &s.pieces[i]
	old := (*profLabel)(&s.profs[p.prof]) // its name, for the event
	p.prof = k
	p.utype = s.info[k].utype
	p.owner = int8(owner)
	p.status = 0
	p.ab = pieceAb{}
	s.event(ev, "unit.replaced", "%s takes the place of the %s", s.name(i), old)
	s.refreshPresent()
	return true
}

// unitNumber returns the number of the unit named name, or 0.
func (g *Game) unitNumber(name string) int {
	if u := g.c.UnitNamed(name); u != nil {
		return u.Number
	}
	return 0
}
