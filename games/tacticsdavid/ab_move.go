package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Abilities that move other units: Summon, False Guide, Grapple Tentacle.
// The unit to move is named first ("ability u0 summon u5"), then its player
// places it with a move naming it ("move u5 6,4 N"): an ability's next
// step (followUp).

// relocate takes piece t off its grid space, out of its Unit Team, and
// puts it on p facing f (no Movement Procedure of its own).
func (s *State) relocate(t int, p battlefield.Point, f battlefield.Facing) {
	s.lift(t)
	s.unform(t)
	s.pieces[t].facing = f
	s.place(t, p)
}

// contact8 reports whether a and b are in direct or diagonal grid space
// contact.
func contact8(a, b battlefield.Point) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return a != b && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1
}

// summonSpots appends to buf the grid spaces Summon may put piece t on:
// free grid spaces of the Summoner h's Range Area in its Line of Sight, a
// unit may stand on, not in direct or diagonal contact with a living enemy
// of t ("may not be placed in Direct or Diagonal Grid Space contact with an
// Enemy Unit", TD-101).
func (s *State) summonSpots(h, t int, buf []battlefield.Point) []battlefield.Point {
	var area [160]battlefield.Point
	owner := s.pieces[t].owner
	for _, q := range s.bf.Targets(s.pt(h), s.pieces[h].facing, s.rangeRating(h), area[:0]) {
		if s.at(q) >= 0 || !s.canStand(t, q) {
			continue
		}
		ok := true
		for dy := -1; dy <= 1 && ok; dy++ {
			for dx := -1; dx <= 1; dx++ {
				o := s.at(q.Add(battlefield.Point{X: dx, Y: dy}))
				if o >= 0 && o != t && s.pieces[o].owner != owner && s.alive(o) {
					ok = false
					break
				}
			}
		}
		if ok {
			buf = append(buf, q)
		}
	}
	return buf
}

// summonable reports whether Summon may move piece t: "any Light or Medium
// Unit within 7 Grid Spaces of this Unit who is not in Combat Lock, does
// not have the Dead Status and has not yet been Engaged this Turn".
func (s *State) summonable(h, t int) bool {
	p := &s.pieces[t]
	return t != h && s.alive(t) && s.info[p.prof].class <= 1 && p.lock < 0 && s.within(h, t, 7) &&
		(p.owner != s.player || p.flags&fEngaged == 0)
}

// grappled reports whether Grapple Tentacle pulls piece t toward the
// Kraken h: a living unit within 3 grid spaces, not yet in direct or
// diagonal contact, not h's team partner (TD-109).
func (s *State) grappled(h, t int) bool {
	return t != h && s.alive(t) && int(s.pieces[h].team) != t && s.within(h, t, 3) && !contact8(s.pt(h), s.pt(t))
}

// grappleSpots appends to buf the free grid spaces around h nearest to
// piece t: "into Direct and Diagonal Grid Space contact with this Unit on
// the closest side of this Unit".
func (s *State) grappleSpots(h, t int, buf []battlefield.Point) []battlefield.Point {
	best := 1 << 30
	start := len(buf)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			q := s.pt(h).Add(battlefield.Point{X: dx, Y: dy})
			if (dx == 0 && dy == 0) || !s.canStand(t, q) || s.at(q) >= 0 {
				continue
			}
			switch d := battlefield.Distance(q, s.pt(t)); {
			case d < best:
				best = d
				buf = append(buf[:start], q)
			case d == best:
				buf = append(buf, q)
			}
		}
	}
	return buf
}

// grappleAny reports whether Grapple Tentacle has a unit to pull now.
func (s *State) grappleAny(h int) bool {
	var spots [8]battlefield.Point
	for t := range s.pieces {
		if s.grappled(h, t) && len(s.grappleSpots(h, t, spots[:0])) > 0 {
			return true
		}
	}
	return false
}

// grappleMoves appends the next pulls of Grapple Tentacle, as moves naming
// the pulled unit: each unit to pull, to each nearest free grid space. Of
// a Unit Team, the unit standing first on the grid space is named; its
// partner comes along.
func (s *State) grappleMoves(h, seat int, buf []engine.Action) []engine.Action {
	var spots [8]battlefield.Point
	for t := range s.pieces {
		if !s.grappled(h, t) {
			continue
		}
		if m := s.pieces[t].team; m >= 0 && s.alive(int(m)) && s.at(s.pt(t)) != t {
			continue // its partner is named
		}
		for _, q := range s.grappleSpots(h, t, spots[:0]) {
			buf = append(buf, act(seat, actMove, q.X, q.Y, int(s.pieces[t].facing), t))
		}
	}
	return buf
}

func init() {
	// 009 Summon, "R: Attack Pro.": "The Player may move any Light or
	// Medium Unit within 7 Grid Spaces of this Unit who is not in Combat
	// Lock, does not have the Dead Status and has not yet been Engaged this
	// Turn into this Unit's Range Area in Line of Sight. The Unit being
	// moved may not be placed in Direct or Diagonal Grid Space contact with
	// an Enemy Unit and counts as having moved that Turn. If the Unit being
	// moved is Ethereal it acquires the Summoned Status." (TD-101)
	registerActive(abSummon, &activeAbility{
		use: useAttack,
		why: "Summon moves a living Light or Medium unit within 7 grid spaces, not in Combat Lock nor engaged this turn, to a free grid space of the Summoner's Range Area in Line of Sight away from the unit's enemies",
		targets: func(s *State, h int, c *choices) {
			var buf [64]battlefield.Point
			for t := range s.pieces {
				if s.summonable(h, t) && len(s.summonSpots(h, t, buf[:0])) > 0 {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abSummon, ev, "calls %s to its side", s.name(t))
			s.await(h, abSummon, t, 0)
		},
	}, abilityHooks{})
	registerFollowUp(abSummon, &followUp{
		why: "place the summoned unit: move uT x,y with its own facing, on a free grid space of the Summoner's Range Area in Line of Sight, not in direct or diagonal contact with its enemies",
		legal: func(s *State, h, seat int, buf []engine.Action) []engine.Action {
			t := int(s.pend.t)
			var spots [64]battlefield.Point
			for _, q := range s.summonSpots(h, t, spots[:0]) {
				buf = append(buf, act(seat, actMove, q.X, q.Y, int(s.pieces[t].facing), t))
			}
			return buf
		},
		apply: func(s *State, h int, pd pending, a engine.Action, ev *engine.Log) {
			t := int(pd.t)
			p := &s.pieces[t]
			s.unlock(t, ev)
			s.relocate(t, battlefield.Point{X: int(a.Arg[0]), Y: int(a.Arg[1])}, p.facing)
			if p.owner == s.player {
				p.ab.turn |= turnSummoned // "counts as having moved that Turn"
			}
			s.fire(h, abSummon, ev, "%s appears at %d,%d", s.name(t), p.x, p.y)
			if p.utype == ethereal {
				s.inflict(h, abSummon, t, Summoned, ev)
			}
		},
	})
	ruled(abSummon, "TD-101")

	// 155 False Guide, "D: Combat Pha.": "This Unit may target an Enemy
	// Unit within 3 Grid Spaces. If 1 D6 Roll is greater than or equal to 3
	// this Player may perform a Movement and Facing Procedure with the
	// targeted Unit. This Unit may not Attack the targeted Unit this Turn."
	// (TD-111)
	registerActive(abFalseGuide, &activeAbility{
		use: useCombat,
		why: "False Guide targets a living enemy unit within 3 grid spaces that may move: not Locked in Combat, not Petrified",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				p := &s.pieces[t]
				if t != h && s.alive(t) && !s.allies(h, t) && s.within(h, t, 3) && p.lock < 0 && !p.has(Petrified) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.pieces[h].ab.guided = int8(t + 1)
			s.fire(h, abFalseGuide, ev, "leads %s astray; it may not attack it this turn", s.name(t))
			if s.rollFor(h, abFalseGuide, 6, ev, atLeast(3)) >= 3 {
				s.await(h, abFalseGuide, t, 0)
			}
		},
	}, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		// "This Unit may not Attack the targeted Unit this Turn."
		if int(b.a.attacker) == h && int(s.pieces[h].ab.guided) == b.d+1 {
			b.cancel = true
			s.fire(h, abFalseGuide, ev, "it may not attack %s this turn", s.name(b.d))
		}
	}})
	registerFollowUp(abFalseGuide, &followUp{
		why: "move the guided unit: move uT x,y facing, to a grid space its own Movement Procedure reaches (or where it stands), ending on no other unit",
		legal: func(s *State, h, seat int, buf []engine.Action) []engine.Action {
			t := int(s.pend.t)
			for _, f := range facings {
				buf = append(buf, act(seat, actMove, int(s.pieces[t].x), int(s.pieces[t].y), int(f), t))
			}
			for _, sq := range s.reach(t, -1, s.rating(t, 0)) {
				x, y := int(sq)%s.bf.W, int(sq)/s.bf.W
				if s.at(battlefield.Point{X: x, Y: y}) >= 0 {
					continue
				}
				for _, f := range facings {
					buf = append(buf, act(seat, actMove, x, y, int(f), t))
				}
			}
			return buf
		},
		apply: func(s *State, h int, pd pending, a engine.Action, ev *engine.Log) {
			t := int(pd.t)
			p := battlefield.Point{X: int(a.Arg[0]), Y: int(a.Arg[1])}
			moved := p != s.pt(t)
			if moved {
				s.relocate(t, p, battlefield.Facing(a.Arg[2]))
			} else {
				s.pieces[t].facing = battlefield.Facing(a.Arg[2])
			}
			s.fire(h, abFalseGuide, ev, "%s goes to %d,%d, facing %s", s.name(t), p.X, p.Y, s.pieces[t].facing)
			if moved {
				s.afterMove(t, ev)
			}
		},
	})
	ruled(abFalseGuide, "TD-111")

	// 136 Grapple Tentacle, "D: Combat Pha.": "During this Unit's Combat
	// Phase Units within 3 Grid Spaces of this Unit must move into Direct
	// and Diagonal Grid Space contact with this Unit on the closest side of
	// this Unit. Units keep their facing. Units may be removed from Combat
	// Lock. All Units within 3 Grid Spaces must be affected up to a maximum
	// of 8 Units in any order this Player chooses." (TD-109)
	registerActive(abGrappleTentacle, &activeAbility{
		use: useCombat,
		why: "Grapple Tentacle pulls the living units within 3 grid spaces into contact; there must be one to pull and a free grid space around the Kraken",
		targets: func(s *State, h int, c *choices) {
			if s.grappleAny(h) {
				c.add(-1, 0)
			}
		},
		apply: func(s *State, h, _, _ int, ev *engine.Log) {
			s.fire(h, abGrappleTentacle, ev, "lashes out with its tentacles")
			s.await(h, abGrappleTentacle, -1, 0)
		},
	}, abilityHooks{})
	registerFollowUp(abGrappleTentacle, &followUp{
		why: "pull the next unit within 3 grid spaces, in the order of your choice: move uT x,y (its facing), to a free grid space around the Kraken nearest to it",
		legal: func(s *State, h, seat int, buf []engine.Action) []engine.Action {
			return s.grappleMoves(h, seat, buf)
		},
		apply: func(s *State, h int, pd pending, a engine.Action, ev *engine.Log) {
			t := int(a.Arg[3])
			p := battlefield.Point{X: int(a.Arg[0]), Y: int(a.Arg[1])}
			partner := int(s.pieces[t].team)
			s.unlock(t, ev) // "Units may be removed from Combat Lock"
			if partner >= 0 && s.alive(partner) {
				// A Unit Team comes along as one (TD-109).
				s.unlock(partner, ev)
				s.liftTeam(t, partner)
				s.place(t, p)
				s.place(partner, p)
			} else {
				s.relocate(t, p, s.pieces[t].facing) // "Units keep their facing"
			}
			s.fire(h, abGrappleTentacle, ev, "pulls %s to %d,%d", s.name(t), p.X, p.Y)
			// "up to a maximum of 8 Units"
			if n := int(pd.x) + 1; n < 8 && s.grappleAny(h) {
				s.await(h, abGrappleTentacle, -1, n)
			}
		},
	})
	ruled(abGrappleTentacle, "TD-109")
}
