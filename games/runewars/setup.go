package runewars

import "skald/engine"

// setup deals the setup quests' tiles and shuffles the decks (Runewars
// rules, Setup): each player then lays tiles in turn.
func (s *State) setup() {
	c := s.c
	s.b = newBoard()
	s.winner = -1
	for t := range s.titleBy {
		s.titleBy[t] = -1 // face up, held by no one (Acquire Power)
	}
	for i := range s.city {
		s.city[i] = -1
	}
	for i := range s.keeps {
		s.keeps[i].owner = -1
	}
	for i := range s.victoryOn {
		s.victoryOn[i] = -1
	}
	for i := range s.heroes {
		s.heroes[i] = heroFig{owner: -1, area: noArea}
	}
	for i := range s.qAt {
		s.qAt[i] = qOut
	}
	s.prepareObjectives(false) // shuffled when the heroes are dealt (Setup 7)
	s.qph.hero = -1
	for p := 0; p < int(s.n); p++ {
		pl := &s.players[p]
		f := &c.Factions[p]
		pl.faction = int8(p)
		for r := range pl.dials {
			pl.dials[r] = int8(f.Dials[r])
		}
		// Setup 4: the faction's Influence and a Tactics card (RW-R20).
		pl.influence = int16(f.Influence)
		pl.victory = -1
		pl.runeHand = [2]int8{1, 1}
	}
	// Setup ¶: two setup quests, and their tiles, to each player.
	tiles := make([]int, c.NumQuest)
	for i := range tiles {
		tiles[i] = i
	}
	s.rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
	for p := 0; p < int(s.n); p++ {
		s.tileHand[p] = [2]int8{int8(tiles[2*p]), int8(tiles[2*p+1])}
	}
	// The season decks and the fate deck, shuffled.
	for se := 0; se < seasonsCount; se++ {
		s.shuffleSeason(se)
	}
	for i := range c.Fate {
		s.fate[i] = int8(i)
	}
	s.nfate = int8(len(c.Fate))
	s.shuffleFate()
	// Setup 4: a Tactics card each, from the shuffled deck (RW-R20).
	s.prepareTactics(true)
	for p := int8(0); p < s.n; p++ {
		s.drawTactics(p, 1)
	}
	s.stage = stTiles
	s.turn = 0
	// LC: the first player holds tile 12 with his setup tiles (RW-R41).
	s.lostHand = -1
	if s.lost {
		s.lostHand = 0
	}
}

// shuffleSeason makes season se's deck of all its cards, shuffled (Limits
// 1: an exhausted deck is reshuffled).
func (s *State) shuffleSeason(se int) {
	n := 0
	for i := range s.c.Seasons {
		if s.c.Seasons[i].Season == se && n < maxSeasonCards {
			s.decks[se][n] = int8(i)
			n++
		}
	}
	s.ndeck[se] = int8(n)
	d := &s.decks[se]
	s.rng.Shuffle(n, func(i, j int) { d[i], d[j] = d[j], d[i] })
}

func (s *State) shuffleFate() {
	f := &s.fate
	s.rng.Shuffle(int(s.nfate), func(i, j int) { f[i], f[j] = f[j], f[i] })
}

// lay lays tile t at p and moves setup on: the quest tiles one at a time
// clockwise from the first player, then the home realms (Setup ¶, 1).
func (s *State) lay(t int, p placement) {
	s.b = s.b.with(s.c, t, p)
	s.setupStep++
	if s.stage == stTiles {
		for i, h := range s.tileHand[s.turn] {
			if int(h) == t {
				s.tileHand[s.turn][i] = -1
			}
		}
		if t == s.c.LostTile {
			s.lostHand = -1
		}
		if int(s.setupStep) == 2*int(s.n)+b2i(s.lost) {
			s.stage, s.turn, s.setupStep = stHomes, 0, 0
			return
		}
		s.turn = (s.turn + 1) % s.n
		return
	}
	if int(s.setupStep) < int(s.n) {
		s.turn++
		return
	}
	s.populate()
	// Setup 2: runes from the first player counter-clockwise.
	s.stage, s.setupStep = stRunes, 0
	s.turn = s.runeTurn(0)
}

// runeTurn is the seat placing the k-th setup rune: the first player,
// then counter-clockwise, twice round, one token per turn (RW-R4).
func (s *State) runeTurn(k int) int8 {
	return int8((int(s.n) - k%int(s.n)) % int(s.n))
}

// populate puts the neutral units on their areas and a city token, drawn
// at random, face up on every city space (Setup 3).
func (s *State) populate() {
	c := s.c
	tokens := make([]int, c.NumCities) // not the Lost City's (RW-D16)
	for i := range tokens {
		tokens[i] = i
	}
	if s.free {
		// RFC: the Alternate City tokens instead (RW-D17).
		tokens = tokens[:0]
		for i := 0; i < c.NumFree; i++ {
			tokens = append(tokens, c.FreeFirst+i)
		}
	}
	s.rng.Shuffle(len(tokens), func(i, j int) { tokens[i], tokens[j] = tokens[j], tokens[i] })
	next := 0
	s.b.placed.each(func(a int) {
		ar := &c.Areas[a]
		if ar.City {
			s.city[a] = int8(tokens[next])
			next++
		}
		for _, uc := range ar.Neutrals {
			for i := 0; i < uc.N; i++ {
				s.addFig(uc.Unit, -1, a)
			}
		}
	})
}

// setupRune places seat's dragon or false rune on a (Setup 2).
func (s *State) setupRune(dragon bool, a int) {
	pl := &s.players[s.turn]
	if dragon {
		pl.runeHand[0] = 0
	} else {
		pl.runeHand[1] = 0
	}
	s.addRune(a, dragon, engine.Seats(engine.Seat(s.turn)))
	s.setupStep++
	if int(s.setupStep) < 2*int(s.n) {
		s.turn = s.runeTurn(int(s.setupStep))
		return
	}
	// Setup 5: strongholds and starting units, clockwise from the first.
	s.stage, s.turn = stKeep, 0
}

// setupKeep places seat's stronghold on a home realm area; its starting
// units follow (Setup 5).
func (s *State) setupKeep(a int) {
	s.keeps[a] = keep{owner: s.turn}
	s.touch()
	pl := &s.players[s.turn]
	pl.nPlace = 0
	for _, uc := range s.c.Factions[pl.faction].Start {
		for i := 0; i < uc.N; i++ {
			pl.toPlace[pl.nPlace] = uint8(uc.Unit)
			pl.nPlace++
		}
	}
	s.stage = stStart
}

// setupPlace puts one starting unit; when the last player has placed his
// last unit the first year begins.
func (s *State) setupPlace(u, a int, l *engine.Log) {
	s.takePlace(s.turn, u)
	s.addFig(u, s.turn, a)
	if s.players[s.turn].nPlace > 0 {
		return
	}
	// Setup 3, 6: the quest deck, two quests each and a hero, placed in
	// his realm.
	if s.turn == 0 {
		s.prepareHeroes(l)
		s.prepareObjectives(true)
		if s.cmds {
			s.prepareCommanders() // CMD-SETUP
		}
	}
	// Setup 7: one objective of his alignment, face down.
	s.drawObjective(s.turn, l)
	if s.dealHero(s.turn, l) {
		if s.cmds {
			s.dealHero(s.turn, l) // CMD-SETUP: two heroes (checklist 126)
		}
		s.stage = stHero
		return
	}
	s.nextSetupPlayer(l)
}

// nextSetupPlayer moves setup to the next player's stronghold, or begins
// the first year once the last player is set up.
func (s *State) nextSetupPlayer(l *engine.Log) {
	if int(s.turn)+1 < int(s.n) {
		s.turn++
		s.stage = stKeep
		return
	}
	s.year, s.season = 1, 0
	s.learnRunes()
	s.beginSeason(l)
}

// takePlace removes one unit type u from seat's units to place.
func (s *State) takePlace(seat int8, u int) {
	pl := &s.players[seat]
	for i := 0; i < int(pl.nPlace); i++ {
		if int(pl.toPlace[i]) == u {
			copy(pl.toPlace[i:pl.nPlace], pl.toPlace[i+1:pl.nPlace])
			pl.nPlace--
			return
		}
	}
}

// homeAreas returns the areas of seat's home realm.
func (s *State) homeAreas(seat int8) areaSet {
	var out areaSet
	for _, a := range s.c.Tiles[s.c.Homes[s.players[seat].faction]].Areas {
		if s.b.placed.has(a) {
			out = out.with(a)
		}
	}
	return out
}
