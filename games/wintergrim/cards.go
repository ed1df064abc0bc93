package wintergrim

import (
	"embed"
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
)

//go:embed data/cards.yaml data/decks/*.deck
var dataFS embed.FS

// Realms (seed 000, "Asheim Vanheim Godheim Helheim").
const (
	Asheim = iota
	Vanheim
	Godheim
	Helheim
	numRealms
)

var realmNames = [numRealms]string{"asheim", "vanheim", "godheim", "helheim"}

// Card types (seed 000, "Card types"). A path is an area and a tactic; a
// card with "HQ" in its description is a structure that is also an area.
const (
	TypeUnit = iota
	TypeStructure
	TypeArea
	TypePath
	TypeTactic
	TypeWeather
	numTypes
)

var typeNames = [numTypes]string{"unit", "structure", "area", "path", "tactic", "weather"}

// Structure kinds (seed 000, "Structure": Building, Dwelling, Object, Ship).
const (
	NoStructure = iota
	Building
	Dwelling
	Object
	Ship
	numStructures
)

var structureNames = [numStructures]string{"", "building", "dwelling", "object", "ship"}

// Tactic kinds (seed 000, "Tactic": Curse, Item, Sickness, Trap, Bribe).
const (
	PlainTactic = iota
	Curse
	Item
	Sickness
	Trap
	Bribe
	numTactics
)

var tacticNames = [numTactics]string{"", "curse", "item", "sickness", "trap", "bribe"}

// Unit classes, a set (seed 000, "Unit": Elite, Warrior, Worker, Leader; "A
// unit can be a leader in addition to being a warrior").
const (
	Worker uint8 = 1 << iota
	Leader
	Warrior
	Elite
)

var classNames = []struct {
	bit  uint8
	name string
}{{Worker, "worker"}, {Leader, "leader"}, {Warrior, "warrior"}, {Elite, "elite"}}

// Attack kinds: a weapon is used in close combat, ranged combat, or, for
// the spirits of seed 000 ("Psyche"), with Psyche.
const (
	CC = iota
	RC
	PS
	numKinds
)

var kindNames = [numKinds]string{"cc", "rc", "p"}

// Weather kinds: what a weather card does (data field weather).
const (
	NoWeather = iota
	Rain      // seed 000: the worked game's Rain
	Mist      // Vanheim's answer to Rain (designed)
	Windstorm // seed 000 names it; its rules are designed
	numWeathers
)

var weatherNames = [numWeathers]string{"", "rain", "mist", "windstorm"}

// Abilities of units (data field ability).
const (
	NoAbility = iota
	AbSearch  // seed 000, the Ranger: "Remove as a move step: Search your deck ..."
	AbReplace // seed 000, Structure: a unit removed from inside and replaced by another
	numAbilities
)

var abilityNames = [numAbilities]string{"", "search", "replace"}

// Tactic effects (data field effect).
const (
	NoEffect  = iota
	EffAttach // a Curse, Item or Sickness that stays on a unit
	EffBribe  // the unit leaves its owner's service
	EffNet    // a trap: the unit can't move or attack
	EffPit    // a trap: the unit takes damage
	EffVolley // roll dice, each 4+ is a damage
	EffBoost  // more dice in battle this turn
	numEffects
)

var effectNames = [numEffects]string{"", "attach", "bribe", "net", "pit", "volley", "boost"}

// Weapon is what a unit attacks with: "Sword (CC, 2 damage)" (seed 000,
// "The middle column").
type Weapon struct {
	Name   string
	Kind   int8 // CC, RC or PS; -1 for no weapon
	Damage int8
}

// Req is one card that must be in play, the player's own, when a card is
// paid and placed (seed 000, "The upper column": the Req field). Local
// asks for it in the area where the card is placed.
type Req struct {
	Realm int8  // -1: any
	Type  int8  // -1: any
	Class uint8 // 0: any
	Name  string
	Local bool
}

// Place is a kind of unit a structure lets its player pay and place inside
// ("Pay and place Vanheim workers inside").
type Place struct {
	Realm int8
	Class uint8
}

// Mods is what a Curse, Item or Sickness does to the unit it is on.
type Mods struct {
	CC, RC, A, L int8
	Skills       Skill
	NoMove       bool
	Fever        int8 // damage on its owner's start phase
}

// Card is one card of the game, as printed.
type Card struct {
	ID, Name, Text string
	Seed           bool // named in the manual
	Realm          int8
	Type           int8
	HQ             bool
	Area           bool // creates an area: area and path cards, HQs
	Structure      int8
	Tactic         int8
	Classes        uint8
	Cost           int8
	Req            []Req
	Weapon         Weapon
	CC, RC         int8
	A, H, P, L     int8
	R, F           int8
	Skills         Skill
	Moves          int8
	Draws          bool
	Reshuffle      bool
	Places         []Place
	Passage        int8 // path: the realm whose players may use it; -1 none
	Sea            bool
	Weather        int8
	Replaces       bool
	Ability        int8
	FindType       int8
	FindName       string
	Effect         int8
	Mods           Mods
	Dice, Damage   int8
	Once           bool
}

// IsTactic reports whether the card is played as a tactic: at any time,
// also in the opponent's turn (seed 000, "Tactic"; a path "is both a
// tactic and an area").
func (c *Card) IsTactic() bool { return c.Type == TypeTactic || c.Type == TypePath }

// Description is the card's description field: "Vanheim Unit – Worker/Leader".
func (c *Card) Description() string {
	var sub []string
	realm := strings.ToUpper(realmNames[c.Realm][:1]) + realmNames[c.Realm][1:]
	kind := strings.ToUpper(typeNames[c.Type][:1]) + typeNames[c.Type][1:]
	switch c.Type {
	case TypeUnit:
		for _, cn := range classNames {
			if c.Classes&cn.bit != 0 {
				sub = append(sub, title(cn.name))
			}
		}
	case TypeStructure:
		if c.HQ {
			kind = "HQ"
			sub = append(sub, "Area")
		}
		sub = append(sub, title(structureNames[c.Structure]))
	case TypeTactic:
		if c.Tactic != PlainTactic {
			sub = append(sub, title(tacticNames[c.Tactic]))
		}
	case TypePath:
		if c.Sea {
			sub = append(sub, "Sea")
		}
	}
	if len(sub) == 0 {
		return realm + " " + kind
	}
	return realm + " " + kind + " – " + strings.Join(sub, "/")
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Content is the cards Wintergrim is played with and the decks built of
// them.
type Content struct {
	Cards []Card
	// Decks are the first edition's decks, by lower-case name.
	Decks map[string]Deck
	byKey map[string]int // id and lower-case name
}

// Card returns the card with the given id or name (any case), if any.
func (c *Content) Card(key string) (int, bool) {
	i, ok := c.byKey[strings.ToLower(strings.TrimSpace(key))]
	return i, ok
}

// DefaultContent returns the content embedded in skald, loaded once.
func DefaultContent() *Content { return defaultContent }

var defaultContent = mustLoadEmbedded()

func mustLoadEmbedded() *Content {
	b, err := dataFS.ReadFile("data/cards.yaml")
	if err != nil {
		panic("wintergrim: embedded data missing: cards.yaml")
	}
	c, err := LoadCards(b)
	if err != nil {
		panic("wintergrim: embedded data: " + err.Error())
	}
	for _, name := range []string{"asheim", "vanheim"} {
		b, err := dataFS.ReadFile("data/decks/" + name + ".deck")
		if err != nil {
			panic("wintergrim: embedded data missing: " + name + ".deck")
		}
		d, err := c.ParseDeck(name+".deck", string(b))
		if err != nil {
			panic("wintergrim: embedded data: " + err.Error())
		}
		d.Name = name
		c.Decks[name] = d
	}
	return c
}

// yamlCard is a card as written in cards.yaml.
type yamlCard struct {
	ID        string     `yaml:"id"`
	Name      string     `yaml:"name"`
	Source    string     `yaml:"source"`
	Realm     string     `yaml:"realm"`
	Type      string     `yaml:"type"`
	Structure string     `yaml:"structure"`
	Tactic    string     `yaml:"tactic"`
	HQ        bool       `yaml:"hq"`
	Area      bool       `yaml:"area"`
	Sea       bool       `yaml:"sea"`
	Classes   []string   `yaml:"classes"`
	Cost      int        `yaml:"cost"`
	Req       []yamlReq  `yaml:"req"`
	Weapon    *yamlWpn   `yaml:"weapon"`
	Values    yamlValues `yaml:"values"`
	Skills    []string   `yaml:"skills"`
	Moves     int        `yaml:"moves"`
	Draws     bool       `yaml:"draws"`
	Reshuffle bool       `yaml:"reshuffle"`
	Places    []yamlReq  `yaml:"places"`
	Passage   string     `yaml:"passage"`
	Weather   string     `yaml:"weather"`
	Replaces  bool       `yaml:"replaces"`
	Ability   string     `yaml:"ability"`
	Find      *yamlReq   `yaml:"find"`
	Effect    string     `yaml:"effect"`
	Mods      *yamlMods  `yaml:"mods"`
	Dice      int        `yaml:"dice"`
	Damage    int        `yaml:"damage"`
	Once      bool       `yaml:"once"`
	Text      *string    `yaml:"text"`
}

type yamlReq struct {
	Realm string `yaml:"realm"`
	Type  string `yaml:"type"`
	Class string `yaml:"class"`
	Name  string `yaml:"name"`
	Local bool   `yaml:"local"`
}

type yamlWpn struct {
	Name   string `yaml:"name"`
	Kind   string `yaml:"kind"`
	Damage int    `yaml:"damage"`
}

type yamlValues struct {
	CC int `yaml:"cc"`
	RC int `yaml:"rc"`
	A  int `yaml:"a"`
	H  int `yaml:"h"`
	P  int `yaml:"p"`
	L  int `yaml:"l"`
	R  int `yaml:"r"`
	F  int `yaml:"f"`
}

type yamlMods struct {
	CC     int      `yaml:"cc"`
	RC     int      `yaml:"rc"`
	A      int      `yaml:"a"`
	L      int      `yaml:"l"`
	Skills []string `yaml:"skills"`
	NoMove bool     `yaml:"nomove"`
	Fever  int      `yaml:"fever"`
}

// Limits checked when cards are loaded.
const (
	maxValue   = 9
	maxCost    = 9
	maxDefs    = 250 // card definitions fit in a uint8
	maxNameLen = 40
)

func index(names []string, s string) int {
	for i, n := range names {
		if n == s && (n != "" || s == "") {
			return i
		}
	}
	return -1
}

// LoadCards parses and checks cards.yaml. An error names the file, the
// card and the field at fault.
func LoadCards(data []byte) (c *Content, err error) {
	defer func() {
		// The YAML library is not ours; never let it take the caller down.
		if r := recover(); r != nil {
			c, err = nil, fmt.Errorf("cards.yaml: cannot parse YAML: %v", r)
		}
	}()
	var ys []yamlCard
	if err := yaml.UnmarshalWithOptions(data, &ys, yaml.Strict()); err != nil {
		return nil, fmt.Errorf("cards.yaml: %s", yaml.FormatError(err, false, true))
	}
	if len(ys) == 0 {
		return nil, fmt.Errorf("cards.yaml: no cards")
	}
	if len(ys) > maxDefs {
		return nil, fmt.Errorf("cards.yaml: %d cards, at most %d", len(ys), maxDefs)
	}
	c = &Content{Decks: map[string]Deck{}, byKey: map[string]int{}}
	for i, y := range ys {
		card, err := y.card()
		where := fmt.Sprintf("cards.yaml: card %d (%s)", i+1, y.ID)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		for _, key := range []string{card.ID, strings.ToLower(card.Name)} {
			if j, dup := c.byKey[key]; dup && j != i {
				return nil, fmt.Errorf("%s: %q names another card too", where, key)
			}
			c.byKey[key] = i
		}
		c.Cards = append(c.Cards, card)
	}
	// Names in requirements and searches must be cards.
	for i, card := range c.Cards {
		where := fmt.Sprintf("cards.yaml: card %d (%s)", i+1, card.ID)
		for k, r := range card.Req {
			if r.Name != "" {
				if _, ok := c.Card(r.Name); !ok {
					return nil, fmt.Errorf("%s: field req[%d].name: no card %q", where, k, r.Name)
				}
			}
		}
		if card.FindName != "" {
			if _, ok := c.Card(card.FindName); !ok {
				return nil, fmt.Errorf("%s: field find.name: no card %q", where, card.FindName)
			}
		}
	}
	return c, nil
}

func (y yamlCard) card() (Card, error) {
	c := Card{ID: y.ID, Name: y.Name, Seed: y.Source == "seed", HQ: y.HQ, Area: y.Area, Sea: y.Sea,
		Draws: y.Draws, Reshuffle: y.Reshuffle, Replaces: y.Replaces, Once: y.Once,
		Passage: -1, Weapon: Weapon{Kind: -1}, FindType: -1}
	switch {
	case y.ID == "" || strings.ContainsAny(y.ID, " \t#") || strings.ToLower(y.ID) != y.ID:
		return c, fmt.Errorf("field id: %q must be one lower-case word without #", y.ID)
	case y.Name == "" || len(y.Name) > maxNameLen:
		return c, fmt.Errorf("field name: want 1 to %d characters", maxNameLen)
	case y.Source != "" && y.Source != "seed":
		return c, fmt.Errorf("field source: %q, want seed or nothing", y.Source)
	case y.Text == nil:
		return c, fmt.Errorf("field text: missing (may be empty)")
	}
	c.Text = *y.Text
	realm, err := realmOf("realm", y.Realm, false)
	if err != nil {
		return c, err
	}
	c.Realm = realm
	t := index(typeNames[:], y.Type)
	if t < 0 {
		return c, fmt.Errorf("field type: %q, want one of %s", y.Type, strings.Join(typeNames[:], ", "))
	}
	c.Type = int8(t)
	if y.Cost < 0 || y.Cost > maxCost {
		return c, fmt.Errorf("field cost: %d, want 0 to %d", y.Cost, maxCost)
	}
	c.Cost = int8(y.Cost)
	for k, r := range y.Req {
		req, err := r.req(fmt.Sprintf("req[%d]", k))
		if err != nil {
			return c, err
		}
		c.Req = append(c.Req, req)
	}
	v := y.Values
	for _, f := range []struct {
		name     string
		v        int
		min, max int
	}{{"cc", v.CC, 0, maxValue}, {"rc", v.RC, 0, maxValue}, {"a", v.A, 0, maxValue}, {"h", v.H, 0, maxValue},
		{"p", v.P, 0, maxValue}, {"l", v.L, 0, maxValue}, {"r", v.R, -maxValue, maxValue}, {"f", v.F, -maxValue, maxValue}} {
		if f.v < f.min || f.v > f.max {
			return c, fmt.Errorf("field values.%s: %d, want %d to %d", f.name, f.v, f.min, f.max)
		}
	}
	c.CC, c.RC, c.A, c.H, c.P, c.L, c.R, c.F = int8(v.CC), int8(v.RC), int8(v.A), int8(v.H), int8(v.P), int8(v.L), int8(v.R), int8(v.F)
	if c.Skills, err = skillsOf("skills", y.Skills); err != nil {
		return c, err
	}
	if y.Moves < 0 || y.Moves > 3 {
		return c, fmt.Errorf("field moves: %d, want 0 (one move step) to 3", y.Moves)
	}
	c.Moves = int8(max(y.Moves, 1))
	// Fields that belong to one type only.
	only := func(field string, set bool, types ...int) error {
		if set && !slices.Contains(types, int(c.Type)) {
			return fmt.Errorf("field %s: a %s card has no %s", field, y.Type, field)
		}
		return nil
	}
	for _, e := range []error{
		only("classes", len(y.Classes) > 0, TypeUnit),
		only("weapon", y.Weapon != nil, TypeUnit),
		only("skills", len(y.Skills) > 0, TypeUnit),
		only("moves", y.Moves != 0, TypeUnit),
		only("ability", y.Ability != "", TypeUnit),
		only("structure", y.Structure != "", TypeStructure),
		only("hq", y.HQ, TypeStructure),
		only("area", y.Area, TypeStructure),
		only("draws", y.Draws, TypeStructure),
		only("reshuffle", y.Reshuffle, TypeStructure),
		only("places", len(y.Places) > 0, TypeStructure),
		only("passage", y.Passage != "", TypePath),
		only("sea", y.Sea, TypePath),
		only("weather", y.Weather != "", TypeWeather),
		only("replaces", y.Replaces, TypeWeather),
		only("tactic", y.Tactic != "", TypeTactic),
		only("effect", y.Effect != "", TypeTactic),
		only("mods", y.Mods != nil, TypeTactic),
		only("dice", y.Dice != 0, TypeTactic),
		only("damage", y.Damage != 0, TypeTactic),
		only("once", y.Once, TypeTactic),
		only("values", v != yamlValues{}, TypeUnit, TypeStructure),
	} {
		if e != nil {
			return c, e
		}
	}
	switch c.Type {
	case TypeUnit:
		if len(y.Classes) == 0 {
			return c, fmt.Errorf("field classes: a unit is at least one of worker, leader, warrior, elite")
		}
		for _, cl := range y.Classes {
			b, err := classOf("classes", cl)
			if err != nil {
				return c, err
			}
			c.Classes |= b
		}
		if c.H < 1 {
			return c, fmt.Errorf("field values.h: a unit has at least 1 health")
		}
		if c.R > 0 {
			return c, fmt.Errorf("field values.r: a unit takes room (0 or less), it offers none")
		}
		if y.Weapon != nil {
			k := index(kindNames[:], y.Weapon.Kind)
			if k < 0 {
				return c, fmt.Errorf("field weapon.kind: %q, want cc, rc or p", y.Weapon.Kind)
			}
			if y.Weapon.Name == "" {
				return c, fmt.Errorf("field weapon.name: missing")
			}
			if k == PS && y.Weapon.Damage != 0 {
				return c, fmt.Errorf("field weapon.damage: a Psyche attack ignores armour and health: no damage")
			}
			if k != PS && (y.Weapon.Damage < 1 || y.Weapon.Damage > maxValue) {
				return c, fmt.Errorf("field weapon.damage: %d, want 1 to %d", y.Weapon.Damage, maxValue)
			}
			c.Weapon = Weapon{Name: y.Weapon.Name, Kind: int8(k), Damage: int8(y.Weapon.Damage)}
		}
		a := index(abilityNames[:], y.Ability)
		if a < 0 {
			return c, fmt.Errorf("field ability: %q, want search or replace", y.Ability)
		}
		c.Ability = int8(a)
		if (a == AbSearch) != (y.Find != nil) {
			return c, fmt.Errorf("field find: goes with ability search, and only with it")
		}
		if y.Find != nil {
			if y.Find.Type != "" {
				t := index(typeNames[:], y.Find.Type)
				if t < 0 {
					return c, fmt.Errorf("field find.type: %q is not a type", y.Find.Type)
				}
				c.FindType = int8(t)
			}
			c.FindName = y.Find.Name
			if c.FindType < 0 && c.FindName == "" {
				return c, fmt.Errorf("field find: give a type, a name or both")
			}
		}
	case TypeStructure:
		s := index(structureNames[:], y.Structure)
		if s <= 0 {
			return c, fmt.Errorf("field structure: %q, want building, dwelling, object or ship", y.Structure)
		}
		c.Structure = int8(s)
		if c.H < 1 {
			return c, fmt.Errorf("field values.h: a structure has at least 1 health")
		}
		if c.R < 0 {
			return c, fmt.Errorf("field values.r: a structure offers room (0 or more)")
		}
		if y.HQ && !y.Area {
			return c, fmt.Errorf("field area: an HQ structure is also an area (Wintergrim rules, Card types: HQ)")
		}
		if y.Area && s == Ship {
			return c, fmt.Errorf("field area: a ship cannot be an area")
		}
		for k, p := range y.Places {
			r, err := p.req(fmt.Sprintf("places[%d]", k))
			if err != nil {
				return c, err
			}
			if r.Type >= 0 || r.Name != "" || r.Local {
				return c, fmt.Errorf("field places[%d]: a place names a realm and a class only", k)
			}
			c.Places = append(c.Places, Place{Realm: r.Realm, Class: r.Class})
		}
	case TypeArea:
		c.Area = true
	case TypePath:
		c.Area = true
		if c.Passage, err = realmOf("passage", y.Passage, false); err != nil {
			return c, err
		}
	case TypeWeather:
		w := index(weatherNames[:], y.Weather)
		if w <= 0 {
			return c, fmt.Errorf("field weather: %q, want rain, mist or windstorm", y.Weather)
		}
		c.Weather = int8(w)
	case TypeTactic:
		t := index(tacticNames[:], y.Tactic)
		if t < 0 {
			return c, fmt.Errorf("field tactic: %q, want curse, item, sickness, trap, bribe or nothing", y.Tactic)
		}
		c.Tactic = int8(t)
		e := index(effectNames[:], y.Effect)
		if e <= 0 {
			return c, fmt.Errorf("field effect: %q, want one of %s", y.Effect, strings.Join(effectNames[1:], ", "))
		}
		c.Effect = int8(e)
		attached := t == Curse || t == Item || t == Sickness
		switch {
		case attached != (e == EffAttach):
			return c, fmt.Errorf("field effect: curses, items and sicknesses stay on a unit (attach); other tactics do not")
		case (e == EffAttach) != (y.Mods != nil):
			return c, fmt.Errorf("field mods: goes with effect attach, and only with it")
		case (e == EffNet || e == EffPit) != (t == Trap):
			return c, fmt.Errorf("field effect: a trap is net or pit, and net and pit are traps")
		case (e == EffBribe) != (t == Bribe):
			return c, fmt.Errorf("field effect: a bribe is bribe, and bribe is a bribe")
		case (e == EffVolley || e == EffBoost) != (y.Dice > 0):
			return c, fmt.Errorf("field dice: volley and boost roll dice, other effects do not")
		case (e == EffPit) != (y.Damage > 0):
			return c, fmt.Errorf("field damage: goes with effect pit, and only with it")
		case y.Dice > maxValue || y.Damage > maxValue || y.Dice < 0 || y.Damage < 0:
			return c, fmt.Errorf("fields dice and damage: at most %d", maxValue)
		case attached && y.Once:
			return c, fmt.Errorf("field once: a card that stays on a unit is not removed when played")
		case !attached && !y.Once:
			return c, fmt.Errorf("field once: a tactic that does not stay must say \"Remove this card when it's played\"")
		}
		c.Dice, c.Damage = int8(y.Dice), int8(y.Damage)
		if m := y.Mods; m != nil {
			for _, f := range []struct {
				n string
				v int
			}{{"cc", m.CC}, {"rc", m.RC}, {"a", m.A}, {"l", m.L}, {"fever", m.Fever}} {
				if f.v < -maxValue || f.v > maxValue {
					return c, fmt.Errorf("field mods.%s: %d, want -%d to %d", f.n, f.v, maxValue, maxValue)
				}
			}
			sk, err := skillsOf("mods.skills", m.Skills)
			if err != nil {
				return c, err
			}
			if m.Fever < 0 {
				return c, fmt.Errorf("field mods.fever: %d, want 0 or more", m.Fever)
			}
			c.Mods = Mods{CC: int8(m.CC), RC: int8(m.RC), A: int8(m.A), L: int8(m.L), Skills: sk, NoMove: m.NoMove, Fever: int8(m.Fever)}
		}
	}
	if c.Area && c.Type == TypeStructure && !c.HQ {
		return c, fmt.Errorf("field area: only an HQ structure is also an area")
	}
	return c, nil
}

func realmOf(field, s string, anyOK bool) (int8, error) {
	if s == "" && anyOK {
		return -1, nil
	}
	r := index(realmNames[:], s)
	if r < 0 {
		return 0, fmt.Errorf("field %s: %q, want one of %s", field, s, strings.Join(realmNames[:], ", "))
	}
	return int8(r), nil
}

func classOf(field, s string) (uint8, error) {
	for _, cn := range classNames {
		if cn.name == s {
			return cn.bit, nil
		}
	}
	return 0, fmt.Errorf("field %s: %q, want worker, leader, warrior or elite", field, s)
}

func (r yamlReq) req(field string) (Req, error) {
	out := Req{Type: -1, Name: r.Name, Local: r.Local}
	var err error
	if out.Realm, err = realmOf(field+".realm", r.Realm, true); err != nil {
		return out, err
	}
	if r.Type != "" {
		t := index(typeNames[:], r.Type)
		if t < 0 {
			return out, fmt.Errorf("field %s.type: %q is not a type", field, r.Type)
		}
		out.Type = int8(t)
	}
	if r.Class != "" {
		if out.Class, err = classOf(field+".class", r.Class); err != nil {
			return out, err
		}
	}
	if out.Realm < 0 && out.Type < 0 && out.Class == 0 && out.Name == "" {
		return out, fmt.Errorf("field %s: names nothing", field)
	}
	return out, nil
}
