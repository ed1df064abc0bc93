package wintergrim

import (
	"skald/engine"
)

// Food (seed 000, "ALWAYS!) Always summarize all your "F" values across
// all areas. If you have a negative total, remove units until you
// don't."; "The food supply reaches across all areas in the game, even
// enemy areas"; "You can still pay/place units even if you don't have
// enough Food, but as soon as the total value is negative, you must
// remove units").

// food returns seat's total F: every structure and unit of its own on the
// table, wherever it stands (WG-19).
func (s *State) food(seat int8) int { return int(s.fed[seat]) }

// countFood returns seat's food counted card by card; food keeps it as
// cards come and go.
func (s *State) countFood(seat int8) int {
	f := 0
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.c[id].zone == zPlay {
			f += int(s.def(id).F)
		}
	}
	return f
}

// setZone moves card id to zone z, keeping count of its player's food
// and hand.
func (s *State) setZone(id int16, z uint8) {
	c := &s.c[id]
	if c.zone == z {
		return
	}
	o := owner(id)
	switch c.zone {
	case zPlay:
		s.fed[o] -= int16(s.def(id).F)
	case zHand:
		s.nhand[o]--
	}
	c.zone = z
	switch z {
	case zPlay:
		s.fed[o] += int16(s.def(id).F)
	case zHand:
		s.nhand[o]++
	}
}

// place puts card id on the table.
func (s *State) place(id int16) { s.setZone(id, zPlay) }

// unplace takes card id off the table to zone z.
func (s *State) unplace(id int16, z uint8) { s.setZone(id, z) }

// starving returns the first seat, from the active player on, whose food
// is negative, or -1. It must remove units before anything else happens.
func (s *State) starving() int8 {
	if s.stage != stPlay {
		return -1
	}
	for k := int8(0); k < s.seats; k++ {
		seat := (s.active + k) % s.seats
		if !s.p[seat].out && s.food(seat) < 0 {
			return seat
		}
	}
	return -1
}

// canStarve returns why seat may not remove unit id for food now.
func (s *State) canStarve(seat int8, id int16) error {
	if s.starving() != seat {
		return engine.Illegal(ruleFood, "%s's food is not negative: no unit has to be removed", seatNames[seat])
	}
	if !s.isUnit(id) || owner(id) != seat {
		return engine.Illegal(ruleFood, "remove a unit of yours in play")
	}
	if s.def(id).F >= 0 {
		return engine.Illegal(ruling("WG-19"), "%s eats no food: removing it does not help", s.ref(id))
	}
	// WG-47: the marked leader goes last.
	if s.c[id].flags&fMarked != 0 && s.otherEater(seat, id) {
		return engine.Illegal(ruling("WG-47"), "%s is your marked leader: remove another unit that eats first", s.ref(id))
	}
	return nil
}

// mayStarve reports whether seat may remove unit id for food, as
// canStarve checks it but without building an error, for the legal list.
func (s *State) mayStarve(seat int8, id int16) bool {
	return s.isUnit(id) && owner(id) == seat && s.def(id).F < 0 && (s.c[id].flags&fMarked == 0 || !s.otherEater(seat, id))
}

// otherEater reports whether seat has a unit in play besides id that eats
// food.
func (s *State) otherEater(seat int8, id int16) bool {
	for u := int16(seat) * DeckSize; u < int16(seat+1)*DeckSize; u++ {
		if u != id && s.isUnit(u) && s.def(u).F < 0 {
			return true
		}
	}
	return false
}

// starve removes unit id to its owner's removed-pile for want of food.
func (s *State) starve(id int16, ev *engine.Log) {
	ev.Add(engine.Everyone, "food.remove", "%s's food is %s: %s's %s#%d leaves (%s)",
		seatName(owner(id)), (*number)(&s.fed[owner(id)]), seatName(owner(id)), s.nameOf(id), id, ruleFood)
	s.leavePlay(id, ev)
}

// leavePlay takes unit id off the table to its owner's removed-pile, not
// defeated (the Ranger's removal, food, a bribe): a structure it was
// inside keeps its room free again.
func (s *State) leavePlay(id int16, ev *engine.Log) {
	s.toRemoved(id)
}
