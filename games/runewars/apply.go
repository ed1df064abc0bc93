package runewars

import "skald/engine"

// Apply plays a.
func (s *State) Apply(a engine.Action, l *engine.Log) error {
	if err := s.check(a); err != nil {
		return err
	}
	s.do(a, l)
	s.run(l)
	return nil
}

// do plays the legal action a without playing on.
func (s *State) do(a engine.Action, l *engine.Log) {
	p := int8(a.Seat)
	x, y, z, w := int(a.Arg[0]), int(a.Arg[1]), int(a.Arg[2]), int(a.Arg[3])
	name := s.fac(p)
	switch a.Kind {
	case kLay:
		l.Add(engine.Everyone, "tile", "%s lays %s", name, &s.c.Tiles[x])
		s.lay(x, placement{at: hex{int16(y), int16(z)}, turn: int8(w)})
	case kRune:
		l.Add(engine.Everyone, "rune", "%s places a rune token in %s", name, &s.c.Areas[y])
		l.Add(engine.Seats(a.Seat), "rune", "(it is his %s)", runeFace(x == 1))
		s.setupRune(x == 1, y)
	case kKeep:
		l.Add(engine.Everyone, "stronghold", "%s builds his stronghold in %s", name, &s.c.Areas[x])
		s.setupKeep(x)
	case kPlace:
		s.place(p, x, y, z, l)
	case kTake:
		s.pop()
		if x == 0 {
			s.players[p].influence += 2
			l.Add(engine.Everyone, "autumn", "%s takes 2 Influence", name)
		} else {
			s.drawTactics(p, 1)
			l.Add(engine.Everyone, "autumn", "%s takes a Tactics card", name)
		}
	case kLose:
		s.loseFig(p, x, y, l)
	case kBid:
		if revealed, _ := s.picks.Pick(a.Seat, int16(x)); revealed {
			s.settleBid(l)
		}
	case kDiscard:
		r := s.runeAt(x)
		s.runes[r].area = noArea
		s.ask[0].n--
		l.Add(engine.Everyone, "rune", "%s discards the false rune token in %s", name, &s.c.Areas[x])
	case kPut:
		s.putRune(p, x, l)
	case kAllies:
		c := s.ask[0]
		s.pop()
		n := 0
		for i := 0; i < int(c.n) && s.onBoard(int(c.unit), p) < s.supplyOf(int(c.unit), p); i++ {
			s.addFig(int(c.unit), p, x)
			n++
		}
		l.Add(engine.Everyone, "allies", "%d allied %s join %s in %s", n, pluralOf(&s.c.Units[c.unit], n), name, &s.c.Areas[x])
		s.limitArea(p, x)
	case kReveal:
		r := &s.runes[s.runeAt(x)]
		r.up = true
		l.Add(engine.Everyone, "rune", "%s reveals the rune token in %s: a %s", name, &s.c.Areas[x], runeFace(r.dragon))
		if s.ask[0].n--; s.ask[0].n <= 0 {
			s.pop()
		}
	case kCarry:
		s.runes[s.runeAt(x)].area = int8(y)
		l.Add(engine.Everyone, "rune", "%s moves the rune token in %s to %s", name, &s.c.Areas[x], &s.c.Areas[y])
		if s.nask > 0 {
			s.pop()
		} else {
			s.ord.did |= 8
		}
	case kFrost:
		s.frost[x]++
		l.Add(engine.Everyone, "frost", "%s places a Frost token in %s", name, &s.c.Areas[x])
		if s.ask[0].n--; s.ask[0].n <= 0 {
			s.pop()
		}
	case kOrder:
		if revealed, _ := s.picks.Pick(a.Seat, int16(x)); revealed {
			s.revealOrders(l)
		}
	case kActivate:
		s.active[x] = s.active[x].With(a.Seat)
		s.clearPeasant(x, l) // DEV-PEA: removed once activated
		s.ord.target, s.ord.phase, s.ord.own = int8(x), opMove, false
		l.Add(engine.Everyone, "activate", "%s activates %s", name, &s.c.Areas[x])
	case kMove:
		s.moveFig(p, x, y, z, l)
	case kDone:
		s.done(p, l)
	case kRecruit:
		s.recruit(p, Resource(x), l)
		s.ord.phase = opPlace
		s.settlePlace(p)
	case kDevelop:
		if y >= 0 {
			s.keeps[y].dev = false
			l.Add(engine.Everyone, "develop", "%s takes the development from his stronghold in %s", name, &s.c.Areas[y])
		}
		s.keeps[x].dev = true
		l.Add(engine.Everyone, "develop", "%s develops his stronghold in %s", name, &s.c.Areas[x])
		s.ord.did |= 1
		s.afterHarvestBonus() // DEV: a Development card may follow
	case kBuy:
		s.buy(p, x, l)
	case kPeasant:
		s.peasant[x] = p + 1
		s.ord.vacated = s.ord.vacated.without(x)
		s.touch()
		l.Add(engine.Everyone, "peasant", "%s leaves a Peasant token in %s", name, &s.c.Areas[x])
	case kCapital:
		s.placeCapital(p, x, l)
	case kBuild:
		if y >= 0 {
			s.keeps[y] = keep{owner: -1}
		}
		s.keeps[x] = keep{owner: p}
		s.touch()
		s.players[p].dials[Wood] -= buildCost
		s.ord.did |= 1
		l.Add(engine.Everyone, "stronghold", "%s builds a stronghold in %s", name, &s.c.Areas[x])
	case kRepair:
		s.keeps[x].damaged = false
		s.players[p].dials[Ore] -= repairCost
		s.ord.did |= 2
		l.Add(engine.Everyone, "stronghold", "%s repairs his stronghold in %s", name, &s.c.Areas[x])
	case kConceal:
		for i := 0; i < int(s.nrunes); i++ {
			if r := &s.runes[i]; r.area != noArea && r.up && s.controller(int(r.area)) == p {
				r.up = false
			}
		}
		s.ord.did |= 4
		l.Add(engine.Everyone, "rune", "%s turns his revealed rune tokens face down", name)
	case kSkip:
		switch {
		case s.bat.on:
			s.popHit()
		case s.stage == stSeason && s.qph.on && s.qph.cmd:
			s.cmdStepNext()
		case s.ord.phase == opPlace:
			s.players[p].nPlace = 0
			s.afterPlace()
		case s.ord.phase == opCapital:
			s.afterHarvestBonus()
		case s.ord.phase == opAssign:
			s.assign(p, -1, -1, l)
			s.finishOrder()
		default:
			s.finishOrder()
		}
	case kFight:
		s.fight(l)
	case kParley:
		s.parley(x, l)
	case kChoose:
		s.chooseParley(x, l)
	case kFirst:
		if s.bat.pick[0] == -1 {
			s.bat.pick[0] = int8(x)
		} else {
			s.bat.pick[1] = int8(x)
		}
	case kHit, kStand:
		s.applyHit(x, l)
	case kSacrifice:
		s.applyHit(int(s.bat.q[0].unit), l)
	case kRetreat:
		if s.bat.phase == bHeroes {
			s.heroesRetreat(x, l)
			s.afterRetreat(l)
		} else {
			s.retreat(x, l)
		}
	case kSupport:
		s.support(x, y, l)
	case kDrop:
		s.dropCard(x, l)
	case kObjective:
		s.keepObjective(p, x, l)
	case kRaze:
		s.raze(false, -1, l)
	case kSeize:
		s.raze(true, x, l)
	case kHero:
		h := s.unplaced(p)
		s.heroes[h].area = int8(x)
		l.Add(engine.Everyone, "hero", "%s places %s in %s", name, &s.c.Heroes[h], &s.c.Areas[x])
		if s.stage == stResolve {
			s.arrive(h, l)
			s.finishOrder()
			break
		}
		if s.unplaced(p) >= 0 || s.needsCommander(p) {
			break // CMD-SETUP: the second hero, then the Commander
		}
		s.nextSetupPlayer(l)
	case kCommand:
		if s.stage == stHero {
			s.command(x, l)
			s.nextSetupPlayer(l)
			break
		}
		// The start of the quest phase (CMD-REC; checklist 74, 75).
		if y >= 0 {
			s.transfer(x, y, l)
		} else {
			s.command(x, l)
		}
		s.cmdStepNext()
	case kRally:
		s.ord.phase = opFinished
		if x == 1 {
			s.rallyCommander(p, l)
		} else {
			s.rallyDeal(p, l)
		}
	case kAssign:
		s.assign(p, x, y, l)
		s.finishOrder()
	case kGuard:
		s.guardHit(x, l)
	case kLead:
		s.lead(x, l)
		s.afterPlay(p, false, l)
	case kGive:
		s.give(x, y, z, l)
	case kTitle:
		s.takeTitle(p, x, y, l)
		s.finishOrder()
	case kAward:
		s.award(int8(x), l)
	case kPlay:
		s.playTactic(p, x, y, z, l)
		s.afterPlay(p, false, l)
	case kPass:
		s.afterPlay(p, true, l)
	case kDesert:
		s.desert(x, l)
		if s.dealHero(p, l) {
			break // placed next (Rally Support)
		}
		s.finishOrder()
	case kGo:
		s.goHero(x, y, l)
	case kHeal:
		s.heal(x, l)
	case kTrain:
		s.trainHero(x, y, z, l)
	case kQuest:
		s.attempt(x, y, l)
	case kDuel:
		s.startDuel(x, y, -1, l)
	case kAbandon:
		s.qAt[x] = qDiscard
		l.Add(engine.Everyone, "quest", "%s discards a quest card", name)
		l.Add(engine.Seats(a.Seat), "quest", "(it is %s)", &s.c.Quests[x])
		if s.ask[0].n--; s.ask[0].n <= 0 {
			s.pop()
		}
	case kFoe:
		s.foeDecides(x == 1, l)
	}
}

func runeWord(dragon bool) string {
	if dragon {
		return "dragon rune"
	}
	return "false rune"
}

// place puts one unit of type u on area a, taking the figure from area
// from when the supply has none (Limits 1).
func (s *State) place(p int8, u, a, from int, l *engine.Log) {
	if s.stage == stStart {
		l.Add(engine.Everyone, "place", "%s places %s in %s", s.fac(p), (*aUnit)(&s.c.Units[u]), &s.c.Areas[a])
		s.setupPlace(u, a, l)
		return
	}
	if from >= 0 {
		for i := 0; i < int(s.nfigs); i++ {
			if f := &s.figs[i]; int(f.area) == from && int(f.typ) == u && f.owner == p {
				s.kill(i)
				break
			}
		}
		l.Add(engine.Everyone, "place", "%s takes %s from %s and recruits it in %s", s.fac(p), (*aUnit)(&s.c.Units[u]), &s.c.Areas[from], &s.c.Areas[a])
	} else {
		l.Add(engine.Everyone, "place", "%s recruits %s in %s", s.fac(p), (*aUnit)(&s.c.Units[u]), &s.c.Areas[a])
	}
	s.takePlace(p, u)
	s.addFig(u, p, a)
	s.settlePlace(p)
}

// settlePlace drops recruited units that have nowhere to go, and moves on
// once none is left to place.
func (s *State) settlePlace(p int8) {
	if len(s.legalPlace(p, s.keepAreas(p), true, nil)) == 0 {
		s.players[p].nPlace = 0
	}
	if s.players[p].nPlace == 0 {
		s.afterPlace()
	}
}

// afterPlace ends Recruit, or offers its Supremacy Bonus: units of a
// second resource (Recruit; RW-D8).
func (s *State) afterPlace() {
	if s.ord.sup && !s.ord.extra {
		s.ord.extra = true
		s.ord.phase = opRecruit
		return
	}
	s.finishOrder()
}

// loseFig removes one of seat's units of type u from area a, routed ones
// first (Winter; Limits 2).
func (s *State) loseFig(p int8, u, a int, l *engine.Log) {
	best := -1
	for i := 0; i < int(s.nfigs); i++ {
		if f := &s.figs[i]; int(f.area) == a && int(f.typ) == u && f.owner == p {
			if best < 0 || f.routed && !s.figs[best].routed {
				best = i
			}
		}
	}
	s.kill(best)
	l.Add(engine.Everyone, "destroyed", "%s loses %s in %s", s.fac(p), (*aUnit)(&s.c.Units[u]), &s.c.Areas[a])
	if s.ask[0].n--; s.ask[0].n <= 0 {
		s.pop()
	}
}

// putRune places one of the two tokens received, shuffled: no one, not
// even seat, knows which is the dragon rune until he may look (Dragon
// runes).
func (s *State) putRune(p int8, a int, l *engine.Log) {
	c := &s.ask[0]
	var dragon bool
	if c.n == 2 {
		dragon = s.rng.IntN(2) == 0
		c.unit = int8(b2i(dragon))
	} else {
		dragon = c.unit == 0
	}
	s.addRune(a, dragon, 0)
	l.Add(engine.Everyone, "rune", "%s places a rune token, face down, in %s", s.fac(p), &s.c.Areas[a])
	if c.n--; c.n <= 0 {
		s.pop()
	}
}

// moveFig moves one of seat's standing figures of type u from one area to
// another for the order being resolved.
func (s *State) moveFig(p int8, u, from, to int, l *engine.Log) {
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if int(f.area) == from && int(f.typ) == u && f.owner == p && !f.routed && !f.moved {
			f.area, f.moved = int8(to), true
			s.touch()
			s.noteVacated(p, from) // DEV-PEA
			if s.c.Units[u].Faction >= 0 {
				s.ord.own = true
			}
			break
		}
	}
	l.Add(engine.Everyone, "move", "%s moves %s from %s to %s", s.fac(p), (*aUnit)(&s.c.Units[u]), &s.c.Areas[from], &s.c.Areas[to])
}

// done ends what seat is doing: a Mobilize may go on with its Supremacy
// Bonus (a second area, RW-D8); a Conquer fights the battle its move
// started (Battles).
func (s *State) done(p int8, l *engine.Log) {
	if s.nask > 0 {
		s.pop() // declining to discard more false runes
		return
	}
	if s.bat.on && s.bat.phase == bSupport {
		s.supportNext()
		return
	}
	if s.stage == stSeason && s.qph.on {
		s.questDone()
		return
	}
	o := &s.ord
	switch o.phase {
	case opMove:
		switch o.value {
		case oMobilize:
			if o.sup && !o.extra {
				o.extra = true
				o.phase = opActivate
				s.clearMoved()
				return
			}
		case oConquer:
			t := int(o.target)
			if s.contested(p, t) {
				s.finishOrder()
				s.startBattle(p, t, l)
				return
			}
		}
	}
	s.finishOrder()
}

// contested reports whether seat's units in area a face other units or
// another player's stronghold there.
func (s *State) contested(p int8, a int) bool {
	mine, other := false, false
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if int(f.area) != a {
			continue
		}
		if f.owner == p {
			mine = true
		} else {
			other = true
		}
	}
	k := s.keeps[a]
	return mine && (other || k.owner >= 0 && k.owner != p)
}

func (s *State) clearMoved() {
	for i := 0; i < int(s.nfigs); i++ {
		s.figs[i].moved = false
	}
	for h := range s.c.Heroes {
		s.heroes[h].moved = false
	}
}

// finishOrder ends the order being resolved.
func (s *State) finishOrder() {
	s.clearMoved()
	s.ord.phase = opFinished
}

// run plays on until someone must decide.
func (s *State) run(l *engine.Log) {
	for !s.over {
		if s.nask > 0 {
			if !s.askAuto(l) {
				break
			}
			continue
		}
		if s.bat.on {
			if s.battleStep(l) {
				break
			}
			continue
		}
		if s.stage == stSeason {
			if s.dl.on {
				break
			}
			if s.qph.on {
				if s.questAuto() {
					continue
				}
				break
			}
			if s.sea.bidding {
				break
			}
			if s.sea.phase == 0 {
				s.sea.phase = 1
				s.secondary(l)
				continue
			}
			s.checkVictory(l)
			s.startOrders()
			break
		}
		if s.stage == stResolve && s.ord.phase == opFinished {
			s.nextOrder(l)
			continue
		}
		break
	}
	s.learnRunes()
}

// askAuto settles the head choice when its player has no real choice: no
// answer (it lapses) or a single one that must be given. It reports
// whether it did.
func (s *State) askAuto(l *engine.Log) bool {
	c := s.ask[0]
	var buf [64]engine.Action
	legal := s.legalChoice(c.seat, buf[:0])
	switch {
	case len(legal) == 0:
		s.pop()
		return true
	case len(legal) == 1:
		s.do(legal[0], l)
		return true
	}
	return false
}
