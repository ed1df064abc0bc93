package tacticsdavid

import "skald/engine"

// Four abilities that show each kind of hook: a bout modifier (Vigor), an
// aura (Holy Might), an ability used instead of attacking (Venom) and a
// reaction in the other player's turn (Sword Dance).

func init() {
	// 002 Vigor, "D: Attack, Defend, Duel Pro.": "If the opposing Unit has
	// a greater Base Strength Rating than this Unit, this Unit gains +1 to
	// all Strength Ratings this Procedure."
	register(abVigor, abilityHooks{bout: func(s *State, b *bout, h int, ev *engine.Log) {
		k, o := b.role(h)
		if k >= 0 && s.boutBase(b, o) > s.boutBase(b, h) {
			b.mod[k].add++
			s.fire(h, abVigor, ev, "+1 to its Strength Ratings against a stronger unit")
		}
	}})

	// 003 Holy Might, "All (Not with Dead Status)": "This Unit and Allied
	// Units within 2 Grid Spaces gain +1 to their Base Front Strength
	// Rating during their Attack Procedure." Each Holy Might counts (the
	// text does not say "not accumulative", as others do).
	register(abHolyMight, abilityHooks{aura: func(s *State, b *bout, h int, ev *engine.Log) {
		a := int(b.a.attacker)
		if b.a.side == Front && s.allies(h, a) && s.within(h, a, 2) {
			b.mod[0].base++
			s.fire(h, abHolyMight, ev, "+1 to %s's Base Front Strength Rating", s.name(a))
		}
	}})

	// 128 Venom, "R: Attack Pro.": "This Unit may target a Unit within its
	// Range Area in Line of Sight. If 1 D6 is greater than or equal to 3 the
	// targeted Unit acquires the Poisoned Status."
	registerActive(abVenom, &activeAbility{
		use: useAttack,
		why: "Venom targets a unit within its Range Area in Line of Sight",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && s.canSee(h, t) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abVenom, ev, "spits venom at %s", s.name(t))
			if s.rollFor(h, abVenom, 6, ev, atLeast(3)) >= 3 {
				s.inflict(h, abVenom, t, Poisoned, ev)
			}
		},
	}, abilityHooks{})

	// 037 Sword Dance, "B: Defend Pro.": "This Unit may perform a Facing
	// Procedure if being Attacked by a Melee attack." Its player chooses
	// the facing (extra: 0-3) when the attack is declared.
	registerReaction(abSwordDance, &reaction{
		window: winDefend,
		why:    "Sword Dance turns a unit attacked by a Melee attack to a facing of its player's choice",
		offer: func(s *State, h int, c *choices) {
			f := &s.fight
			if !f.on || f.a.kind != attackMelee || !f.defends(h) {
				return
			}
			for _, d := range facings {
				if d != s.pieces[h].facing {
					c.add(-1, int(d))
				}
			}
		},
		apply: func(s *State, h, x int, ev *engine.Log) {
			s.pieces[h].facing = facings[x&3]
			s.fire(h, abSwordDance, ev, "turns to face %s", facings[x&3])
		},
	}, abilityHooks{})
}
