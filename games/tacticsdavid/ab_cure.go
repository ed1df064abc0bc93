package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Abilities that take statuses away, move them, or lend range: Soothe,
// Rectify, Recover, Crystal Power, Island Spring, Picking up the Pieces,
// Repair, Bandages, Chant, Holy Guidance. A status chosen in the action is
// its number + 1 in the order of the rule book's "Status Affects" (1
// Paralyzed, 2 Blinded, 3 Poisoned, 4 Burned, 5 Frozen, 6 Fearful, 7
// Crippled, 8 Pumped, 9 Silenced, 10 Enchanted, 11 Banished, 12 Summoned,
// 13 Dead, 14 Haste, 15 Lucky, 16 Enraged, 17 Feared, 18 Petrified, 19
// Reflective, 20 Confused).

// statusChoices adds (t, st+1) for each status of piece t that is not in
// except.
func (s *State) statusChoices(t int, except uint32, c *choices) {
	have := s.pieces[t].status &^ except
	for st := 0; st < NumStatuses && have != 0; st++ {
		if have&statusBit(st) != 0 {
			c.add(t, st+1)
		}
	}
}

// soothable are the statuses Soothe sets aside: every ailment but Dead
// (TD-103).
func (s *State) soothable(t int) uint32 {
	var m uint32
	for st := 0; st < NumStatuses; st++ {
		if s.g.ailment[st] && st != Dead {
			m |= statusBit(st)
		}
	}
	return s.pieces[t].status & m
}

// unsoothe gives piece i back the statuses Soothe set aside this turn,
// unless it died or may no longer have them (TD-103).
func (s *State) unsoothe(i int, ev *engine.Log) {
	p := &s.pieces[i]
	set := p.ab.soothed
	p.ab.soothed = 0
	if p.flags&fRemoved != 0 || p.has(Dead) {
		return
	}
	for st := 0; st < NumStatuses; st++ {
		if set&statusBit(st) == 0 || !s.may(p.utype, st) || (st == Fearful && p.has(Enraged)) {
			continue
		}
		p.status |= statusBit(st)
		if st == Petrified {
			s.unlock(i, ev) // "Petrified Units may not be Locked in Combat"
		}
	}
	s.event(ev, "ability", "%s: Soothe wears off: its statuses affect it again", s.name(i))
}

// chant performs Chant's Ranged Hit Procedure on ally t ("with a Range
// Modifier of -2") and, if it hits, t discards status st. It reports
// whether the status was removed.
func (s *State) chant(h, t, st int, ev *engine.Log) bool {
	s.pieces[t].ab.turn |= turnChanted
	dist := battlefield.Distance(s.pt(h), s.pt(t))
	r := s.roll2D6For(h, abChant, ev, decides("whether the chant reaches (the roll - 2 against the distance)"))
	if !battlefield.RangedHit(r, -2, dist) {
		s.fire(h, abChant, ev, "the chant does not reach %s (%d - 2 against a distance of %d)", s.name(t), r, dist)
		return false
	}
	s.fire(h, abChant, ev, "the chant reaches %s", s.name(t))
	s.discard(t, st, ev)
	return true
}

// chantTargets adds the allies Chant may reach now, each with the statuses
// it may discard: "Allied Units within 5 Grid Spaces", each once (TD-114).
func (s *State) chantTargets(h int, c *choices) {
	for t := range s.pieces {
		if t != h && s.alive(t) && s.allies(h, t) && s.within(h, t, 5) && s.pieces[t].ab.turn&turnChanted == 0 {
			s.statusChoices(t, statusBit(Dead), c)
		}
	}
}

func init() {
	// 051 Soothe, "D: Combat Pha.": "This Unit may target a Unit within
	// it's Range Area in Line of Sight. If 1 D6 Roll is greater than or
	// equal to 3 the targeted Unit may ignore the affect of any or all
	// Status's they may have during this Player's Turn." (TD-103)
	registerActive(abSoothe, &activeAbility{
		use: useCombat,
		why: "Soothe targets a living unit with an ailment within its Range Area in Line of Sight",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && s.soothable(t) != 0 && s.canSee(h, t) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abSoothe, ev, "soothes %s", s.name(t))
			if s.rollFor(h, abSoothe, 6, ev, atLeast(3)) < 3 {
				return
			}
			p := &s.pieces[t]
			set := s.soothable(t)
			p.ab.soothed |= set
			p.status &^= set
			s.event(ev, "ability", "%s ignores its ailments this turn", s.name(t))
		},
	}, abilityHooks{dead: func(s *State, _, victim int, _ *engine.Log) {
		// "Units who acquire the Dead Status immediately discard all other
		// Status cards": the ones set aside too.
		s.pieces[victim].ab.soothed = 0
	}})
	ruled(abSoothe, "TD-103")

	// 065 Rectify, "R: Attack Pro.": "This Unit may target a Unit within its
	// Range Area in Line of Sight. If 1 D6 Roll is greater than or equal to
	// 3 the targeted Unit must discard Status Cards of the Player's choice,
	// except the Dead or Petrified Status." Then the player removes them
	// one by one ("remove Burned") and passes when done. (TD-106)
	registerActive(abRectify, &activeAbility{
		use: useAttack,
		why: "Rectify targets a living unit with a status other than Dead or Petrified within its Range Area in Line of Sight",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && s.removable(t) != 0 && s.canSee(h, t) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abRectify, ev, "sets %s right", s.name(t))
			if s.rollFor(h, abRectify, 6, ev, atLeast(3)) >= 3 {
				s.await(h, abRectify, t, 0)
			}
		},
	}, abilityHooks{})
	registerFollowUp(abRectify, &followUp{
		why: "choose the statuses the unit discards, one at a time (remove STATUS), other than Dead or Petrified; pass when done",
		legal: func(s *State, h, seat int, buf []engine.Action) []engine.Action {
			rem := s.removable(int(s.pend.t))
			for st := 0; st < NumStatuses; st++ {
				if rem&statusBit(st) != 0 {
					buf = append(buf, act(seat, actRemove, st))
				}
			}
			return append(buf, act(seat, actPass))
		},
		apply: func(s *State, h int, pd pending, a engine.Action, ev *engine.Log) {
			if a.Kind == actPass {
				return
			}
			t := int(pd.t)
			s.discard(t, int(a.Arg[0]), ev)
			s.fire(h, abRectify, ev, "%s discards the %s Status", s.name(t), statusWord(a.Arg[0]))
			if s.removable(t) != 0 {
				s.await(h, abRectify, t, 0)
			}
		},
	})
	ruled(abRectify, "TD-106")

	// 066 Recover, "R: Attack Pro.": "This Unit may target a Unit within
	// its Range Area in Line of Sight. If 1 D6 Roll is greater than or equal
	// to 4 the targeted Unit may discard the Dead Status. If the Roll is
	// equal to 5 or 6 the Unit may discard the Petrified Status." (TD-119)
	registerActive(abRecover, &activeAbility{
		use: useAttack,
		why: "Recover targets a unit with the Dead or Petrified Status within its Range Area in Line of Sight",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.onField(t) && (s.pieces[t].has(Dead) || s.pieces[t].has(Petrified)) && s.canSee(h, t) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abRecover, ev, "tends to %s", s.name(t))
			r := s.rollFor(h, abRecover, 6, ev, decides("what it cures: 4 or more the Dead Status, 5 or more the Petrified Status"))
			if r >= 4 && s.pieces[t].has(Dead) {
				s.discard(t, Dead, ev)
			}
			if r >= 5 && s.pieces[t].has(Petrified) {
				s.discard(t, Petrified, ev)
			}
		},
	}, abilityHooks{})
	ruled(abRecover, "TD-119")

	// 086 Crystal Power, "D: Combat Pha.": "This Unit may target a Unit
	// within 5 Grid Spaces who has acquired a Status. This Player chooses
	// one Status to discard from that Unit. Target another Unit within this
	// Unit's Range Area in Line of Sight and that Unit acquires the Status
	// which was discarded from the other Unit." The first action names the
	// unit and the status + 1; the next names the other unit
	// ("ability uH crystal-power uT"). (TD-108)
	registerActive(abCrystalPower, &activeAbility{
		use: useCombat,
		why: "Crystal Power takes a status other than Dead (extra: the status + 1) from a living unit within 5 grid spaces, when another living unit stands within its Range Area in Line of Sight",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if !s.alive(t) || s.pieces[t].status == 0 || !s.within(h, t, 5) {
					continue
				}
				other := false
				for u := range s.pieces {
					if u != t && u != h && s.alive(u) && s.canSee(h, u) {
						other = true
						break
					}
				}
				if other {
					s.statusChoices(t, statusBit(Dead), c)
				}
			}
		},
		apply: func(s *State, h, t, x int, ev *engine.Log) {
			st := x - 1
			s.discard(t, st, ev)
			s.fire(h, abCrystalPower, ev, "draws the %s Status out of %s", statusWord(st), s.name(t))
			s.await(h, abCrystalPower, t, st)
		},
	}, abilityHooks{})
	registerFollowUp(abCrystalPower, &followUp{
		why: "give the status to another living unit within the Crystal Golem's Range Area in Line of Sight: ability uH crystal-power uT",
		legal: func(s *State, h, seat int, buf []engine.Action) []engine.Action {
			for u := range s.pieces {
				if u != int(s.pend.t) && u != h && s.alive(u) && s.canSee(h, u) {
					buf = append(buf, act(seat, actAbility, h, abCrystalPower, u, 0))
				}
			}
			return buf
		},
		apply: func(s *State, h int, pd pending, a engine.Action, ev *engine.Log) {
			u, st := int(a.Arg[2]), int(pd.x)
			s.fire(h, abCrystalPower, ev, "casts the %s Status on %s", statusWord(st), s.name(u))
			s.inflict(h, abCrystalPower, u, st, ev)
		},
	})
	ruled(abCrystalPower, "TD-108")

	// 138 Island Spring, "D: Combat Pha.": "This Unit may target a Unit
	// within 3 Grid Spaces. The targeted Unit discards all Status Cards
	// except for the Dead Status."
	registerActive(abIslandSpring, &activeAbility{
		use: useCombat,
		why: "Island Spring targets a living unit with a status, within 3 grid spaces",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && s.pieces[t].status != 0 && s.within(h, t, 3) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abIslandSpring, ev, "washes %s clean", s.name(t))
			for st := 0; st < NumStatuses; st++ {
				if st != Dead {
					s.discard(t, st, ev)
				}
			}
		},
	}, abilityHooks{})

	// 161 Picking up the Pieces, "D: Combat Pha.": "If this Unit is in
	// Direct Grid Space contact with a Unit who has acquired the Dead Status
	// this Unit may discard a Status Card." extra: the status + 1.
	registerActive(abPickingUpThePieces, &activeAbility{
		use: useCombat,
		why: "Picking up the Pieces discards one of the unit's statuses (extra: the status + 1) when a unit with the Dead Status is in direct grid space contact",
		targets: func(s *State, h int, c *choices) {
			if s.pieces[h].status == 0 {
				return
			}
			for t := range s.pieces {
				if t != h && s.onField(t) && s.pieces[t].has(Dead) && adjacent(s.pt(h), s.pt(t)) {
					for st := 0; st < NumStatuses; st++ {
						if s.pieces[h].has(st) {
							c.add(-1, st+1)
						}
					}
					return
				}
			}
		},
		apply: func(s *State, h, _, x int, ev *engine.Log) {
			s.fire(h, abPickingUpThePieces, ev, "picks itself up from the fallen beside it")
			s.discard(h, x-1, ev)
		},
	}, abilityHooks{})

	// 173 Repair, "D: Combat Pha.": "This Unit may target a Unit in Direct
	// Grid Space contact with this Unit who is not in Combat Lock. The
	// targeted Unit may discard one of any Status Card except the Dead
	// Status." extra: the status + 1.
	registerActive(abRepair, &activeAbility{
		use: useCombat,
		why: "Repair targets a living unit in direct grid space contact, not in Combat Lock, and one of its statuses other than Dead (extra: the status + 1)",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && s.pieces[t].lock < 0 && adjacent(s.pt(h), s.pt(t)) {
					s.statusChoices(t, statusBit(Dead), c)
				}
			}
		},
		apply: func(s *State, h, t, x int, ev *engine.Log) {
			s.fire(h, abRepair, ev, "patches %s up", s.name(t))
			s.discard(t, x-1, ev)
		},
	}, abilityHooks{})

	// 196 Bandages, "D: Combat Pha.": "This Unit may target a Unit in
	// Direct Grid Space contact with this Unit. The targeted Unit discards
	// one Status Card, except the Dead or Petrified Status." extra: the
	// status + 1.
	registerActive(abBandages, &activeAbility{
		use: useCombat,
		why: "Bandages targets a living unit in direct grid space contact and one of its statuses other than Dead or Petrified (extra: the status + 1)",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && adjacent(s.pt(h), s.pt(t)) {
					s.statusChoices(t, statusBit(Dead)|statusBit(Petrified), c)
				}
			}
		},
		apply: func(s *State, h, t, x int, ev *engine.Log) {
			s.fire(h, abBandages, ev, "bandages %s", s.name(t))
			s.discard(t, x-1, ev)
		},
	}, abilityHooks{})

	// 200 Chant, "D: Combat Pha.": "Allied Units within 5 Grid Spaces of
	// this Unit may discard one Status Card. A Ranged Hit Procedure with a
	// Range Modifier of -2 must be performed on each targeted Unit. A
	// maximum of three Status Cards may be removed this way this Turn."
	// The action names the first ally and its status + 1; the next allies
	// follow the same way, until the player passes or three are removed.
	// (TD-114)
	registerActive(abChant, &activeAbility{
		use: useCombat,
		why: "Chant targets a living ally within 5 grid spaces and one of its statuses other than Dead (extra: the status + 1)",
		targets: func(s *State, h int, c *choices) {
			s.chantTargets(h, c)
		},
		apply: func(s *State, h, t, x int, ev *engine.Log) {
			n := 0
			if s.chant(h, t, x-1, ev) {
				n++
			}
			c := s.choicesOf()
			s.chantTargets(h, c)
			if len(c.list) > 0 {
				s.await(h, abChant, -1, n)
			}
		},
	}, abilityHooks{})
	registerFollowUp(abChant, &followUp{
		why: "chant for another ally within 5 grid spaces not chanted for this turn (ability uH chant uT status+1), or pass",
		legal: func(s *State, h, seat int, buf []engine.Action) []engine.Action {
			c := s.choicesOf()
			s.chantTargets(h, c)
			for _, p := range c.list {
				buf = append(buf, act(seat, actAbility, h, abChant, int(p[0]), int(p[1])))
			}
			return append(buf, act(seat, actPass))
		},
		apply: func(s *State, h int, pd pending, a engine.Action, ev *engine.Log) {
			if a.Kind == actPass {
				return
			}
			n := int(pd.x)
			if s.chant(h, int(a.Arg[2]), int(a.Arg[3])-1, ev) {
				n++
			}
			// "A maximum of three Status Cards may be removed this way".
			c := s.choicesOf()
			s.chantTargets(h, c)
			if n < 3 && len(c.list) > 0 {
				s.await(h, abChant, -1, n)
			}
		},
	})
	ruled(abChant, "TD-114")

	// 202 Holy Guidance, "R: Attack Pro.": "This Unit may target a Unit
	// within its Range Area. The targeted Unit gains 1 D3 to its Range
	// Rating this Turn and gains 1 D4 to its Range Modifier this Turn."
	// (TD-115)
	registerActive(abHolyGuidance, &activeAbility{
		use: useAttack,
		why: "Holy Guidance targets a living unit within its Range Area",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && s.inRangeArea(h, t) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			r := s.rollFor(h, abHolyGuidance, 3, ev, decides("its bonus to the Range Rating"))
			m := s.rollFor(h, abHolyGuidance, 4, ev, decides("its bonus to the Range Modifier"))
			a := &s.pieces[t].ab
			a.rng = int8(min(int(a.rng)+r, 60))
			a.rmod = int8(min(int(a.rmod)+m, 60))
			s.fire(h, abHolyGuidance, ev, "%s gains %d to its Range Rating and %d to its Range Modifier this turn", s.name(t), r, m)
		},
	}, abilityHooks{})
	ruled(abHolyGuidance, "TD-115")
}
