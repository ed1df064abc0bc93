package wintergrim

import (
	"skald/engine"
)

// Paying and placing cards (seed 000, "4: End": "Check what is required
// "req" on the structure/unit you want to build ... Pay the cost of the
// card to put it into play. You pay the cost by removing cards from your
// hand. Remove 3 cards to pay a cost of 3. Check the room values before
// you pay/place, or your unit stays on your hand."). Paying is one
// decision per card removed.

// canPlay returns why seat may not play card definition def now, placed at
// where (a structure or an area) or aimed at target. answer says the play
// is an answer in a reaction window.
func (s *State) canPlay(seat int8, def int, where int16, at bool, target int16, answer bool) error {
	if def < 0 || def >= len(s.g.c.Cards) {
		return engine.Illegal(ruleEnd, "no such card")
	}
	d := &s.g.c.Cards[def]
	if s.inHand(seat, def) < 0 {
		return engine.Illegal(ruleEnd, "%s has no %s in hand", seatNames[seat], d.Name)
	}
	if !d.IsTactic() {
		// seed 000: "Tactic cards are the only cards you may play when
		// it's not your turn".
		if answer || seat != s.active {
			return engine.Illegal(ruleTactics, "%s is no tactic: only tactics are played when it's not your turn", d.Name)
		}
		if s.phase > phEnd {
			return engine.Illegal(rulePhases, "the turn is over")
		}
	}
	if s.handSize(seat)-1 < int(d.Cost) {
		return engine.Illegal(ruleCost, "%s costs %d: %s has only %s in hand to remove", d.Name, d.Cost, seatNames[seat], plural(s.handSize(seat)-1, "other card", "other cards"))
	}
	if target >= 0 && !d.IsTactic() {
		return engine.Illegal(ruleEnd, "only tactics are aimed at a card")
	}
	// "Check what is required "req" on the structure/unit you want to
	// build", in the area where it goes.
	area := none
	switch {
	case d.IsTactic() && target >= 0 && target < s.n():
		area = s.areaOf(target)
	case d.Type == TypeUnit && !at && s.isStructure(where):
		area = s.c[where].area
	case at && s.isArea(where):
		area = where
	}
	if k := s.reqMet(seat, d, area); k >= 0 {
		return engine.Illegal(ruleReq, "%s requires %s in play", d.Name, reqText(d.Req[k]))
	}
	switch d.Type {
	case TypeUnit:
		switch {
		case !at && s.isStructure(where):
			st := s.def(where)
			if owner(where) != seat {
				return engine.Illegal(ruling("WG-9"), "units are paid and placed in your own structures")
			}
			if !s.placesUnit(st, d) {
				return engine.Illegal(ruling("WG-9"), "%s does not let you pay and place %s inside (%s)", st.Name, d.Name, st.Text)
			}
			if !s.fits(d, where) {
				return engine.Illegal(ruleRoom, "no room for %s in %s: room left %d, it takes %d", d.Name, s.ref(where), s.roomLeft(where), -d.R)
			}
		case at && s.isArea(where) && d.Skills.Has(Emerge):
			// "Emerge: Pay/place a unit with Emerge in any area."
		case at && s.isArea(where):
			return engine.Illegal(ruling("WG-9"), "%s has no Emerge: it is placed inside a structure of yours", d.Name)
		default:
			return engine.Illegal(ruleUnit, "place %s in one of your structures (play %s in STRUCTURE)", d.Name, d.ID)
		}
	case TypeStructure:
		if d.Area {
			if where >= 0 || at {
				return engine.Illegal(ruleArea, "%s makes an area of its own: play %s", d.Name, d.ID)
			}
			break
		}
		if !at || !s.isArea(where) || owner(where) != seat {
			return engine.Illegal(ruling("WG-9"), "build %s in an area of yours (play %s at AREA)", d.Name, d.ID)
		}
		if s.def(where).Type == TypePath {
			return engine.Illegal(rulePath, "a path is considered as outside: no structure is built on it (%s)", ruling("WG-9"))
		}
	case TypeArea, TypePath, TypeWeather:
		if where >= 0 || target >= 0 || at {
			return engine.Illegal(ruleEnd, "%s is played on its own: play %s", d.Name, d.ID)
		}
		if d.Type == TypeWeather && s.weather >= 0 && !d.Replaces {
			return engine.Illegal(ruleWeather, "no more weather cards can be played until %s is removed", s.ref(s.weather))
		}
	case TypeTactic:
		if where >= 0 || at {
			return engine.Illegal(ruleTactic, "a tactic is aimed at a card: play %s on CARD", d.ID)
		}
		if err := s.canTarget(seat, d, target); err != nil {
			return err
		}
	}
	return nil
}

// placesUnit reports whether structure st lets its player pay and place
// unit d inside ("Pay and place Vanheim workers inside").
func (s *State) placesUnit(st, d *Card) bool {
	for _, p := range st.Places {
		if (p.Realm < 0 || p.Realm == d.Realm) && (p.Class == 0 || d.Classes&p.Class != 0) {
			return true
		}
	}
	return false
}

// play takes the card out of seat's hand and asks for its cost.
func (s *State) play(seat int8, def int, where int16, at bool, target int16, ev *engine.Log) {
	d := &s.g.c.Cards[def]
	id := s.inHand(seat, def)
	s.setZone(id, zLimbo)
	s.c[id].flags &^= fShown
	if !d.IsTactic() {
		s.enterPhase(phEnd, ev) // "the End phase, that's the phase where you pay and place cards"
	}
	s.pay = payment{on: true, seat: seat, card: id, left: d.Cost, where: where, at: at, target: target}
	ev.Add(engine.Everyone, "play", "%s plays %s#%d%s; cost %d", seatName(seat), s.idOf(id), id, (*placing)(s), d.Cost)
	if d.Cost == 0 {
		s.paid(ev)
	}
}

func (s *State) placeText(where int16, at bool, target int16) string {
	switch {
	case !at && where >= 0:
		return " inside " + s.ref(where)
	case where >= 0:
		return " at " + s.ref(where)
	case target >= 0:
		return " on " + s.ref(target)
	}
	return ""
}

// canPay returns why seat may not remove a card of definition def from
// hand to pay now.
func (s *State) canPay(seat int8, def int) error {
	if !s.pay.on || s.pay.seat != seat {
		return engine.Illegal(ruleCost, "nothing to pay for")
	}
	if def < 0 || def >= len(s.g.c.Cards) || s.inHand(seat, def) < 0 {
		return engine.Illegal(ruleCost, "pay with a card from your hand")
	}
	return nil
}

// payWith removes a card from hand to the removed-pile.
func (s *State) payWith(seat int8, def int, ev *engine.Log) {
	id := s.inHand(seat, def)
	s.toRemoved(id)
	s.pay.left--
	ev.Add(engine.Everyone, "pay", "%s removes %s#%d from hand to pay for %s#%d (%d more)",
		seatName(seat), s.idOf(id), id, s.idOf(s.pay.card), s.pay.card, s.pay.left)
	if s.pay.left == 0 {
		s.paid(ev)
	}
}

// paid puts a paid card into play: a unit inside its structure or in its
// area, a structure in its area, an area or the weather on the table; a
// tactic joins the chain of tactics (WG-7).
func (s *State) paid(ev *engine.Log) {
	p := s.pay
	s.pay = payment{card: none, where: none, target: none}
	id := p.card
	d := s.def(id)
	c := &s.c[id]
	switch d.Type {
	case TypeUnit:
		s.place(id)
		c.moves = 0
		c.flags &= fMarked
		// The texts are placeText's for the places check allows: a
		// structure, or an area for a unit with Emerge (canPlay).
		if !p.at {
			c.area, c.in = s.c[p.where].area, p.where
			ev.Add(engine.Everyone, "placed", "%s's %s#%d is placed inside %s#%d",
				seatName(owner(id)), s.nameOf(id), id, s.idOf(p.where), p.where)
		} else {
			c.area, c.in = p.where, none
			ev.Add(engine.Everyone, "placed", "%s's %s#%d is placed at %s#%d",
				seatName(owner(id)), s.nameOf(id), id, s.idOf(p.where), p.where)
		}
	case TypeStructure:
		s.place(id)
		// As for a unit: an area of its own is played on its own, another
		// structure at an area (canPlay).
		if d.Area {
			c.area = id
			ev.Add(engine.Everyone, "built", "%s's %s#%d is built", seatName(owner(id)), s.nameOf(id), id)
		} else {
			c.area = p.where
			ev.Add(engine.Everyone, "built", "%s's %s#%d is built at %s#%d",
				seatName(owner(id)), s.nameOf(id), id, s.idOf(p.where), p.where)
		}
		if d.Reshuffle {
			s.reshuffle(owner(id), ev) // the Temple, the Sacred Tree
		}
	case TypeArea:
		s.place(id)
		c.area = id
		ev.Add(engine.Everyone, "area", "%s's %s#%d makes a new area (%s)", seatName(owner(id)), s.nameOf(id), id, ruleArea)
	case TypeWeather:
		if w := s.weather; w >= 0 {
			s.toRemoved(w)
			ev.Add(engine.Everyone, "weather.gone", "%s#%d blows %s#%d away", s.idOf(id), id, s.idOf(w), w)
		}
		s.place(id)
		s.weather = id
		ev.Add(engine.Everyone, "weather", "%s#%d: the weather affects all areas (%s)", s.idOf(id), id, ruleWeather)
	default: // tactics and paths
		s.addLink(p.seat, id, p.target, ev)
	}
}
