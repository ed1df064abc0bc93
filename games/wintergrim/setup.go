package wintergrim

import (
	"skald/engine"
)

// Setting up (seed 000, "Setting up the game"): "Each player rolls a
// dice, and the player who gets highest are the first to search his/her
// deck for 1 card with the word HQ written in the description ... and 2
// workers ... That player places the structure in front of him/herself,
// and the 2 workers on top of it (they are now inside it). The other
// player(s) now search their decks in a similar fashion ... The players
// shuffle and place the rest of their decks facing down."

// rollers returns the seats that must still roll: those without a roll.
func (s *State) rollers() engine.SeatSet {
	var set engine.SeatSet
	for i := int8(0); i < s.seats; i++ {
		if s.p[i].roll == 0 {
			set = set.With(engine.Seat(i))
		}
	}
	return set
}

// applyRoll rolls seat's die. When all have rolled, the highest searches
// first; players tied for the highest roll again (WG-2).
func (s *State) applyRoll(seat int8, ev *engine.Log) {
	s.p[seat].roll = int8(s.rng.D6())
	ev.Add(engine.Everyone, "setup.roll", "%s rolls %d", seatName(seat), s.p[seat].roll)
	if !s.rollers().Empty() {
		return
	}
	best, n := int8(0), 0
	for i := int8(0); i < s.seats; i++ {
		if r := s.p[i].roll; r > best {
			best, n = r, 1
		} else if r == best {
			n++
		}
	}
	if n > 1 {
		// The tied players roll again; the others are out of the race.
		for i := int8(0); i < s.seats; i++ {
			if s.p[i].roll == best {
				s.p[i].roll = 0
			} else {
				s.p[i].roll = -s.p[i].roll
			}
		}
		ev.Add(engine.Everyone, "setup.tie", "a tie at %d: those players roll again (%s)", best, ruleTie)
		return
	}
	var winner int8
	for i := int8(0); i < s.seats; i++ {
		if s.p[i].roll == best {
			winner = i
		}
		if s.p[i].roll < 0 {
			s.p[i].roll = -s.p[i].roll
		}
	}
	for k := int8(0); k < s.seats; k++ {
		s.search.order[k] = (winner + k) % s.seats
	}
	s.stage, s.search.at, s.search.step = stSearch, 0, ssHQ
	ev.Add(engine.Everyone, "setup.first", "%s rolled highest and searches first, then starts (%s)", seatName(winner), ruleSetup)
}

// searcher returns the seat searching its deck now.
func (s *State) searcher() int8 { return s.search.order[s.search.at] }

// setupHQ returns seat's HQ placed at setup, or none.
func (s *State) setupHQ(seat int8) int16 {
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.c[id].flags&fSetup != 0 && s.def(id).HQ {
			return id
		}
	}
	return none
}

// hqFits reports whether HQ definition hq can start seat's game: two
// workers of its realm in the deck, one a leader in Assassinate.
func (s *State) hqFits(seat int8, hq int) bool {
	realm := s.g.c.Cards[hq].Realm
	workers, leader := 0, false
	p := &s.p[seat]
	for _, id := range p.deck[:p.n] {
		d := s.def(id)
		if s.g.c.setupWorker(d) && d.Realm == realm {
			workers++
			leader = leader || d.Classes&Leader != 0
		}
	}
	return workers >= 2 && (s.conf.mode != ModeAssassinate || leader)
}

// workerFits reports whether worker definition w may be searched for now.
func (s *State) workerFits(seat int8, w int) bool {
	hq := s.setupHQ(seat)
	d := &s.g.c.Cards[w]
	if hq < 0 || !s.g.c.setupWorker(d) || d.Realm != s.def(hq).Realm || s.findInDeck(seat, w) < 0 {
		return false
	}
	if s.conf.mode != ModeAssassinate || d.Classes&Leader != 0 {
		return true
	}
	// Assassinate: "All players must start with atleast one marked
	// worker/leader": a first worker that is no leader leaves a leader to
	// find; a second needs the first to be one.
	if s.search.step == ssWorker2 {
		return s.markable(seat) >= 0
	}
	p := &s.p[seat]
	for _, id := range p.deck[:p.n] {
		o := s.def(id)
		if int(s.c[id].def) != w && s.g.c.setupWorker(o) && o.Realm == d.Realm && o.Classes&Leader != 0 {
			return true
		}
	}
	return false
}

// markable returns a worker/leader seat placed at setup, or none.
func (s *State) markable(seat int8) int16 {
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.c[id].flags&fSetup != 0 && s.c[id].zone == zPlay && s.def(id).Type == TypeUnit && s.def(id).Classes&Leader != 0 {
			return id
		}
	}
	return none
}

// applySearch plays one search decision of the searcher: the HQ, a worker,
// the mark or the path.
func (s *State) applySearch(a engine.Action, ev *engine.Log) {
	seat := s.searcher()
	switch a.Kind {
	case kindHQ:
		id := s.findInDeck(seat, int(a.Arg[0]))
		s.takeFromDeck(id)
		c := &s.c[id]
		s.place(id)
		c.area, c.flags = id, fSetup
		ev.Add(engine.Everyone, "setup.hq", "%s places its HQ %s#%d (%s)", seatName(seat), s.idOf(id), id, ruleSetup)
		s.search.step = ssWorker1
	case kindWorker:
		id := s.findInDeck(seat, int(a.Arg[0]))
		s.takeFromDeck(id)
		hq := s.setupHQ(seat)
		c := &s.c[id]
		s.place(id)
		c.area, c.flags = hq, fSetup
		// "the 2 workers on top of it (they are now inside it)"; a worker
		// the HQ has no room for stays outside in its area (WG-3).
		if s.fits(s.def(id), hq) {
			c.in = hq
		}
		ev.Add(engine.Everyone, "setup.worker", "%s places the worker %s#%d %s %s#%d",
			seatName(seat), s.idOf(id), id, workerPlace(c.in >= 0), s.idOf(hq), hq)
		s.search.step++
	case kindMark:
		s.c[a.Arg[0]].flags |= fMarked
		ev.Add(engine.Everyone, "setup.mark", "%s marks %s#%d: losing it loses the game (%s)",
			seatName(seat), s.idOf(a.Arg[0]), a.Arg[0], ruleAssassinate)
		s.search.step++
	case kindPath:
		id := s.findInDeck(seat, int(a.Arg[0]))
		s.takeFromDeck(id)
		c := &s.c[id]
		s.place(id)
		c.area, c.flags = id, fConquer
		ev.Add(engine.Everyone, "setup.path", "%s puts the path %s#%d into play (%s)", seatName(seat), s.idOf(id), id, ruleConquer)
		s.search.step++
	}
	if s.search.step == ssMark && s.conf.mode != ModeAssassinate {
		s.search.step++
	}
	if s.search.step == ssPath && s.conf.mode != ModeConquer {
		s.search.step++
	}
	if s.search.step <= ssPath {
		return
	}
	s.search.at++
	s.search.step = ssHQ
	if int(s.search.at) < int(s.seats) {
		return
	}
	// "The players shuffle and place the rest of their decks facing down."
	for k := int8(0); k < s.seats; k++ {
		s.shuffle(s.search.order[k], ev)
	}
	s.stage = stPlay
	s.startTurn(s.search.order[0], ev)
}

// legalSearch appends the searcher's choices.
func (s *State) legalSearch(seat int8, buf []engine.Action) []engine.Action {
	a := engine.Action{Seat: engine.Seat(seat)}
	switch s.search.step {
	case ssHQ:
		a.Kind = kindHQ
		s.eachDeckDef(seat, func(def int) {
			if s.g.c.Cards[def].HQ && s.hqFits(seat, def) {
				a.Arg[0] = int16(def)
				buf = append(buf, a)
			}
		})
	case ssWorker1, ssWorker2:
		a.Kind = kindWorker
		s.eachDeckDef(seat, func(def int) {
			if s.workerFits(seat, def) {
				a.Arg[0] = int16(def)
				buf = append(buf, a)
			}
		})
	case ssMark:
		a.Kind = kindMark
		for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
			if s.c[id].flags&fSetup != 0 && s.c[id].zone == zPlay && s.def(id).Type == TypeUnit && s.def(id).Classes&Leader != 0 {
				a.Arg[0] = id
				buf = append(buf, a)
			}
		}
	case ssPath:
		a.Kind = kindPath
		s.eachDeckDef(seat, func(def int) {
			if d := &s.g.c.Cards[def]; d.Type == TypePath && !d.Sea {
				a.Arg[0] = int16(def)
				buf = append(buf, a)
			}
		})
	}
	return buf
}

// eachDeckDef calls f once for each definition in seat's deck, in order of
// definition.
func (s *State) eachDeckDef(seat int8, f func(def int)) {
	var seen [maxDefs + 6]bool
	p := &s.p[seat]
	for _, id := range p.deck[:p.n] {
		seen[s.c[id].def] = true
	}
	for def, ok := range seen {
		if ok {
			f(def)
		}
	}
}

// checkSearch returns why a search decision is not legal now, or nil.
func (s *State) checkSearch(a engine.Action) error {
	seat := s.searcher()
	if int8(a.Seat) != seat {
		return engine.Illegal(ruleSetup, "%s searches its deck now; %s waits (the highest roll searches first)", seatNames[seat], seatNames[a.Seat])
	}
	want := [...]uint8{ssHQ: kindHQ, ssWorker1: kindWorker, ssWorker2: kindWorker, ssMark: kindMark, ssPath: kindPath}[s.search.step]
	if a.Kind != want {
		return engine.Illegal(ruleSetup, "now %s", [...]string{"the HQ: hq NAME", "a worker: worker NAME", "a second worker: worker NAME", "the marked worker/leader: mark CARD", "a non-sea path: path NAME"}[s.search.step])
	}
	def := int(a.Arg[0])
	switch a.Kind {
	case kindHQ:
		if def < 0 || def >= len(s.g.c.Cards) || !s.g.c.Cards[def].HQ {
			return engine.Illegal(ruleSetup, "search for 1 card with the word HQ written in the description")
		}
		if s.findInDeck(seat, def) < 0 {
			return engine.Illegal(ruleSetup, "no %s in %s's deck", s.g.c.Cards[def].Name, seatNames[seat])
		}
		if !s.hqFits(seat, def) {
			return engine.Illegal(ruleSetup, "the deck has not two workers of the HQ's realm to go with it")
		}
	case kindWorker:
		if def < 0 || def >= len(s.g.c.Cards) || !s.g.c.setupWorker(&s.g.c.Cards[def]) {
			return engine.Illegal(ruleSetup, "search for workers with the text \"Req: Vanheim (or) Asheim structure\"")
		}
		if s.findInDeck(seat, def) < 0 {
			return engine.Illegal(ruleSetup, "no %s left in %s's deck", s.g.c.Cards[def].Name, seatNames[seat])
		}
		if s.g.c.Cards[def].Realm != s.def(s.setupHQ(seat)).Realm {
			return engine.Illegal(ruleSetup, "choose two workers of the same realm as the HQ (Wintergrim rules, Card types: HQ)")
		}
		if !s.workerFits(seat, def) {
			return engine.Illegal(ruleAssassinate, "all players must start with at least one marked worker/leader")
		}
	case kindMark:
		id := a.Arg[0]
		if id < 0 || id >= s.n() || owner(id) != seat || s.c[id].flags&fSetup == 0 || s.def(id).Type != TypeUnit || s.def(id).Classes&Leader == 0 {
			return engine.Illegal(ruleAssassinate, "mark one of your two starting workers that is a worker/leader")
		}
	case kindPath:
		if def < 0 || def >= len(s.g.c.Cards) || s.g.c.Cards[def].Type != TypePath || s.g.c.Cards[def].Sea {
			return engine.Illegal(ruleConquer, "all players put 1 non-sea path each into play")
		}
		if s.findInDeck(seat, def) < 0 {
			return engine.Illegal(ruleConquer, "no %s in %s's deck", s.g.c.Cards[def].Name, seatNames[seat])
		}
	}
	return nil
}
