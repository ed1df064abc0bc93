package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Abilities of the Escape Procedure (group D1): On The Run, Shed, Ink
// Shot. They act in the Escape Procedure although "neither Unit may use
// Abilities or Specials that take place before, after, or during an Attack
// or Defend Procedure": theirs take place before or during the Escape
// Procedure itself (TD-140).

func init() {
	// 016 On The Run, "B: Escape Pro.": "If 1 D6 Roll is greater than or
	// equal to 2 this Unit automatically wins the next Escape Procedure."
	// The next is the one it begins now (TD-140).
	register(abOnTheRun, abilityHooks{escape: func(s *State, b *bout, h int, ev *engine.Log) {
		if h != int(b.a.attacker) || b.win == 1 {
			return
		}
		s.fire(h, abOnTheRun, ev, "makes a run for it")
		if s.rollFor(h, abOnTheRun, 6, ev, atLeast(2)) >= 2 {
			b.win = 1
			s.event(ev, "ability", "%s wins the Escape Procedure without a fight", s.name(h))
		}
	}})
	ruled(abOnTheRun, "TD-140", "TD-158")

	// 127 Shed, "D: Escape Pro.": "This Unit automatically wins its Escape
	// Procedure and may, once moving to another Grid Space, leave a Marker
	// where it had been. The Enemy Unit is still considered to be in Combat
	// Lock with this Marker. The Marker is removed if it is Attacked. A
	// Unit performing an Escape Procedure while in Combat Lock with this
	// Marker automatically wins." (escaped, escapeMarker, skinsAttacked;
	// TD-139)
	register(abShed, abilityHooks{
		escape: func(s *State, b *bout, h int, ev *engine.Log) {
			if h != int(b.a.attacker) {
				return
			}
			b.win = 1
			s.fire(h, abShed, ev, "slips out of its skin")
		},
		// A Snake that does not move away leaves no skin.
		disengage: func(s *State, h, u int, ev *engine.Log) {
			if h != u {
				return
			}
			sq := int16(int(s.pieces[h].y)*s.bf.W + int(s.pieces[h].x))
			for _, mk := range s.marks {
				if int(mk.kind) == abShed && int(mk.by) == h && mk.sq == sq && mk.held >= 0 {
					s.event(ev, "ability", "%s did not move away: it leaves no skin", s.name(h))
					s.freeFromSkin(int(mk.held), ev)
					return
				}
			}
		},
	})
	ruled(abShed, "TD-139", "TD-140")

	// 135 Ink Shot, "D: Escape Pro.": "This Unit automatically wins its
	// Escape Procedure and Enemy Units in Direct Grid Space contact with
	// this Unit acquire the Blinded Status."
	register(abInkShot, abilityHooks{escape: func(s *State, b *bout, h int, ev *engine.Log) {
		if h != int(b.a.attacker) {
			return
		}
		b.win = 1
		s.fire(h, abInkShot, ev, "squirts ink and escapes")
		for j := range s.pieces {
			if !s.allies(h, j) && s.alive(j) && adjacent(s.pt(h), s.pt(j)) {
				s.inflict(h, abInkShot, j, Blinded, ev)
			}
		}
	}})
	ruled(abInkShot, "TD-140")
}

// escaped follows an Escape Procedure won without the duel: a Shed unit
// leaves its skin on its grid space, and the enemy stays Locked in Combat
// with it (its lock names itself: TD-139).
func (s *State) escaped(b *bout, ev *engine.Log) {
	h, o := int(b.a.attacker), b.d
	if !s.hasAb(h, abShed) || !s.alive(o) || s.pieces[o].lock >= 0 {
		return
	}
	s.setLock(o, int8(o))
	sq := int16(int(s.pieces[h].y)*s.bf.W + int(s.pieces[h].x))
	s.marks = append(s.marks, mark{sq: sq, kind: abShed, by: int8(h), held: int8(o)})
	s.markBy(h)
	s.fire(h, abShed, ev, "leaves its skin behind: %s is still Locked in Combat with it", s.name(o))
}

// skin returns the index in s.marks of the Shed skin piece i is Locked in
// Combat with, or -1.
func (s *State) skin(i int) int {
	for k, mk := range s.marks {
		if int(mk.kind) == abShed && int(mk.held) == i {
			return k
		}
	}
	return -1
}

// escapeMarker is the Escape Procedure of piece i from a Shed skin: "A
// Unit performing an Escape Procedure while in Combat Lock with this
// Marker automatically wins."
func (s *State) escapeMarker(i int, ev *engine.Log) bool {
	s.event(ev, "escape", "%s attempts to escape the Combat Lock with a shed skin", s.name(i))
	if k := s.skin(i); k >= 0 {
		s.fire(int(s.marks[k].by), abShed, ev, "%s escapes the empty skin", s.name(i))
	}
	s.unlock(i, ev)
	s.eng.escaped = true
	s.event(ev, "escape.won", "%s escapes", s.name(i))
	return true
}

// attacksSkin reports whether attack a's Area of Attack covers the grid
// space of the Shed skin its attacker is Locked in Combat with: such an
// attack attacks the marker ("The Marker is removed if it is Attacked"),
// and so the other of the lock (TD-139, TD-157).
func (s *State) attacksSkin(a attack) bool {
	i := int(a.attacker)
	k := s.skin(i)
	if k < 0 {
		return false
	}
	sq := int(s.marks[k].sq)
	at := battlefield.Point{X: sq % s.bf.W, Y: sq / s.bf.W}
	ar, anchor := s.area(i), s.pt(i)
	switch a.kind {
	case attackRangedMelee:
		ar = s.g.areas["MA"]
	case attackRanged:
		anchor = s.pt(int(a.target))
	}
	return ar.Hit(anchor, s.pieces[i].facing, at)
}

// freeFromSkin ends piece i's Combat Lock with its Shed skin and removes
// the skin.
func (s *State) freeFromSkin(i int, ev *engine.Log) {
	if s.pieces[i].lock == int8(i) {
		s.unlock(i, ev) // drops the skin
	}
	if k := s.skin(i); k >= 0 {
		s.marks = append(s.marks[:k], s.marks[k+1:]...)
	}
}

// dropSkin removes the Shed skin piece i was Locked in Combat with (its
// lock has ended).
func (s *State) dropSkin(i int, ev *engine.Log) {
	if k := s.skin(i); k >= 0 {
		s.marks = append(s.marks[:k], s.marks[k+1:]...)
	}
	s.event(ev, "lock.end", "%s is no longer Locked in Combat with a shed skin", s.name(i))
}

// skinsAttacked removes the Shed skins on the grid spaces an attack's
// area covers: "The Marker is removed if it is Attacked" (TD-139).
func (s *State) skinsAttacked(pts []battlefield.Point, ev *engine.Log) {
	W := s.bf.W
	for k := 0; k < len(s.marks); k++ {
		mk := s.marks[k]
		if int(mk.kind) != abShed || mk.held < 0 {
			continue
		}
		for _, p := range pts {
			if int(mk.sq) == p.Y*W+p.X {
				s.fire(int(mk.by), abShed, ev, "the skin is attacked and falls away")
				s.freeFromSkin(int(mk.held), ev)
				k = -1 // the marks changed: look again
				break
			}
		}
	}
}
