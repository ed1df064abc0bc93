package tacticsdavid

import "skald/engine"

// Group B, the death path: what happens when a unit acquires the Dead
// Status (Divine Justice, Deus Ex Machina, Haunt, Soul Reap, Infect,
// Downgrade, Loss of Kin, Swarm Call, Vampiric Aura), the dead who may
// still be engaged (Ctrl Alt Del, Relentless), the stack that loses one
// unit instead (Swarm), and Feast, which removes a unit from the game.
// Rulings TD-62..., docs/rulings/td-abilities-b.md.

// Bits of pieceAb.due (group B).
const (
	dueGuardP  = 1 << iota // Guard pledged its Paralyzed Status in this attack
	dueGuardF              // Guard pledged its Frozen Status in this attack
	dueCounter             // Counter Clause is invoked in this attack
	duePeck                // Petrifying Peck: Petrified after the Cockatrice's Combat Phase
	duePierced             // Pierce has acted in this attack
)

// acts reports whether piece i may act when engaged: it is on the
// battlefield and alive, or walks with the Dead Status (Relentless).
func (s *State) acts(i int) bool {
	p := &s.pieces[i]
	return p.flags&fRemoved == 0 && (!p.has(Dead) || s.walks(i))
}

// walks reports whether Dead piece i is a Relentless unit: "This Unit may
// still be Engaged if it acquires the Dead Status" (TD-63).
func (s *State) walks(i int) bool {
	p := &s.pieces[i]
	return p.has(Dead) && int(s.info[p.prof].special) == spRelentless && s.present.has(spRelentless)
}

// mayEngageDead reports whether Dead piece i may be engaged: Relentless,
// or Ctrl Alt Del ("This Unit may be Engaged even after acquiring the Dead
// Status").
func (s *State) mayEngageDead(i int) bool {
	return s.walks(i) || s.hasAb(i, abCtrlAltDel)
}

// mayGet reports whether piece t could acquire status st now (before the
// abilities' refusals): on the battlefield, alive, without it, of a type
// that may have it.
func (s *State) mayGet(t, st int) bool {
	p := &s.pieces[t]
	return p.flags&fRemoved == 0 && !p.has(Dead) && !p.has(st) && s.may(p.utype, st)
}

// killer is the unit that causes the Dead Status now ("the Unit causing
// this Unit to receive the Dead Status"), if it is still alive, or -1.
func (s *State) killer(victim int) int {
	k := int(s.cause.by)
	if k < 0 || k == victim || !s.alive(k) {
		return -1
	}
	return k
}

// removeFromGame takes piece i off the battlefield for good (Feast, Soul
// Reap): it is no longer a corpse to loot; its items go to the bottom of
// the Item Deck (TD-70).
func (s *State) removeFromGame(i int, ev *engine.Log) {
	s.unlock(i, ev)
	s.lift(i)
	if s.pieces[i].team >= 0 {
		s.unform(i)
	}
	for slot := range s.pieces[i].items {
		s.discardItem(i, slot)
	}
	s.pieces[i].flags |= fRemoved
	s.event(ev, "unit.removed", "%s is removed from the game", s.name(i))
	s.refreshPresent()
	s.checkOver(ev)
}

// walkingDead gives a Relentless unit that has acquired the Dead Status
// its permanent Paralyzed and Frozen Statuses (TD-63).
func (s *State) walkingDead(i int, ev *engine.Log) {
	p := &s.pieces[i]
	if !p.has(Dead) || int(s.info[p.prof].special) != spRelentless || !s.present.has(spRelentless) {
		return
	}
	p.status |= statusBit(Paralyzed) | statusBit(Frozen)
	s.fire(i, spRelentless, ev, "it keeps the Dead Status and may still be engaged, permanently Paralyzed and Frozen")
}

// bittyBug reports whether piece i is of the Bitty Bug Root (a stack: any
// of its units).
func (s *State) bittyBug(i int) bool {
	for _, u := range s.profs[s.pieces[i].prof].Units {
		if s.g.c.RootOf(u) == unitBittyBug {
			return true
		}
	}
	return false
}

// kinDies gives the units of the Bitty Bug Root within 3 grid spaces of
// victim status st (Loss of Kin, Swarm Call; TD-79).
func (s *State) kinDies(victim, n, st int, ev *engine.Log) {
	fired := false
	for j := range s.pieces {
		if j == victim || !s.alive(j) || !s.within(victim, j, 3) || !s.bittyBug(j) || !s.mayGet(j, st) {
			continue
		}
		if !fired {
			s.fire(victim, n, ev, "its kin within 3 grid spaces acquire the %s Status", statusWord(st))
			fired = true
		}
		s.inflict(victim, n, j, st, ev)
	}
}

// dueAtDisengage does what waits for piece i's Disengagement: Divine
// Justice's doom, Petrifying Peck's petrification; the pledges of Guard
// and Counter Clause and Pierce's use lapse (the attack is over).
func (s *State) dueAtDisengage(i int, ev *engine.Log) {
	p := &s.pieces[i]
	if p.ab.doom > 0 {
		v := int(p.ab.doom) - 1
		p.ab.doom = 0
		if s.alive(i) {
			s.fire(v, abDivineJustice, ev, "%s acquires the Dead Status upon its Disengagement", s.name(i))
			s.inflict(v, abDivineJustice, i, Dead, ev)
		}
	}
	if !s.dues {
		return // no pledge, mark or use waits
	}
	peck := s.hasAb(i, abPetrifyingPeck)
	for j := range s.pieces {
		a := &s.pieces[j].ab
		if a.due == 0 {
			continue
		}
		a.due &^= dueGuardP | dueGuardF | dueCounter | duePierced
		if a.due&duePeck != 0 && peck {
			a.due &^= duePeck
			if s.mayGet(j, Petrified) {
				s.fire(i, abPetrifyingPeck, ev, "%s is to acquire the Petrified Status after its Combat Phase", s.name(j))
				s.inflict(i, abPetrifyingPeck, j, Petrified, ev)
			}
		}
	}
	for j := range s.pieces {
		if s.pieces[j].ab.due != 0 {
			return
		}
	}
	s.dues = false
}

// owe sets due bits of piece i (State.dues).
func (s *State) owe(i int, bits uint8) {
	s.pieces[i].ab.due |= bits
	s.dues = true
}

// escapeAbilities are the abilities that act in an Escape Procedure
// although "neither Unit may use Abilities or Specials": Just Mud names
// the Escape Procedure itself (TD-69).
func (s *State) escapeAbilities(b *bout, ev *engine.Log) {
	if s.hasAb(b.d, abJustMud) && int(s.pieces[b.d].lock) == int(b.a.attacker) {
		b.mod[0].half = true
		s.fire(b.d, abJustMud, ev, "%s escapes with half its Base Strength Ratings", s.name(int(b.a.attacker)))
	}
}

func init() {
	// 004 Divine Justice, "A: Acquiring Dead Status": "If the sum of 2 D6
	// is greater than or equal to 6 the Unit causing this Unit to receive
	// the Dead Status also acquires the Dead Status upon that Unit's
	// Disengagement." (TD-65)
	register(abDivineJustice, abilityHooks{dead: func(s *State, h, v int, ev *engine.Log) {
		k := s.killer(v)
		if h != v || k < 0 {
			return
		}
		s.fire(h, abDivineJustice, ev, "calls judgement on %s", s.name(k))
		if s.roll2D6For(h, abDivineJustice, ev, atLeast(6)) >= 6 {
			s.pieces[k].ab.doom = int8(h + 1)
			s.event(ev, "ability", "%s will acquire the Dead Status upon its Disengagement", s.name(k))
		}
	}})
	ruled(abDivineJustice, "TD-62", "TD-65")

	// 005 Deus Ex Machina, "A: Acquiring Dead Status": "If the sum of 2 D6
	// is greater than or equal to 8 this Unit discards the Dead Status."
	register(abDeusExMachina, abilityHooks{revive: func(s *State, h, v int, ev *engine.Log) {
		if h != v {
			return
		}
		if s.roll2D6For(h, abDeusExMachina, ev, atLeast(8)) >= 8 {
			s.pieces[h].status &^= statusBit(Dead)
			s.fire(h, abDeusExMachina, ev, "it discards the Dead Status")
		}
	}})
	ruled(abDeusExMachina, "TD-62")

	// 141 Haunt, "A: Acquiring Dead Status": "The Unit causing this Unit
	// to acquire the Dead Status acquires the Fearful Status if 1 D6 Roll
	// is greater than or equal to 4."
	register(abHaunt, abilityHooks{dead: func(s *State, h, v int, ev *engine.Log) {
		k := s.killer(v)
		if h != v || k < 0 || !s.mayGet(k, Fearful) {
			return
		}
		s.fire(h, abHaunt, ev, "haunts %s", s.name(k))
		if s.rollFor(h, abHaunt, 6, ev, atLeast(4)) >= 4 {
			s.inflict(h, abHaunt, k, Fearful, ev)
		}
	}})
	ruled(abHaunt, "TD-62")

	// 145 Soul Reap, "All": "Units this Unit forces to acquire the Dead
	// Status are removed from the game."
	register(abSoulReap, abilityHooks{corpse: func(s *State, h, v int, ev *engine.Log) {
		if int(s.cause.by) != h || v == h {
			return
		}
		s.fire(h, abSoulReap, ev, "reaps the soul of %s", s.name(v))
		s.removeFromGame(v, ev)
	}})
	ruled(abSoulReap, "TD-62", "TD-70")

	// 149 Infect, "All": "Units this Unit forces to acquire the Dead
	// Status are replaced with a "Zombie" Unit under this Player's control
	// if 1 D6 Roll is greater than or equal to 4. New "Zombie" Units
	// acquire the Dead Status." (TD-81)
	register(abInfect, abilityHooks{corpse: func(s *State, h, v int, ev *engine.Log) {
		if int(s.cause.by) != h || v == h {
			return
		}
		if s.rollFor(h, abInfect, 6, ev, atLeast(4)) < 4 {
			return
		}
		s.fire(h, abInfect, ev, "%s rises as a Zombie under its player's control", s.name(v))
		s.kill(h, v, ev) // the kill is made before the corpse changes sides
		if s.over || !s.replace(v, unitZombie, int(s.pieces[h].owner), ev) {
			return
		}
		s.pieces[v].status = statusBit(Dead)
		s.event(ev, "status.acquired", "%s acquires the Dead Status", s.name(v))
		s.walkingDead(v, ev)
	}})
	ruled(abInfect, "TD-62", "TD-81", "TD-63")

	// 162 Downgrade, "A: Acquiring Dead Status": "If 1 D6 Roll is greater
	// than or equal to 3 this Unit may discard the Dead Status and be
	// replaced with a "Skeleton" Unit." (TD-34: it always does.)
	register(abDowngrade, abilityHooks{revive: func(s *State, h, v int, ev *engine.Log) {
		if h != v || s.rollFor(h, abDowngrade, 6, ev, atLeast(3)) < 3 {
			return
		}
		s.fire(h, abDowngrade, ev, "it discards the Dead Status and is replaced with a Skeleton")
		s.replace(h, unitSkeleton, int(s.pieces[h].owner), ev)
	}})
	ruled(abDowngrade, "TD-62", "TD-82")

	// 186 Loss of Kin, "A: Acquiring Dead Status": "Units within 3 Grid
	// Spaces of this Unit from the Bitty Bug Root acquire the Pumped
	// Status."
	register(abLossOfKin, abilityHooks{dead: func(s *State, h, v int, ev *engine.Log) {
		if h == v {
			s.kinDies(v, abLossOfKin, Pumped, ev)
		}
	}})
	ruled(abLossOfKin, "TD-62", "TD-79")

	// 189 Swarm Call, "A: Acquiring Dead Status": "Units within 3 Grid
	// Spaces of this Unit from the Bitty Bug Root acquire the Haste
	// Status."
	register(abSwarmCall, abilityHooks{dead: func(s *State, h, v int, ev *engine.Log) {
		if h == v {
			s.kinDies(v, abSwarmCall, Haste, ev)
		}
	}})
	ruled(abSwarmCall, "TD-62", "TD-79")

	// 159 Vampiric Aura, "All": "This Unit and Allied Units within 3 Grid
	// Spaces of this Unit acquire the Lucky Status if they force an Enemy
	// Unit to acquire the Dead Status."
	register(abVampiricAura, abilityHooks{dead: func(s *State, h, v int, ev *engine.Log) {
		k := s.killer(v)
		if k < 0 || s.allies(k, v) || !s.allies(h, k) || !s.within(h, k, 3) || !s.mayGet(k, Lucky) {
			return
		}
		s.fire(h, abVampiricAura, ev, "%s feeds on the kill", s.name(k))
		s.inflict(h, abVampiricAura, k, Lucky, ev)
	}})
	ruled(abVampiricAura, "TD-62")

	// 169 Ctrl Alt Del, "A: Unit Engagement": "This Unit may be Engaged
	// even after acquiring the Dead Status. If 1 D6 Roll is greater than
	// or equal to 5 while this Unit has acquired the Dead Status it may
	// discard the Dead Status, otherwise immediately Disengage this Unit."
	// The roll comes as it is engaged, before anything else (TD-80).
	register(abCtrlAltDel, abilityHooks{preEngage: func(s *State, h, e int, ev *engine.Log) {
		if h != e || !s.pieces[h].has(Dead) {
			return
		}
		if s.rollFor(h, abCtrlAltDel, 6, ev, atLeast(5)) >= 5 {
			s.pieces[h].status &^= statusBit(Dead)
			s.fire(h, abCtrlAltDel, ev, "it reboots and discards the Dead Status")
			return
		}
		s.fire(h, abCtrlAltDel, ev, "it fails to reboot and is disengaged")
	}})
	ruled(abCtrlAltDel, "TD-80")

	// 082 Feast, "B: Combat Lock": "If 2 D6 Roll is greater than or equal
	// to 7 the Enemy Unit is removed from the game." (TD-83)
	register(abFeast, abilityHooks{lock: func(s *State, h, a, b int, ev *engine.Log) {
		o := a
		if o == h {
			o = b
		}
		if s.allies(h, o) {
			return
		}
		s.fire(h, abFeast, ev, "tries to devour %s", s.name(o))
		if s.roll2D6For(h, abFeast, ev, atLeast(7)) >= 7 {
			s.removeFromGame(o, ev)
			s.kill(h, o, ev)
		}
	}})
	ruled(abFeast, "TD-83", "TD-70")

	// Relentless (Special List): "This Unit may still be Engaged if it
	// acquires the Dead Status. This Unit must permanently acquire the
	// Paralyzed and Frozen Status as well as keep their Dead Status after
	// receiving the Dead Status." (TD-63)
	register(spRelentless, abilityHooks{dead: func(s *State, h, v int, ev *engine.Log) {
		if h == v {
			s.walkingDead(h, ev)
		}
	}})
	ruled(spRelentless, "TD-63")

	// Swarm (Special List): "When a Stacked Unit, made up of Units who all
	// have this Special, acquire the Dead Status the Player must only
	// remove one of the Units from the Unit Stack and from Gameplay. The
	// rest of the Units in the Unit Stack may remain in play and do not
	// acquire the Dead Status." (TD-64)
	register(spSwarm, abilityHooks{refuse: func(s *State, h, t, st int, ev *engine.Log) bool {
		if h != t || st != Dead {
			return false
		}
		units := s.profs[s.pieces[h].prof].Units
		if len(units) < 2 {
			return false
		}
		for _, u := range units {
			if un := s.g.c.Unit(u); un == nil || un.Special != "Swarm" {
				return false
			}
		}
		k, err := s.profileFor(units[:len(units)-1]...)
		if err != nil {
			return false
		}
		top := (*unitLabel)(s.g.c.Unit(units[len(units)-1])) // its name, for the event
		p := &s.pieces[h]
		p.prof = k
		p.utype = s.info[k].utype
		for x := 0; x < NumStatuses; x++ {
			if p.has(x) && !s.may(p.utype, x) {
				p.status &^= statusBit(x)
			}
		}
		s.fire(h, spSwarm, ev, "the %s is removed from the stack and from gameplay; the rest remain in play", top)
		s.refreshPresent()
		if k := s.killer(h); k >= 0 {
			s.kill(k, h, ev)
		}
		return true
	}})
	ruled(spSwarm, "TD-64")
}
