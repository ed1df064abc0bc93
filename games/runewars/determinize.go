package runewars

import (
	"encoding/binary"
	"sort"

	"skald/engine"
)

// Clone returns an independent copy. The board is shared: it never
// changes once laid, and laying a tile makes a new one.
func (s *State) Clone() engine.State {
	c := *s
	c.rng = s.rng.Clone()
	return &c
}

// CloneInto copies s into dst, a *State, without allocating.
func (s *State) CloneInto(dst engine.State) bool {
	d, ok := dst.(*State)
	if !ok || d == nil {
		return false
	}
	*d = *s
	d.rng = s.rng.Clone()
	return true
}

// Rand returns the match's random stream.
func (s *State) Rand() *engine.Rand { return &s.rng }

// Result reports the end of the game: the Road to Victory winner first,
// then the most dragon runes, ties broken by the Influence held, then by
// the starting Influence (Runewars rules, Victory). A seat's score is the
// dragon runes it controls.
func (s *State) Result() (engine.Result, bool) {
	if !s.over {
		return engine.Result{}, false
	}
	var keys [maxPlayers]float64
	for p := int8(0); p < s.n; p++ {
		pl := &s.players[p]
		k := float64(s.dragonRunes(p))*1e6 + float64(max(pl.influence, 0))*100 + float64(s.c.Factions[pl.faction].Influence)
		if p == s.winner {
			k += 1e9
		}
		keys[p] = k
	}
	reason := "the last year ended: the most dragon runes win, ties to the most Influence (Runewars rules, Victory)"
	if s.winner >= 0 {
		reason = s.g.SeatName(engine.Seat(s.winner)) + " still controlled the dragon runes a year after laying his Victory card (Runewars rules, Road to Victory)"
	}
	r := engine.Ranked(keys[:s.n], reason)
	for p := int8(0); p < s.n; p++ {
		r.Scores[p] = float64(s.dragonRunes(p))
	}
	return r, true
}

// Hash returns a hash of the whole state.
func (s *State) Hash() uint64 {
	var a [4096]byte
	b := a[:0]
	b = append(b, byte(s.n), byte(s.stage), byte(s.year), byte(s.season), byte(s.turn), byte(s.card), byte(s.winner), byte(s.nask))
	b = binary.LittleEndian.AppendUint16(b, uint16(s.setupStep))
	for p := 0; p < int(s.n); p++ {
		pl := &s.players[p]
		b = append(b, byte(pl.dials[0]), byte(pl.dials[1]), byte(pl.dials[2]), byte(pl.tactics), byte(pl.victory), byte(pl.nPlace))
		b = binary.LittleEndian.AppendUint16(b, uint16(pl.influence))
		for _, x := range pl.played {
			b = append(b, byte(b2i(x)))
		}
		b = append(b, pl.toPlace[:pl.nPlace]...)
		b = append(b, byte(s.tileHand[p][0]), byte(s.tileHand[p][1]), byte(pl.runeHand[0]), byte(pl.runeHand[1]), byte(s.revealed[p]), pl.devCards, byte(b2i(pl.capLost)))
	}
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		b = append(b, f.typ, byte(f.owner), byte(f.area), byte(b2i(f.routed)), byte(f.dmg), byte(b2i(f.battle)), byte(b2i(f.moved)))
	}
	for i := 0; i < int(s.nrunes); i++ {
		r := &s.runes[i]
		b = append(b, byte(r.area), byte(b2i(r.dragon)), byte(b2i(r.up)), byte(r.known))
	}
	s.b.placed.each(func(a int) {
		k := s.keeps[a]
		b = append(b, byte(a), byte(s.b.pos[a].q), byte(s.b.pos[a].r), byte(k.owner), byte(b2i(k.damaged)), byte(b2i(k.dev)), byte(s.city[a]), byte(s.frost[a]), byte(s.active[a]), byte(b2i(s.desol[a])), byte(b2i(k.capital)), byte(s.peasant[a]))
	})
	for se := range s.decks {
		b = append(b, byte(s.ndeck[se]), byte(s.victoryOn[se]))
		for _, c := range s.decks[se][:s.ndeck[se]] {
			b = append(b, byte(c))
		}
	}
	for _, c := range s.fate[:s.nfate] {
		b = append(b, byte(c))
	}
	b = append(b, byte(s.nout))
	b = s.picks.AppendState(b)
	b = append(b, byte(s.nqueue), byte(s.qpos), byte(s.ord.seat), byte(s.ord.value), byte(b2i(s.ord.sup)), s.ord.phase,
		byte(s.ord.target), byte(b2i(s.ord.extra)), s.ord.did, byte(b2i(s.ord.own)), s.sea.phase, byte(b2i(s.sea.bidding)), s.sea.prize)
	for i := 0; i < int(s.nask); i++ {
		c := s.ask[i]
		b = append(b, c.kind, byte(c.seat), byte(c.n), byte(c.area), byte(c.unit))
	}
	bt := &s.bat
	b = append(b, byte(b2i(bt.on)), byte(bt.area), byte(bt.att), byte(bt.def), byte(bt.ctl), byte(b2i(bt.siege)), bt.phase,
		byte(bt.init), byte(bt.pick[0]), byte(bt.pick[1]), byte(bt.pool[0].dmg), byte(bt.pool[0].rout), byte(bt.pool[1].dmg),
		byte(bt.pool[1].rout), byte(bt.nq), byte(bt.ncards), byte(bt.loser))
	b = append(b, bt.drop, byte(bt.nheld[0]), byte(bt.nheld[1]))
	for side := range bt.held {
		for _, c := range bt.held[side][:bt.nheld[side]] {
			b = append(b, byte(c))
		}
	}
	b = binary.LittleEndian.AppendUint32(b, bt.drawn[0])
	b = binary.LittleEndian.AppendUint32(b, bt.drawn[1])
	for i := 0; i < int(bt.nq); i++ {
		h := bt.q[i]
		b = append(b, h.op, byte(h.side), byte(h.n), byte(h.unit), h.shapes)
	}
	for i := 0; i < int(bt.ncards); i++ {
		b = append(b, byte(bt.cards[i]))
	}
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		b = append(b, byte(hf.owner), byte(hf.area), byte(b2i(hf.routed)), byte(hf.dmg), byte(hf.train[0]), byte(hf.train[1]),
			byte(hf.train[2]), byte(b2i(hf.acted)), byte(b2i(hf.moved)), byte(b2i(hf.out)), byte(hf.support), byte(hf.cmd))
		b = binary.LittleEndian.AppendUint32(b, hf.rewards)
	}
	b = append(b, byte(s.ncdeck), s.cOut)
	for _, c := range s.cdeck[:s.ncdeck] {
		b = append(b, byte(c))
	}
	for g := range s.hdeck {
		b = append(b, byte(s.nhdeck[g]))
		for _, h := range s.hdeck[g][:s.nhdeck[g]] {
			b = append(b, byte(h))
		}
	}
	for q := range s.c.Quests {
		b = append(b, byte(s.qAt[q]))
	}
	for _, q := range s.qdeck[:s.nqdeck] {
		b = append(b, byte(q))
	}
	for _, r := range s.rdeck[:s.nrdeck] {
		b = append(b, byte(r))
	}
	b = binary.LittleEndian.AppendUint32(b, s.rOut)
	s.b.placed.each(func(a int) { b = binary.LittleEndian.AppendUint32(b, s.dropped[a]) })
	b = append(b, byte(b2i(s.qph.on)), byte(s.qph.seat), byte(s.qph.left), byte(s.qph.hero), byte(s.qph.steps), byte(b2i(s.sea.objDone)))
	b = binary.LittleEndian.AppendUint32(b, s.qph.traded)
	for o := range s.c.Objectives {
		b = append(b, byte(s.objAt[o]), byte(s.objBy[o]))
	}
	for g := range s.odeck {
		b = append(b, byte(s.nodeck[g]))
		for _, o := range s.odeck[g][:s.nodeck[g]] {
			b = append(b, byte(o))
		}
	}
	for t := range s.c.Titles {
		b = append(b, byte(s.titleBy[t]), byte(s.titleInf[t]))
	}
	for i := range s.c.TacticDeck {
		b = append(b, byte(s.tAt[i]), byte(s.tNew[i]))
	}
	b = append(b, byte(s.ntdeck), byte(s.bat.bonus[0]), byte(s.bat.bonus[1]))
	for _, c := range s.tdeck[:s.ntdeck] {
		b = append(b, byte(c))
	}
	// Part 2's Commanders, duels and Lieutenant Generals.
	b = append(b, byte(s.bat.guarded[0]), byte(s.bat.guarded[1]), byte(b2i(s.qph.cmd)), byte(s.qph.first), byte(s.ord.ncd), byte(s.ord.cd[0]), byte(s.ord.cd[1]))
	b = binary.LittleEndian.AppendUint32(b, s.bat.led)
	dl := &s.dl
	b = append(b, byte(b2i(dl.on)), byte(dl.a), byte(dl.d), byte(dl.q), dl.phase, byte(dl.side), byte(dl.round), byte(dl.ca), byte(dl.cd), byte(dl.foeDmg), byte(dl.ctl))
	for p := 0; p < int(s.n); p++ {
		b = append(b, byte(s.players[p].lieut))
	}
	return engine.HashBytes(b)
}

// Determinize returns a copy in which what seat may not see is dealt
// again: the faces of the rune tokens it has not seen, the order of the
// fate, season, hero, quest, reward and objective decks, the others'
// quest and objective cards and
// the reward cards under the others' heroes (face down), and the order
// cards and bids the others have chosen face down.
func (s *State) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	c := s.Clone().(*State)
	// Rune faces: the unseen tokens share the unseen dragon runes. The
	// number of dragon runes on the board is known to all (every token
	// placed is a dragon and a false one; the ones discarded are false).
	var hidden []int
	dragons := 0
	for i := 0; i < int(c.nrunes); i++ {
		t := &c.runes[i]
		if t.area == noArea || t.up || t.known.Has(seat) {
			continue
		}
		hidden = append(hidden, i)
		if t.dragon {
			dragons++
		}
	}
	pending := -1 // the second token of a pair being placed
	if c.nask > 0 && c.ask[0].kind == chPut && c.ask[0].n == 1 {
		pending = len(hidden)
		if c.ask[0].unit == 0 {
			dragons++
		}
	}
	slots := len(hidden)
	if pending >= 0 {
		slots++
	}
	order := make([]int, slots)
	for i := range order {
		order[i] = i
	}
	r.Shuffle(slots, func(i, j int) { order[i], order[j] = order[j], order[i] })
	isDragon := make([]bool, slots)
	for k := 0; k < dragons; k++ {
		isDragon[order[k]] = true
	}
	for k, i := range hidden {
		c.runes[i].dragon = isDragon[k]
	}
	if pending >= 0 {
		c.ask[0].unit = int8(1 - b2i(isDragon[pending]))
	}
	// The decks: what is in them is known, their order is not.
	deck := c.fate[:c.nfate]
	sort.Slice(deck, func(i, j int) bool { return deck[i] < deck[j] })
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	for se := range c.decks {
		d := c.decks[se][:c.ndeck[se]]
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
	c.dealHidden(seat, r)
	c.dealObjectives(seat, r)
	c.dealTactics(seat, r)
	// Face-down picks: an order card still in hand, or a bid within the
	// Influence held.
	for _, p := range c.picks.Hidden(seat).List() {
		if c.stage == stOrders {
			var hand []int
			for o := 1; o <= oFortify; o++ {
				if !c.players[p].played[o] {
					hand = append(hand, o)
				}
			}
			c.picks.Repick(p, int16(hand[r.IntN(len(hand))]))
		} else {
			c.picks.Repick(p, int16(r.IntN(int(c.players[p].influence)+1)))
		}
	}
	return c
}

// dealObjectives deals again the objective cards in the others' hands
// from what seat cannot rule out: those and the deck of their alignment
// (Setup 7; Limits 3).
func (s *State) dealObjectives(seat engine.Seat, r *engine.Rand) {
	for g := range s.odeck {
		var pool, owners [maxObjectives]int8
		np, k := 0, 0
		for o := range s.c.Objectives {
			if b2i(s.c.Objectives[o].Good) != g {
				continue
			}
			if at := s.objAt[o]; at >= 0 && engine.Seat(at) != seat || at == oDeck {
				pool[np] = int8(o)
				np++
			}
		}
		for p := int8(0); p < s.n; p++ { // each hand keeps its count
			if engine.Seat(p) == seat || b2i(s.c.Factions[s.players[p].faction].Good) != g {
				continue
			}
			for n := s.objectivesOf(p); n > 0; n-- {
				owners[k] = p
				k++
			}
		}
		r.Shuffle(np, func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		s.nodeck[g] = 0
		for i, o := range pool[:np] {
			if i < k {
				s.objAt[o] = owners[i]
				continue
			}
			s.objAt[o] = oDeck
			s.odeck[g][s.nodeck[g]] = o
			s.nodeck[g]++
		}
	}
}

// dealHidden deals again the quest cards in the others' hands and the
// reward cards under the others' heroes and on Defeated Hero markers,
// from what seat cannot rule out: those and the decks (Heroes 1a).
func (s *State) dealHidden(seat engine.Seat, r *engine.Rand) {
	if cd := s.cdeck[:s.ncdeck]; len(cd) > 1 { // the Commander deck (CMD-REC)
		sort.Slice(cd, func(i, j int) bool { return cd[i] < cd[j] })
		r.Shuffle(len(cd), func(i, j int) { cd[i], cd[j] = cd[j], cd[i] })
	}
	for g := range s.hdeck {
		d := s.hdeck[g][:s.nhdeck[g]]
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
	// Quests: the others' hands and the deck share the cards in them;
	// each hand keeps its count.
	var pool, owners [maxQuests]int8
	np, k := 0, 0
	for q := range s.c.Quests {
		if at := s.qAt[q]; at >= 0 && engine.Seat(at) != seat || at == qDeck {
			pool[np] = int8(q)
			np++
		}
	}
	for p := int8(0); p < s.n; p++ {
		if engine.Seat(p) == seat {
			continue
		}
		for n := s.questsOf(p); n > 0; n-- {
			owners[k] = p
			k++
		}
	}
	r.Shuffle(np, func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i, q := range pool[:np] {
		if i < k {
			s.qAt[q] = owners[i]
		} else {
			s.qAt[q] = qDeck
		}
	}
	s.nqdeck = 0
	for _, q := range pool[k:np] {
		s.qdeck[s.nqdeck] = q
		s.nqdeck++
	}
	// Rewards: under the others' heroes, on markers and in the deck.
	var rpool [maxRewards]int8
	nr := 0
	var slots []int // -1-area for a marker, else a hero card, one per card
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner < 0 || engine.Seat(hf.owner) == seat {
			continue
		}
		for x := 0; x < len(s.c.Rewards); x++ {
			if hf.rewards&(1<<uint(x)) != 0 {
				rpool[nr] = int8(x)
				nr++
				slots = append(slots, h)
			}
		}
		hf.rewards = 0
	}
	s.b.placed.each(func(a int) {
		for x := 0; x < len(s.c.Rewards); x++ {
			if s.dropped[a]&(1<<uint(x)) != 0 {
				rpool[nr] = int8(x)
				nr++
				slots = append(slots, -1-a)
			}
		}
		s.dropped[a] = 0
	})
	for _, x := range s.rdeck[:s.nrdeck] {
		rpool[nr] = x
		nr++
	}
	rs := rpool[:nr]
	sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })
	r.Shuffle(nr, func(i, j int) { rpool[i], rpool[j] = rpool[j], rpool[i] })
	for i, at := range slots {
		if at >= 0 {
			s.heroes[at].rewards |= 1 << uint(rpool[i])
		} else {
			s.dropped[-1-at] |= 1 << uint(rpool[i])
		}
	}
	s.nrdeck = 0
	for _, x := range rpool[len(slots):nr] {
		s.rdeck[s.nrdeck] = x
		s.nrdeck++
	}
}
