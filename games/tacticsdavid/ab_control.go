package tacticsdavid

import (
	"slices"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Abilities that change who a unit is or who controls it: Possess, Host,
// Curse, Alter, Raise Dead, Polymorph, Ghoul Blight, Learn, Nature Shape;
// and the memory every such change needs: what lasts "this Turn" or
// "until ... Engaged" (rulings TD-M*, docs/rulings/td-abilities-c2.md).

// turnBits are what abilities did to a unit this turn (pieceAb.turn),
// forgotten at the end of the turn.
const (
	turnSummoned = 1 << iota // moved by Summon: "counts as having moved that Turn"
	turnChanted              // targeted by a Chant this turn
)

// trueOwner is the player piece i belongs to, whoever controls it now
// (Possess: control returns "after this Player's Turn").
func (s *State) trueOwner(i int) int {
	if o := s.pieces[i].ab.owner0; o > 0 {
		return int(o) - 1
	}
	return int(s.pieces[i].owner)
}

// abEngageStart is what ends or begins when piece i is engaged, whatever
// its statuses then do (engageStart).
func (s *State) abEngageStart(i int, ev *engine.Log) {
	p := &s.pieces[i]
	a := &p.ab
	if a.shape != 0 {
		// Nature Shape: "until the next time this Unit is Engaged" (TD-118).
		p.prof = a.shape - 1
		p.utype = s.info[p.prof].utype
		a.shape = 0
		s.refreshPresent()
		s.fire(i, abNatureShape, ev, "it takes its own form again")
	}
	if a.off&offBlight != 0 && int(s.player) == s.trueOwner(i) {
		// Ghoul Blight: "disabled until it is Engaged by the opposing
		// Player" (TD-112).
		a.off &^= offBlight
		s.event(ev, "ability", "%s: its Ability is no longer disabled by Ghoul Blight", s.name(i))
	}
	if a.turn&turnSummoned != 0 {
		// Summon: "counts as having moved that Turn" (TD-101).
		a.turn &^= turnSummoned
		s.eng.moved, s.eng.moveDone = true, true
		s.event(ev, "ability", "%s: Summon: it counts as having moved this turn", s.name(i))
	}
}

// abTurnEnd ends what abilities gave "this Turn" or "during this Turn":
// learned abilities (Learn), control (Possess), set-aside statuses
// (Soothe), range bonuses (Holy Guidance), the marks of Summon, Chant and
// False Guide.
func (s *State) abTurnEnd(ev *engine.Log) {
	refresh := false
	for i := range s.pieces {
		p := &s.pieces[i]
		a := &p.ab
		if a.learned != 0 {
			s.event(ev, "ability", "%s: Learn: it forgets %s", s.name(i), s.g.abLabel(int(a.learned)))
			a.learned = 0
			refresh = true
		}
		if a.owner0 != 0 {
			s.returnControl(i, ev)
		}
		if a.soothed != 0 {
			s.unsoothe(i, ev)
		}
		a.rng, a.rmod, a.turn, a.guided = 0, 0, 0, 0
	}
	if refresh {
		s.refreshPresent()
	}
}

// returnControl gives a Possessed unit back to its player: "Control
// returns to the original Player after this Player's Turn." (TD-110)
func (s *State) returnControl(i int, ev *engine.Log) {
	p := &s.pieces[i]
	p.owner = p.ab.owner0 - 1
	p.ab.owner0 = 0
	if p.lock >= 0 && s.pieces[p.lock].owner == p.owner {
		s.unlock(i, ev) // units of one side are not Locked in Combat
	}
	s.event(ev, "control", "%s returns to its player's control", s.name(i))
}

// takeControl puts piece i under seat's control (Possess, Host): a Combat
// Lock with seat's units ends.
func (s *State) takeControl(i, seat int, ev *engine.Log) {
	p := &s.pieces[i]
	p.owner = int8(seat)
	if p.lock >= 0 && int(s.pieces[p.lock].owner) == seat {
		s.unlock(i, ev)
	}
}

// removeStacked takes piece i off the battlefield into another unit's
// stack (Host, Curse, Alter): its items go to the bottom of the Item Deck
// (TD-107).
func (s *State) removeStacked(i int, ev *engine.Log) {
	s.unlock(i, ev)
	s.lift(i)
	s.unform(i)
	for slot := range s.pieces[i].items {
		s.discardItem(i, slot)
	}
	p := &s.pieces[i]
	p.flags |= fRemoved
	p.status = 0
	p.ab = pieceAb{}
	if s.eng.q == int8(i) {
		s.eng.q = -1 // its team partner's engagement goes on without it
	}
}

// addProfile returns the index of profile p among the match's profiles,
// adding it when new (copied on write, as profileFor).
func (s *State) addProfile(p Profile) int16 {
	for k := range s.profs {
		q := &s.profs[k]
		if q.Name == p.Name && q.Strength == p.Strength && q.Type == p.Type && slices.Equal(q.Units, p.Units) && slices.Equal(q.Abilities, p.Abilities) {
			return int16(k)
		}
	}
	s.profs = append(s.profs[:len(s.profs):len(s.profs)], p)
	s.info = append(s.info[:len(s.info):len(s.info)], s.infoOf(p))
	return int16(len(s.profs) - 1)
}

// stackUnder stacks holder (a unit of ability n) under enemy t: the new
// stacked unit is t's own profile with the holder's units below, and none
// of the "Stacking bonuses" — the ratings and abilities of the units under
// it (TD-107); edit changes it as the ability says. The holder leaves the
// battlefield; the stacked unit is under seat's control.
func (s *State) stackUnder(holder, n, t, seat int, edit func(*Profile), ev *engine.Log) {
	tp := &s.pieces[t]
	if tp.ab.shape != 0 {
		tp.prof = tp.ab.shape - 1 // its own profile, not a Nature Shape (TD-107)
		tp.ab.shape = 0
	}
	base := s.profs[tp.prof]
	units := append(slices.Clone(s.profs[s.pieces[holder].prof].Units), base.Units...)
	p := base
	p.Units = units
	p.Name = s.g.c.pieceName(units) + " (" + s.g.abName(n) + ")"
	p.Abilities = slices.Clone(base.Abilities)
	if edit != nil {
		edit(&p)
	}
	s.removeStacked(holder, ev)
	tp.prof = s.addProfile(p)
	tp.utype = s.info[tp.prof].utype
	if seat != int(tp.owner) {
		tp.ab.owner0 = 0
		s.takeControl(t, seat, ev)
		tp.flags |= fEngaged // it acts from its new player's next turn (TD-107)
	}
	s.event(ev, "unit.stacked", "%s is stacked under it: it is now %s", s.name(holder), s.name(t))
	s.refreshPresent()
	s.checkOver(ev) // a player's last unit may have gone into the enemy's stack
}

// adjacentEnemies adds each living enemy in direct grid space contact with
// holder, not in a Unit Team when solo is set, with extra x.
func (s *State) adjacentEnemies(h int, solo bool, c *choices, x int) {
	for t := range s.pieces {
		if t != h && s.alive(t) && !s.allies(h, t) && adjacent(s.pt(h), s.pt(t)) && (!solo || s.pieces[t].team < 0) {
			c.add(t, x)
		}
	}
}

// discardUnfit discards the statuses piece i's Unit Type may not have
// (as the Amulet of Shifting, TD-41).
func (s *State) discardUnfit(i int, ev *engine.Log) {
	p := &s.pieces[i]
	for st := 0; st < NumStatuses; st++ {
		if p.has(st) && !s.may(p.utype, st) {
			s.discard(i, st, ev)
		}
	}
}

// sightAnySide reports whether piece h sees grid space q facing any way
// ("in Line of Sight from any side").
func (s *State) sightAnySide(h int, q battlefield.Point) bool {
	for _, f := range facings {
		if s.bf.LineOfSight(s.pt(h), f, q) {
			return true
		}
	}
	return false
}

func init() {
	// 147 Possess, "R: Attack Pro.": "This Unit may target an Enemy Unit
	// within its Range Area in Line of Sight. If 1 D6 Roll is greater than
	// or equal to 4 the Enemy Unit comes under this Player's control during
	// this Turn. Control returns to the original Player after this
	// Player's Turn." (TD-110)
	registerActive(abPossess, &activeAbility{
		use: useAttack,
		why: "Possess targets a living enemy unit, not in a Unit Team, within its Range Area in Line of Sight",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && !s.allies(h, t) && s.pieces[t].team < 0 && s.canSee(h, t) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abPossess, ev, "reaches for the mind of %s", s.name(t))
			if s.rollFor(h, abPossess, 6, ev, atLeast(4)) < 4 {
				return
			}
			p := &s.pieces[t]
			p.ab.owner0 = p.owner + 1
			s.takeControl(t, int(s.pieces[h].owner), ev)
			// It may be engaged this turn by its new player.
			p.flags &^= fEngaged | fLockActed | fCombatEntered | fLuckyUsed
			s.event(ev, "control", "%s is under %s's control this turn", s.name(t), seatWord(p.owner))
		},
	}, abilityHooks{})
	ruled(abPossess, "TD-110", "TD-158")

	// 072 Host, "R: Attack Pro.": "If 1 D6 Roll is greater than or equal to
	// 4 Stack this Unit under an Enemy Unit in Direct Grid Space contact.
	// The newly Stacked Unit is under this Player's Control, has its Base
	// Strength Ratings halved, and does not acquire any Stacking bonuses."
	// (TD-107)
	registerActive(abHost, &activeAbility{
		use: useAttack,
		why: "Host targets a living enemy unit, not in a Unit Team, in direct grid space contact",
		targets: func(s *State, h int, c *choices) {
			s.adjacentEnemies(h, true, c, 0)
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abHost, ev, "tries to burrow into %s", s.name(t))
			if s.rollFor(h, abHost, 6, ev, atLeast(4)) < 4 {
				return
			}
			// "is under this Player's Control"
			s.stackUnder(h, abHost, t, int(s.pieces[h].owner), func(p *Profile) {
				for k := range p.Strength {
					p.Strength[k] /= 2 // "has its Base Strength Ratings halved"
				}
			}, ev)
		},
	}, abilityHooks{})
	ruled(abHost, "TD-107")

	// 146 Curse, "R: Attack Pro.": "If 1 D6 Roll is greater than or equal
	// to 3 Stack this Unit under an Enemy Unit in Direct Grid Space
	// contact. The newly Stacked Unit may not use any Unit Abilities, is
	// still under the opposing Player's control, and may not acquire any
	// Stacking bonuses." (TD-107)
	registerActive(abCurse, &activeAbility{
		use: useAttack,
		why: "Curse targets a living enemy unit in direct grid space contact",
		targets: func(s *State, h int, c *choices) {
			s.adjacentEnemies(h, false, c, 0)
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abCurse, ev, "lays itself upon %s", s.name(t))
			if s.rollFor(h, abCurse, 6, ev, atLeast(3)) < 3 {
				return
			}
			s.stackUnder(h, abCurse, t, int(s.pieces[t].owner), nil, ev)
			s.pieces[t].ab.off |= offCursed
			s.event(ev, "ability", "%s may not use any Unit Abilities", s.name(t))
		},
	}, abilityHooks{})
	ruled(abCurse, "TD-107")

	// 171 Alter, "R: Attack Pro.": "If 1 D6 Roll is greater than or equal
	// to 3 Stack this Unit under an Enemy Unit in Direct Grid Space
	// contact. The newly Stacked Unit becomes a new Unit Type of this
	// Player's choosing, is still under the opposing Player's control, and
	// does not acquire Stacking bonuses." extra: the new Unit Type + 1
	// (1 Physical, 2 Magical, 3 Ethereal), another than the unit's.
	registerActive(abAlter, &activeAbility{
		use: useAttack,
		why: "Alter targets a living enemy unit in direct grid space contact, with its new Unit Type: 1 Physical, 2 Magical or 3 Ethereal, not the one it has",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && !s.allies(h, t) && adjacent(s.pt(h), s.pt(t)) {
					for ty := 0; ty < 3; ty++ {
						if uint8(ty) != s.pieces[t].utype {
							c.add(t, ty+1)
						}
					}
				}
			}
		},
		apply: func(s *State, h, t, x int, ev *engine.Log) {
			s.fire(h, abAlter, ev, "reworks %s", s.name(t))
			if s.rollFor(h, abAlter, 6, ev, atLeast(3)) < 3 {
				return
			}
			ty := x - 1
			s.stackUnder(h, abAlter, t, int(s.pieces[t].owner), func(p *Profile) {
				p.Type = typeCodes[ty]
				p.Name = p.Name[:len(p.Name)-1] + ", " + typeCodes[ty] + ")"
			}, ev)
			s.pieces[t].utype = uint8(ty)
			s.event(ev, "ability", "%s is of the %s Unit Type now", s.name(t), typeName(ty))
			s.discardUnfit(t, ev)
		},
	}, abilityHooks{})
	ruled(abAlter, "TD-107")

	// 053 Raise Dead, "R: Attack Pro.": "This Unit may target a Unit
	// within it's Range Area which has the Dead status. If 1 D6 Roll is
	// equal to or greater than 4 the targeted Unit is replaced with a
	// "Zombie" Unit facing the same direction under this Player's control.
	// The "Zombie" Unit may not be Engaged the same Turn this Ability is
	// used." (TD-104)
	registerActive(abRaiseDead, &activeAbility{
		use: useAttack,
		why: "Raise Dead targets a unit with the Dead Status within its Range Area, alone on its grid space",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if s.onField(t) && s.pieces[t].has(Dead) && s.pieces[t].team < 0 && s.inRangeArea(h, t) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abRaiseDead, ev, "calls on %s to rise", s.name(t))
			if s.rollFor(h, abRaiseDead, 6, ev, atLeast(4)) < 4 {
				return
			}
			if s.replace(t, s.g.unitNumber("Zombie"), int(s.pieces[h].owner), ev) {
				s.pieces[t].flags |= fEngaged // "may not be Engaged the same Turn"
			}
		},
	}, abilityHooks{})
	ruled(abRaiseDead, "TD-104")

	// 160 Polymorph, "R: Attack Pro.": "This Unit may target a Unit within
	// its Range Area in Line of Sight. If 1 D6 Roll is equal to 6 the
	// targeted Unit is replaced with a Slime Unit. If the Roll is equal to
	// 5 the targeted Unit is replaced with a Pup Unit. If the Roll is equal
	// to 4 the targeted Unit is replaced with an Egg Unit. Replaced Units
	// remain under the original Player's control. Replaced Units acquire
	// the Confused Status." (TD-113)
	registerActive(abPolymorph, &activeAbility{
		use: useAttack,
		why: "Polymorph targets a living unit within its Range Area in Line of Sight",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && s.canSee(h, t) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abPolymorph, ev, "works its art on %s", s.name(t))
			unit := ""
			switch s.rollFor(h, abPolymorph, 6, ev, decides("what it becomes: 6 a Slime, 5 a Pup, 4 an Egg, 3 or less no change")) {
			case 6:
				unit = "Slime"
			case 5:
				unit = "Pup"
			case 4:
				unit = "Egg"
			default:
				return
			}
			p := &s.pieces[t]
			team, orient, half := p.team, p.orient, p.half
			if !s.replace(t, s.g.unitNumber(unit), s.trueOwner(t), ev) {
				return
			}
			if team >= 0 && s.pieces[team].team == -1 && s.pieces[team].owner == p.owner && s.pt(int(team)) == s.pt(t) {
				// It stands where it stood, in its Unit Team (TD-113).
				p.team, s.pieces[team].team = team, int8(t)
				p.orient, p.half = orient, half
			}
			s.inflict(h, abPolymorph, t, Confused, ev)
		},
	}, abilityHooks{})
	ruled(abPolymorph, "TD-113")

	// 158 Ghoul Blight, "R: Attack Pro.": "This Unit may target a Unit
	// within 3 Grid Spaces in Line of Sight from any side. The targeted
	// Unit's Ability is disabled until it is Engaged by the opposing
	// Player." (TD-112)
	registerActive(abGhoulBlight, &activeAbility{
		use: useAttack,
		why: "Ghoul Blight targets an enemy unit within 3 grid spaces, in Line of Sight from any side, whose abilities are not disabled yet",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && !s.allies(h, t) && s.within(h, t, 3) && s.pieces[t].ab.off&offBlight == 0 && s.sightAnySide(h, s.pt(t)) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.pieces[t].ab.off |= offBlight
			s.fire(h, abGhoulBlight, ev, "%s's Ability is disabled until its player engages it", s.name(t))
		},
	}, abilityHooks{})
	ruled(abGhoulBlight, "TD-112")

	// 166 Learn, "A: Unit Engagement": "This Unit may target a Unit within
	// its Range Area. This Unit acquires the Ability of the targeted Unit
	// until the end of this Player's Turn." extra: the ability's number (a
	// stacked unit has several). (TD-117)
	registerActive(abLearn, &activeAbility{
		use: useEngage,
		why: "Learn targets a unit within its Range Area and names one of its abilities (by number) that this unit does not have",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t == h || !s.onField(t) || !s.inRangeArea(h, t) {
					continue
				}
				for _, n := range s.profs[s.pieces[t].prof].Abilities {
					if n >= 1 && n <= numAbilities && n != abLearn && !s.info[s.pieces[h].prof].abil.has(n) && int(s.pieces[h].ab.learned) != n && !c.has(t, n) {
						c.add(t, n)
					}
				}
			}
		},
		apply: func(s *State, h, t, n int, ev *engine.Log) {
			s.pieces[h].ab.learned = int16(n)
			s.refreshPresent()
			s.fire(h, abLearn, ev, "learns %s from %s until the end of the turn", s.g.abLabel(n), s.name(t))
		},
	}, abilityHooks{})
	ruled(abLearn, "TD-117")

	// 201 Nature Shape, "A: Unit Engagement": "This Unit may act as a
	// "Hound," "Wolf," or "Bear" Unit until the next time this Unit is
	// Engaged." extra: 1 Hound, 2 Wolf, 3 Bear. (TD-118)
	registerActive(abNatureShape, &activeAbility{
		use: useEngage,
		why: "Nature Shape takes the form of a Hound (1), a Wolf (2) or a Bear (3)",
		targets: func(s *State, h int, c *choices) {
			if s.pieces[h].ab.shape == 0 {
				for k := 1; k <= len(natureForms); k++ {
					c.add(-1, k)
				}
			}
		},
		apply: func(s *State, h, _, x int, ev *engine.Log) {
			k, err := s.profileFor(s.g.unitNumber(natureForms[x-1]))
			if err != nil {
				return
			}
			p := &s.pieces[h]
			p.ab.shape = p.prof + 1
			p.prof = k
			p.utype = s.info[k].utype
			s.refreshPresent()
			s.fire(h, abNatureShape, ev, "takes the shape of a %s until it is next engaged", (*strRef)(&natureForms[x-1]))
			s.discardUnfit(h, ev)
		},
	}, abilityHooks{})
	ruled(abNatureShape, "TD-118")
}

// natureForms are the units Nature Shape may act as, in the order of its
// text.
var natureForms = [3]string{"Hound", "Wolf", "Bear"}
