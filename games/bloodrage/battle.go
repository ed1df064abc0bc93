package bloodrage

import (
	"fmt"

	"skald/engine"
	"skald/engine/decide"
)

// A pillage (reference §1.7; seed notes 1-4): the call to battle, then,
// if an enemy stands in the province or its fjord, a battle: every clan
// there picks a card face down, the cards are revealed together and
// their texts resolved (Thor's Primacy first, then Heimdall's Watch, then
// the rest from the pillager clockwise), Heimdall's Eye and Gaze may be
// added, strengths are compared, the losers' figures die, and the spoils
// are shared.

// battle is the pillage being resolved.
type battle struct {
	on        bool
	step      int8
	prov      int8
	pillager  int8
	challenge bool           // Tyr's Challenge: the province was pillaged already
	fought    bool           // an enemy stood there: a battle was fought
	lateOpen  bool           // the window for Heimdall's Eye and Gaze was opened
	texts     int8           // clans whose texts of the third rank are resolved, from the pillager (note 3)
	tyr       bool           // Tyr's Domain and Wrath have been offered for the revealed quests
	parts     engine.SeatSet // the clans in the battle
	valk      engine.SeatSet // clans whose Valkyrie fights in it
	nidh      engine.SeatSet // clans whose Nidhoggr fights in it
	card      [maxClans]int16
	asBattle  engine.SeatSet // a quest revealed as a battle card (Tyr's Domain, Tyr's Wrath)
	cancel    engine.SeatSet // revealed cards whose text Thor's Primacy cancels
	plays     [16]int16      // every card played in the battle and not discarded by Heimdall's Watch
	playBy    [16]int8
	nPlays    int8
	lateStr   [maxClans]int8 // STR of the cards added after the reveal
	str       [maxClans]int16
	killed    [maxClans]int8
	winner    int8
}

// Battle steps.
const (
	stCall = iota
	stCards
	stTexts
	stLate
	stCompare
	stLosses
	stSpoils
	stEnd
)

// startBattle starts clan p's pillage of province prov: the call to
// battle is offered from the clan to the pillager's left, clockwise, the
// pillager included (note 1).
func (s *State) startBattle(p, prov int, challenge bool, log *engine.Log) {
	s.bat = battle{on: true, prov: int8(prov), pillager: int8(p), challenge: challenge, winner: -1}
	for i := range s.bat.card {
		s.bat.card[i] = -1
	}
	all := engine.SeatSet(1<<s.n - 1)
	if err := s.win.Open(int(s.n), engine.Seat((p+1)%int(s.n)), all); err != nil {
		panic(fmt.Sprintf("bloodrage: opening the call to battle: %v", err))
	}
	log.Add(engine.Everyone, "call", "the call to battle for %v begins with %v", s.province(prov), clanName((p+1)%int(s.n)))
}

// deciders returns who decides in the battle now.
func (b *battle) deciders(s *State) engine.SeatSet {
	switch b.step {
	case stCall, stLate:
		return s.win.Deciders()
	case stCards:
		return s.picks.Waiting()
	}
	return 0
}

// cardsOf returns the cards clan p played in the battle.
func (b *battle) cardsOf(p int) cardSet {
	var c cardSet
	for i := range int(b.nPlays) {
		if int(b.playBy[i]) == p {
			c.add(b.plays[i])
		}
	}
	return c
}

// played records clan p's card c as played in the battle.
func (s *State) playIn(p int, c int16) {
	b := &s.bat
	b.plays[b.nPlays], b.playBy[b.nPlays] = c, int8(p)
	b.nPlays++
	s.playedBy[p].add(c)
}

// order calls f for each clan in the battle from the pillager clockwise
// (notes 2, 4).
func (s *State) order(f func(p int)) {
	for k := range int(s.n) {
		p := (int(s.bat.pillager) + k) % int(s.n)
		if s.bat.parts.Has(engine.Seat(p)) {
			f(p)
		}
	}
}

// canCall reports whether clan p may answer the call to battle now: a
// figure of its own, not a ship, in a province adjacent to the pillaged
// one, and a free village there (Yggdrasil has no limit: note 1).
func (s *State) canCall(p int) bool {
	var buf [64]engine.Action
	return len(s.appendCalls(p, buf[:0])) > 0
}

// appendCalls appends clan p's answers to the call to battle.
func (s *State) appendCalls(p int, buf []engine.Action) []engine.Action {
	prov := int(s.bat.prov)
	if s.freeVillages(prov) <= 0 {
		return buf
	}
	for q := range numProv {
		if !adjacent(q, prov) || s.destroyedAt(q) {
			continue
		}
		for k := range numKinds {
			if !s.isShip(p, k) && s.firstOf(p, k, q) >= 0 {
				buf = append(buf, engine.Action{Seat: engine.Seat(p), Kind: kCall, Arg: [4]int16{int16(k), int16(q)}})
			}
		}
	}
	return buf
}

// lateCards returns the cards of clan p's hand that may be added after the
// reveal (Heimdall's Eye and Gaze: note 21).
func (s *State) lateCards(p int) cardSet {
	var c cardSet
	s.clans[p].hand.each(func(x int16) bool {
		if s.card(x).Late {
			c.add(x)
		}
		return true
	})
	return c
}

// legalBattle appends clan p's decisions in the battle.
func (s *State) legalBattle(p int, buf []engine.Action) []engine.Action {
	seat := engine.Seat(p)
	switch s.bat.step {
	case stCall:
		buf = s.appendCalls(p, buf)
		buf = append(buf, engine.Action{Seat: seat, Kind: kPass})
	case stCards:
		hand := s.clans[p].hand
		hand.each(func(c int16) bool {
			buf = s.appendCard(buf, engine.Action{Seat: seat, Kind: kPlay}, c, hand)
			return true
		})
	case stLate:
		late := s.lateCards(p)
		late.each(func(c int16) bool {
			buf = s.appendCard(buf, engine.Action{Seat: seat, Kind: kAdd}, c, late)
			return true
		})
		buf = append(buf, engine.Action{Seat: seat, Kind: kPass})
	}
	return buf
}

// applyBattle plays clan p's decision in the battle.
func (s *State) applyBattle(p int, a engine.Action, log *engine.Log) {
	seat := engine.Seat(p)
	switch a.Kind {
	case kCall:
		f := s.firstOf(p, int(a.Arg[0]), int(a.Arg[1]))
		s.place(p, f, uint8(s.bat.prov))
		log.Add(engine.Everyone, "call.answer", "%v answers the call: its %v moves from %v into %v", clanName(p), s.figLabel(p, f), s.province(int(a.Arg[1])), s.province(int(s.bat.prov)))
		s.win.Reopen(seat)
	case kPass:
		s.win.Pass(seat)
	case kPlay:
		s.picks.Pick(seat, a.Arg[0])
		log.Add(engine.Everyone, "battle.pick", "%v chooses its card", clanName(p))
		log.Add(engine.Seats(seat), "battle.pick.own", "you play %v face down", (*cardName)(s.card(a.Arg[0])))
		if s.picks.Revealed() {
			s.reveal(log)
		}
	case kAdd:
		c := a.Arg[0]
		s.fromHand(p, c)
		s.playIn(p, c)
		s.bat.lateStr[p] += s.card(c).Str
		log.Add(engine.Everyone, "battle.add", "%v adds %v: +%d STR", clanName(p), (*cardName)(s.card(c)), s.card(c).Str)
		s.win.Reopen(seat)
	}
	s.resume(log)
}

// reveal turns the battle cards face up.
func (s *State) reveal(log *engine.Log) {
	s.order(func(p int) {
		v, ok := s.picks.Get(engine.Seat(p))
		if !ok {
			return
		}
		c := v
		s.fromHand(p, c)
		s.bat.card[p] = c
		s.playIn(p, c)
		log.Add(engine.Everyone, "battle.reveal", "%v reveals %v", clanName(p), (*cardName)(s.card(c)))
	})
	s.picks = decide.Picks{}
	s.bat.step = stTexts
	s.bat.tyr = false
}

// advanceBattle carries the battle on until a decision is needed or it
// ends.
func (s *State) advanceBattle(log *engine.Log) {
	b := &s.bat
	for b.on && s.nAsk == 0 {
		switch b.step {
		case stCall:
			for !s.win.Closed() && !s.canCall(int(s.win.Offered())) {
				s.win.Pass(s.win.Offered())
			}
			if !s.win.Closed() {
				return
			}
			s.joinBattle(log)
		case stCards:
			if !s.picks.Waiting().Empty() {
				return
			}
			s.reveal(log) // nobody had a card
		case stTexts:
			s.resolveTexts(log)
		case stLate:
			if !b.lateOpen {
				b.lateOpen = true
				var may engine.SeatSet
				s.order(func(p int) {
					if s.lateCards(p).len() > 0 {
						may = may.With(engine.Seat(p))
					}
				})
				if err := s.win.Open(int(s.n), engine.Seat(b.pillager), may); err != nil {
					panic(fmt.Sprintf("bloodrage: opening the late window: %v", err))
				}
			}
			// A clan whose late cards are spent is passed for: it has no
			// card to add when its turn in the cycle comes (note 21).
			for !s.win.Closed() && s.lateCards(int(s.win.Offered())).len() == 0 {
				s.win.Pass(s.win.Offered())
			}
			if !s.win.Closed() {
				return
			}
			b.step = stCompare
		case stCompare:
			s.compare(log)
		case stLosses:
			b.step = stSpoils
		case stSpoils:
			b.step = stEnd
			s.spoils(log)
		case stEnd:
			log.Add(engine.Everyone, "battle.over", "the pillage of %v is over", s.province(int(b.prov)))
			s.bat = battle{}
			s.win.Close()
		}
	}
}

// joinBattle closes the call to battle: every clan with a figure in the
// province or its fjord is in the battle (note 1). With no enemy there,
// the pillage succeeds without a battle (reference §1.7).
func (s *State) joinBattle(log *engine.Log) {
	b := &s.bat
	prov := int(b.prov)
	for p := range int(s.n) {
		if s.present(p, prov) {
			b.parts = b.parts.With(engine.Seat(p))
			for m := range 2 {
				if s.monsterEffect(p, kindMonster0+m) == "valkyrie" && s.inBattle(int(s.clans[p].fig[figMonster+m]), prov) {
					b.valk = b.valk.With(engine.Seat(p))
				}
				if s.monsterEffect(p, kindMonster0+m) == "nidhoggr" && s.inBattle(int(s.clans[p].fig[figMonster+m]), prov) {
					b.nidh = b.nidh.With(engine.Seat(p))
				}
			}
		}
	}
	if b.parts.Without(engine.Seat(b.pillager)).Empty() {
		log.Add(engine.Everyone, "pillage.unopposed", "no enemy stands in %v: the pillage succeeds without a battle", s.province(prov))
		b.winner = b.pillager
		b.step = stSpoils
		return
	}
	b.fought = true
	log.Add(engine.Everyone, "battle", "battle in %v", s.province(prov))
	s.askCards()
}

// askCards asks every clan in the battle with a card in hand to pick one,
// face down (note 1: whoever enters the battle must reveal a card, as long
// as he has one).
func (s *State) askCards() {
	var asked engine.SeatSet
	s.order(func(p int) {
		if s.clans[p].hand.len() > 0 {
			asked = asked.With(engine.Seat(p))
		}
	})
	s.picks.Ask(asked)
	s.bat.step = stCards
}

// effect returns the text effect of clan p's revealed card, or "" when it
// has none or Thor's Primacy cancels it.
func (s *State) effect(p int) string {
	c := s.bat.card[p]
	if c < 0 || s.bat.cancel.Has(engine.Seat(p)) {
		return ""
	}
	return s.card(c).Effect
}

// resolveTexts resolves the revealed cards' texts in the seed's order
// (note 3): Thor's Primacy, Heimdall's Watch, then the rest from the
// pillager clockwise, copies of one card clockwise (note 4).
func (s *State) resolveTexts(log *engine.Log) {
	b := &s.bat
	if !b.tyr {
		// Tyr's Domain and Wrath: a clan that revealed a quest may count
		// it as a +3 or +5 battle card, choosing once the cards are face
		// up (note 19), from the pillager clockwise.
		b.tyr = true
		s.order(func(p int) {
			if c := b.card[p]; c >= 0 && s.card(c).Type == Quest && (s.has(p, "tyrs-domain") || s.has(p, "tyrs-wrath")) {
				s.askChoice(choice{kind: chTyr, seat: int8(p)})
			}
		})
		if s.nAsk > 0 {
			return
		}
	}
	if b.texts > 0 {
		s.resolveRest(log) // back after the choices a text raised
		return
	}
	s.order(func(p int) {
		if s.effect(p) == "thors-primacy" {
			b.cancel = b.parts.Without(engine.Seat(p))
			log.Add(engine.Everyone, "primacy", "%v's Thor's Primacy cancels the text of every other card", clanName(p))
		}
	})
	watch := -1
	s.order(func(p int) {
		if watch < 0 && s.effect(p) == "heimdalls-watch" {
			watch = p
		}
	})
	if watch >= 0 {
		// Every revealed card is discarded for good, the Watch's player
		// gains their STR in Glory, and the cards are played again (note
		// 20).
		total := 0
		s.order(func(p int) {
			if c := b.card[p]; c >= 0 {
				total += s.cardStr(p, c)
				s.discard.add(c)
				s.unplay(c)
				b.card[p] = -1
			}
		})
		b.asBattle, b.cancel = 0, 0
		log.Add(engine.Everyone, "watch", "%v's Heimdall's Watch discards every revealed card", clanName(watch))
		s.gain(watch, total, "Heimdall's Watch", log)
		s.askCards()
		return
	}
	s.resolveRest(log)
}

// resolveRest resolves the texts of the third rank, Odin's Tide among
// them, one clan at a time from the pillager clockwise (notes 3, 4): a
// text that raises choices (Odin's Tide's figure to keep, Frigga's
// Protection) is answered before the next clan's text resolves.
// battle.texts counts the clans resolved.
func (s *State) resolveRest(log *engine.Log) {
	b := &s.bat
	for int(b.texts) < int(s.n) {
		p := (int(b.pillager) + int(b.texts)) % int(s.n)
		b.texts++
		if !b.parts.Has(engine.Seat(p)) {
			continue
		}
		switch s.effect(p) {
		case "odins-smite":
			// Each enemy loses one Warrior in the battle.
			s.order(func(o int) {
				if o == p {
					return
				}
				if f := s.firstIn(o, kindWarrior, int(b.prov)); f >= 0 {
					log.Add(engine.Everyone, "smite", "%v's Odin's Smite strikes a %v Warrior", clanName(p), clanName(o))
					s.destroy(o, 1<<f, int(b.prov), log)
				}
			})
		case "odins-tide":
			if s.tideBefore(int(b.texts) - 1) {
				break // one Odin's Tide acts (ruling BR-R11)
			}
			log.Add(engine.Everyone, "tide", "%v's Odin's Tide: every clan keeps one figure in the battle", clanName(p))
			s.order(func(o int) {
				n := 0
				for _, l := range s.clans[o].fig {
					if s.inBattle(int(l), int(b.prov)) {
						n++
					}
				}
				if n > 1 {
					s.askChoice(choice{kind: chTide, seat: int8(o)})
				}
			})
		}
		if s.nAsk > 0 {
			return
		}
	}
	b.step = stLate
}

// tideBefore reports whether a clan before position k in the order from
// the pillager revealed an Odin's Tide whose text stands.
func (s *State) tideBefore(k int) bool {
	for i := range k {
		p := (int(s.bat.pillager) + i) % int(s.n)
		if s.bat.parts.Has(engine.Seat(p)) && s.effect(p) == "odins-tide" {
			return true
		}
	}
	return false
}

// unplay removes card c from the battle's plays.
func (s *State) unplay(c int16) {
	b := &s.bat
	for i := range int(b.nPlays) {
		if b.plays[i] == c {
			copy(b.plays[i:], b.plays[i+1:b.nPlays])
			copy(b.playBy[i:], b.playBy[i+1:b.nPlays])
			b.nPlays--
			return
		}
	}
}

// cardStr returns the STR clan p's revealed card c adds: a battle card's
// +STR, a quest's +3 or +5 when Tyr's Domain or Wrath makes it a battle
// card, nothing for an upgrade (reference §1.7).
func (s *State) cardStr(p int, c int16) int {
	card := s.card(c)
	switch card.Type {
	case Battle:
		return int(card.Str)
	case Quest:
		if !s.bat.asBattle.Has(engine.Seat(p)) {
			return 0
		}
		v := 0
		if s.has(p, "tyrs-domain") {
			v = 3
		}
		if s.has(p, "tyrs-wrath") {
			v = 5
		}
		return v
	}
	return 0
}

// compare totals each clan's strength and finds the winner: the highest
// total alone; on a tie everyone loses (note 2). The losers' figures in
// the battle die.
func (s *State) compare(log *engine.Log) {
	b := &s.bat
	prov := int(b.prov)
	best, n := -1, 0
	s.order(func(p int) {
		str := s.battleStrength(p, prov)
		if c := b.card[p]; c >= 0 {
			if s.effect(p) == "heimdalls-sight" {
				str += s.sight(p)
			} else {
				str += s.cardStr(p, c)
			}
		}
		str += int(b.lateStr[p])
		b.str[p] = int16(str)
		log.Add(engine.Everyone, "battle.strength", "%v: %d STR", clanName(p), str)
		switch {
		case str > best:
			best, n = str, 1
			b.winner = int8(p)
		case str == best:
			n++
		}
	})
	if n > 1 {
		b.winner = -1
		log.Add(engine.Everyone, "battle.tie", "a tie at %d: everyone loses", best)
	} else {
		log.Add(engine.Everyone, "battle.won", "%v wins the battle", clanName(b.winner))
	}
	b.step = stLosses
	s.order(func(p int) {
		if p == int(b.winner) {
			return
		}
		var figs uint16
		for f, l := range s.clans[p].fig {
			if s.inBattle(int(l), prov) {
				figs |= 1 << f
			}
		}
		s.destroy(p, figs, prov, log)
	})
}

// battleStrength returns clan p's strength in the battle: its figures'
// (with the Wolfman, monsters' only: reference §1.9).
func (s *State) battleStrength(p, prov int) int {
	wolfman := false
	for o := range int(s.n) {
		for m := range 2 {
			if s.monsterEffect(o, kindMonster0+m) == "wolfman" && s.inBattle(int(s.clans[o].fig[figMonster+m]), prov) {
				wolfman = true
			}
		}
	}
	if !wolfman {
		return s.strength(p, prov)
	}
	str := 0
	for m := range 2 {
		f := figMonster + m
		if s.clans[p].up[slotMonster+m] >= 0 && s.inBattle(int(s.clans[p].fig[f]), prov) {
			str += s.figStr(p, f)
		}
	}
	return str
}

// sight returns Heimdall's Sight's value for clan p: the highest +STR of
// another clan's card in the battle, the cards added after the reveal
// included (note 19).
func (s *State) sight(p int) int {
	b := &s.bat
	best := 0
	for i := range int(b.nPlays) {
		o := int(b.playBy[i])
		if o == p {
			continue
		}
		c := b.plays[i]
		v := int(s.card(c).Str)
		if c == b.card[o] {
			if s.effect(o) == "heimdalls-sight" {
				continue // two Sights see nothing in one another
			}
			v = s.cardStr(o, c)
		}
		best = max(best, v)
	}
	return best
}

// spoils ends the battle (reference §1.7, Resolution; notes 2, 17, 18):
// the winner discards its cards and the losers take theirs back, the
// cards' texts that act after the battle, the winner's Glory, and the
// pillage's reward if the pillager won.
func (s *State) spoils(log *engine.Log) {
	b := &s.bat
	w := int(b.winner)
	prov := int(b.prov)
	if b.fought {
		// Loki's Poison: a loser takes the winner's cards (note 18).
		poison := -1
		s.order(func(p int) {
			if p != w && poison < 0 && w >= 0 && s.effect(p) == "lokis-poison" {
				poison = p
			}
		})
		s.order(func(p int) {
			cards := b.cardsOf(p)
			switch {
			case p == w && poison >= 0:
				s.toHand(poison, cards)
				log.Add(engine.Everyone, "poison", "%v's Loki's Poison takes %v's cards", clanName(poison), clanName(p))
			case p == w:
				for i := range cards {
					s.discard[i] |= cards[i]
				}
			default:
				s.toHand(p, cards)
			}
		})
		if w >= 0 && poison < 0 && s.has(w, "tyrs-prowess") && s.clans[w].rage > 0 && b.cardsOf(w).len() > 0 {
			s.askChoice(choice{kind: chProwess, seat: int8(w)})
		}
		killed := 0
		for p := range int(s.n) {
			killed += int(b.killed[p])
		}
		s.order(func(p int) {
			enemies := killed - int(b.killed[p])
			won := p == w
			switch s.effect(p) {
			case "thors-hammer":
				if won {
					s.gain(p, 3, "Thor's Hammer", log)
				}
			case "thors-oath":
				if won {
					s.askChoice(choice{kind: chRaise, seat: int8(p), a: -1})
				}
			case "thors-ascension":
				if won {
					s.clans[p].rage += 3
					log.Add(engine.Everyone, "ascension", "%v's Thor's Ascension: +3 Rage", clanName(p))
					s.gain(p, 3, "Thor's Ascension", log)
				}
			case "lokis-trickery":
				if !won && w >= 0 && s.clans[w].rage > 0 {
					s.clans[w].rage--
					s.clans[p].rage++
					log.Add(engine.Everyone, "trickery", "%v's Loki's Trickery takes 1 Rage from %v", clanName(p), clanName(w))
				}
			case "lokis-backstab":
				if !won && w >= 0 {
					g := min(2, int(s.clans[w].glory))
					s.clans[w].glory -= int16(g)
					s.clans[p].glory += int16(g)
					log.Add(engine.Everyone, "backstab", "%v's Loki's Backstab takes %d Glory from %v", clanName(p), g, clanName(w))
				}
			case "odins-judgement":
				s.gain(p, 2*killed, "Odin's Judgement", log)
			}
			if s.has(p, "thors-glory") && enemies >= 2 {
				s.gain(p, 2, "Thor's Glory", log)
			}
			if b.valk.Has(engine.Seat(p)) {
				s.gain(p, 2*enemies, "the Valkyrie", log)
			}
			if won && b.nidh.Has(engine.Seat(p)) {
				// 1 Glory for each figure the losers have in Valhalla.
				n := 0
				s.order(func(o int) {
					if o != p {
						for _, l := range s.clans[o].fig {
							if l == locValhal {
								n++
							}
						}
					}
				})
				s.gain(p, n, "Nidhoggr", log)
			}
			if !won && s.has(p, "lokis-blessing") {
				s.askChoice(choice{kind: chBless, seat: int8(p), a: int8(prov)})
			}
		})
		if w >= 0 {
			s.gain(w, s.statValue(w, Axes), "battle won", log)
		}
	}
	if w == int(b.pillager) {
		s.pillageReward(w, prov, log)
	}
}

// hasMonster reports whether clan p has the monster with effect e.
func (s *State) hasMonster(p int, e string) bool {
	return s.monsterEffect(p, kindMonster0) == e || s.monsterEffect(p, kindMonster1) == e
}

// pillageReward gives the pillager the province's reward and flips its
// token (reference §1.3): twice with the Frost Giant in the province;
// Frigga's Grace raises another stat (note 11); the Leader upgrades act
// when the Leader is there.
func (s *State) pillageReward(p, prov int, log *engine.Log) {
	s.pillaged |= 1 << prov
	r := &s.c.Yggdrasil
	if prov < numOuter {
		r = &s.c.Rewards[s.token[prov]]
	}
	times := 1
	for m := range 2 {
		if s.monsterEffect(p, kindMonster0+m) == "frost-giant" && s.inBattle(int(s.clans[p].fig[figMonster+m]), prov) {
			times = 2
		}
	}
	log.Add(engine.Everyone, "pillage.success", "%v pillages %v", clanName(p), s.province(prov))
	stat := -1
	for range times {
		for st := range numStats {
			for range r.Stats[st] {
				s.raise(p, st, log)
				stat = st
			}
		}
		s.gain(p, int(r.Glory), "pillage", log)
	}
	if r.Stats[0]+r.Stats[1]+r.Stats[2] > 1 || r.Glory > 0 {
		stat = -1 // Yggdrasil's or the Glory token: Frigga's Grace raises any stat (note 11)
	}
	if s.bat.fought && s.effect(p) == "friggas-grace" {
		s.askChoice(choice{kind: chRaise, seat: int8(p), a: int8(stat)})
	}
	if s.leaderIn(p, prov) >= 0 {
		switch s.effectIn(p, slotLeader) {
		case "lord-of-hammers":
			s.askChoice(choice{kind: chLead, seat: int8(p), a: int8(prov)})
		case "lord-of-axes":
			s.askChoice(choice{kind: chRaise, seat: int8(p), a: -1})
		case "lord-of-spears":
			for st := range numStats {
				s.raise(p, st, log)
			}
		}
	}
}
