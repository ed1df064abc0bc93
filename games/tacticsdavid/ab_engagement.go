package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Abilities that act on Unit Engagement ("A: Unit Engagement": right after
// the statuses of the engaged unit have acted, TD-127), Hatch at its
// disengagements, and Doing Science's choice for engaged units nearby.

func init() {
	// 090 Moon Rage, "A: Unit Engagement": "If 1 D6 Roll is greater than or
	// equal to 5 this Unit acquires the Enraged Status. If the Roll is
	// greater than or equal to 4 this Unit gains +1 to its Base Movement
	// Rating until Disengaged. If the Roll is less than or equal to 2 this
	// Unit discards the Enraged Status."
	register(abMoonRage, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if h == e {
			s.moonRage(h, abMoonRage, ev)
		}
	}})
	ruled(abMoonRage, "TD-127")

	// 105 Harvest Moon Rage, "A: Unit Engagement": the same, with "+2 to its
	// Base Strength Ratings until Disengaged" on 4 or more.
	register(abHarvestMoonRage, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if h == e {
			s.moonRage(h, abHarvestMoonRage, ev)
		}
	}})
	ruled(abHarvestMoonRage, "TD-127")

	// 175 Pulverize, "A: Unit Engagement": "If 1 D6 Roll is greater than or
	// equal to 5 this Unit gains +2 to all Strength Ratings until
	// Disengaged." The engagement remembers it (abUsed, which is cleared
	// with the engagement); its bouts in the engagement get +2 (TD-127).
	register(abPulverize, abilityHooks{
		engage: func(s *State, h, e int, ev *engine.Log) {
			k := s.member(h)
			if h != e || k < 0 {
				return
			}
			if s.rollFor(h, abPulverize, 6, ev, atLeast(5)) >= 5 {
				s.eng.abUsed[k].add(abPulverize)
				s.fire(h, abPulverize, ev, "+2 to all its Strength Ratings until Disengaged")
			}
		},
		bout: func(s *State, b *bout, h int, ev *engine.Log) {
			k, _ := b.role(h)
			if m := s.member(h); k >= 0 && m >= 0 && s.eng.abUsed[m].has(abPulverize) {
				b.mod[k].add += 2
				s.fire(h, abPulverize, ev, "+2 to its Strength Rating")
			}
		},
	})
	ruled(abPulverize, "TD-127")

	// 137 Vicious Snapper, "A: Unit Engagement": "If this Unit does not
	// occupy a Water Terrain Type Grid Space it acquires the Haste and
	// Pumped Status. If this unit does occupy a Water Terrain Type Grid
	// Space it must discard the Haste and Pumped Status." (TD-127: the
	// statuses' own engagement rolls have been made.)
	register(abViciousSnapper, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if h != e {
			return
		}
		p := &s.pieces[h]
		if s.bf.Terrain(s.pt(h)) == battlefield.Water {
			if p.has(Haste) || p.has(Pumped) {
				s.fire(h, abViciousSnapper, ev, "in the water it discards the Haste and Pumped Status")
				s.discard(h, Haste, ev)
				s.discard(h, Pumped, ev)
			}
			return
		}
		if s.canGain(h, Haste) || s.canGain(h, Pumped) {
			s.fire(h, abViciousSnapper, ev, "out of the water it acquires the Haste and Pumped Status")
			s.inflict(h, abViciousSnapper, h, Haste, ev)
			s.inflict(h, abViciousSnapper, h, Pumped, ev)
		}
	}})
	ruled(abViciousSnapper, "TD-127")

	// 142 Chill, "A: Unit Engagement": "Units not of the Ethereal Unit Type
	// within 3 Grid Spaces of this Unit acquire the Frozen Status if 1 D6
	// Roll is greater than or equal to 5. Roll separately for each Unit."
	// Allies too ("Units"), not the Spirit itself (TD-122).
	register(abChill, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if h == e {
			s.spread(h, abChill, Frozen, 3, toNotEthereal, 5, 6, ev)
		}
	}})
	ruled(abChill, "TD-122", "TD-128")

	// 180 Dissolve Composure, "A: Unit Engagement": "Enemy Units within 3
	// Grid Spaces of this Unit who have acquired the Crippled, Silenced,
	// Banished, or Posioned Status also acquire the Fearful Status if 1 D6
	// Roll is greater than or equal to 4." One roll for them all: the text
	// does not say "Roll separately" (TD-128).
	register(abDissolveComposure, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if h != e {
			return
		}
		const ails = 1<<Crippled | 1<<Silenced | 1<<Banished | 1<<Poisoned
		var hit [16]int8
		n := 0
		for t := range s.pieces {
			if !s.allies(h, t) && s.within(h, t, 3) && s.pieces[t].status&ails != 0 && s.canGain(t, Fearful) && n < len(hit) {
				hit[n] = int8(t)
				n++
			}
		}
		if n == 0 || s.rollFor(h, abDissolveComposure, 6, ev, atLeast(4)) < 4 {
			return
		}
		for _, t := range hit[:n] {
			s.fire(h, abDissolveComposure, ev, "gives %s the Fearful Status", s.name(int(t)))
			s.inflict(h, abDissolveComposure, int(t), Fearful, ev)
		}
	}})
	ruled(abDissolveComposure, "TD-128")

	// 156 Grave Riser, "A: Unit Engagement": "If 1 D6 Roll is greater than
	// or equal to 5 Units within 3 Grid Spaces of this Unit who have the
	// Dead Status are replaced with a "Skeleton" Unit under this Player's
	// control. New "Skeleton" Units acquire the Dead Status." One roll,
	// made only when a corpse lies within 3 grid spaces (TD-128, TD-130).
	register(abGraveRiser, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if h != e {
			return
		}
		owner := s.pieces[h].owner
		raise := func(t int) bool {
			p := &s.pieces[t]
			return t != h && s.onField(t) && p.has(Dead) && s.within(h, t, 3) &&
				!(p.owner == owner && len(s.profs[p.prof].Units) == 1 && s.profs[p.prof].Units[0] == unitSkeleton)
		}
		found := false
		for t := range s.pieces {
			if raise(t) {
				found = true
				break
			}
		}
		if !found || s.rollFor(h, abGraveRiser, 6, ev, atLeast(5)) < 5 {
			return
		}
		for t := range s.pieces {
			if !raise(t) {
				continue
			}
			s.fire(h, abGraveRiser, ev, "%s rises as a Skeleton", s.name(t))
			if s.replace(t, unitSkeleton, int(owner), ev) {
				s.inflict(h, abGraveRiser, t, Dead, ev)
			}
			if s.over {
				return
			}
		}
	}})
	ruled(abGraveRiser, "TD-128", "TD-130")

	// 115 Hatch, "A: Unit Engagement": "This Unit starts the game with 2
	// Counters. Each time this Unit is Disengaged remove one Counter. When
	// a Counter can no longer be removed from this Unit replace it with a
	// Baby Dragon and it acquires the Pumped and Haste Status." The counters
	// are pieceAb.count, set at the start of the battle (TD-129).
	register(abHatch, abilityHooks{
		turnStart: func(s *State, h int, ev *engine.Log) {
			if s.turn == 1 {
				s.pieces[h].ab.count = 2 // "starts the game with 2 Counters"
			}
		},
		disengage: func(s *State, h, u int, ev *engine.Log) {
			if h != u || !s.alive(h) {
				return // a dead Egg hatches nothing (TD-129)
			}
			a := &s.pieces[h].ab
			if a.count > 0 {
				a.count--
				s.fire(h, abHatch, ev, "a counter is removed, %d left", a.count)
				return
			}
			s.fire(h, abHatch, ev, "it hatches")
			if s.replace(h, unitBabyDragon, int(s.pieces[h].owner), ev) {
				s.inflict(h, abHatch, h, Pumped, ev)
				s.inflict(h, abHatch, h, Haste, ev)
			}
		},
	})
	ruled(abHatch, "TD-129")

	// 062 Doing Science, "All (Not with Dead Status)": "Units within 3 Grid
	// Spaces of this Unit upon their Unit Engagement may either, a) Gain +1
	// to their Movement Rating until Disengaged; or b) Gain +1 to their Base
	// Strength Ratings until Disengaged. This Unit may take the affect of
	// its own ability." A choice of the engaged unit's player right after
	// the engagement: "react uS doing-science X", X 1 (movement) or 2
	// (strength) for the engaged unit, 3 or 4 for its engaged team partner;
	// once an engagement for each unit, however many Scientists (TD-126).
	registerReaction(abDoingScience, &reaction{
		window:  winEngage,
		engaged: true,
		why:     "Doing Science gives a unit engaged within 3 grid spaces of the Scientist +1 to its Movement Rating (1; 3 for its team partner) or to its Base Strength Ratings (2; 4) until Disengaged, once an engagement",
		offer: func(s *State, h int, c *choices) {
			for k, m := range [2]int8{s.eng.p, s.eng.q} {
				if s.scienceFor(h, k, int(m)) {
					c.add(-1, 2*k+1)
					c.add(-1, 2*k+2)
				}
			}
		},
		apply: func(s *State, h, x int, ev *engine.Log) {
			k := (x - 1) / 2
			m := int([2]int8{s.eng.p, s.eng.q}[k&1])
			s.eng.abUsed[k&1].add(abDoingScience)
			if x%2 == 1 {
				s.pieces[m].ab.move++
				s.fire(h, abDoingScience, ev, "%s gains +1 to its Movement Rating until Disengaged", s.name(m))
			} else {
				s.pieces[m].ab.str++
				s.fire(h, abDoingScience, ev, "%s gains +1 to its Base Strength Ratings until Disengaged", s.name(m))
			}
			if k == 0 && s.scienceFor(h, 1, int(s.eng.q)) {
				// The team partner chooses next.
				s.windows = append([]window{{holder: int8(h), ab: abDoingScience}}, s.windows...)
			}
		},
	}, abilityHooks{engage: func(s *State, h, e int, ev *engine.Log) {
		if s.pend.kind == pendNone && len(s.windows) == 0 && !s.over && s.within(h, e, 3) {
			s.openWindows(winEngage, nil)
		}
	}})
	ruled(abDoingScience, "TD-126")
}

// scienceFor reports whether engaged unit m (member k of the engagement)
// may still take Doing Science from Scientist h.
func (s *State) scienceFor(h, k, m int) bool {
	return m >= 0 && s.alive(m) && s.within(h, m, 3) && !s.eng.abUsed[k].has(abDoingScience)
}

// moonRage plays Moon Rage (n = abMoonRage) or Harvest Moon Rage for
// engaged piece h. Enraged acquired or discarded now changes what the
// engaged unit must do this engagement (TD-127).
func (s *State) moonRage(h, n int, ev *engine.Log) {
	r := s.rollFor(h, n, 6, ev, atLeastSays(4, "takes effect (Enraged too on 5 or more)", "no effect"))
	p := &s.pieces[h]
	if r >= 5 && s.canGain(h, Enraged) {
		s.fire(h, n, ev, "it is Enraged")
		s.inflict(h, n, h, Enraged, ev)
	}
	if r >= 4 {
		if n == abMoonRage {
			p.ab.move++
			s.fire(h, n, ev, "+1 to its Base Movement Rating until Disengaged")
		} else {
			p.ab.str += 2
			s.fire(h, n, ev, "+2 to its Base Strength Ratings until Disengaged")
		}
	}
	if r <= 2 && p.has(Enraged) {
		s.fire(h, n, ev, "it calms down")
		s.discard(h, Enraged, ev)
	}
	if int(s.eng.p) == h {
		if p.has(Enraged) {
			s.eng.forced |= forcedEnraged
		} else {
			s.eng.forced &^= forcedEnraged
		}
	}
}
