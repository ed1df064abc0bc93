package tacticsdavid

import "skald/engine"

// Abilities that perform an Attack Procedure of their own (group C1): the
// ten Breaths, one mechanism with a table of what each breathes, and the
// Voodoo Doll.

// breath is one Breath: "This Unit may perform an Attack Procedure with a
// Base Strength Rating of <base> and may not enter the Duel Procedure as a
// result of this Attack. After the Attack Procedure if 1 D6 Roll is greater
// than or equal to <k> Units Attacked acquire the <statuses>. Roll
// separately for each Unit." (TD-92)
type breath struct {
	n    int
	base int8
	res  faces
}

// breaths is the table, one row a Breath, all "R: Attack Pro.".
var breaths = [...]breath{
	// 117 Frost Breath: "a Base Strength Rating of 1 ... if 1 D6 Roll is
	// greater than or equal to 4 Units Attacked acquire the Frozen Status."
	{abFrostBreath, 1, ge(4, Frozen)},
	// 118 Glacial Breath: "a Base Strength Rating of 2 ... greater than or
	// equal to 4 ... the Frozen and Silenced Status."
	{abGlacialBreath, 2, ge(4, Frozen, Silenced)},
	// 119 Sandstorm Breath: "a Base Strength Rating of 1 ... greater than
	// or equal to 4 ... the Blinded Status."
	{abSandstormBreath, 1, ge(4, Blinded)},
	// 120 Erosion Breath: "a Base Strength Rating of 2 ... greater than or
	// equal to 4 ... the Blinded and Crippled Status."
	{abErosionBreath, 2, ge(4, Blinded, Crippled)},
	// 121 Flame Breath: "a Base Strength Rating of 1 ... greater than or
	// equal to 4 ... the Burned Status."
	{abFlameBreath, 1, ge(4, Burned)},
	// 122 Magma Breath: "a Base Strength Rating of 2 ... greater than or
	// equal to 4 ... the Burned and Banished Status."
	{abMagmaBreath, 2, ge(4, Burned, Banished)},
	// 123 Toxic Breath: "a Base Strength Rating of 1 ... greater than or
	// equal to 4 ... the Poisoned Status."
	{abToxicBreath, 1, ge(4, Poisoned)},
	// 124 Nightmare Breath: "a Base Strength Rating of 2 ... greater than
	// or equal to 4 ... the Fearful Status."
	{abNightmareBreath, 2, ge(4, Fearful)},
	// 125 Bright Breath: "a Base Strength Rating of 1 ... greater than or
	// equal to 4 ... the Confused Status."
	{abBrightBreath, 1, ge(4, Confused)},
	// 126 Radiant Breath: "a Base Strength Rating of 2 ... greater than or
	// equal to 5 ... the Petrified Status."
	{abRadiantBreath, 2, ge(5, Petrified)},
}

// targets lists the attacks the unit could make now (TD-92): the target,
// and the side (0-3, a Magical attack's choice; Front otherwise), + 4 for a
// Ranged Melee Procedure.
func (br *breath) targets(s *State, h int, c *choices) {
	var buf [64]engine.Action
	for _, a := range s.legalAttacks(h, buf[:0]) {
		x := int(a.Arg[2])
		if a.Kind == actMelee {
			x += 4
		}
		c.add(int(a.Arg[1]), x)
	}
}

// apply declares the attack: the usual Attack Procedure (a Ranged Hit
// first for a Ranged Attack, every unit in the Attack Area), with the
// breath's Base Strength Rating (attack.base) and without the Duel (the
// bout hook).
func (br *breath) apply(s *State, h, t, x int, ev *engine.Log) {
	kind := uint8(attackMelee)
	if s.info[s.pieces[h].prof].ranged {
		kind = attackRanged
		if x&4 != 0 {
			kind = attackRangedMelee
		}
	}
	s.fire(h, br.n, ev, "an Attack Procedure with a Base Strength Rating of %d, without the Duel Procedure", br.base)
	s.declare(attack{attacker: int8(h), target: int8(t), side: int8(x & 3), kind: kind, ab: int16(br.n), base: br.base + 1}, ev)
}

// bout: "may not enter the Duel Procedure as a result of this Attack".
func (br *breath) bout(s *State, b *bout, h int, ev *engine.Log) {
	if int(b.a.attacker) == h && int(b.a.ab) == br.n {
		b.noDuel = true
	}
}

// after: "After the Attack Procedure if 1 D6 Roll is greater than or equal
// to 4 Units Attacked acquire ... Roll separately for each Unit." A unit
// the attack killed takes no status (TD-28).
func (br *breath) after(s *State, b *bout, h int, ev *engine.Log) {
	if int(b.a.attacker) != h || int(b.a.ab) != br.n || !s.alive(b.d) {
		return
	}
	set := br.res[s.rollFor(h, br.n, 6, ev, br.res.need())]
	if set == 0 {
		return
	}
	s.fire(h, br.n, ev, "the breath lingers on %s", s.name(b.d))
	for st := 0; st < NumStatuses && !s.over; st++ {
		if set&statusBit(st) != 0 {
			s.inflict(h, br.n, b.d, st, ev)
		}
	}
}

func init() {
	for k := range breaths {
		br := &breaths[k]
		registerActive(br.n, &activeAbility{
			use:     useAttack,
			attack:  true,
			why:     "a Breath is one of the attacks the unit could make now: its target, and the side (0-3) a Magical attack strikes, + 4 for a Ranged Melee Procedure",
			targets: br.targets,
			apply:   br.apply,
		}, abilityHooks{bout: br.bout, after: br.after})
		ruled(br.n, "TD-87", "TD-92")
	}

	// 199 Voodoo Doll, "D: Combat Pha.": "This Unit may target a Unit
	// within its Range Area. If 1 D6 Roll is greater than or equal to 5 the
	// targeted Unit must perform a Defend Procedure against an Attack
	// Procedure with a Base Strength Rating equal to the targeted Unit's
	// Front Strength Rating against the targeted Unit's Front Strength
	// Rating. The Duel Procedure may be entered." (TD-93)
	registerActive(abVoodooDoll, &activeAbility{
		use:     useCombat,
		why:     "Voodoo Doll " + whyRange,
		strikes: true, // an Attack Procedure of the holder: the Combat Lock binds it (TD-157)
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && s.inRangeArea(h, t) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abVoodooDoll, ev, "sticks a pin in a doll of %s", s.name(t))
			if s.rollFor(h, abVoodooDoll, 6, ev, atLeast(5)) >= 5 {
				s.voodoo(h, t, ev)
			}
		},
	}, abilityHooks{})
	ruled(abVoodooDoll, "TD-87", "TD-88", "TD-93")
}

// voodoo is the Voodoo Doll's Attack Procedure: holder h attacks with a
// Base Strength Rating equal to t's Front Base Strength Rating, against
// t's Front, whatever the grid; the Duel may follow; no Combat Lock and no
// reflection: the doll strikes, not the holder across the battlefield
// (TD-93).
func (s *State) voodoo(h, t int, ev *engine.Log) {
	front := s.baseStrength(t, Front, 0, false)
	a := attack{attacker: int8(h), target: int8(t), side: Front, kind: attackMelee, ab: abVoodooDoll, base: int8(front + 1)}
	b := s.newBout(a, t, Front)
	s.boutHooks(&b, ev)
	if b.cancel || s.over || !s.alive(h) || !s.alive(t) {
		return
	}
	s.event(ev, "attack", "%s defends its Front against an attack of its own Front Strength Rating, %d", s.name(t), front)
	at, df := s.duel(&b, true, ev)
	if at > df {
		b.won = true
		if b.atype == physical && b.dtype == ethereal {
			// "Defender may never receive the Dead Status as a result of
			// this Attack" (seed 004, "Unit Type/Attack Type Affects").
			b.immune = true
			s.event(ev, "attack.immune", "the doll beats %s (%d against %d) but a Physical Attack never kills an Ethereal unit", s.name(t), at, df)
		} else {
			s.event(ev, "attack.won", "the doll beats %s (%d against %d)", s.name(t), at, df)
			old := s.cause
			s.cause = cause{by: int8(h), ab: abVoodooDoll, attack: true, atype: b.atype}
			if s.acquire(t, Dead, ev) {
				b.killed = true
				s.event(ev, "attack.kill", "%s kills %s", s.name(h), s.name(t))
				s.kill(h, t, ev)
			}
			s.cause = old
		}
	} else {
		s.event(ev, "attack.defended", "%s defends against the doll (%d against %d)", s.name(t), df, at)
	}
	if !s.over {
		s.afterHooks(&b, ev)
	}
}
