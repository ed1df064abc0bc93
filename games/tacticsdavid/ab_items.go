package tacticsdavid

import (
	"skald/engine"
)

// Abilities that take, throw, knock away or swap items, or look into the
// Item Deck: Steal, Alchemy, Chemistry, Lob, Bite, Study.

// peeked returns the top items of the Item Deck that seat saw with Study
// and that are still on top, in order: both, the second alone once the
// first was drawn, or none (TD-116).
func (s *State) peeked(seat int) []int8 {
	k := s.peek[seat]
	switch {
	case k[0] != 0 && len(s.deck) >= 2 && s.deck[0] == k[0] && s.deck[1] == k[1]:
		return s.deck[:2]
	case k[1] != 0 && len(s.deck) >= 1 && s.deck[0] == k[1]:
		return s.deck[:1]
	}
	return nil
}

// shuffleDeck shuffles the Item Deck ("The Item Deck is then shuffled"):
// what a player saw of its top is forgotten.
func (s *State) shuffleDeck() {
	s.rng.Shuffle(len(s.deck), func(i, j int) { s.deck[i], s.deck[j] = s.deck[j], s.deck[i] })
	s.peek = [2][2]int8{}
}

// takeFromDeck removes item it from the Item Deck.
func (s *State) takeFromDeck(it int) {
	for k, d := range s.deck {
		if int(d) == it {
			s.deck = append(s.deck[:k:k], s.deck[k+1:]...)
			return
		}
	}
}

// deckItems returns the items the Item Deck holds, bit it for item it.
// The deck may hold several copies of an item (TD-36: items bought with an
// army and discarded join it), but a player taking one names the item, not
// a copy (TD-105), so an ability offers each item once; and in the item's
// order, not the deck's, which is hidden.
func (s *State) deckItems() uint64 {
	var set uint64
	for _, d := range s.deck {
		set |= 1 << uint(d)
	}
	return set
}

func init() {
	// 038 Steal, "D: Combat Pha.": "This Unit may perform a Loot Procedure
	// on any Unit, and successfully loots the Unit on a D6 roll greater than
	// or equal to 2." extra: 1 + 2 × slot (0 weapon, 1 accessory, 2
	// expendable) + 1 to place the item at the bottom of the Item Deck
	// rather than equip it. (TD-102)
	registerActive(abSteal, &activeAbility{
		use: useCombat,
		why: "Steal loots one item of a unit in direct grid space contact: extra 1 + 2 × slot (0 weapon, 1 accessory, 2 expendable), + 1 to send it to the bottom of the Item Deck; an item equipped must be one the thief may equip",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t == h || !s.onField(t) || !adjacent(s.pt(h), s.pt(t)) || s.pieces[t].items == [numSlots]int8{} {
					continue
				}
				for slot, it := range s.pieces[t].items {
					if it == 0 {
						continue
					}
					if s.canHold(h, int(it)) == nil {
						c.add(t, 1+2*slot)
					}
					c.add(t, 2+2*slot)
				}
			}
		},
		apply: func(s *State, h, t, x int, ev *engine.Log) {
			slot, deck := (x-1)/2, (x-1)%2 == 1
			s.fire(h, abSteal, ev, "tries to steal %s's %s", s.name(t), slotWord(slot))
			// "Units don't have to roll to Loot an Allied Unit" (TD-102).
			if !s.allies(h, t) {
				r := s.rollFor(h, abSteal, 6, ev, atLeastSays(2, "steals", "fails to steal"))
				if r < 2 && s.lucky(h, ev) {
					// Lucky rerolls a failed roll of a Loot Procedure (TD-158).
					r = s.rollFor(h, abSteal, 6, ev, atLeastSays(2, "steals", "fails to steal"))
				}
				if r < 2 {
					s.event(ev, "loot.failed", "%s fails to steal from %s", s.name(h), s.name(t))
					return
				}
			}
			it := s.pieces[t].items[slot]
			s.pieces[t].items[slot] = 0
			if deck {
				s.toDeckBottom(it)
				s.event(ev, "loot", "%s steals the %s and places it at the bottom of the Item Deck", s.name(h), s.itemLabel(int(it)))
				return
			}
			if old := s.pieces[h].items[slot]; old > 0 {
				// "may be swapped": the victim gets the thief's item if it
				// may equip it; otherwise it goes to the Item Deck.
				s.pieces[h].items[slot] = 0
				if s.canHold(t, int(old)) == nil {
					s.pieces[t].items[slot] = old
				} else {
					s.toDeckBottom(old)
				}
			}
			s.pieces[h].items[slot] = it
			s.event(ev, "loot", "%s steals the %s", s.name(h), s.itemLabel(int(it)))
		},
	}, abilityHooks{})
	ruled(abSteal, "TD-102", "TD-158")

	// 063 Alchemy, "R: Attack Pro.": "This Unit may swap an equipped Item
	// for one of the same Type in the Item Deck. The Item Deck is then
	// shuffled." extra: the item of the Item Deck it takes. (TD-105)
	registerActive(abAlchemy, &activeAbility{
		use: useAttack,
		why: "Alchemy swaps an equipped item for an item of the same type in the Item Deck (extra: its number) that the unit may equip",
		targets: func(s *State, h int, c *choices) {
			p := &s.pieces[h]
			set := s.deckItems()
			for it := 1; it <= NumItems; it++ {
				if set&(1<<uint(it)) != 0 && p.items[s.g.items[it].slot] > 0 && s.canHold(h, it) == nil {
					c.add(-1, it)
				}
			}
		},
		apply: func(s *State, h, _, it int, ev *engine.Log) {
			slot := s.g.items[it].slot
			old := s.pieces[h].items[slot]
			s.takeFromDeck(it)
			s.pieces[h].items[slot] = int8(it)
			s.toDeckBottom(old)
			s.shuffleDeck()
			s.fire(h, abAlchemy, ev, "turns its %s into the %s; the Item Deck is shuffled", s.itemLabel(int(old)), s.itemLabel(it))
		},
	}, abilityHooks{})
	ruled(abAlchemy, "TD-105")

	// 064 Chemistry, "D: Combat Pha.": "This Unit may take an Item from the
	// Item Deck which is of the Expendable Item Type. The Item Deck is then
	// shuffled." extra: the item it takes. (TD-105)
	registerActive(abChemistry, &activeAbility{
		use: useCombat,
		why: "Chemistry takes an Expendable item of the Item Deck (extra: its number) that the unit may equip",
		targets: func(s *State, h int, c *choices) {
			set := s.deckItems()
			for it := 1; it <= NumItems; it++ {
				if set&(1<<uint(it)) != 0 && s.g.items[it].slot == slotExpendable && s.canHold(h, it) == nil {
					c.add(-1, it)
				}
			}
		},
		apply: func(s *State, h, _, it int, ev *engine.Log) {
			old := s.pieces[h].items[slotExpendable]
			s.takeFromDeck(it)
			s.pieces[h].items[slotExpendable] = int8(it)
			if old > 0 {
				s.toDeckBottom(old) // one item of each type (TD-105)
			}
			s.shuffleDeck()
			s.fire(h, abChemistry, ev, "brews the %s; the Item Deck is shuffled", s.itemLabel(it))
		},
	}, abilityHooks{})
	ruled(abChemistry, "TD-105")

	// 085 Lob, "D: Combat Pha. (Facing)": "This Unit may target a Unit
	// within its Range Area in Line of Sight. Send one Item Equipped to this
	// Unit to the bottom of the Item Deck. If the Item is an Expendable Type
	// the targeted Unit acquires the Paralyzed Status. If the Item is an
	// Accessory Type the targeted Unit acquires the Confused Status. If the
	// Item is a Weapon Type the target Unit acquires the Dead Status."
	// (TD-10) extra: the slot of the item thrown + 1 (1 weapon, 2
	// accessory, 3 expendable).
	registerActive(abLob, &activeAbility{
		use: useCombat,
		why: "Lob throws one of its items (extra: 1 weapon, 2 accessory, 3 expendable) at a living unit within its Range Area in Line of Sight",
		targets: func(s *State, h int, c *choices) {
			p := &s.pieces[h]
			if p.items == [numSlots]int8{} {
				return
			}
			for t := range s.pieces {
				if t != h && s.alive(t) && s.canSee(h, t) {
					for slot, it := range p.items {
						if it > 0 {
							c.add(t, slot+1)
						}
					}
				}
			}
		},
		apply: func(s *State, h, t, x int, ev *engine.Log) {
			slot := x - 1
			it := s.pieces[h].items[slot]
			s.discardItem(h, slot)
			s.fire(h, abLob, ev, "lobs its %s at %s; it goes to the bottom of the Item Deck", s.itemLabel(int(it)), s.name(t))
			st := [numSlots]int{slotWeapon: Dead, slotAccessory: Confused, slotExpendable: Paralyzed}[slot]
			s.inflict(h, abLob, t, st, ev)
		},
	}, abilityHooks{})
	ruled(abLob, "TD-10")

	// 176 Bite, "R: Attack Pro.": "This Unit may target a Unit in Direct
	// Grid Space contact. If 1 D6 Roll is greater than or equal to 3 the
	// targeted Unit must discard either their Weapon Item or Accessory Item
	// of this Player's choosing." extra: 1 weapon, 2 accessory. (TD-120)
	registerActive(abBite, &activeAbility{
		use: useAttack,
		why: "Bite targets a living unit in direct grid space contact and the item it must discard: 1 its weapon, 2 its accessory",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && adjacent(s.pt(h), s.pt(t)) {
					for _, slot := range [2]int{slotWeapon, slotAccessory} {
						if s.pieces[t].items[slot] > 0 {
							c.add(t, slot+1)
						}
					}
				}
			}
		},
		apply: func(s *State, h, t, x int, ev *engine.Log) {
			slot := x - 1
			s.fire(h, abBite, ev, "bites at %s's %s", s.name(t), slotWord(slot))
			if s.rollFor(h, abBite, 6, ev, atLeast(3)) < 3 {
				return
			}
			it := s.pieces[t].items[slot]
			s.discardItem(t, slot)
			s.event(ev, "item.discarded", "%s discards the %s to the bottom of the Item Deck", s.name(t), s.itemLabel(int(it)))
		},
	}, abilityHooks{})
	ruled(abBite, "TD-120")

	// 048 Study, "A: Unit Engagement": "If this Unit does not have the Dead
	// Status or Petrified Status the Player may look at the top two cards of
	// the Item Deck and rearrange them however they want." The player looks
	// ("ability uH study -"), then keeps the order ("ability uH study - 1")
	// or swaps the two ("ability uH study - 2"). The two items are shown to
	// that player alone. (TD-116)
	registerActive(abStudy, &activeAbility{
		use: useEngage,
		why: "Study looks at the top two cards of the Item Deck (there must be two), if the unit is neither Dead nor Petrified",
		targets: func(s *State, h int, c *choices) {
			if len(s.deck) >= 2 && !s.pieces[h].has(Petrified) {
				c.add(-1, 0)
			}
		},
		apply: func(s *State, h, _, _ int, ev *engine.Log) {
			seat := int(s.pieces[h].owner)
			s.peek[seat] = [2]int8{s.deck[0], s.deck[1]}
			s.peek[1-seat] = [2]int8{} // the other player no longer knows their order
			s.fire(h, abStudy, ev, "looks at the top two cards of the Item Deck")
			ev.Add(engine.Seats(engine.Seat(seat)), "ability", "Study: the top of the Item Deck is the %s, then the %s",
				s.itemLabel(int(s.deck[0])), s.itemLabel(int(s.deck[1])))
			s.await(h, abStudy, -1, 0)
		},
	}, abilityHooks{})
	registerFollowUp(abStudy, &followUp{
		why: "put the two cards back: ability uH study - 1 keeps their order, ability uH study - 2 swaps them",
		legal: func(s *State, h, seat int, buf []engine.Action) []engine.Action {
			return append(buf, act(seat, actAbility, h, abStudy, -1, 1), act(seat, actAbility, h, abStudy, -1, 2))
		},
		apply: func(s *State, h int, pd pending, a engine.Action, ev *engine.Log) {
			seat := int(s.pieces[h].owner)
			if a.Arg[3] == 2 && len(s.deck) >= 2 {
				s.deck[0], s.deck[1] = s.deck[1], s.deck[0]
				s.peek[seat] = [2]int8{s.deck[0], s.deck[1]}
			}
			s.fire(h, abStudy, ev, "puts the two cards back on top in the order of its player's choice")
		},
	})
	ruled(abStudy, "TD-116")
}
