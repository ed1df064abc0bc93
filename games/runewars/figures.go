package runewars

import "skald/engine"

// addFig puts a figure of unit type u for owner (-1: neutral) on area a
// and returns its index, or -1 when the figure table is full.
func (s *State) addFig(u int, owner int8, a int) int {
	s.touch()
	for i := 0; i < int(s.nfigs); i++ {
		if s.figs[i].area == noArea {
			s.figs[i] = fig{typ: uint8(u), owner: owner, area: int8(a)}
			return i
		}
	}
	if int(s.nfigs) == maxFigs {
		return -1
	}
	s.figs[s.nfigs] = fig{typ: uint8(u), owner: owner, area: int8(a)}
	s.nfigs++
	return int(s.nfigs) - 1
}

// kill returns figure i to the supply.
func (s *State) kill(i int) {
	s.touch()
	s.figs[i] = fig{area: noArea}
}

// onBoard counts the figures of unit type u that owner has on the board:
// no more than the type's supply may be (Limits 1). Neutral types count
// every figure, whoever it is allied to.
func (s *State) onBoard(u int, owner int8) int {
	n := 0
	neutral := s.c.Units[u].Faction < 0
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if f.area != noArea && int(f.typ) == u && (neutral || f.owner == owner) {
			n++
		}
	}
	return n
}

// census is who holds each area, counted once for a decision.
type census struct {
	ctl      [maxAreas]int8 // the controlling seat, or -1
	units    [maxAreas]int8 // units of any owner (heroes are not units, Limits 9)
	mine     [maxAreas]int8 // units of the seat the census was taken for
	neutral  areaSet        // areas with neutral units allied to no one
	occupied areaSet        // areas with any unit or a stronghold
}

// board count kept between changes: the census of every owner.
type tally struct {
	ok       bool
	ctl      [maxAreas]int8
	units    [maxAreas]int8
	own      [maxPlayers][maxAreas]int8
	neutral  areaSet
	occupied areaSet
}

// touch marks the tally out of date: a figure, a stronghold or the
// battle changed. Every change to them goes through it.
func (s *State) touch() { s.tal.ok = false }

// controller returns who controls area a: the player whose units (his own
// or allied) are there, else the owner of its stronghold, else -1
// (RW-R5).
func (s *State) controller(a int) int8 {
	if !s.tal.ok {
		s.count()
	}
	return s.tal.ctl[a] // in a battle's area, the defender until it is won
}

// take counts the board for seat (or -1).
func (s *State) take(seat int8) (c census) {
	if !s.tal.ok {
		s.count()
	}
	t := &s.tal
	c.ctl, c.units, c.neutral, c.occupied = t.ctl, t.units, t.neutral, t.occupied
	if seat >= 0 && seat < maxPlayers {
		c.mine = t.own[seat]
	}
	return c
}

// holders returns who controls each area, from the kept tally, without
// copying it as take does.
func (s *State) holders() *[maxAreas]int8 {
	if !s.tal.ok {
		s.count()
	}
	return &s.tal.ctl
}

// count makes the tally again from the figures, strongholds and battle.
func (s *State) count() {
	c := &s.tal
	*c = tally{ok: true}
	for i := range c.ctl {
		c.ctl[i] = -1
	}
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if f.area == noArea {
			continue
		}
		a := int(f.area)
		c.units[a]++
		c.occupied = c.occupied.with(a)
		if f.owner < 0 {
			c.neutral = c.neutral.with(a)
			continue
		}
		c.ctl[a] = f.owner
		c.own[f.owner][a]++
	}
	s.b.placed.each(func(a int) {
		if s.keeps[a].owner >= 0 {
			c.occupied = c.occupied.with(a)
			if c.ctl[a] < 0 && !c.neutral.has(a) {
				c.ctl[a] = s.keeps[a].owner
			}
		}
		// A Peasant token: friendly and controlled (DEV-PEA).
		if pt := s.peasant[a]; pt > 0 {
			c.occupied = c.occupied.with(a)
			if c.ctl[a] < 0 && !c.neutral.has(a) {
				c.ctl[a] = pt - 1
			}
		}
	})
	if s.bat.on {
		c.ctl[s.bat.area] = s.bat.def
	}
}

// friendly returns the areas seat controls.
func (c *census) friendly(seat int8, placed areaSet) areaSet {
	var out areaSet
	placed.each(func(a int) {
		if c.ctl[a] == seat {
			out = out.with(a)
		}
	})
	return out
}

// addRune puts a rune token on a, seen by the seats in known.
func (s *State) addRune(a int, dragon bool, known engine.SeatSet) {
	if int(s.nrunes) == maxRunes {
		// Every area holds at most one token (Limits 8): reuse a token
		// taken off the board.
		for i := 0; i < int(s.nrunes); i++ {
			if s.runes[i].area == noArea {
				s.runes[i] = runeTok{area: int8(a), dragon: dragon, known: known}
				return
			}
		}
		return
	}
	s.runes[s.nrunes] = runeTok{area: int8(a), dragon: dragon, known: known}
	s.nrunes++
}

// runeAt returns the index of the rune token on a, or -1.
func (s *State) runeAt(a int) int {
	for i := 0; i < int(s.nrunes); i++ {
		if int(s.runes[i].area) == a {
			return i
		}
	}
	return -1
}

// runeAreas returns the areas that hold a rune token.
func (s *State) runeAreas() areaSet {
	var out areaSet
	for i := 0; i < int(s.nrunes); i++ {
		if s.runes[i].area != noArea {
			out = out.with(int(s.runes[i].area))
		}
	}
	return out
}

// learnRunes lets each player see the tokens in the areas he controls
// (Runewars rules, Dragon runes: he may look at them).
func (s *State) learnRunes() {
	if s.nrunes == 0 {
		return
	}
	ctl := s.holders()
	for i := 0; i < int(s.nrunes); i++ {
		r := &s.runes[i]
		if r.area == noArea {
			continue
		}
		if c := ctl[r.area]; c >= 0 {
			r.known = r.known.With(engine.Seat(c))
		}
	}
	// ... and in the areas where his heroes stand (checklist 106).
	for h := range s.c.Heroes {
		if hf := &s.heroes[h]; hf.owner >= 0 && hf.area != noArea {
			if r := s.runeAt(int(hf.area)); r >= 0 {
				s.runes[r].known = s.runes[r].known.With(engine.Seat(hf.owner))
			}
		}
	}
}

// dragonRunes counts the dragon runes seat controls.
func (s *State) dragonRunes(seat int8) int {
	n := s.cityRunes(seat)
	if s.nrunes == 0 {
		return n
	}
	ctl := s.holders()
	for i := 0; i < int(s.nrunes); i++ {
		r := &s.runes[i]
		if r.area != noArea && r.dragon && ctl[r.area] == seat {
			n++
		}
	}
	return n
}

// cityRunes counts the dragon runes of the Alternate Cities seat controls
// (RFC; RW-R43): not rune tokens, so nothing that moves, reveals or
// discards rune tokens touches them; a city where desolation or Frost
// lies gives none (Desolation tokens; Frost).
func (s *State) cityRunes(seat int8) int {
	if !s.free {
		return 0
	}
	n := 0
	cen := s.take(-1)
	s.b.placed.each(func(a int) {
		if c := s.city[a]; c >= 0 && s.c.Cities[c].Runes > 0 && cen.ctl[a] == seat && !s.desol[a] && s.frost[a] == 0 {
			n += s.c.Cities[c].Runes
		}
	})
	return n
}
