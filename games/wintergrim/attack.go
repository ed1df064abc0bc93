package wintergrim

import (
	"strconv"

	"skald/engine"
)

// Attacks (seed 000, "3: Attack"): "A unit can move or attack on your
// turn. Attack with a unit one at a time. Choose what to attack, and then
// choose CC or RC according to weapon type. Roll as many dice as the unit
// has in, for example, CC value ... The defending unit also rolls CC even
// if it has no weapon ... If the attacking unit gets more 4+ rolls than
// the defending unit, it deals damage according to the value written next
// to its weapon ... Armour ... absorbs ... If the unit that is about to
// deal damage, has rolled atleast one "6", it's a perfect hit and it may
// ignore Armour. When it has H:0, remove it to the owners removed-pile, or
// capture it ... Inside units can defend, but not attack. Units can
// defend any amount of times, but it doesn't deal damage while
// defending."

// attackFrom returns the area a unit attacks from, and whether it may
// attack from where it stands: outside, or inside a ship of its own with
// RC, or in CC (seed 000, Ship: "Inside units can attack with RC"; "It
// can't be attacked in CC except by units on a Ship or with
// Flying/Swim": units on ships fight each other hand to hand; WG-13).
// What a crew may reach in CC, a ship or the units on one, is
// targetCode's.
func (s *State) attackFrom(id int16, kind int8) (int16, bool) {
	c := &s.c[id]
	if c.in < 0 {
		return c.area, true
	}
	in := c.in
	return c.area, s.def(in).Structure == Ship && owner(in) == owner(id) && (kind == RC || kind == CC)
}

// attackStepOK reports whether unit id may use its attack step now.
func (s *State) attackStepOK(seat int8, id int16) bool {
	if s.phase > phAttack || !s.isUnit(id) || owner(id) != seat {
		return false
	}
	c := &s.c[id]
	return (c.flags&fAttacked == 0 || s.berserk == id) && c.stuck == 0 && (c.moves == 0 || s.skills(id).Has(Assault))
}

// canAttackStep returns why unit id may not use its attack step now.
func (s *State) canAttackStep(seat int8, id int16) error {
	if s.attackStepOK(seat, id) {
		return nil
	}
	if s.phase > phAttack {
		return engine.Illegal(rulePhases, "the attack phase is over: %s can't go back to it", seatNames[seat])
	}
	if !s.isUnit(id) || owner(id) != seat {
		return engine.Illegal(ruleAttack, "attack with a unit of yours in play")
	}
	c := &s.c[id]
	if c.flags&fAttacked != 0 && s.berserk != id {
		return engine.Illegal(ruleAttack, "%s has attacked this turn", s.ref(id))
	}
	if c.stuck > 0 {
		return engine.Illegal(ruleTrap, "%s is caught in a trap and can't attack (%s)", s.ref(id), ruling("WG-37"))
	}
	return engine.Illegal(ruleAttack, "%s has moved this turn: a unit can move or attack (Assault excepted)", s.ref(id))
}

// canAttack returns why seat's unit u may not attack target t with kind.
func (s *State) canAttack(seat int8, u, t int16, kind int8) error {
	if err := s.canAttackStep(seat, u); err != nil {
		return err
	}
	d := s.def(u)
	if d.Weapon.Kind < 0 {
		return engine.Illegal(ruling("WG-13"), "%s has no weapon to attack with", s.ref(u))
	}
	if kind != d.Weapon.Kind {
		return engine.Illegal(ruleAttack, "%s's %s is used in %s: choose CC or RC according to weapon type", d.Name, d.Weapon.Name, kindNames[d.Weapon.Kind])
	}
	area, ok := s.attackFrom(u, kind)
	if !ok {
		return engine.Illegal(ruleStructure, "inside units can defend, but not attack (from a ship: RC, or CC against a ship)")
	}
	if t < 0 || t >= s.n() || s.c[t].zone != zPlay || owner(t) == seat {
		return engine.Illegal(ruleAttack, "choose an enemy unit or structure in play to attack")
	}
	td := s.def(t)
	if td.Type != TypeUnit && td.Type != TypeStructure {
		return engine.Illegal(ruling("WG-14"), "%s can't be attacked: only units and structures", td.Name)
	}
	if s.c[t].area != area {
		return engine.Illegal(ruling("WG-13"), "%s is not local: units attack in their own area", s.ref(t))
	}
	return s.canTargetBy(u, t, kind)
}

// Reasons a unit can't be chosen by an attacker (targetCode).
const (
	targetOK = iota
	targetPsyche
	targetInvisible
	targetFlying
	targetShip
	targetBoard
)

// targetCode says whether unit u may choose t with kind, by t's nature.
func (s *State) targetCode(u, t int16, kind int8) int {
	td := s.def(t)
	usk := s.skills(u)
	if kind == PS && td.Type != TypeUnit {
		return targetPsyche
	}
	if td.Type == TypeUnit {
		tsk := s.skills(t)
		if tsk.Has(Invisible) && !usk.Has(Tracking) {
			return targetInvisible
		}
		if tsk.Has(Flying) && kind == CC && !usk.Has(Flying) {
			return targetFlying
		}
	}
	ship := td.Structure == Ship
	if td.Type == TypeUnit && s.c[t].in >= 0 {
		ship = s.def(s.c[t].in).Structure == Ship
	}
	onShip := s.c[u].in >= 0 && s.def(s.c[u].in).Structure == Ship
	if ship && kind == CC && usk&(Flying|Swim) == 0 && !onShip {
		return targetShip
	}
	if onShip && kind == CC && !ship {
		return targetBoard // "Inside units can attack with RC": CC only ship to ship
	}
	return targetOK
}

// canTargetBy returns why unit u can't choose t with kind, by t's nature.
func (s *State) canTargetBy(u, t int16, kind int8) error {
	switch s.targetCode(u, t, kind) {
	case targetPsyche:
		return engine.Illegal(ruling("WG-14"), "Psyche attacks are made on units")
	case targetInvisible:
		return engine.Illegal(ruling("WG-27"), "%s is Invisible: only a unit with Tracking can attack it", s.ref(t))
	case targetFlying:
		return engine.Illegal(ruling("WG-28"), "%s flies: RC can be used to attack flying units (Wintergrim rules, Ranged Combat)", s.ref(t))
	case targetShip:
		return engine.Illegal(ruleShip, "a ship can't be attacked in CC except by units on a ship or with Flying/Swim")
	case targetBoard:
		return engine.Illegal(ruleShip, "inside units attack from a ship with RC, and in CC only a ship or the units on one")
	}
	return nil
}

// declare declares an attack; the defender's choices and the tactics come
// before the dice (WG-6, WG-24).
func (s *State) declare(seat int8, u, t int16, kind int8, ev *engine.Log) {
	s.enterPhase(phAttack, ev)
	s.c[u].flags |= fAttacked
	if s.berserk == u {
		s.berserk = none
	}
	s.atk = attack{on: true, stage: atkIntercept, kind: kind, attacker: u, target: t}
	ev.Add(engine.Everyone, "attack", "%s's %s#%d attacks %s's %s#%d with %s (%s)",
		seatName(owner(u)), s.nameOf(u), u, seatName(owner(t)), s.nameOf(t), t, (*weaponName)(&s.def(u).Weapon), kindName(kind))
}

// interceptors appends the defender's units that may take the attack:
// Patrol for an attack on a local structure or inside unit, Protect for
// one on another local outside unit (seed 000, Skills; WG-24). "An
// outside unit with Protect" must be outside; "A unit with Patrol" may be
// inside or outside: the manual asks it of Protect, not of Patrol.
func (s *State) interceptors(buf []int16) []int16 {
	a := &s.atk
	t := a.target
	def := owner(t)
	area := s.c[t].area
	outside := s.def(t).Type == TypeUnit && s.c[t].in < 0
	for id := int16(def) * DeckSize; id < int16(def+1)*DeckSize; id++ {
		if id == t || !s.isUnit(id) || s.c[id].area != area {
			continue
		}
		sk := s.skills(id)
		if (outside && s.c[id].in < 0 && sk.Has(Protect)) || (!outside && sk.Has(Patrol)) {
			if s.targetCode(a.attacker, id, a.kind) == targetOK {
				buf = append(buf, id)
			}
		}
	}
	return buf
}

// resolveAttack rolls the dice of the declared attack and deals its
// damage. Order of the rolls (WG-15): the attacker's P roll, Hidden, the
// defender's P roll, then both sides' dice.
func (s *State) resolveAttack(ev *engine.Log) {
	a := s.atk
	s.atk = attack{attacker: none, target: none}
	u, t := a.attacker, a.target
	if !s.isUnit(u) {
		ev.Add(engine.Everyone, "attack.fail", "the attacking unit has left: the attack fails")
		return
	}
	area, _ := s.attackFrom(u, a.kind)
	if t < 0 || s.c[t].zone != zPlay || s.c[t].area != area {
		// seed 000, Structure: "If the unit is removed but it isn't
		// replaced by another unit, the attacking unit fails its attack."
		ev.Add(engine.Everyone, "attack.fail", "the attacked card is gone: %s's %s#%d fails its attack (%s)",
			seatName(owner(u)), s.nameOf(u), u, ruleStructure)
		return
	}
	usk, tsk := s.skills(u), s.skills(t)
	tUnit := s.def(t).Type == TypeUnit
	if s.dispirited(u) && !s.moraleRoll(u, toAttack, ev) {
		ev.Add(engine.Everyone, "attack.fail", "%s's %s#%d fails its P roll: no attack", seatName(owner(u)), s.nameOf(u), u)
		return
	}
	// seed 000, Hidden: "may roll L against an attacker to ignore it if
	// winning the roll" (WG-23); Tracking ignores Hidden.
	if tsk.Has(Hidden) && !usk.Has(Tracking) {
		th, _ := s.roll(&s.rolls[0], s.luck(t), 4)
		uh, _ := s.roll(&s.rolls[1], s.luck(u), 4)
		ev.Add(engine.Everyone, "roll.hidden", "%s's %s#%d is Hidden: its L roll %s, %s, against the attacker's %s, %s; more successes than the attacker hide it",
			seatName(owner(t)), s.nameOf(t), t, &s.rolls[0], (*successes)(&s.rolls[0]), &s.rolls[1], (*successes)(&s.rolls[1]))
		if th > uh {
			ev.Add(engine.Everyone, "attack.ignored", "%s's %s#%d stays hidden: the attack is ignored", seatName(owner(t)), s.nameOf(t), t)
			return
		}
	}
	defends := true
	if tUnit && s.dispirited(t) && !s.moraleRoll(t, toDefend, ev) {
		defends = false // "She rolls a 3, so it may not defend."
	}
	an := s.value(u, a.kind) + int(s.c[u].boost)
	if usk.Has(LuckCharm) {
		an += s.luck(u) // seed 000, Luck Charm: "may add "L" many dice when making a roll"
	}
	dn := 0
	if defends {
		if tUnit {
			dn = s.value(t, a.kind) + int(s.c[t].boost)
			if tsk.Has(LuckCharm) {
				dn += s.luck(t)
			}
			// seed 000, Shieldwall: "another outside unit may have up to
			// CC/RC+1 while defending": a CC or RC defence, never a
			// Psyche battle, where the defender rolls P (WG-25).
			if a.kind != PS && s.c[t].in < 0 && s.shieldwall(t) {
				dn++
			}
		} else if a.kind == CC {
			dn = int(s.def(t).CC) // a structure defends with its card's values (WG-14)
		} else if a.kind == RC {
			dn = int(s.def(t).RC)
		}
	}
	// seed 000, Sneak: "may let a unit it's in battle with, roll 6's
	// instead of 4+" (WG-26).
	aNeed, dNeed := 4, 4
	if tUnit && tsk.Has(Sneak) && !usk.Has(Tracking) {
		aNeed = 6
	}
	if usk.Has(Sneak) && !(tUnit && tsk.Has(Tracking)) {
		dNeed = 6
	}
	ah, asix := s.roll(&s.rolls[0], an, aNeed)
	dh, dsix := s.roll(&s.rolls[1], dn, dNeed)
	ev.Add(engine.Everyone, "roll.battle", "%s's %s#%d rolls %s %s: %s; %s's %s#%d rolls %s: %s",
		seatName(owner(u)), s.nameOf(u), u, kindName(a.kind), &s.rolls[0], (*successes)(&s.rolls[0]),
		seatName(owner(t)), s.nameOf(t), t, &s.rolls[1], (*successes)(&s.rolls[1]))
	switch {
	case ah > dh:
		s.hit(u, t, a.kind, asix, true, ev)
	case dh > ah && tUnit && tsk.Has(CounterAttack) && a.kind != PS && s.def(t).Weapon.Kind == a.kind:
		// seed 000, Counter-attack: "does damage while defending" (WG-31),
		// with its weapon, which is used in the kind it is made for ("you
		// need to roll CC (close combat) to use the sword", The middle
		// column): a club counters in CC, a bow in RC, nothing in a
		// Psyche battle.
		ev.Add(engine.Everyone, "counter", "%s's %s#%d wins and counter-attacks", seatName(owner(t)), s.nameOf(t), t)
		s.hit(t, u, s.def(t).Weapon.Kind, dsix, false, ev)
	default:
		ev.Add(engine.Everyone, "attack.miss", "%s's %s#%d wins nothing: a defending unit doesn't deal damage (%s)",
			seatName(owner(u)), s.nameOf(u), u, ruleDefend)
	}
}

// shieldwall reports whether another outside unit of t's player in t's
// area has Shieldwall.
func (s *State) shieldwall(t int16) bool {
	seat := owner(t)
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if id != t && s.isUnit(id) && s.c[id].area == s.c[t].area && s.c[id].in < 0 && s.skills(id).Has(Shieldwall) {
			return true
		}
	}
	return false
}

// hit deals src's weapon to dst: a Psyche attack or Fire Arrows defeat at
// once; else the weapon's damage less the armour, which a perfect hit (a
// 6) or Crush ignores, is permanent health damage.
func (s *State) hit(src, dst int16, kind int8, six, attacking bool, ev *engine.Log) {
	ssk := s.skills(src)
	defeated := false
	dealt := 0
	switch {
	case kind == PS:
		// seed 000, Psyche: "Such attacks ignores Armour and Health!"
		defeated = true
		ev.Add(engine.Everyone, "psyche", "%s's %s#%d is lured away by %s's %s#%d",
			seatName(owner(dst)), s.nameOf(dst), dst, seatName(owner(src)), s.nameOf(src), src)
	case attacking && kind == RC && ssk.Has(FireArrows) && s.weatherOn() != Rain:
		// seed 000, Fire Arrows: "If a unit with Fire Arrows attacks with
		// a bow and wins against anything, it's a defeat. Remove Fire
		// Arrows if it rains." (WG-32): attacking, not counter-attacking.
		defeated = true
		ev.Add(engine.Everyone, "fire-arrows", "%s's %s#%d's fire arrows defeat %s's %s#%d",
			seatName(owner(src)), s.nameOf(src), src, seatName(owner(dst)), s.nameOf(dst), dst)
	default:
		dmg := int(s.def(src).Weapon.Damage)
		// A natural 6 ignores armour, even with Sneak (WG-16); so does
		// Crush.
		how := armourAbsorbs
		switch {
		case six:
			how = perfectHit
		case ssk.Has(Crush):
			how = crushHit
		}
		if how == armourAbsorbs {
			dmg -= s.armour(dst)
		}
		dealt = max(dmg, 0)
		s.c[dst].dmg += int8(dealt)
		defeated = s.health(dst) <= 0
		ev.Add(engine.Everyone, "damage", "%s's %s#%d deals %d damage to %s's %s#%d (%s): %d health left",
			seatName(owner(src)), s.nameOf(src), src, dealt, seatName(owner(dst)), s.nameOf(dst), dst, how, max(s.health(dst), 0))
	}
	if defeated {
		s.defeat(dst, owner(src), ev)
		if ssk.Has(Plunder) {
			s.draw(owner(src), 2, ev) // seed 000, Plunder: "draw 2 cards"
		}
	}
	// seed 000, Berserk: "attacks with CC and deals damage, may always
	// continue with a new attack step directly after" (WG-30).
	if attacking && kind == CC && ssk.Has(Berserk) && (dealt > 0 || defeated) && s.isUnit(src) {
		s.berserk = src
		ev.Add(engine.Everyone, "berserk", "%s's %s#%d goes berserk: it may attack again at once", seatName(owner(src)), s.nameOf(src), src)
	}
}

// defeat takes a defeated card off the table. A unit defeated in battle
// waits for the winner's player to capture or release it (captor >= 0);
// otherwise it goes to its owner's removed-pile. A structure takes its
// inside units with it as its kind says, and an area its player's
// structures.
func (s *State) defeat(id int16, captor int8, ev *engine.Log) {
	d := s.def(id)
	if d.Type == TypeUnit {
		if captor >= 0 && captor != owner(id) {
			s.dropAttached(id)
			s.unplace(id, zLimbo)
			c := &s.c[id]
			c.in = none
			s.capture.victim, s.capture.captor = id, captor
			ev.Add(engine.Everyone, "defeated", "%s's %s#%d is defeated; %s may capture it (%s)",
				seatName(owner(id)), s.nameOf(id), id, seatName(captor), ruleCapture)
			return
		}
		ev.Add(engine.Everyone, "defeated", "%s's %s#%d is defeated and removed", seatName(owner(id)), s.nameOf(id), id)
		s.toRemoved(id)
		return
	}
	ev.Add(engine.Everyone, "destroyed", "%s's %s#%d is defeated", seatName(owner(id)), s.nameOf(id), id)
	s.structureFalls(id, ev)
}

// structureFalls removes a defeated structure and does to its inside units
// what its kind says (seed 000, Building: "any inside units are also
// defeated"; Dwelling: "any inside units are defeated"; Object: "any
// inside units aren't defeated"; Ship: "any inside units are also
// defeated unless they have Swim/Flying").
func (s *State) structureFalls(st int16, ev *engine.Log) {
	kind := s.def(st).Structure
	for id := int16(0); id < s.n(); id++ {
		if s.c[id].zone != zPlay || s.c[id].in != st {
			continue
		}
		if kind == Object || (kind == Ship && s.skills(id)&(Swim|Flying) != 0) { // WG-28, WG-29
			s.c[id].in = none
			ev.Add(engine.Everyone, "survives", "%s's %s#%d is now outside", seatName(owner(id)), s.nameOf(id), id)
			continue
		}
		ev.Add(engine.Everyone, "defeated", "%s's %s#%d falls with %s#%d", seatName(owner(id)), s.nameOf(id), id, s.idOf(st), st)
		s.toRemoved(id)
	}
	area := s.def(st).Area
	s.toRemoved(st)
	if area {
		s.areaFalls(st, ev)
	}
}

// areaFalls clears a defeated area (seed 000, Area): "all that player's
// structures and inside units are removed, and any remaining cards are
// placed by their owners to the outside of any owned area(s) if there's
// any left" — to the owner's oldest area (WG-18).
func (s *State) areaFalls(area int16, ev *engine.Log) {
	p := owner(area)
	for id := int16(0); id < s.n(); id++ {
		if s.c[id].zone == zPlay && s.c[id].area == area && owner(id) == p && s.def(id).Type == TypeStructure {
			for k := int16(0); k < s.n(); k++ {
				if s.c[k].zone == zPlay && s.c[k].in == id {
					s.toRemoved(k)
				}
			}
			s.toRemoved(id)
		}
	}
	for id := int16(0); id < s.n(); id++ {
		c := &s.c[id]
		if c.zone != zPlay || c.area != area || c.in >= 0 {
			continue
		}
		dest := none
		for k := int16(owner(id)) * DeckSize; k < int16(owner(id)+1)*DeckSize; k++ {
			if k != area && s.isArea(k) {
				dest = k
				break
			}
		}
		if dest < 0 {
			if s.def(id).Type == TypeStructure {
				for k := int16(0); k < s.n(); k++ {
					if s.c[k].zone == zPlay && s.c[k].in == id {
						s.toRemoved(k)
					}
				}
			}
			s.toRemoved(id)
			ev.Add(engine.Everyone, "removed", "%s's %s#%d has no area left to go to and is removed", seatName(owner(id)), s.nameOf(id), id)
			continue
		}
		c.area = dest
		for k := int16(0); k < s.n(); k++ {
			if s.c[k].zone == zPlay && s.c[k].in == id {
				s.c[k].area = dest
			}
		}
		ev.Add(engine.Everyone, "displaced", "%s's %s#%d goes to %s#%d (%s)",
			seatName(owner(id)), s.nameOf(id), id, s.idOf(dest), dest, ruleArea)
	}
}

// canSteal returns why seat's thief may not steal item from a local enemy
// unit now: an attack step (seed 000, Item: "can be stolen by units with
// Steal"; WG-35).
func (s *State) canSteal(seat int8, thief, item int16) error {
	if err := s.canAttackStep(seat, thief); err != nil {
		return err
	}
	if !s.skills(thief).Has(Steal) {
		return engine.Illegal(ruleSkills, "%s has no Steal", s.ref(thief))
	}
	if s.c[thief].in >= 0 {
		return engine.Illegal(ruling("WG-35"), "a thief steals from outside")
	}
	if item < 0 || item >= s.n() || s.c[item].zone != zOn || s.def(item).Tactic != Item {
		return engine.Illegal(ruleTactic, "steal an item that is on a unit")
	}
	on := s.c[item].area
	if owner(on) == seat || s.c[on].area != s.c[thief].area {
		return engine.Illegal(ruling("WG-35"), "steal from a local enemy unit")
	}
	if s.skills(on).Has(Invisible) && !s.skills(thief).Has(Tracking) {
		return engine.Illegal(ruling("WG-27"), "%s is Invisible", s.ref(on))
	}
	return nil
}

func (s *State) steal(thief, item int16, ev *engine.Log) {
	s.enterPhase(phAttack, ev)
	s.c[thief].flags |= fAttacked
	s.berserk = none
	ev.Add(engine.Everyone, "steal", "%s's %s#%d steals %s#%d from %s's %s#%d",
		seatName(owner(thief)), s.nameOf(thief), thief, s.idOf(item), item, seatName(owner(s.c[item].area)), s.nameOf(s.c[item].area), s.c[item].area)
	s.attach(item, thief)
	// An attack step, made: the others may answer it, as every step of a
	// turn (WG-6, WG-35).
	s.openWindow(trigSteal, owner(thief), none, none)
}

// captureOrRelease puts the defeated unit in the captor's captured-pile,
// or on its owner's removed-pile: the winner's choice (WG-17).
func (s *State) captureOrRelease(take bool, ev *engine.Log) {
	v, by := s.capture.victim, s.capture.captor
	s.capture.victim, s.capture.captor = none, -1
	if take {
		c := &s.c[v]
		c.zone, c.holder, c.area, c.in, c.dmg = zCaptured, by, none, none, 0
		c.flags &= fMarked
		ev.Add(engine.Everyone, "captured", "%s captures %s's %s#%d (%s)", seatName(by), seatName(owner(v)), s.nameOf(v), v, ruleCapture)
		return
	}
	s.toRemoved(v)
	ev.Add(engine.Everyone, "released", "%s releases %s's %s#%d to its owner's removed-pile",
		seatName(by), seatName(owner(v)), s.nameOf(v), v)
}

// diceText writes dice as fmt's %v would write them as ints, "[1 4 6]".
func diceText[T int | uint8](d []T) string {
	b := make([]byte, 0, 2+2*len(d))
	b = append(b, '[')
	for i, v := range d {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return string(append(b, ']'))
}
