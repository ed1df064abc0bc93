package wintergrim

import (
	"fmt"

	"skald/engine"
)

// ref is a card's text form in actions: its id and number, "woodsman#57".
func (s *State) ref(id int16) string {
	if id < 0 || id >= s.n() {
		return fmt.Sprintf("#%d", id)
	}
	return fmt.Sprintf("%s#%d", s.def(id).ID, id)
}

// hand returns the number of cards in seat's hand.
func (s *State) handSize(seat int8) int { return int(s.nhand[seat]) }

// countHand counts seat's hand card by card; handSize keeps it.
func (s *State) countHand(seat int8) int {
	n := 0
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.c[id].zone == zHand {
			n++
		}
	}
	return n
}

// inHand returns a card of seat's hand with definition def, shown ones
// last, or none.
func (s *State) inHand(seat int8, def int) int16 {
	found := none
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.c[id].zone == zHand && int(s.c[id].def) == def {
			if s.c[id].flags&fShown == 0 {
				return id
			}
			found = id
		}
	}
	return found
}

// areaOf returns the area card id is in, or none.
func (s *State) areaOf(id int16) int16 {
	switch s.c[id].zone {
	case zPlay:
		return s.c[id].area
	case zOn:
		return s.areaOf(s.c[id].area)
	}
	return none
}

// matches reports whether card id answers requirement r.
func (s *State) matches(id int16, r Req) bool {
	d := s.def(id)
	switch {
	case r.Realm >= 0 && d.Realm != r.Realm:
		return false
	case r.Type == TypeStructure && d.Type != TypeStructure:
		return false
	case r.Type == TypeArea && !d.Area:
		return false
	case r.Type >= 0 && r.Type != TypeStructure && r.Type != TypeArea && d.Type != r.Type:
		return false
	case r.Class != 0 && (d.Type != TypeUnit || d.Classes&r.Class == 0):
		return false
	case r.Name != "" && d.Name != r.Name:
		return false
	}
	return true
}

// reqMet returns the first requirement of def that seat does not meet when
// playing it in area (none: no area), or -1. A requirement is met by one
// of seat's own cards on the table, in area if it is local (seed 000, "The
// upper column": "you must have that card somewhere in play at the time
// you pay/place"; WG-8).
func (s *State) reqMet(seat int8, def *Card, area int16) int {
	for k, r := range def.Req {
		ok := false
		for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize && !ok; id++ {
			if s.c[id].zone != zPlay || !s.matches(id, r) {
				continue
			}
			if r.Local && (area < 0 || s.c[id].area != area) {
				continue
			}
			ok = true
		}
		if !ok {
			return k
		}
	}
	return -1
}

// reqGlobal is reqMet for the requirements that are not local: those
// that do not depend on where the card goes.
func (s *State) reqGlobal(seat int8, def *Card) int {
	for k, r := range def.Req {
		if r.Local {
			continue
		}
		ok := false
		for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize && !ok; id++ {
			ok = s.c[id].zone == zPlay && s.matches(id, r)
		}
		if !ok {
			return k
		}
	}
	return -1
}

// reqText says a requirement in words: "a local Asheim worker".
func reqText(r Req) string {
	t := ""
	if r.Local {
		t = "local "
	}
	if r.Realm >= 0 {
		t += title(realmNames[r.Realm]) + " "
	}
	switch {
	case r.Name != "":
		t += r.Name
	case r.Class != 0:
		for _, cn := range classNames {
			if r.Class&cn.bit != 0 {
				t += cn.name
			}
		}
	case r.Type >= 0:
		t += typeNames[r.Type]
	default:
		t += "card"
	}
	return "a " + t
}

// hasRealm reports whether seat has a card of realm in play (seed 000:
// the Rain's "Units whose player's don't have any Asheim card in play";
// the Overgrown Forest's "Players with vanheim cards in play").
func (s *State) hasRealm(seat int8, realm int8) bool {
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.inPlay(id) && s.def(id).Realm == realm {
			return true
		}
	}
	return false
}

// skills returns a unit's skills, its own and those of the items on it.
func (s *State) skills(id int16) Skill {
	sk := s.def(id).Skills
	if s.c[id].flags&fHasOn == 0 {
		return sk
	}
	for k := int16(0); k < s.n(); k++ {
		if s.c[k].zone == zOn && s.c[k].area == id {
			sk |= s.def(k).Mods.Skills
		}
	}
	return sk
}

// mods returns the sum of the modifiers of the cards on unit id.
func (s *State) mods(id int16) Mods {
	var m Mods
	if s.c[id].flags&fHasOn == 0 {
		return m
	}
	for k := int16(0); k < s.n(); k++ {
		if s.c[k].zone == zOn && s.c[k].area == id {
			d := &s.def(k).Mods
			m.CC += d.CC
			m.RC += d.RC
			m.A += d.A
			m.L += d.L
			m.Skills |= d.Skills
			m.NoMove = m.NoMove || d.NoMove
			m.Fever += d.Fever
		}
	}
	return m
}

// sheltered reports whether a unit is inside a building or dwelling, where
// weather does not reach it (seed 000, "Building", "Dwelling": "A unit
// inside ... is not affected by weather"; an Object or a Ship shelters
// nobody).
func (s *State) sheltered(id int16) bool {
	in := s.c[id].in
	if in < 0 {
		return false
	}
	st := s.def(in).Structure
	return st == Building || st == Dwelling
}

// weatherOn returns the weather in play, or NoWeather.
func (s *State) weatherOn() int8 {
	if s.weather < 0 {
		return NoWeather
	}
	return s.def(s.weather).Weather
}

// weathered reports whether the weather affects unit id: it is not
// sheltered and has no Survival (seed 000, "Survival: A unit with Survival
// may ignore Weather").
func (s *State) weathered(id int16) bool {
	return s.weather >= 0 && !s.sheltered(id) && !s.skills(id).Has(Survival)
}

// dispirited reports whether unit id has P minus 1 and must roll P to
// move, attack and defend: Rain where its player has no Asheim card in
// play, Mist where it has no Vanheim card (seed 000, the worked game: the
// Rain; the Mist is designed, WG-45; WG-21).
func (s *State) dispirited(id int16) bool {
	if !s.weathered(id) {
		return false
	}
	switch s.weatherOn() {
	case Rain:
		return !s.hasRealm(owner(id), Asheim)
	case Mist:
		return !s.hasRealm(owner(id), Vanheim)
	}
	return false
}

// value returns a unit's CC, RC or P with what is on it and the weather.
func (s *State) value(id int16, kind int8) int {
	d := s.def(id)
	m := s.mods(id)
	v := 0
	switch kind {
	case CC:
		v = int(d.CC + m.CC)
	case RC:
		v = int(d.RC + m.RC)
		// Windstorm (designed, WG-45): "Units have RC minus 1."
		if s.weatherOn() == Windstorm && d.Type == TypeUnit && s.weathered(id) {
			v--
		}
	case PS:
		v = int(d.P)
		if d.Type == TypeUnit && s.dispirited(id) {
			v-- // the Rain: "have P minus 1"
		}
	}
	return max(v, 0)
}

// armour returns a unit's or structure's A with its items.
func (s *State) armour(id int16) int {
	if s.def(id).Type != TypeUnit {
		return int(s.def(id).A)
	}
	return max(int(s.def(id).A+s.mods(id).A), 0)
}

// luck returns a unit's L with its items.
func (s *State) luck(id int16) int {
	if s.def(id).Type != TypeUnit {
		return int(s.def(id).L)
	}
	return max(int(s.def(id).L+s.mods(id).L), 0)
}

// health returns how much health id has left.
func (s *State) health(id int16) int { return int(s.def(id).H) - int(s.c[id].dmg) }

// roomLeft returns the room structure st still offers: its R plus the R of
// every unit inside (seed 000, "Room").
func (s *State) roomLeft(st int16) int {
	r := int(s.def(st).R)
	for id := int16(0); id < s.n(); id++ {
		if s.c[id].zone == zPlay && s.c[id].in == st {
			r += int(s.def(id).R)
		}
	}
	return r
}

// fits reports whether unit def fits in structure st.
func (s *State) fits(def *Card, st int16) bool { return s.roomLeft(st)+int(def.R) >= 0 }

// workersInside counts the workers of st's player inside structure st,
// not intruders (WG-42).
func (s *State) workersInside(st int16) int {
	n := 0
	seat := owner(st)
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.c[id].zone == zPlay && s.c[id].in == st && s.def(id).Classes&Worker != 0 {
			n++
		}
	}
	return n
}

// draw moves up to k cards from the top of seat's deck to its hand. An
// empty deck draws nothing (seed 000, "The deck - what happens when all
// the cards are drawn? Nothing. You can't draw more cards").
func (s *State) draw(seat int8, k int, ev *engine.Log) {
	p := &s.p[seat]
	got := 0
	for ; k > 0 && p.n > 0; k-- {
		p.n--
		id := p.deck[p.n]
		s.setZone(id, zHand)
		s.c[id].flags &^= fShown
		got++
		ev.Add(engine.Seats(engine.Seat(seat)), "draw", "you draw %s#%d", s.idOf(id), id)
	}
	ev.Add(engine.Everyone, "draw", "%s draws %s; %d left in the deck", seatName(seat), cardCount(got), p.n)
}

// takeFromDeck takes card id out of its owner's deck, keeping the order.
func (s *State) takeFromDeck(id int16) {
	p := &s.p[owner(id)]
	for k := 0; k < int(p.n); k++ {
		if p.deck[k] == id {
			copy(p.deck[k:], p.deck[k+1:p.n])
			p.n--
			return
		}
	}
}

// findInDeck returns the lowest card of seat's deck with definition def,
// or none.
func (s *State) findInDeck(seat int8, def int) int16 {
	p := &s.p[seat]
	for k := 0; k < int(p.n); k++ {
		if int(s.c[p.deck[k]].def) == def {
			return p.deck[k]
		}
	}
	return none
}

// shuffle shuffles seat's deck.
func (s *State) shuffle(seat int8, ev *engine.Log) {
	p := &s.p[seat]
	d := p.deck[:p.n]
	s.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	ev.Add(engine.Everyone, "shuffle", "%s shuffles its deck (%d cards)", seatName(seat), p.n)
}

// reshuffle shuffles seat's removed-pile into its deck (seed 000: "some
// structures let you mix your removed pile into your remaining deck when
// built").
func (s *State) reshuffle(seat int8, ev *engine.Log) {
	p := &s.p[seat]
	k := 0
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.c[id].zone == zRemoved {
			s.c[id].zone = zDeck
			s.c[id].dmg = 0
			p.deck[p.n] = id
			p.n++
			k++
		}
	}
	ev.Add(engine.Everyone, "reshuffle", "%s mixes %s of its removed-pile into its deck", seatName(seat), cardCount(k))
	s.shuffle(seat, ev)
}

// toRemoved puts card id on its owner's removed-pile, with whatever is on
// it.
func (s *State) toRemoved(id int16) {
	s.dropAttached(id)
	s.unplace(id, zRemoved)
	c := &s.c[id]
	c.area, c.in, c.holder = none, none, -1
	c.dmg, c.moves, c.stuck, c.boost = 0, 0, 0, 0
	c.flags &= fMarked | fConquer
	if s.weather == id {
		s.weather = none
	}
}

// dropAttached puts the curses, items and sicknesses on unit id on their
// owners' removed-piles.
func (s *State) dropAttached(id int16) {
	if s.c[id].flags&fHasOn == 0 {
		return
	}
	for k := int16(0); k < s.n(); k++ {
		if s.c[k].zone == zOn && s.c[k].area == id {
			s.c[k].zone, s.c[k].area = zRemoved, none
		}
	}
	s.c[id].flags &^= fHasOn
}

// attach puts card k on unit id.
func (s *State) attach(k, id int16) {
	if old := s.c[k].area; s.c[k].zone == zOn && old >= 0 {
		s.c[k].area = none
		s.refreshOn(old)
	}
	s.c[k].zone, s.c[k].area = zOn, id
	s.c[id].flags |= fHasOn
}

// refreshOn sets unit id's fHasOn flag from what is on it.
func (s *State) refreshOn(id int16) {
	s.c[id].flags &^= fHasOn
	for k := int16(0); k < s.n(); k++ {
		if s.c[k].zone == zOn && s.c[k].area == id {
			s.c[id].flags |= fHasOn
			return
		}
	}
}

// roll rolls n dice into r, for the event that shows them, and counts
// those showing at least need; six reports a natural 6 among them.
func (s *State) roll(r *rolled, n, need int) (hits int, six bool) {
	r.more, r.n, r.need = nil, 0, uint8(need)
	if n > maxDice {
		r.more = s.rng.Dice(n, 6, nil)
		for _, f := range r.more {
			hits, six = tally(f, need, hits, six)
		}
		r.hits = int16(hits)
		return hits, six
	}
	for ; int(r.n) < n; r.n++ {
		f := s.rng.Roll(6)
		r.dice[r.n] = uint8(f)
		hits, six = tally(f, need, hits, six)
	}
	r.hits = int16(hits)
	return hits, six
}

// tally adds die f to a roll's hits and natural 6.
func tally(f, need, hits int, six bool) (int, bool) {
	if f >= need {
		hits++
	}
	return hits, six || f == 6
}
