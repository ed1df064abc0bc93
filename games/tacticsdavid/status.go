package tacticsdavid

import "skald/engine"

// The twenty Status Affects, in the order of the rule book's "Status
// Affects" and of data/statuses.yaml (a test checks the two agree).
const (
	Paralyzed = iota
	Blinded
	Poisoned
	Burned
	Frozen
	Fearful
	Crippled
	Pumped
	Silenced
	Enchanted
	Banished
	Summoned
	Dead
	Haste
	Lucky
	Enraged
	Feared
	Petrified
	Reflective
	Confused
)

// Unit types as small numbers: the Unit T. codes P, M and E.
const (
	physical = iota
	magical
	ethereal
)

var typeCodes = [3]string{"P", "M", "E"}

func typeOf(code string) uint8 {
	switch code {
	case "M":
		return magical
	case "E":
		return ethereal
	}
	return physical
}

// statusBit is the bit of status s in piece.status.
func statusBit(s int) uint32 { return 1 << uint(s) }

// has reports whether p has status s.
func (p *piece) has(s int) bool { return p.status&statusBit(s) != 0 }

// may reports whether a unit of type t may acquire status s: "Ethereal
// Units are immune" (Poisoned, Burned, Petrified), "Ethereal Units may not be
// Lucky", "Only Physical Units may be afflicted by this Status" (Crippled,
// Pumped), Magical (Silenced, Enchanted), Ethereal (Banished, Summoned)
// (seed 004, "Status Affects"). The content's statuses.yaml says which.
func (s *State) may(t uint8, status int) bool {
	return s.g.statusMay[status]&(1<<t) != 0
}

// acquire gives piece i the status st, if it may have it (seed 004,
// "Status Affects": "A Unit can be afflicted with more than one Ailment or
// Buff, but only ever one of each kind"). It reports whether the status was
// acquired.
func (s *State) acquire(i int, st int, ev *engine.Log) bool {
	p := &s.pieces[i]
	if p.has(st) || !s.may(p.utype, st) {
		return false
	}
	if p.has(Dead) && st != Dead {
		return false // a corpse takes no status (TD-28)
	}
	if st == Fearful && p.flags&fFearDiscarded != 0 {
		// "A Unit which discards their Fear Status may not acquire it
		// again in the same Turn."
		return false
	}
	if s.refused(i, st, ev) {
		return false // an ability: "may never acquire", "may not acquire a Status"
	}
	// Giant's Bread: "This Unit may Use this Item at any time to
	// immediately discard a Status Card it acquires" (item 7), used on the
	// first ailment it acquires (TD-34).
	if s.g.ailment[st] && p.items[slotExpendable] == itemGiantsBread {
		s.discardItem(i, slotExpendable)
		s.event(ev, "item.used", "%s eats the Giant's Bread and shakes off %s", s.name(i), statusWord(st))
		return false
	}
	p.status |= statusBit(st)
	s.event(ev, "status.acquired", "%s acquires the %s Status", s.name(i), statusWord(st))
	switch st {
	case Dead:
		s.die(i, ev)
		if !p.has(Dead) {
			return false // an ability or special brought it back at once
		}
	case Fearful:
		// "If a Unit who already has the Enraged Status acquires the
		// Fearful Status they must discard the Enraged Status."
		s.discard(i, Enraged, ev)
	case Enraged:
		// "If a Unit who already has the Fearful Status acquires the
		// Enraged Status they must discard the Fearful Status."
		s.discard(i, Fearful, ev)
	case Petrified:
		// "Petrified Units may not be Locked in Combat."
		s.unlock(i, ev)
		if s.eng.p == int8(i) || s.eng.q == int8(i) {
			// "The Unit is immediately Disengaged."
			s.eng.petrified = true
		}
	}
	return true
}

// discard removes status st from piece i, if it has it.
func (s *State) discard(i int, st int, ev *engine.Log) {
	p := &s.pieces[i]
	if !p.has(st) || (p.has(Dead) && st != Dead) {
		return // a corpse's statuses stay: Relentless's are permanent (TD-63)
	}
	p.status &^= statusBit(st)
	if st == Fearful {
		p.flags |= fFearDiscarded
	}
	s.event(ev, "status.discarded", "%s discards the %s Status", s.name(i), statusWord(st))
}

// die is what acquiring the Dead Status does (seed 004, "Dead": "Units who
// acquire the Dead Status immediately discard all other Status cards. Dead
// Units may not be Locked in Combat.").
func (s *State) die(i int, ev *engine.Log) {
	p := &s.pieces[i]
	p.status = statusBit(Dead)
	s.unlock(i, ev)
	if t := p.team; t >= 0 {
		// "If one of the Units within the Unit Team acquires the Dead
		// Status the Player must attempt to move the other Unit into
		// another Grid Space at their first opportunity to do so – this
		// Unit also acquires the Fearful Status if 1 D6 Roll is less than
		// 5." (seed 004, "Other Rules for Unit Teams")
		q := &s.pieces[t]
		if !q.has(Dead) {
			q.flags |= fMustLeave
			r := s.roll(int(t), 6, ev, "team partner's death", atLeastSays(5, "keeps its nerve", "acquires the Fearful Status"))
			if r < 5 {
				s.acquire(int(t), Fearful, ev)
			}
		}
	}
	s.deadHooks(i, ev) // "A: Acquiring Dead Status"
	s.checkOver(ev)    // a player's last unit died
}

// baseStrength is piece i's Base Strength Rating on side, with every rule
// that changes base ratings (seed 004): Pumped, Enchanted and Summoned "+1
// to their Base Strength Ratings"; an item's "+n to its Base Strength
// Ratings during it's Attack" or Defend (bonus); Burned "half of what they
// normally are"; a Unit in Combat Lock with its back against a Terrain
// Piece "has their Base Strength Ratings halved"; Petrified "two times their
// Base Strength Ratings". The order is rulings TD-30: additions first, then
// halvings (rounded down), then doubling. Never less than 0 ("A Unit's
// Strength Rating will never be less than 0").
func (s *State) baseStrength(i int, side int, bonus int, rangedMelee bool) int {
	return s.baseStrengthHalf(i, side, bonus, rangedMelee, false)
}

// baseStrengthHalf is baseStrength, halved once more when half is set (an
// ability's "half their Base Strength Ratings", after the additions like
// Burned). The unit's own bonuses "until Disengaged" are additions.
func (s *State) baseStrengthHalf(i int, side int, bonus int, rangedMelee, half bool) int {
	p := &s.pieces[i]
	inf := &s.info[p.prof]
	v := int(inf.str[side])
	if rangedMelee {
		// "Light Units will have a base strength of 1, Medium Units will
		// have a base strength of 2, and Heavy Units will have a base
		// strength of 3." (seed 004, "Ranged Melee Procedure")
		v = int(inf.class) + 1
	}
	return s.baseStrengthFrom(i, side, v, bonus, half)
}

// baseStrengthFrom is baseStrengthHalf from the rating v in place of the
// printed one: the Ranged Melee base, or an ability's "Attack Procedure
// with a Base Strength Rating of 1" (TD-92).
func (s *State) baseStrengthFrom(i int, side int, v int, bonus int, half bool) int {
	p := &s.pieces[i]
	if (p.has(Pumped) && p.utype == physical) || (p.has(Enchanted) && p.utype == magical) || (p.has(Summoned) && p.utype == ethereal) {
		v++
	}
	v += bonus + int(p.ab.str)
	if side == Front {
		v += int(p.ab.front)
	}
	if p.has(Burned) {
		v /= 2
	}
	if half {
		v /= 2
	}
	if p.lock >= 0 && s.backToPiece(i) {
		v /= 2
	}
	if p.has(Petrified) {
		v *= 2
	}
	if v < 0 {
		v = 0
	}
	return v
}

// backToPiece reports whether piece i's back facing is in direct grid
// space contact with a terrain piece (seed 004, "Combat Lock").
func (s *State) backToPiece(i int) bool {
	p := &s.pieces[i]
	back := (p.facing + 2) % 4
	q := s.pt(i).Add(back.Delta())
	return s.bf.Height(q) >= 1
}
