package wintergrim

import (
	"skald/engine"
)

// Game modes (seed 000, "Game modes": "Choose a game mode to play").
const (
	ModeDestroy     = iota // "Defeat your opponent until he/she has no HQ left."
	ModeAssassinate        // "When a player looses that leader, he/she looses the game."
	ModeConquer            // "The player who control these paths, win."
	ModeEnslave            // "The player to first have 2 captured units wins."
	numModes
)

var modeNames = [numModes]string{"destroy", "assassinate", "conquer", "enslave"}

// enslaveCaptures is how many captured units win Enslave (seed 000).
const enslaveCaptures = 2

// alive returns the seats still in the game.
func (s *State) alive() engine.SeatSet {
	var set engine.SeatSet
	for i := 0; i < int(s.seats); i++ {
		if !s.p[i].out {
			set = set.With(engine.Seat(i))
		}
	}
	return set
}

// hasHQ reports whether seat has a card with "HQ" in its description in
// play (seed 000, Destroy: "until he/she has no HQ left").
func (s *State) hasHQ(seat int8) bool {
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.c[id].zone == zPlay && s.def(id).HQ {
			return true
		}
	}
	return false
}

// markedAlive reports whether seat's marked worker/leader is still in play
// (seed 000, Assassinate; WG-40).
func (s *State) markedAlive(seat int8) bool {
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.c[id].flags&fMarked != 0 {
			return s.c[id].zone == zPlay
		}
	}
	return false
}

// captures returns how many units are in seat's captured-pile.
func (s *State) captures(seat int8) int {
	n := 0
	for id := int16(0); id < s.n(); id++ {
		if s.c[id].zone == zCaptured && s.c[id].holder == seat {
			n++
		}
	}
	return n
}

// checkEnd ends the game when the mode says so, and reports whether it is
// over. Players who lost are out; the last one left wins.
func (s *State) checkEnd(ev *engine.Log) bool {
	if s.stage == stOver {
		return true
	}
	if s.stage != stPlay {
		return false
	}
	in := s.alive() // the players in before any goes out now
	switch s.conf.mode {
	case ModeEnslave:
		// seed 000, Enslave: "The player to first have 2 captured units wins."
		for i := int8(0); i < s.seats; i++ {
			if !s.p[i].out && s.captures(i) >= enslaveCaptures {
				s.finish(engine.Seats(engine.Seat(i)), seatNames[i]+" has captured 2 units ("+ruleEnslave+")", ev)
				return true
			}
		}
		return false
	case ModeDestroy, ModeAssassinate:
		for i := int8(0); i < s.seats; i++ {
			if s.p[i].out {
				continue
			}
			if s.conf.mode == ModeDestroy && !s.hasHQ(i) {
				s.p[i].out = true
				ev.Add(engine.Everyone, "player.out", "%s has no HQ left and is defeated (%s)", seatName(i), ruleDestroy)
			}
			if s.conf.mode == ModeAssassinate && !s.markedAlive(i) {
				s.p[i].out = true
				ev.Add(engine.Everyone, "player.out", "%s has lost its marked leader and is defeated (%s)", seatName(i), ruleAssassinate)
			}
		}
	}
	alive := s.alive()
	switch alive.Len() {
	case 0:
		s.finish(in, "every player is defeated at once: a draw", ev)
		return true
	case 1:
		w := alive.First()
		reason := seatNames[w] + " is the last player standing ("
		if s.conf.mode == ModeDestroy {
			reason += ruleDestroy + ")"
		} else {
			reason += ruleAssassinate + ")"
		}
		s.finish(alive, reason, ev)
		return true
	}
	return false
}

// controls reports whether seat controls path id: it has a unit there and
// no other player has (WG-40).
func (s *State) controls(seat int8, path int16) bool {
	mine := false
	for id := int16(0); id < s.n(); id++ {
		if s.c[id].zone == zPlay && s.c[id].area == path && s.def(id).Type == TypeUnit {
			if owner(id) != seat {
				return false
			}
			mine = true
		}
	}
	return mine
}

// checkConquer ends a Conquer game when seat, whose turn begins, controls
// every path put into play at setup: it has held them through every other
// player's turn (seed 000, Conquer: "The player who control these paths,
// win"; WG-40).
func (s *State) checkConquer(seat int8, ev *engine.Log) bool {
	if s.conf.mode != ModeConquer || s.p[seat].out {
		return false
	}
	paths := false
	for id := int16(0); id < s.n(); id++ {
		if s.c[id].flags&fConquer != 0 {
			paths = true
			if s.c[id].zone != zPlay || !s.controls(seat, id) {
				return false
			}
		}
	}
	if !paths {
		return false
	}
	s.finish(engine.Seats(engine.Seat(seat)), seatNames[seat]+" has held every path put into play at setup for a round ("+ruleConquer+")", ev)
	return true
}

// finish ends the game won by winners; none is a draw between the players
// still in. Wintergrim counts no points: every mode names a winner only
// (seed 000, "Game modes"), so a winner scores 1 and takes first place,
// and every other player scores 0 and shares the next place. A player who
// is out has lost (WG-40): in a draw with three or four players, the
// players still in share first place and the win, and those out are
// behind them; a draw of every player places each first.
func (s *State) finish(winners engine.SeatSet, reason string, ev *engine.Log) {
	if winners.Empty() {
		winners = s.alive()
	}
	if n := winners.Len(); n > 1 && n < int(s.seats) {
		reason += ", between the players still in: those out have lost"
	}
	s.stage = stOver
	s.result = engine.Won(int(s.seats), winners, reason)
	ev.Add(engine.Everyone, "game.over", "%s", (*endReason)(&s.result))
}
