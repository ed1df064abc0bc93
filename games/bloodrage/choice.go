package bloodrage

import (
	"skald/engine"
)

// A choice is a decision a rule or a card gives one clan, asked in the
// order the rules raise them: a stat to raise, figures to save, where a
// free Warrior goes. Choices wait in State.ask, the first asked now.
type choice struct {
	kind int8
	seat int8
	a    int8 // what the choice is about: a stat not to raise, a figure, a province
}

// Choice kinds.
const (
	chRaise       = iota // raise a stat, but not a (a quest, Frigga's Grace, Thor's Oath, Lord of Axes)
	chSave               // Frigga's Protection: save marked figures for 1 Rage each (note 14)
	chWitch              // the Volur Witch a goes to Yggdrasil instead of dying (note 26)
	chSuccor             // Frigga's Succor: a free Warrior where a figure invaded a (note 13)
	chThorsDomain        // Thor's Domain: pillage province a at once for 2 Rage
	chTide               // Odin's Tide: the one figure kept in the battle
	chBless              // Loki's Blessing: a free Warrior into the lost battle's province a
	chLead               // Lord of Hammers: the Leader moves from province a to an adjacent one
	chProwess            // Tyr's Prowess: keep revealed cards for 1 Rage each
	chBump               // Hildisvini: a figure of province a moves to an adjacent province
	chTyr                // Tyr's Domain or Wrath: count the revealed quest as a battle card
	numChoices
)

// maxAsk bounds the choices waiting at once. The most the rules raise is
// at the Quest phase: a stat raise for each fulfilled quest, and a clan
// commits at most the cards of one hand (8 in the draft, 1 kept) an Age,
// so five clans raise at most 45.
const maxAsk = 48

// askChoice queues a choice.
func (s *State) askChoice(c choice) {
	if int(s.nAsk) == len(s.ask) {
		panic("bloodrage: more choices waiting than the rules can raise") // see maxAsk
	}
	s.ask[s.nAsk] = c
	s.nAsk++
}

// popChoice removes the first choice.
func (s *State) popChoice() {
	copy(s.ask[:], s.ask[1:s.nAsk])
	s.nAsk--
	s.ask[s.nAsk] = choice{}
}

// legalChoice appends the options of the first choice.
func (s *State) legalChoice(p int, buf []engine.Action) []engine.Action {
	c := s.ask[0]
	seat := engine.Seat(p)
	cl := &s.clans[p]
	add := func(kind int, args ...int) {
		a := engine.Action{Seat: seat, Kind: uint8(kind)}
		for i, v := range args {
			a.Arg[i] = int16(v)
		}
		buf = append(buf, a)
	}
	switch c.kind {
	case chRaise:
		for st := range numStats {
			if st != int(c.a) {
				add(kRaise, st)
			}
		}
	case chSave:
		if cl.rage > 0 {
			for k := range numKinds {
				if s.doomedOf(p, k) >= 0 {
					add(kSave, k)
				}
			}
		}
		add(kDone)
	case chWitch:
		add(kWitch)
		add(kSkip)
	case chSuccor:
		if s.onBoard(p) < s.statValue(p, Horns) {
			for _, q := range s.succorPlaces(int(c.a)) {
				if q >= 0 && !s.destroyedAt(q) && s.freeVillages(q) > 0 {
					add(kSuccor, q)
				}
			}
		}
		add(kSkip)
	case chThorsDomain:
		if cl.rage >= 2 && s.canPillage(p, int(c.a), false) {
			add(kPillage, int(c.a))
		}
		add(kSkip)
	case chTide:
		for k := range numKinds {
			if s.firstIn(p, k, int(s.bat.prov)) >= 0 {
				add(kSpare, k)
			}
		}
	case chBless:
		if s.inReserve(p, kindWarrior) >= 0 && s.freeVillages(int(c.a)) > 0 && s.onBoard(p) < s.statValue(p, Horns) {
			add(kBless)
		}
		add(kSkip)
	case chLead:
		for q := range numProv {
			if adjacent(int(c.a), q) && !s.destroyedAt(q) && s.freeVillages(q) > 0 {
				add(kLead, q)
			}
		}
		add(kSkip)
	case chBump:
		prov := int(c.a)
		for o := range int(s.n) {
			for k := range numKinds {
				f := s.firstOf(o, k, prov)
				if f < 0 || s.isShip(o, k) || (o == p && s.monsterEffect(p, k) == "hildisvini") {
					continue
				}
				for q := range numProv {
					if adjacent(prov, q) && !s.destroyedAt(q) && s.freeVillages(q) > 0 {
						add(kBump, o, k, q)
					}
				}
			}
		}
		if s.freeVillages(prov) >= 0 {
			add(kSkip) // the bump is a choice unless Hildisvini took a full province's village
		}
	case chTyr:
		add(kCount)
		add(kSkip)
	case chProwess:
		if cl.rage > 0 {
			var left cardSet // the winner's cards still on the discard
			s.bat.cardsOf(p).each(func(x int16) bool {
				if s.discard.has(x) {
					left.add(x)
				}
				return true
			})
			left.each(func(x int16) bool {
				buf = s.appendCard(buf, engine.Action{Seat: seat, Kind: kKeep}, x, left)
				return true
			})
		}
		add(kDone)
	}
	return buf
}

// succorPlaces returns where Frigga's Succor's Warrior may go after an
// invasion of loc: loc itself, or for a fjord the provinces beside it
// (note 13).
func (s *State) succorPlaces(loc int) [2]int {
	if loc >= fjord0 {
		pr := s.c.Fjords[loc-fjord0].Provinces
		return [2]int{int(pr[0]), int(pr[1])}
	}
	return [2]int{loc, -1}
}

// doomedOf returns clan p's first figure of kind k marked for destruction,
// or -1.
func (s *State) doomedOf(p, k int) int {
	for f := range numFigs {
		if s.doomed[p]&(1<<f) != 0 && kindOf(f) == k {
			return f
		}
	}
	return -1
}

// firstIn returns clan p's first figure of kind k in province prov's
// battle (the province and its supporting fjord), or -1.
func (s *State) firstIn(p, k, prov int) int {
	for f, l := range s.clans[p].fig {
		if kindOf(f) == k && s.inBattle(int(l), prov) {
			return f
		}
	}
	return -1
}

// applyChoice plays an answer to the first choice.
func (s *State) applyChoice(p int, a engine.Action, log *engine.Log) {
	c := s.ask[0]
	cl := &s.clans[p]
	switch c.kind {
	case chRaise:
		s.popChoice()
		s.raise(p, int(a.Arg[0]), log)
	case chSave:
		if a.Kind == kSave {
			f := s.doomedOf(p, int(a.Arg[0]))
			s.doomed[p] &^= 1 << f
			cl.rage--
			log.Add(engine.Everyone, "protection", "%v's Frigga's Protection saves its %v for 1 Rage", clanName(p), s.figLabel(p, f))
			if cl.rage > 0 && s.doomed[p] != 0 {
				break // more may be saved
			}
		}
		s.popChoice()
		s.killDoomed(p, log)
	case chWitch:
		s.popChoice()
		f := int(c.a)
		if a.Kind == kWitch {
			s.doomed[p] &^= 1 << f
			s.place(p, f, yggdrasil)
			log.Add(engine.Everyone, "witch", "the %v Volur Witch escapes to Yggdrasil", clanName(p))
		}
		if !s.askedOf(p) {
			s.killDoomed(p, log)
		}
	case chSuccor:
		s.popChoice()
		if a.Kind == kSuccor {
			f := s.inReserve(p, kindWarrior)
			s.place(p, f, uint8(a.Arg[0]))
			log.Add(engine.Everyone, "succor", "%v's Frigga's Succor brings a Warrior into %v", clanName(p), s.province(int(a.Arg[0])))
		}
	case chThorsDomain:
		s.popChoice()
		if a.Kind == kPillage {
			cl.rage -= 2
			log.Add(engine.Everyone, "pillage.domain", "%v's Thor's Domain: %v pillages %v for 2 Rage", clanName(p), clanName(p), s.province(int(a.Arg[0])))
			s.startBattle(p, int(a.Arg[0]), false, log)
		}
	case chTide:
		s.popChoice()
		keep := s.firstIn(p, int(a.Arg[0]), int(s.bat.prov))
		var figs uint16
		for f, l := range cl.fig {
			if f != keep && s.inBattle(int(l), int(s.bat.prov)) {
				figs |= 1 << f
			}
		}
		log.Add(engine.Everyone, "tide", "Odin's Tide: %v keeps its %v", clanName(p), s.figLabel(p, keep))
		s.destroy(p, figs, int(s.bat.prov), log)
	case chBless:
		s.popChoice()
		if a.Kind == kBless {
			f := s.inReserve(p, kindWarrior)
			s.place(p, f, uint8(c.a))
			log.Add(engine.Everyone, "blessing", "%v's Loki's Blessing: a Warrior invades %v free", clanName(p), s.province(int(c.a)))
		}
	case chLead:
		s.popChoice()
		if a.Kind == kLead {
			f := s.leaderIn(p, int(c.a))
			s.place(p, f, uint8(a.Arg[0]))
			log.Add(engine.Everyone, "lead", "%v's Lord of Hammers leads into %v", clanName(p), s.province(int(a.Arg[0])))
		}
	case chBump:
		s.popChoice()
		if a.Kind == kBump {
			o := int(a.Arg[0])
			f := s.firstOf(o, int(a.Arg[1]), int(c.a))
			s.place(o, f, uint8(a.Arg[2]))
			log.Add(engine.Everyone, "bump", "%v's Hildisvini drives %v's %v into %v", clanName(p), clanName(o), s.figLabel(o, f), s.province(int(a.Arg[2])))
		}
	case chTyr:
		s.popChoice()
		if a.Kind == kCount {
			s.bat.asBattle = s.bat.asBattle.With(engine.Seat(p))
			log.Add(engine.Everyone, "tyr", "%v counts its %v as a +%d battle card", clanName(p), (*cardName)(s.card(s.bat.card[p])), s.cardStr(p, s.bat.card[p]))
		}
	case chProwess:
		if a.Kind == kKeep {
			cl.rage--
			s.discard.del(a.Arg[0])
			s.toHand(p, cardSet{}.with(a.Arg[0]))
			log.Add(engine.Everyone, "prowess", "%v's Tyr's Prowess keeps %v for 1 Rage", clanName(p), (*cardName)(s.card(a.Arg[0])))
			break
		}
		s.popChoice()
	}
	s.resume(log)
}

// leaderIn returns clan p's Leader in province prov, or a monster that
// counts as a Leader (the Mountain Giant), or -1.
func (s *State) leaderIn(p, prov int) int {
	cl := &s.clans[p]
	if int(cl.fig[figLeader]) == prov {
		return figLeader
	}
	for m := range 2 {
		if s.monsterEffect(p, kindMonster0+m) == "mountain-giant" && int(cl.fig[figMonster+m]) == prov {
			return figMonster + m
		}
	}
	return -1
}
