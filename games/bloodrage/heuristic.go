package bloodrage

import (
	"skald/engine"
)

// Suggest is Blood Rage's scripted player (engine.Heuristic): it scores
// each legal action by rules of thumb a good player uses and takes the
// best, breaking ties with r. It is asked on a copy determinized for its
// seat, so what it reads of the others' hands is a guess.
//
// The rules of thumb: draft strong battle cards and monsters; spread
// figures over provinces not pillaged yet; pillage where the clan is the
// strongest, and call figures in to its own pillages; commit the quests
// it already fulfils; play its strongest battle card where it can win and
// its weakest where it cannot; keep its best card for the next Age; raise
// Rage first.
func (s *State) Suggest(seat engine.Seat, r *engine.Rand) engine.Action {
	var buf [256]engine.Action
	legal := s.Legal(seat, buf[:0])
	p := int(seat)
	best, bestV := legal[0], -1e9
	for _, a := range legal {
		v := s.worthOf(p, a) + float64(r.IntN(100))/1000 // ties broken at random
		if v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// worthOf scores action a for clan p.
func (s *State) worthOf(p int, a engine.Action) float64 {
	cl := &s.clans[p]
	switch a.Kind {
	case kDraft, kKeep:
		if a.Arg[0] < 0 {
			return -1
		}
		return s.cardWorth(a.Arg[0])
	case kInvade, kDomain:
		loc := int(a.Arg[1])
		v := 5 - 0.5*float64(s.invadeCost(p, int(a.Arg[0]), loc))
		if loc < numProv && s.pillaged&(1<<loc) == 0 && !s.present(p, loc) {
			v += 2 // a new province to pillage
		}
		if loc >= fjord0 {
			v += 0.5 // a ship supports two provinces
		}
		return v
	case kMarch:
		to := int(a.Arg[1])
		if s.pillaged&(1<<to) == 0 && !s.present(p, to) {
			return 3
		}
		return 0.5
	case kMove:
		return 2
	case kUpgrade:
		c := s.card(a.Arg[0])
		v := 4 - 0.5*float64(s.upgradeCost(p, a.Arg[0]))
		if c.Type == MonsterUp {
			v += 2 + float64(c.Str)
		}
		if a.Arg[2] > 0 {
			v -= 2 // replacing an upgrade
		}
		return v
	case kQuest:
		if s.fulfils(p, s.card(a.Arg[0])) {
			return 6
		}
		return 1
	case kPillage, kChallenge:
		q := int(a.Arg[0])
		if q >= numProv {
			return 0
		}
		mine, theirs := s.strength(p, q), 0
		for o := range int(s.n) {
			if o != p {
				theirs = max(theirs, s.strength(o, q))
			}
		}
		switch {
		case theirs == 0:
			return 9
		case mine > theirs+2:
			return 8
		case mine > theirs:
			return 4
		}
		return 0
	case kPass:
		return -5
	case kCall:
		if s.bat.on && int(s.bat.pillager) == p {
			return 3
		}
		return -1
	case kPlay:
		c := s.card(a.Arg[0])
		if c.Type != Battle {
			return -float64(s.cardWorth(a.Arg[0])) / 2
		}
		prov := int(s.bat.prov)
		mine, theirs := s.strength(p, prov), 0
		for o := range int(s.n) {
			if o != p && s.bat.parts.Has(engine.Seat(o)) {
				theirs = max(theirs, s.strength(o, prov))
			}
		}
		if mine+int(c.Str)+3 >= theirs {
			return float64(c.Str) // a battle it can win: its strongest card
		}
		return -float64(c.Str) // one it cannot: keep the good cards
	case kAdd:
		return float64(s.card(a.Arg[0]).Str)
	case kRaise:
		st := int(a.Arg[0])
		if cl.stat[st] >= 5 {
			return -1
		}
		return [numStats]float64{3, 2, 2.5}[st]
	case kSave, kSuccor, kBless, kCount, kWitch:
		return 2
	case kSpare:
		f := s.firstIn(p, int(a.Arg[0]), int(s.bat.prov))
		if f < 0 {
			return 0
		}
		return float64(s.figStr(p, f))
	case kSacrifice:
		return -3
	case kBump, kLead:
		return 0.5
	}
	return 0 // done, skip
}

// cardWorth is what a card is worth in hand, for drafting and keeping.
func (s *State) cardWorth(c int16) float64 {
	card := s.card(c)
	switch card.Type {
	case Battle:
		v := 2 * float64(card.Str)
		if card.Effect != "" {
			v += 2
		}
		return v
	case MonsterUp:
		return 4 + float64(card.Str)
	case Quest:
		return float64(card.Glory) / 2
	}
	return 4
}
