package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Group B: immunities (Unwavering, Research, Just Mud, Indestructable,
// Resilient, Oblivious), what keeps a unit from being attacked (Oversized,
// Climb Tree, Cute and Cuddly), what strikes back at an attacker
// (Trapped!, Plague, Whiptail, Counter Clause) and Guard. Rulings TD-62 to TD-86,
// docs/rulings/td-abilities-b.md.

// guards reports whether Guard holder h may answer the declared attack:
// an allied unit within 2 grid spaces is among its defenders.
func (s *State) guards(h int) bool {
	f := &s.fight
	for _, d := range f.hit[:f.n] {
		if int(d) != h && s.alive(int(d)) && s.allies(h, int(d)) && s.within(h, int(d), 2) {
			return true
		}
	}
	return false
}

// meleeUnit reports whether piece i's Attack Mode is Melee (TD-11).
func (s *State) meleeUnit(i int) bool { return !s.info[s.pieces[i].prof].ranged }

func init() {
	// 018 Unwavering, "All (Not with Dead Status)": "This Unit may never
	// acquire the Fearful Status. Allied Units within 3 Grid Spaces of This
	// Unit may Roll 1 D6 when acquiring the Fearful Status. If the Roll is
	// greater than or equal to 3 the Unit does not acquire the Fearful
	// Status." One roll, however many Centurions are near (TD-78).
	register(abUnwavering, abilityHooks{refuse: func(s *State, h, t, st int, ev *engine.Log) bool {
		if st != Fearful {
			return false
		}
		if t == h {
			s.fire(h, abUnwavering, ev, "it may never acquire the Fearful Status")
			return true
		}
		if !s.allies(h, t) || !s.within(h, t, 3) {
			return false
		}
		for j := 0; j < h; j++ {
			if j != t && s.hasAb(j, abUnwavering) && s.allies(j, t) && s.within(j, t, 3) {
				return false // that one's roll was the roll
			}
		}
		s.fire(h, abUnwavering, ev, "%s stands firm against fear on 3 or more", s.name(t))
		return s.rollFor(t, abUnwavering, 6, ev, atLeastSays(3, "stands firm", "no effect")) >= 3
	}})
	ruled(abUnwavering, "TD-78")

	// 061 Research, "All (Not with Dead Status)": "A Unit upon their Unit
	// Engagement in Direct Grid Space Contact with this Unit may discard
	// their Petrified or Frozen Status. This Unit may not be Petrified or
	// Frozen." (TD-77)
	register(abResearch, abilityHooks{
		preEngage: func(s *State, h, e int, ev *engine.Log) {
			p := &s.pieces[e]
			if e == h || p.has(Dead) || !p.has(Petrified) && !p.has(Frozen) || !adjacent(s.pt(h), s.pt(e)) {
				return
			}
			s.fire(h, abResearch, ev, "%s discards its Petrified and Frozen Statuses", s.name(e))
			s.discard(e, Petrified, ev)
			s.discard(e, Frozen, ev)
		},
		refuse: func(s *State, h, t, st int, ev *engine.Log) bool {
			if t != h || st != Petrified && st != Frozen {
				return false
			}
			s.fire(h, abResearch, ev, "it may not be %s", statusWord(st))
			return true
		},
	})
	ruled(abResearch, "TD-77")

	// 084 Just Mud, "All": "This Unit may never acquire the Dead Status as
	// a result of an Attack from a Unit Locked in Combat with it. Units
	// Locked in Combat with this Unit performing an Escape Procedure have
	// half their Base Strength Ratings." (escapeAbilities; TD-69)
	register(abJustMud, abilityHooks{refuse: func(s *State, h, t, st int, ev *engine.Log) bool {
		if t != h || st != Dead || !s.cause.attack || s.cause.by < 0 || s.pieces[h].lock != s.cause.by {
			return false
		}
		s.fire(h, abJustMud, ev, "the attack of %s, Locked in Combat with it, cannot kill it", s.name(int(s.cause.by)))
		return true
	}})
	ruled(abJustMud, "TD-69")

	// 087 Indestructable, "All": "This Unit may not acquire the Dead Status
	// as a result of a Physical Attack."
	register(abIndestructable, abilityHooks{refuse: func(s *State, h, t, st int, ev *engine.Log) bool {
		if t != h || st != Dead || !s.cause.attack || s.cause.atype != physical {
			return false
		}
		s.fire(h, abIndestructable, ev, "a Physical Attack cannot kill it")
		return true
	}})
	ruled(abIndestructable, "TD-69")

	// 088 Resilient, "All (Not with Dead Status)": "This Unit may not
	// acquire a Status except for the Dead Status."
	register(abResilient, abilityHooks{refuse: func(s *State, h, t, st int, ev *engine.Log) bool {
		if t != h || st == Dead {
			return false
		}
		s.fire(h, abResilient, ev, "it does not acquire the %s Status", statusWord(st))
		return true
	}})
	ruled(abResilient, "TD-69")

	// 148 Oblivious, "All": "This Unit may never receive the Dead Status
	// as a result of a Unit's Ability or other Affects." Not an attack,
	// nor a lost Escape Procedure (TD-69).
	register(abOblivious, abilityHooks{refuse: func(s *State, h, t, st int, ev *engine.Log) bool {
		c := s.cause
		if t != h || st != Dead || c.attack || (c.ab == 0 && c.by >= 0) {
			return false
		}
		s.fire(h, abOblivious, ev, "it is oblivious to what would kill it")
		return true
	}})
	ruled(abOblivious, "TD-69")

	// 097 Oversized, "All (Not with Dead Status)": "Enemy Unit's may not
	// Attack this Unit while in Direct Grid Space contact with this Unit."
	register(abOversized, abilityHooks{ban: func(s *State, h int, a attack) bool {
		i := int(a.attacker)
		return !s.allies(h, i) && adjacent(s.pt(h), s.pt(i))
	}})
	ruled(abOversized, "TD-68")

	// 111 Climb Tree, "All (Not with Dead Status)": "While this Unit
	// occupies a Forest Terrain Type Grid Space it may not be Attacked by
	// a Physical Melee Unit."
	register(abClimbTree, abilityHooks{ban: func(s *State, h int, a attack) bool {
		i := int(a.attacker)
		return s.bf.Terrain(s.pt(h)) == battlefield.Forest && s.pieces[i].utype == physical && s.meleeUnit(i)
	}})
	ruled(abClimbTree, "TD-68")

	// 101 Cute and Cuddly, "B: Defend Pro.": "If 2 D6 Roll is greater than
	// or equal to 8 the Enemy Unit about to Attack this Unit may not
	// Attack this Unit." Before the attacker's own abilities (TD-68).
	register(abCuteAndCuddly, abilityHooks{first: func(s *State, b *bout, h int, ev *engine.Log) {
		i := int(b.a.attacker)
		if s.allies(h, i) {
			return
		}
		if s.roll2D6For(h, abCuteAndCuddly, ev, atLeast(8)) >= 8 {
			b.cancel = true
			s.fire(h, abCuteAndCuddly, ev, "%s cannot bring itself to attack it", s.name(i))
		}
	}})
	ruled(abCuteAndCuddly, "TD-68")

	// 116 Whiptail, "B: Defend Pro.": "If this Unit is Attacked on its Back
	// Strength Rating from a Unit in Direct Grid Space contact with this
	// Unit Roll 1 D6. If 1 D6 Roll is greater than or equal to 5 the
	// Attacking Unit acquires the Dead Status." (TD-68)
	register(abWhiptail, abilityHooks{first: func(s *State, b *bout, h int, ev *engine.Log) {
		i := int(b.a.attacker)
		if b.side != Back || !adjacent(s.pt(h), s.pt(i)) {
			return
		}
		s.fire(h, abWhiptail, ev, "lashes its tail at %s", s.name(i))
		if s.rollFor(h, abWhiptail, 6, ev, atLeast(5)) >= 5 {
			s.inflict(h, abWhiptail, i, Dead, ev)
		}
	}})
	ruled(abWhiptail, "TD-68")

	// 029 Trapped!, "All (Not with Dead Status)": "Units with the Melee
	// Attack Type who Attack this Unit acquire the Paralyzed Status."
	// (TD-11: the Melee Attack Mode; TD-84: as the attack strikes.)
	register(abTrapped, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		i := int(b.a.attacker)
		if h != b.d || !s.meleeUnit(i) || !s.mayGet(i, Paralyzed) {
			return
		}
		s.fire(h, abTrapped, ev, "%s steps into the trap", s.name(i))
		s.inflict(h, abTrapped, i, Paralyzed, ev)
	}})
	ruled(abTrapped, "TD-11", "TD-84")

	// 157 Plague, "All (Not with Dead Status)": "Melee Attack Mode Unit's
	// Attacking this Unit acquire the Poisoned Status if 1 D6 Roll is
	// greater than or equal to 3." (TD-84)
	register(abPlague, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		i := int(b.a.attacker)
		if h != b.d || !s.meleeUnit(i) || !s.mayGet(i, Poisoned) {
			return
		}
		s.fire(h, abPlague, ev, "%s risks the plague", s.name(i))
		if s.rollFor(h, abPlague, 6, ev, atLeast(3)) >= 3 {
			s.inflict(h, abPlague, i, Poisoned, ev)
		}
	}})
	ruled(abPlague, "TD-84")

	// 144 Counter Clause, "A: Defend Pro.": "If this Unit wins its Defend
	// Procedure the Attacking Unit acquires the Dead Status." A reaction:
	// its player invokes it when the attack is declared (TD-67).
	registerReaction(abCounterClause, &reaction{
		window:  winDefend,
		pledged: true,
		why:     "Counter Clause is invoked (0) when the Phantom is among the defenders of a declared attack",
		offer: func(s *State, h int, c *choices) {
			f := &s.fight
			if f.on && f.defends(h) && s.pieces[h].ab.due&dueCounter == 0 && s.acts(int(f.a.attacker)) {
				c.add(-1, 0)
			}
		},
		apply: func(s *State, h, _ int, ev *engine.Log) {
			s.owe(h, dueCounter)
			s.fire(h, abCounterClause, ev, "if it wins its Defend Procedure, %s acquires the Dead Status", s.name(int(s.fight.a.attacker)))
		},
	}, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		a := &s.pieces[h].ab
		if h != b.d || a.due&dueCounter == 0 {
			return
		}
		a.due &^= dueCounter
		i := int(b.a.attacker)
		if b.won || !s.alive(i) {
			return
		}
		s.fire(h, abCounterClause, ev, "it wins its Defend Procedure: %s acquires the Dead Status", s.name(i))
		s.inflict(h, abCounterClause, i, Dead, ev)
	}})
	ruled(abCounterClause, "TD-67")

	// 103 Guard, "All (Not with Dead Status)": "Allied Units within 2 Grid
	// Spaces of this Unit who would otherwise acquire the Dead Status may
	// instead have this Unit acquire either the Paralyzed or Frozen Status.
	// If this Unit can not acquire either Status this Ability may not be
	// used." In a declared attack its player pledges the status (react uH
	// guard 0 for Paralyzed, 4 for Frozen); any other death, skald uses it
	// (TD-66).
	registerReaction(abGuard, &reaction{
		window:  winDefend,
		pledged: true,
		why:     "Guard pledges the unit's Paralyzed (0) or Frozen (4) Status, one it can acquire, when an allied unit within 2 grid spaces is among the defenders",
		offer: func(s *State, h int, c *choices) {
			if !s.fight.on || s.pieces[h].ab.due&(dueGuardP|dueGuardF) != 0 || !s.guards(h) {
				return
			}
			for _, st := range [2]int{Paralyzed, Frozen} {
				if s.mayGet(h, st) {
					c.add(-1, st)
				}
			}
		},
		apply: func(s *State, h, x int, ev *engine.Log) {
			if x == Paralyzed {
				s.owe(h, dueGuardP)
			} else {
				s.owe(h, dueGuardF)
			}
			s.fire(h, abGuard, ev, "it pledges its %s Status for an ally within 2 grid spaces", statusWord(x))
		},
	}, abilityHooks{refuse: func(s *State, h, t, st int, ev *engine.Log) bool {
		if st != Dead || t == h || !s.allies(h, t) || !s.within(h, t, 2) {
			return false
		}
		a := &s.pieces[h].ab
		var take int
		switch {
		case s.cause.attack && a.due&dueGuardP != 0:
			take = Paralyzed
		case s.cause.attack && a.due&dueGuardF != 0:
			take = Frozen
		case s.cause.attack:
			return false // its player did not pledge
		case s.mayGet(h, Paralyzed):
			take = Paralyzed
		case s.mayGet(h, Frozen):
			take = Frozen
		default:
			return false
		}
		if !s.mayGet(h, take) {
			return false
		}
		a.due &^= dueGuardP | dueGuardF
		s.fire(h, abGuard, ev, "it takes the %s Status instead of %s's death", statusWord(take), s.name(t))
		return s.inflict(h, abGuard, h, take, ev)
	}})
	ruled(abGuard, "TD-66")
}
