package runewars

import "skald/engine"

// sideSeat returns the seat of battle side: the attacker, or the defender
// (-1 for neutral units).
func (b *battle) sideSeat(side int8) int8 {
	if side == 0 {
		return b.att
	}
	return b.def
}

// supporter returns the hero that supports side's unit type u in the
// battle, or -1 (Battles 3).
func (s *State) supporter(side int8, u int) int {
	seat := s.bat.sideSeat(side)
	if seat < 0 {
		return -1
	}
	for h := range s.c.Heroes {
		if hf := &s.heroes[h]; hf.owner == seat && int(hf.support) == u+1 {
			return h
		}
	}
	return -1
}

// legalSupport lists the Hero Support of the side assigning (s.bat.loser
// during bSupport): each of its player's heroes in the contested area,
// not routed, beside a type of his units taking part, one hero a type
// (Battles 3; checklist 47).
func (s *State) legalSupport(p int8, buf []engine.Action) []engine.Action {
	b := &s.bat
	side := b.loser
	var types typeSet
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if f.battle && !f.routed && b.sideOf(f) == side && s.supporter(side, int(f.typ)) < 0 {
			types = types.with(int(f.typ))
		}
	}
	if types == 0 {
		return buf
	}
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner != p || hf.area != b.area || hf.routed || hf.support != 0 {
			continue
		}
		for u := 0; u < len(s.c.Units); u++ {
			if types.has(u) {
				buf = append(buf, act(p, kSupport, h, u))
			}
		}
	}
	return buf
}

// supportAuto moves Hero Support on past a side with no hero to assign;
// it reports whether it did.
func (s *State) supportAuto() bool {
	b := &s.bat
	seat := b.sideSeat(b.loser)
	if seat >= 0 && len(s.legalSupport(seat, nil)) > 0 {
		return false
	}
	s.supportNext()
	return true
}

// supportNext ends a side's Hero Support: the attacker's, then the
// defender's; then the initiative steps begin.
func (s *State) supportNext() {
	b := &s.bat
	if b.loser == 0 {
		b.loser = 1
		return
	}
	s.openBattleTactics(0) // Battles 4: Tactics cards, then the steps
}

// support puts hero h beside unit type u (Battles 3).
func (s *State) support(h, u int, l *engine.Log) {
	s.heroes[h].support = int8(u + 1)
	l.Add(engine.Everyone, "support", "%s supports %s's %s (Hero Support)", &s.c.Heroes[h], s.fac(s.heroes[h].owner), pluralOf(&s.c.Units[u], 2))
}

// heroesRetreat moves the loser's supporting heroes with his units to
// area to, routed (Battles 6; Retreat; checklist 64, 72).
func (s *State) heroesRetreat(to int, l *engine.Log) {
	b := &s.bat
	seat := b.sideSeat(b.loser)
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if seat >= 0 && hf.owner == seat && (hf.support != 0 || hf.cmd > 0 && hf.area == b.area) {
			// A Commander retreats with his troops (CMD-BAT; checklist 129).
			hf.area, hf.routed, hf.support = int8(to), true, 0
			l.Add(engine.Everyone, "retreat", "%s retreats to %s, routed", &s.c.Heroes[h], &s.c.Areas[to])
			s.arrive(h, l)
		}
	}
}

// heroesAlone has the loser's supporting heroes, left with none of his
// units, retreat into an adjacent area of his choice, any area (Battles
// 6: the heroes may retreat into any adjacent area).
func (s *State) heroesAlone(l *engine.Log) {
	b := &s.bat
	seat := b.sideSeat(b.loser)
	for h := range s.c.Heroes {
		if hf := &s.heroes[h]; seat >= 0 && hf.owner == seat && (hf.support != 0 || hf.cmd > 0 && hf.area == b.area) {
			b.phase = bHeroes
			return
		}
	}
	s.afterRetreat(l)
}

// legalHeroRetreat lists the areas next to the battle.
func (s *State) legalHeroRetreat(p int8, buf []engine.Action) []engine.Action {
	s.b.adj[s.bat.area].each(func(a int) { buf = append(buf, act(p, kRetreat, a)) })
	return buf
}
