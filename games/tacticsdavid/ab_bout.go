package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Group B: what happens around one bout, before it (Ignore Consequence,
// Razor's Charge) and after it (Bone Snap, Skewer, Gone Wild, Pierce, Exit
// Wound, Rabies, Petrifying Peck, Oil Spurt, Incineration, Bug Zapper, Fire
// Flight). Rulings TD-62 to TD-86, docs/rulings/td-abilities-b.md.

// attacking reports whether holder h is the attacking unit of bout b (not
// a defender, nor an onlooker).
func attacking(b *bout, h int) bool { return h == int(b.a.attacker) && b.striker == h }

// opponentGets gives the holder's opposing unit in bout b status st, on a
// roll of need or more on 1 D6 (need 0: no roll), if it is an enemy that
// may acquire it.
func (s *State) opponentGets(b *bout, h, n, st, need int, ev *engine.Log) {
	k, o := b.role(h)
	if k < 0 || s.allies(h, o) || !s.mayGet(o, st) {
		return
	}
	if need > 0 && s.rollFor(h, n, 6, ev, atLeast(need)) < need {
		return
	}
	s.fire(h, n, ev, "gives %s the %s Status", s.name(o), statusWord(st))
	s.inflict(h, n, o, st, ev)
}

func init() {
	// 011 Bone Snap, "A: Attack Pro.": "Any Unit who does not acquire the
	// Dead Status as a result of this Unit's Attack Procedure acquires the
	// Crippled Status if applicable." ("Only Physical Units may be
	// afflicted".)
	register(abBoneSnap, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		if !attacking(b, h) || b.killed || !s.mayGet(b.d, Crippled) {
			return
		}
		s.fire(h, abBoneSnap, ev, "snaps the bones of %s", s.name(b.d))
		s.inflict(h, abBoneSnap, b.d, Crippled, ev)
	}})

	// 017 Skewer, "D: Attack Pro.": "If this Unit forces a Unit to acquire
	// the Dead Status then any other Unit within this Unit's Attack Area
	// also acquires the Dead Status. If this Unit's Attack Area is
	// modified in any way this Ability will not work." (TD-72)
	register(abSkewer, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		p := &s.pieces[h]
		if !attacking(b, h) || !b.killed || b.a.kind == attackRangedMelee || s.area(h) != s.info[p.prof].area {
			return
		}
		anchor := s.pt(h)
		if b.a.kind == attackRanged {
			anchor = s.pt(int(b.a.target))
		}
		var buf [24]battlefield.Point
		pts := s.area(h).Squares(s.bf, anchor, p.facing, buf[:0])
		for _, q := range pts {
			u := s.at(q)
			if u < 0 {
				continue
			}
			for _, v := range [2]int{u, int(s.pieces[u].team)} {
				if v < 0 || v == h || v == b.d || !s.alive(v) || s.pt(v) != q {
					continue
				}
				s.fire(h, abSkewer, ev, "%s is skewered too", s.name(v))
				s.inflict(h, abSkewer, v, Dead, ev)
				if s.over {
					return
				}
			}
		}
	}})
	ruled(abSkewer, "TD-72")

	// 030 Gone Wild, "A: Attack Pro.": "If this Unit causes an enemy Unit
	// to acquire the Dead Status this Unit acquires the Enraged, Pumped,
	// and Haste Status."
	register(abGoneWild, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		if !attacking(b, h) || !b.killed || s.allies(h, b.d) || !s.alive(h) {
			return
		}
		s.fire(h, abGoneWild, ev, "it goes wild")
		for _, st := range [3]int{Enraged, Pumped, Haste} {
			s.inflict(h, abGoneWild, h, st, ev)
		}
	}})

	// 044 Pierce, "D: Attack Pro.": "If this Unit forces a Unit to acquire
	// the Dead Status then any Unit behind that Unit must also perform a
	// Defend Procedure against another Attack Procedure. This effect only
	// occurs once." (TD-71)
	register(abPierce, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		a := &s.pieces[h].ab
		if !attacking(b, h) || !b.killed || a.due&duePierced != 0 || !s.acts(h) {
			return
		}
		behind := s.pt(b.d).Add(toward(s.pt(h), s.pt(b.d)).Delta())
		u := s.defenderAt(b.a, behind)
		if u < 0 || u == h || !s.alive(u) {
			return
		}
		s.owe(h, duePierced)
		s.fire(h, abPierce, ev, "the shot goes through to %s", s.name(u))
		s.strike(b.a, u, ev)
	}})
	ruled(abPierce, "TD-71")

	// 047 Exit Wound, "A: Attack Pro.": "If this Unit did not force an
	// Enemy Unit to acquire the Dead Status the targeted Unit instead
	// acquires the Poisoned Status." (TD-73)
	register(abExitWound, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		if !attacking(b, h) || b.d != int(b.a.target) || b.killed || s.allies(h, b.d) || !s.mayGet(b.d, Poisoned) {
			return
		}
		s.fire(h, abExitWound, ev, "%s is not killed but the wound festers", s.name(b.d))
		s.inflict(h, abExitWound, b.d, Poisoned, ev)
	}})
	ruled(abExitWound, "TD-73")

	// 091 Rabies, "A: Attack, Defend Pro.": "Enemy Units acquire the
	// Poisoned Status."
	register(abRabies, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		s.opponentGets(b, h, abRabies, Poisoned, 0, ev)
	}})

	// 170 Oil Spurt, "A: Attack, Defend, Duel Pro.": "If 1 D6 Roll is
	// greater than or equal to 4 the Enemy Unit must acquire the Blinded
	// Status." One roll a bout (TD-85).
	register(abOilSpurt, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		s.opponentGets(b, h, abOilSpurt, Blinded, 4, ev)
	}})
	ruled(abOilSpurt, "TD-85")

	// 191 Bug Zapper, "A: Duel Pro.": "Enemy Units who perform a Duel
	// Procedure with this Unit acquire the Paralyzed Status." (TD-85)
	register(abBugZapper, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		if b.rounds > 0 {
			s.opponentGets(b, h, abBugZapper, Paralyzed, 0, ev)
		}
	}})
	ruled(abBugZapper, "TD-85")

	// 192 Fire Flight, "A: Duel Pro.": "Enemy Units who perform a Duel
	// Procedure with this Unit acquire the Burned Status." (TD-85)
	register(abFireFlight, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		if b.rounds > 0 {
			s.opponentGets(b, h, abFireFlight, Burned, 0, ev)
		}
	}})
	ruled(abFireFlight, "TD-85")

	// 095 Ignore Consequence, "B: Attack Pro.": "If 2 D6 Roll is greater
	// than or equal to 10 the next Defending Unit acquires the Dead Status.
	// If the Roll is between or equal to 6 and 9 the next Defending Unit
	// acquires the Paralyzed Status. If the Roll is equal to 4 or 5 this
	// Unit acquires the Paralyzed Status. If the Roll is less than or
	// equal to 3 this Unit acquires the Dead Status." (TD-75)
	register(abIgnoreConsequence, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if h != int(b.a.attacker) {
			return
		}
		r := s.roll2D6For(h, abIgnoreConsequence, ev, decides("who acquires which Status: 10 or more, the defender Dead; 6 to 9, the defender Paralyzed; 4 or 5, itself Paralyzed; 3 or less, itself Dead"))
		t, st := b.d, Dead
		switch {
		case r >= 10:
		case r >= 6:
			st = Paralyzed
		case r >= 4:
			t, st = h, Paralyzed
		default:
			t = h
		}
		s.fire(h, abIgnoreConsequence, ev, "%s acquires the %s Status", s.name(t), statusWord(st))
		s.inflict(h, abIgnoreConsequence, t, st, ev)
	}})
	ruled(abIgnoreConsequence, "TD-75")

	// 110 Razor's Charge, "B: Attack Pro.": "If this Unit performed a
	// Charge Procedure this Turn then after declaring an Attack on an
	// Enemy Unit if 1 D6 Roll is greater than or equal to 4 that Unit
	// acquires the Dead Status." (TD-86)
	register(abRazorsCharge, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		if h != int(b.a.attacker) || b.d != int(b.a.target) || !s.eng.charged || s.member(h) < 0 || s.allies(h, b.d) {
			return
		}
		s.fire(h, abRazorsCharge, ev, "it gores %s after its charge", s.name(b.d))
		if s.rollFor(h, abRazorsCharge, 6, ev, atLeast(4)) >= 4 {
			s.inflict(h, abRazorsCharge, b.d, Dead, ev)
		}
	}})
	ruled(abRazorsCharge, "TD-86")

	// 133 Petrifying Peck, "D: Attack Pro.": "If this Unit Rolls a 5 or 6
	// the Enemy Unit acquires the Petrified Status after this Unit's
	// Combat Phase." (dueAtDisengage; TD-74)
	register(abPetrifyingPeck, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		if !attacking(b, h) || b.high[0] < 5 || s.allies(h, b.d) || !s.mayGet(b.d, Petrified) {
			return
		}
		s.owe(b.d, duePeck)
		s.fire(h, abPetrifyingPeck, ev, "it rolled a %d: %s will turn to stone after its Combat Phase", b.high[0], s.name(b.d))
	}})
	ruled(abPetrifyingPeck, "TD-74")

	// 190 Incineration, "A: Attack Pro.": "If 1 D6 Roll is equal to 4 the
	// previously attacked Unit must discard an Item. If the Roll is equal
	// to 5 they discard 2 items. If the Roll is equal to 6 they discard 3
	// items." (TD-76)
	register(abIncineration, abilityHooks{after: func(s *State, b *bout, h int, ev *engine.Log) {
		q := &s.pieces[b.d]
		if !attacking(b, h) || !s.onField(b.d) || q.items == [numSlots]int8{} {
			return
		}
		r := s.rollFor(h, abIncineration, 6, ev, atLeastSays(4, "burns the roll less 3 items", "no effect"))
		if r < 4 {
			return
		}
		n := r - 3
		s.fire(h, abIncineration, ev, "%s must discard %d item(s)", s.name(b.d), n)
		for slot := 0; slot < numSlots && n > 0; slot++ {
			if it := q.items[slot]; it > 0 {
				s.event(ev, "item.discarded", "%s's %s burns", s.name(b.d), s.g.item(int(it)))
				s.discardItem(b.d, slot)
				n--
			}
		}
	}})
	ruled(abIncineration, "TD-76")
}
