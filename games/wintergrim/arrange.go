package wintergrim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"skald/engine"
)

// Setup is what a scenario may arrange before the first action.
//
// Without Start, only Decks applies: the named cards are put on top of
// the decks, first named on top, and the match begins with the setup roll
// as usual (a scenario then forces the opening shuffles to keep that
// order). With Start, the roll and the search are skipped: the cards of
// Table are put on the table, Hands, Removed and Captured dealt, Decks
// stacked, and Start's player begins its first turn.
type Setup struct {
	Start    string              `json:"start"`
	Table    []TableCard         `json:"table"`
	Hands    map[string][]string `json:"hands"`
	Decks    map[string][]string `json:"decks"`
	Removed  map[string][]string `json:"removed"`
	Captured map[string][]string `json:"captured"`
}

// TableCard is one card put on the table by a Setup: an area, a structure
// (at an area), a unit (in a structure, or at an area: outside), the
// weather, or a curse, item or sickness (on a unit). In, At and On name an
// earlier card by its As label. The card is the first of its name left in
// Seat's deck.
type TableCard struct {
	Seat    string `json:"seat"`
	Card    string `json:"card"`
	As      string `json:"as"`
	In      string `json:"in"`
	At      string `json:"at"`
	On      string `json:"on"`
	Damage  int    `json:"damage"`
	Marked  bool   `json:"marked"`
	Conquer bool   `json:"conquer"`
}

// Arrange sets the match up as setup (JSON of a Setup) says. It is
// allowed only before the first action.
func (s *State) Arrange(setup []byte) error {
	var su Setup
	dec := json.NewDecoder(bytes.NewReader(setup))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&su); err != nil {
		return fmt.Errorf("wintergrim setup: %w", err)
	}
	if s.stage != stRoll || s.rollers().Len() != int(s.seats) {
		return fmt.Errorf("wintergrim setup: only before the first action")
	}
	c := s.Clone().(*State) // arrange a copy: on error nothing changes
	if err := c.arrange(&su); err != nil {
		return fmt.Errorf("wintergrim setup: %w", err)
	}
	*s = *c
	return nil
}

func (s *State) seatNamed(field, name string) (int8, error) {
	for i := int8(0); i < s.seats; i++ {
		if seatNames[i] == name {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%s: no seat %q in a game of %d", field, name, s.seats)
}

// take takes the first card named name out of seat's deck.
func (s *State) take(field string, seat int8, name string) (int16, error) {
	def, ok := s.g.c.Card(name)
	if !ok {
		return none, fmt.Errorf("%s: no card %q", field, name)
	}
	p := &s.p[seat]
	for k := 0; k < int(p.n); k++ {
		if int(s.c[p.deck[k]].def) == def {
			id := p.deck[k]
			s.takeFromDeck(id)
			return id, nil
		}
	}
	return none, fmt.Errorf("%s: no %s left in %s's deck", field, s.g.c.Cards[def].Name, seatNames[seat])
}

func (s *State) arrange(su *Setup) error {
	if su.Start == "" {
		if len(su.Table) > 0 || len(su.Hands) > 0 || len(su.Removed) > 0 || len(su.Captured) > 0 {
			return fmt.Errorf("table, hands, removed and captured go with start (the setup search is skipped)")
		}
		return s.stack(su.Decks)
	}
	start, err := s.seatNamed("start", su.Start)
	if err != nil {
		return err
	}
	labels := map[string]int16{}
	ref := func(field, label string) (int16, error) {
		id, ok := labels[label]
		if !ok {
			return none, fmt.Errorf("%s: no earlier card labelled %q (as: LABEL)", field, label)
		}
		return id, nil
	}
	for i, tc := range su.Table {
		field := fmt.Sprintf("table[%d]", i)
		seat, err := s.seatNamed(field+".seat", tc.Seat)
		if err != nil {
			return err
		}
		id, err := s.take(field+".card", seat, tc.Card)
		if err != nil {
			return err
		}
		d := s.def(id)
		c := &s.c[id]
		c.zone = zPlay
		switch {
		case d.Type == TypeWeather:
			if s.weather >= 0 {
				return fmt.Errorf("%s: one weather at a time", field)
			}
			s.weather = id
		case d.Area:
			c.area = id
		case d.Type == TypeStructure:
			at, err := ref(field+".at", tc.At)
			if err != nil {
				return err
			}
			if !s.isArea(at) {
				return fmt.Errorf("%s.at: %s is not an area", field, tc.At)
			}
			c.area = at
		case d.Type == TypeUnit:
			switch {
			case tc.In != "":
				in, err := ref(field+".in", tc.In)
				if err != nil {
					return err
				}
				if !s.isStructure(in) {
					return fmt.Errorf("%s.in: %s is not a structure", field, tc.In)
				}
				if !s.fits(d, in) {
					return fmt.Errorf("%s.in: no room for %s in %s", field, d.Name, tc.In)
				}
				c.area, c.in = s.c[in].area, in
			case tc.At != "":
				at, err := ref(field+".at", tc.At)
				if err != nil {
					return err
				}
				if !s.isArea(at) {
					return fmt.Errorf("%s.at: %s is not an area", field, tc.At)
				}
				c.area = at
			default:
				return fmt.Errorf("%s: a unit is in a structure (in) or outside in an area (at)", field)
			}
		case d.Type == TypeTactic:
			if d.Effect != EffAttach {
				return fmt.Errorf("%s: only curses, items and sicknesses stay on the table", field)
			}
			on, err := ref(field+".on", tc.On)
			if err != nil {
				return err
			}
			if !s.isUnit(on) {
				return fmt.Errorf("%s.on: %s is not a unit", field, tc.On)
			}
			s.attach(id, on)
		}
		if tc.Damage < 0 || tc.Damage >= int(d.H) && d.H > 0 {
			return fmt.Errorf("%s.damage: %d, want 0 to %d", field, tc.Damage, max(int(d.H)-1, 0))
		}
		c.dmg = int8(tc.Damage)
		if tc.Marked {
			if d.Type != TypeUnit {
				return fmt.Errorf("%s.marked: only a unit is marked", field)
			}
			c.flags |= fMarked
		}
		if tc.Conquer {
			if d.Type != TypePath {
				return fmt.Errorf("%s.conquer: only a path is put into play for Conquer", field)
			}
			c.flags |= fConquer
		}
		if tc.As != "" {
			if _, dup := labels[tc.As]; dup {
				return fmt.Errorf("%s.as: label %q used twice", field, tc.As)
			}
			labels[tc.As] = id
		}
	}
	for _, pile := range []struct {
		name string
		m    map[string][]string
		zone uint8
	}{{"hands", su.Hands, zHand}, {"removed", su.Removed, zRemoved}} {
		for name, cards := range pile.m {
			seat, err := s.seatNamed(pile.name, name)
			if err != nil {
				return err
			}
			for k, cn := range cards {
				id, err := s.take(fmt.Sprintf("%s.%s[%d]", pile.name, name, k), seat, cn)
				if err != nil {
					return err
				}
				s.c[id].zone = pile.zone
			}
		}
	}
	// captured: {two: [one:farmer]}: cards of another player's deck.
	for name, cards := range su.Captured {
		captor, err := s.seatNamed("captured", name)
		if err != nil {
			return err
		}
		for k, cn := range cards {
			field := fmt.Sprintf("captured.%s[%d]", name, k)
			from, card, ok := strings.Cut(cn, ":")
			if !ok {
				return fmt.Errorf("%s: write SEAT:CARD, the captured unit's owner and name", field)
			}
			seat, err := s.seatNamed(field, from)
			if err != nil {
				return err
			}
			id, err := s.take(field, seat, card)
			if err != nil {
				return err
			}
			if s.def(id).Type != TypeUnit {
				return fmt.Errorf("%s: only units are captured", field)
			}
			s.c[id].zone, s.c[id].holder = zCaptured, captor
		}
	}
	if err := s.stack(su.Decks); err != nil {
		return err
	}
	for i := int8(0); i < s.seats; i++ {
		s.fed[i] = int16(s.countFood(i))
		s.nhand[i] = uint8(s.countHand(i))
	}
	s.stage = stPlay
	s.startTurn(start, nil)
	s.settle(nil)
	return nil
}

// stack puts the named cards on top of the decks, the first named on top.
func (s *State) stack(decks map[string][]string) error {
	for name, cards := range decks {
		seat, err := s.seatNamed("decks", name)
		if err != nil {
			return err
		}
		var ids []int16
		for k, cn := range cards {
			id, err := s.take(fmt.Sprintf("decks.%s[%d]", name, k), seat, cn)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		p := &s.p[seat]
		for k := len(ids) - 1; k >= 0; k-- {
			s.c[ids[k]].zone = zDeck
			p.deck[p.n] = ids[k]
			p.n++
		}
	}
	return nil
}

var _ engine.Arranger = (*State)(nil)
