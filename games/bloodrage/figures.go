package bloodrage

import (
	"skald/engine"
)

// kill destroys clan p's figure f: it goes to Valhalla. A ship's death
// pays the Dragons' Glory (reference §1.9); a death in a battle counts
// for Thor's Glory, the Valkyrie and Odin's Judgement.
func (s *State) kill(p, f int, log *engine.Log) {
	if f < 0 {
		return
	}
	cl := &s.clans[p]
	s.place(p, f, locValhal)
	log.Add(engine.Everyone, "figure.dies", "%v's %v dies and goes to Valhalla", clanName(p), s.figLabel(p, f))
	if s.bat.on {
		s.bat.killed[p]++
	}
	if s.isShip(p, kindOf(f)) {
		if c := cl.up[slotShip]; c >= 0 && s.c.Cards[c].Effect == "dragons" {
			s.gain(p, int(s.c.Cards[c].Glory), s.c.Cards[c].Name, log)
		}
	}
}

// destroy marks figures of clan p for destruction by a rule, in a batch
// that Frigga's Protection and the Volur Witch may answer: their owner is
// asked before the figures die (notes 14, 26). inBattle is the province of
// the battle they die in, or -1.
func (s *State) destroy(p int, figs uint16, inBattle int, log *engine.Log) {
	if figs == 0 {
		return
	}
	s.doomed[p] |= figs
	s.doomAt[p] = int8(inBattle)
	// The Volur Witch may go to Yggdrasil instead of dying in a battle in
	// an outer province (note 26; ruling BR-R6: in battles only).
	for m := range 2 {
		f := figMonster + m
		if figs&(1<<f) != 0 && inBattle >= 0 && inBattle != yggdrasil && s.monsterEffect(p, kindMonster0+m) == "volur-witch" {
			s.askChoice(choice{kind: chWitch, seat: int8(p), a: int8(f)})
		}
	}
	if s.has(p, "friggas-protection") && s.clans[p].rage > 0 {
		s.askChoice(choice{kind: chSave, seat: int8(p)})
		return
	}
	if s.askedOf(p) {
		return // the witch first; the figures die when she has chosen
	}
	s.killDoomed(p, log)
}

// killDoomed kills every figure of clan p marked for destruction.
func (s *State) killDoomed(p int, log *engine.Log) {
	for f := range numFigs {
		if s.doomed[p]&(1<<f) != 0 {
			s.kill(p, f, log)
		}
	}
	s.doomed[p] = 0
}

// askedOf reports whether a choice of clan p is waiting.
func (s *State) askedOf(p int) bool {
	for i := range int(s.nAsk) {
		if int(s.ask[i].seat) == p {
			return true
		}
	}
	return false
}

// invade puts clan p's figure f into location loc (its Rage paid by the
// caller) and plays what invading does: the Troll and the Fire Giant kill,
// Frigga's Succor adds a Warrior, Thor's Domain offers a pillage
// (reference §1.9; notes 13, 22).
func (s *State) invade(p, f, loc int, log *engine.Log) {
	s.place(p, f, uint8(loc))
	k := kindOf(f)
	switch s.monsterEffect(p, k) {
	case "troll":
		// Every enemy Warrior in that province dies.
		for o := range int(s.n) {
			if o == p {
				continue
			}
			var figs uint16
			for w := figWarrior; w < figWarrior+numWarriors; w++ {
				if int(s.clans[o].fig[w]) == loc {
					figs |= 1 << w
				}
			}
			if figs != 0 {
				log.Add(engine.Everyone, "troll", "the %v Troll tramples %v's Warriors in %v", clanName(p), clanName(o), s.province(loc))
				s.destroy(o, figs, -1, log)
			}
		}
	case "fire-giant":
		// Every enemy figure but the monsters, in the province and its
		// fjord (note 22).
		for o := range int(s.n) {
			if o == p {
				continue
			}
			var figs uint16
			for g, l := range s.clans[o].fig {
				if s.inBattle(int(l), loc) && g < figMonster {
					figs |= 1 << g
				}
			}
			if figs != 0 {
				log.Add(engine.Everyone, "fire-giant", "the %v Fire Giant burns %v's figures in %v", clanName(p), clanName(o), s.province(loc))
				s.destroy(o, figs, -1, log)
			}
		}
	}
	// Hildisvini may drive a figure of the province into an adjacent one;
	// it must when it took a full province's village (reference §1.9).
	if s.monsterEffect(p, k) == "hildisvini" && loc < numProv && s.canBump(p, loc) {
		s.askChoice(choice{kind: chBump, seat: int8(p), a: int8(loc)})
	}
	// Frigga's Succor: a Warrior of the reserve joins free where the
	// figure invaded, or, for a ship, in a province beside its fjord
	// (note 13). Asked after the kills, which may free a village.
	if s.has(p, "friggas-succor") && s.inReserve(p, kindWarrior) >= 0 {
		s.askChoice(choice{kind: chSuccor, seat: int8(p), a: int8(loc)})
	}
	// Thor's Domain: pay 2 Rage to pillage the invaded province at once.
	if s.has(p, "thors-domain") && loc < numProv {
		s.askChoice(choice{kind: chThorsDomain, seat: int8(p), a: int8(loc)})
	}
}

// canBump reports whether a figure other than clan p's Hildisvini stands
// in province prov with an adjacent standing province to be driven into.
func (s *State) canBump(p, prov int) bool {
	room := false
	for q := range numProv {
		if adjacent(prov, q) && !s.destroyedAt(q) && s.freeVillages(q) > 0 {
			room = true
		}
	}
	if !room {
		return false
	}
	for o := range int(s.n) {
		for f, l := range s.clans[o].fig {
			if int(l) == prov && !(o == p && f >= figMonster && s.monsterEffect(p, kindOf(f)) == "hildisvini") {
				return true
			}
		}
	}
	return false
}

// upgrade plays upgrade card c into clan p's slot, paying its Rage: the
// card in the slot is discarded (a replaced monster leaves the game,
// wherever it stands: note 9), and a Leader, Warrior, Ship or monster
// upgrade may invade with its figure at once for no more Rage (note 8).
func (s *State) upgrade(p int, c int16, slot int, log *engine.Log) {
	cl := &s.clans[p]
	cost := s.upgradeCost(p, c)
	cl.rage -= int8(cost)
	s.fromHand(p, c)
	s.playedBy[p].add(c)
	card := s.card(c)
	if old := cl.up[slot]; old >= 0 {
		log.Add(engine.Everyone, "upgrade.replace", "%v discards %v", clanName(p), (*cardName)(s.card(old)))
		s.discard.add(old)
		if slot >= slotMonster && slot < slotMonster+2 {
			f := figMonster + slot - slotMonster
			if cl.fig[f] != locGone {
				log.Add(engine.Everyone, "monster.gone", "the %v %v leaves the game", clanName(p), (*cardName)(s.card(old)))
			}
			s.place(p, f, locGone)
		}
	}
	cl.up[slot] = c
	log.Add(engine.Everyone, "upgrade", "%v upgrades with %v for %d Rage", clanName(p), (*cardName)(card), cost)
	kind := -1
	switch card.Type {
	case LeaderUp:
		kind = kindLeader
	case WarriorUp:
		kind = kindWarrior
	case ShipUp:
		kind = kindShip
	case MonsterUp:
		kind = kindMonster0 + slot - slotMonster
		s.place(p, figMonster+slot-slotMonster, locReserve)
	}
	if kind >= 0 && s.canFreeInvade(p, kind) {
		s.act = pendingAct{kind: actFreeInvade, seat: int8(p), a: int8(kind)}
	}
}

// canFreeInvade reports whether the free invasion of an upgrade of kind
// has a figure and a place: for a ship upgrade, the Ship or a Sea Serpent
// of the reserve (note 25).
func (s *State) canFreeInvade(p, kind int) bool {
	var buf [32]engine.Action
	return len(s.legalFreeInvade(p, kind, buf[:0])) > 0
}

// legalFreeInvade appends the free invasions of an upgrade of kind.
func (s *State) legalFreeInvade(p, kind int, buf []engine.Action) []engine.Action {
	seat := engine.Seat(p)
	for k := range numKinds {
		if k != kind && !(kind == kindShip && s.isShip(p, k)) {
			continue
		}
		if s.inReserve(p, k) >= 0 {
			buf = s.appendTargets(buf, engine.Action{Seat: seat, Kind: kInvade, Arg: [4]int16{int16(k)}}, p, k, true)
		}
	}
	return buf
}

// legalPending appends the decisions of an action being completed: the
// figures of a march, the free invasion of an upgrade.
func (s *State) legalPending(p int, buf []engine.Action) []engine.Action {
	seat := engine.Seat(p)
	switch s.act.kind {
	case actMarch:
		from, to := int(s.act.a), int(s.act.b)
		if s.freeVillages(to) > 0 {
			for k := range numKinds {
				if !s.isShip(p, k) && s.firstOf(p, k, from) >= 0 {
					buf = append(buf, engine.Action{Seat: seat, Kind: kMove, Arg: [4]int16{int16(k)}})
				}
			}
		}
		if s.act.n > 0 {
			buf = append(buf, engine.Action{Seat: seat, Kind: kDone})
		}
	case actFreeInvade:
		buf = s.legalFreeInvade(p, int(s.act.a), buf)
		buf = append(buf, engine.Action{Seat: seat, Kind: kSkip})
	}
	return buf
}

// applyPending plays a decision of an action being completed.
func (s *State) applyPending(p int, a engine.Action, log *engine.Log) {
	switch a.Kind {
	case kMove:
		f := s.firstOf(p, int(a.Arg[0]), int(s.act.a))
		s.place(p, f, uint8(s.act.b))
		s.act.n++
		log.Add(engine.Everyone, "march.move", "%v's %v marches into %v", clanName(p), s.figLabel(p, f), s.province(int(s.act.b)))
		// The march ends when nothing more can move.
		var buf [8]engine.Action
		if l := s.legalPending(p, buf[:0]); len(l) == 1 && l[0].Kind == kDone {
			s.act = pendingAct{}
		}
	case kDone:
		s.act = pendingAct{}
	case kInvade:
		s.act = pendingAct{}
		f := s.inReserve(p, int(a.Arg[0]))
		log.Add(engine.Everyone, "invade.free", "%v's %v invades %v free with its upgrade", clanName(p), s.figLabel(p, f), s.province(int(a.Arg[1])))
		s.invade(p, f, int(a.Arg[1]), log)
	case kSkip:
		s.act = pendingAct{}
	}
	s.resume(log)
}
