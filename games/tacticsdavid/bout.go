package tacticsdavid

import "skald/games/tacticsdavid/battlefield"

// bout is one Attack Procedure against one Defend Procedure and the Duel
// Procedures that follow (seed 004, "Attack Procedure", "Defend
// Procedure", "Duel Procedure"), with what abilities change in it. The
// abilities' bout and aura hooks fill in its modifiers before any die is
// rolled; its results are there for the after hooks.
type bout struct {
	a      attack
	d      int   // the defender
	side   int   // the defender's side the attack strikes
	atype  uint8 // the attack's type (Assassinate changes it)
	dtype  uint8 // the defender's Unit Type in this bout (Blob Wall, Chimaeric Reaction)
	escape bool  // an Escape Procedure: "neither Unit may use Abilities or Specials"
	noDuel bool  // "may not enter the Duel Procedure as a result of this Attack"
	cancel bool  // the attack on this defender does not happen
	win    int8  // 0, or who wins whatever the dice: 1 the attacker, 2 the defender (Outsmart)
	duelW  int8  // 0, or who wins any Duel Procedure (Parry)
	noLock bool  // the defender "is not considered to be in Combat Lock" (Outsmart)
	mod    [2]mods

	// noDuelA: the attacker's result may not start a Duel Procedure, the
	// defender's may (Autofire: "may not start a Duel Procedure, but a
	// Defending Unit may start it").
	noDuelA bool

	// Results, for the after hooks.
	at, df  int     // the final attacking and defending strengths
	rounds  int     // Duel Procedures performed
	won     bool    // the attacker won
	killed  bool    // the defender acquired the Dead Status by it
	high    [2]int8 // the highest die each rolled in its first roll
	immune  bool    // won, but Physical on Ethereal could not kill
	striker int     // the unit that struck: the attacker (or the defender, for a reflected attack)
}

// mods are one side's modifiers in a bout.
type mods struct {
	base   int  // + to its Base Strength Ratings (before halving: TD-30)
	add    int  // + to its Strength Rating (after halving and doubling)
	half   bool // its Base Strength Ratings are halved (Overwhelm, Just Mud)
	d6, d3 int  // extra dice in every roll of the bout
	oneD3  int  // extra D3s in the Attack or Defend Procedure, not in its Duel Procedures (Ninjacute, Blob Wall)
	duelD6 int  // extra D6s in Duel Procedures only
	duelD3 int  // extra D3s in Duel Procedures only
	drop   int  // its lowest D6s discarded (Sure Strike)
	best   int  // roll this many D6 for its first die and keep the highest (Three Heads)
	small  bool // its base and duel D6s are D3s (Squeeze)
}

// newBout is attack a's bout against defender d on side.
func (s *State) newBout(a attack, d, side int) bout {
	return bout{a: a, d: d, side: side, atype: s.attackType(int(a.attacker)), dtype: s.pieces[d].utype, striker: int(a.attacker)}
}

// rollSide rolls side k's dice (0 the attacker, 1 the defender) for round
// (0 the Attack or Defend Procedure, n the nth Duel Procedure): "1 D6",
// "each Unit will gain 1 D6 ... each time adding 1 additional D6"; the
// defender's base die by terrain and the type table (seed 004, "Defend
// Procedure", "Terrain Types", "Unit Type/Attack Type Affects"; TD-30). It
// returns the sum, the highest sum possible, and the highest single die.
func (s *State) rollSide(b *bout, k, round int) (sum, max, high int) {
	m := &b.mod[k]
	d6 := 6
	if m.small {
		d6 = 3
	}
	var sixes [16]int // the D6s rolled, for Sure Strike
	n6 := 0
	die := func(sides int) {
		r := s.rng.Roll(sides)
		if r > high {
			high = r
		}
		sum += r
		max += sides
		if sides == 6 && n6 < len(sixes) {
			sixes[n6] = r
			n6++
		}
	}
	// The first die.
	first := d6
	extraD3 := m.d3
	if k == 1 {
		first = 6
		terrain := s.terrainOf(b.d) // Floodplains: Water
		if terrain == battlefield.Road {
			first = 4 // Road: "decrease the occupying unit's base defending roll to D4"
		}
		at, dt := b.atype, b.dtype
		switch {
		case at == physical && dt == magical, at == ethereal && dt == physical, at == magical && dt == ethereal:
			first = 3 // "Defender replaces one of their defending dice with a D3"
		case at == magical && dt == physical:
			extraD3++ // "Defender adds 1 D3 to their defending roll"
		}
		if terrain == battlefield.Water || terrain == battlefield.Forest {
			extraD3++ // "grant the Unit an extra D3 for their base defending roll"
		}
		if m.small && first > 3 {
			first = 3
		}
	}
	if m.best > 1 {
		// Three Heads: "Roll 3 D6 and discard 2 of the 3 D6": the highest
		// is the first die.
		top := 0
		for j := 0; j < m.best; j++ {
			if r := s.rng.Roll(first); r > top {
				top = r
			}
		}
		sum += top
		max += first
		if top > high {
			high = top
		}
	} else {
		die(first)
	}
	if k == 0 {
		for j := 0; j < round; j++ {
			die(d6) // the attacker's duel D6s
		}
	}
	for j := 0; j < extraD3; j++ {
		die(3)
	}
	if k == 1 {
		for j := 0; j < round; j++ {
			die(d6) // the defender's duel D6s
		}
	}
	extraD6 := m.d6
	if round == 0 {
		for j := 0; j < m.oneD3; j++ {
			die(3)
		}
	}
	if round > 0 {
		extraD6 += m.duelD6
		for j := 0; j < m.duelD3; j++ {
			die(3)
		}
	}
	for j := 0; j < extraD6; j++ {
		die(6)
	}
	if m.drop > 0 {
		// Sure Strike: "gains an extra D6 and discards their lowest D6".
		for j := 0; j < m.drop; j++ {
			die(6)
		}
		for j := 0; j < m.drop && n6 > 0; j++ {
			low := 0
			for x := 1; x < n6; x++ {
				if sixes[x] < sixes[low] {
					low = x
				}
			}
			sum -= sixes[low]
			max -= 6
			sixes[low] = sixes[n6-1]
			n6--
		}
	}
	who := int(b.a.attacker)
	if k == 1 {
		who = b.d
	}
	sum = s.necklace(who, sum)
	return sum, max, high
}

// strengths are the attacking and defending Strength Ratings of bout b
// before dice.
func (s *State) strengths(b *bout) (astr, dstr int) {
	i := int(b.a.attacker)
	m := &b.mod[0]
	bonus := m.base
	if it := s.pieces[i].items[slotWeapon]; it > 0 {
		bonus += int(s.g.items[it].attackBonus)
	}
	if b.a.base > 0 {
		astr = s.baseStrengthFrom(i, int(b.a.side), int(b.a.base)-1, bonus, m.half) + m.add // TD-92
	} else {
		astr = s.baseStrengthHalf(i, int(b.a.side), bonus, b.a.kind == attackRangedMelee, m.half) + m.add
	}
	q := &s.pieces[b.d]
	n := &b.mod[1]
	bonus = n.base
	if it := q.items[slotAccessory]; it > 0 {
		bonus += int(s.g.items[it].defendBonus)
	}
	dstr = s.baseStrengthHalf(b.d, b.side, bonus, false, n.half) + n.add
	if astr < 0 {
		astr = 0
	}
	if dstr < 0 {
		dstr = 0
	}
	return astr, dstr
}
