package blackred

import "skald/engine"

// inferTries is how many deals Infer draws, at most, looking for one in
// which the enemy's rules of thumb make the choices the enemy made (4
// tries were weaker, 64 no stronger: the oracle experiment's inferring
// heuristic, oracle_test.go).
var inferTries = 16

// Infer is Determinize with a model of the enemy (ai.Inferrer): it takes
// the enemy to play by the rules of thumb (Suggest) and deals what seat
// cannot see accordingly, still from seat's view only.
//
//   - The weapon the enemy stated in this battle (seed 002, Battle in
//     short: the attacker states his weapon, then the attacked player)
//     was chosen from the top of its battle deck, which seat cannot see:
//     of up to inferTries deals of the deck (Determinize), Infer keeps the
//     first in which the rules of thumb, asked where the enemy stated it,
//     state that weapon too, and else the last. A weapon forced on the
//     enemy (BR-11), or one a Feint may have changed, tells nothing.
//   - A strategy card (seed 002, Strategy cards) or a force card (BR-12,
//     BR-19) the enemy has placed face down is, in the deal, the one the
//     rules of thumb would have placed from the dealt hand and deck, not
//     one dealt at random.
//
// The enemy's choices are all seat has seen of the match, and the rules
// of thumb are public, so the copy still depends on nothing hidden.
func (s *State) Infer(seat engine.Seat, r *engine.Rand) engine.State {
	var c *State
	for range inferTries {
		c = s.Determinize(seat, r).(*State)
		if c.statedAsModel(seat, r) {
			break
		}
	}
	c.placeAsModel(seat, r)
	return c
}

// inferStrategy makes Infer weigh its deals by the enemy's strategy card
// too, once turned over.
var inferStrategy = true

// statedAsModel reports whether the weapon seat's enemy stated in this
// battle, and (with inferStrategy) the strategy card it played, are the
// ones the rules of thumb choose in s, a deal for seat.
func (s *State) statedAsModel(seat engine.Seat, r *engine.Rand) bool {
	return s.weaponAsModel(seat, r) && (!inferStrategy || s.strategyAsModel(seat, r))
}

// strategyAsModel reports whether the strategy card seat's enemy played in
// this battle, turned over, is the one the rules of thumb choose in s, a
// deal for seat, from its hand then: the card and two of the cards it
// holds now (after the cards were turned over it drew one, which seat
// cannot tell). True when it tells nothing: before the cards are turned
// over, or when a Call or Feint may have changed the attacker's weapon.
func (s *State) strategyAsModel(seat engine.Seat, r *engine.Rand) bool {
	en := 1 - seat
	sd := &s.side[en]
	if s.phase <= phaseStrategy || s.phase == phaseOver || sd.played == none {
		return true
	}
	for i := range s.side {
		if k := s.pe[i].kind; k == effFeint || k == effCall {
			return true
		}
	}
	q := *s
	q.phase = phaseStrategy
	q.pe = [2]eff{}
	for i := range q.side {
		qs := &q.side[i]
		qs.played, qs.force, qs.revealed = none, 0, false
	}
	q.side[q.defender()].weapon = none
	q.setForced(nil)
	qe := &q.side[en]
	for k, h := range qe.hand {
		if h != none {
			qe.hand[k] = sd.played
			break
		}
	}
	a, ok := q.modelChoice(en, r)
	return !ok || int8(a.Arg[0]) == sd.played
}

// weaponAsModel reports whether the weapon seat's enemy stated in this
// battle is the one the rules of thumb choose in s, a deal for seat; true
// when it tells nothing.
func (s *State) weaponAsModel(seat engine.Seat, r *engine.Rand) bool {
	en := 1 - seat
	sd := &s.side[en]
	if sd.forced != none || sd.weapon == none || s.pe[en].kind == effFeint {
		return true
	}
	q := *s
	switch {
	case s.attacker == en && s.phase > phaseAttackerWeapon && s.phase < phaseOver:
		// Before the strategy cards: none played, none turned over, the
		// face-down card back in hand where a slot is free (after they
		// were turned over both drew, and the hand is dealt anyway).
		q.phase = phaseAttackerWeapon
		q.pe = [2]eff{}
		for i := range q.side {
			qs := &q.side[i]
			if qs.played != none {
				for k, h := range qs.hand {
					if h == none {
						qs.hand[k] = qs.played
						break
					}
				}
			}
			qs.played, qs.weapon, qs.force, qs.revealed = none, none, 0, false
		}
	case s.attacker == seat && (s.phase == phaseFeint || s.phase == phaseForce):
		q.phase = phaseDefenderWeapon
		for i := range q.side {
			q.side[i].force, q.side[i].revealed = 0, false
		}
		q.side[en].weapon = none
	default:
		return true
	}
	a, ok := q.modelChoice(en, r)
	return !ok || int8(a.Arg[0]) == sd.weapon
}

// placeAsModel replaces a strategy or force card seat's enemy has placed
// face down in s, a deal for seat, by the one the rules of thumb place.
func (s *State) placeAsModel(seat engine.Seat, r *engine.Rand) {
	en := 1 - seat
	sd := &s.side[en]
	switch {
	case s.phase == phaseStrategy && sd.played != none:
		for k, h := range sd.hand {
			if h == none {
				sd.hand[k] = sd.played
				break
			}
		}
		sd.played = none
		a := s.Suggest(en, r)
		card := int8(a.Arg[0])
		for k, h := range sd.hand {
			if h == card {
				sd.hand[k] = none
				break
			}
		}
		sd.played = card
	case s.phase == phaseForce && sd.force != 0 && !sd.revealed:
		sd.force = 0
		sd.force = int8(s.Suggest(en, r).Arg[0])
	}
}

// modelChoice returns the action the rules of thumb value most for seat,
// without Suggest's random tie-break; false if seat does not decide.
func (s *State) modelChoice(seat engine.Seat, r *engine.Rand) (engine.Action, bool) {
	var buf [16]engine.Action
	legal := s.Legal(seat, buf[:0])
	if len(legal) == 0 {
		return engine.Action{}, false
	}
	h := s.newHeur(seat, r)
	best, bestV := legal[0], -1e18
	for _, a := range legal {
		if v := h.worth(a); v > bestV {
			best, bestV = a, v
		}
	}
	return best, true
}
