package bloodrage

import (
	"fmt"

	"skald/engine"
	"skald/engine/decide"
)

// Citations used in rules and refusals. What a player reads cites the
// rulebook by section; the seed's notes are "Blood Rage notes, N".
const (
	ruleSetup    = "Blood Rage, Setup"
	ruleDraft    = "Blood Rage, Gods' Gifts"
	ruleAction   = "Blood Rage, Action Phase"
	ruleInvade   = "Blood Rage, Invade"
	ruleMarch    = "Blood Rage, March"
	ruleUpgrade  = "Blood Rage, Upgrade"
	ruleQuest    = "Blood Rage, Quest"
	rulePillage  = "Blood Rage, Pillage"
	ruleCall     = "Blood Rage, Call to Battle (notes 1, 5, 6)"
	ruleBattle   = "Blood Rage, Battle (notes 1-4)"
	ruleDiscard  = "Blood Rage, Discard Phase"
	ruleQuests   = "Blood Rage, Quest Phase"
	ruleRagnarok = "Blood Rage, Ragnarök Phase"
	ruleRelease  = "Blood Rage, Release Valhalla"
	ruleEnd      = "Blood Rage, End of the Game"
	ruleRulings  = "Blood Rage rulings"
)

// setup lays out the board and deals the first Age (reference §1.5).
func (s *State) setup(log *engine.Log) {
	for p := range s.clans {
		cl := &s.clans[p]
		for k := range cl.fig {
			cl.fig[k] = locReserve
		}
		cl.fig[figMonster], cl.fig[figMonster+1] = locGone, locGone
		for k := range cl.up {
			cl.up[k] = -1
		}
	}
	// The eight outer pillage tokens, shuffled face up onto the outer
	// provinces; Yggdrasil's is fixed (Setup, step 2).
	for p := range s.token {
		s.token[p] = int8(p)
	}
	s.rng.Shuffle(numOuter, func(i, j int) { s.token[i], s.token[j] = s.token[j], s.token[i] })
	// The Ragnarök tokens: three on the Age track, then provinces
	// destroyed by player count from the rest (Setup, steps 3 and 4).
	var rag [numOuter]int8
	for p := range rag {
		rag[p] = int8(p)
	}
	s.rng.Shuffle(numOuter, func(i, j int) { rag[i], rag[j] = rag[j], rag[i] })
	copy(s.doom[:], rag[:3])
	for _, p := range rag[3 : 3+s.c.Destroyed[s.n]] {
		s.destroyed |= 1 << p
		log.Add(engine.Everyone, "setup.destroyed", "%v is destroyed before the game", s.province(int(p)))
	}
	s.recount()
	s.first = int8(s.rng.IntN(int(s.n)))
	s.startAge(log)
}

// startAge deals the Age's deck for the draft (Gods' Gifts): eight cards
// to each clan, who pick one and pass the rest to the left until six are
// kept and two are discarded unseen; two clans pick two cards a pass
// (reference §1.6).
func (s *State) startAge(log *engine.Log) {
	s.phase = phDraft
	deck := s.c.Deck(int(s.age)+1, int(s.n), s.kickstarter)
	s.nDeck = int8(len(deck))
	for i, c := range deck {
		s.deck[i] = int16(c)
	}
	d := s.deck[:s.nDeck]
	s.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	s.undealt = 0
	for i := 8 * int(s.n); i < int(s.nDeck); i++ {
		s.undealt = s.undealt.With(i)
	}
	var hands [maxClans]decide.Cards
	for p := range int(s.n) {
		for k := range 8 {
			hands[p] = hands[p].With(p*8 + k)
		}
	}
	per := 1
	if s.n == 2 {
		per = 2
	}
	// The hands pass left in every Age (reference §1.6; ruling BR-R29).
	if err := s.draft.DealPicking(hands[:s.n], decide.Clockwise, 2, per); err != nil {
		panic(fmt.Sprintf("bloodrage: dealing the draft: %v", err)) // 8 cards each, always
	}
	log.Add(engine.Everyone, "age", "Age %d begins: the Gods' Gifts are drafted, passing %v", s.age+1, s.draft.Direction())
}

// endDraft gives each clan its six cards, discards the two left over
// unseen, and starts the Action phase.
func (s *State) endDraft(log *engine.Log) {
	for p := range int(s.n) {
		cl := &s.clans[p]
		for k := s.draft.Kept(engine.Seat(p)); k != 0; k = k.Without(k.First()) {
			c := s.deck[k.First()]
			cl.hand.add(c)
			s.drafted.add(c)
		}
		for k := s.draft.Hand(engine.Seat(p)); k != 0; k = k.Without(k.First()) {
			s.unseen.add(s.deck[k.First()])
		}
	}
	for d := s.undealt; d != 0; d = d.Without(d.First()) {
		s.unseen.add(s.deck[d.First()]) // the cards not dealt this Age
	}
	s.undealt = 0
	s.draft = decide.Draft{}
	s.startAction(log)
}

// startAction gives every clan its Rage stat in Rage and the first player
// the first action (Action Phase).
func (s *State) startAction(log *engine.Log) {
	s.phase = phAction
	for p := range int(s.n) {
		s.clans[p].rage = int8(s.statValue(p, Rage))
	}
	s.turn = s.first
	log.Add(engine.Everyone, "phase.action", "the Action phase begins with %v", clanName(s.turn))
}

// nextTurn passes the action to the next clan clockwise with Rage left,
// or ends the Action phase when no clan has Rage or every standing
// province has been pillaged (reference §1.6, Action).
func (s *State) nextTurn(log *engine.Log) {
	if s.allPillaged() {
		log.Add(engine.Everyone, "phase.action.end", "every standing province has been pillaged: the Action phase ends")
		s.endAction(log)
		return
	}
	for k := 1; k <= int(s.n); k++ {
		p := (int(s.turn) + k) % int(s.n)
		if s.clans[p].rage > 0 {
			s.turn = int8(p)
			return
		}
	}
	log.Add(engine.Everyone, "phase.action.end", "no clan has Rage left: the Action phase ends")
	s.endAction(log)
}

// allPillaged reports whether every standing province, Yggdrasil included,
// has been pillaged this Age.
func (s *State) allPillaged() bool {
	for p := range numProv {
		if !s.destroyedAt(p) && s.pillaged&(1<<p) == 0 {
			return false
		}
	}
	return true
}

// endAction starts the Discard phase: each clan keeps at most one card of
// its hand for the next Age, and discards every card in the third
// (reference §1.6, Discard). The choices are secret and simultaneous.
func (s *State) endAction(log *engine.Log) {
	s.phase = phDiscard
	var asked engine.SeatSet
	for p := range int(s.n) {
		cl := &s.clans[p]
		cl.rage = 0
		if s.age == 2 {
			s.discardHand(p)
			continue
		}
		if cl.hand.len() > 0 {
			asked = asked.With(engine.Seat(p))
		}
	}
	s.picks.Ask(asked)
	if asked.Empty() {
		s.endDiscard(log)
	}
}

// discardHand discards every card in clan p's hand, face down.
func (s *State) discardHand(p int) {
	cl := &s.clans[p]
	for w := range cl.hand {
		s.unseen[w] |= cl.hand[w]
		s.shown[w] &^= cl.hand[w]
	}
	cl.hand = cardSet{}
}

// endDiscard applies the kept cards, then plays the Quest, Ragnarök and
// Release Valhalla phases and ends the Age.
func (s *State) endDiscard(log *engine.Log) {
	for p := range int(s.n) {
		v, ok := s.picks.Get(engine.Seat(p))
		if !ok {
			continue
		}
		cl := &s.clans[p]
		shown := s.shown.has(v)
		if v >= 0 {
			cl.hand.del(v)
		}
		s.discardHand(p)
		if v >= 0 {
			cl.hand.add(v) // kept; if every clan saw it, they still know it
			if shown {
				s.shown.add(v)
			}
		}
	}
	s.picks = decide.Picks{}
	s.phase = phQuests
	s.scoreQuests(log)
	s.continueAge(log)
}

// continueAge runs the end of the Age once no choice is waiting:
// Ragnarök, Release Valhalla, and the next Age or the end of the game.
func (s *State) continueAge(log *engine.Log) {
	if s.nAsk > 0 {
		return
	}
	s.ragnarok(log)
	s.release(log)
	s.pillaged = 0
	s.first = int8((int(s.first) + 1) % int(s.n))
	if s.age == 2 {
		s.finish(log)
		return
	}
	s.age++
	s.startAge(log)
}

// scoreQuests reveals every committed quest in turn order from the first
// player: a fulfilled quest gives its Glory (twice with Odin's Throne) and
// a stat raise of the clan's choice; a failed one costs nothing; all are
// discarded (reference §1.6, Quest).
func (s *State) scoreQuests(log *engine.Log) {
	for k := range int(s.n) {
		p := (int(s.first) + k) % int(s.n)
		cl := &s.clans[p]
		cl.quest.each(func(q int16) bool {
			c := s.card(q)
			if s.fulfils(p, c) {
				g := int(c.Glory)
				if s.has(p, "odins-throne") {
					g *= 2
				}
				s.gain(p, g, "quest "+c.Name, log)
				s.askChoice(choice{kind: chRaise, seat: int8(p), a: -1})
			} else {
				log.Add(engine.Everyone, "quest.failed", "%v fails the quest %v", clanName(p), (*cardName)(c))
			}
			s.discard.add(q)
			return true
		})
		cl.quest = cardSet{}
	}
}

// fulfils reports whether clan p fulfils quest c now (reference §1.9:
// "most STR" is more than every other clan, and more than none, a
// ruling).
func (s *State) fulfils(p int, c *Card) bool {
	switch c.Goal {
	case GoalRegion:
		for q := range numOuter {
			if int(s.c.Provinces[q].Region) == int(c.Region) && s.most(p, q) {
				return true
			}
		}
	case GoalYggdrasil:
		return s.most(p, yggdrasil)
	case GoalValhalla:
		n := 0
		for _, l := range s.clans[p].fig {
			if l == locValhal {
				n++
			}
		}
		return n >= int(c.Count)
	case GoalWidespread:
		n := 0
		for q := range numProv {
			if s.most(p, q) {
				n++
			}
		}
		return n >= int(c.Count)
	}
	return false
}

// most reports whether clan p has more strength in standing province q
// than any other clan, and some.
func (s *State) most(p, q int) bool {
	if s.destroyedAt(q) {
		return false
	}
	mine := s.strength(p, q)
	if mine == 0 {
		return false
	}
	for o := range int(s.n) {
		if o != p && s.strength(o, q) >= mine {
			return false
		}
	}
	return true
}

// ragnarok destroys the Age's doomed province: every figure in it and in
// its supporting fjord goes to Valhalla for 2, 3 or 4 Glory by Age
// (twice with Odin's Inspiration, the Dragons' Glory not doubled: note 24).
func (s *State) ragnarok(log *engine.Log) {
	prov := int(s.doom[s.age])
	// Garm: Ragnarök destroys Garm's province instead, unless Garm stands
	// in Yggdrasil (reference §1.9, Kickstarter monsters).
	for p := range int(s.n) {
		for m := range 2 {
			if l := int(s.clans[p].fig[figMonster+m]); s.monsterEffect(p, kindMonster0+m) == "garm" && l < numOuter && !s.destroyedAt(l) {
				log.Add(engine.Everyone, "garm", "the %v Garm draws Ragnarök onto %v", clanName(p), s.province(l))
				prov = l
			}
		}
	}
	s.destroyed |= 1 << prov
	log.Add(engine.Everyone, "ragnarok", "Ragnarök destroys %v", s.province(prov))
	per := int(s.c.Ragnarok[s.age])
	for p := range int(s.n) {
		cl := &s.clans[p]
		for k, l := range cl.fig {
			if int(l) != prov && !(l >= fjord0 && l < fjord0+numFjords && s.borders(int(l)-fjord0, prov)) {
				continue
			}
			g := per
			if s.has(p, "odins-inspiration") {
				g *= 2
			}
			s.kill(p, k, log)
			s.gain(p, g, "Ragnarök", log)
		}
	}
}

// borders reports whether fjord f lies beside province p.
func (s *State) borders(f, p int) bool {
	pr := s.c.Fjords[f].Provinces
	return int(pr[0]) == p || int(pr[1]) == p
}

// release returns every figure in Valhalla to its clan's reserve; Loki's
// Domain, Eminence and Wrath pay 1, 2 and 3 Glory a figure (reference
// §1.6, Release Valhalla).
func (s *State) release(log *engine.Log) {
	for p := range int(s.n) {
		cl := &s.clans[p]
		n := 0
		for k, l := range cl.fig {
			if l == locValhal {
				s.place(p, k, locReserve)
				n++
			}
		}
		if n == 0 {
			continue
		}
		log.Add(engine.Everyone, "release", "%d of %v's figures return from Valhalla", n, clanName(p))
		s.gain(p, n*s.count(p, "lokis-domain"), "Loki's Domain", log)
		s.gain(p, 2*n*s.count(p, "lokis-eminence"), "Loki's Eminence", log)
		s.gain(p, 3*n*s.count(p, "lokis-wrath"), "Loki's Wrath", log)
	}
}

// finish scores the end of the game: 10 Glory for each stat on its fourth
// or fifth step and 20 on its last, Thor's Conquest's 3 a figure on the
// board; the most Glory wins, and clans tied share their place (ruling
// BR-R1).
func (s *State) finish(log *engine.Log) {
	var scores [maxClans]float64
	for p := range int(s.n) {
		cl := &s.clans[p]
		for st := range numStats {
			s.gain(p, int(s.c.StatGlory[cl.stat[st]]), statNames[st]+" track", log)
		}
		s.gain(p, 3*s.onBoard(p)*s.count(p, "thors-conquest"), "Thor's Conquest", log)
		scores[p] = float64(cl.glory)
	}
	s.result = engine.Ranked(scores[:s.n], "the Ages are over: the most Glory wins")
	s.phase = phOver
	log.Add(engine.Everyone, "game.over", "the game is over")
}
