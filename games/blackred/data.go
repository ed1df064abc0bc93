package blackred

import (
	"embed"
	"errors"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
)

//go:embed data/*.yaml
var dataFS embed.FS

// Weapons, in the order card values are kept (seed 002, "Strategy cards"
// names swords and bows; spears are skald's third weapon, see the rulings).
const (
	sword = iota
	spear
	bow
	numWeapons
)

var weaponNames = [numWeapons]string{"sword", "spear", "bow"}

func parseWeapon(s string) (int, bool) {
	for i, n := range weaponNames {
		if n == s {
			return i, true
		}
	}
	return 0, false
}

// Effect kinds of strategy cards and battle-deck unit cards.
const (
	effNone = iota
	effMatchup
	effCall
	effRevive
	effMaxCards
	effBonus
	effSabotage
	effShield
	effNoQuarter
	effSpy
	effHold
	effFeint
	effBothWeapon
	effHerald
)

var effectNames = map[string]int{
	"matchup": effMatchup, "call": effCall, "revive": effRevive, "max-cards": effMaxCards,
	"bonus": effBonus, "sabotage": effSabotage, "shield": effShield, "no-quarter": effNoQuarter,
	"spy": effSpy, "hold": effHold, "feint": effFeint, "both-weapon": effBothWeapon, "herald": effHerald,
}

// Effect is what a strategy card or a battle-deck unit card does.
type Effect struct {
	Kind   int
	Weapon int // call, both-weapon, matchup (yours)
	Enemy  int // matchup: the enemy's weapon
	Points int // matchup, bonus, sabotage
	Cards  int // max-cards
	Units  int // revive, no-quarter
}

// StrategyCard is one card of the strategy deck.
type StrategyCard struct {
	ID, Name, Text, Source string
	Effect
}

// Card is one card of a battle deck: a battle card with a power and an
// extra per weapon, or a unit card with an effect.
type Card struct {
	Name  string
	Unit  bool
	Power [numWeapons]int8
	Extra [numWeapons]int8
	Text  string
	Effect
}

// Content is the data Black & Red is played with: the two battle decks,
// the strategy deck and the unit cards.
type Content struct {
	Decks     [2][]Card // by colour, copies expanded, in data order
	Strategy  []StrategyCard
	UnitNames []string // the 48 unit cards
}

// Data limits checked when content is loaded.
const (
	maxDeck     = 40
	numStrategy = 15 // seed 002, "Strategy cards": "there's 15 different strategy cards"
	numUnits    = 48 // seed 002, "Game setup": "There are 48 unit cards in the game"
	maxValue    = 20
	// maxUnitCards bounds the unit cards of a deck, which may all be in
	// play in one battle.
	maxUnitCards = 4
)

// yamlCard is a strategy card or a battle-deck unit card as written in
// the data files; unit cards have no id or source.
type yamlCard struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Text   string `yaml:"text"`
	Source string `yaml:"source"`
	Kind   string `yaml:"kind"`
	Weapon string `yaml:"weapon"`
	You    string `yaml:"you"`
	Enemy  string `yaml:"enemy"`
	Points int    `yaml:"points"`
	Cards  int    `yaml:"cards"`
	Units  int    `yaml:"units"`
}

type yamlBattleCard struct {
	Name   string `yaml:"name"`
	Copies int    `yaml:"copies"`
	Sword  []int  `yaml:"sword"`
	Spear  []int  `yaml:"spear"`
	Bow    []int  `yaml:"bow"`
}

type yamlDeck struct {
	Battle []yamlBattleCard `yaml:"battle"`
	Units  []yamlCard       `yaml:"units"`
}

type yamlDecks struct {
	Black yamlDeck `yaml:"black"`
	Red   yamlDeck `yaml:"red"`
}

// DefaultContent returns the content embedded in skald. It is loaded once
// and shared; callers must not change it.
func DefaultContent() *Content { return defaultContent }

var defaultContent = mustLoadEmbedded()

func mustLoadEmbedded() *Content {
	read := func(name string) []byte {
		b, err := dataFS.ReadFile("data/" + name)
		if err != nil {
			panic("blackred: embedded data missing: " + name)
		}
		return b
	}
	c, err := LoadContent(read("decks.yaml"), read("strategy.yaml"), read("units.yaml"))
	if err != nil {
		// The embedded data is checked by the package's tests.
		panic("blackred: embedded data: " + err.Error())
	}
	return c
}

// LoadContent parses and checks the three data files of Black & Red. An
// error names the file, the entry and the field at fault.
func LoadContent(decks, strategy, units []byte) (*Content, error) {
	c := &Content{}
	var yd yamlDecks
	if err := yaml.UnmarshalWithOptions(decks, &yd, yaml.Strict()); err != nil {
		return nil, fmt.Errorf("decks.yaml: %s", yaml.FormatError(err, false, true))
	}
	for i, d := range [2]yamlDeck{yd.Black, yd.Red} {
		deck, err := loadDeck(d)
		if err != nil {
			return nil, fmt.Errorf("decks.yaml: %s: %w", colourNames[i], err)
		}
		c.Decks[i] = deck
	}
	var ys []yamlCard
	if err := yaml.UnmarshalWithOptions(strategy, &ys, yaml.Strict()); err != nil {
		return nil, fmt.Errorf("strategy.yaml: %s", yaml.FormatError(err, false, true))
	}
	if len(ys) != numStrategy {
		return nil, fmt.Errorf("strategy.yaml: %d cards, want %d (seed 002: there's 15 different strategy cards)", len(ys), numStrategy)
	}
	seen := map[string]bool{}
	for i, y := range ys {
		where := fmt.Sprintf("strategy.yaml: card %d (%s)", i+1, y.ID)
		switch {
		case y.ID == "" || strings.ContainsAny(y.ID, " \t"):
			return nil, fmt.Errorf("%s: field id: must be one word", where)
		case seen[y.ID]:
			return nil, fmt.Errorf("%s: field id: %q used twice", where, y.ID)
		case y.Name == "":
			return nil, fmt.Errorf("%s: field name: missing", where)
		case y.Text == "":
			return nil, fmt.Errorf("%s: field text: missing", where)
		case y.Source != "seed" && y.Source != "ruling":
			return nil, fmt.Errorf("%s: field source: %q, want seed or ruling", where, y.Source)
		}
		seen[y.ID] = true
		e, err := y.effect(false)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		c.Strategy = append(c.Strategy, StrategyCard{ID: y.ID, Name: y.Name, Text: y.Text, Source: y.Source, Effect: e})
	}
	if err := yaml.UnmarshalWithOptions(units, &c.UnitNames, yaml.Strict()); err != nil {
		return nil, fmt.Errorf("units.yaml: %s", yaml.FormatError(err, false, true))
	}
	if len(c.UnitNames) != numUnits {
		return nil, fmt.Errorf("units.yaml: %d unit cards, want %d (seed 002: there are 48 unit cards in the game)", len(c.UnitNames), numUnits)
	}
	for i, n := range c.UnitNames {
		if strings.TrimSpace(n) == "" {
			return nil, fmt.Errorf("units.yaml: unit card %d: name missing", i+1)
		}
	}
	return c, nil
}

func loadDeck(d yamlDeck) ([]Card, error) {
	var deck []Card
	if len(d.Battle) == 0 {
		return nil, errors.New("field battle: no battle cards")
	}
	for i, y := range d.Battle {
		where := fmt.Sprintf("battle card %d (%s)", i+1, y.Name)
		if y.Name == "" {
			return nil, fmt.Errorf("%s: field name: missing", where)
		}
		if y.Copies < 1 {
			return nil, fmt.Errorf("%s: field copies: %d, want at least 1", where, y.Copies)
		}
		card := Card{Name: y.Name}
		for w, v := range [numWeapons][]int{y.Sword, y.Spear, y.Bow} {
			if len(v) != 2 {
				return nil, fmt.Errorf("%s: field %s: want [power, extra]", where, weaponNames[w])
			}
			if v[0] < 0 || v[0] > maxValue || v[1] < 0 || v[1] > maxValue {
				return nil, fmt.Errorf("%s: field %s: values must be from 0 to %d", where, weaponNames[w], maxValue)
			}
			card.Power[w], card.Extra[w] = int8(v[0]), int8(v[1])
		}
		for k := 0; k < y.Copies; k++ {
			deck = append(deck, card)
		}
	}
	for i, y := range d.Units {
		where := fmt.Sprintf("unit card %d (%s)", i+1, y.Name)
		if y.Name == "" {
			return nil, fmt.Errorf("%s: field name: missing", where)
		}
		if y.Text == "" {
			return nil, fmt.Errorf("%s: field text: missing", where)
		}
		if y.ID != "" || y.Source != "" {
			return nil, fmt.Errorf("%s: fields id and source belong to strategy cards", where)
		}
		e, err := y.effect(true)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		deck = append(deck, Card{Name: y.Name, Unit: true, Text: y.Text, Effect: e})
	}
	if len(d.Units) > maxUnitCards {
		return nil, fmt.Errorf("field units: %d unit cards, at most %d", len(d.Units), maxUnitCards)
	}
	if len(deck) > maxDeck {
		return nil, fmt.Errorf("%d cards, at most %d", len(deck), maxDeck)
	}
	return deck, nil
}

// effect checks the effect fields; unit says whether the card is a
// battle-deck unit card, whose kinds differ from a strategy card's.
func (y yamlCard) effect(unit bool) (Effect, error) {
	k, ok := effectNames[y.Kind]
	allowed := map[int]bool{effBothWeapon: unit, effHerald: unit, effBonus: true, effNoQuarter: true}
	if ok && !unit && k != effBothWeapon && k != effHerald {
		allowed[k] = true
	}
	if !ok || !allowed[k] {
		return Effect{}, fmt.Errorf("field kind: %q is not a kind this card can have", y.Kind)
	}
	e := Effect{Kind: k}
	weapon := func(field, v string) (int, error) {
		w, ok := parseWeapon(v)
		if !ok {
			return 0, fmt.Errorf("field %s: %q is not a weapon (sword, spear, bow)", field, v)
		}
		return w, nil
	}
	positive := func(field string, v int) (int, error) {
		if v < 1 || v > maxValue {
			return 0, fmt.Errorf("field %s: %d, want 1 to %d", field, v, maxValue)
		}
		return v, nil
	}
	var err error
	switch k {
	case effMatchup:
		if e.Weapon, err = weapon("you", y.You); err == nil {
			if e.Enemy, err = weapon("enemy", y.Enemy); err == nil {
				e.Points, err = positive("points", y.Points)
			}
		}
	case effCall, effBothWeapon:
		e.Weapon, err = weapon("weapon", y.Weapon)
	case effBonus, effSabotage:
		e.Points, err = positive("points", y.Points)
	case effMaxCards:
		if y.Cards < 1 || y.Cards > 2 {
			err = fmt.Errorf("field cards: %d, want 1 or 2", y.Cards)
		}
		e.Cards = y.Cards
	case effRevive, effNoQuarter:
		e.Units, err = positive("units", y.Units)
	}
	return e, err
}
