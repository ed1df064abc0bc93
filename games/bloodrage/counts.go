package bloodrage

import (
	"slices"

	"skald/engine"
)

// Counts adds up, for the designer, what happened to each card in the
// match (engine.Counter): "drafted ID" for each copy drafted, "played ID"
// for each copy played as an upgrade, a quest or in battle, and "wins ID"
// for each copy played by a clan that finished first. A card's wins over
// its plays is how often playing it goes with winning: the first question
// of which cards are too strong.
func (s *State) Counts(add func(name string, n int)) {
	s.drafted.each(func(c int16) bool {
		add("drafted "+s.c.Cards[c].ID, 1)
		return true
	})
	for p := range int(s.n) {
		first := s.phase == phOver && s.result.Place(engine.Seat(p)) == 1
		s.playedBy[p].each(func(c int16) bool {
			add("played "+s.c.Cards[c].ID, 1)
			if first {
				add("wins "+s.c.Cards[c].ID, 1)
			}
			return true
		})
	}
}

// CountNames lists every name a match may count (engine.CountNamer), so
// that a card never drafted or played shows in a batch's report.
func (g *Game) CountNames() []string {
	var ids []string
	for i := range g.c.Cards {
		if id := g.c.Cards[i].ID; !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	var names []string
	for _, what := range []string{"drafted", "played", "wins"} {
		for _, id := range ids {
			names = append(names, what+" "+id)
		}
	}
	return names
}
