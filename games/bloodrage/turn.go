package bloodrage

import (
	"skald/engine"
)

// The Action phase (reference §1.7): on its turn a clan with Rage takes
// one action, paying its Rage: invade, march, upgrade, quest or pillage,
// or one its clan upgrades allow.

// legalAction appends clan p's actions on its turn.
func (s *State) legalAction(p int, buf []engine.Action) []engine.Action {
	seat := engine.Seat(p)
	cl := &s.clans[p]
	start := len(buf)
	// Invade: a figure of the reserve into a village or a fjord.
	troll := s.hasMonster(p, "mystic-troll") // its province costs nothing to invade
	for k := range numKinds {
		if s.inReserve(p, k) < 0 || s.invadeCost(p, k, -1) > int(cl.rage) && !troll {
			continue
		}
		buf = s.appendTargets(buf, engine.Action{Seat: seat, Kind: kInvade, Arg: [4]int16{int16(k)}}, p, k, false)
	}
	// March: from a province to one other, for 1 Rage.
	present, marchers := s.presence(p)
	var room uint16 // standing provinces with an empty village
	for to := range numProv {
		if !s.destroyedAt(to) && s.freeVillages(to) > 0 {
			room |= 1 << to
		}
	}
	for from := range numProv {
		if marchers&(1<<from) == 0 || s.destroyedAt(from) {
			continue
		}
		for to := range numProv {
			if to != from && room&(1<<to) != 0 {
				buf = append(buf, engine.Action{Seat: seat, Kind: kMarch, Arg: [4]int16{int16(from), int16(to)}})
			}
		}
	}
	// Upgrade: a card of the hand onto the clan sheet.
	charm := s.count(p, "friggas-charm")
	cl.hand.each(func(c int16) bool {
		card := s.card(c)
		if card.Type == Battle || card.Type == Quest || max(card.RageCost()-charm, 0) > int(cl.rage) || s.firstCopy(c, cl.hand) != c {
			return true
		}
		first, n := slotRange(card.Type)
		empty := false
		for k := first; k < first+n; k++ {
			if cl.up[k] < 0 {
				if !empty { // one empty slot stands for all
					buf = append(buf, engine.Action{Seat: seat, Kind: kUpgrade, Arg: [4]int16{c, int16(k)}})
				}
				empty = true
			} else {
				buf = append(buf, engine.Action{Seat: seat, Kind: kUpgrade, Arg: [4]int16{c, int16(k), cl.up[k] + 1}})
			}
		}
		return true
	})
	// Quest: a quest card committed face down.
	cl.hand.each(func(c int16) bool {
		if s.card(c).Type == Quest {
			buf = s.appendCard(buf, engine.Action{Seat: seat, Kind: kQuest}, c, cl.hand)
		}
		return true
	})
	// Pillage: a standing province not yet pillaged, where the clan has a
	// figure or a ship in a fjord supporting it.
	for q := range numProv {
		if present&(1<<q) != 0 && !s.destroyedAt(q) && s.pillaged&(1<<q) == 0 {
			buf = append(buf, engine.Action{Seat: seat, Kind: kPillage, Arg: [4]int16{int16(q)}})
		}
	}
	// Tyr's Challenge: 2 Rage to pillage a province pillaged already.
	if s.has(p, "tyrs-challenge") && cl.rage >= 2 {
		for q := range numProv {
			if s.canPillage(p, q, true) {
				buf = append(buf, engine.Action{Seat: seat, Kind: kChallenge, Arg: [4]int16{int16(q)}})
			}
		}
	}
	// Frigga's Domain: 1 Rage to invade with a figure from Valhalla.
	if s.has(p, "friggas-domain") && cl.rage >= 1 {
		for k := range numKinds {
			if s.inValhalla(p, k) >= 0 {
				buf = s.appendTargets(buf, engine.Action{Seat: seat, Kind: kDomain, Arg: [4]int16{int16(k)}}, p, k, false)
			}
		}
	}
	// Frigga's Sacrifice: destroy two of the clan's figures to raise a stat.
	if s.has(p, "friggas-sacrifice") {
		for k1 := range numKinds {
			for k2 := k1; k2 < numKinds; k2++ {
				if !s.canSacrifice(p, k1, k2) {
					continue
				}
				for st := range numStats {
					if cl.stat[st] < 5 {
						buf = append(buf, engine.Action{Seat: seat, Kind: kSacrifice, Arg: [4]int16{int16(k1), int16(k2), int16(st)}})
					}
				}
			}
		}
	}
	// Pass, giving up the Rage left: with at most the one card a clan may
	// keep for the next Age, or nothing else to do (ruling BR-R2).
	if cl.hand.len() <= 1 || len(buf) == start {
		buf = append(buf, engine.Action{Seat: seat, Kind: kPass})
	}
	return buf
}

// slotRange returns the first slot and the number of slots for an upgrade
// of type t.
func slotRange(t int8) (first, n int) {
	switch t {
	case LeaderUp:
		return slotLeader, 1
	case WarriorUp:
		return slotWarrior, 1
	case ShipUp:
		return slotShip, 1
	case MonsterUp:
		return slotMonster, 2
	case ClanUp:
		return slotClan, numClanSlots
	}
	return 0, 0
}

// emptySlot returns the first empty slot for an upgrade of type t, or the
// first slot when all are full.
func (s *State) emptySlot(p int, t int8) int {
	first, n := slotRange(t)
	for k := first; k < first+n; k++ {
		if s.clans[p].up[k] < 0 {
			return k
		}
	}
	return first
}

// upgradeCost returns the Rage upgrade card c costs clan p: its STR, one
// less with Frigga's Charm (reference §1.9; note 12).
func (s *State) upgradeCost(p int, c int16) int {
	return max(s.card(c).RageCost()-s.count(p, "friggas-charm"), 0)
}

// inReserve returns clan p's first figure of kind k in its reserve, or -1.
func (s *State) inReserve(p, k int) int { return s.firstOf(p, k, locReserve) }

// inValhalla returns clan p's first figure of kind k in Valhalla, or -1.
func (s *State) inValhalla(p, k int) int { return s.firstOf(p, k, locValhal) }

// firstOf returns clan p's first figure of kind k at location loc, or -1.
func (s *State) firstOf(p, k, loc int) int {
	cl := &s.clans[p]
	switch k {
	case kindLeader:
		if int(cl.fig[figLeader]) == loc {
			return figLeader
		}
	case kindWarrior:
		for f := figWarrior; f < figWarrior+numWarriors; f++ {
			if int(cl.fig[f]) == loc {
				return f
			}
		}
	case kindShip:
		if int(cl.fig[figShip]) == loc {
			return figShip
		}
	case kindMonster0, kindMonster1:
		f := figMonster + k - kindMonster0
		if cl.up[slotMonster+k-kindMonster0] >= 0 && int(cl.fig[f]) == loc {
			return f
		}
	}
	return -1
}

// isShip reports whether clan p's figures of kind k stand in fjords: the
// Ship, and the Sea Serpent, "a ship in every respect" (note 25).
func (s *State) isShip(p, k int) bool {
	if k == kindShip {
		return true
	}
	if k >= kindMonster0 {
		if c := s.clans[p].up[slotMonster+k-kindMonster0]; c >= 0 {
			return s.c.Cards[c].Effect == "sea-serpent"
		}
	}
	return false
}

// monsterEffect returns the effect of clan p's monster of kind k, or "".
func (s *State) monsterEffect(p, k int) string {
	if k >= kindMonster0 {
		if c := s.clans[p].up[slotMonster+k-kindMonster0]; c >= 0 {
			return s.c.Cards[c].Effect
		}
	}
	return ""
}

// invadeCost returns the Rage clan p pays to invade with a figure of kind
// k into loc (-1: anywhere): its STR, the Leader 0 (reference §1.7), a
// Warrior 2 with Experts or Masters in Arms (note 27), a monster its
// card's cost (the Dwarf Chieftain and the Soldier of Hel are free).
func (s *State) invadeCost(p, k, loc int) int {
	if loc >= 0 && loc < numProv && s.mysticTrollAt(p, loc) {
		return 0 // Mystic Troll: the clan's figures invade its province free
	}
	switch k {
	case kindLeader:
		return 0
	case kindWarrior:
		return s.warriorStr(p)
	case kindShip:
		return 2
	}
	if c := s.clans[p].up[slotMonster+k-kindMonster0]; c >= 0 {
		return s.c.Cards[c].RageCost()
	}
	return 0
}

// mysticTrollAt reports whether clan p's Mystic Troll stands in province
// loc.
func (s *State) mysticTrollAt(p, loc int) bool {
	for m := range 2 {
		if c := s.clans[p].up[slotMonster+m]; c >= 0 && s.c.Cards[c].Effect == "mystic-troll" && int(s.clans[p].fig[figMonster+m]) == loc {
			return true
		}
	}
	return false
}

// appendTargets appends a with each location clan p's figure of kind k
// may invade (Arg[1]): a standing outer province with an empty village,
// Yggdrasil only for the Dark Elf (note 6), an open fjord for a ship (note
// 7); none when the clan's figures on the board reach its Horns. With
// free, the invasion costs nothing; otherwise its Rage must be paid.
func (s *State) appendTargets(buf []engine.Action, a engine.Action, p, k int, free bool) []engine.Action {
	if s.onBoard(p) >= s.statValue(p, Horns) {
		return buf
	}
	rage := int(s.clans[p].rage)
	if s.isShip(p, k) {
		for f := range numFjords {
			if s.fjordOpen(f) && (free || a.Kind == kDomain || s.invadeCost(p, k, fjord0+f) <= rage) {
				a.Arg[1] = int16(fjord0 + f)
				buf = append(buf, a)
			}
		}
		return buf
	}
	effect := s.monsterEffect(p, k)
	// The cost is the same everywhere but in a Mystic Troll's province.
	paid := free || a.Kind == kDomain
	cheap := paid || s.invadeCost(p, k, -1) <= rage
	troll := !paid && !cheap && s.hasMonster(p, "mystic-troll")
	for q := range numProv {
		if s.destroyedAt(q) {
			continue
		}
		// Hildisvini may take a full province's village, driving a figure
		// out (reference §1.9).
		if s.freeVillages(q) <= 0 && !(effect == "hildisvini" && s.canBump(p, q)) {
			continue
		}
		if q == yggdrasil && effect != "dark-elf" {
			continue
		}
		if cheap || troll && s.invadeCost(p, k, q) <= rage {
			a.Arg[1] = int16(q)
			buf = append(buf, a)
		}
	}
	return buf
}

// presence returns the provinces where clan p is present (a figure there,
// or a ship in a fjord supporting it: reference §1.7, Pillage) and those
// from which it has a figure that may march (not a ship).
func (s *State) presence(p int) (present, marchers uint16) {
	cl := &s.clans[p]
	for k, l := range cl.fig {
		switch {
		case l < numProv:
			present |= 1 << l
			if !(k >= figMonster && s.isShip(p, kindOf(k))) {
				marchers |= 1 << l
			}
		case l >= fjord0 && l < fjord0+numFjords:
			for _, q := range s.c.Fjords[l-fjord0].Provinces {
				if !s.destroyedAt(int(q)) {
					present |= 1 << q
				}
			}
		}
	}
	if cl.rage < 1 {
		marchers = 0
	}
	return present, marchers
}

// canPillage reports whether clan p may pillage province q: standing, not
// pillaged this Age (or pillaged, for Tyr's Challenge), with a figure of
// the clan in it or a ship in a fjord supporting it (reference §1.7).
func (s *State) canPillage(p, q int, challenge bool) bool {
	if s.destroyedAt(q) || (s.pillaged&(1<<q) != 0) != challenge {
		return false
	}
	return s.present(p, q)
}

// canSacrifice reports whether clan p has two figures of kinds k1 and k2
// on the board (two warriors when both are warriors).
func (s *State) canSacrifice(p, k1, k2 int) bool {
	n := [numKinds]int{}
	for k, l := range s.clans[p].fig {
		if l < locReserve {
			n[kindOf(k)]++
		}
	}
	if n[k1] == 0 || n[k2] == 0 {
		return false
	}
	return k1 != k2 || n[k1] >= 2
}

// applyAction plays clan p's action on its turn.
func (s *State) applyAction(p int, a engine.Action, log *engine.Log) {
	cl := &s.clans[p]
	k, loc := int(a.Arg[0]), int(a.Arg[1])
	switch a.Kind {
	case kInvade:
		cost := s.invadeCost(p, k, loc)
		cl.rage -= int8(cost)
		log.Add(engine.Everyone, "invade", "%v invades %v with a %v for %d Rage", clanName(p), s.province(loc), s.figLabel(p, s.inReserve(p, k)), cost)
		s.invade(p, s.inReserve(p, k), loc, log)
	case kDomain:
		cl.rage--
		f := s.inValhalla(p, k)
		log.Add(engine.Everyone, "invade.domain", "%v's Frigga's Domain brings a %v from Valhalla into %v for 1 Rage", clanName(p), s.figLabel(p, f), s.province(loc))
		s.invade(p, f, loc, log)
	case kMarch:
		cl.rage--
		s.act = pendingAct{kind: actMarch, seat: int8(p), a: int8(k), b: int8(loc)}
		log.Add(engine.Everyone, "march", "%v marches from %v to %v for 1 Rage", clanName(p), s.province(k), s.province(loc))
		return
	case kUpgrade:
		s.upgrade(p, a.Arg[0], int(a.Arg[1]), log)
	case kQuest:
		s.fromHand(p, a.Arg[0])
		cl.quest.add(a.Arg[0])
		s.playedBy[p].add(a.Arg[0])
		log.Add(engine.Everyone, "quest", "%v commits a quest face down", clanName(p))
		log.Add(engine.Seats(engine.Seat(p)), "quest.card", "your quest: %v", (*cardName)(s.card(a.Arg[0])))
	case kPillage:
		log.Add(engine.Everyone, "pillage", "%v pillages %v", clanName(p), s.province(k))
		s.startBattle(p, k, false, log)
	case kChallenge:
		cl.rage -= 2
		log.Add(engine.Everyone, "pillage.challenge", "%v's Tyr's Challenge: %v pillages %v again for 2 Rage", clanName(p), clanName(p), s.province(k))
		s.startBattle(p, k, true, log)
	case kSacrifice:
		log.Add(engine.Everyone, "sacrifice", "%v's Frigga's Sacrifice destroys two of its figures", clanName(p))
		f1 := s.firstOnBoard(p, k, -1)
		s.kill(p, f1, log)
		s.kill(p, s.firstOnBoard(p, int(a.Arg[1]), f1), log)
		s.raise(p, int(a.Arg[2]), log)
	case kPass:
		log.Add(engine.Everyone, "pass", "%v passes, giving up %d Rage", clanName(p), cl.rage)
		cl.rage = 0
	}
	s.resume(log)
}

// firstOnBoard returns clan p's first figure of kind k on the board other
// than figure not, or -1.
func (s *State) firstOnBoard(p, k, not int) int {
	for f, l := range s.clans[p].fig {
		if l < locReserve && kindOf(f) == k && f != not {
			if k >= kindMonster0 && s.clans[p].up[slotMonster+k-kindMonster0] < 0 {
				continue
			}
			return f
		}
	}
	return -1
}

// resume carries the match on once an action or a choice is done: the
// choices it raised first, then the battle, the pending action, the end
// of the Age or the next turn. Only Apply's handlers call it, once.
func (s *State) resume(log *engine.Log) {
	for {
		switch {
		case s.phase == phOver || s.nAsk > 0 || s.act.kind != actNone:
			return
		case s.bat.on:
			s.advanceBattle(log)
			if s.bat.on || s.nAsk > 0 {
				return
			}
			continue // the battle is over: the turn passes
		case s.phase == phQuests:
			s.continueAge(log)
		case s.phase == phAction:
			s.nextTurn(log)
		}
		return
	}
}
