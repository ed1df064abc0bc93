package runewars

import "skald/engine"

// legalChoice lists seat's answers to the queued choice.
func (s *State) legalChoice(p int8, buf []engine.Action) []engine.Action {
	c := &s.ask[0]
	switch c.kind {
	case chTake:
		buf = append(buf, act(p, kTake, 0), act(p, kTake, 1))
	case chLose:
		var seen typeSet
		for i := 0; i < int(s.nfigs); i++ {
			f := &s.figs[i]
			if f.area == c.area && f.owner == p && !seen.has(int(f.typ)) {
				seen = seen.with(int(f.typ))
				buf = append(buf, act(p, kLose, int(f.typ), int(c.area)))
			}
		}
	case chReveal:
		cen := s.take(-1)
		for i := 0; i < int(s.nrunes); i++ {
			r := &s.runes[i]
			if r.area != noArea && !r.up && cen.ctl[r.area] == p {
				buf = append(buf, act(p, kReveal, int(r.area)))
			}
		}
	case chCarry:
		buf = s.legalCarry(p, kCarry, buf)
	case chFrost:
		// Frost tokens: never in a home realm or where desolation lies;
		// on other Frost tokens, yes (Frost; checklist 121).
		(s.b.placed &^ s.b.homes).each(func(a int) {
			if !s.desol[a] {
				buf = append(buf, act(p, kFrost, a))
			}
		})
	case chAllies:
		cen := s.take(p)
		s.b.placed.each(func(a int) {
			if cen.ctl[a] == p && !cen.neutral.has(a) {
				buf = append(buf, act(p, kAllies, a))
			}
		})
	case chDiscard:
		if c.n > 0 {
			cen := s.take(-1)
			for i := 0; i < int(s.nrunes); i++ {
				r := &s.runes[i]
				if r.area != noArea && !r.dragon && cen.ctl[r.area] == p {
					buf = append(buf, act(p, kDiscard, int(r.area)))
				}
			}
		}
		buf = append(buf, act(p, kDone))
	case chObjective:
		buf = s.legalObjective(p, buf)
	case chQuests:
		for q := range s.c.Quests {
			if s.qAt[q] == p {
				buf = append(buf, act(p, kAbandon, q))
			}
		}
	case chAward:
		for q := int8(0); q < s.n; q++ {
			if c.n&(1<<q) != 0 {
				buf = append(buf, act(p, kAward, int(q)))
			}
		}
	case chPut:
		cen := s.take(p)
		taken := s.runeAreas()
		(s.b.placed &^ taken).each(func(a int) {
			if cen.ctl[a] == p || cen.ctl[a] < 0 {
				buf = append(buf, act(p, kPut, a))
			}
		})
	}
	return buf
}

// legalCarry lists the moves of one rune token from an area seat controls
// to an adjacent area without one that he controls or no one controls
// (Threatened Home Realms, Limits 10; Fortify; RW-R12).
func (s *State) legalCarry(p int8, kind int, buf []engine.Action) []engine.Action {
	cen := s.take(p)
	taken := s.runeAreas()
	for i := 0; i < int(s.nrunes); i++ {
		r := &s.runes[i]
		if r.area == noArea || cen.ctl[r.area] != p {
			continue
		}
		from := int(r.area)
		(s.b.adj[from] &^ taken).each(func(a int) {
			if cen.ctl[a] == p || cen.ctl[a] < 0 {
				buf = append(buf, act(p, kind, from, a))
			}
		})
	}
	return buf
}

// legalBattle lists seat's decisions in the battle.
func (s *State) legalBattle(p int8, buf []engine.Action) []engine.Action {
	b := &s.bat
	switch b.phase {
	case bDiplomacy:
		buf = append(buf, act(p, kFight))
		for n := 1; n <= 6 && n <= int(s.players[p].influence); n++ {
			buf = append(buf, act(p, kParley, n))
		}
		return buf
	case bParleyCard:
		for i := 0; i < int(b.ncards); i++ {
			buf = append(buf, act(p, kChoose, int(b.cards[i])))
		}
		return buf
	case bRetreat:
		s.retreatAreas().each(func(a int) { buf = append(buf, act(p, kRetreat, a)) })
		return buf
	case bSupport:
		return append(s.legalSupport(p, buf), act(p, kDone))
	case bDrop:
		side := int8(1 - b.drop&1)
		for i := 0; i < int(b.nheld[side]); i++ {
			buf = append(buf, act(p, kDrop, int(b.held[side][i])))
		}
		return buf
	case bHeroes:
		return s.legalHeroRetreat(p, buf)
	case bTactics:
		buf = s.legalPlays(p, TwBattle, b.loser, buf)
		s.leaders(b.loser, func(h int) { buf = append(buf, act(p, kLead, h)) }) // CMD-BAT
		return append(buf, act(p, kPass))
	case bKeep:
		buf = append(buf, act(p, kRaze))
		if s.keepsOf(p) < strongholdSupply {
			buf = append(buf, act(p, kSeize, -1))
		} else {
			s.b.placed.each(func(a int) {
				// One of his strongholds, never his Capital (DEV;
				// checklist 68).
				if s.keeps[a].owner == p && !s.keeps[a].capital {
					buf = append(buf, act(p, kSeize, a))
				}
			})
		}
		return buf
	}
	if b.nq > 0 {
		h := &b.q[0]
		types, _ := s.eligible(h)
		if h.op == hSacrifice {
			return append(buf, act(p, kSacrifice), act(p, kSkip))
		}
		kind := kHit
		if h.op == hStand {
			kind = kStand
		}
		for u := 0; u < len(s.c.Units); u++ {
			if types.has(u) {
				buf = append(buf, act(p, kind, u))
			}
		}
		if h.op == hDamage {
			// A Commander takes damage only if his card allows it and his
			// controller chooses to (CMD-BAT; checklist 130).
			if g := s.guardian(h.side); g >= 0 {
				buf = append(buf, act(p, kGuard, g))
			}
		}
		return buf
	}
	side := int8(0)
	if b.pick[0] != -1 {
		side = 1
	}
	types := s.undrawn(side)
	for u := 0; u < len(s.c.Units); u++ {
		if types.has(u) {
			buf = append(buf, act(p, kFirst, u))
		}
	}
	return buf
}

// legalOrder lists seat's decisions in resolving his order.
func (s *State) legalOrder(p int8, buf []engine.Action) []engine.Action {
	o := &s.ord
	switch o.phase {
	case opActivate:
		cen := s.take(p)
		s.b.placed.each(func(a int) {
			if s.active[a].Has(engine.Seat(p)) {
				return
			}
			// Mobilize moves into empty or friendly areas only.
			if o.value == oMobilize && cen.occupied.has(a) && (cen.ctl[a] != p || cen.neutral.has(a)) {
				return
			}
			buf = append(buf, act(p, kActivate, a))
		})
		return append(buf, act(p, kDone))
	case opMove:
		buf = s.legalMoves(p, buf)
		buf = s.legalPeasants(p, buf) // DEV-PEA
		if o.value == oStrategize {
			buf = s.legalHeroSteps(p, buf)
		}
		buf = s.legalCmdMoves(p, buf) // CMD-HERO (checklist 29)
		return append(buf, act(p, kDone))
	case opRecruit:
		for r := Resource(0); r < numResources; r++ {
			if o.did&(1<<r) == 0 {
				buf = append(buf, act(p, kRecruit, int(r)))
			}
		}
		if o.did != 0 {
			buf = append(buf, act(p, kDone))
		}
		return buf
	case opPlace:
		buf = s.legalPlace(p, s.keepAreas(p), true, buf)
		return append(buf, act(p, kSkip))
	case opCapital:
		s.capitalSpots(p).each(func(a int) { buf = append(buf, act(p, kCapital, a)) })
		return append(buf, act(p, kSkip))
	case opDevelop:
		// A Development card, beside or instead of the token (DEV;
		// checklist 35).
		if o.did&2 == 0 && s.devs {
			for d := range s.c.Developments {
				if s.buyable(p, d) {
					buf = append(buf, act(p, kBuy, d))
				}
			}
		}
		// With no development token left in his supply he may take one of
		// his own from the board (Limits 1).
		free := s.devsOf(p) < developmentSupply
		s.b.placed.each(func(a int) {
			if o.did&1 != 0 || s.keeps[a].owner != p || s.keeps[a].dev {
				return
			}
			if free {
				buf = append(buf, act(p, kDevelop, a, -1))
				return
			}
			s.b.placed.each(func(from int) {
				if s.keeps[from].owner == p && s.keeps[from].dev {
					buf = append(buf, act(p, kDevelop, a, from))
				}
			})
		})
		return append(buf, act(p, kSkip))
	case opHero:
		return s.legalRallyHero(p, buf)
	case opRally:
		return append(buf, act(p, kRally, 0), act(p, kRally, 1))
	case opAssign:
		return s.legalAssign(p, buf)
	case opTitle:
		return s.legalTitles(p, buf)
	case opTactics:
		return append(s.legalPlays(p, TwOrder, 0, buf), act(p, kPass))
	case opFortify:
		pl := &s.players[p]
		if o.did&1 == 0 && pl.dials[Wood] >= buildCost {
			cen := s.take(p)
			s.b.placed.each(func(a int) {
				if cen.ctl[a] != p || s.keeps[a].owner >= 0 || s.lostCityAt(a) {
					return // none in the Lost City (LC; checklist 116)
				}
				if s.keepsOf(p) < strongholdSupply {
					buf = append(buf, act(p, kBuild, a, -1))
					return
				}
				s.b.placed.each(func(from int) {
					if s.keeps[from].owner == p && !s.keeps[from].capital {
						buf = append(buf, act(p, kBuild, a, from))
					}
				})
			})
		}
		if o.did&2 == 0 && pl.dials[Ore] >= repairCost {
			s.b.placed.each(func(a int) {
				if s.keeps[a].owner == p && s.keeps[a].damaged {
					buf = append(buf, act(p, kRepair, a))
				}
			})
		}
		if o.did&4 == 0 {
			for i := 0; i < int(s.nrunes); i++ {
				r := &s.runes[i]
				if r.area != noArea && r.up && s.controller(int(r.area)) == p {
					buf = append(buf, act(p, kConceal))
					break
				}
			}
		}
		if o.did&8 == 0 {
			buf = s.legalCarry(p, kCarry, buf)
		}
		if o.did&32 == 0 {
			// DEV-CAP: a destroyed Capital rebuilt (checklist 43).
			s.rebuildSpots(p).each(func(a int) { buf = append(buf, act(p, kCapital, a)) })
		}
		return append(buf, act(p, kDone))
	}
	return buf
}

// Fortify's costs, on the dials [D] RW-D7.
const (
	buildCost  = 2 // wood
	repairCost = 1 // ore
)

// keepAreas returns the areas with seat's strongholds: where Recruit
// places units (Recruit).
func (s *State) keepAreas(p int8) areaSet {
	var out areaSet
	s.b.placed.each(func(a int) {
		if s.keeps[a].owner == p {
			out = out.with(a)
		}
	})
	return out
}

// legalMoves lists the single-figure moves of the order being resolved:
// Strategize one area into an empty or friendly area; Mobilize and
// Conquer into the activated area, 2 areas (3 if fast) through empty or
// friendly areas. Routed figures do not move, nor figures in an area the
// player has activated, and no area may end with more than 8 of his units
// (Order cards 1-3; Limits 2).
func (s *State) legalMoves(p int8, buf []engine.Action) []engine.Action {
	o := &s.ord
	cen := s.take(p)
	pass := s.passSet(p, &cen)
	var reach [2][2]areaSet
	var done [2][2]bool
	var seen [maxAreas]typeSet // the unit types already listed, by area
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if f.area == noArea || f.owner != p || f.routed || f.moved || s.active[f.area].Has(engine.Seat(p)) {
			continue
		}
		u, from := int(f.typ), int(f.area)
		if seen[from].has(u) {
			continue
		}
		seen[from] = seen[from].with(u)
		ut := &s.c.Units[u]
		allied := ut.Faction < 0
		if o.value == oStrategize {
			s.steps(from, ut.Flying).each(func(to int) {
				if !pass.has(to) || int(cen.mine[to]) >= unitLimit {
					return
				}
				if allied && cen.ctl[to] != p {
					return // allied units end in a friendly area (Diplomacy)
				}
				buf = append(buf, act(p, kMove, u, from, to))
			})
			continue
		}
		t := int(o.target)
		if from == t || int(cen.mine[t]) >= unitLimit {
			continue
		}
		if allied && !o.own && cen.ctl[t] != p {
			continue
		}
		fi, fl := b2i(ut.Fast), b2i(ut.Flying)
		if !done[fi][fl] {
			reach[fi][fl] = s.reach(t, s.moveRange(u), ut.Flying, pass)
			done[fi][fl] = true
		}
		if reach[fi][fl].has(from) {
			buf = append(buf, act(p, kMove, u, from, t))
		}
	}
	return buf
}
