package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Rules cited by the Combat Phase.
const (
	ruleCombat      = "Tactics David rules, Combat Phase"
	ruleAttack      = "Tactics David rules, Attack Procedure"
	ruleRangedHit   = "Tactics David rules, Ranged Hit Procedure"
	ruleRangedMelee = "Tactics David rules, Ranged Melee Procedure"
	ruleModes       = "Tactics David rules, Attack Modes"
	ruleArea        = "Tactics David rules, Area of Attack"
	ruleTypes       = "Tactics David rules, Unit Type/Attack Type Affects"
	ruleDuel        = "Tactics David rules, Duel Procedure"
	maxDuels        = 20 // TD-29
)

// Kinds of attack.
const (
	attackMelee       = iota // a Melee Unit's attack
	attackRanged             // a Ranged Unit's Ranged Hit Procedure
	attackRangedMelee        // a Ranged Unit's Ranged Melee Procedure
)

// attack is a declared attack.
type attack struct {
	attacker int8
	target   int8
	side     int8 // the attacker's side: Front, or a Magical attack's chosen side
	kind     uint8
	ab       int16 // the ability that makes this attack (a Breath), or 0
	base     int8  // the Base Strength Rating the ability gives it + 1 ("of 1"), or 0: the unit's own
}

func (a attack) append(b []byte) []byte {
	return append(b, byte(a.attacker), byte(a.target), byte(a.side), a.kind, byte(a.ab), byte(a.ab>>8), byte(a.base))
}

// attackType is piece i's Attack Type: its Unit Type "unless otherwise
// modified" (seed 004, "Unit Type/Attack Type"), as by the Gauntlets,
// Talisman and Ring of the Dead (items 14-16).
func (s *State) attackType(i int) uint8 {
	p := &s.pieces[i]
	if it := p.items[slotAccessory]; it > 0 && s.g.items[it].attackType >= 0 {
		return uint8(s.g.items[it].attackType)
	}
	return p.utype
}

// area is piece i's Attack Area: its weapon's ("This Unit has an Attack
// Area MA", items 17-23) or its profile's.
func (s *State) area(i int) *battlefield.Area {
	p := &s.pieces[i]
	if it := p.items[slotWeapon]; it > 0 && s.g.items[it].area != nil {
		return s.g.items[it].area
	}
	return s.info[p.prof].area
}

// rangeRating is piece i's Range Rating after modifiers: Binoculars "+1",
// Water "-1 to Range Rating".
func (s *State) rangeRating(i int) int {
	p := &s.pieces[i]
	r := int(s.info[p.prof].rng) + int(p.ab.rng) // Holy Guidance: "1 D3 to its Range Rating this Turn"
	for _, it := range p.items {
		if it > 0 {
			r += int(s.g.items[it].rangeBonus)
		}
	}
	if s.terrainOf(i) == battlefield.Water { // Floodplains: Water
		r--
	}
	return r
}

// shotRange is rangeRating(i), found once for the shots legalAttacks
// lists.
func (s *State) shotRange(i int) int {
	if sc := s.scratch; sc != nil && sc.shooter == i+1 {
		return sc.shooterRange
	}
	return s.rangeRating(i)
}

// member returns which index (0 or 1) of the engagement piece i is, or -1.
func (s *State) member(i int) int {
	if i < 0 || i >= len(s.pieces) {
		return -1
	}
	switch int8(i) {
	case s.eng.p:
		return 0
	case s.eng.q:
		return 1
	}
	return -1
}

// canAttack checks that the engaged piece i may make attack a now (seed
// 004, "Combat Phase", "Attack Modes", "Conditions", "Status Affects").
func (s *State) canAttack(a attack) error {
	i := int(a.attacker)
	k := s.member(i)
	if k < 0 {
		return s.illegal(ruleCombat, "u%d is not engaged", i)
	}
	if err := s.inPhase(phaseCombat); err != nil {
		return err
	}
	p := &s.pieces[i]
	inf := &s.info[p.prof]
	at := s.attackType(i)
	switch {
	case s.eng.attacked[k] && s.eng.again[k]:
		return s.illegal(s.g.abRule(abBeastWhisperer), "%s has already attacked twice this Combat Phase", s.name(i))
	case s.eng.attacked[k] && !s.attackAgain(i, k): // Beast Whisperer: "twice"
		return s.illegal(ruleCombat, "%s has already attacked this Combat Phase", s.name(i))
	case s.eng.noCombat:
		return s.illegal(ruleStatuses+", Blinded", "\"the Unit may not enter the Combat Phase that Turn\"")
	case s.eng.escaped:
		return s.illegal(ruleEscape, "after escaping a unit \"may not proceed to enter the Combat Phase that Turn\"")
	case !s.acts(i) || p.has(Petrified):
		return s.illegal(ruleStatuses, "%s may not attack", s.name(i))
	case at == physical && p.has(Crippled):
		return s.illegal(ruleStatuses+", Crippled", "\"may not make a Physical Attack\"")
	case at == magical && p.has(Silenced):
		return s.illegal(ruleStatuses+", Silenced", "\"may not make a Magical Attack\"")
	case at == ethereal && p.has(Banished):
		return s.illegal(ruleStatuses+", Banished", "\"may not make an Ethereal Attack\"")
	case a.side != Front && at != magical:
		return s.illegal(ruleTypes, "\"Physical Attack Types always use their front Strength Rating\" (Ethereal too); only a Magical Attack chooses its side")
	case a.side < 0 || a.side > 3:
		return s.illegal(ruleTypes, "no side %d", a.side)
	}
	switch a.kind {
	case attackMelee:
		if inf.ranged {
			return s.illegal(ruleModes, "a Ranged Unit attacks by the Ranged Hit or the Ranged Melee Procedure")
		}
	case attackRanged, attackRangedMelee:
		if !inf.ranged {
			return s.illegal(ruleModes, "only a Ranged Unit makes a Ranged Attack or a Ranged Melee attack")
		}
		if a.kind == attackRanged && s.eng.moved && !s.hasAb(i, abReckless) {
			return s.illegal(ruleModes, "\"Ranged Units may not enter both the Movement and Combat Phase in the same Turn unless they wish to perform a Ranged Melee Procedure\"")
		}
	default:
		return s.illegal(ruleCombat, "no such attack")
	}
	t := int(a.target)
	if t < 0 || t >= len(s.pieces) || !s.alive(t) || s.pieces[t].owner == p.owner {
		return s.illegal(ruleArea, "the target must be a living enemy unit")
	}
	// "A Unit remaining in Combat Lock before the end of a Player's turn
	// must either attack the other Unit in the Combat Lock or attempt to
	// escape" (seed 004, "Combat Lock"): every attack of a locked unit's
	// turn is declared on the other unit (TD-157); a Shed skin cannot be
	// declared on, but an attack whose area covers it attacks it (TD-139).
	if o := int(p.lock); o >= 0 && o != t {
		if o == i {
			if !s.attacksSkin(a) {
				return s.illegal(ruleLock+"; ruling TD-139", "%s is Locked in Combat with a shed skin: its attack must strike the skin's grid space, or it escapes", s.name(i))
			}
		} else {
			return s.illegal(ruleLock+"; ruling TD-157", "%s is Locked in Combat with %s: it \"must either attack the other Unit in the Combat Lock or attempt to escape\"", s.name(i), s.name(o))
		}
	}
	if _, n := s.banned(a, t); n != 0 {
		return s.illegal(s.g.abRule(n), "%s may not be attacked by %s now", s.name(t), s.name(i))
	}
	tp := s.pt(t)
	if a.kind != attackRanged {
		// "An Opponent making a Melee Attack on a Unit Team may only be
		// able to hit one of the Units in the Unit Team if the Units are
		// orientated in such a way that only one Unit is exposed to the
		// side of the incoming Melee" (seed 004, "Defending", fig. 9.2).
		if m := int(s.pieces[t].team); m >= 0 && s.alive(m) {
			if e := s.exposed(t, (p.facing+2)%4); e >= 0 && e != t && !s.hasAb(i, abCircumvent) {
				return s.illegal(ruleTeam+", Defending", "only %s is exposed to the side of the incoming Melee (fig. 9.2)", s.name(e))
			}
		}
	}
	switch a.kind {
	case attackMelee:
		if !s.area(i).Hit(s.pt(i), p.facing, tp) {
			return s.illegal(ruleArea+", Melee", "\"An enemy Unit must be within this Area of Attack in order for a Melee Unit to make an attack\"")
		}
	case attackRangedMelee:
		if s.pt(i).Add(p.facing.Delta()) != tp {
			return s.illegal(ruleRangedMelee, "the area is \"1 single Grid Space located and attached directly to the front of the Ranged Unit\"")
		}
	case attackRanged:
		if s.pieces[t].lock >= 0 {
			return s.illegal(ruleLock, "\"Units in Combat Lock may not be targeted by Ranged Attacks\"")
		}
		if !s.bf.CanTarget(s.pt(i), p.facing, s.shotRange(i), tp) && !s.aimed(i, t) {
			if s.quiet {
				return errQuiet // the grid space's numbers are not boxed for nothing
			}
			return s.illegal("Tactics David rules, Conditions", "%d,%d is not in the unit's Range Area and Line of Sight (or it may not shoot from a Forest)", tp.X, tp.Y)
		}
	}
	return nil
}

// canAttackAny reports whether engaged piece i (member k) has any attack.
func (s *State) canAttackAny(i, k int) bool {
	var buf [64]engine.Action
	return len(s.legalAttacks(i, buf[:0])) > 0
}

// declare starts attack a: the Combat Phase is entered, a Ranged Attack on
// a Unit Team waits for the defending player's choice (seed 004, "Unit
// Team", "Defending": "the Defending Player must choose which of the two
// Units within the Unit Team is to receive the incoming Ranged Attack").
func (s *State) declare(a attack, ev *engine.Log) {
	i := int(a.attacker)
	s.enter(phaseCombat)
	if k := s.member(i); s.eng.attacked[k] {
		s.eng.again[k] = true
		s.fireAgain(i, ev) // Beast Whisperer
	}
	s.eng.attacked[s.member(i)] = true
	if s.pieces[i].lock >= 0 {
		s.pieces[i].flags |= fLockActed
	}
	t := int(a.target)
	chosen := s.declaring(a, ev) // Reckless, Circumvent
	if a.kind == attackRanged {
		if m := s.pieces[t].team; m >= 0 && s.alive(int(m)) && !chosen {
			s.pend = pending{kind: pendDefender, seat: s.pieces[t].owner, atk: a}
			s.event(ev, "attack.declared", "%s declares a Ranged Attack on the Unit Team at %d,%d", s.name(i), s.pieces[t].x, s.pieces[t].y)
			return
		}
	}
	s.resolve(a, ev)
}

// resolve carries out a declared attack: the Ranged Hit Procedure for a
// Ranged Attack, then the Attack and Defend Procedures on every unit in the
// Area of Attack: "Once an attack is declared all Units within the Unit's
// Area of Attack must be attacked – friend or foe" (seed 004, "Area of
// Attack").
func (s *State) resolve(a attack, ev *engine.Log) {
	i, t := int(a.attacker), int(a.target)
	p := &s.pieces[i]
	s.event(ev, "attack", "%s %s %s", s.name(i), attackWord(a.kind), s.name(t))
	anchor := s.pt(i)
	ar := s.area(i)
	if a.kind == attackRangedMelee {
		ar = s.g.areas["MA"]
	}
	if a.kind == attackRanged {
		anchor = s.pt(t)
		if !s.rangedHit(i, t, ev) {
			// "the Ranged Unit is said to have missed and immediately ends
			// its Combat Phase": it has made its one attack; a team
			// partner may still make its own.
			return
		}
	}
	sc := s.scr()
	sc.pts = ar.Squares(s.bf, anchor, p.facing, sc.pts[:0])
	if len(s.marks) > 0 {
		s.skinsAttacked(sc.pts, ev) // Shed: "The Marker is removed if it is Attacked"
	}
	f := fight{on: true, a: a}
	for _, q := range sc.pts {
		d := s.defenderAt(a, q)
		if d >= 0 && d != i && int(f.n) < len(f.hit) {
			f.hit[f.n] = int8(d)
			f.n++
		}
	}
	s.fight = f
	// The defending player may react before the Defend Procedures (no
	// reaction to a reaction: TD-151).
	if len(s.windows) == 0 && s.openWindows(winDefend, nil) {
		return
	}
	s.strikes(ev)
}

// defenderAt is the unit of grid space q an attack strikes: the one unit
// there, or one of a Unit Team: the target the attacker (melee) or the
// defending player (ranged) chose, else the one exposed to the side of the
// attack, else the first of the team (TD-37: "Only one Unit in a Unit Team
// is ever Attacked by an Attack which has an Attack Area greater than one
// Grid Space").
func (s *State) defenderAt(a attack, q battlefield.Point) int {
	d := s.at(q)
	if d < 0 {
		return -1
	}
	m := int(s.pieces[d].team)
	if m < 0 || !s.alive(m) {
		if s.alive(d) {
			return d
		}
		if m >= 0 && s.alive(m) {
			return m
		}
		return -1
	}
	if !s.alive(d) {
		return m
	}
	if int(a.target) == d || int(a.target) == m {
		return int(a.target)
	}
	edge := (s.pieces[a.attacker].facing + 2) % 4
	if e := s.exposed(d, edge); e >= 0 {
		return e
	}
	return d
}

// exposed returns the member of piece d's Unit Team alone exposed to an
// attack arriving on edge (the direction the edge faces), or -1 when both
// are (seed 004, "Defending", figs. 9.1-9.2).
func (s *State) exposed(d int, edge battlefield.Facing) int {
	p := &s.pieces[d]
	m := int(p.team)
	vertical := p.orient == 0 // north and south halves: both touch east and west
	if vertical == (edge == battlefield.East || edge == battlefield.West) {
		return -1
	}
	// The edge touches one half only: north or west is half 0.
	want := uint8(0)
	if edge == battlefield.South || edge == battlefield.East {
		want = 1
	}
	if p.half == want {
		return d
	}
	return m
}

// sideHit is the side of defender d an attack by attacker a strikes: a
// Magical Attack's chosen side ("the defending Unit must use the Strength
// Rating ... which matches the chosen side"), else the side facing the
// attacker's front: "the closest parallel edge of the Melee Unit's Front
// Facing" (seed 004, "Melee Area of Attack"; fig. 6.2 for ranged).
func (s *State) sideHit(a attack, d int) int {
	if s.attackType(int(a.attacker)) == magical {
		return int(a.side)
	}
	edge := (s.pieces[a.attacker].facing + 2) % 4
	g := s.pieces[d].facing
	switch (edge + 4 - g) % 4 {
	case 0:
		return Front
	case 1:
		return Right
	case 2:
		return Back
	}
	return Left
}

// rangedHit performs the Ranged Hit Procedure: "The Player rolls 2 D6 and
// adds the result. If the resulting sum plus the Unit's Range Modifier plus
// any other modifiers is equal to or greater than the Grid Space distance
// to the Unit's target then the Unit is said to have hit its target ... The
// Player may never have a Ranged Hit Procedure result which is less than
// 2." (TD-B14)
func (s *State) rangedHit(i, t int, ev *engine.Log) bool {
	dist := battlefield.Distance(s.pt(i), s.pt(t))
	mod := int(s.info[s.pieces[i].prof].rmod) + int(s.pieces[i].ab.rmod) // Holy Guidance: "1 D4 to its Range Modifier"
	// The abilities' shot hooks act on the dice, a miss and a hit.
	// (sh is made only then: the hooks keep it on the heap.)
	hooked := !s.g.masks.shot.and(s.present).empty()
	var sh *shot
	if hooked {
		sh = &shot{shooter: i, target: t}
	}
	rolled := func(r int) int {
		if hooked {
			sh.stage, sh.dice, sh.add = shotRolled, r, 0
			s.shotHooks(sh, ev)
			r += sh.add
		}
		return r
	}
	// The roll needed: 2 D6 plus the modifier, never below 2, reaches the
	// distance.
	need := 2
	if dist > 2 {
		need = max(2, dist-mod)
	}
	rollEvent := func(format string, r int) {
		outcome := ": hits"
		if !battlefield.RangedHit(r, mod, dist) {
			outcome = ": misses"
		}
		if hooked {
			outcome = "" // an ability may still change the result
		}
		s.event(ev, "roll", format, s.name(i), r, s.num(1, need), s.num(0, mod), dist, outcome)
	}
	for {
		r := s.necklace(i, s.rng.Sum2D6())
		rollEvent("%s rolls %d on 2 D6 for the Ranged Hit, needs %d or more (modifier %+d, distance %d)%s", r)
		r = rolled(r)
		ok := battlefield.RangedHit(r, mod, dist)
		if !ok && s.lucky(i, ev) {
			r = s.necklace(i, s.rng.Sum2D6())
			rollEvent("%s rerolls %d on 2 D6 for the Ranged Hit, needs %d or more (modifier %+d, distance %d)%s", r)
			r = rolled(r)
			ok = battlefield.RangedHit(r, mod, dist)
		}
		if !ok && hooked && !s.over {
			sh.stage, sh.again = shotMissed, false
			s.shotHooks(sh, ev)
			if sh.again {
				sh.tries++
				continue
			}
		}
		if !ok {
			s.event(ev, "attack.missed", "%s misses", s.name(i))
			return false
		}
		if hooked && !s.over {
			sh.stage = shotHit
			s.shotHooks(sh, ev)
			if sh.negated {
				return false
			}
		}
		return !s.over
	}
}

// lucky reports whether piece i uses its Lucky reroll now: "The Unit may
// choose to reroll, once during the owning Player's Turn, any roll called to
// be made in one Procedure of their choosing." skald rerolls the first roll
// of the owner's turn that fails (TD-34). A Possessed unit's owner is
// still the player it came from: not in the possessor's turn (TD-158).
func (s *State) lucky(i int, ev *engine.Log) bool {
	p := &s.pieces[i]
	if !p.has(Lucky) || s.trueOwner(i) != int(s.player) || p.flags&fLuckyUsed != 0 {
		return false
	}
	p.flags |= fLuckyUsed
	s.event(ev, "lucky", "%s is Lucky and rerolls", s.name(i))
	return true
}

// strike performs the Attack Procedure of attack a on defender d and the
// Defend Procedure of d, the Duel Procedure as often as its condition
// holds, then kills, locks or reflects. The abilities of both units, and
// the auras around them, act before the dice (bout hooks) and after.
func (s *State) strike(a attack, d int, ev *engine.Log) {
	i := int(a.attacker)
	side := s.sideHit(a, d)
	b := s.newBout(a, d, side)
	s.boutHooks(&b, ev)
	if b.cancel || s.over || !s.acts(i) || !s.alive(d) {
		return
	}
	at, df := s.duel(&b, true, ev)
	atype := b.atype
	if at > df {
		b.won = true
		// "If this strength is greater than the defending Unit's final
		// defensive strength then the attacking Unit kills the defending
		// Unit." Physical on Ethereal: "Defender may never receive the Dead
		// Status as a result of this Attack".
		if atype == physical && b.dtype == ethereal {
			b.immune = true
			s.event(ev, "attack.immune", "%s beats %s (%d against %d) but a Physical Attack never kills an Ethereal unit", s.name(i), s.name(d), at, df)
		} else {
			s.event(ev, "attack.won", "%s beats %s (%d against %d)", s.name(i), s.name(d), at, df)
			// A unit the Giant's Bread or an ability saves is not killed.
			old := s.cause
			s.cause = cause{by: int8(i), attack: true, atype: atype}
			if s.acquire(d, Dead, ev) {
				b.killed = true
				s.event(ev, "attack.kill", "%s kills %s", s.name(i), s.name(d))
				s.kill(i, d, ev)
			}
			s.cause = old
		}
	} else {
		s.event(ev, "attack.defended", "%s defends against %s (%d against %d)", s.name(d), s.name(i), df, at)
	}
	if s.alive(d) && s.alive(i) && !b.noLock {
		s.maybeLock(i, d, ev)
	}
	if atype == magical && s.alive(d) && s.pieces[d].has(Reflective) && s.alive(i) {
		s.reflect(a, d, side, ev)
	}
	if !s.over {
		s.afterHooks(&b, ev)
	}
}

// maybeLock locks attacker i and defender d in combat if "both Units [are]
// face to face, front Strength Ratings directly facing each other, and ...
// in direct Grid Space contact" (seed 004, "Combat Lock"). Units in a team,
// Dead or Petrified units are never locked.
func (s *State) maybeLock(i, d int, ev *engine.Log) {
	p, q := &s.pieces[i], &s.pieces[d]
	if p.owner == q.owner {
		return // an ally struck by an area attack is no enemy to lock with (TD-153)
	}
	if p.team >= 0 || q.team >= 0 || p.has(Petrified) || q.has(Petrified) || p.lock >= 0 || q.lock >= 0 {
		return
	}
	if q.facing != (p.facing+2)%4 || s.pt(i).Add(p.facing.Delta()) != s.pt(d) {
		return
	}
	if s.lockHooks(i, d, ev); !s.alive(i) || !s.alive(d) {
		return // "B: Combat Lock" (Feast)
	}
	s.setLock(i, int8(d))
	s.setLock(d, int8(i))
	p.lockTurn, q.lockTurn = s.turn, s.turn
	p.flags |= fLockActed
	s.event(ev, "lock", "%s and %s are Locked in Combat", s.name(i), s.name(d))
}

// kill records that killer (or -1) killed victim: kills count for Item
// Acquisition and the kills mission; an Enraged killer "may discard their
// Enraged Status" (TD-34: it does).
func (s *State) kill(killer, victim int, ev *engine.Log) {
	if killer < 0 {
		s.checkOver(ev) // Poison, Water: the battle may end all the same
		return
	}
	k := &s.pieces[killer]
	if k.owner != s.pieces[victim].owner {
		s.kills[k.owner]++
		k.kills++
		if k.owner == s.player {
			s.killsTurn++
		}
		if k.has(Enraged) {
			s.discard(killer, Enraged, ev)
		}
	}
	s.checkOver(ev)
}

// reflect turns a Magical attack on a Reflective unit back on its attacker:
// "The attacking Unit must now defend itself against the reflected attack
// which will be of the same Strength Rating and against the same side as
// the attack which was initially made. The Duel Procedure may not be
// entered as a result of a reflected attack." (TD-40: the reflected attack
// rolls 1 D6 for the reflecting unit, right after the attack.)
func (s *State) reflect(a attack, d, side int, ev *engine.Log) {
	i := int(a.attacker)
	str := s.attackStrength(a)
	r := s.roll(d, 6, ev, "reflected attack", decides("the strength of the reflected attack"))
	at := str + r
	// The attacking unit defends, on the side the attack struck, against a
	// Magical attack.
	dstr, dice, _ := s.defendRollType(magical, i, side, 0)
	df := dstr + dice
	s.event(ev, "roll", "%s rolls %d to defend against the reflected attack's %d, needs %d or more (with its Strength Rating %d): %s",
		s.name(i), dice, s.num(1, at), s.num(0, at-dstr), dstr, passFails(df >= at))
	if at > df {
		s.event(ev, "reflect.kill", "the attack reflected by %s kills %s (%d against %d)", s.name(d), s.name(i), at, df)
		if s.acquire(i, Dead, ev) {
			s.kill(d, i, ev)
		}
	} else {
		s.event(ev, "reflect.defended", "%s withstands its reflected attack (%d against %d)", s.name(i), df, at)
	}
}

// attackStrength is the attacker's Strength Rating for attack a, before
// dice.
func (s *State) attackStrength(a attack) int {
	i := int(a.attacker)
	bonus := 0
	if it := s.pieces[i].items[slotWeapon]; it > 0 {
		bonus = int(s.g.items[it].attackBonus)
	}
	if a.base > 0 {
		return s.baseStrengthFrom(i, int(a.side), int(a.base)-1, bonus, false)
	}
	return s.baseStrength(i, int(a.side), bonus, a.kind == attackRangedMelee)
}

// defendRoll rolls defender d's defending dice against attacker i, with
// extra D6s for duel rounds (seed 004, "Defend Procedure", "Terrain
// Types", "Unit Type/Attack Type Affects"; TD-30 for which die a D3
// replaces); max is the highest roll possible.
func (s *State) defendRoll(i, d, side, extra int) (strength, sum, max int) {
	return s.defendRollType(s.attackType(i), d, side, extra)
}

// defendRollType rolls defender d's defending dice against an attack of
// type at.
func (s *State) defendRollType(at uint8, d, side, extra int) (strength, sum, max int) {
	q := &s.pieces[d]
	bonus := 0
	if it := q.items[slotAccessory]; it > 0 {
		bonus += int(s.g.items[it].defendBonus)
	}
	strength = s.baseStrength(d, side, bonus, false)
	// "The base defending roll consists of 1 D6"; Road "decrease[s] the
	// occupying unit's base defending roll to D4".
	base := 6
	terrain := s.terrainOf(d) // Floodplains: Water
	if terrain == battlefield.Road {
		base = 4
	}
	dt := q.utype
	extraD3 := 0
	switch {
	case at == physical && dt == magical, at == ethereal && dt == physical, at == magical && dt == ethereal:
		base = 3 // "Defender replaces one of their defending dice with a D3"
	case at == magical && dt == physical:
		extraD3++ // "Defender adds 1 D3 to their defending roll"
	}
	if terrain == battlefield.Water || terrain == battlefield.Forest {
		extraD3++ // "grant the Unit an extra D3 for their base defending roll"
	}
	sum = s.rng.Roll(base)
	max = base
	for k := 0; k < extraD3; k++ {
		sum += s.rng.Roll(3)
		max += 3
	}
	for k := 0; k < extra; k++ {
		sum += s.rng.Roll(6)
		max += 6
	}
	sum = s.necklace(d, sum)
	return strength, sum, max
}

// failed reports whether the attacking side's roll of round fails, the one
// roll Lucky rerolls: "The Unit may choose to reroll ... any roll"; a
// player rerolls a failure only (TD-34). An attack fails when its
// strength is not greater than the defence ("If this strength is greater
// ... kills"); an escape only when it is less ("If the Unit attempting to
// escape wins or ties the Escape Procedure combat they may continue",
// seed 004, "Escape Procedure"). A result that an ability decides whatever
// the dice (Outsmart, Parry, On The Run) is no failure the dice can mend
// (TD-158).
func (s *State) failed(b *bout, round, at, df int) bool {
	if (round == 0 && b.win != 0) || (round > 0 && b.duelW != 0) {
		return false
	}
	if b.escape {
		return at < df
	}
	return at <= df
}

// duel performs the Attack and Defend Procedures of bout b and then the
// Duel Procedure while its condition holds: "If a Unit achieved a result
// that the other Unit would be unable to overcome with their highest
// possible roll, then the Duel condition has been met. Once the condition
// is met each Player will perform their Attack/Defend Procedure rolls
// again, but this time each Unit will gain 1 D6 ... each time adding 1
// additional D6." It returns the final attacking and defending strengths.
func (s *State) duel(b *bout, luck bool, ev *engine.Log) (at, df int) {
	i, d := int(b.a.attacker), b.d
	astr, dstr := s.strengths(b)
	for round := 0; ; round++ {
		roll, amax, ahigh := s.rollSide(b, 0, round)
		droll, dmax, dhigh := s.rollSide(b, 1, round)
		at, df = astr+roll, dstr+droll
		if luck && s.failed(b, round, at, df) && s.lucky(i, ev) {
			roll, amax, ahigh = s.rollSide(b, 0, round)
			at = astr + roll
		}
		// What the attack needs, and whether it got it: an attack needs
		// more than the defence, an escape as much (failed). The formats
		// and words are constants: a playout's event allocates nothing.
		first, later := "%s attacks with %d (%d + %d); %s defends with %d (%d + %d); the attack needs more than %d: %s",
			"duel %d: %s %d against %s %d; the attack needs more than %d: %s"
		out := outHolds
		if b.escape {
			first, later = "%s attacks with %d (%d + %d); %s defends with %d (%d + %d); the escape needs %d or more: %s",
				"duel %d: %s %d against %s %d; the escape needs %d or more: %s"
			out = outEscapeFails
		}
		switch {
		case (round == 0 && b.win != 0) || (round > 0 && b.duelW != 0):
			out = outDecided
		case !s.failed(b, round, at, df) && b.escape:
			out = outEscapes
		case !s.failed(b, round, at, df):
			out = outBeats
		}
		if round == 0 {
			b.high = [2]int8{int8(ahigh), int8(dhigh)}
			s.event(ev, "roll", first, s.name(i), at, astr, roll, s.name(d), df, dstr, droll, df, out)
		} else {
			s.event(ev, "roll", later, round, s.name(i), at, s.name(d), df, df, out)
		}
		b.rounds = round
		switch {
		case b.win == 1 && round == 0, b.duelW == 1 && round > 0:
			at, df = max(at, df+1), min(df, at-1)
		case b.win == 2 && round == 0, b.duelW == 2 && round > 0:
			at, df = min(at, df), max(df, at)
		}
		b.at, b.df = at, df
		if b.noDuel || b.win != 0 || round+1 >= maxDuels {
			return at, df
		}
		if (at > dstr+dmax && !b.noDuelA) || astr+amax <= df {
			s.event(ev, "duel", "the Duel condition is met: each rolls again with 1 D6 more")
			continue
		}
		return at, df
	}
}
