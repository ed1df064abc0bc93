package runewars

// layCache keeps the legal placements of the tiles to lay on one board:
// a decision asks for them twice (the bot's legal list and Apply's check),
// and search asks on many copies of the same board. The lists are never
// changed once made, so copies of a state share them safely.
type layCache struct {
	b    *board
	tile [2]int16 // the kinds of tile: coloured areas (bits 0-2), home realm (bit 3), tile 12 (bit 4)
	list [2][]placement
}

// placements returns where tile t may be laid on the current board. The
// places depend on the tile only through which of its areas have coloured
// edges and whether it is a home realm, so tiles alike share them.
func (s *State) placements(t int) []placement {
	c := &s.lays
	if c.b != s.b {
		*c = layCache{b: s.b, tile: [2]int16{-1, -1}}
	}
	key := int16(0)
	for i, a := range s.c.Tiles[t].Areas {
		if s.c.Areas[a].Border != 0 {
			key |= 1 << i
		}
	}
	if s.c.Tiles[t].Home >= 0 {
		key |= 8
	}
	if t == s.c.LostTile {
		key |= 16
	}
	for i := range c.tile {
		if c.tile[i] == key {
			return c.list[i]
		}
	}
	list := s.b.legalPlacements(s.c, t)
	if s.lost && s.b.placed != 0 {
		list = s.b.lostFilter(s.c, t, list) // LC (RW-R41)
	}
	for i := range c.tile {
		if c.tile[i] < 0 {
			c.tile[i], c.list[i] = key, list
			break
		}
	}
	return list
}
