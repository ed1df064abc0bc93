package tacticsdavid

import "skald/engine"

// Group A: abilities that change the Attack, Defend and Duel Procedures of
// the unit that has them: its strengths and its dice (seed 004, "ABILITY
// LIST"). Rulings TD-43... are in docs/rulings/td-abilities-a.md.

// groupA holds the units and Roots the abilities of group A name, by
// number (0 when the content has none).
type groupA struct {
	pup, egg, beastMan, bittyBug int   // Roots
	ninja, viking, pirate        int   // units of those names (TD-43)
	roots                        []int // every Root, for Hired Hit
}

// buildGroupA finds the units and Roots the abilities name.
func (g *Game) buildGroupA() {
	a := &g.grpA
	a.pup, a.egg, a.beastMan, a.bittyBug = g.unitNumber("Pup"), g.unitNumber("Egg"), g.unitNumber("Beast Man"), g.unitNumber("Bitty Bug")
	a.ninja, a.viking, a.pirate = g.unitNumber("Ninja"), g.unitNumber("Viking"), g.unitNumber("Pirate")
	a.roots = g.c.Roots()
}

// topUnit is the unit number piece i counts as for names and Roots: its
// unit, or a stack's top unit (TD-43).
func (s *State) topUnit(i int) int {
	u := s.profs[s.pieces[i].prof].Units
	if len(u) == 0 {
		return 0
	}
	return u[len(u)-1]
}

// rootOf is the Root of piece i's Unit Tree (TD-43), or 0.
func (s *State) rootOf(i int) int {
	return s.g.c.RootOf(s.topUnit(i))
}

// isUnit reports whether piece i is a unit numbered n ("a "Ninja"
// Unit"), n > 0.
func (s *State) isUnit(i, n int) bool { return n > 0 && s.topUnit(i) == n }

// firstTime reports whether holder h uses ability n for the first time in
// its engagement, and records it (the engagement's abUsed): a bonus "until
// Disengaged" rolled before the Attack Procedure is rolled once (TD-45).
// A unit not engaged has no engagement to remember: false, false.
func (s *State) firstTime(h, n int) (engaged, first bool) {
	k := s.member(h)
	if k < 0 {
		return false, true
	}
	if s.eng.abUsed[k].has(n) {
		return true, false
	}
	s.eng.abUsed[k].add(n)
	return true, true
}

// untilDisengaged gives holder h +v to its Base Strength Ratings until it
// is disengaged; a unit that is not engaged has it for this bout (TD-45).
func (s *State) untilDisengaged(b *bout, h, k, v int, engaged bool) {
	if engaged {
		s.pieces[h].ab.str += int8(v)
		return
	}
	b.mod[k].base += v
}

// duelFired tells that holder h's duel ability n acted, if bout b had a
// Duel Procedure. what is a constant string: it boxes without allocating.
func duelFired(s *State, b *bout, h, n int, ev *engine.Log, what any) {
	if b.rounds > 0 {
		s.fire(h, n, ev, "%s", what)
	}
}

func init() {
	// 001 Cry For Help, "B: Defend Pro.": "If 1 D6 Roll is greater than or
	// equal to 3 this Unit gains +1 to all Strength Ratings during its
	// Defend, and resulting Duel Procedure."
	register(abCryForHelp, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if k, _ := b.role(h); k == 1 && s.rollFor(h, abCryForHelp, 6, ev, atLeast(3)) >= 3 {
			b.mod[1].add++
			s.fire(h, abCryForHelp, ev, "+1 to its Strength Ratings in this Defend Procedure")
		}
	}})

	// 007 Blood Frenzy, "D: Duel Pro.": "This Unit gains an extra D3 when
	// performing a Duel Procedure." Attacking or defending (TD-47).
	register(abBloodFrenzy, abilityHooks{
		bout: func(s *State, b *bout, h int, ev *engine.Log) {
			if k, _ := b.role(h); k >= 0 {
				b.mod[k].duelD3++
			}
		},
		after: func(s *State, b *bout, h int, ev *engine.Log) {
			duelFired(s, b, h, abBloodFrenzy, ev, "an extra D3 in each Duel Procedure")
		},
	})
	ruled(abBloodFrenzy, "TD-47")

	// 012 Blob Wall, "D: Defend Pro.": "The Unit Type of this Unit always
	// matches the Attack Type of the Attacking Unit. This Unit also
	// acquires an extra D3 during its Defend Procedure." The type counts
	// for the bout's type table (TD-49); the D3 is not rolled again in
	// the Duel Procedures (TD-46).
	register(abBlobWall, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if k, _ := b.role(h); k == 1 {
			b.dtype = b.atype
			b.mod[1].oneD3++
			s.fire(h, abBlobWall, ev, "its Unit Type matches the Attack Type (%s) and it gains an extra D3", typeWord(b.atype))
		}
	}})
	ruled(abBlobWall, "TD-46", "TD-49")

	// 013 Battle Cry, "B: Attack Pro.": "If 1 D6 Roll is greater than or
	// equal to 3 this Unit gains +1 to its Base Strength Ratings until
	// Disengaged." Rolled once an engagement (TD-45).
	register(abBattleCry, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		k, _ := b.role(h)
		if k != 0 {
			return
		}
		eng, first := s.firstTime(h, abBattleCry)
		if first && s.rollFor(h, abBattleCry, 6, ev, atLeast(3)) >= 3 {
			s.untilDisengaged(b, h, 0, 1, eng)
			s.fire(h, abBattleCry, ev, "+1 to its Base Strength Ratings until Disengaged")
		}
	}})
	ruled(abBattleCry, "TD-45")

	// 014 Ninjacute, 015 Vikingcide, 036 Piratecide, "D: Attack Pro.": "If
	// this Unit Attacks a "Ninja" (Viking, Pirate) Unit, this Unit gains an
	// extra D3 in their Attack Procedure." (TD-43, TD-46)
	for _, c := range [...]struct {
		n    int
		unit func(g *Game) int
	}{
		{abNinjacute, func(g *Game) int { return g.grpA.ninja }},
		{abVikingcide, func(g *Game) int { return g.grpA.viking }},
		{abPiratecide, func(g *Game) int { return g.grpA.pirate }},
	} {
		n, unit := c.n, c.unit
		register(n, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
			if k, o := b.role(h); k == 0 && s.isUnit(o, unit(s.g)) {
				b.mod[0].oneD3++
				s.fire(h, n, ev, "an extra D3 in its Attack Procedure against the %s", (*unitLabel)(s.g.c.Unit(unit(s.g))))
			}
		}})
		ruled(n, "TD-43", "TD-46")
	}

	// 019 Sure Strike, "D: Attack, Duel Pro.": "This Unit gains an extra D6
	// and discards their lowest D6." When it attacks (TD-47).
	register(abSureStrike, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if k, _ := b.role(h); k == 0 {
			b.mod[0].drop++
			s.fire(h, abSureStrike, ev, "an extra D6, and its lowest D6 is discarded")
		}
	}})
	ruled(abSureStrike, "TD-47")

	// 020 Parry, "D: Duel Pro.": "This Unit automatically wins any Duel
	// Procedure when they are the Defending Unit."
	register(abParry, abilityHooks{
		bout: func(s *State, b *bout, h int, ev *engine.Log) {
			if k, _ := b.role(h); k == 1 {
				b.duelW = 2
			}
		},
		after: func(s *State, b *bout, h int, ev *engine.Log) {
			if k, _ := b.role(h); k == 1 {
				duelFired(s, b, h, abParry, ev, "wins the Duel Procedure")
			}
		},
	})
	ruled(abParry, "TD-47", "TD-158")

	// 021 Duel Striker, "D: Duel Pro.": "This Unit gains an extra D6 when
	// performing a Duel Procedure when they are the Attacking Unit." 022
	// Duel Defender: "... when they are the Defending Unit."
	for _, c := range [...]struct{ n, role int }{{abDuelStriker, 0}, {abDuelDefender, 1}} {
		n, role := c.n, c.role
		register(n, abilityHooks{
			bout: func(s *State, b *bout, h int, ev *engine.Log) {
				if k, _ := b.role(h); k == role {
					b.mod[k].duelD6++
				}
			},
			after: func(s *State, b *bout, h int, ev *engine.Log) {
				if k, _ := b.role(h); k == role {
					duelFired(s, b, h, n, ev, "an extra D6 in each Duel Procedure")
				}
			},
		})
		ruled(n, "TD-47")
	}

	// 023 Reinforce, "B: Defend Pro.": "This Unit gains +1 to its Base
	// Strength Ratings during its next Defend, and resulting Duel
	// Procedure." 024 Fortify: "D3"; 026 Hit The Wall: "D6".
	for _, c := range [...]struct{ n, sides int }{{abReinforce, 0}, {abFortify, 3}, {abHitTheWall, 6}} {
		n, sides := c.n, c.sides
		register(n, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
			if k, _ := b.role(h); k != 1 {
				return
			}
			v := 1
			if sides > 0 {
				v = s.rollFor(h, n, sides, ev, decides("its bonus to the Base Strength Ratings"))
			}
			b.mod[1].base += v
			s.fire(h, n, ev, "+%d to its Base Strength Ratings in this Defend Procedure", v)
		}})
	}

	// 025 Steamroller, "B: Attack Pro.": "If this Unit has performed a
	// Charge Procedure this Turn it gains 1 D6 to its Base Strength
	// Ratings until Disengaged." (TD-45, TD-53)
	register(abSteamroller, abilityHooks{
		moved: func(s *State, h, m, _ int, charge bool, ev *engine.Log) {
			if m == h && charge {
				s.pieces[h].ab.flags |= abfCharged
			}
		},
		disengage: func(s *State, h, u int, ev *engine.Log) {
			if u == h {
				s.pieces[h].ab.flags &^= abfCharged
			}
		},
		bout: func(s *State, b *bout, h int, ev *engine.Log) {
			if k, _ := b.role(h); k != 0 || s.pieces[h].ab.flags&abfCharged == 0 {
				return
			}
			if eng, first := s.firstTime(h, abSteamroller); first {
				v := s.rollFor(h, abSteamroller, 6, ev, decides("its bonus to the Base Strength Ratings"))
				s.untilDisengaged(b, h, 0, v, eng)
				s.fire(h, abSteamroller, ev, "it charged: +%d to its Base Strength Ratings until Disengaged", v)
			}
		},
	})
	ruled(abSteamroller, "TD-45", "TD-53")

	// 031 Hired Hit, "All (Not with Dead Status)": "At the beginning of the
	// Player's first Turn they must declare a Root. This Unit gains +3 to
	// its Strength Ratings when performing an Attack Procedure against a
	// Unit of that Root." The declaration is a decision of its player
	// (react uH hired-hit N, N the Root's unit number), who may not pass
	// (TD-54).
	registerReaction(abHiredHit, &reaction{
		window: winTurn,
		must:   true,
		why:    "at the beginning of its first turn the player declares a Root (its unit number)",
		offer: func(s *State, h int, c *choices) {
			o := s.pieces[h].owner
			if o != s.player || s.hired[o] != 0 || s.eng.p >= 0 {
				return
			}
			for _, r := range s.g.grpA.roots {
				c.add(-1, r)
			}
		},
		apply: func(s *State, h, x int, ev *engine.Log) {
			s.hired[s.pieces[h].owner] = int16(x)
			s.fire(h, abHiredHit, ev, "its player declares the %s Root", (*unitLabel)(s.g.c.Unit(x)))
		},
	}, abilityHooks{
		turnStart: func(s *State, h int, ev *engine.Log) {
			if s.pieces[h].owner == s.player && s.hired[s.player] == 0 && s.pend.kind == pendNone && len(s.windows) == 0 {
				s.openWindows(winTurn, nil)
			}
		},
		bout: func(s *State, b *bout, h int, ev *engine.Log) {
			k, o := b.role(h)
			if r := s.hired[s.pieces[h].owner]; k == 0 && r != 0 && s.rootOf(o) == int(r) {
				b.mod[0].add += 3
				s.fire(h, abHiredHit, ev, "+3 to its Strength Ratings against a unit of the %s Root", (*unitLabel)(s.g.c.Unit(int(r))))
			}
		},
	})
	ruled(abHiredHit, "TD-43", "TD-54")

	// 032 Assassinate, "D: Attack Pro.": "If this Unit Attacks a Physical
	// Unit this Unit will have an Ethereal Attack Type. If this Unit
	// Attacks an Ethereal Unit this Unit will have a Magical Attack Type.
	// If this Unit Attacks a Magical Unit this unit will have a Physical
	// Attack Type." For this bout (TD-49).
	register(abAssassinate, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if k, _ := b.role(h); k != 0 {
			return
		}
		switch b.dtype {
		case physical:
			b.atype = ethereal
		case ethereal:
			b.atype = magical
		default:
			b.atype = physical
		}
		s.fire(h, abAssassinate, ev, "its Attack Type is %s against a unit of type %s", typeWord(b.atype), typeWord(b.dtype))
	}})
	ruled(abAssassinate, "TD-49")

	// 034 Beast Slayer, "D: Attack, Defend, Duel Pro.": "Enemy Units of
	// the Pup Root -1 to their Base Strength Ratings when Defending or
	// Attacking against this Unit."
	register(abBeastSlayer, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		k, o := b.role(h)
		if k >= 0 && !s.allies(h, o) && s.rootOf(o) == s.g.grpA.pup && s.g.grpA.pup > 0 {
			b.mod[1-k].base--
			s.fire(h, abBeastSlayer, ev, "-1 to the Base Strength Ratings of %s, of the Pup Root", s.name(o))
		}
	}})
	ruled(abBeastSlayer, "TD-43")

	// 049 Supervised, "B: Attack Pro.": "If 1 D6 Roll is less than or
	// equal to the number of Allied Units within 3 Grid Spaces of this,
	// this Unit gains +1 to its Base Strength Ratings until Disengaged."
	// (TD-44, TD-45)
	register(abSupervised, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		k, _ := b.role(h)
		if k != 0 {
			return
		}
		eng, first := s.firstTime(h, abSupervised)
		if !first {
			return
		}
		n := 0
		for j := range s.pieces {
			if j != h && s.alive(j) && s.allies(h, j) && s.within(h, j, 3) {
				n++
			}
		}
		if s.rollFor(h, abSupervised, 6, ev, between(1, n, "takes effect", "no effect")) <= n {
			s.untilDisengaged(b, h, 0, 1, eng)
			s.fire(h, abSupervised, ev, "%d allies watch: +1 to its Base Strength Ratings until Disengaged", n)
		}
	}})
	ruled(abSupervised, "TD-44", "TD-45")

	// 059 Outsmart, "B: Defend Pro.": "If 1 D6 Roll is greater than or
	// equal to 4 this Unit automatically wins its next Defend Procedure
	// with no possibility of a Duel Procedure and is not considered to be
	// in Combat Lock." (TD-48)
	register(abOutsmart, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if k, _ := b.role(h); k == 1 && s.rollFor(h, abOutsmart, 6, ev, atLeast(4)) >= 4 {
			b.win, b.noDuel, b.noLock = 2, true, true
			s.fire(h, abOutsmart, ev, "wins this Defend Procedure, with no Duel Procedure and no Combat Lock")
		}
	}})
	ruled(abOutsmart, "TD-48", "TD-158")

	// 071 Growth, "All (Not with Dead Status)": "This Unit gains Strength
	// to their Base Strength Ratings equal to the number of Units within 2
	// Grid Spaces of this Unit, excluding this Unit." (TD-44)
	register(abGrowth, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		k, _ := b.role(h)
		if k < 0 {
			return
		}
		n := 0
		for j := range s.pieces {
			if j != h && s.alive(j) && s.within(h, j, 2) {
				n++
			}
		}
		if n > 0 {
			b.mod[k].base += n
			s.fire(h, abGrowth, ev, "+%d to its Base Strength Ratings for the units within 2 grid spaces", n)
		}
	}})
	ruled(abGrowth, "TD-44", "TD-58")

	// 089 Titan Armor, "D: Defend Pro.": "This Unit gains an extra D6 in
	// its Defend Procedure and the resulting Duel Procedure."
	register(abTitanArmor, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if k, _ := b.role(h); k == 1 {
			b.mod[1].d6++
			s.fire(h, abTitanArmor, ev, "an extra D6 in its Defend Procedure")
		}
	}})

	// 094 Stoupid Strong, "D: Attack Pro.": "This Unit gains an extra D6 in
	// its Attack Procedure and the resulting Duel Procedure if the
	// Defending Unit has a Back Strength Rating greater than this Unit's
	// Back Strength Rating." (TD-52)
	register(abStoupidStrong, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if k, o := b.role(h); k == 0 && s.baseStrength(o, Back, 0, false) > s.baseStrength(h, Back, 0, false) {
			b.mod[0].d6++
			s.fire(h, abStoupidStrong, ev, "an extra D6 against a unit with a greater Back Strength Rating")
		}
	}})
	ruled(abStoupidStrong, "TD-52")

	// 096 Unholy Strength, "B: Attack, Defend Pro.": "This Unit gains +1
	// Strength to its Base Strength Ratings until Disengaged for each
	// Enemy Unit within its Attack Area." Counted again for each
	// procedure, not added up (TD-45).
	register(abUnholyStrength, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		k, _ := b.role(h)
		if k < 0 {
			return
		}
		n := 0
		p := &s.pieces[h]
		sc := s.scr()
		sc.pts = s.area(h).Squares(s.bf, s.pt(h), p.facing, sc.pts[:0])
		for _, q := range sc.pts {
			if t := s.at(q); t >= 0 {
				if s.alive(t) && !s.allies(h, t) {
					n++
				}
				if m := int(s.pieces[t].team); m >= 0 && s.alive(m) && !s.allies(h, m) {
					n++
				}
			}
		}
		if n > 0 {
			b.mod[k].base += n
			s.fire(h, abUnholyStrength, ev, "+%d to its Base Strength Ratings for the enemy units in its Attack Area", n)
		}
	}})
	ruled(abUnholyStrength, "TD-45")

	// 104 Three Heads, "D: Attack, Defend Pro." (TD-9): "This Unit may Roll
	// 3 D6 and discard 2 of the 3 D6." It always does: it keeps the
	// highest (TD-60).
	register(abThreeHeads, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if k, _ := b.role(h); k >= 0 {
			b.mod[k].best = 3
			s.fire(h, abThreeHeads, ev, "rolls 3 D6 for its die and keeps the highest")
		}
	}})
	ruled(abThreeHeads, "TD-9", "TD-60")

	// 114 Chimaeric Reaction, "B: Defend Pro.": "If 1 D6 Roll is equal to 5
	// or 6 this Unit becomes a Physical Unit Type. If the Roll is equal to
	// 3 or 4 this Unit becomes a Magical Unit Type. If the Roll is equal to
	// 1 or 2 this Unit becomes an Ethereal Unit Type." For this Defend
	// Procedure (TD-49).
	register(abChimaericReaction, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if k, _ := b.role(h); k != 1 {
			return
		}
		switch r := s.rollFor(h, abChimaericReaction, 6, ev, decides("the type it defends as: 5 or more Physical, 3 or 4 Magical, 2 or less Ethereal")); {
		case r >= 5:
			b.dtype = physical
		case r >= 3:
			b.dtype = magical
		default:
			b.dtype = ethereal
		}
		s.fire(h, abChimaericReaction, ev, "it defends as a unit of type %s", typeWord(b.dtype))
	}})
	ruled(abChimaericReaction, "TD-49")

	// 140 Tail Whip, "B: Defend Pro.": "If 1 D6 Roll is greater than or
	// equal to 4 this Unit gains +1 to its Base Strength Rating on its
	// Left, Right, and Back Strength Ratings during its next Defend, and
	// resulting Duel Procedure." Rolled when struck on one of those sides
	// (TD-58).
	register(abTailWhip, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if k, _ := b.role(h); k == 1 && b.side != Front && s.rollFor(h, abTailWhip, 6, ev, atLeast(4)) >= 4 {
			b.mod[1].base++
			s.fire(h, abTailWhip, ev, "+1 to its %s Base Strength Rating", sideWord(b.side))
		}
	}})
	ruled(abTailWhip, "TD-58")

	// 151 Overwhelm, "D: Attack Pro.": "Enemy Units this Unit Attacks who
	// have a Unit in Direct Grid Space contact on the opposite Grid Space
	// side of this Attack have half their Base Strength Ratings during
	// this Attack, and resulting Duel Procedure." (TD-51)
	register(abOverwhelm, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		k, o := b.role(h)
		if k != 0 || s.allies(h, o) {
			return
		}
		beyond := s.pt(o).Add(s.pieces[h].facing.Delta())
		t := s.at(beyond)
		if t >= 0 && t != o && (s.alive(t) || (s.pieces[t].team >= 0 && s.alive(int(s.pieces[t].team)))) {
			b.mod[1].half = true
			s.fire(h, abOverwhelm, ev, "%s is pressed against a unit behind it: its Base Strength Ratings are halved", s.name(o))
		}
	}})
	ruled(abOverwhelm, "TD-51")

	// 187 Dungball, "D: Attack Pro.": "This Unit gains Strength to their
	// Front Base Strength Rating equal to the number of Grid Spaces it
	// moves until Disengaged." (TD-53)
	register(abDungball, abilityHooks{moved: func(s *State, h, m, dist int, _ bool, ev *engine.Log) {
		if m == h && dist > 0 {
			a := &s.pieces[h].ab
			a.front = int8(min(int(a.front)+dist, 100))
			s.fire(h, abDungball, ev, "+%d to its Front Base Strength Rating until Disengaged", dist)
		}
	}})
	ruled(abDungball, "TD-53")

	// 188 Carapace, "D: Defend Pro.": "If Attacked by a Ranged Attack This
	// Unit gains an extra D3 when performing its Defend Procedure."
	// (TD-46)
	register(abCarapace, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if k, _ := b.role(h); k == 1 && b.a.kind == attackRanged {
			b.mod[1].oneD3++
			s.fire(h, abCarapace, ev, "an extra D3 against a Ranged Attack")
		}
	}})
	ruled(abCarapace, "TD-46")

	// 195 Dragon Rage, "D: Attack, Defend, Duel Pro.": "This Unit gains +1
	// to its Strength Ratings against an Enemy Unit of the Beast Man, Pup,
	// and Egg Roots." (TD-43)
	register(abDragonRage, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		k, o := b.role(h)
		if k < 0 || s.allies(h, o) {
			return
		}
		g := &s.g.grpA
		if r := s.rootOf(o); r > 0 && (r == g.beastMan || r == g.pup || r == g.egg) {
			b.mod[k].add++
			s.fire(h, abDragonRage, ev, "+1 to its Strength Ratings against a unit of the %s Root", (*unitLabel)(s.g.c.Unit(r)))
		}
	}})
	ruled(abDragonRage, "TD-43")
}

// abfCharged (pieceAb.flags): the unit performed a Charge Procedure in
// this engagement (Steamroller). A high bit, away from other abilities'.
const abfCharged = 1 << 15

// Words for events that box without allocating (fire's arguments are
// made even when no one reads the events).
type (
	sideWord  uint8 // a side: Front, Left, Right, Back
	typeWord  uint8 // a Unit or Attack Type: P, M, E
	unitLabel Unit  // a unit, printed by its name
)

func (w sideWord) String() string   { return [4]string{"Front", "Left", "Right", "Back"}[w&3] }
func (w typeWord) String() string   { return typeCodes[w%3] }
func (u *unitLabel) String() string { return u.Name }
