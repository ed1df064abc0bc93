package tacticsdavid

import (
	"embed"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/goccy/go-yaml"
)

//go:embed data/*.yaml
var dataFS embed.FS

// Files are the data files of Tactics David, in the order LoadContent
// reads them.
var Files = []string{
	"areas.yaml", "specials.yaml", "statuses.yaml", "abilities.yaml",
	"units.yaml", "items.yaml", "terrain.yaml", "trees.yaml",
}

// Sides of a unit, the order of Unit.Strength (seed 004, "Strength
// Ratings": "Each unit has four sides, their front, left, right, and
// back").
const (
	Front = iota
	Left
	Right
	Back
)

// Unit is one unit of the unit list (seed 004, Unit and Item Book,
// "UNIT LIST"). Codes are the seed's: Class L, M, H; Type (Unit T.) P, M,
// E; Mode (Attack M.) M, R.
type Unit struct {
	Number     int
	Name       string
	Class      string
	Type       string
	Mode       string
	Strength   [4]int // by side: Front, Left, Right, Back
	Core       int
	Move       int
	MoveType   string // Land, Hover, Soar, Aqua
	Range      int    // ranged units; 0 for a melee unit
	RangeMod   int    // ranged units; 0 where the cell is empty (TD-4)
	AttackArea string
	Special    string // "" or a name of the special list
	// Ability is the name of the ability whose number is the unit's (the
	// ability list is the authority, TD-1); AbilityCell is the unit table's
	// Ability cell as printed.
	Ability     string
	AbilityCell string
	Cost        int
	Root        bool // the unit is the Root of a Unit Tree
	// Rulings maps a field (as named in units.yaml) to the ruling that
	// resolves its discrepancy; Seed maps a field skald corrected to the
	// value the seed prints.
	Rulings map[string]string
	Seed    map[string]string

	printed map[string]string // the table's cells as printed, "" when empty
}

// Ability is one ability of the ability list; its number is its unit's.
type Ability struct {
	Number int
	Name   string
	// Occurs is the Occurs column as printed. When is its letter (B
	// before, D during, A after, R replaces) or All; On the procedures and
	// moments it names ("Attack Procedure", "Combat Phase", "Unit
	// Engagement", ...); Note the bracketed qualifier, such as "Not with
	// Dead Status".
	Occurs  string
	When    string
	On      []string
	Note    string
	Text    string
	Rulings map[string]string
}

// Special is one special of the special list.
type Special struct {
	Number  int
	Name    string
	Text    string
	Rulings map[string]string
}

// Item is one item of the item list. The bonuses repeat the numbers of the
// instruction text.
type Item struct {
	Number      int
	Name        string
	Type        string   // Weapon, Accessory, Expendable
	Users       []string // classes that may equip it: L, M, H
	UserType    string   // "" or the only unit type that may equip it
	UserMode    string   // "" or the only attack mode that may equip it
	Cost        int
	AttackBonus int
	DefendBonus int
	MoveBonus   int
	RangeBonus  int
	AttackArea  string // "" or the attack area the unit has
	AttackType  string // "" or the attack type the unit has
	Status      string // "" or a status the unit counts as having
	Text        string
	Rulings     map[string]string
}

// Status is one status affect (seed 004, "Status Affects").
type Status struct {
	Name    string
	Immune  []string // unit types that never acquire it
	Only    []string // if set, the only unit types that may acquire it
	Text    string
	Rulings map[string]string
}

// AttackArea is one code of the attack area list. Its picture is lost.
type AttackArea struct {
	Number int
	Code   string
	Note   string
}

// Melee reports whether the area is a melee area (MA-MK), attached to its
// unit's grid space.
func (a AttackArea) Melee() bool { return strings.HasPrefix(a.Code, "M") }

// Terrain is the terrain of the battlefield book: the terrain types of
// grid spaces and the terrain pieces standing on them.
type Terrain struct {
	Heights         []int // the height levels of terrain pieces
	BlocksSightFrom int   // pieces this high or higher block Line of Sight
	Slow            string
	Types           []TerrainType
	Pieces          []TerrainPiece
}

// TerrainType is the terrain type of a grid space (Field, Water, Road,
// Forest).
type TerrainType struct {
	Name        string
	Movement    int
	Range       int
	DefendExtra string // "" or an extra die for the base defending roll
	DefendBase  string // "" or the die the base defending roll becomes
	Slow        bool
	SlowExempt  []string // movement types for which the space is not slow
	Charge      string   // any, within, never
	BlocksSight bool
	SoarDeath   int // a Soar unit ending here dies on 1 D6 <= this
	Text        string
	Rulings     map[string]string
}

// TerrainPiece is a terrain piece of the battlefield book.
type TerrainPiece struct {
	Name        string
	Height      int
	SideHeight  int    // the Bridge: "0, 1 on the sides"
	TerrainType string // "" or the terrain type the piece counts as
	Text        string
	Rulings     map[string]string
}

// Content is the data Tactics David is played with.
type Content struct {
	Units     []Unit
	Abilities []Ability
	Specials  []Special
	Items     []Item
	Statuses  []Status
	Areas     []AttackArea
	Terrain   Terrain
	Trees     []Tree // the Unit Trees, reconstructed (TD-18)

	unitByNumber    map[int]int
	abilityByNumber map[int]int

	// Built by index (tree.go) once the files are loaded, for the trees
	// and armies: facts by unit number, without maps.
	nodes     []node
	items     []itemFact // by position in Items
	allUnits  []int      // the numbers of Units, once each
	treeUnits [][]int    // by position in Trees: the units that exist
	workBelt  int        // the unit whose ability is Work Belt, or 0
}

// Unit returns the unit with the given number, or nil.
func (c *Content) Unit(number int) *Unit {
	if i, ok := c.unitByNumber[number]; ok {
		return &c.Units[i]
	}
	return nil
}

// UnitNamed returns the first unit with the given name, or nil.
func (c *Content) UnitNamed(name string) *Unit {
	for i := range c.Units {
		if c.Units[i].Name == name {
			return &c.Units[i]
		}
	}
	return nil
}

// Ability returns the ability with the given number, which is the ability
// of the unit with that number, or nil.
func (c *Content) Ability(number int) *Ability {
	if i, ok := c.abilityByNumber[number]; ok {
		return &c.Abilities[i]
	}
	return nil
}

// DefaultContent returns the content embedded in skald. It is loaded once
// and shared; callers must not change it. It panics if the embedded data
// is malformed or has a discrepancy no ruling resolves, which the
// package's tests rule out.
func DefaultContent() *Content { return defaultContent() }

var defaultContent = sync.OnceValue(func() *Content {
	files := map[string][]byte{}
	for _, name := range Files {
		b, err := dataFS.ReadFile("data/" + name)
		if err != nil {
			panic("tacticsdavid: embedded data missing: " + name)
		}
		files[name] = b
	}
	c, err := LoadContent(files)
	if err != nil {
		panic("tacticsdavid: embedded data: " + err.Error())
	}
	for _, d := range Validate(c) {
		if d.Ruling == "" {
			panic("tacticsdavid: embedded data: discrepancy without a ruling: " + d.String())
		}
	}
	return c
})

// Data limits checked when content is loaded: values outside them are not
// a transcription of the seed's tables.
const (
	// maxUnitNumber: the seed prints Unit # with three digits ("001").
	maxUnitNumber = 999
	maxStrength   = 12
	maxCore       = 4 * maxStrength
	maxMove       = 12
	maxRange      = 20
	maxRangeMod   = 12
	maxCost       = 99
	maxBonus      = 6
)

var rulingID = regexp.MustCompile(`^TD-[1-9][0-9]*$`)

// LoadContent parses and checks the data files of Tactics David, named as
// in Files. An error names the file, the entry and the field at fault.
// LoadContent rejects malformed data; discrepancies of the source (a core
// that is not the sum of the sides, an unknown code, ...) are reported by
// Validate.
func LoadContent(files map[string][]byte) (*Content, error) {
	for name := range files {
		if !slices.Contains(Files, name) {
			return nil, fmt.Errorf("%s: not a data file of Tactics David (want %s)", name, strings.Join(Files, ", "))
		}
	}
	for _, name := range Files {
		if _, ok := files[name]; !ok {
			return nil, fmt.Errorf("%s: missing", name)
		}
	}
	c := &Content{}
	steps := []struct {
		file string
		load func([]byte) error
	}{
		{"areas.yaml", c.loadAreas},
		{"specials.yaml", c.loadSpecials},
		{"statuses.yaml", c.loadStatuses},
		{"abilities.yaml", c.loadAbilities},
		{"units.yaml", c.loadUnits},
		{"items.yaml", c.loadItems},
		{"terrain.yaml", c.loadTerrain},
		{"trees.yaml", c.loadTrees},
	}
	for _, s := range steps {
		if err := s.load(files[s.file]); err != nil {
			return nil, fmt.Errorf("%s: %w", s.file, err)
		}
	}
	c.unitByNumber = map[int]int{}
	for i, u := range c.Units {
		if _, dup := c.unitByNumber[u.Number]; !dup {
			c.unitByNumber[u.Number] = i
		}
	}
	for i := range c.Units {
		if a := c.Ability(c.Units[i].Number); a != nil {
			c.Units[i].Ability = a.Name
		}
	}
	c.index()
	return c, nil
}

func decode(b []byte, v any) error {
	if err := yaml.UnmarshalWithOptions(b, v, yaml.Strict()); err != nil {
		return fmt.Errorf("%s", yaml.FormatError(err, false, true))
	}
	return nil
}

// entryError names an entry of a data file and the field at fault.
func entryError(kind string, index int, number int, name, field, format string, args ...any) error {
	id := strconv.Itoa(index)
	if number != 0 {
		id = strconv.Itoa(number)
	}
	where := kind + " " + id
	if name != "" {
		where += " (" + name + ")"
	}
	if field != "" {
		where += ": field " + field
	}
	return fmt.Errorf("%s: %s", where, fmt.Sprintf(format, args...))
}

// checkRulings checks an entry's rulings: known fields, ids of the form
// TD-n.
func checkRulings(r map[string]string, fields []string) (string, error) {
	for _, f := range slices.Sorted(maps.Keys(r)) {
		if !slices.Contains(fields, f) {
			return "rulings", fmt.Errorf("%q is not a field of this entry", f)
		}
		if !rulingID.MatchString(r[f]) {
			return "rulings", fmt.Errorf("%s: %q is not a ruling (want TD-n)", f, r[f])
		}
	}
	return "", nil
}

type yamlArea struct {
	Number int    `yaml:"number"`
	Code   string `yaml:"code"`
	Note   string `yaml:"note"`
}

var areaCode = regexp.MustCompile(`^[A-Z]{2}$`)

func (c *Content) loadAreas(b []byte) error {
	var ys []yamlArea
	if err := decode(b, &ys); err != nil {
		return err
	}
	for i, y := range ys {
		switch {
		case y.Number < 1:
			return entryError("area", i+1, 0, y.Code, "number", "missing")
		case !areaCode.MatchString(y.Code):
			return entryError("area", i+1, y.Number, y.Code, "code", "%q is not two capital letters", y.Code)
		}
		c.Areas = append(c.Areas, AttackArea(y))
	}
	return nil
}

type yamlSpecial struct {
	Number  int               `yaml:"number"`
	Name    string            `yaml:"name"`
	Text    string            `yaml:"text"`
	Rulings map[string]string `yaml:"rulings"`
}

func (c *Content) loadSpecials(b []byte) error {
	var ys []yamlSpecial
	if err := decode(b, &ys); err != nil {
		return err
	}
	for i, y := range ys {
		fail := func(field, format string, args ...any) error {
			return entryError("special", i+1, y.Number, y.Name, field, format, args...)
		}
		switch {
		case y.Number < 1:
			return fail("number", "missing")
		case strings.TrimSpace(y.Name) == "":
			return fail("name", "missing")
		case strings.TrimSpace(y.Text) == "":
			return fail("text", "missing")
		}
		if f, err := checkRulings(y.Rulings, []string{"number", "name", "text"}); err != nil {
			return fail(f, "%v", err)
		}
		c.Specials = append(c.Specials, Special(y))
	}
	return nil
}

type yamlStatus struct {
	Name    string            `yaml:"name"`
	Immune  []string          `yaml:"immune"`
	Only    []string          `yaml:"only"`
	Text    string            `yaml:"text"`
	Rulings map[string]string `yaml:"rulings"`
}

func (c *Content) loadStatuses(b []byte) error {
	var ys []yamlStatus
	if err := decode(b, &ys); err != nil {
		return err
	}
	for i, y := range ys {
		fail := func(field, format string, args ...any) error {
			return entryError("status", i+1, 0, y.Name, field, format, args...)
		}
		switch {
		case strings.TrimSpace(y.Name) == "":
			return fail("name", "missing")
		case strings.TrimSpace(y.Text) == "":
			return fail("text", "missing")
		}
		if f, err := checkRulings(y.Rulings, []string{"name", "immune", "only", "text"}); err != nil {
			return fail(f, "%v", err)
		}
		c.Statuses = append(c.Statuses, Status(y))
	}
	return nil
}

type yamlAbility struct {
	Number  int               `yaml:"number"`
	Name    string            `yaml:"name"`
	Occurs  string            `yaml:"occurs"`
	Text    string            `yaml:"text"`
	Rulings map[string]string `yaml:"rulings"`
}

// occursForm is the Occurs column: "B: Defend Pro.", "D: Attack, Defend,
// Duel Pro.", "All (Not with Dead Status)", "D: Combat Pha. (Facing)".
var occursForm = regexp.MustCompile(`^(?:(All)|([A-Z]): (.+?))(?: \(([^()]+)\))?$`)

// parseOccurs splits the Occurs column. It fails only when the column does
// not have the form of the seed's; whether the letter, the procedures and
// the note are known is checked by Validate.
func parseOccurs(s string) (when string, on []string, note string, ok bool) {
	m := occursForm.FindStringSubmatch(s)
	if m == nil {
		return "", nil, "", false
	}
	when, note = m[1], m[4]
	if when == "" {
		when = m[2]
		items := strings.Split(m[3], ",")
		for i := range items {
			items[i] = strings.TrimSpace(items[i])
		}
		last := items[len(items)-1]
		switch {
		case last == "Pro." || strings.HasSuffix(last, " Pro."):
			// "Attack, Defend, Duel Pro.": each is a procedure.
			items[len(items)-1] = strings.TrimSpace(strings.TrimSuffix(last, "Pro."))
			for i, it := range items {
				if it != "" {
					items[i] = it + " Procedure"
				}
			}
		case last == "Combat Pha.":
			items[len(items)-1] = "Combat Phase"
		}
		on = items
	}
	return when, on, note, true
}

func (c *Content) loadAbilities(b []byte) error {
	var ys []yamlAbility
	if err := decode(b, &ys); err != nil {
		return err
	}
	c.abilityByNumber = map[int]int{}
	for i, y := range ys {
		fail := func(field, format string, args ...any) error {
			return entryError("ability", i+1, y.Number, y.Name, field, format, args...)
		}
		switch {
		case y.Number < 1:
			return fail("number", "missing")
		case strings.TrimSpace(y.Name) == "":
			return fail("name", "missing")
		case strings.TrimSpace(y.Text) == "":
			return fail("text", "missing")
		}
		when, on, note, ok := parseOccurs(y.Occurs)
		if !ok {
			return fail("occurs", "%q is not of the form \"B: Defend Pro.\" or \"All (note)\"", y.Occurs)
		}
		if f, err := checkRulings(y.Rulings, []string{"number", "name", "occurs", "text"}); err != nil {
			return fail(f, "%v", err)
		}
		if _, dup := c.abilityByNumber[y.Number]; !dup {
			c.abilityByNumber[y.Number] = len(c.Abilities)
		}
		// An empty entry (a stray comma, TD-9) names nothing; Validate
		// reports it from Occurs.
		on = slices.DeleteFunc(on, func(s string) bool { return s == "" })
		c.Abilities = append(c.Abilities, Ability{
			Number: y.Number, Name: y.Name, Occurs: y.Occurs, When: when, On: on, Note: note,
			Text: y.Text, Rulings: y.Rulings,
		})
	}
	return nil
}

type yamlUnit struct {
	Number     int               `yaml:"number"`
	Name       string            `yaml:"name"`
	Class      string            `yaml:"class"`
	UnitType   string            `yaml:"unit_type"`
	AttackMode string            `yaml:"attack_mode"`
	Strength   []int             `yaml:"strength"`
	Core       *int              `yaml:"core"`
	Move       *int              `yaml:"move"`
	MoveType   string            `yaml:"move_type"`
	Range      *int              `yaml:"range"`
	RangeMod   *int              `yaml:"range_mod"`
	AttackArea string            `yaml:"attack_area"`
	Special    string            `yaml:"special"`
	Ability    string            `yaml:"ability"`
	Cost       *int              `yaml:"cost"`
	Root       bool              `yaml:"root"`
	Rulings    map[string]string `yaml:"rulings"`
	Seed       map[string]string `yaml:"seed"`
}

// unitFields are the fields of units.yaml a ruling or a correction may
// name, in the order of the unit table; "strength" is printed as four
// cells, front, left, right and back.
var unitFields = []string{
	"number", "name", "class", "unit_type", "attack_mode", "front", "left", "right", "back",
	"core", "move", "move_type", "range", "range_mod", "attack_area", "special", "ability", "cost",
}

func (c *Content) loadUnits(b []byte) error {
	var ys []yamlUnit
	if err := decode(b, &ys); err != nil {
		return err
	}
	for i, y := range ys {
		fail := func(field, format string, args ...any) error {
			return entryError("unit", i+1, y.Number, y.Name, field, format, args...)
		}
		inRange := func(field string, v *int, lo, hi int, required bool) error {
			switch {
			case v == nil && required:
				return fail(field, "missing")
			case v != nil && (*v < lo || *v > hi):
				return fail(field, "%d, want %d to %d", *v, lo, hi)
			}
			return nil
		}
		switch {
		case y.Number < 1:
			return fail("number", "missing")
		case y.Number > maxUnitNumber:
			return fail("number", "%d, want 1 to %d", y.Number, maxUnitNumber)
		case strings.TrimSpace(y.Name) == "":
			return fail("name", "missing")
		case y.Class == "":
			return fail("class", "missing")
		case y.UnitType == "":
			return fail("unit_type", "missing")
		case y.AttackMode == "":
			return fail("attack_mode", "missing")
		case len(y.Strength) != 4:
			return fail("strength", "want [front, left, right, back]")
		case y.MoveType == "":
			return fail("move_type", "missing")
		case y.AttackArea == "":
			return fail("attack_area", "missing")
		}
		for _, s := range y.Strength {
			if s < 0 || s > maxStrength {
				return fail("strength", "%d, want 0 to %d", s, maxStrength)
			}
		}
		for _, r := range []struct {
			field    string
			v        *int
			lo, hi   int
			required bool
		}{
			{"core", y.Core, 0, maxCore, true},
			{"move", y.Move, 0, maxMove, true},
			{"range", y.Range, 0, maxRange, false},
			{"range_mod", y.RangeMod, -maxRangeMod, maxRangeMod, false},
			{"cost", y.Cost, 1, maxCost, true},
		} {
			if err := inRange(r.field, r.v, r.lo, r.hi, r.required); err != nil {
				return err
			}
		}
		if f, err := checkRulings(y.Rulings, unitFields); err != nil {
			return fail(f, "%v", err)
		}
		for _, f := range slices.Sorted(maps.Keys(y.Seed)) {
			switch {
			case !slices.Contains(unitFields, f):
				return fail("seed", "%q is not a field of a unit", f)
			case y.Rulings[f] == "":
				return fail("seed", "%s is corrected without a ruling (add rulings: {%s: TD-n})", f, f)
			}
		}
		u := Unit{
			Number: y.Number, Name: y.Name, Class: y.Class, Type: y.UnitType, Mode: y.AttackMode,
			Strength: [4]int(y.Strength), Core: *y.Core, Move: *y.Move, MoveType: y.MoveType,
			AttackArea: y.AttackArea, Special: y.Special, AbilityCell: y.Ability, Cost: *y.Cost,
			Root: y.Root, Rulings: y.Rulings, Seed: y.Seed,
		}
		if y.Range != nil {
			u.Range = *y.Range
		}
		if y.RangeMod != nil {
			u.RangeMod = *y.RangeMod
		}
		// The cells as printed: an absent field is an empty cell, and a
		// corrected field shows what the seed prints.
		opt := func(v *int) string {
			if v == nil {
				return ""
			}
			return strconv.Itoa(*v)
		}
		u.printed = u.cells()
		u.printed["range"], u.printed["range_mod"] = opt(y.Range), opt(y.RangeMod)
		for f, v := range y.Seed {
			u.printed[f] = v
		}
		c.Units = append(c.Units, u)
	}
	return nil
}

// cells returns the unit's values as table cells: what skald uses, with
// the range cells of a melee unit empty.
func (u *Unit) cells() map[string]string {
	itoa := strconv.Itoa
	m := map[string]string{
		"number": itoa(u.Number), "name": u.Name, "class": u.Class, "unit_type": u.Type,
		"attack_mode": u.Mode, "front": itoa(u.Strength[Front]), "left": itoa(u.Strength[Left]),
		"right": itoa(u.Strength[Right]), "back": itoa(u.Strength[Back]), "core": itoa(u.Core),
		"move": itoa(u.Move), "move_type": u.MoveType, "range": "", "range_mod": "",
		"attack_area": u.AttackArea, "special": u.Special, "ability": u.AbilityCell, "cost": itoa(u.Cost),
	}
	if u.Mode == "R" {
		m["range"], m["range_mod"] = itoa(u.Range), itoa(u.RangeMod)
	}
	return m
}

// Printed returns the unit's cells as the seed's unit table prints them
// ("" for an empty cell), by field name of units.yaml.
func (u *Unit) Printed() map[string]string {
	if u.printed == nil {
		m := u.cells()
		for f, v := range u.Seed {
			m[f] = v
		}
		return m
	}
	return maps.Clone(u.printed)
}

type yamlItem struct {
	Number      int               `yaml:"number"`
	Name        string            `yaml:"name"`
	Type        string            `yaml:"type"`
	Users       []string          `yaml:"users"`
	UserType    string            `yaml:"user_type"`
	UserMode    string            `yaml:"user_mode"`
	Cost        int               `yaml:"cost"`
	AttackBonus int               `yaml:"attack_bonus"`
	DefendBonus int               `yaml:"defend_bonus"`
	MoveBonus   int               `yaml:"move_bonus"`
	RangeBonus  int               `yaml:"range_bonus"`
	AttackArea  string            `yaml:"attack_area"`
	AttackType  string            `yaml:"attack_type"`
	Status      string            `yaml:"status"`
	Text        string            `yaml:"text"`
	Rulings     map[string]string `yaml:"rulings"`
}

var itemFields = []string{
	"number", "name", "type", "users", "user_type", "user_mode", "cost", "attack_bonus", "defend_bonus",
	"move_bonus", "range_bonus", "attack_area", "attack_type", "status", "text",
}

func (c *Content) loadItems(b []byte) error {
	var ys []yamlItem
	if err := decode(b, &ys); err != nil {
		return err
	}
	for i, y := range ys {
		fail := func(field, format string, args ...any) error {
			return entryError("item", i+1, y.Number, y.Name, field, format, args...)
		}
		switch {
		case y.Number < 1:
			return fail("number", "missing")
		case strings.TrimSpace(y.Name) == "":
			return fail("name", "missing")
		case y.Type == "":
			return fail("type", "missing")
		case len(y.Users) == 0:
			return fail("users", "missing")
		case y.Cost < 1 || y.Cost > maxCost:
			return fail("cost", "%d, want 1 to %d", y.Cost, maxCost)
		case strings.TrimSpace(y.Text) == "":
			return fail("text", "missing")
		}
		for _, v := range []struct {
			field string
			v     int
		}{{"attack_bonus", y.AttackBonus}, {"defend_bonus", y.DefendBonus}, {"move_bonus", y.MoveBonus}, {"range_bonus", y.RangeBonus}} {
			if v.v < 0 || v.v > maxBonus {
				return fail(v.field, "%d, want 0 to %d", v.v, maxBonus)
			}
		}
		if f, err := checkRulings(y.Rulings, itemFields); err != nil {
			return fail(f, "%v", err)
		}
		c.Items = append(c.Items, Item(y))
	}
	return nil
}

type yamlTerrainType struct {
	Name        string            `yaml:"name"`
	Movement    int               `yaml:"movement"`
	Range       int               `yaml:"range"`
	DefendExtra string            `yaml:"defend_extra"`
	DefendBase  string            `yaml:"defend_base"`
	Slow        bool              `yaml:"slow"`
	SlowExempt  []string          `yaml:"slow_exempt"`
	Charge      string            `yaml:"charge"`
	BlocksSight bool              `yaml:"blocks_sight"`
	SoarDeath   int               `yaml:"soar_death"`
	Text        string            `yaml:"text"`
	Rulings     map[string]string `yaml:"rulings"`
}

type yamlPiece struct {
	Name        string            `yaml:"name"`
	Height      *int              `yaml:"height"`
	SideHeight  int               `yaml:"side_height"`
	TerrainType string            `yaml:"terrain_type"`
	Text        string            `yaml:"text"`
	Rulings     map[string]string `yaml:"rulings"`
}

type yamlTerrain struct {
	Heights         []int             `yaml:"heights"`
	BlocksSightFrom int               `yaml:"blocks_sight_from"`
	Slow            string            `yaml:"slow"`
	Types           []yamlTerrainType `yaml:"types"`
	Pieces          []yamlPiece       `yaml:"pieces"`
}

func (c *Content) loadTerrain(b []byte) error {
	var y yamlTerrain
	if err := decode(b, &y); err != nil {
		return err
	}
	switch {
	case len(y.Heights) == 0:
		return fmt.Errorf("field heights: missing")
	case strings.TrimSpace(y.Slow) == "":
		return fmt.Errorf("field slow: missing")
	case len(y.Types) == 0:
		return fmt.Errorf("field types: missing")
	}
	t := Terrain{Heights: y.Heights, BlocksSightFrom: y.BlocksSightFrom, Slow: y.Slow}
	for i, ty := range y.Types {
		fail := func(field, format string, args ...any) error {
			return entryError("terrain type", i+1, 0, ty.Name, field, format, args...)
		}
		switch {
		case strings.TrimSpace(ty.Name) == "":
			return fail("name", "missing")
		case strings.TrimSpace(ty.Text) == "":
			return fail("text", "missing")
		case ty.SoarDeath < 0 || ty.SoarDeath > 6:
			return fail("soar_death", "%d, want 0 to 6", ty.SoarDeath)
		}
		if f, err := checkRulings(ty.Rulings, []string{"name", "movement", "range", "defend_extra", "defend_base",
			"slow", "slow_exempt", "charge", "blocks_sight", "soar_death", "text"}); err != nil {
			return fail(f, "%v", err)
		}
		if ty.Charge == "" {
			ty.Charge = "any"
		}
		t.Types = append(t.Types, TerrainType(ty))
	}
	for i, p := range y.Pieces {
		fail := func(field, format string, args ...any) error {
			return entryError("terrain piece", i+1, 0, p.Name, field, format, args...)
		}
		switch {
		case strings.TrimSpace(p.Name) == "":
			return fail("name", "missing")
		case p.Height == nil:
			return fail("height", "missing")
		case strings.TrimSpace(p.Text) == "":
			return fail("text", "missing")
		}
		if f, err := checkRulings(p.Rulings, []string{"name", "height", "side_height", "terrain_type", "text"}); err != nil {
			return fail(f, "%v", err)
		}
		t.Pieces = append(t.Pieces, TerrainPiece{
			Name: p.Name, Height: *p.Height, SideHeight: p.SideHeight, TerrainType: p.TerrainType,
			Text: p.Text, Rulings: p.Rulings,
		})
	}
	c.Terrain = t
	return nil
}
