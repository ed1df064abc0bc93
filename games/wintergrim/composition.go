package wintergrim

import "skald/engine"

// Fielded calls add once for seat's deck, kind "deck", for the balance
// lab's comparison of decks (skald lab): a built-in deck by its name
// (asheim, vanheim), a deck list given as text as "list". A seat the
// match does not have gets nothing.
func (s *State) Fielded(seat engine.Seat, add func(kind, name string, cost float64)) {
	if int(seat) < 0 || int(seat) >= int(s.seats) {
		return
	}
	name := s.conf.decks[seat].Name
	if _, ok := s.g.c.Decks[name]; !ok {
		name = "list"
	}
	add("deck", name, 0)
}

// Fields calls add for the card an action plays, before it is applied,
// for the balance lab's attribution (skald lab): a "play" action names a
// card of the hand, kind "card", at its printed cost in cards. Other
// actions field nothing.
func (s *State) Fields(a engine.Action, add func(kind, name string, cost float64)) {
	if a.Kind != kindPlay || a.Arg[0] < 0 || int(a.Arg[0]) >= len(s.g.c.Cards) {
		return
	}
	c := &s.g.c.Cards[a.Arg[0]]
	add("card", c.Name, float64(c.Cost))
}
