package runewars

import (
	"embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
)

//go:embed data/units.yaml data/map.yaml data/seasons.yaml data/fate.yaml data/heroes.yaml data/quests.yaml data/objectives.yaml data/titles.yaml data/tactics.yaml
var dataFS embed.FS

// Limits checked when the content is loaded.
const (
	maxDial      = 8  // a resource dial's last position
	maxHealth    = 5  // the Giant
	maxSupply    = 16 // the most figures of one type
	maxInit      = 5  // initiative steps of a battle (Runewars rules, Battles 5)
	maxTiles     = 8  // tiles dealt with setup quests: two per player
	maxNameLen   = 40
	maxTextLen   = 200
	fateCards    = 30
	seasonsCount = 4
)

// Shape is the shape of a unit's base: which section of a fate card it
// reads (Runewars rules, Battles 5a).
type Shape uint8

// The four shapes.
const (
	Triangle Shape = iota
	Rectangle
	Hexagon
	Circle
	numShapes
)

var shapeNames = [numShapes]string{"triangle", "rectangle", "hexagon", "circle"}

func (s Shape) String() string { return shapeNames[s] }

// Resource is one of the three resources a faction's dials track.
type Resource uint8

// The resources.
const (
	Food Resource = iota
	Wood
	Ore
	numResources
)

var resourceNames = [numResources]string{"food", "wood", "ore"}

func (r Resource) String() string { return resourceNames[r] }

// Result is what a fate card's section shows.
type Result uint8

// Fate card results.
const (
	Blank Result = iota
	Damage
	Rout
	Special
)

// Section is one shape's section of a fate card.
type Section struct {
	Result Result
	N      int8 // damage or routs
}

func (s Section) String() string {
	switch s.Result {
	case Damage:
		return fmt.Sprintf("%d damage", s.N)
	case Rout:
		if s.N == 1 {
			return "1 rout"
		}
		return fmt.Sprintf("%d routs", s.N)
	case Special:
		return "special"
	}
	return "blank"
}

// Destiny is a fate card's destiny symbol, read by diplomacy.
type Destiny uint8

// Destiny symbols.
const (
	Success Destiny = iota
	Neutral
	Failure
)

var destinyNames = [...]string{"success", "neutral", "failure"}

func (d Destiny) String() string { return destinyNames[d] }

// FateCard is one card of the fate deck.
type FateCard struct {
	ID       int
	Sections [numShapes]Section
	Destiny  Destiny
}

// EffectKind is what a unit's special ability does.
type EffectKind uint8

// Unit ability effects (units.yaml documents them).
const (
	EffDamage EffectKind = iota
	EffRout
	EffAimed
	EffDestroy
	EffStand
	EffRaise
	EffSacrifice
)

// Ability is a unit type's special ability.
type Ability struct {
	Name     string
	Kind     EffectKind
	N        int
	Shapes   [numShapes]bool // EffDestroy: the shapes it may destroy
	Unit     int             // EffRaise: the unit type raised
	Standing int             // the effect needs this many of the type standing
	Text     string          // the effect as written
}

// UnitType is a faction's or a neutral unit type.
type UnitType struct {
	ID, Name   string
	Faction    int // index into Content.Factions, or -1 for a neutral
	Shape      Shape
	Health     int
	Initiative int
	Supply     int
	Fast       bool
	Flying     bool
	Ability    Ability
}

// Threshold is a position on a dial that gives something.
type Threshold struct {
	At   int
	Unit int // a unit type, for a recruit table
}

// Faction is one faction's sheet.
type Faction struct {
	ID, Name  string
	Good      bool // alignment
	Influence int
	Dials     [numResources]int
	Start     []UnitCount
	Recruit   [numResources][]Threshold
	Power     [numResources][]int
	Units     []int // its unit types
}

// UnitCount is a number of figures of one unit type.
type UnitCount struct {
	Unit, N int
}

// Area is one hexagonal area of a tile.
type Area struct {
	ID, Name  string
	Terrain   string
	Res       [numResources]int
	City      bool
	Neutrals  []UnitCount
	Border    uint8 // 0 none, 1 red, 2 blue, 3 yellow (tile 12: LC)
	Tile      int
	Home      int // the faction whose home realm it is, or -1
	IndexTile int // 0-2 within its tile
}

// Border features between two areas of a tile.
const (
	edgePlain uint8 = iota
	edgeWater
	edgeMountain
)

// Tile is a map tile of three areas.
type Tile struct {
	ID, Name, Quest string
	Areas           [3]int   // indexes into Content.Areas
	Edges           [3]uint8 // between areas 0-1, 1-2, 2-0
	Home            int      // the faction, or -1 for a quest tile
}

// City is a city token.
type City struct {
	ID, Name  string
	Res       [numResources]int
	Influence int
	Allies    []UnitCount
	Runes     int // dragon runes of an Alternate City (RFC; RW-D17)
}

// SeasonEffect is what a season card's secondary ability does.
type SeasonEffect uint8

// Season card effects (seasons.yaml documents them).
const (
	SeGain SeasonEffect = iota
	SeLose
	SeInfluence
	SeCities
	SeTactics
	SeBidRunes
	SeBidAllies
	SeReveal
	SeMoveRune
	SeFrost
)

// SeasonCard is one season card.
type SeasonCard struct {
	ID, Name, Text string
	Season         int
	Effect         SeasonEffect
	Res            Resource
	N              int
	Unit           int
}

// Content is everything a match of Runewars is played with.
type Content struct {
	Factions []Faction
	Units    []UnitType
	Tiles    []Tile // quest tiles first, then the home realms
	Areas    []Area
	Cities   []City
	Seasons  []SeasonCard
	Fate     []FateCard
	Homes    [4]int // the home tile of each faction
	NumQuest int    // quest tiles: Tiles[:NumQuest]
	// The Lost City (LC; RW-D16): tile 12, laid with the option
	// lostcity, and the city token that may appear on its first area;
	// -1 when the content has none. Cities[:NumCities] are drawn at
	// setup; the Lost City's token is not.
	LostTile, LostCity int
	NumCities          int
	// Rise of the Free Cities (RFC; RW-D17): the Alternate City tokens,
	// Cities[FreeFirst:FreeFirst+NumFree], drawn instead of the others.
	FreeFirst, NumFree int
	Heroes             []HeroCard
	Commanders         []CommanderCard // Commanders of the Battlefield [D] RW-D19
	Quests             []Quest
	Rewards            []Reward

	Objectives []Objective
	Titles     []Title
	Tactics    []Tactic
	TacticDeck []int8 // each Tactics card's kind

	Developments []Development // the factions' Development cards (DEV; RW-D18)
}

// DefaultContent returns the content embedded in skald.
func DefaultContent() *Content { return defaultContent }

var defaultContent = mustLoadContent()

func mustLoadContent() *Content {
	read := func(name string) []byte {
		b, err := dataFS.ReadFile("data/" + name)
		if err != nil {
			panic("runewars: embedded data missing: " + name)
		}
		return b
	}
	c, err := LoadContent(read("units.yaml"), read("map.yaml"), read("seasons.yaml"), read("fate.yaml"),
		read("heroes.yaml"), read("quests.yaml"), read("objectives.yaml"), read("titles.yaml"), read("tactics.yaml"))
	if err != nil {
		panic("runewars: embedded data: " + err.Error())
	}
	return c
}

// UnitByID returns the index of the unit type with the id.
func (c *Content) UnitByID(id string) (int, bool) {
	for i := range c.Units {
		if c.Units[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// AreaByID returns the index of the area with the id.
func (c *Content) AreaByID(id string) (int, bool) {
	for i := range c.Areas {
		if c.Areas[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// TileByID returns the index of the tile with the id.
func (c *Content) TileByID(id string) (int, bool) {
	for i := range c.Tiles {
		if c.Tiles[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

type unitsFile struct {
	Factions []factionEntry `yaml:"factions"`
	Neutrals []unitEntry    `yaml:"neutrals"`
}

type factionEntry struct {
	ID        string             `yaml:"id"`
	Name      string             `yaml:"name"`
	Alignment string             `yaml:"alignment"`
	Influence int                `yaml:"influence"`
	Dials     map[string]int     `yaml:"dials"`
	Start     map[string]int     `yaml:"start"`
	Recruit   map[string][][]any `yaml:"recruit"`
	Power     map[string][]int   `yaml:"power"`
	Units     []unitEntry        `yaml:"units"`
	// Developments are the faction's Development cards (DEV; RW-D18).
	Developments []devEntry `yaml:"developments"`
}

type unitEntry struct {
	ID         string `yaml:"id"`
	Name       string `yaml:"name"`
	Shape      string `yaml:"shape"`
	Health     int    `yaml:"health"`
	Initiative int    `yaml:"initiative"`
	Supply     int    `yaml:"supply"`
	Fast       bool   `yaml:"fast"`
	Flying     bool   `yaml:"flying"`
	Ability    struct {
		Name     string `yaml:"name"`
		Effect   string `yaml:"effect"`
		Standing int    `yaml:"standing"`
	} `yaml:"ability"`
}

type mapFile struct {
	Tiles  []tileEntry `yaml:"tiles"`
	Homes  []tileEntry `yaml:"homes"`
	Cities []cityEntry `yaml:"cities"`
	Free   []cityEntry `yaml:"freecities"`
	Lost   *lostEntry  `yaml:"lost"`
}

type cityEntry struct {
	ID        string         `yaml:"id"`
	Name      string         `yaml:"name"`
	Food      int            `yaml:"food"`
	Wood      int            `yaml:"wood"`
	Ore       int            `yaml:"ore"`
	Influence int            `yaml:"influence"`
	Allies    map[string]int `yaml:"allies"`
	Runes     int            `yaml:"runes"`
}

// lostEntry is tile 12 and the Lost City's token (LC; RW-D16).
type lostEntry struct {
	Tile tileEntry `yaml:"tile"`
	City cityEntry `yaml:"city"`
}

type tileEntry struct {
	ID        string      `yaml:"id"`
	Name      string      `yaml:"name"`
	Quest     string      `yaml:"quest"`
	Areas     []areaEntry `yaml:"areas"`
	Water     [][]int     `yaml:"water"`
	Mountains [][]int     `yaml:"mountains"`
}

type areaEntry struct {
	ID       string         `yaml:"id"`
	Name     string         `yaml:"name"`
	Terrain  string         `yaml:"terrain"`
	Food     int            `yaml:"food"`
	Wood     int            `yaml:"wood"`
	Ore      int            `yaml:"ore"`
	City     bool           `yaml:"city"`
	Neutrals map[string]int `yaml:"neutrals"`
	Border   string         `yaml:"border"`
}

type seasonEntry struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Season string `yaml:"season"`
	Effect string `yaml:"effect"`
	Text   string `yaml:"text"`
}

type fateEntry struct {
	ID        int    `yaml:"id"`
	Triangle  string `yaml:"triangle"`
	Rectangle string `yaml:"rectangle"`
	Hexagon   string `yaml:"hexagon"`
	Circle    string `yaml:"circle"`
	Destiny   string `yaml:"destiny"`
}

// LoadContent parses and checks the data files: units.yaml, map.yaml,
// seasons.yaml, fate.yaml, heroes.yaml, quests.yaml, objectives.yaml, titles.yaml and tactics.yaml. Unknown fields are
// errors. An error names the file, the entry and the field at fault.
func LoadContent(units, maps, seasons, fate, heroes, quests, objectives, titles, tactics []byte) (c *Content, err error) {
	defer func() {
		// The YAML library is not ours; never let it take the caller down.
		if r := recover(); r != nil {
			c, err = nil, fmt.Errorf("cannot parse YAML: %v", r)
		}
	}()
	c = &Content{}
	var u unitsFile
	if err := yaml.UnmarshalWithOptions(units, &u, yaml.Strict()); err != nil {
		return nil, fmt.Errorf("units.yaml: %s", yaml.FormatError(err, false, true))
	}
	if err := c.loadUnits(&u); err != nil {
		return nil, fmt.Errorf("units.yaml: %w", err)
	}
	var m mapFile
	if err := yaml.UnmarshalWithOptions(maps, &m, yaml.Strict()); err != nil {
		return nil, fmt.Errorf("map.yaml: %s", yaml.FormatError(err, false, true))
	}
	if err := c.loadMap(&m); err != nil {
		return nil, fmt.Errorf("map.yaml: %w", err)
	}
	var ss []seasonEntry
	if err := yaml.UnmarshalWithOptions(seasons, &ss, yaml.Strict()); err != nil {
		return nil, fmt.Errorf("seasons.yaml: %s", yaml.FormatError(err, false, true))
	}
	if err := c.loadSeasons(ss); err != nil {
		return nil, fmt.Errorf("seasons.yaml: %w", err)
	}
	var fs []fateEntry
	if err := yaml.UnmarshalWithOptions(fate, &fs, yaml.Strict()); err != nil {
		return nil, fmt.Errorf("fate.yaml: %s", yaml.FormatError(err, false, true))
	}
	if err := c.loadFate(fs); err != nil {
		return nil, fmt.Errorf("fate.yaml: %w", err)
	}
	if err := c.loadHeroes(heroes); err != nil {
		return nil, fmt.Errorf("heroes.yaml: %w", err)
	}
	if err := c.loadQuests(quests); err != nil {
		return nil, fmt.Errorf("quests.yaml: %w", err)
	}
	if err := c.loadObjectives(objectives); err != nil {
		return nil, fmt.Errorf("objectives.yaml: %w", err)
	}
	if err := c.loadTitles(titles); err != nil {
		return nil, fmt.Errorf("titles.yaml: %w", err)
	}
	if err := c.loadTactics(tactics); err != nil {
		return nil, fmt.Errorf("tactics.yaml: %w", err)
	}
	return c, nil
}

// isWord reports whether s is one lower-case word: letters and digits in
// parts joined by single hyphens.
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

func checkWord(field, s string) error {
	if !isWord(s) {
		return fmt.Errorf("field %s: %q is not one lower-case word (letters, digits, single hyphens)", field, s)
	}
	return nil
}

func checkName(field, name string, max int) error {
	if strings.TrimSpace(name) == "" || len(name) > max || strings.ContainsAny(name, "\n\t") {
		return fmt.Errorf("field %s: want 1 to %d characters on one line", field, max)
	}
	return nil
}

func inRange(field string, v, lo, hi int) error {
	if v < lo || v > hi {
		return fmt.Errorf("field %s: %d is out of range %d..%d", field, v, lo, hi)
	}
	return nil
}

func parseResource(field, s string) (Resource, error) {
	for r, n := range resourceNames {
		if n == s {
			return Resource(r), nil
		}
	}
	return 0, fmt.Errorf("field %s: %q is not food, wood or ore", field, s)
}

func parseShape(field, s string) (Shape, error) {
	for i, n := range shapeNames {
		if n == s {
			return Shape(i), nil
		}
	}
	return 0, fmt.Errorf("field %s: %q is not triangle, rectangle, hexagon or circle", field, s)
}

func (c *Content) loadUnits(u *unitsFile) error {
	if len(u.Factions) != 4 {
		return fmt.Errorf("field factions: %d factions, want 4", len(u.Factions))
	}
	// The unit types first, so that tables may name any of them.
	type pending struct {
		e       unitEntry
		faction int
	}
	var all []pending
	for f, fe := range u.Factions {
		for _, ue := range fe.Units {
			all = append(all, pending{ue, f})
		}
		if len(fe.Units) != 4 {
			return fmt.Errorf("faction %q: field units: %d unit types, want 4", fe.ID, len(fe.Units))
		}
	}
	for _, ue := range u.Neutrals {
		all = append(all, pending{ue, -1})
	}
	seen := map[string]bool{}
	for _, p := range all {
		t, err := loadUnit(p.e, p.faction)
		if err != nil {
			return fmt.Errorf("unit %q: %w", p.e.ID, err)
		}
		if seen[t.ID] {
			return fmt.Errorf("unit %q: field id: listed twice", t.ID)
		}
		seen[t.ID] = true
		c.Units = append(c.Units, t)
	}
	for i := range c.Units {
		if err := c.resolveAbility(&c.Units[i]); err != nil {
			return fmt.Errorf("unit %q: field ability.effect: %w", c.Units[i].ID, err)
		}
	}
	infl := map[int]bool{}
	for f, fe := range u.Factions {
		fa, err := c.loadFaction(fe, f)
		if err != nil {
			return fmt.Errorf("faction %q: %w", fe.ID, err)
		}
		if infl[fa.Influence] {
			return fmt.Errorf("faction %q: field influence: %d is another faction's too; the last tie-break needs them all different", fe.ID, fa.Influence)
		}
		infl[fa.Influence] = true
		c.Factions = append(c.Factions, fa)
	}
	for f, fe := range u.Factions {
		for i, de := range fe.Developments {
			if err := c.loadDevelopment(de, f); err != nil {
				return fmt.Errorf("faction %q: developments[%d]: %w", fe.ID, i, err)
			}
		}
	}
	return nil
}

func loadUnit(e unitEntry, faction int) (UnitType, error) {
	t := UnitType{ID: e.ID, Name: e.Name, Faction: faction, Health: e.Health, Initiative: e.Initiative,
		Supply: e.Supply, Fast: e.Fast, Flying: e.Flying}
	if err := checkWord("id", e.ID); err != nil {
		return t, err
	}
	if err := checkName("name", e.Name, maxNameLen); err != nil {
		return t, err
	}
	var err error
	if t.Shape, err = parseShape("shape", e.Shape); err != nil {
		return t, err
	}
	if err := inRange("health", e.Health, 1, maxHealth); err != nil {
		return t, err
	}
	if err := inRange("initiative", e.Initiative, 1, maxInit); err != nil {
		return t, err
	}
	if err := inRange("supply", e.Supply, 1, maxSupply); err != nil {
		return t, err
	}
	if err := checkName("ability.name", e.Ability.Name, maxNameLen); err != nil {
		return t, err
	}
	if err := inRange("ability.standing", e.Ability.Standing, 0, maxSupply); err != nil {
		return t, err
	}
	t.Ability = Ability{Name: e.Ability.Name, Text: e.Ability.Effect, Standing: e.Ability.Standing}
	return t, nil
}

// resolveAbility parses an ability's effect once every unit type is known.
func (c *Content) resolveAbility(t *UnitType) error {
	f := strings.Fields(t.Ability.Text)
	if len(f) == 0 {
		return fmt.Errorf("empty")
	}
	num := func(s string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("%q: want a number from %d to %d", s, lo, hi)
		}
		return n, nil
	}
	a := &t.Ability
	var err error
	switch {
	case len(f) == 2 && (f[0] == "damage" || f[0] == "rout" || f[0] == "aimed" || f[0] == "stand" || f[0] == "sacrifice"):
		a.Kind = map[string]EffectKind{"damage": EffDamage, "rout": EffRout, "aimed": EffAimed, "stand": EffStand, "sacrifice": EffSacrifice}[f[0]]
		a.N, err = num(f[1], 1, 3)
	case f[0] == "destroy" && len(f) >= 2:
		a.Kind = EffDestroy
		for _, s := range f[1:] {
			sh, err := parseShape("shape", s)
			if err != nil {
				return fmt.Errorf("%q: %q is not a shape", t.Ability.Text, s)
			}
			a.Shapes[sh] = true
		}
	case f[0] == "raise" && len(f) == 3:
		a.Kind = EffRaise
		u, ok := c.UnitByID(f[1])
		if !ok {
			return fmt.Errorf("%q: no unit %q", t.Ability.Text, f[1])
		}
		if c.Units[u].Faction != t.Faction {
			return fmt.Errorf("%q: %s is not of the same faction", t.Ability.Text, f[1])
		}
		a.Unit = u
		a.N, err = num(f[2], 1, 4)
	default:
		return fmt.Errorf("%q: want damage N, rout N, aimed N, destroy SHAPES, stand N, raise UNIT N or sacrifice N", t.Ability.Text)
	}
	if err != nil {
		return fmt.Errorf("%q: %w", t.Ability.Text, err)
	}
	return nil
}

func (c *Content) unitCounts(field string, m map[string]int, faction int, neutral bool) ([]UnitCount, error) {
	var out []UnitCount
	for _, t := range sortedKeys(m) {
		u, ok := c.UnitByID(t)
		if !ok {
			return nil, fmt.Errorf("field %s: no unit %q", field, t)
		}
		if neutral && c.Units[u].Faction != -1 {
			return nil, fmt.Errorf("field %s: %q is not a neutral unit", field, t)
		}
		if !neutral && c.Units[u].Faction != faction {
			return nil, fmt.Errorf("field %s: %q is not one of the faction's units", field, t)
		}
		if err := inRange(field+"."+t, m[t], 1, c.Units[u].Supply); err != nil {
			return nil, err
		}
		out = append(out, UnitCount{u, m[t]})
	}
	return out, nil
}

func (c *Content) loadFaction(e factionEntry, f int) (Faction, error) {
	fa := Faction{ID: e.ID, Name: e.Name, Influence: e.Influence}
	if err := checkWord("id", e.ID); err != nil {
		return fa, err
	}
	if err := checkName("name", e.Name, maxNameLen); err != nil {
		return fa, err
	}
	switch e.Alignment {
	case "good":
		fa.Good = true
	case "evil":
	default:
		return fa, fmt.Errorf("field alignment: %q is not good or evil", e.Alignment)
	}
	if err := inRange("influence", e.Influence, 0, 20); err != nil {
		return fa, err
	}
	for k, v := range e.Dials {
		r, err := parseResource("dials", k)
		if err != nil {
			return fa, err
		}
		if err := inRange("dials."+k, v, 0, maxDial); err != nil {
			return fa, err
		}
		fa.Dials[r] = v
	}
	for i := range c.Units {
		if c.Units[i].Faction == f {
			fa.Units = append(fa.Units, i)
		}
	}
	var err error
	if fa.Start, err = c.unitCounts("start", e.Start, f, false); err != nil {
		return fa, err
	}
	if len(fa.Start) == 0 {
		return fa, fmt.Errorf("field start: no starting units")
	}
	for k, rows := range e.Recruit {
		r, err := parseResource("recruit", k)
		if err != nil {
			return fa, err
		}
		for i, row := range rows {
			field := fmt.Sprintf("recruit.%s[%d]", k, i)
			if len(row) != 2 {
				return fa, fmt.Errorf("field %s: want [threshold, unit]", field)
			}
			at, ok1 := row[0].(uint64)
			id, ok2 := row[1].(string)
			if !ok1 || !ok2 {
				return fa, fmt.Errorf("field %s: want [threshold, unit]", field)
			}
			if err := inRange(field, int(at), 1, maxDial); err != nil {
				return fa, err
			}
			u, ok := c.UnitByID(id)
			if !ok || c.Units[u].Faction != f {
				return fa, fmt.Errorf("field %s: %q is not one of the faction's units", field, id)
			}
			if i > 0 && int(at) < fa.Recruit[r][i-1].At {
				return fa, fmt.Errorf("field %s: thresholds must not decrease", field)
			}
			fa.Recruit[r] = append(fa.Recruit[r], Threshold{At: int(at), Unit: u})
		}
	}
	for k, ats := range e.Power {
		r, err := parseResource("power", k)
		if err != nil {
			return fa, err
		}
		for i, at := range ats {
			if err := inRange(fmt.Sprintf("power.%s[%d]", k, i), at, 1, maxDial); err != nil {
				return fa, err
			}
		}
		fa.Power[r] = ats
	}
	return fa, nil
}

// lostHome marks tile 12 while it is loaded (LC).
const lostHome = -2

func (c *Content) loadMap(m *mapFile) error {
	if len(m.Tiles) < 4 || len(m.Tiles) > maxTiles {
		return fmt.Errorf("field tiles: %d tiles, want 4 to %d (two per player)", len(m.Tiles), maxTiles)
	}
	if len(m.Homes) != len(c.Factions) {
		return fmt.Errorf("field homes: %d home realms, want one per faction", len(m.Homes))
	}
	ids := map[string]bool{}
	load := func(e tileEntry, home int) error {
		lost := home == lostHome
		if lost {
			home = -1
		}
		t := Tile{ID: e.ID, Name: e.Name, Quest: e.Quest, Home: home}
		if err := checkWord("id", e.ID); err != nil {
			return err
		}
		if ids["tile:"+e.ID] {
			return fmt.Errorf("field id: listed twice")
		}
		ids["tile:"+e.ID] = true
		if err := checkName("name", e.Name, maxNameLen); err != nil {
			return err
		}
		if err := checkName("quest", e.Quest, maxNameLen); err != nil && !lost {
			return err
		}
		if len(e.Areas) != 3 {
			return fmt.Errorf("field areas: %d areas, want 3", len(e.Areas))
		}
		for i, ae := range e.Areas {
			field := fmt.Sprintf("areas[%d]", i)
			a := Area{ID: ae.ID, Name: ae.Name, Terrain: ae.Terrain, City: ae.City, Tile: len(c.Tiles), Home: home, IndexTile: i}
			if err := checkWord(field+".id", ae.ID); err != nil {
				return err
			}
			if ids[ae.ID] {
				return fmt.Errorf("field %s.id: %q is another area's id", field, ae.ID)
			}
			ids[ae.ID] = true
			if err := checkName(field+".name", ae.Name, maxNameLen); err != nil {
				return err
			}
			switch ae.Terrain {
			case "plains", "forest", "hills", "mountains", "marsh":
			default:
				return fmt.Errorf("field %s.terrain: %q is not plains, forest, hills, mountains or marsh", field, ae.Terrain)
			}
			for r, v := range [...]int{ae.Food, ae.Wood, ae.Ore} {
				if err := inRange(field+"."+resourceNames[r], v, 0, 3); err != nil {
					return err
				}
				a.Res[r] = v
			}
			var err error
			if a.Neutrals, err = c.unitCounts(field+".neutrals", ae.Neutrals, -1, true); err != nil {
				return err
			}
			if lost && (a.City || len(a.Neutrals) > 0 || ae.Border != "yellow") {
				return fmt.Errorf("field %s: tile 12's areas have a yellow border, no city space and no neutrals", field)
			}
			switch ae.Border {
			case "", "none":
			case "red":
				a.Border = 1
			case "blue":
				a.Border = 2
			case "yellow":
				// Only tile 12's (LC): red and blue may not touch it.
				if !lost {
					return fmt.Errorf("field %s.border: yellow is tile 12's alone (lost)", field)
				}
				a.Border = 3
			default:
				return fmt.Errorf("field %s.border: %q is not none, red or blue", field, ae.Border)
			}
			if home >= 0 && (a.City || len(a.Neutrals) > 0) {
				return fmt.Errorf("field %s: a home realm has no city and no neutrals", field)
			}
			t.Areas[i] = len(c.Areas)
			c.Areas = append(c.Areas, a)
		}
		for _, feat := range []struct {
			name  string
			pairs [][]int
			edge  uint8
		}{{"water", e.Water, edgeWater}, {"mountains", e.Mountains, edgeMountain}} {
			for i, p := range feat.pairs {
				if len(p) != 2 || p[0] == p[1] || p[0] < 0 || p[0] > 2 || p[1] < 0 || p[1] > 2 {
					return fmt.Errorf("field %s[%d]: want two different area indexes 0-2", feat.name, i)
				}
				k := edgeIndex(p[0], p[1])
				if t.Edges[k] != edgePlain {
					return fmt.Errorf("field %s[%d]: that border is given twice", feat.name, i)
				}
				t.Edges[k] = feat.edge
			}
		}
		c.Tiles = append(c.Tiles, t)
		return nil
	}
	for _, e := range m.Tiles {
		if err := load(e, -1); err != nil {
			return fmt.Errorf("tile %q: %w", e.ID, err)
		}
	}
	c.NumQuest = len(c.Tiles)
	for _, e := range m.Homes {
		f := -1
		for i := range c.Factions {
			if c.Factions[i].ID == e.ID {
				f = i
			}
		}
		if f < 0 {
			return fmt.Errorf("home %q: field id: not a faction's id", e.ID)
		}
		if c.Homes[f] != 0 || len(c.Tiles) > c.NumQuest && c.Tiles[c.NumQuest].Home == f {
			return fmt.Errorf("home %q: field id: listed twice", e.ID)
		}
		c.Homes[f] = len(c.Tiles)
		if err := load(e, f); err != nil {
			return fmt.Errorf("home %q: %w", e.ID, err)
		}
	}
	spaces := 0
	for i := range c.Areas {
		if c.Areas[i].City {
			spaces++
		}
	}
	city := func(ce cityEntry, alternate bool) error {
		city := City{ID: ce.ID, Name: ce.Name, Influence: ce.Influence, Runes: ce.Runes}
		maxRes := 2
		if alternate {
			maxRes = 3 // more resources (RFC)
			if err := inRange("runes", ce.Runes, 0, 1); err != nil {
				return err
			}
		} else if ce.Runes != 0 {
			return fmt.Errorf("field runes: only an Alternate City (freecities) has dragon runes")
		}
		if err := checkWord("id", ce.ID); err != nil {
			return err
		}
		if err := checkName("name", ce.Name, maxNameLen); err != nil {
			return err
		}
		for r, v := range [...]int{ce.Food, ce.Wood, ce.Ore} {
			if err := inRange(resourceNames[r], v, 0, maxRes); err != nil {
				return err
			}
			city.Res[r] = v
		}
		if err := inRange("influence", ce.Influence, 0, 3); err != nil {
			return err
		}
		var err error
		if city.Allies, err = c.unitCounts("allies", ce.Allies, -1, true); err != nil {
			return err
		}
		for j := range c.Cities {
			if c.Cities[j].ID == ce.ID {
				return fmt.Errorf("field id: listed twice")
			}
		}
		c.Cities = append(c.Cities, city)
		return nil
	}
	for _, ce := range m.Cities {
		if err := city(ce, false); err != nil {
			return fmt.Errorf("city %q: %w", ce.ID, err)
		}
	}
	c.NumCities = len(c.Cities)
	c.FreeFirst = len(c.Cities)
	for _, ce := range m.Free {
		if err := city(ce, true); err != nil {
			return fmt.Errorf("freecities: city %q: %w", ce.ID, err)
		}
	}
	c.NumFree = len(c.Cities) - c.FreeFirst
	if c.NumFree > 0 && c.NumFree < spaces {
		return fmt.Errorf("field freecities: %d Alternate City tokens for %d city spaces", c.NumFree, spaces)
	}
	c.LostTile, c.LostCity = -1, -1
	if m.Lost != nil {
		if err := load(m.Lost.Tile, lostHome); err != nil {
			return fmt.Errorf("lost: tile %q: %w", m.Lost.Tile.ID, err)
		}
		c.LostTile = len(c.Tiles) - 1
		if err := city(m.Lost.City, false); err != nil {
			return fmt.Errorf("lost: city %q: %w", m.Lost.City.ID, err)
		}
		c.LostCity = len(c.Cities) - 1
	}
	if c.NumCities < spaces {
		return fmt.Errorf("field cities: %d city tokens for %d city spaces", c.NumCities, spaces)
	}
	return nil
}

// edgeIndex returns the index into Tile.Edges of the border between a
// tile's areas i and j.
func edgeIndex(i, j int) int {
	if i > j {
		i, j = j, i
	}
	switch {
	case i == 0 && j == 1:
		return 0
	case i == 1 && j == 2:
		return 1
	}
	return 2
}

var seasonNames = [seasonsCount]string{"spring", "summer", "autumn", "winter"}

func (c *Content) loadSeasons(ss []seasonEntry) error {
	var per [seasonsCount]int
	for i, e := range ss {
		card := SeasonCard{ID: e.ID, Name: e.Name, Text: e.Text, Season: -1}
		field := fmt.Sprintf("card %q", e.ID)
		if err := checkWord("id", e.ID); err != nil {
			return fmt.Errorf("%s: %w", field, err)
		}
		for j := 0; j < i; j++ {
			if ss[j].ID == e.ID {
				return fmt.Errorf("%s: field id: listed twice", field)
			}
		}
		if err := checkName("name", e.Name, maxNameLen); err != nil {
			return fmt.Errorf("%s: %w", field, err)
		}
		if err := checkName("text", e.Text, maxTextLen); err != nil {
			return fmt.Errorf("%s: %w", field, err)
		}
		for s, n := range seasonNames {
			if n == e.Season {
				card.Season = s
			}
		}
		if card.Season < 0 {
			return fmt.Errorf("%s: field season: %q is not spring, summer, autumn or winter", field, e.Season)
		}
		per[card.Season]++
		if err := c.parseSeasonEffect(&card, e.Effect); err != nil {
			return fmt.Errorf("%s: field effect: %w", field, err)
		}
		c.Seasons = append(c.Seasons, card)
	}
	for s, n := range per {
		if n == 0 {
			return fmt.Errorf("no %s cards", seasonNames[s])
		}
	}
	return nil
}

func (c *Content) parseSeasonEffect(card *SeasonCard, text string) error {
	f := strings.Fields(text)
	num := func(s string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("%q: %q is not a number from %d to %d", text, s, lo, hi)
		}
		return n, nil
	}
	var err error
	switch {
	case len(f) == 3 && (f[0] == "gain" || f[0] == "lose"):
		card.Effect = SeGain
		if f[0] == "lose" {
			card.Effect = SeLose
		}
		if card.Res, err = parseResource("effect", f[1]); err != nil {
			return err
		}
		card.N, err = num(f[2], 1, 3)
	case len(f) == 2 && (f[0] == "influence" || f[0] == "cities" || f[0] == "tactics" || f[0] == "reveal" || f[0] == "frost"):
		card.Effect = map[string]SeasonEffect{"influence": SeInfluence, "cities": SeCities, "tactics": SeTactics,
			"reveal": SeReveal, "frost": SeFrost}[f[0]]
		card.N, err = num(f[1], 1, 3)
	case len(f) == 2 && f[0] == "bid" && f[1] == "runes":
		card.Effect = SeBidRunes
	case len(f) == 4 && f[0] == "bid" && f[1] == "allies":
		card.Effect = SeBidAllies
		u, ok := c.UnitByID(f[2])
		if !ok || c.Units[u].Faction != -1 {
			return fmt.Errorf("%q: %q is not a neutral unit", text, f[2])
		}
		card.Unit = u
		card.N, err = num(f[3], 1, 4)
	case len(f) == 1 && f[0] == "move-rune":
		card.Effect = SeMoveRune
	default:
		return fmt.Errorf("%q: not an effect seasons.yaml lists", text)
	}
	return err
}

func parseSection(field, s string) (Section, error) {
	f := strings.Fields(s)
	switch {
	case len(f) == 1 && f[0] == "blank":
		return Section{Result: Blank}, nil
	case len(f) == 1 && f[0] == "special":
		return Section{Result: Special}, nil
	case len(f) == 2 && (f[0] == "damage" || f[0] == "rout"):
		n, err := strconv.Atoi(f[1])
		hi := 3
		r := Damage
		if f[0] == "rout" {
			hi, r = 2, Rout
		}
		if err != nil || n < 1 || n > hi {
			return Section{}, fmt.Errorf("field %s: %q: want %s 1 to %d", field, s, f[0], hi)
		}
		return Section{Result: r, N: int8(n)}, nil
	}
	return Section{}, fmt.Errorf("field %s: %q is not blank, special, damage N or rout N", field, s)
}

func (c *Content) loadFate(fs []fateEntry) error {
	if len(fs) != fateCards {
		return fmt.Errorf("%d cards, want %d", len(fs), fateCards)
	}
	for i, e := range fs {
		card := FateCard{ID: e.ID}
		field := fmt.Sprintf("card %d", i+1)
		if e.ID != i+1 {
			return fmt.Errorf("%s: field id: %d, want %d (in order)", field, e.ID, i+1)
		}
		for sh, s := range [...]string{e.Triangle, e.Rectangle, e.Hexagon, e.Circle} {
			sec, err := parseSection(shapeNames[sh], s)
			if err != nil {
				return fmt.Errorf("%s: %w", field, err)
			}
			card.Sections[sh] = sec
		}
		d := -1
		for j, n := range destinyNames {
			if n == e.Destiny {
				d = j
			}
		}
		if d < 0 {
			return fmt.Errorf("%s: field destiny: %q is not success, neutral or failure", field, e.Destiny)
		}
		card.Destiny = Destiny(d)
		c.Fate = append(c.Fate, card)
	}
	return nil
}
