package tacticsdavid

import "skald/engine"

// Group A: abilities by which a unit changes the strengths and dice of
// other units' Attack, Defend and Duel Procedures (auras, Unit Teams), and
// the Ranged Hit Procedure (seed 004, "ABILITY LIST"; rulings TD-A...).

// firstHolder reports whether h is the first piece (by index) with ability
// n for which ok holds: an ability "not accumulative with other Units who
// possess it" acts once (TD-44).
func (s *State) firstHolder(h, n int, ok func(j int) bool) bool {
	for j := 0; j < h; j++ {
		if s.hasAb(j, n) && ok(j) {
			return false
		}
	}
	return true
}

// sides calls f for the attacker (k 0) and the defender (k 1) of bout b.
func (b *bout) sides(f func(k, u int)) {
	f(0, int(b.a.attacker))
	f(1, b.d)
}

// partnerOf is piece h's living Unit Team partner, or -1.
func (s *State) partnerOf(h int) int {
	if m := int(s.pieces[h].team); m >= 0 && s.alive(m) {
		return m
	}
	return -1
}

func init() {
	// 027 Beast Friend, "All (Not with Dead Status)": "Allied Units within
	// 3 Grid Spaces of this Unit who are of the Pup Root gain +1 to their
	// Base Strength Ratings. This Ability is not accumulative with other
	// Units who possess it." (TD-43, TD-44)
	register(abBeastFriend, abilityHooks{aura: func(s *State, b *bout, h int, ev *engine.Log) {
		pup := s.g.grpA.pup
		b.sides(func(k, u int) {
			ok := func(j int) bool {
				return u != j && s.allies(j, u) && s.within(j, u, 3) && pup > 0 && s.rootOf(u) == pup
			}
			if ok(h) && s.firstHolder(h, abBeastFriend, ok) {
				b.mod[k].base++
				s.fire(h, abBeastFriend, ev, "+1 to the Base Strength Ratings of %s, of the Pup Root", s.name(u))
			}
		})
	}})
	ruled(abBeastFriend, "TD-43", "TD-44")

	// 068 Force Field, "All (Not with Dead Status)": "Units within 2 Grid
	// Spaces of this Unit gain +1 to their Strength Ratings during their
	// Defend and Duel Procedure." (TD-44, TD-59)
	register(abForceField, abilityHooks{aura: func(s *State, b *bout, h int, ev *engine.Log) {
		if b.d != h && s.within(h, b.d, 2) {
			b.mod[1].add++
			s.fire(h, abForceField, ev, "+1 to the Strength Ratings of %s in its Defend Procedure", s.name(b.d))
		}
	}})
	ruled(abForceField, "TD-44", "TD-59")

	// 083 Brown Nosing, "All (Not with Dead Status)": "An Allied Unit in
	// Direct Grid Space Contact with this Unit's Front Facing gain +2 to
	// their Base Strength Ratings."
	register(abBrownNosing, abilityHooks{aura: func(s *State, b *bout, h int, ev *engine.Log) {
		front := s.pt(h).Add(s.pieces[h].facing.Delta())
		b.sides(func(k, u int) {
			if u != h && s.allies(h, u) && s.pt(u) == front {
				b.mod[k].base += 2
				s.fire(h, abBrownNosing, ev, "+2 to the Base Strength Ratings of %s, in front of it", s.name(u))
			}
		})
	}})

	// 099 Tidal Shield, "All (Not with Dead Status)": "This Unit and Units
	// within 2 Grid Spaces who have the Aqua Movement Type gain +1 to their
	// Base Strength Ratings during their Defend, and resulting Duel
	// Procedure." (TD-44, TD-59)
	register(abTidalShield, abilityHooks{aura: func(s *State, b *bout, h int, ev *engine.Log) {
		d := b.d
		if d == h || (s.within(h, d, 2) && s.info[s.pieces[d].prof].moveType == moveAqua) {
			b.mod[1].base++
			s.fire(h, abTidalShield, ev, "+1 to the Base Strength Ratings of %s in its Defend Procedure", s.name(d))
		}
	}})
	ruled(abTidalShield, "TD-44", "TD-59")

	// 100 Flock, "All (Not with Dead Status)": "Units within 2 Grid Spaces
	// of this Unit who have the Soar Movement Type gain +1 to their Base
	// Strength Ratings during their Defend, and resulting Duel Procedure."
	// (TD-44, TD-59)
	register(abFlock, abilityHooks{aura: func(s *State, b *bout, h int, ev *engine.Log) {
		d := b.d
		if d != h && s.within(h, d, 2) && s.info[s.pieces[d].prof].moveType == moveSoar {
			b.mod[1].base++
			s.fire(h, abFlock, ev, "+1 to the Base Strength Ratings of %s in its Defend Procedure", s.name(d))
		}
	}})
	ruled(abFlock, "TD-44", "TD-59")

	// 129 Squeeze, "All (Not with Dead Status)": "Enemy Units in Direct
	// Grid Space contact with this Unit replace their Defend and Duel
	// Procedure D6 Rolls with D3 Rolls. This does not replace any Dice the
	// Unit gains from other Abilities." (TD-50)
	register(abSqueeze, abilityHooks{aura: func(s *State, b *bout, h int, ev *engine.Log) {
		d := b.d
		if !s.allies(h, d) && adjacent(s.pt(h), s.pt(d)) && !b.mod[1].small {
			b.mod[1].small = true
			s.fire(h, abSqueeze, ev, "%s defends with D3s instead of D6s", s.name(d))
		}
	}})
	ruled(abSqueeze, "TD-50")

	// 181 Spider Pack, "All (Not with Dead Status)": "A Unit in a Unit Team
	// with this Unit may combine this Unit's Strength Ratings with their
	// own during that Unit's Combat Phase." (TD-55)
	register(abSpiderPack, abilityHooks{aura: func(s *State, b *bout, h int, ev *engine.Log) {
		a := int(b.a.attacker)
		if s.partnerOf(h) != a || s.member(a) < 0 {
			return
		}
		if v := s.baseStrength(h, int(b.a.side), 0, false); v > 0 {
			b.mod[0].base += v
			s.fire(h, abSpiderPack, ev, "%s combines its %s Strength Rating (%d) with its own", s.name(a), sideWord(b.a.side), v)
		}
	}})
	ruled(abSpiderPack, "TD-55", "TD-60")

	// 183 Teamwork?, "All (Not with Dead Status)": "A Unit in a Unit Team
	// with this Unit gains +1 to its Base Strength Ratings. Before both
	// Units in this Unit Team are Disengaged if 1 D6 Roll is greater than
	// or equal to 5 the other Unit in this Unit Team acquires the Poisoned
	// Status." 185 Partners?: "+2 ... greater than or equal to 6 ... the
	// Dead Status." (TD-56)
	for _, c := range [...]struct{ n, bonus, need, status int }{{abTeamwork, 1, 5, Poisoned}, {abPartners, 2, 6, Dead}} {
		n, bonus, need, status := c.n, c.bonus, c.need, c.status
		register(n, abilityHooks{
			aura: func(s *State, b *bout, h int, ev *engine.Log) {
				m := s.partnerOf(h)
				if m < 0 {
					return
				}
				b.sides(func(k, u int) {
					if u == m {
						b.mod[k].base += bonus
						s.fire(h, n, ev, "+%d to the Base Strength Ratings of its Unit Team partner %s", bonus, s.name(u))
					}
				})
			},
			disengage: func(s *State, h, u int, ev *engine.Log) {
				m := s.partnerOf(h)
				if u != h || m < 0 || s.member(m) < 0 {
					return
				}
				if s.rollFor(h, n, 6, ev, atLeast(need)) >= need {
					s.fire(h, n, ev, "turns on its Unit Team partner %s", s.name(m))
					s.inflict(h, n, m, status, ev)
				}
			},
		})
		ruled(n, "TD-56")
	}

	// 193 Dragon Might, "All (Not with Dead Status)": "Allied Units of the
	// Egg Root within 3 Grid Spaces of this Unit gain +1 to their Strength
	// Ratings." (TD-43, TD-44)
	register(abDragonMight, abilityHooks{aura: func(s *State, b *bout, h int, ev *engine.Log) {
		egg := s.g.grpA.egg
		b.sides(func(k, u int) {
			if u != h && egg > 0 && s.allies(h, u) && s.within(h, u, 3) && s.rootOf(u) == egg {
				b.mod[k].add++
				s.fire(h, abDragonMight, ev, "+1 to the Strength Ratings of %s, of the Egg Root", s.name(u))
			}
		})
	}})
	ruled(abDragonMight, "TD-43", "TD-44")

	// The Ranged Hit Procedure (seed 004, "Ranged Hit Procedure"; TD-57).

	// 033 Target Practice, "A: Ranged Hit Pro.": "If this Unit misses in
	// their Ranged Hit Procedure they may retry and perform the Ranged Hit
	// Procedure again." Once an attack.
	register(abTargetPractice, abilityHooks{shot: func(s *State, h int, sh *shot, ev *engine.Log) {
		if sh.stage == shotMissed && sh.shooter == h && sh.tries == 0 && !sh.again {
			sh.again = true
			s.fire(h, abTargetPractice, ev, "missed, and performs the Ranged Hit Procedure again")
		}
	}})
	ruled(abTargetPractice, "TD-57")

	// 035 Headshot, "D: Ranged Hit Pro.": "If the sum of the dice rolled
	// (no modifiers) is greater than or equal to 10 the targeted Unit
	// acquires the Dead Status."
	register(abHeadshot, abilityHooks{shot: func(s *State, h int, sh *shot, ev *engine.Log) {
		if sh.stage == shotRolled && sh.shooter == h && sh.dice >= 10 && s.alive(sh.target) {
			s.fire(h, abHeadshot, ev, "%d on the dice: a headshot on %s", sh.dice, s.name(sh.target))
			s.inflict(h, abHeadshot, sh.target, Dead, ev)
		}
	}})
	ruled(abHeadshot, "TD-57")

	// 045 Perfect Shot, "D: Ranged Hit Pro.": "This Unit gains 1 D3."
	register(abPerfectShot, abilityHooks{shot: func(s *State, h int, sh *shot, ev *engine.Log) {
		if sh.stage == shotRolled && sh.shooter == h {
			r := s.rollFor(h, abPerfectShot, 3, ev, decides("its bonus to the Ranged Hit Procedure"))
			sh.add += r
			s.fire(h, abPerfectShot, ev, "+%d to the Ranged Hit Procedure", r)
		}
	}})
	ruled(abPerfectShot, "TD-57")

	// 139 Impenetrable, "All (Not with Dead Status)": "This Unit and Allied
	// Units within 2 Grid Spaces of this Unit may negate any Ranged Attack
	// if 1 D6 Roll is greater than or equal to 3." The Turtle Fortress has it (TD-2, TD-61).
	register(abImpenetrable, abilityHooks{shot: func(s *State, h int, sh *shot, ev *engine.Log) {
		t := sh.target
		if sh.stage != shotHit || sh.negated || !s.alive(t) || !s.allies(h, t) || !s.within(h, t, 2) {
			return
		}
		if s.rollFor(h, abImpenetrable, 6, ev, atLeast(3)) >= 3 {
			sh.negated = true
			s.fire(h, abImpenetrable, ev, "negates the Ranged Attack on %s", s.name(t))
		}
	}})
	ruled(abImpenetrable, "TD-57", "TD-60", "TD-61")

	// 102 Alerted, "All (Not with Dead Status)": "Enemy Units within 4 Grid
	// Spaces of this Unit may be targeted by Ranged Attacks from Allied
	// Units regardless of their Range Rating." Line of Sight still counts.
	register(abAlerted, abilityHooks{
		aim: func(s *State, h, i, t int) bool {
			return h != i && s.allies(h, i) && !s.allies(h, t) && s.within(h, t, 4) &&
				s.bf.CanTarget(s.pt(i), s.pieces[i].facing, s.bf.W+s.bf.H, s.pt(t))
		},
		shot: func(s *State, h int, sh *shot, ev *engine.Log) {
			// Tell, once a shot (its first hit or miss), when it was out
			// of the shooter's own range.
			i, t := sh.shooter, sh.target
			if (sh.stage == shotHit || sh.stage == shotMissed) && sh.tries == 0 && h != i && s.allies(h, i) && !s.allies(h, t) && s.within(h, t, 4) && !s.canSee(i, t) {
				s.fire(h, abAlerted, ev, "%s shoots at %s, out of its Range Rating", s.name(i), s.name(t))
			}
		},
	})
	ruled(abAlerted, "TD-57")
}
