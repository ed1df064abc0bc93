package tacticsdavid

import (
	"fmt"
	"strconv"
	"strings"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// RulesVersion is the version of the rules and content this package plays.
// Version 2: TD-154 (an engaged unit that changes sides is disengaged),
// TD-155 and TD-156 change the play of the matches they concern.
const RulesVersion = "tacticsdavid-3"

// Game is Tactics David V3.2 (seed 004).
type Game struct {
	c *Content

	// Tables derived from the content once.
	statusMay [NumStatuses]uint8 // bit t: a unit of type t may have the status
	ailment   [NumStatuses]bool  // statuses Giant's Bread shakes off (TD-34)
	items     [NumItems + 1]itemInfo
	areas     map[string]*battlefield.Area
	pupRoot   []bool // by unit number: the unit is of the Pup Root (Whip)

	// Abilities (ability.go).
	masks   hookMasks
	notDead [numFired]bool // "All (Not with Dead Status)"
	slugs   [numAbilities + 1]string
	bySlug  map[string]int
	grpA    groupA // units and Roots group A's abilities name (ab_strength.go)
}

// itemInfo is what the rules need of an item, by item number.
type itemInfo struct {
	slot        int8 // slotWeapon, slotAccessory, slotExpendable
	attackBonus int8
	defendBonus int8
	moveBonus   int8
	rangeBonus  int8
	attackType  int8 // -1, or the attack type the item gives
	area        *battlefield.Area
	feared      bool
	cost        int16
	kind        int8 // the item type by the content (itemFact.kind), -1 unknown
}

// Item slots: "A Unit may only equip at most one of each type of Item"
// (seed 004, "Items").
const (
	slotWeapon = iota
	slotAccessory
	slotExpendable
	numSlots
)

// Item numbers the rules name (seed 004, "ITEM LIST").
const (
	itemPotion       = 1
	itemSuperPotion  = 2
	itemMegaPotion   = 3
	itemPheonixDown  = 4
	itemRevivalStone = 5
	itemElixir       = 6
	itemGiantsBread  = 7
	itemNecklace     = 11
	itemAmulet       = 12
	itemWhip         = 21
)

// statusNames are the names of the statuses, in the order of the constants.
var statusNames = [NumStatuses]string{
	"Paralyzed", "Blinded", "Poisoned", "Burned", "Frozen", "Fearful", "Crippled",
	"Pumped", "Silenced", "Enchanted", "Banished", "Summoned", "Dead", "Haste",
	"Lucky", "Enraged", "Feared", "Petrified", "Reflective", "Confused",
}

// New returns Tactics David played with the embedded content.
func New() *Game { return NewWithContent(DefaultContent()) }

// NewWithContent returns Tactics David played with other content, such as a
// designer's variant of the units.
func NewWithContent(c *Content) *Game {
	g := &Game{c: c, areas: map[string]*battlefield.Area{}}
	for i, st := range c.Statuses {
		for t := uint8(0); t < 3; t++ {
			ok := true
			if len(st.Only) > 0 {
				ok = false
				for _, o := range st.Only {
					if typeOf(o) == t {
						ok = true
					}
				}
			}
			for _, im := range st.Immune {
				if typeOf(im) == t {
					ok = false
				}
			}
			if ok && i < NumStatuses {
				g.statusMay[i] |= 1 << t
			}
		}
	}
	// Ailments are the statuses with "a negative effect" (seed 004,
	// "Status Affects"); Dead is one (TD-34).
	for _, st := range []int{Paralyzed, Blinded, Poisoned, Burned, Frozen, Fearful, Crippled, Silenced, Banished, Dead, Petrified, Confused} {
		g.ailment[st] = true
	}
	for _, a := range battlefield.Areas() {
		g.areas[a.Code] = a
	}
	for n := range g.items {
		g.items[n].kind = -1
	}
	for _, it := range c.Items {
		if it.Number < 1 || it.Number > NumItems {
			continue
		}
		inf := itemInfo{attackType: -1, cost: int16(it.Cost),
			attackBonus: int8(it.AttackBonus), defendBonus: int8(it.DefendBonus),
			moveBonus: int8(it.MoveBonus), rangeBonus: int8(it.RangeBonus),
			feared: it.Status == "Feared"}
		switch it.Type {
		case "Weapon":
			inf.slot = slotWeapon
		case "Accessory":
			inf.slot = slotAccessory
		default:
			inf.slot = slotExpendable
		}
		if it.AttackType != "" {
			inf.attackType = int8(typeOf(it.AttackType))
		}
		if it.AttackArea != "" {
			inf.area = g.areas[it.AttackArea]
		}
		inf.kind = -1
		if j := c.item(it.Number); j >= 0 {
			inf.kind = int8(c.items[j].kind)
		}
		g.items[it.Number] = inf
	}
	g.pupRoot = make([]bool, NumUnits+1)
	if pup := c.UnitNamed("Pup"); pup != nil {
		for _, u := range c.Units {
			if u.Number <= NumUnits && c.RootOf(u.Number) == pup.Number {
				g.pupRoot[u.Number] = true
			}
		}
	}
	g.buildAbilities()
	g.buildGroupA()
	return g
}

// Name returns "tacticsdavid".
func (g *Game) Name() string { return "tacticsdavid" }

// Title returns the game's full name.
func (g *Game) Title() string { return "Tactics David V3.2, grid tactics for two" }

// RulesVersion returns the version of the rules played.
func (g *Game) RulesVersion() string { return RulesVersion }

// Seats returns 2 and 2.
func (g *Game) Seats() (min, max int) { return 2, 2 }

// Content returns the content the game is played with.
func (g *Game) Content() *Content { return g.c }

// SeatName returns "one" or "two", the players of the deployment areas 1
// and 2.
func (g *Game) SeatName(seat engine.Seat) string { return seatName(seat) }

func seatName(seat engine.Seat) string {
	switch seat {
	case 0:
		return "one"
	case 1:
		return "two"
	}
	return "spectator"
}

// Missions (seed 004, "Mission Types").
const (
	Deathmatch = "deathmatch" // "the winner is whichever Player succeeds in killing all the other Player's Units"
	Kills      = "kills"      // "play the game for a set number of Turn's, adding up how many kills they made"
	Money      = "money"      // "... or how much money they have invested in the remaining Units"
)

// Options lists the match options: the choices of the book's "Typical Game
// Flow" (seed 004): mission, money, army rules, battlefield, deployment and
// who goes first.
func (g *Game) Options() []engine.OptionSpec {
	var fields []string
	for _, b := range battlefield.All() {
		fields = append(fields, fileName(b.Name))
	}
	return []engine.OptionSpec{
		{Name: "battlefield", File: true, Default: "open-field-14x11",
			Help: "the battlefield (Tactics David rules, \"The Battlefield\"; battlefield book): " + strings.Join(fields, ", ") +
				"; or @FILE, a battlefield you draw (`skald rules tacticsdavid`, \"Drawing a battlefield\", describes how)"},
		{Name: "limit", Default: "100", Min: 10, Max: 2000,
			Help: "the money each player builds an army with (\"Typical Game Flow\" 2)"},
		{Name: "army", Default: "free", Choices: []string{string(FreeArmy), string(MixedArmy), string(ThemedArmy), string(FamilyArmy)},
			Help: "army rules (\"Building Your Army\"): free, or the Strict types mixed, themed, family"},
		{Name: "maxsame", Default: "3", Min: 1, Max: 99,
			Help: "Strict: the most of the same unit in an army (\"In a larger battle Player's may decide to increase this amount\")"},
		{Name: "armies", Default: "build", Choices: []string{"build", "auto"},
			Help: "build: each player buys units, stacks and items; auto: both armies are random legal armies within the limit"},
		{Name: "mission", Default: Deathmatch, Choices: []string{Deathmatch, Kills, Money},
			Help: "deathmatch: kill every enemy unit; kills, money: after the set number of turns, most kills or most money in surviving units (\"Mission Types\")"},
		{Name: "turns", Default: "20", Min: 0, Max: 500,
			Help: "turns each player plays; a deathmatch still undecided then is a draw (ruling TD-39); 0: no limit (deathmatch only)"},
		{Name: "deploy", Default: "areas", Choices: []string{"areas", "free"},
			Help: "areas: each player deploys in its area; free: anywhere, not in contact with an enemy unit (\"Mission Types\")"},
		{Name: "first", Default: "random", Choices: []string{"random", "one", "two"},
			Help: "who deploys and plays first (\"Player's will decide who goes first\"); random rolls a D2"},
		{Name: "abilities", Default: "on", Choices: []string{"on", "off"},
			Help: "on: the units' abilities and specials act (\"ABILITY LIST\", \"SPECIAL LIST\"); off: units fight with their profiles only, the base rules"},
	}
}

// fileName is a battlefield's option value: its name in lower case with
// dashes, as its file is named ("open-field-14x11").
func fileName(name string) string {
	name = strings.ToLower(strings.ReplaceAll(name, "'", ""))
	return strings.ReplaceAll(name, " ", "-")
}

// battlefieldOption reads the battlefield option: a shipped battlefield's
// name, or the text of a battlefield file (the command line reads @FILE).
func battlefieldOption(v string) (*battlefield.Battlefield, error) {
	if strings.Contains(v, "\n") {
		b, err := battlefield.Parse("battlefield", []byte(v))
		if err != nil {
			return nil, fmt.Errorf("option battlefield: %w", err)
		}
		return b, nil
	}
	if b, ok := battlefield.Named(v); ok {
		return b, nil
	}
	var names []string
	for _, b := range battlefield.All() {
		names = append(names, fileName(b.Name))
	}
	return nil, fmt.Errorf("option battlefield: no battlefield %q (shipped: %s; or @FILE)", v, strings.Join(names, ", "))
}

// config is a match's resolved options, shared by its clones.
type config struct {
	limit   int
	rules   ArmyRules
	auto    bool
	mission string
	turns   int
	free    bool
	first   string
	noAb    bool // abilities=off
	grid    *grid
}

// New starts a match: the battlefield is set, the armies are built (or
// drawn at random with armies=auto), and deployment begins.
func (g *Game) New(cfg engine.Config) (engine.State, error) {
	if cfg.Seats != 0 && cfg.Seats != 2 {
		return nil, fmt.Errorf("tacticsdavid is played by 2 seats, not %d", cfg.Seats)
	}
	opts, err := engine.Resolve(g.Options(), cfg.Options)
	if err != nil {
		return nil, err
	}
	bf, err := battlefieldOption(opts["battlefield"])
	if err != nil {
		return nil, err
	}
	atoi := func(k string) int { n, _ := strconv.Atoi(opts[k]); return n }
	conf := &config{
		limit:   atoi("limit"),
		auto:    opts["armies"] == "auto",
		mission: opts["mission"],
		turns:   atoi("turns"),
		free:    opts["deploy"] == "free" || !bf.HasDeploy(),
		first:   opts["first"],
		noAb:    opts["abilities"] == "off",
	}
	conf.rules = ArmyRules{Type: ArmyType(opts["army"]), Limit: conf.limit, MaxSame: atoi("maxsame")}
	if conf.mission != Deathmatch && conf.turns == 0 {
		return nil, fmt.Errorf("option turns: the %s mission is played for a set number of turns, not 0", conf.mission)
	}
	s := &State{g: g, bf: bf, conf: conf, rng: engine.NewRand(cfg.Seed), tally: new(tally), cause: noCause}
	s.board = make([]int8, bf.W*bf.H)
	conf.grid = newGrid(s)
	s.eng = noEngagement
	switch conf.first {
	case "one":
		s.first = 0
	case "two":
		s.first = 1
	default:
		s.first = int8(s.rng.Roll(2) - 1)
	}
	s.player = s.first
	s.stage = stageBuild
	if conf.auto {
		for seat := range s.armies {
			s.armies[seat] = g.c.RandomArmy(&s.rng, conf.rules)
			s.built[seat] = true
		}
		s.startDeployment(nil)
	}
	return s, nil
}

// Rules returns the rules reference: the rule book's procedures as skald
// plays them, the rulings, and the abilities not yet played.
func (g *Game) Rules() string { return rulesText(g) }
