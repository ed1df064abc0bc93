package wintergrim

import (
	"skald/engine"
)

// The turn (seed 000, "The 4 phases of a turn: 1: Start, 2: Move, 3:
// Attack, 4: End. ALWAYS: Summarize Food"). A player never goes back to an
// earlier phase ("She can't go back to any of the previous phases"); an
// action of a later phase enters it (WG-5).

// startTurn begins seat's turn in its start phase: its units may move and
// attack again, and sicknesses bite.
func (s *State) startTurn(seat int8, ev *engine.Log) {
	s.active, s.phase, s.ended, s.berserk = seat, phStart, false, none
	s.turn++
	s.p[seat].turns++
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		c := &s.c[id]
		c.moves = 0
		c.flags &^= fAttacked | fUsed
	}
	ev.Add(engine.Everyone, "turn", "turn %s: %s's turn %s begins; start phase",
		(*number)(&s.turn), seatName(seat), (*number)(&s.p[seat].turns))
	// A sickness on a unit: "on its owner's start phase it takes 1 damage"
	// (Marsh Fever; seed 000, Sickness: "stays on a unit").
	for k := int16(0); k < s.n(); k++ {
		if s.c[k].zone != zOn || s.def(k).Mods.Fever == 0 {
			continue
		}
		u := s.c[k].area
		if owner(u) != seat || s.c[u].zone != zPlay {
			continue
		}
		s.c[u].dmg += s.def(k).Mods.Fever
		ev.Add(engine.Everyone, "sickness", "%s's %s#%d suffers from %s: %d damage",
			seatName(owner(u)), s.nameOf(u), u, s.nameOf(k), s.def(k).Mods.Fever)
		if s.health(u) <= 0 {
			s.defeat(u, -1, ev)
		}
	}
}

// enterPhase moves the active player on to phase ph. Leaving the start
// phase, a weather card of the active player whose start-phase roll was
// not made is removed (seed 000, the Rain: "You may roll 2 dice. If not,
// or no dice show 4+, remove this card").
func (s *State) enterPhase(ph uint8, ev *engine.Log) {
	if ph <= s.phase {
		return
	}
	if s.phase == phStart {
		s.leaveStart(ev)
	}
	s.phase = ph
	ev.Add(engine.Everyone, "phase", "%s is in the %s phase", seatName(s.active), phaseName(ph))
}

func (s *State) leaveStart(ev *engine.Log) {
	w := s.weather
	if w >= 0 && owner(w) == s.active && s.c[w].flags&fUsed == 0 {
		s.toRemoved(w)
		ev.Add(engine.Everyone, "weather.gone", "%s did not roll for %s#%d: it is removed (%s)",
			seatName(s.active), s.idOf(w), w, ruleWeather)
	}
}

// useStart plays a start-phase text of card id: a structure's draw, or a
// weather's roll to stay (seed 000, "1: Start": "Some structures and
// weather cards have the text "On your start phase, you may ...""; WG-4).
func (s *State) useStart(id int16, ev *engine.Log) {
	s.c[id].flags |= fUsed
	d := s.def(id)
	if d.Draws {
		// "draw one card for each worker inside this structure" (the Cabin).
		k := s.workersInside(id)
		ev.Add(engine.Everyone, "start.draw", "%s#%d: %s inside, draw %d", s.idOf(id), id, workerCount(k), k)
		s.draw(owner(id), k, ev)
		return
	}
	// The weather's roll: 2 dice, one 4+ keeps it.
	hits, _ := s.roll(&s.rolls[0], 2, 4)
	if hits > 0 {
		ev.Add(engine.Everyone, "weather.stays", "%s rolls %s for %s#%d: it stays (one 4+ needed)", seatName(owner(id)), &s.rolls[0], s.idOf(id), id)
		return
	}
	s.toRemoved(id)
	ev.Add(engine.Everyone, "weather.gone", "%s rolls %s for %s#%d: no 4+, it is removed (one 4+ needed)", seatName(owner(id)), &s.rolls[0], s.idOf(id), id)
}

// canUse returns why seat may not use card id's start-phase text now.
func (s *State) canUse(seat int8, id int16) error {
	if s.phase != phStart {
		return engine.Illegal(rulePhases, "start-phase texts are used in the start phase; %s is in the %s phase", seatNames[seat], phaseNames[s.phase])
	}
	if id < 0 || id >= s.n() || owner(id) != seat || s.c[id].zone != zPlay {
		return engine.Illegal(ruleStart, "use a card of yours in play")
	}
	d := s.def(id)
	if !d.Draws && !(d.Type == TypeWeather && s.weather == id) {
		return engine.Illegal(ruleStart, "%s has nothing to do on your start phase", d.Name)
	}
	if s.c[id].flags&fUsed != 0 {
		return engine.Illegal(ruleStart, "%s has been used this turn", s.ref(id))
	}
	if d.Draws && s.workersInside(id) == 0 {
		return engine.Illegal(ruleStart, "no worker of yours inside %s to draw for", s.ref(id))
	}
	if d.Draws && s.p[seat].n == 0 {
		return engine.Illegal(ruleDeckEmpty, "your deck is empty: you can't draw more cards")
	}
	return nil
}

// endTurn is the active player declaring its turn over. The other players
// may still answer with tactics before the next turn begins (WG-6).
func (s *State) endTurn(ev *engine.Log) {
	if s.phase == phStart {
		s.leaveStart(ev)
	}
	s.ended = true
	s.berserk = none
	ev.Add(engine.Everyone, "turn.end", "%s declares its turn over", seatName(s.active))
	s.openWindow(trigEndTurn, s.active, none, none)
}

// finishTurn closes the turn: a Net Trap holds one turn less, War Horns
// fall silent, Conquer is checked, and the next player starts.
func (s *State) finishTurn(ev *engine.Log) {
	seat := s.active
	for id := int16(0); id < s.n(); id++ {
		c := &s.c[id]
		if owner(id) == seat && c.stuck > 0 {
			c.stuck--
		}
		c.boost = 0
	}
	s.ended = false
	next := seat
	for {
		next = (next + 1) % s.seats
		if !s.p[next].out || next == seat {
			break
		}
	}
	if s.checkConquer(next, ev) {
		return
	}
	if s.p[next].turns >= int16(s.conf.turns) {
		s.finish(0, "every player has played its "+itoa(s.conf.turns)+" turns: a draw ("+ruling("WG-40")+")", ev)
		return
	}
	s.startTurn(next, ev)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [12]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
