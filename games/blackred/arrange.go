package blackred

import (
	"bytes"
	"encoding/json"
	"fmt"

	"skald/engine"
)

// Setup is what a scenario may arrange before the first action.
type Setup struct {
	// Attacker is "black" or "red": who attacks in the first battle.
	Attacker string     `json:"attacker"`
	Black    *SideSetup `json:"black"`
	Red      *SideSetup `json:"red"`
	// StrategyDeck lists the ids of the strategy cards on top of the deck,
	// next card first.
	StrategyDeck []string `json:"strategy_deck"`
}

// SideSetup arranges one player's cards and units.
type SideSetup struct {
	// Deck names the battle cards on top of the deck, first card first.
	Deck []string `json:"deck"`
	// Only, when true, takes every other card out of the game.
	Only bool `json:"only"`
	// Hand lists the ids of the strategy cards in hand.
	Hand []string `json:"hand"`
	// Units is how many units still show their unit side.
	Units *int `json:"units"`
}

// Arrange sets the match up as setup (JSON of a Setup) says. It is allowed
// only before the first action; the first battle then starts again with
// the arranged cards.
func (s *State) Arrange(setup []byte) error {
	var su Setup
	dec := json.NewDecoder(bytes.NewReader(setup))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&su); err != nil {
		return fmt.Errorf("blackred setup: %w", err)
	}
	if s.battle != 1 || s.side[Black].played != none || s.side[Red].played != none ||
		(s.phase != phaseAttackerWeapon && s.phase != phaseStrategy) || (s.phase == phaseStrategy && s.side[s.attacker].forced == none) {
		return fmt.Errorf("blackred setup: only before the first action")
	}
	c := s.Clone().(*State) // arrange a copy: on error nothing changes
	c.attacker = c.first    // a Herald placed before the setup no longer counts
	switch su.Attacker {
	case "":
	case "black":
		c.attacker, c.first = Black, Black
	case "red":
		c.attacker, c.first = Red, Red
	default:
		return fmt.Errorf("blackred setup: field attacker: %q, want black or red", su.Attacker)
	}
	// Every battle card back in its deck, none active. The decks are
	// arranged top first, and kept top last again before the battle.
	for i := range c.side {
		sd := &c.side[i]
		sd.flip()
		copy(sd.deck[sd.nDeck:], sd.out[:sd.nOut])
		sd.nDeck += sd.nOut
		sd.nOut, sd.nActive = 0, 0
	}
	// Strategy cards: claimed hands first, then the deck.
	claimed := map[uint8]bool{}
	for i, ss := range []*SideSetup{su.Black, su.Red} {
		if ss == nil || ss.Hand == nil {
			continue
		}
		if len(ss.Hand) > maxHand {
			return fmt.Errorf("blackred setup: %s.hand: %d cards, at most %d", colourNames[i], len(ss.Hand), maxHand)
		}
		for k, id := range ss.Hand {
			card, err := c.strategyID(id)
			if err != nil {
				return fmt.Errorf("blackred setup: %s.hand[%d]: %w", colourNames[i], k, err)
			}
			if claimed[card] {
				return fmt.Errorf("blackred setup: %s.hand[%d]: %s is claimed twice", colourNames[i], k, id)
			}
			claimed[card] = true
		}
	}
	var top []uint8
	for k, id := range su.StrategyDeck {
		card, err := c.strategyID(id)
		if err != nil {
			return fmt.Errorf("blackred setup: strategy_deck[%d]: %w", k, err)
		}
		if claimed[card] {
			return fmt.Errorf("blackred setup: strategy_deck[%d]: %s is claimed twice", k, id)
		}
		claimed[card] = true
		top = append(top, card)
	}
	var rest []uint8 // unclaimed cards, deck order first, then ones displaced from hands
	for k := 0; k < int(c.nStrat); k++ {
		if !claimed[c.strat[k]] {
			rest = append(rest, c.strat[k])
		}
	}
	for i, ss := range []*SideSetup{su.Black, su.Red} {
		sd := &c.side[i]
		if ss != nil && ss.Hand != nil {
			for k, h := range sd.hand {
				if h != none && !claimed[uint8(h)] {
					rest = append(rest, uint8(h))
				}
				sd.hand[k] = none
			}
			for k, id := range ss.Hand {
				card, _ := c.strategyID(id)
				sd.hand[k] = int8(card)
			}
			continue
		}
		for k, h := range sd.hand {
			if h != none && claimed[uint8(h)] {
				sd.hand[k] = none
			}
		}
	}
	c.nStrat = uint8(copy(c.strat[:], append(top, rest...)))
	for i, ss := range []*SideSetup{su.Black, su.Red} {
		if ss == nil || ss.Hand == nil {
			for c.side[i].handCount() < maxHand && c.nStrat > 0 {
				c.draw(engine.Seat(i), nil)
			}
		}
	}
	// Battle decks and units.
	for i, ss := range []*SideSetup{su.Black, su.Red} {
		if ss == nil {
			continue
		}
		sd := &c.side[i]
		deck := c.c.Decks[i]
		for k, name := range ss.Deck {
			found := false
			for j := k; j < int(sd.nDeck); j++ {
				if deck[sd.deck[j]].Name == name {
					card := sd.deck[j]
					copy(sd.deck[k+1:j+1], sd.deck[k:j])
					sd.deck[k] = card
					found = true
					break
				}
			}
			if !found {
				return fmt.Errorf("blackred setup: %s.deck[%d]: no card %q left in %s's battle deck", colourNames[i], k, name, colourNames[i])
			}
		}
		if ss.Only {
			if len(ss.Deck) == 0 {
				return fmt.Errorf("blackred setup: %s.only: the deck must keep at least one card", colourNames[i])
			}
			n := uint8(len(ss.Deck))
			copy(sd.out[:], sd.deck[n:sd.nDeck])
			sd.nOut = sd.nDeck - n
			sd.nDeck = n
		}
		if ss.Units != nil {
			u := *ss.Units
			if u < 1 || u > int(c.units) {
				return fmt.Errorf("blackred setup: %s.units: %d, want 1 to %d (option units)", colourNames[i], u, c.units)
			}
			sd.alive = 1<<uint(u) - 1
		}
	}
	for i := range c.side {
		sd := &c.side[i]
		sd.weapon, sd.forced = none, none
	}
	for i := range c.side {
		c.side[i].flip()
	}
	c.battle = 0
	var ev engine.Log
	if len(c.opening) > 0 && c.opening[0].Type == "battle.first" && su.Attacker == "" {
		ev = append(ev, c.opening[0])
	} else {
		ev.Add(engine.Everyone, "battle.first", "%s attacks first (arranged)", colour(c.first))
	}
	c.startBattle(&ev)
	c.opening = ev
	*s = *c
	return nil
}

func (s *State) strategyID(id string) (uint8, error) {
	for i, c := range s.c.Strategy {
		if c.ID == id {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("no strategy card %q", id)
}
