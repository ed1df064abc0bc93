package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Reactions in the other player's turn: Phase Shift and Slip move an
// attacked unit beside or behind its attacker before the Defend Procedure
// (TD-131), Warning Signs turns a unit receiving a Ranged Attack (TD-133),
// and Autofire shoots at an enemy unit that ends its Movement Phase in
// range (TD-132).

func init() {
	// 067 Phase Shift, "B: Defend Pro.": "If 1 D6 Roll is greater than or
	// equal to 4 this Unit may move to any side of the Attacking Unit and
	// face that Unit." The player names the side (0-3: the attacker's
	// north, east, south or west), then rolls.
	registerReaction(abPhaseShift, &reaction{
		window: winDefend,
		why:    "Phase Shift moves an attacked unit, on 4 or more on 1 D6, to a free grid space on a side of its attacker (0 north, 1 east, 2 south, 3 west of it), facing it",
		offer: func(s *State, h int, c *choices) {
			if !s.mayShift(h) {
				return
			}
			a := s.pt(int(s.fight.a.attacker))
			for _, d := range facings {
				if s.freeSpace(a.Add(d.Delta())) {
					c.add(-1, int(d))
				}
			}
		},
		apply: func(s *State, h, x int, ev *engine.Log) {
			d := facings[x&3]
			if s.rollFor(h, abPhaseShift, 6, ev, atLeast(4)) < 4 {
				return
			}
			s.shiftTo(h, abPhaseShift, s.pt(int(s.fight.a.attacker)).Add(d.Delta()), (d+2)%4, ev)
		},
	}, abilityHooks{})
	ruled(abPhaseShift, "TD-131")

	// 069 Slip, "B: Defend Pro.": "If this Unit is attacked by a Unit in
	// Direct Grid Space contact Roll 1 D6. If the Roll is greater than or
	// equal to 4 this Unit may move directly behind the Attacking Unit and
	// face that Unit."
	registerReaction(abSlip, &reaction{
		window: winDefend,
		why:    "Slip moves a unit attacked by a unit in direct grid space contact, on 4 or more on 1 D6, to the free grid space behind its attacker, facing it",
		offer: func(s *State, h int, c *choices) {
			if !s.mayShift(h) {
				return
			}
			a := int(s.fight.a.attacker)
			if adjacent(s.pt(a), s.pt(h)) && s.freeSpace(s.behind(a)) {
				c.add(-1, 0)
			}
		},
		apply: func(s *State, h, _ int, ev *engine.Log) {
			if s.rollFor(h, abSlip, 6, ev, atLeast(4)) < 4 {
				return
			}
			a := int(s.fight.a.attacker)
			s.shiftTo(h, abSlip, s.behind(a), s.pieces[a].facing, ev)
		},
	}, abilityHooks{})
	ruled(abSlip, "TD-131")

	// 165 Warning Signs, "All (Not with Dead Status)": "This Unit and Allied
	// Units within 3 Grid Spaces of this Unit receiving a Ranged Attack may
	// perform a Facing Procedure before their Defend Procedure." The player
	// names the unit and its facing: 4 × unit + facing (0 N, 1 E, 2 S, 3 W).
	registerReaction(abWarningSigns, &reaction{
		window: winDefend,
		why:    "Warning Signs turns the Detector or an allied unit within 3 grid spaces receiving a Ranged Attack: 4 × its unit number + its new facing (0 N, 1 E, 2 S, 3 W)",
		offer: func(s *State, h int, c *choices) {
			f := &s.fight
			if !f.on || f.a.kind != attackRanged {
				return
			}
			for _, d := range f.hit[:f.n] {
				t := int(d)
				if !s.alive(t) || s.pieces[t].has(Petrified) || (t != h && (!s.allies(h, t) || !s.within(h, t, 3))) {
					continue
				}
				for _, fc := range facings {
					if fc != s.pieces[t].facing {
						c.add(-1, 4*t+int(fc))
					}
				}
			}
		},
		apply: func(s *State, h, x int, ev *engine.Log) {
			t, fc := x/4, facings[x&3]
			s.pieces[t].facing = fc
			s.fire(h, abWarningSigns, ev, "%s turns to face %s", s.name(t), fc)
		},
	}, abilityHooks{})
	ruled(abWarningSigns, "TD-133")

	// 164 Autofire, "All (During Opponents Turn)": "Enemy Units ending their
	// Movement Phase in this Unit's Range Area are immediately Attacked by
	// this Unit regardless of this Unit's Facing. Attacks from this Unit
	// during your Opponent's Turn may not start a Duel Procedure, but a
	// Defending Unit may start it." A reaction of the Sentry's player when
	// the engaged enemy unit's Movement Phase ends (moveEnded): "react uS
	// autofire T" shoots at unit T, turning to face it (TD-132).
	registerReaction(abAutofire, &reaction{
		window: winMoveEnd,
		why:    "Autofire shoots, in the opponent's turn, at an enemy unit that ended its Movement Phase in the Range Area of the unit in any direction, in Line of Sight, not in Combat Lock (the number is the target's)",
		offer: func(s *State, h int, c *choices) {
			p := &s.pieces[h]
			if p.owner == s.player || !s.eng.moveDone || !s.alive(h) || p.lock >= 0 || p.has(Petrified) ||
				!s.info[p.prof].ranged || !s.mayAttackAsType(h) {
				return
			}
			for _, m := range [2]int8{s.eng.p, s.eng.q} {
				t := int(m)
				if t < 0 || !s.alive(t) || s.allies(h, t) || s.pieces[t].lock >= 0 {
					continue
				}
				if s.bf.CanTarget(s.pt(h), toward(s.pt(h), s.pt(t)), s.rangeRating(h), s.pt(t)) {
					c.add(-1, t)
				}
			}
		},
		apply: func(s *State, h, t int, ev *engine.Log) {
			s.pieces[h].facing = toward(s.pt(h), s.pt(t))
			s.fire(h, abAutofire, ev, "turns %s and fires at %s", s.pieces[h].facing, s.name(t))
			s.resolve(attack{attacker: int8(h), target: int8(t), side: Front, kind: attackRanged}, ev)
		},
	}, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if int(b.a.attacker) == h && s.pieces[h].owner != s.player {
			b.noDuelA = true // "may not start a Duel Procedure, but a Defending Unit may start it"
		}
	}})
	ruled(abAutofire, "TD-132")
}

// mayShift reports whether piece h, attacked now, may be moved by Phase
// Shift or Slip: one of the fight's defenders, alive, not Petrified, not
// held by a Combat Lock or a Unit Team (TD-131).
func (s *State) mayShift(h int) bool {
	p := &s.pieces[h]
	return s.fight.on && s.fight.defends(h) && s.alive(h) && !p.has(Petrified) && p.lock < 0 && p.team < 0
}

// freeSpace reports whether a unit may be put on grid space q: on the
// battlefield, no terrain piece, no unit (alive or dead).
func (s *State) freeSpace(q battlefield.Point) bool {
	return s.bf.In(q) && !s.bf.Blocked(q) && s.at(q) < 0
}

// behind is the grid space behind piece a.
func (s *State) behind(a int) battlefield.Point {
	return s.pt(a).Add(((s.pieces[a].facing + 2) % 4).Delta())
}

// shiftTo moves attacked piece h to q facing f (Phase Shift, Slip). The
// attack strikes it only if q is still in a Melee attack's Area of Attack;
// otherwise it has got out of the way (TD-131).
func (s *State) shiftTo(h, n int, q battlefield.Point, f battlefield.Facing, ev *engine.Log) {
	s.lift(h)
	s.pieces[h].facing = f
	s.place(h, q)
	s.fire(h, n, ev, "moves to %d,%d facing %s", q.X, q.Y, f)
	fg := &s.fight
	i := int(fg.a.attacker)
	in := false
	switch fg.a.kind {
	case attackMelee:
		in = s.area(i).Hit(s.pt(i), s.pieces[i].facing, q)
	case attackRangedMelee:
		in = s.pt(i).Add(s.pieces[i].facing.Delta()) == q
	}
	if in {
		return
	}
	for k := 0; k < int(fg.n); k++ {
		if int(fg.hit[k]) == h {
			copy(fg.hit[k:fg.n], fg.hit[k+1:fg.n])
			fg.n--
			break
		}
	}
	s.event(ev, "attack.avoided", "%s is out of the attack's way", s.name(h))
}

// mayAttackAsType reports whether piece h's statuses allow an attack of its
// Attack Type: Crippled, Silenced, Banished (seed 004, "Status Affects").
func (s *State) mayAttackAsType(h int) bool {
	p := &s.pieces[h]
	switch s.attackType(h) {
	case physical:
		return !p.has(Crippled)
	case magical:
		return !p.has(Silenced)
	}
	return !p.has(Banished)
}
