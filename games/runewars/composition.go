package runewars

import "skald/engine"

// Fielded calls add for what seat held at the end of the match that the
// designers may want to weigh, for the balance lab's attribution (skald
// lab): each city token it controls (kind "city") and each type of
// neutral unit allied to it on the board (kind "ally"), by id, cost 0. A
// seat the match does not have gets nothing.
func (s *State) Fielded(seat engine.Seat, add func(kind, name string, cost float64)) {
	p := int8(seat)
	if p < 0 || p >= s.n {
		return
	}
	cen := s.take(-1)
	s.b.placed.each(func(a int) {
		if c := s.city[a]; c >= 0 && cen.ctl[a] == p {
			add("city", s.c.Cities[c].ID, 0)
		}
	})
	var allies typeSet
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if f.area != noArea && f.owner == p && s.isAllied(f) {
			allies = allies.with(int(f.typ))
		}
	}
	for u := range s.c.Units {
		if allies.has(u) {
			add("ally", s.c.Units[u].ID, 0)
		}
	}
}
