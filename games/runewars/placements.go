package runewars

// layCache keeps the legal placements of the tiles to lay on one board:
// a decision asks for them twice (the bot's legal list and Apply's check),
// and search asks on many copies of the same board. The lists are never
// changed once made, so copies of a state share them safely.
type layCache struct {
	b    *board
	tile [2]int16
	list [2][]placement
}

// placements returns where tile t may be laid on the current board.
func (s *State) placements(t int) []placement {
	c := &s.lays
	if c.b != s.b {
		*c = layCache{b: s.b, tile: [2]int16{-1, -1}}
	}
	for i := range c.tile {
		if int(c.tile[i]) == t {
			return c.list[i]
		}
	}
	list := s.b.legalPlacements(s.c, t)
	for i := range c.tile {
		if c.tile[i] < 0 {
			c.tile[i], c.list[i] = int16(t), list
			break
		}
	}
	return list
}
