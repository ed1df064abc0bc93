package runewars

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"skald/engine"
)

// Setup is what a scenario may arrange before the first action: a board
// of tiles laid where it says, and a position at the start of a season's
// order choice (or of a season card). Factions, areas, units, tiles and
// cards are named by their ids.
type Setup struct {
	// Tiles are laid in order, quest tiles and home realms alike, without
	// the laying rules (a scenario of those plays the setup instead).
	Tiles []TileSetup `json:"tiles"`
	// Year (1 when absent) and Season (spring when absent) of the position.
	Year   int    `json:"year"`
	Season string `json:"season"`
	// Start is "orders" (the default: every player is about to choose an
	// order card) or "season": the season's card, Card, is drawn and
	// resolved first.
	Start string `json:"start"`
	Card  string `json:"card"`
	// Decks puts season cards on top of their decks, top first.
	Decks map[string][]string `json:"decks"`
	// Victory lays a faction's Victory card on a season's deck.
	Victory map[string]string `json:"victory"`
	// Fate puts fate cards, by number, on top of the fate deck, top first.
	Fate []int `json:"fate"`
	// Discards puts fate cards, by number, in the discard pile, first
	// discarded first; they leave the deck (Limits 1: an exhausted deck is
	// made again from them).
	Discards []int                  `json:"discards"`
	Players  map[string]PlayerSetup `json:"players"`
	// Units lists the figures of each area: "FACTION UNIT", "neutral
	// UNIT", or a faction and a neutral unit for an ally, with "routed"
	// after it for a routed figure: "daqan footman routed".
	Units map[string][]string `json:"units"`
	// Keeps are strongholds: "FACTION", with "damaged" and "developed".
	Keeps map[string]string `json:"keeps"`
	// Runes are rune tokens: "dragon" or "false", with "up" when face up.
	// The players who control their areas have seen them.
	Runes  map[string]string `json:"runes"`
	Cities map[string]string `json:"cities"`
	Frost  map[string]int    `json:"frost"`
	// Peasants gives areas a faction's Peasant token (DEV-PEA).
	Peasants map[string]string `json:"peasants"`
	// Desolation names the areas with a desolation token.
	Desolation []string            `json:"desolation"`
	Active     map[string][]string `json:"active"`
	// Heroes puts hero cards, by id, on the board. The quest, reward and
	// hero decks are built in the content's order (not shuffled):
	// QuestDeck and RewardDeck put cards on top of theirs, top first.
	Heroes     map[string]HeroSetup `json:"heroes"`
	Quests     map[string][]string  `json:"quests"` // each faction's quest cards in hand
	QuestDeck  []string             `json:"questDeck"`
	RewardDeck []string             `json:"rewardDeck"`
	// Dropped puts reward cards on a Defeated Hero marker in an area.
	Dropped map[string][]string `json:"dropped"`
	// Objectives gives factions objective cards in hand (a player holds
	// none unless named: RW-S12); the decks are in the content's order
	// and ObjectiveDeck puts cards on top of their alignment's, top first.
	Objectives    map[string][]string `json:"objectives"`
	ObjectiveDeck []string            `json:"objectiveDeck"`
	// Titles gives title cards a holder and the Influence on them.
	Titles map[string]TitleSetup `json:"titles"`
}

// TitleSetup is a title's holder (a faction) and the Influence on it.
type TitleSetup struct {
	Holder    string `json:"holder"`
	Influence int    `json:"influence"`
}

// HeroSetup is one hero on the board: its faction and area, routed or
// not, its damage, its training tokens (attribute: 1 or 2) and the reward
// cards under it.
type HeroSetup struct {
	Faction string         `json:"faction"`
	Area    string         `json:"area"`
	Routed  bool           `json:"routed"`
	Damage  int            `json:"damage"`
	Train   map[string]int `json:"train"`
	Rewards []string       `json:"rewards"`
	// Commander is its Commander card's id, with the commanders option
	// (CMD-SETUP).
	Commander string `json:"commander"`
}

// TileSetup lays one tile: area 0 at At (q, r), in turn Turn (0-5).
type TileSetup struct {
	Tile string `json:"tile"`
	At   [2]int `json:"at"`
	Turn int    `json:"turn"`
}

// PlayerSetup is one faction's dials, Influence, Tactics cards and the
// order cards it has played this year.
type PlayerSetup struct {
	Food      *int     `json:"food"`
	Wood      *int     `json:"wood"`
	Ore       *int     `json:"ore"`
	Influence *int     `json:"influence"`
	Tactics   *int     `json:"tactics"`
	Played    []string `json:"played"`
	// Hand names Tactics cards in hand drawn before this season, so
	// playable now; Tactics (default 1, as at setup) adds cards from
	// the top of the deck, drawn this season (RW-S13).
	Hand []string `json:"hand"`
	// Developments are the Development cards bought; CapitalLost, that
	// his Capital was destroyed (DEV; RW-D18).
	Developments []string `json:"developments"`
	CapitalLost  bool     `json:"capitalLost"`
	// Lieutenant puts a Lieutenant General in play before him (CMD-LG;
	// the commanders option).
	Lieutenant bool `json:"lieutenant"`
}

// Arrange sets the match up as setup (JSON of a Setup) says. It is
// allowed only before the first action; on an error nothing changes.
func (s *State) Arrange(setup []byte) error {
	var su Setup
	dec := json.NewDecoder(bytes.NewReader(setup))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&su); err != nil {
		return fmt.Errorf("runewars setup: %w", err)
	}
	if s.stage != stTiles || s.setupStep != 0 || s.b.placed != 0 {
		return fmt.Errorf("runewars setup: only before the first action")
	}
	c := s.Clone().(*State)
	if err := c.arrange(&su); err != nil {
		return fmt.Errorf("runewars setup: %w", err)
	}
	*s = *c
	return nil
}

func (s *State) arrange(su *Setup) error {
	c := s.c
	if len(su.Tiles) == 0 {
		return fmt.Errorf("tiles: none laid")
	}
	for i, ts := range su.Tiles {
		t, ok := c.TileByID(ts.Tile)
		if !ok {
			return fmt.Errorf("tiles[%d]: no tile %q", i, ts.Tile)
		}
		if ts.Turn < 0 || ts.Turn > 5 {
			return fmt.Errorf("tiles[%d]: turn %d is not 0 to 5", i, ts.Turn)
		}
		if s.b.placed.has(c.Tiles[t].Areas[0]) {
			return fmt.Errorf("tiles[%d]: %s is laid twice", i, ts.Tile)
		}
		p := placement{at: hex{int16(ts.At[0]), int16(ts.At[1])}, turn: int8(ts.Turn)}
		for _, h := range tileCells(p.at, ts.Turn) {
			if _, taken := s.b.cells.get(h); taken {
				return fmt.Errorf("tiles[%d]: %s overlaps a tile laid before", i, ts.Tile)
			}
		}
		s.b = s.b.with(c, t, p)
	}
	for p := range s.tileHand {
		s.tileHand[p] = [2]int8{-1, -1}
	}
	for p := 0; p < int(s.n); p++ {
		s.players[p].runeHand = [2]int8{}
	}
	seat := func(field, id string) (int8, error) {
		for p := int8(0); p < s.n; p++ {
			if c.Factions[s.players[p].faction].ID == id {
				return p, nil
			}
		}
		return 0, fmt.Errorf("%s: no faction %q in a %d-player match", field, id, s.n)
	}
	area := func(field, id string) (int, error) {
		a, ok := c.AreaByID(id)
		if !ok || !s.b.placed.has(a) {
			return 0, fmt.Errorf("%s: no area %q on the board", field, id)
		}
		return a, nil
	}
	seasonOf := func(field, name string) (int, error) {
		if name == "" {
			return spring, nil
		}
		for i, n := range seasonNames {
			if n == name {
				return i, nil
			}
		}
		return 0, fmt.Errorf("%s: %q is not spring, summer, autumn or winter", field, name)
	}
	s.year = int8(su.Year)
	if su.Year == 0 {
		s.year = 1
	}
	if int(s.year) < 1 || s.year > s.years {
		return fmt.Errorf("year: %d is not 1 to %d", su.Year, s.years)
	}
	se, err := seasonOf("season", su.Season)
	if err != nil {
		return err
	}
	s.season = int8(se)
	for _, id := range sortedKeysOf(su.Players) {
		p, err := seat("players", id)
		if err != nil {
			return err
		}
		ps := su.Players[id]
		pl := &s.players[p]
		for r, v := range []*int{ps.Food, ps.Wood, ps.Ore} {
			if v == nil {
				continue
			}
			if *v < 0 || *v > maxDial {
				return fmt.Errorf("players.%s.%s: %d is not 0 to %d", id, resourceNames[r], *v, maxDial)
			}
			pl.dials[r] = int8(*v)
		}
		if ps.Influence != nil {
			if *ps.Influence < 0 || *ps.Influence > 999 {
				return fmt.Errorf("players.%s.influence: %d is not 0 to 999", id, *ps.Influence)
			}
			pl.influence = int16(*ps.Influence)
		}
		if ps.Tactics != nil {
			if *ps.Tactics < 0 || *ps.Tactics > handLimit {
				return fmt.Errorf("players.%s.tactics: %d is not 0 to %d", id, *ps.Tactics, handLimit)
			}
			pl.tactics = int8(*ps.Tactics) // dealt below
		}
		for _, o := range ps.Played {
			v := -1
			for i := 1; i <= oFortify; i++ {
				if orderNames[i] == o {
					v = i
				}
			}
			if v < 0 {
				return fmt.Errorf("players.%s.played: %q is not an order", id, o)
			}
			pl.played[v] = true
		}
		for i, d := range ps.Developments {
			k, ok := c.DevByID(d)
			if !ok || c.Developments[k].Faction != int(pl.faction) {
				return fmt.Errorf("players.%s.developments[%d]: %q is not a Development card of the faction", id, i, d)
			}
			pl.devCards |= 1 << k
		}
		pl.capLost = ps.CapitalLost
	}
	for _, id := range sortedKeysOf(su.Units) {
		a, err := area("units", id)
		if err != nil {
			return err
		}
		for i, text := range su.Units[id] {
			field := fmt.Sprintf("units.%s[%d]", id, i)
			f := strings.Fields(text)
			routed := len(f) == 3 && f[2] == "routed"
			if len(f) != 2 && !routed {
				return fmt.Errorf("%s: %q: want \"FACTION UNIT\" or \"neutral UNIT\", with \"routed\" after it", field, text)
			}
			owner := int8(-1)
			if f[0] != "neutral" {
				if owner, err = seat(field, f[0]); err != nil {
					return err
				}
			}
			u, ok := c.UnitByID(f[1])
			if !ok {
				return fmt.Errorf("%s: no unit %q", field, f[1])
			}
			uf := c.Units[u].Faction
			if owner < 0 && uf >= 0 || owner >= 0 && uf >= 0 && uf != int(s.players[owner].faction) {
				return fmt.Errorf("%s: %s is not a %s unit", field, f[1], f[0])
			}
			if s.onBoard(u, owner) >= s.supplyOf(u, owner) {
				return fmt.Errorf("%s: no %s left in the supply", field, f[1])
			}
			fi := s.addFig(u, owner, a)
			if fi < 0 {
				return fmt.Errorf("%s: too many figures", field)
			}
			s.figs[fi].routed = routed
		}
	}
	for _, id := range sortedKeysOf(su.Keeps) {
		a, err := area("keeps", id)
		if err != nil {
			return err
		}
		f := strings.Fields(su.Keeps[id])
		if len(f) == 0 {
			return fmt.Errorf("keeps.%s: empty", id)
		}
		owner, err := seat("keeps."+id, f[0])
		if err != nil {
			return err
		}
		k := keep{owner: owner}
		for _, w := range f[1:] {
			switch w {
			case "damaged":
				k.damaged = true
			case "developed":
				k.dev = true
			case "capital":
				k.capital = true // DEV-CAP
			default:
				return fmt.Errorf("keeps.%s: %q is not damaged, developed or capital", id, w)
			}
		}
		s.keeps[a] = k
		s.touch()
	}
	for _, id := range sortedKeysOf(su.Runes) {
		a, err := area("runes", id)
		if err != nil {
			return err
		}
		f := strings.Fields(su.Runes[id])
		if len(f) == 0 || f[0] != "dragon" && f[0] != "false" || len(f) > 2 || len(f) == 2 && f[1] != "up" {
			return fmt.Errorf("runes.%s: %q: want dragon or false, with up after it for a face-up token", id, su.Runes[id])
		}
		s.addRune(a, f[0] == "dragon", 0)
		s.runes[s.nrunes-1].up = len(f) == 2
	}
	for _, id := range sortedKeysOf(su.Cities) {
		a, err := area("cities", id)
		if err != nil {
			return err
		}
		lostCity := c.LostCity >= 0 && su.Cities[id] == c.Cities[c.LostCity].ID
		if lostCity && a != c.Tiles[c.LostTile].Areas[0] {
			return fmt.Errorf("cities.%s: the Lost City appears only in tile 12's first area", id)
		}
		if !c.Areas[a].City && !lostCity {
			return fmt.Errorf("cities.%s: the area has no city space", id)
		}
		found := false
		for i := range c.Cities {
			if c.Cities[i].ID == su.Cities[id] {
				s.city[a] = int8(i)
				found = true
			}
		}
		if !found {
			return fmt.Errorf("cities.%s: no city token %q", id, su.Cities[id])
		}
	}
	for _, id := range sortedKeysOf(su.Frost) {
		a, err := area("frost", id)
		if err != nil {
			return err
		}
		if n := su.Frost[id]; n < 0 || n > 9 {
			return fmt.Errorf("frost.%s: %d is not 0 to 9", id, n)
		}
		s.frost[a] = int8(su.Frost[id])
	}
	for _, id := range sortedKeysOf(su.Peasants) {
		a, err := area("peasants", id)
		if err != nil {
			return err
		}
		p, err := seat("peasants."+id, su.Peasants[id])
		if err != nil {
			return err
		}
		s.peasant[a] = p + 1
		s.touch()
	}
	for i, id := range su.Desolation {
		a, err := area(fmt.Sprintf("desolation[%d]", i), id)
		if err != nil {
			return err
		}
		s.desol[a] = true
	}
	for _, id := range sortedKeysOf(su.Active) {
		a, err := area("active", id)
		if err != nil {
			return err
		}
		for _, f := range su.Active[id] {
			p, err := seat("active."+id, f)
			if err != nil {
				return err
			}
			s.active[a] = s.active[a].With(engine.Seat(p))
		}
	}
	for _, name := range sortedKeysOf(su.Decks) {
		se, err := seasonOf("decks", name)
		if err != nil {
			return err
		}
		if err := s.stackSeason(se, su.Decks[name]); err != nil {
			return fmt.Errorf("decks.%s: %w", name, err)
		}
	}
	for _, name := range sortedKeysOf(su.Victory) {
		se, err := seasonOf("victory", name)
		if err != nil {
			return err
		}
		p, err := seat("victory."+name, su.Victory[name])
		if err != nil {
			return err
		}
		s.victoryOn[se] = p
		s.players[p].victory = int8(se)
	}
	if len(su.Fate) > 0 {
		var top []int8
		for i, n := range su.Fate {
			if n < 1 || n > len(c.Fate) {
				return fmt.Errorf("fate[%d]: %d is not a card number 1 to %d", i, n, len(c.Fate))
			}
			for _, t := range top {
				if int(t) == n-1 {
					return fmt.Errorf("fate[%d]: card %d is named twice", i, n)
				}
			}
			top = append(top, int8(n-1))
		}
		rest := s.fate[:0:0]
		for _, x := range s.fate[:s.nfate] {
			keep := true
			for _, t := range top {
				if t == x {
					keep = false
				}
			}
			if keep {
				rest = append(rest, x)
			}
		}
		copy(s.fate[:], append(top, rest...))
	}
	for i, n := range su.Discards {
		if n < 1 || n > len(c.Fate) {
			return fmt.Errorf("discards[%d]: %d is not a card number 1 to %d", i, n, len(c.Fate))
		}
		at := -1
		for k, x := range s.fate[:s.nfate] {
			if int(x) == n-1 {
				at = k
			}
		}
		if at < 0 {
			return fmt.Errorf("discards[%d]: card %d is named twice", i, n)
		}
		for k := 0; k < len(su.Fate); k++ {
			if su.Fate[k] == n {
				return fmt.Errorf("discards[%d]: card %d is also on top of the deck (fate)", i, n)
			}
		}
		copy(s.fate[at:s.nfate], s.fate[at+1:s.nfate])
		s.nfate--
		s.fateOut[s.nout] = int8(n - 1)
		s.nout++
	}
	if err := s.arrangeHeroes(su, seat, area); err != nil {
		return err
	}
	if err := s.arrangeObjectives(su, seat); err != nil {
		return err
	}
	for _, id := range sortedKeysOf(su.Titles) {
		t, ok := c.TitleByID(id)
		if !ok {
			return fmt.Errorf("titles: no title %q", id)
		}
		p, err := seat("titles."+id+".holder", su.Titles[id].Holder)
		if err != nil {
			return err
		}
		if n := su.Titles[id].Influence; n < 1 || n > 99 {
			return fmt.Errorf("titles.%s.influence: %d is not 1 to 99", id, n)
		}
		s.titleBy[t], s.titleInf[t] = p, int8(su.Titles[id].Influence)
	}
	s.learnRunes()
	if err := s.arrangeTactics(su); err != nil {
		return err
	}
	switch su.Start {
	case "", "orders":
		if su.Card != "" {
			card, ok := s.seasonCard(su.Card)
			if !ok || c.Seasons[card].Season != se {
				return fmt.Errorf("card: %q is not a %s card", su.Card, seasonNames[se])
			}
			s.card = int8(card)
		} else {
			s.card = s.decks[se][0]
		}
		s.startOrders()
	case "season":
		if su.Card != "" {
			if err := s.stackSeason(se, []string{su.Card}); err != nil {
				return fmt.Errorf("card: %w", err)
			}
		}
		s.beginSeason(nil)
		s.run(nil)
	default:
		return fmt.Errorf("start: %q is not orders or season", su.Start)
	}
	return nil
}

func (s *State) seasonCard(id string) (int, bool) {
	for i := range s.c.Seasons {
		if s.c.Seasons[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// stackSeason puts the named cards on top of season se's deck, in order.
func (s *State) stackSeason(se int, ids []string) error {
	var top []int8
	for i, id := range ids {
		card, ok := s.seasonCard(id)
		if !ok || s.c.Seasons[card].Season != se {
			return fmt.Errorf("[%d]: %q is not a %s card", i, id, seasonNames[se])
		}
		top = append(top, int8(card))
	}
	s.shuffleSeason(se)
	var rest []int8
	for _, x := range s.decks[se][:s.ndeck[se]] {
		in := false
		for _, t := range top {
			in = in || t == x
		}
		if !in {
			rest = append(rest, x)
		}
	}
	all := append(top, rest...)
	copy(s.decks[se][:], all)
	s.ndeck[se] = int8(len(all))
	return nil
}

func sortedKeysOf[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// arrangeHeroes builds the hero, quest and reward decks in the content's
// order and puts the heroes, quests and rewards the setup names.
func (s *State) arrangeHeroes(su *Setup, seat func(string, string) (int8, error), area func(string, string) (int, error)) error {
	c := s.c
	s.nhdeck = [2]int8{}
	for h := range c.Heroes {
		s.heroes[h] = heroFig{owner: -1, area: noArea}
	}
	s.buildQuestDeck()
	s.ncdeck, s.cOut = 0, 0
	for i := range c.Commanders {
		s.cdeck[s.ncdeck] = int8(i)
		s.ncdeck++
	}
	for r := range c.Rewards {
		s.rdeck[r] = int8(r)
	}
	s.nrdeck = int8(len(c.Rewards))
	takeReward := func(field, id string) (int, error) {
		r, ok := c.RewardByID(id)
		if !ok {
			return 0, fmt.Errorf("%s: no reward card %q", field, id)
		}
		for i := 0; i < int(s.nrdeck); i++ {
			if int(s.rdeck[i]) == r {
				copy(s.rdeck[i:s.nrdeck], s.rdeck[i+1:s.nrdeck])
				s.nrdeck--
				return r, nil
			}
		}
		return 0, fmt.Errorf("%s: reward card %q is named twice", field, id)
	}
	for _, id := range sortedKeysOf(su.Heroes) {
		hs := su.Heroes[id]
		field := "heroes." + id
		h, ok := c.HeroByID(id)
		if !ok {
			return fmt.Errorf("%s: no hero %q", field, id)
		}
		p, err := seat(field+".faction", hs.Faction)
		if err != nil {
			return err
		}
		if c.Heroes[h].Good != c.Factions[s.players[p].faction].Good {
			return fmt.Errorf("%s: %s is not of %s's alignment", field, id, hs.Faction)
		}
		a, err := area(field+".area", hs.Area)
		if err != nil {
			return err
		}
		hf := heroFig{owner: p, area: int8(a), routed: hs.Routed, dmg: int8(hs.Damage)}
		if hs.Damage < 0 || hs.Damage >= c.Heroes[h].Health {
			return fmt.Errorf("%s.damage: %d is not 0 to %d", field, hs.Damage, c.Heroes[h].Health-1)
		}
		for _, name := range sortedKeysOf(hs.Train) {
			at, err := parseAttr(field+".train", name)
			if err != nil {
				return err
			}
			if v := hs.Train[name]; v < 1 || v > 2 {
				return fmt.Errorf("%s.train.%s: %d is not 1 or 2", field, name, v)
			}
			hf.train[at] = int8(hs.Train[name])
		}
		for i, rid := range hs.Rewards {
			r, err := takeReward(fmt.Sprintf("%s.rewards[%d]", field, i), rid)
			if err != nil {
				return err
			}
			hf.rewards |= 1 << uint(r)
		}
		if hs.Commander != "" {
			k, ok := c.CommanderByID(hs.Commander)
			if !ok || !s.cmds {
				return fmt.Errorf("%s.commander: no Commander card %q (the commanders option must be on)", field, hs.Commander)
			}
			found := false
			for i := 0; i < int(s.ncdeck); i++ {
				if int(s.cdeck[i]) == k {
					copy(s.cdeck[i:s.ncdeck], s.cdeck[i+1:s.ncdeck])
					s.ncdeck--
					found = true
					break
				}
			}
			if !found {
				return fmt.Errorf("%s.commander: %q is named twice", field, hs.Commander)
			}
			hf.cmd = int8(k + 1)
		}
		s.heroes[h] = hf
	}
	for h := range c.Heroes {
		if s.heroes[h].owner < 0 {
			g := b2i(c.Heroes[h].Good)
			s.hdeck[g][s.nhdeck[g]] = int8(h)
			s.nhdeck[g]++
		}
	}
	pull := func(q int) {
		for i := 0; i < int(s.nqdeck); i++ {
			if int(s.qdeck[i]) == q {
				copy(s.qdeck[i:s.nqdeck], s.qdeck[i+1:s.nqdeck])
				s.nqdeck--
				return
			}
		}
	}
	for _, fid := range sortedKeysOf(su.Quests) {
		p, err := seat("quests", fid)
		if err != nil {
			return err
		}
		if len(su.Quests[fid]) > questLimit {
			return fmt.Errorf("quests.%s: %d quest cards, at most %d (Limits 5)", fid, len(su.Quests[fid]), questLimit)
		}
		for i, id := range su.Quests[fid] {
			q, ok := c.QuestByID(id)
			if !ok || s.qAt[q] != qDeck {
				return fmt.Errorf("quests.%s[%d]: %q is not a quest card in the deck (its area must be on the board)", fid, i, id)
			}
			pull(q)
			s.qAt[q] = p
		}
	}
	var top []int8
	for i, id := range su.QuestDeck {
		q, ok := c.QuestByID(id)
		if !ok || s.qAt[q] != qDeck {
			return fmt.Errorf("questDeck[%d]: %q is not a quest card in the deck", i, id)
		}
		pull(q)
		top = append(top, int8(q))
	}
	rest := append(top, s.qdeck[:s.nqdeck]...)
	copy(s.qdeck[:], rest)
	s.nqdeck = int8(len(rest))
	for _, aid := range sortedKeysOf(su.Dropped) {
		a, err := area("dropped", aid)
		if err != nil {
			return err
		}
		for i, rid := range su.Dropped[aid] {
			r, err := takeReward(fmt.Sprintf("dropped.%s[%d]", aid, i), rid)
			if err != nil {
				return err
			}
			s.dropped[a] |= 1 << uint(r)
		}
	}
	var rtop []int8
	for i, id := range su.RewardDeck {
		r, err := takeReward(fmt.Sprintf("rewardDeck[%d]", i), id)
		if err != nil {
			return err
		}
		rtop = append(rtop, int8(r))
	}
	rr := append(rtop, s.rdeck[:s.nrdeck]...)
	copy(s.rdeck[:], rr)
	s.nrdeck = int8(len(rr))
	return nil
}

// arrangeObjectives builds the objective decks in the content's order and
// deals the objectives the setup names (RW-S12).
func (s *State) arrangeObjectives(su *Setup, seat func(string, string) (int8, error)) error {
	c := s.c
	s.prepareObjectives(false)
	pull := func(o int) {
		g := b2i(c.Objectives[o].Good)
		for i := 0; i < int(s.nodeck[g]); i++ {
			if int(s.odeck[g][i]) == o {
				copy(s.odeck[g][i:s.nodeck[g]], s.odeck[g][i+1:s.nodeck[g]])
				s.nodeck[g]--
				return
			}
		}
	}
	for _, fid := range sortedKeysOf(su.Objectives) {
		p, err := seat("objectives", fid)
		if err != nil {
			return err
		}
		if len(su.Objectives[fid]) > objectiveLimit {
			return fmt.Errorf("objectives.%s: %d objective cards, at most %d (Limits 3)", fid, len(su.Objectives[fid]), objectiveLimit)
		}
		for i, id := range su.Objectives[fid] {
			o, ok := c.ObjectiveByID(id)
			if !ok || s.objAt[o] != oDeck {
				return fmt.Errorf("objectives.%s[%d]: %q is not an objective card in the deck", fid, i, id)
			}
			if c.Objectives[o].Good != c.Factions[s.players[p].faction].Good {
				return fmt.Errorf("objectives.%s[%d]: %s is not of %s's alignment", fid, i, id, fid)
			}
			pull(o)
			s.objAt[o] = p
		}
	}
	var top [2][]int8
	for i, id := range su.ObjectiveDeck {
		o, ok := c.ObjectiveByID(id)
		if !ok || s.objAt[o] != oDeck {
			return fmt.Errorf("objectiveDeck[%d]: %q is not an objective card in the deck", i, id)
		}
		pull(o)
		g := b2i(c.Objectives[o].Good)
		top[g] = append(top[g], int8(o))
	}
	for g := range top {
		rest := append(top[g], s.odeck[g][:s.nodeck[g]]...)
		copy(s.odeck[g][:], rest)
		s.nodeck[g] = int8(len(rest))
	}
	return nil
}

// arrangeTactics deals the Tactics cards of a scenario: the deck in the
// content's order, each player's named hand (playable this season), then
// his count from the top, drawn this season (RW-S13).
func (s *State) arrangeTactics(su *Setup) error {
	want := [maxPlayers]int{}
	for p := int8(0); p < s.n; p++ {
		want[p] = int(s.players[p].tactics)
	}
	s.prepareTactics(false)
	for p := int8(0); p < s.n; p++ {
		id := s.c.Factions[s.players[p].faction].ID
		ps := su.Players[id]
		if len(ps.Hand)+want[p] > handLimit {
			return fmt.Errorf("players.%s: %d Tactics cards, at most %d (Limits 7)", id, len(ps.Hand)+want[p], handLimit)
		}
		for i, name := range ps.Hand {
			k, ok := s.c.TacticByID(name)
			if !ok {
				return fmt.Errorf("players.%s.hand[%d]: no Tactics card %q", id, i, name)
			}
			c := -1
			for j := 0; j < int(s.ntdeck); j++ {
				if int(s.c.TacticDeck[s.tdeck[j]]) == k {
					c = j
					break
				}
			}
			if c < 0 {
				return fmt.Errorf("players.%s.hand[%d]: no %s left in the deck", id, i, name)
			}
			card := s.tdeck[c]
			copy(s.tdeck[c:s.ntdeck], s.tdeck[c+1:s.ntdeck])
			s.ntdeck--
			s.tAt[card], s.tNew[card] = p, 0
			s.players[p].tactics++
		}
	}
	for p := int8(0); p < s.n; p++ {
		s.drawTactics(p, want[p])
	}
	for p := int8(0); p < s.n; p++ {
		id := s.c.Factions[s.players[p].faction].ID
		if !su.Players[id].Lieutenant {
			continue
		}
		c := -1
		for j := 0; j < int(s.ntdeck); j++ {
			if s.c.Tactics[s.c.TacticDeck[s.tdeck[j]]].Effect == TeCommanders {
				c = j
				break
			}
		}
		if c < 0 {
			return fmt.Errorf("players.%s.lieutenant: no Lieutenant General in the deck (the commanders option must be on)", id)
		}
		card := s.tdeck[c]
		copy(s.tdeck[c:s.ntdeck], s.tdeck[c+1:s.ntdeck])
		s.ntdeck--
		s.tAt[card], s.players[p].lieut = tInPlay, card+1
	}
	return nil
}
