package bloodrage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"skald/engine"
	"skald/engine/decide"
)

// Setup is what a scenario may arrange before the first action: a
// position in an Age's Action phase, the draft skipped. Cards are named
// by id; each is a copy of that card not used elsewhere in the setup.
type Setup struct {
	Age       int                  `json:"age"`   // 1 to 3; 1 when absent
	First     string               `json:"first"` // the first player; the seat's clan
	Turn      string               `json:"turn"`  // the clan to act; First when absent
	Destroyed []string             `json:"destroyed"`
	Pillaged  []string             `json:"pillaged"`
	Tokens    map[string]string    `json:"tokens"` // province: reward id
	Doom      []string             `json:"doom"`   // the provinces of the three Ragnaröks
	Clans     map[string]ClanSetup `json:"clans"`
}

// ClanSetup is one clan's sheet, cards and figures. Figures maps a
// location (a province, a fjord, "valhalla" or "reserve") to the figures
// there: leader, warrior, ship, or a monster of the clan's upgrades.
// Figures not named stay in the reserve.
type ClanSetup struct {
	Glory    int                 `json:"glory"`
	Rage     *int                `json:"rage"`  // Rage left; the Rage stat when absent
	Stats    map[string]int      `json:"stats"` // steps 1 to 6
	Hand     []string            `json:"hand"`
	Quests   []string            `json:"quests"`
	Upgrades []string            `json:"upgrades"`
	Figures  map[string][]string `json:"figures"`
}

// Arrange sets the match up as setup (JSON of a Setup) says. It is
// allowed only before the first action; on an error nothing changes.
func (s *State) Arrange(setup []byte) error {
	var su Setup
	dec := json.NewDecoder(bytes.NewReader(setup))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&su); err != nil {
		return fmt.Errorf("bloodrage setup: %w", err)
	}
	if s.phase != phDraft || s.age != 0 || s.draft.Passes() != 0 || s.draft.Waiting() != engine.SeatSet(1<<s.n-1) {
		return fmt.Errorf("bloodrage setup: only before the first action")
	}
	c := s.Clone().(*State)
	if err := c.arrange(&su); err != nil {
		return fmt.Errorf("bloodrage setup: %w", err)
	}
	*s = *c
	return nil
}

func (s *State) arrange(su *Setup) error {
	if su.Age == 0 {
		su.Age = 1
	}
	if su.Age < 1 || su.Age > 3 {
		return fmt.Errorf("age: %d is not 1, 2 or 3", su.Age)
	}
	s.age = int8(su.Age - 1)
	s.draft = decide.Draft{}
	s.undealt = 0
	s.phase = phAction
	seat := func(field, name string) (int8, error) {
		for p := range int(s.n) {
			if clanNames[p] == name {
				return int8(p), nil
			}
		}
		return 0, fmt.Errorf("%s: no clan %q in a %d-clan match", field, name, s.n)
	}
	prov := func(field, id string) (int, error) {
		if p, ok := s.c.ProvinceByID(id); ok {
			return p, nil
		}
		return 0, fmt.Errorf("%s: no province %q", field, id)
	}
	var err error
	if su.First != "" {
		if s.first, err = seat("first", su.First); err != nil {
			return err
		}
	}
	s.turn = s.first
	if su.Turn != "" {
		if s.turn, err = seat("turn", su.Turn); err != nil {
			return err
		}
	}
	if su.Destroyed != nil {
		s.destroyed = 0
		for _, id := range su.Destroyed {
			p, err := prov("destroyed", id)
			if err != nil {
				return err
			}
			s.destroyed |= 1 << p
		}
	}
	for _, id := range su.Pillaged {
		p, err := prov("pillaged", id)
		if err != nil {
			return err
		}
		s.pillaged |= 1 << p
	}
	if len(su.Doom) > 0 {
		if len(su.Doom) != 3 {
			return fmt.Errorf("doom: %d provinces, want 3", len(su.Doom))
		}
		for i, id := range su.Doom {
			p, err := prov("doom", id)
			if err != nil {
				return err
			}
			if p >= numOuter {
				return fmt.Errorf("doom: %s is not an outer province", id)
			}
			s.doom[i] = int8(p)
		}
	}
	if len(su.Tokens) > 0 {
		// Each named province takes a token of that reward from another.
		for _, id := range sortedKeys(su.Tokens) {
			p, err := prov("tokens", id)
			if err != nil {
				return err
			}
			if p >= numOuter {
				return fmt.Errorf("tokens: %s has no token to arrange", id)
			}
			want := su.Tokens[id]
			if s.c.Rewards[s.token[p]].ID == want {
				continue
			}
			found := false
			for q := range numOuter {
				if s.c.Rewards[s.token[q]].ID == want && !(su.Tokens[s.c.Provinces[q].ID] == want) {
					s.token[p], s.token[q] = s.token[q], s.token[p]
					found = true
					break
				}
			}
			if !found {
				return fmt.Errorf("tokens: %s: no token %q left to put there", id, want)
			}
		}
	}
	// The cards: every card starts unused; the setup takes copies.
	s.unseen, s.discard, s.shown = cardSet{}, cardSet{}, cardSet{}
	var used cardSet
	take := func(field, id string) (int16, error) {
		for i := range s.c.Cards {
			if s.c.Cards[i].ID == id && !used.has(int16(i)) {
				used.add(int16(i))
				return int16(i), nil
			}
		}
		if _, ok := s.c.CardByID(id); ok {
			return 0, fmt.Errorf("%s: no copy of %q left", field, id)
		}
		return 0, fmt.Errorf("%s: no card %q", field, id)
	}
	for p := range int(s.n) {
		cl := &s.clans[p]
		cl.hand, cl.quest = cardSet{}, cardSet{}
		cl.rage = int8(s.statValue(p, Rage))
	}
	for _, name := range sortedKeys(su.Clans) {
		cs := su.Clans[name]
		p8, err := seat("clans", name)
		if err != nil {
			return err
		}
		p := int(p8)
		cl := &s.clans[p]
		field := "clans." + name
		cl.glory = int16(cs.Glory)
		for st, step := range cs.Stats {
			k, err := parseStat(st)
			if err != nil {
				return fmt.Errorf("%s.stats: %w", field, err)
			}
			if step < 1 || step > 6 {
				return fmt.Errorf("%s.stats.%s: step %d is not 1 to 6", field, st, step)
			}
			cl.stat[k] = int8(step - 1)
		}
		cl.rage = int8(s.statValue(p, Rage))
		if cs.Rage != nil {
			if *cs.Rage < 0 || *cs.Rage > 99 {
				return fmt.Errorf("%s.rage: %d is not 0 to 99", field, *cs.Rage)
			}
			cl.rage = int8(*cs.Rage)
		}
		if cs.Glory < 0 || cs.Glory > 9999 {
			return fmt.Errorf("%s.glory: %d is not 0 to 9999", field, cs.Glory)
		}
		for _, id := range cs.Hand {
			c, err := take(field+".hand", id)
			if err != nil {
				return err
			}
			cl.hand.add(c)
		}
		for _, id := range cs.Quests {
			c, err := take(field+".quests", id)
			if err != nil {
				return err
			}
			if s.card(c).Type != Quest {
				return fmt.Errorf("%s.quests: %s is not a quest", field, id)
			}
			cl.quest.add(c)
		}
		for _, id := range cs.Upgrades {
			c, err := take(field+".upgrades", id)
			if err != nil {
				return err
			}
			t := s.card(c).Type
			if t == Battle || t == Quest {
				return fmt.Errorf("%s.upgrades: %s is not an upgrade", field, id)
			}
			slot := s.emptySlot(p, t)
			if cl.up[slot] >= 0 {
				return fmt.Errorf("%s.upgrades: no empty %s slot for %s", field, typeNames[t], id)
			}
			cl.up[slot] = c
			if t == MonsterUp {
				s.place(p, figMonster+slot-slotMonster, locReserve)
			}
		}
		for _, loc := range sortedKeys(cs.Figures) {
			l := 0
			switch loc {
			case "valhalla":
				l = locValhal
			case "reserve":
				l = locReserve
			default:
				v, err := s.parseLoc(loc)
				if err != nil {
					return fmt.Errorf("%s.figures: %w", field, err)
				}
				l = int(v)
			}
			for _, w := range cs.Figures[loc] {
				k, err := s.parseKind(p, w)
				if err != nil {
					return fmt.Errorf("%s.figures.%s: %w", field, loc, err)
				}
				f := s.inReserve(p, int(k))
				if f < 0 {
					return fmt.Errorf("%s.figures.%s: no %s left to place", field, loc, w)
				}
				if l >= fjord0 && l < fjord0+numFjords && !s.isShip(p, int(k)) {
					return fmt.Errorf("%s.figures.%s: a %s does not stand in a fjord", field, loc, w)
				}
				if l < numProv && s.isShip(p, int(k)) {
					return fmt.Errorf("%s.figures.%s: a ship stands in a fjord", field, loc)
				}
				s.place(p, f, uint8(l))
			}
		}
	}
	for p := range numOuter {
		if !s.destroyedAt(p) && s.freeVillages(p) < 0 {
			return fmt.Errorf("figures: %s holds more figures than its %d villages", s.c.Provinces[p].ID, s.c.Provinces[p].Villages)
		}
	}
	if s.clans[s.turn].rage <= 0 {
		// A clan without Rage takes no turn, not even for a free action
		// (note 5).
		return fmt.Errorf("turn: %s has no Rage to act with (note 5)", clanNames[s.turn])
	}
	s.recount()
	// Every card the setup did not use lies out of play, unseen.
	for i := range s.c.Cards {
		if !used.has(int16(i)) {
			s.unseen.add(int16(i))
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
