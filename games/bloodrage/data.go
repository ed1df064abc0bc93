package bloodrage

import (
	"embed"
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
)

//go:embed data/board.yaml data/cards.yaml
var dataFS embed.FS

// Limits checked when the content is loaded.
const (
	outerProvinces = 8   // the ring of outer provinces (reference §1.2)
	trackSteps     = 6   // steps of a stat track (reference §1.4)
	maxStr         = 8   // the strongest card: Tyr's Judgement, +8
	maxGlory       = 30  // a quest's or a Dragons card's Glory
	maxCopies      = 9   // copies of one entry
	maxEntries     = 400 // entries of cards.yaml
	maxNameLen     = 40
	maxTextLen     = 240
)

// DefaultContent returns the content embedded in skald, loaded once.
func DefaultContent() *Content { return defaultContent }

var defaultContent = mustLoadContent()

// mustLoadContent loads the embedded files. A failure is a defect of the
// build, not of a match: it panics at init with the error.
func mustLoadContent() *Content {
	board, err := dataFS.ReadFile("data/board.yaml")
	if err != nil {
		panic("bloodrage: embedded data missing: board.yaml")
	}
	cards, err := dataFS.ReadFile("data/cards.yaml")
	if err != nil {
		panic("bloodrage: embedded data missing: cards.yaml")
	}
	c, err := LoadContent(board, cards)
	if err != nil {
		panic("bloodrage: embedded data: " + err.Error())
	}
	return c
}

// Deck returns the indexes into c.Cards of the cards of the Age's deck for
// that many players (reference §1.5): the base cards whose Min is at most
// players, the fifth player's cards at five players, and the Age's
// Kickstarter monsters when kickstarter is set.
func (c *Content) Deck(age, players int, kickstarter bool) []int {
	var deck []int
	for i := range c.Cards {
		card := &c.Cards[i]
		if int(card.Age) != age || int(card.Min) > players {
			continue
		}
		if card.Set == SetKickstarter && !kickstarter {
			continue
		}
		deck = append(deck, i)
	}
	return deck
}

// CardByID returns the index of the first card with the id.
func (c *Content) CardByID(id string) (int, bool) {
	for i := range c.Cards {
		if c.Cards[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// ProvinceByID returns the index of the province with the id.
func (c *Content) ProvinceByID(id string) (int, bool) {
	for i := range c.Provinces {
		if c.Provinces[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// FjordByID returns the index of the fjord with the id.
func (c *Content) FjordByID(id string) (int, bool) {
	for i := range c.Fjords {
		if c.Fjords[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// boardFile is board.yaml as written; its header documents the fields.
type boardFile struct {
	Regions   []string        `yaml:"regions"`
	Provinces []boardProvince `yaml:"provinces"`
	Fjords    []boardFjord    `yaml:"fjords"`
	Tokens    []boardToken    `yaml:"tokens"`
	Yggdrasil *boardToken     `yaml:"yggdrasil-token"`
	Tracks    boardTracks     `yaml:"tracks"`
	Destroyed map[int]int     `yaml:"destroyed"`
	Ragnarok  []int           `yaml:"ragnarok-glory"`
	StatGlory []int           `yaml:"stat-glory"`
}

type boardProvince struct {
	ID       string `yaml:"id"`
	Name     string `yaml:"name"`
	Region   string `yaml:"region"`
	Villages *int   `yaml:"villages"`
	Ring     *int   `yaml:"ring"`
}

type boardFjord struct {
	ID        string   `yaml:"id"`
	Name      string   `yaml:"name"`
	Provinces []string `yaml:"provinces"`
}

type boardToken struct {
	ID     string `yaml:"id"`
	Copies *int   `yaml:"copies"`
	Rage   int    `yaml:"rage"`
	Axes   int    `yaml:"axes"`
	Horns  int    `yaml:"horns"`
	Glory  int    `yaml:"glory"`
}

type boardTracks struct {
	Rage  []int `yaml:"rage"`
	Axes  []int `yaml:"axes"`
	Horns []int `yaml:"horns"`
}

// cardEntry is one entry of cards.yaml as written; its header documents
// the fields.
type cardEntry struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Age    int    `yaml:"age"`
	Type   string `yaml:"type"`
	Set    string `yaml:"set"`
	Min    int    `yaml:"min"`
	Copies *int   `yaml:"copies"`
	Str    int    `yaml:"str"`
	Cost   *int   `yaml:"cost"`
	Late   bool   `yaml:"late"`
	Glory  int    `yaml:"glory"`
	Goal   string `yaml:"goal"`
	Region string `yaml:"region"`
	Count  int    `yaml:"count"`
	Effect string `yaml:"effect"`
	Text   string `yaml:"text"`
}

// LoadContent parses and checks board.yaml and cards.yaml. Unknown fields
// are errors; an entry with copies becomes that many Cards. An error names
// the file, the entry and the field at fault.
func LoadContent(board, cards []byte) (c *Content, err error) {
	defer func() {
		// The YAML library is not ours; never let it take the caller down.
		if r := recover(); r != nil {
			c, err = nil, fmt.Errorf("cannot parse YAML: %v", r)
		}
	}()
	var b boardFile
	if err := yaml.UnmarshalWithOptions(board, &b, yaml.Strict()); err != nil {
		return nil, fmt.Errorf("board.yaml: %s", yaml.FormatError(err, false, true))
	}
	c = &Content{}
	if err := c.loadBoard(&b); err != nil {
		return nil, fmt.Errorf("board.yaml: %w", err)
	}
	var ys []cardEntry
	if err := yaml.UnmarshalWithOptions(cards, &ys, yaml.Strict()); err != nil {
		return nil, fmt.Errorf("cards.yaml: %s", yaml.FormatError(err, false, true))
	}
	if err := c.loadCards(ys); err != nil {
		return nil, fmt.Errorf("cards.yaml: %w", err)
	}
	return c, nil
}

// isWord reports whether s is one lower-case word: letters and digits in
// parts joined by single hyphens ("tyrs-smite", "alfheim-5").
func isWord(s string) bool {
	if s == "" || len(s) > maxNameLen || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return s[0] >= 'a' && s[0] <= 'z'
}

func checkID(id string) error {
	if !isWord(id) {
		return fmt.Errorf("field id: %q is not one lower-case word (letters, digits, single hyphens)", id)
	}
	return nil
}

func checkName(name string) error {
	if strings.TrimSpace(name) == "" || len(name) > maxNameLen || strings.ContainsAny(name, "\n\t") {
		return fmt.Errorf("field name: want 1 to %d characters on one line", maxNameLen)
	}
	return nil
}

func inRange(field string, v, lo, hi int) error {
	if v < lo || v > hi {
		return fmt.Errorf("field %s: %d is out of range %d..%d", field, v, lo, hi)
	}
	return nil
}

// checkSteps checks a list of n values in lo..hi that never decrease.
func checkSteps(field string, vs []int, n, lo, hi int) error {
	if len(vs) != n {
		return fmt.Errorf("field %s: %d values, want %d", field, len(vs), n)
	}
	for i, v := range vs {
		if err := inRange(fmt.Sprintf("%s[%d]", field, i), v, lo, hi); err != nil {
			return err
		}
		if i > 0 && v < vs[i-1] {
			return fmt.Errorf("field %s[%d]: %d is less than the step before (%d)", field, i, v, vs[i-1])
		}
	}
	return nil
}

func (c *Content) loadBoard(b *boardFile) error {
	// Regions.
	if len(b.Regions) == 0 || len(b.Regions) > outerProvinces {
		return fmt.Errorf("regions: field regions: %d regions, want 1 to %d", len(b.Regions), outerProvinces)
	}
	for i, r := range b.Regions {
		if err := checkName(r); err != nil {
			return fmt.Errorf("region %d (%q): %w", i+1, r, err)
		}
		if slices.Index(b.Regions, r) != i {
			return fmt.Errorf("region %d (%q): field name: named twice", i+1, r)
		}
	}
	c.Regions = slices.Clone(b.Regions)

	// Provinces: the outer ones in ring order, then Yggdrasil.
	ids := map[string]string{} // id -> what it names, for provinces and fjords
	outer, centre := 0, 0
	for i, p := range b.Provinces {
		where := fmt.Sprintf("province %d (%q)", i+1, p.ID)
		if err := checkID(p.ID); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		if what, dup := ids[p.ID]; dup {
			return fmt.Errorf("%s: field id: already names %s", where, what)
		}
		ids[p.ID] = where
		if err := checkName(p.Name); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		if p.Region == "" {
			// The centre: no region, no village limit, off the ring.
			switch {
			case centre > 0:
				return fmt.Errorf("%s: field region: missing (only Yggdrasil, the centre, has none, and there is one centre)", where)
			case p.Villages != nil:
				return fmt.Errorf("%s: field villages: the centre has no villages (no limit); leave it out", where)
			case p.Ring != nil:
				return fmt.Errorf("%s: field ring: the centre is not on the ring; leave it out", where)
			}
			centre++
			c.Provinces = append(c.Provinces, Province{ID: p.ID, Name: p.Name, Region: -1, Ring: -1})
			continue
		}
		if centre > 0 {
			return fmt.Errorf("%s: field region: the centre (no region) must come after the outer provinces", where)
		}
		r := slices.Index(b.Regions, p.Region)
		if r < 0 {
			return fmt.Errorf("%s: field region: %q is not one of %s", where, p.Region, strings.Join(b.Regions, ", "))
		}
		if p.Villages == nil {
			return fmt.Errorf("%s: field villages: missing", where)
		}
		if err := inRange("villages", *p.Villages, 3, 5); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		if p.Ring == nil {
			return fmt.Errorf("%s: field ring: missing", where)
		}
		if err := inRange("ring", *p.Ring, 0, outerProvinces-1); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		for _, q := range c.Provinces {
			if int(q.Ring) == *p.Ring {
				return fmt.Errorf("%s: field ring: place %d is %q's already", where, *p.Ring, q.ID)
			}
		}
		if *p.Ring != outer {
			return fmt.Errorf("%s: field ring: %d, want %d: list the outer provinces in ring order", where, *p.Ring, outer)
		}
		outer++
		c.Provinces = append(c.Provinces, Province{ID: p.ID, Name: p.Name, Region: int8(r), Villages: int8(*p.Villages), Ring: int8(*p.Ring)})
	}
	if outer != outerProvinces || centre != 1 {
		return fmt.Errorf("provinces: field provinces: %d outer provinces and %d centre, want %d and 1", outer, centre, outerProvinces)
	}
	for r, name := range c.Regions {
		if !slices.ContainsFunc(c.Provinces, func(p Province) bool { return int(p.Region) == r }) {
			return fmt.Errorf("region %d (%q): field name: no province is in it", r+1, name)
		}
	}

	// Fjords: each between two ring neighbours; each outer province by one.
	fjordOf := make([]string, outerProvinces)
	for i, f := range b.Fjords {
		where := fmt.Sprintf("fjord %d (%q)", i+1, f.ID)
		if err := checkID(f.ID); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		if what, dup := ids[f.ID]; dup {
			return fmt.Errorf("%s: field id: already names %s", where, what)
		}
		ids[f.ID] = where
		if err := checkName(f.Name); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		if len(f.Provinces) != 2 {
			return fmt.Errorf("%s: field provinces: %d provinces, want the 2 it supports", where, len(f.Provinces))
		}
		var pair [2]int8
		for k, id := range f.Provinces {
			p, ok := c.ProvinceByID(id)
			if !ok {
				return fmt.Errorf("%s: field provinces[%d]: no province %q", where, k, id)
			}
			if c.Provinces[p].Ring < 0 {
				return fmt.Errorf("%s: field provinces[%d]: %q is not an outer province", where, k, id)
			}
			if fjordOf[p] != "" {
				return fmt.Errorf("%s: field provinces[%d]: %q lies by %s already", where, k, id, fjordOf[p])
			}
			fjordOf[p] = f.ID
			pair[k] = int8(p)
		}
		if d := (int(pair[1]) - int(pair[0]) + outerProvinces) % outerProvinces; d != 1 && d != outerProvinces-1 {
			return fmt.Errorf("%s: field provinces: %q and %q are not ring neighbours", where, f.Provinces[0], f.Provinces[1])
		}
		c.Fjords = append(c.Fjords, Fjord{ID: f.ID, Name: f.Name, Provinces: pair})
	}
	for p, f := range fjordOf {
		if f == "" {
			return fmt.Errorf("province %d (%q): field fjords: no fjord supports it", p+1, c.Provinces[p].ID)
		}
	}

	// Pillage tokens: one per outer province, and Yggdrasil's.
	for i, t := range b.Tokens {
		where := fmt.Sprintf("token %d (%q)", i+1, t.ID)
		r, err := t.reward(true)
		if err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		for _, o := range c.Rewards {
			if o.ID == r.ID {
				return fmt.Errorf("%s: field id: %q is another token's; give one id its copies", where, r.ID)
			}
		}
		n := 1
		if t.Copies != nil {
			n = *t.Copies
		}
		for range n {
			c.Rewards = append(c.Rewards, r)
		}
		if len(c.Rewards) > outerProvinces {
			return fmt.Errorf("%s: field copies: more than %d tokens in all, one per outer province", where, outerProvinces)
		}
	}
	if len(c.Rewards) != outerProvinces {
		return fmt.Errorf("tokens: field tokens: %d tokens, want %d, one per outer province", len(c.Rewards), outerProvinces)
	}
	if b.Yggdrasil == nil {
		return fmt.Errorf("yggdrasil-token: field yggdrasil-token: missing")
	}
	r, err := b.Yggdrasil.reward(false)
	if err != nil {
		return fmt.Errorf("yggdrasil-token (%q): %w", b.Yggdrasil.ID, err)
	}
	c.Yggdrasil = r

	// Tracks.
	for s, t := range [3]struct {
		name string
		vs   []int
	}{{"rage", b.Tracks.Rage}, {"axes", b.Tracks.Axes}, {"horns", b.Tracks.Horns}} {
		if err := checkSteps(t.name, t.vs, trackSteps, 1, 30); err != nil {
			return fmt.Errorf("tracks: %w", err)
		}
		for k, v := range t.vs {
			c.Tracks[s][k] = int8(v)
		}
	}

	// Setup and scoring.
	for p := range b.Destroyed {
		if p < 2 || p > 5 {
			return fmt.Errorf("destroyed: field %d: %d players; the game is for 2 to 5", p, p)
		}
	}
	for p := 2; p <= 5; p++ {
		n, ok := b.Destroyed[p]
		if !ok {
			return fmt.Errorf("destroyed: field %d: missing (provinces destroyed at %d players)", p, p)
		}
		// Three of the outer provinces' Ragnarök tokens go on the Age track.
		if err := inRange(fmt.Sprint(p), n, 0, outerProvinces-3); err != nil {
			return fmt.Errorf("destroyed: %w", err)
		}
		c.Destroyed[p] = int8(n)
	}
	if len(b.Ragnarok) != 3 {
		return fmt.Errorf("ragnarok-glory: field ragnarok-glory: %d values, want 3, one per Age", len(b.Ragnarok))
	}
	for a, v := range b.Ragnarok {
		if err := inRange(fmt.Sprintf("ragnarok-glory[%d]", a), v, 0, 20); err != nil {
			return fmt.Errorf("ragnarok-glory: %w", err)
		}
		c.Ragnarok[a] = int8(v)
	}
	if err := checkSteps("stat-glory", b.StatGlory, trackSteps, 0, 50); err != nil {
		return fmt.Errorf("stat-glory: %w", err)
	}
	for k, v := range b.StatGlory {
		c.StatGlory[k] = int8(v)
	}
	return nil
}

// reward checks a pillage token; copies is allowed for the outer ones.
func (t *boardToken) reward(copies bool) (Reward, error) {
	r := Reward{ID: t.ID}
	if err := checkID(t.ID); err != nil {
		return r, err
	}
	if t.Copies != nil {
		if !copies {
			return r, fmt.Errorf("field copies: there is one Yggdrasil token")
		}
		if err := inRange("copies", *t.Copies, 1, outerProvinces); err != nil {
			return r, err
		}
	}
	for s, f := range [3]struct {
		name string
		v    int
	}{{"rage", t.Rage}, {"axes", t.Axes}, {"horns", t.Horns}} {
		if err := inRange(f.name, f.v, 0, 2); err != nil {
			return r, err
		}
		r.Stats[s] = int8(f.v)
	}
	if err := inRange("glory", t.Glory, 0, 20); err != nil {
		return r, err
	}
	r.Glory = int8(t.Glory)
	if r.Stats == [3]int8{} && r.Glory == 0 {
		return r, fmt.Errorf("field glory: the token gives nothing (no rage, axes, horns or glory)")
	}
	return r, nil
}

func (c *Content) loadCards(ys []cardEntry) error {
	if len(ys) == 0 {
		return fmt.Errorf("no cards")
	}
	if len(ys) > maxEntries {
		return fmt.Errorf("%d entries, at most %d", len(ys), maxEntries)
	}
	first := map[string]int{} // id -> index of its first entry in ys
	var built []Card          // one per entry
	for i, y := range ys {
		where := fmt.Sprintf("card %d (%q)", i+1, y.ID)
		card, err := c.loadCard(y)
		if err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		if j, seen := first[card.ID]; seen {
			// One id, one card: every entry of it plays alike.
			if f := differingRule(&built[j], &card); f != "" {
				return fmt.Errorf("%s: field %s: differs from card %d of the same id; give a card with other rules another id", where, f, j+1)
			}
			for k := j; k < i; k++ {
				o := &built[k]
				if o.ID == card.ID && o.Age == card.Age && o.Set == card.Set && o.Min == card.Min {
					return fmt.Errorf("%s: field copies: card %d is the same card of the same Age, set and min; count it there", where, k+1)
				}
			}
		} else {
			first[card.ID] = i
		}
		built = append(built, card)
		n := 1
		if y.Copies != nil {
			n = *y.Copies
		}
		for range n {
			c.Cards = append(c.Cards, card)
		}
	}
	return nil
}

// differingRule returns the first field in which two cards of one id
// differ in what they do, or "".
func differingRule(a, b *Card) string {
	switch {
	case a.Name != b.Name:
		return "name"
	case a.Type != b.Type:
		return "type"
	case a.Str != b.Str:
		return "str"
	case a.Cost != b.Cost:
		return "cost"
	case a.Late != b.Late:
		return "late"
	case a.Glory != b.Glory:
		return "glory"
	case a.Goal != b.Goal:
		return "goal"
	case a.Region != b.Region:
		return "region"
	case a.Count != b.Count:
		return "count"
	case a.Effect != b.Effect:
		return "effect"
	case a.Text != b.Text:
		return "text"
	}
	return ""
}

// loadCard checks one entry of cards.yaml and returns its card.
func (c *Content) loadCard(y cardEntry) (Card, error) {
	card := Card{ID: y.ID, Name: y.Name, Cost: -1, Region: -1, Late: y.Late, Effect: y.Effect, Text: y.Text}
	if err := checkID(y.ID); err != nil {
		return card, err
	}
	if err := checkName(y.Name); err != nil {
		return card, err
	}
	if err := inRange("age", y.Age, 1, 3); err != nil {
		return card, err
	}
	card.Age = int8(y.Age)
	t := slices.Index(typeNames[:], y.Type)
	if t < 0 {
		return card, fmt.Errorf("field type: %q is not one of %s", y.Type, strings.Join(typeNames[:], ", "))
	}
	card.Type = int8(t)
	upgrade := t != Battle && t != Quest
	s := slices.Index(setNames[:], y.Set)
	if s < 0 {
		return card, fmt.Errorf("field set: %q is not one of %s", y.Set, strings.Join(setNames[:], ", "))
	}
	card.Set = int8(s)
	switch s {
	case SetBase:
		if err := inRange("min", y.Min, 2, 4); err != nil {
			return card, fmt.Errorf("%w (a base card is unmarked: 2, \"3+\": 3 or \"4+\": 4; 5 is for set fifth)", err)
		}
	case SetFifth:
		if y.Min != 5 {
			return card, fmt.Errorf("field min: %d, want 5: the fifth player's cards are used at five players", y.Min)
		}
	case SetKickstarter:
		if t != MonsterUp {
			return card, fmt.Errorf("field set: the Kickstarter cards are monsters, not %s cards", y.Type)
		}
		if y.Min != 2 {
			return card, fmt.Errorf("field min: %d, want 2: the Kickstarter monsters are used at any count", y.Min)
		}
	}
	card.Min = int8(y.Min)
	if y.Copies != nil {
		if err := inRange("copies", *y.Copies, 1, maxCopies); err != nil {
			return card, err
		}
	}
	if err := inRange("str", y.Str, 0, maxStr); err != nil {
		return card, err
	}
	if t == Quest && y.Str != 0 {
		return card, fmt.Errorf("field str: a quest card has no STR (Tyr's Domain and Wrath give it one in battle)")
	}
	card.Str = int8(y.Str)
	if y.Cost != nil {
		switch {
		case !upgrade:
			return card, fmt.Errorf("field cost: a %s card is not an upgrade and costs nothing", y.Type)
		case *y.Cost == y.Str:
			return card, fmt.Errorf("field cost: %d is the card's str; leave it out", *y.Cost)
		}
		if err := inRange("cost", *y.Cost, 0, maxStr); err != nil {
			return card, err
		}
		card.Cost = int8(*y.Cost)
	}
	if y.Late && t != Battle {
		return card, fmt.Errorf("field late: only a battle card is played after the reveal")
	}
	switch {
	case t == Quest || t == ShipUp:
		if err := inRange("glory", y.Glory, 1, maxGlory); err != nil {
			return card, fmt.Errorf("%w (a %s card gives Glory)", err, y.Type)
		}
		card.Glory = int8(y.Glory)
	case y.Glory != 0:
		return card, fmt.Errorf("field glory: only quests and ship upgrades give Glory, not a %s card", y.Type)
	}
	g := slices.Index(goalNames[:], y.Goal)
	switch {
	case t != Quest && y.Goal != "":
		return card, fmt.Errorf("field goal: a %s card has no goal", y.Type)
	case t == Quest && g <= 0:
		return card, fmt.Errorf("field goal: %q is not one of %s", y.Goal, strings.Join(goalNames[1:], ", "))
	}
	if g > 0 {
		card.Goal = int8(g)
	}
	switch {
	case g == GoalRegion:
		r := slices.Index(c.Regions, y.Region)
		if r < 0 {
			return card, fmt.Errorf("field region: %q is not one of %s (board.yaml)", y.Region, strings.Join(c.Regions, ", "))
		}
		card.Region = int8(r)
	case y.Region != "":
		return card, fmt.Errorf("field region: only a region quest names a region")
	}
	switch {
	case g == GoalValhalla || g == GoalWidespread:
		if err := inRange("count", y.Count, 1, outerProvinces); err != nil {
			return card, fmt.Errorf("%w (the %s goal counts)", err, y.Goal)
		}
		card.Count = int8(y.Count)
	case y.Count != 0:
		return card, fmt.Errorf("field count: only the valhalla and widespread goals count")
	}
	switch {
	case y.Effect != "" && !isWord(y.Effect):
		return card, fmt.Errorf("field effect: %q is not one lower-case word", y.Effect)
	case y.Effect == "" && upgrade:
		return card, fmt.Errorf("field effect: missing: every upgrade has a rule")
	}
	if strings.TrimSpace(y.Text) == "" || len(y.Text) > maxTextLen || strings.ContainsAny(y.Text, "\n\t") {
		return card, fmt.Errorf("field text: want 1 to %d characters on one line", maxTextLen)
	}
	return card, nil
}
