package bloodrage

import "skald/engine"

// Fielded calls add for each card seat played in the match — as an
// upgrade, a quest or in battle — for the balance lab's attribution
// (skald lab): kind is "battle", "quest", "monster" or, for the other
// upgrades, what they upgrade ("leader-upgrade", "warrior-upgrade",
// "ship-upgrade", "clan-upgrade"), name is the card's ID, and cost the
// Rage an upgrade costs (0 for the other cards, which cost none). A seat
// the match does not have gets nothing.
func (s *State) Fielded(seat engine.Seat, add func(kind, name string, cost float64)) {
	if int(seat) < 0 || int(seat) >= int(s.n) {
		return
	}
	s.playedBy[seat].each(func(i int16) bool {
		c := &s.c.Cards[i]
		kind, cost := typeNames[c.Type], 0.0
		if c.Type >= LeaderUp {
			cost = float64(c.RageCost())
			if c.Type != MonsterUp {
				kind += "-upgrade"
			}
		}
		add(kind, c.ID, cost)
		return true
	})
}
