package bloodrage

import (
	"encoding/binary"

	"skald/engine"
)

// Hash returns a hash of the whole state.
func (s *State) Hash() uint64 {
	var a [2048]byte
	b := a[:0]
	b = append(b, byte(s.n), byte(s.age), byte(s.phase), byte(s.first), byte(s.turn), byte(s.nDeck), byte(s.nAsk), flag(s.kickstarter))
	for p := range int(s.n) {
		cl := &s.clans[p]
		b = binary.LittleEndian.AppendUint16(b, uint16(cl.glory))
		b = append(b, byte(cl.rage), byte(cl.stat[0]), byte(cl.stat[1]), byte(cl.stat[2]))
		b = append(b, cl.fig[:]...)
		for _, u := range cl.up {
			b = binary.LittleEndian.AppendUint16(b, uint16(u))
		}
		b = cl.hand.append(b)
		b = cl.quest.append(b)
		b = binary.LittleEndian.AppendUint16(b, s.doomed[p])
		b = append(b, byte(s.doomAt[p]))
	}
	b = binary.LittleEndian.AppendUint16(b, s.destroyed)
	b = binary.LittleEndian.AppendUint16(b, s.pillaged)
	for _, t := range s.token {
		b = append(b, byte(t))
	}
	for _, d := range s.doom {
		b = append(b, byte(d))
	}
	for _, c := range s.deck[:s.nDeck] {
		b = binary.LittleEndian.AppendUint16(b, uint16(c))
	}
	b = s.draft.AppendState(b)
	b = binary.LittleEndian.AppendUint64(b, uint64(s.undealt))
	b = s.picks.AppendState(b)
	b = s.win.AppendState(b)
	b = s.discard.append(b)
	b = s.shown.append(b)
	b = s.unseen.append(b)
	for _, c := range s.ask[:s.nAsk] {
		b = append(b, byte(c.kind), byte(c.seat), byte(c.a))
	}
	b = append(b, byte(s.act.kind), byte(s.act.seat), byte(s.act.a), byte(s.act.b), byte(s.act.n))
	bt := &s.bat
	b = append(b, flag(bt.on), byte(bt.step), byte(bt.prov), byte(bt.pillager), flag(bt.challenge), flag(bt.fought), flag(bt.lateOpen), byte(bt.texts),
		byte(bt.parts), byte(bt.valk), byte(bt.nidh), byte(bt.asBattle), byte(bt.cancel), byte(bt.nPlays), byte(bt.winner), flag(bt.tyr))
	for p := range maxClans {
		b = binary.LittleEndian.AppendUint16(b, uint16(bt.card[p]))
		b = append(b, byte(bt.lateStr[p]), byte(bt.killed[p]))
		b = binary.LittleEndian.AppendUint16(b, uint16(bt.str[p]))
	}
	for i := range int(bt.nPlays) {
		b = binary.LittleEndian.AppendUint16(b, uint16(bt.plays[i]))
		b = append(b, byte(bt.playBy[i]))
	}
	b = s.rng.AppendState(b)
	return engine.HashBytes(b)
}

func (c cardSet) append(b []byte) []byte {
	for _, w := range c {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return b
}

func flag(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// Determinize returns a copy in which every card seat cannot see is dealt
// again from r: the other clans' hands (but the cards everyone saw them
// take back), their committed quests, their face-down picks, the draft's
// hidden hands and the cards left out of the Age or discarded unseen.
// Everything else — the board, the sheets, the Ragnarök and pillage
// tokens — lies face up. The hidden cards are gathered in card order, so
// the copy depends on nothing seat cannot see; the kernel's
// engine.Determinize then gives it a fresh random stream.
func (s *State) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	c := s.Clone().(*State)
	viewer := int(seat)
	// The draft works on deck positions: its hidden hands and picks are
	// dealt again with the positions not dealt this Age.
	if c.phase == phDraft {
		c.undealt = c.draft.Redeal(seat, c.undealt, r)
	}
	// The cards: gather every hidden one, shuffle, deal back by count.
	var hidden cardSet
	var nHand, nQuest [maxClans]int
	for p := range int(c.n) {
		if p == viewer {
			continue
		}
		cl := &c.clans[p]
		cl.hand.each(func(x int16) bool {
			if !c.shown.has(x) {
				hidden.add(x)
				nHand[p]++
			}
			return true
		})
		nQuest[p] = cl.quest.len()
		for w := range cl.quest {
			hidden[w] |= cl.quest[w]
			cl.hand[w] &= c.shown[w]
		}
		cl.quest = cardSet{}
	}
	for w := range hidden {
		hidden[w] |= c.unseen[w]
	}
	nUnseen := c.unseen.len()
	var order [256]int16
	list := order[:0]
	hidden.each(func(x int16) bool {
		list = append(list, x)
		return true
	})
	r.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
	take := func(n int, to *cardSet) {
		for range n {
			to.add(list[0])
			list = list[1:]
		}
	}
	for p := range int(c.n) {
		if p == viewer {
			continue
		}
		take(nHand[p], &c.clans[p].hand)
		take(nQuest[p], &c.clans[p].quest)
	}
	c.unseen = cardSet{}
	take(nUnseen, &c.unseen)
	// Face-down picks of the other clans (a battle card, the card kept at
	// Discard) are picked again from their new hands.
	for p := range int(c.n) {
		if !c.picks.Hidden(seat).Has(engine.Seat(p)) {
			continue
		}
		hand := c.clans[p].hand
		v := int16(-1)
		if n := hand.len(); n > 0 {
			k := r.IntN(n)
			hand.each(func(x int16) bool {
				if k == 0 {
					v = x
					return false
				}
				k--
				return true
			})
		}
		c.picks.Repick(engine.Seat(p), v)
	}
	return c
}
