package runewars

import (
	"skald/engine"
	"skald/engine/decide"
)

// Season names, in the order of the year.
const (
	spring = iota
	summer
	autumn
	winter
)

// seasonStep is how far the season card's abilities have gone.
type seasonStep struct {
	phase   uint8 // 0: primary resolved, 1: secondary resolved
	bidding bool  // s.picks holds an influence bid
	prize   uint8 // what the bid wins
	objDone bool  // the season's end has been checked for objectives
}

// choice is a decision queued for one seat: a season card's, a limit's,
// a dragon rune's.
type choice struct {
	kind uint8
	seat int8
	n    int8
	area int8
	unit int8
}

// Choice kinds.
const (
	chTake      uint8 = iota // Autumn: 2 Influence or a Tactics card
	chLose                   // remove n units from area (Winter, Limits 2)
	chReveal                 // reveal n face-down rune tokens
	chCarry                  // move one rune token (Threatened Home Realms)
	chFrost                  // place n Frost tokens
	chAllies                 // place n allied neutral units of type unit
	chDiscard                // discard up to n false rune tokens controlled
	chPut                    // place n rune tokens received
	chObjective              // keep one objective card, discard the others (Limits 3)
	chAward                  // the Primarch gives a tied bid to one of the tied players (n: their seats, a bit each)
	chQuests                 // discard n quest cards, down to 3 (Limits 5)
)

func (s *State) push(c choice) {
	if int(s.nask) < maxAsk {
		s.ask[s.nask] = c
		s.nask++
	}
}

func (s *State) pop() {
	copy(s.ask[:s.nask], s.ask[1:s.nask])
	s.nask--
}

// winter reports whether the water borders of area a may be crossed now:
// in Winter, or where a Frost token lies (Runewars rules, Winter; Frost).
func (s *State) winterAt(a int) bool { return s.season == winter || s.frost[a] > 0 }

// beginSeason draws the season's card and resolves its primary ability
// (Runewars rules, How the game is played I). A Victory card on top of
// the deck is looked at first (Road to Victory).
func (s *State) beginSeason(l *engine.Log) {
	se := int(s.season)
	if v := s.victoryOn[se]; v >= 0 {
		s.victoryOn[se] = -1
		s.players[v].victory = -1
		if s.dragonRunes(v) >= int(s.runesToWin) {
			// Road to Victory: he still controls the runes a year later.
			l.Add(engine.Everyone, "victory", "%s's Victory card is revealed: %s still controls %d dragon runes and wins",
				s.fac(v), s.fac(v), s.dragonRunes(v))
			s.winner = v
			s.end()
			return
		}
		l.Add(engine.Everyone, "victory", "%s's Victory card is revealed, but %s no longer controls %d dragon runes and takes it back",
			s.fac(v), s.fac(v), s.runesToWin)
	}
	if s.ndeck[se] == 0 {
		s.shuffleSeason(se)
	}
	s.card = s.decks[se][0]
	copy(s.decks[se][:s.ndeck[se]], s.decks[se][1:s.ndeck[se]])
	s.ndeck[se]--
	s.stage = stSeason
	s.sea = seasonStep{}
	card := &s.c.Seasons[s.card]
	l.Add(engine.Everyone, "season", "Year %d, %s: %s", s.year, seasonName(se), card)
	switch se {
	case spring:
		// Spring: activation tokens off, orders back in hand, routed
		// figures stand.
		for a := range s.active {
			s.active[a] = 0
		}
		for p := 0; p < int(s.n); p++ {
			s.players[p].played = [9]bool{}
		}
		for i := 0; i < int(s.nfigs); i++ {
			s.figs[i].routed = false
		}
		for h := range s.c.Heroes {
			s.heroes[h].routed = false
		}
		for p := int8(0); p < s.n; p++ {
			if n := s.titleBonus(p, TpTactics); n > 0 {
				s.drawTactics(p, n) // [D] RW-D13
			}
		}
	case summer:
		// Summer: the quest phase (Heroes).
		s.startQuestPhase()
	case autumn:
		// Autumn: the fate discards go back and are shuffled; each player
		// takes 2 Influence or a Tactics card.
		for i := 0; i < int(s.nout); i++ {
			s.fate[s.nfate] = s.fateOut[i]
			s.nfate++
		}
		s.nout = 0
		s.shuffleFate()
		for p := 0; p < int(s.n); p++ {
			s.push(choice{kind: chTake, seat: int8(p)})
		}
	}
	s.foodLimit(l)
}

// foodLimit destroys the units beyond each player's food level in every
// area where it is Winter: everywhere in Winter, and in areas with Frost
// tokens whatever the season (Runewars rules, Winter; Frost; RW-R9). The
// owner chooses which units go.
func (s *State) foodLimit(l *engine.Log) {
	for p := int8(0); p < s.n; p++ {
		food := int(s.players[p].dials[Food])
		cen := s.take(p)
		s.b.placed.each(func(a int) {
			if s.season != winter && s.frost[a] == 0 {
				return
			}
			if excess := int(cen.mine[a]) - food; excess > 0 {
				s.push(choice{kind: chLose, seat: p, n: int8(excess), area: int8(a)})
			}
		})
	}
}

// secondary resolves the season card's own ability, in play order.
func (s *State) secondary(l *engine.Log) {
	card := &s.c.Seasons[s.card]
	if s.season == spring {
		// Spring ✓: one Frost token off every area.
		for a := range s.frost {
			if s.frost[a] > 0 {
				s.frost[a]--
			}
		}
	}
	switch card.Effect {
	case SeGain, SeLose:
		for p := 0; p < int(s.n); p++ {
			d := &s.players[p].dials[card.Res]
			if card.Effect == SeGain {
				*d = int8(min(int(*d)+card.N, maxDial))
			} else {
				*d = int8(max(int(*d)-card.N, 0))
			}
		}
	case SeInfluence:
		for p := 0; p < int(s.n); p++ {
			s.players[p].influence += int16(card.N)
		}
	case SeCities:
		for p := 0; p < int(s.n); p++ {
			s.players[p].influence += int16(card.N * s.citiesOf(int8(p)))
		}
	case SeTactics:
		for p := 0; p < int(s.n); p++ {
			s.drawTactics(int8(p), card.N)
		}
	case SeBidRunes, SeBidAllies:
		s.startBid(card.Effect)
	case SeReveal:
		for p := 0; p < int(s.n); p++ {
			s.push(choice{kind: chReveal, seat: int8(p), n: int8(card.N)})
		}
	case SeMoveRune:
		for p := 0; p < int(s.n); p++ {
			s.push(choice{kind: chCarry, seat: int8(p)})
		}
	case SeFrost:
		for p := 0; p < int(s.n); p++ {
			s.push(choice{kind: chFrost, seat: int8(p), n: int8(card.N)})
		}
	}
}

// citiesOf counts the cities seat controls.
func (s *State) citiesOf(seat int8) int {
	n := 0
	cen := s.take(-1)
	s.b.placed.each(func(a int) {
		if s.city[a] >= 0 && cen.ctl[a] == seat {
			n++
		}
	})
	return n
}

// startBid asks every player for a secret bid of Influence (Runewars
// rules, Influence bids 1-2).
func (s *State) startBid(prize SeasonEffect) {
	s.sea.bidding = true
	s.sea.prize = uint8(prize)
	s.picks.Ask(engine.SeatSet(1<<uint(s.n) - 1))
}

// settleBid reveals the bids: the highest wins; a tie is decided by the
// holder of the Primarch of the Wizards' Council, else goes to the tied
// player with the most Influence, then to the most starting Influence
// (Influence bids 3; RW-R19). Everyone discards what he bid (Influence
// bids 4).
func (s *State) settleBid(l *engine.Log) {
	s.sea.bidding = false
	best, win := int16(-1), int8(-1)
	var tied int8
	for p := int8(0); p < s.n; p++ {
		v, _ := s.picks.Get(engine.Seat(p))
		l.Add(engine.Everyone, "bid", "%s bids %d Influence", s.fac(p), v)
		if v > best {
			tied = 0
		}
		if v >= best {
			tied |= 1 << p
		}
		if v > best || v == best && s.bidBeats(p, win) {
			best, win = v, p
		}
	}
	for p := int8(0); p < s.n; p++ {
		v, _ := s.picks.Get(engine.Seat(p))
		s.players[p].influence -= v
	}
	s.picks = decide.Picks{}
	if pr := s.primarch(); pr >= 0 && tied&(tied-1) != 0 {
		// Influence bids 3: the Primarch decides the tie.
		s.push(choice{kind: chAward, seat: pr, n: tied})
		return
	}
	s.bidPrize(win, l)
}

// bidPrize gives the bid's winner what the season card offers.
func (s *State) bidPrize(win int8, l *engine.Log) {
	l.Add(engine.Everyone, "bid", "%s wins the bid", s.fac(win))
	card := &s.c.Seasons[s.card]
	switch SeasonEffect(s.sea.prize) {
	case SeBidRunes:
		s.receiveRunes(win)
	case SeBidAllies:
		s.push(choice{kind: chAllies, seat: win, n: int8(card.N), unit: int8(card.Unit)})
	}
}

// bidBeats reports whether p wins a tied bid against q (Influence bids
// 3): more Influence held, then more starting Influence.
func (s *State) bidBeats(p, q int8) bool {
	a, b := s.players[p].influence, s.players[q].influence
	if a != b {
		return a > b
	}
	return s.c.Factions[s.players[p].faction].Influence > s.c.Factions[s.players[q].faction].Influence
}

// receiveRunes starts "receive dragon runes" for seat: he may discard up
// to 2 false tokens he controls, then places a dragon and a false token,
// shuffled, face down (Runewars rules, Dragon runes).
func (s *State) receiveRunes(seat int8) {
	s.push(choice{kind: chDiscard, seat: seat, n: 2})
	s.push(choice{kind: chPut, seat: seat, n: 2})
}

// endSeason moves on once the season's orders are resolved.
func (s *State) endSeason(l *engine.Log) {
	s.season++
	if s.season > winter {
		if s.year == s.years {
			s.season = winter
			s.end()
			return
		}
		s.season = spring
		s.year++
	}
	s.beginSeason(l)
}

// end finishes the match.
func (s *State) end() {
	s.stage = stOver
	s.over = true
	s.nask = 0
}
