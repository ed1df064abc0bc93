package tacticsdavid

import "skald/engine"

// Abilities of attacking (group D1): attacking twice (Beast Whisperer),
// after moving (Reckless), and choosing the unit of a Unit Team
// (Circumvent).

func init() {
	// 028 Beast Whisperer, "All (Not with Dead Status)": "Allied Units
	// within 3 Grid Spaces of this Unit who are of the Pup Root may perform
	// an Attack and any resulting Duel Procedure twice in their Combat
	// Phase. This Ability is not accumulative with other Units who possess
	// it." (attackAgain; TD-144)
	registerRule(abBeastWhisperer)
	ruled(abBeastWhisperer, "TD-144")

	// 046 Reckless, "All": "This Unit may perform an Attack Procedure in the
	// Combat Phase even if having moved in the Movement Phase." (canAttack,
	// legalAttacks: a Ranged Attack after moving; TD-149)
	registerRule(abReckless)
	ruled(abReckless, "TD-149")

	// 172 Circumvent, "B: Attack Pro.": "When this Unit Attacks a Unit Team
	// it may choose which Unit to Attack in its next Attack Procedure."
	// (canAttack, declaring; TD-145)
	registerRule(abCircumvent)
	ruled(abCircumvent, "TD-145")
}

// attackAgain reports whether engaged piece i (member k), having attacked,
// may attack once more: it is of the Pup Root, near an allied Beast
// Whisperer, and has not yet (TD-144).
func (s *State) attackAgain(i, k int) bool {
	return !s.eng.again[k] && s.present.has(abBeastWhisperer) && s.info[s.pieces[i].prof].pup && s.whisperer(i) >= 0
}

// whisperer returns the first allied holder of Beast Whisperer within 3
// grid spaces of piece i, or -1: one, however many there are.
func (s *State) whisperer(i int) int {
	for h := range s.pieces {
		if s.hasAb(h, abBeastWhisperer) && s.nearAlly(h, i, 3) {
			return h
		}
	}
	return -1
}

// fireAgain fires Beast Whisperer for piece i's second attack.
func (s *State) fireAgain(i int, ev *engine.Log) {
	if h := s.whisperer(i); h >= 0 {
		s.fire(h, abBeastWhisperer, ev, "%s attacks a second time", s.name(i))
	}
}

// declaring fires the abilities a declared attack uses: Reckless (a
// Ranged Attack after moving) and Circumvent (a unit of a Unit Team the
// rules would not let it choose). It reports whether the attacker chose
// the unit of a Unit Team a Ranged Attack strikes.
func (s *State) declaring(a attack, ev *engine.Log) bool {
	i, t := int(a.attacker), int(a.target)
	if a.kind == attackRanged && s.eng.moved && s.hasAb(i, abReckless) {
		s.fire(i, abReckless, ev, "shoots although it moved")
	}
	if !s.hasAb(i, abCircumvent) {
		return false
	}
	m := int(s.pieces[t].team)
	if m < 0 || !s.alive(m) {
		return false
	}
	if a.kind == attackRanged {
		s.fire(i, abCircumvent, ev, "chooses to shoot %s of the Unit Team", s.name(t))
		return true
	}
	if e := s.exposed(t, (s.pieces[i].facing+2)%4); e >= 0 && e != t {
		s.fire(i, abCircumvent, ev, "reaches around to attack %s of the Unit Team", s.name(t))
	}
	return false
}
