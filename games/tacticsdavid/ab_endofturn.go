package tacticsdavid

import "skald/engine"

// Abilities that act at the end of each player's turn: the auras that give
// statuses to the units around their holder (TD-121, TD-122), and Inventory
// Invention's Item Acquisition.

// Whom an aura gives its status to.
const (
	toAny         = iota // "Units", "Any Units": allies and enemies
	toEnemies            // "Enemy Units"
	toNotEthereal        // "Units not of the Ethereal Unit Type"
)

// canGain reports whether piece t could acquire status st now: alive (a
// corpse takes no status, TD-28), without it, of a type that may have it,
// and not a unit that discarded Fearful this turn. No die is rolled for a
// unit that could not (TD-122).
func (s *State) canGain(t, st int) bool {
	p := &s.pieces[t]
	if !s.alive(t) || p.has(st) || !s.may(p.utype, st) {
		return false
	}
	return st != Fearful || p.flags&fFearDiscarded == 0
}

// spread gives status st, by holder h's ability n, to every other unit
// within d grid spaces of h (d 1: in direct grid space contact, its Unit
// Team partner on its own grid space included: TD-122) of the kind who,
// each on its own roll of 1 D6 from lo to hi ("Roll separately for each
// Unit"), or without a roll when lo is 0.
func (s *State) spread(h, n, st, d, who, lo, hi int, ev *engine.Log) {
	for t := range s.pieces {
		if t == h || !s.within(h, t, d) || !s.canGain(t, st) {
			continue
		}
		switch who {
		case toEnemies:
			if s.allies(h, t) {
				continue
			}
		case toNotEthereal:
			if s.pieces[t].utype == ethereal {
				continue
			}
		}
		if lo > 0 {
			if r := s.rollFor(h, n, 6, ev, between(lo, upTo(hi), "gives the Status", "no effect")); r < lo || r > hi {
				continue
			}
		}
		s.fire(h, n, ev, "gives %s the %s Status", s.name(t), statusWord(st))
		s.inflict(h, n, t, st, ev)
		if s.over {
			return
		}
	}
}

func init() {
	// 010 Deathly Miasma, "All (Not with Dead Status)": "Any Enemy Unit in
	// Direct Grid Space Contact with this Unit at the End of either
	// Player's Turn acquires the Fearful Status."
	register(abDeathlyMiasma, abilityHooks{endTurn: func(s *State, h int, ev *engine.Log) {
		s.spread(h, abDeathlyMiasma, Fearful, 1, toEnemies, 0, 0, ev)
	}})
	ruled(abDeathlyMiasma, "TD-122")

	// 080 Static Wave, "All": "Any Units in Direct Grid Space Contact with
	// this Unit at the End of either Player's Turn acquires the Paralyzed
	// Status if 1 D6 Roll is less than or equal to 2. Roll separately for
	// each Unit." Not "Not with Dead Status": a dead Electric Slime still
	// shocks.
	register(abStaticWave, abilityHooks{endTurn: func(s *State, h int, ev *engine.Log) {
		s.spread(h, abStaticWave, Paralyzed, 1, toAny, 1, 2, ev)
	}})
	ruled(abStaticWave, "TD-122")

	// 152 Black Disease, "All": "Units in Direct Grid Space contact with this
	// Unit at the end of either Player's Turn acquire the Poisoned Status if
	// 1 D6 Roll is greater than or equal to 5. Roll separately for each
	// Unit."
	register(abBlackDisease, abilityHooks{endTurn: func(s *State, h int, ev *engine.Log) {
		s.spread(h, abBlackDisease, Poisoned, 1, toAny, 5, 6, ev)
	}})
	ruled(abBlackDisease, "TD-122")

	// 107 Blizzard, "All (Not with Dead Status)": "Enemy Units within 3 Grid
	// Spaces of this Unit acquire the Frozen Status if 1 D6 Roll is greater
	// than or equal to 5. Roll separately for each Unit." At the end of each
	// player's turn (TD-121).
	register(abBlizzard, abilityHooks{endTurn: func(s *State, h int, ev *engine.Log) {
		s.spread(h, abBlizzard, Frozen, 3, toEnemies, 5, 6, ev)
	}})
	ruled(abBlizzard, "TD-121", "TD-122")

	// 108 Spirits Cry, "All (Not with Dead Status)": "Units within 3 Grid
	// Spaces of this Unit acquire the Summoned Status if 1 D6 Roll is
	// greater than or equal to 3. Roll separately for each Unit." At the end
	// of each player's turn (TD-121); only Ethereal units may be Summoned.
	register(abSpiritsCry, abilityHooks{endTurn: func(s *State, h int, ev *engine.Log) {
		s.spread(h, abSpiritsCry, Summoned, 3, toAny, 3, 6, ev)
	}})
	ruled(abSpiritsCry, "TD-121", "TD-122")

	// 112 Super Serial, "All (Not with Dead Status)": "This Unit permanently
	// has the Feared Status and Units within 2 Grid Spaces of this Unit
	// acquire the Enraged Status." The unit counts as Feared always (feared
	// in turn.go) and takes the status back at the start of each turn if it
	// lost it; the Enraged Status comes at the end of each player's turn,
	// after Feared has acted, to every unit within 2 grid spaces but the
	// enemy units in direct contact, which its Feared Status frightens
	// (TD-121, TD-123).
	register(abSuperSerial, abilityHooks{
		turnStart: func(s *State, h int, ev *engine.Log) {
			if s.canGain(h, Feared) {
				s.fire(h, abSuperSerial, ev, "it is Feared, permanently")
				s.inflict(h, abSuperSerial, h, Feared, ev)
			}
		},
		endTurn: func(s *State, h int, ev *engine.Log) {
			for t := range s.pieces {
				if t == h || !s.within(h, t, 2) || !s.canGain(t, Enraged) {
					continue
				}
				if !s.allies(h, t) && s.within(h, t, 1) {
					continue // its Feared Status makes this one Fearful (TD-123)
				}
				s.fire(h, abSuperSerial, ev, "gives %s the Enraged Status", s.name(t))
				s.inflict(h, abSuperSerial, t, Enraged, ev)
			}
		},
	})
	ruled(abSuperSerial, "TD-121", "TD-123")

	// 058 Inventory Invention, "All (Not with Dead Status)": "If this Unit
	// has not acquired the Dead Status or is not in Combat Lock then at the
	// end of this Player's Turn they may perform the Item Acquisition as
	// though having killed 3 Units this Turn." endTurn (turn.go) asks
	// inventoryInvention (TD-125).
	registerRule(abInventoryInvention)
	ruled(abInventoryInvention, "TD-125")
}

// inventoryInvention reports whether a unit of the Attacking Player with
// Inventory Invention, alive and not in Combat Lock, lets the player
// perform the Item Acquisition of this turn as though it had killed 3
// units (TD-125: once a turn, however many such units).
func (s *State) inventoryInvention(ev *engine.Log) bool {
	if !s.present.has(abInventoryInvention) || len(s.deck) == 0 {
		return false
	}
	for i := range s.pieces {
		p := &s.pieces[i]
		if p.owner == s.player && s.alive(i) && p.lock < 0 && s.hasAb(i, abInventoryInvention) {
			s.fire(i, abInventoryInvention, ev, "Item Acquisition as though with 3 kills")
			return true
		}
	}
	return false
}
