package tacticsdavid

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Discrepancy is a place where the seed's content contradicts itself or
// the rules: a core that is not the sum of the four sides, a class outside
// its core's bounds, an unknown code, an empty cell, a unit table cell the
// ability list contradicts, a text naming a status that does not exist.
// It is also where skald's own reconstruction, the Unit Trees of
// trees.yaml, disagrees with units.yaml.
type Discrepancy struct {
	File    string // the data file: "units.yaml"
	Number  int    // the entry's number (unit, ability, item...), or its place in the file
	Name    string // the entry's name
	Field   string // the field, as named in the data file
	Seed    string // what the seed prints
	Problem string // what is wrong
	Ruling  string // the ruling the entry cites for the field, or ""
}

func (d Discrepancy) String() string {
	s := fmt.Sprintf("%s: %d (%s): field %s: %s", d.File, d.Number, d.Name, d.Field, d.Problem)
	if d.Ruling != "" {
		s += " [" + d.Ruling + "]"
	}
	return s
}

// The counts the seed gives: units and abilities 001-202, specials
// 001-003, attack areas 001-020, items 001-023; the twenty statuses of
// "Status Affects".
const (
	NumUnits    = 202
	NumSpecials = 3
	NumAreas    = 20
	NumItems    = 23
	NumStatuses = 20
)

// The seed's codes (Unit and Item Book, "UNIT LIST"; rule book, "Units").
var (
	classBounds  = map[string][2]int{"L": {4, 12}, "M": {13, 18}, "H": {19, 24}}
	classNames   = map[string]string{"L": "Light", "M": "Medium", "H": "Heavy"}
	unitTypes    = []string{"P", "M", "E"}
	attackModes  = []string{"M", "R"}
	moveTypes    = []string{"Land", "Hover", "Soar", "Aqua"}
	itemTypes    = []string{"Weapon", "Accessory", "Expendable"}
	occursLetter = []string{"B", "D", "A", "R", "All"}
	// occursOn are the procedures and moments an ability's Occurs column
	// may name.
	occursOn = []string{
		"Attack Procedure", "Defend Procedure", "Duel Procedure", "Ranged Hit Procedure",
		"Movement Procedure", "Charge Procedure", "Escape Procedure", "Combat Phase",
		"Unit Engagement", "Acquiring Dead Status", "Combat Lock",
	}
	// occursNotes are the bracketed qualifiers whose meaning the seed
	// gives: "Not with Dead Status" (the ability lapses while its unit is
	// dead) and "During Opponents Turn".
	occursNotes  = []string{"Not with Dead Status", "During Opponents Turn"}
	dice         = []string{"D3", "D4", "D6"}
	chargeRules  = []string{"any", "within", "never"}
	pieceHeights = []int{0, 1, 2, 3}
)

// Validate reports every discrepancy of the content's source: the unit
// table's cells as the seed prints them (a field skald corrected is
// checked with its printed value, from Unit.Seed), the ability list, the
// items, statuses, specials, areas and terrain, and the Unit Trees against
// the units. Each discrepancy carries the ruling the entry cites for the
// field, if any. Validate never stops at the first discrepancy.
func Validate(c *Content) []Discrepancy {
	v := &validator{c: c}
	v.units(func(u *Unit) map[string]string { return u.Printed() })
	v.abilities()
	v.items()
	v.statuses()
	v.specials()
	v.areas()
	v.terrain()
	v.trees()
	return v.out
}

type validator struct {
	c   *Content
	out []Discrepancy
}

func (v *validator) add(file string, number int, name, field, seed string, rulings map[string]string, format string, args ...any) {
	v.out = append(v.out, Discrepancy{
		File: file, Number: number, Name: name, Field: field, Seed: seed,
		Problem: fmt.Sprintf(format, args...), Ruling: rulings[field],
	})
}

// sequence reports numbers that are not 1..want in order, once each.
func (v *validator) sequence(file, kind string, count, want int, entry func(i int) (number int, name string, rulings map[string]string)) {
	seen := map[int]bool{}
	for i := 0; i < count; i++ {
		n, name, rulings := entry(i)
		switch {
		case seen[n]:
			v.add(file, n, name, "number", strconv.Itoa(n), rulings, "%s %d appears twice", kind, n)
		case n != i+1:
			v.add(file, n, name, "number", strconv.Itoa(n), rulings, "%s %d is entry %d of the list", kind, n, i+1)
		case n > want:
			v.add(file, n, name, "number", strconv.Itoa(n), rulings, "%s %d: the seed's list ends at %d", kind, n, want)
		}
		seen[n] = true
	}
	for n := 1; n <= want; n++ {
		if !seen[n] {
			v.add(file, n, "", "number", "", nil, "no %s %d: the seed's list runs from 1 to %d", kind, n, want)
		}
	}
}

func (v *validator) count(file, kind string, got, want int) {
	if got != want {
		v.add(file, 0, "", "count", strconv.Itoa(got), nil, "%d %s, the seed has %d", got, kind, want)
	}
}

func (c *Content) areaByCode(code string) *AttackArea {
	for i := range c.Areas {
		if c.Areas[i].Code == code {
			return &c.Areas[i]
		}
	}
	return nil
}

func (c *Content) specialNamed(name string) bool {
	return slices.ContainsFunc(c.Specials, func(s Special) bool { return s.Name == name })
}

func (c *Content) statusNamed(name string) bool {
	return slices.ContainsFunc(c.Statuses, func(s Status) bool { return s.Name == name })
}

func (c *Content) itemNamed(name string) bool {
	return slices.ContainsFunc(c.Items, func(it Item) bool { return it.Name == name })
}

// units checks the unit table, as cells returns it for each unit.
func (v *validator) units(cells func(u *Unit) map[string]string) {
	const file = "units.yaml"
	c := v.c
	v.sequence(file, "unit", len(c.Units), NumUnits, func(i int) (int, string, map[string]string) {
		return c.Units[i].Number, c.Units[i].Name, c.Units[i].Rulings
	})
	firstName := map[string]int{}
	for i := range c.Units {
		u := &c.Units[i]
		p := cells(u)
		add := func(field, format string, args ...any) {
			v.add(file, u.Number, u.Name, field, p[field], u.Rulings, format, args...)
		}
		if n, dup := firstName[u.Name]; dup {
			add("name", "unit %d has the same name", n)
		} else {
			firstName[u.Name] = u.Number
		}

		// Codes.
		bounds, classOK := classBounds[p["class"]]
		if !classOK {
			add("class", "%q is not a class (L, M, H)", p["class"])
		}
		if !slices.Contains(unitTypes, p["unit_type"]) {
			add("unit_type", "%q is not a unit type (P, M, E)", p["unit_type"])
		}
		if !slices.Contains(attackModes, p["attack_mode"]) {
			add("attack_mode", "%q is not an attack mode (M, R)", p["attack_mode"])
		}
		if !slices.Contains(moveTypes, p["move_type"]) {
			add("move_type", "%q is not a movement type (%s)", p["move_type"], strings.Join(moveTypes, ", "))
		}
		if s := p["special"]; s != "" && !c.specialNamed(s) {
			add("special", "%q is not a special of the special list", s)
		}
		area := c.areaByCode(p["attack_area"])
		if area == nil {
			add("attack_area", "%q is not a code of the attack area list", p["attack_area"])
		}

		// Strength: "Core Strength – this can be found by adding up the
		// Strength Ratings from each side" and the class bounds of "Unit
		// Class".
		sum, sidesOK := 0, true
		for _, side := range []string{"front", "left", "right", "back"} {
			n, err := strconv.Atoi(p[side])
			if err != nil || n < 0 {
				add(side, "%q is not a strength rating", p[side])
				sidesOK = false
			}
			sum += n
		}
		core, err := strconv.Atoi(p["core"])
		switch {
		case err != nil:
			add("core", "%q is not a number", p["core"])
		case sidesOK && core != sum:
			add("core", "core %d, but the four sides add up to %d", core, sum)
		}
		if err == nil && classOK && (core < bounds[0] || core > bounds[1]) {
			want := ""
			for _, k := range []string{"L", "M", "H"} {
				if b := classBounds[k]; core >= b[0] && core <= b[1] {
					want = k
				}
			}
			if want != "" {
				add("class", "class %s (%s, core %d to %d), but core %d is %s (%s)",
					p["class"], classNames[p["class"]], bounds[0], bounds[1], core, want, classNames[want])
			} else {
				add("class", "core %d is outside every class (4 to 24)", core)
			}
		}

		// Attack mode, range and area: "Units with a Ranged Attack Mode
		// will have a Range Rating" and a Range Modifier; a melee area "is
		// always directly attached", a ranged one "never".
		switch p["attack_mode"] {
		case "M":
			for _, f := range []string{"range", "range_mod"} {
				if p[f] != "" {
					add(f, "a melee unit with a %s cell (%s)", f, p[f])
				}
			}
			if area != nil && !area.Melee() {
				add("attack_area", "a melee unit with the ranged attack area %s", area.Code)
			}
		case "R":
			if p["range"] == "" {
				add("range", "a ranged unit whose Range R. cell is empty")
			}
			if p["range_mod"] == "" {
				add("range_mod", "a ranged unit whose Range M. cell is empty")
			}
			if area != nil && area.Melee() {
				add("attack_area", "a ranged unit with the melee attack area %s (a melee area is attached to its unit's grid space)", area.Code)
			}
		}

		// Ability: the ability list is the authority; "This number also
		// matches the index number of the Unit's Ability".
		a := c.Ability(u.Number)
		switch {
		case a == nil:
			add("ability", "the ability list has no ability %d", u.Number)
		case p["ability"] == "":
			add("ability", "the Ability cell is empty; ability %d of the ability list is %s", u.Number, a.Name)
		case p["ability"] != a.Name:
			add("ability", "the Ability cell says %q; ability %d of the ability list is %q", p["ability"], u.Number, a.Name)
		}
	}
}

func (v *validator) abilities() {
	const file = "abilities.yaml"
	c := v.c
	v.sequence(file, "ability", len(c.Abilities), NumUnits, func(i int) (int, string, map[string]string) {
		return c.Abilities[i].Number, c.Abilities[i].Name, c.Abilities[i].Rulings
	})
	firstName := map[string]Ability{}
	for _, a := range c.Abilities {
		add := func(field, seed, format string, args ...any) {
			v.add(file, a.Number, a.Name, field, seed, a.Rulings, format, args...)
		}
		if c.Unit(a.Number) == nil {
			add("number", strconv.Itoa(a.Number), "no unit has number %d", a.Number)
		}
		key := strings.ToLower(a.Name)
		if first, dup := firstName[key]; dup {
			if first.Name == a.Name {
				add("name", a.Name, "ability %d has the same name", first.Number)
			} else {
				add("name", a.Name, "the name differs only in case from ability %d (%s)", first.Number, first.Name)
			}
		} else {
			firstName[key] = a
		}
		if !slices.Contains(occursLetter, a.When) {
			add("occurs", a.Occurs, "%q is not B, D, A, R or All", a.When)
		}
		_, on, _, _ := parseOccurs(a.Occurs)
		for _, on := range on {
			switch {
			case on == "":
				add("occurs", a.Occurs, "an empty entry in the list of procedures (a stray comma)")
			case !slices.Contains(occursOn, on):
				add("occurs", a.Occurs, "%q is not a procedure, phase or moment of the rules", on)
			}
		}
		if a.Note != "" && !slices.Contains(occursNotes, a.Note) {
			add("occurs", a.Occurs, "the note %q is not explained by the seed", a.Note)
		}
		for _, p := range v.references(a.Text) {
			add("text", p.seed, "%s", p.problem)
		}
	}
}

func (v *validator) items() {
	const file = "items.yaml"
	c := v.c
	v.count(file, "items", len(c.Items), NumItems)
	v.sequence(file, "item", len(c.Items), NumItems, func(i int) (int, string, map[string]string) {
		return c.Items[i].Number, c.Items[i].Name, c.Items[i].Rulings
	})
	for _, it := range c.Items {
		add := func(field, seed, format string, args ...any) {
			v.add(file, it.Number, it.Name, field, seed, it.Rulings, format, args...)
		}
		if !slices.Contains(itemTypes, it.Type) {
			add("type", it.Type, "%q is not an item type (%s)", it.Type, strings.Join(itemTypes, ", "))
		}
		for _, u := range it.Users {
			if _, ok := classBounds[u]; !ok {
				add("users", u, "%q is not a class (L, M, H)", u)
			}
		}
		if it.UserType != "" && !slices.Contains(unitTypes, it.UserType) {
			add("user_type", it.UserType, "%q is not a unit type (P, M, E)", it.UserType)
		}
		if it.UserMode != "" && !slices.Contains(attackModes, it.UserMode) {
			add("user_mode", it.UserMode, "%q is not an attack mode (M, R)", it.UserMode)
		}
		if it.AttackArea != "" && c.areaByCode(it.AttackArea) == nil {
			add("attack_area", it.AttackArea, "%q is not a code of the attack area list", it.AttackArea)
		}
		if it.AttackType != "" && !slices.Contains(unitTypes, it.AttackType) {
			add("attack_type", it.AttackType, "%q is not an attack type (P, M, E)", it.AttackType)
		}
		if it.Status != "" && !c.statusNamed(it.Status) {
			add("status", it.Status, "%q is not a status", it.Status)
		}
		for _, p := range v.references(it.Text) {
			add("text", p.seed, "%s", p.problem)
		}
	}
}

func (v *validator) statuses() {
	const file = "statuses.yaml"
	c := v.c
	v.count(file, "statuses", len(c.Statuses), NumStatuses)
	seen := map[string]bool{}
	for i, s := range c.Statuses {
		add := func(field, seed, format string, args ...any) {
			v.add(file, i+1, s.Name, field, seed, s.Rulings, format, args...)
		}
		if seen[s.Name] {
			add("name", s.Name, "the status is listed twice")
		}
		seen[s.Name] = true
		for _, f := range []struct {
			field string
			types []string
		}{{"immune", s.Immune}, {"only", s.Only}} {
			for _, t := range f.types {
				if !slices.Contains(unitTypes, t) {
					add(f.field, t, "%q is not a unit type (P, M, E)", t)
				}
			}
		}
		if len(s.Immune) > 0 && len(s.Only) > 0 {
			add("only", strings.Join(s.Only, ", "), "both immune and only are given")
		}
		for _, p := range v.references(s.Text) {
			add("text", p.seed, "%s", p.problem)
		}
	}
}

func (v *validator) specials() {
	const file = "specials.yaml"
	c := v.c
	v.count(file, "specials", len(c.Specials), NumSpecials)
	v.sequence(file, "special", len(c.Specials), NumSpecials, func(i int) (int, string, map[string]string) {
		return c.Specials[i].Number, c.Specials[i].Name, c.Specials[i].Rulings
	})
	seen := map[string]bool{}
	for _, s := range c.Specials {
		if seen[s.Name] {
			v.add(file, s.Number, s.Name, "name", s.Name, s.Rulings, "the special is listed twice")
		}
		seen[s.Name] = true
		for _, p := range v.references(s.Text) {
			v.add(file, s.Number, s.Name, "text", p.seed, s.Rulings, "%s", p.problem)
		}
	}
}

func (v *validator) areas() {
	const file = "areas.yaml"
	c := v.c
	v.count(file, "attack areas", len(c.Areas), NumAreas)
	v.sequence(file, "attack area", len(c.Areas), NumAreas, func(i int) (int, string, map[string]string) {
		return c.Areas[i].Number, c.Areas[i].Code, nil
	})
	seen := map[string]bool{}
	for _, a := range c.Areas {
		if seen[a.Code] {
			v.add(file, a.Number, a.Code, "code", a.Code, nil, "the code is listed twice")
		}
		seen[a.Code] = true
		if !strings.HasPrefix(a.Code, "M") && !strings.HasPrefix(a.Code, "R") {
			v.add(file, a.Number, a.Code, "code", a.Code, nil, "an attack area code starts with M (melee) or R (ranged)")
		}
	}
}

func (v *validator) terrain() {
	const file = "terrain.yaml"
	t := v.c.Terrain
	types := map[string]bool{}
	for i, ty := range t.Types {
		add := func(field, seed, format string, args ...any) {
			v.add(file, i+1, ty.Name, field, seed, ty.Rulings, format, args...)
		}
		if types[ty.Name] {
			add("name", ty.Name, "the terrain type is listed twice")
		}
		types[ty.Name] = true
		for _, d := range []struct{ field, die string }{{"defend_extra", ty.DefendExtra}, {"defend_base", ty.DefendBase}} {
			if d.die != "" && !slices.Contains(dice, d.die) {
				add(d.field, d.die, "%q is not a die (D3, D4, D6)", d.die)
			}
		}
		for _, m := range ty.SlowExempt {
			if !slices.Contains(moveTypes, m) {
				add("slow_exempt", m, "%q is not a movement type", m)
			}
		}
		if !slices.Contains(chargeRules, ty.Charge) {
			add("charge", ty.Charge, "%q is not any, within or never", ty.Charge)
		}
	}
	for i, p := range t.Pieces {
		add := func(field, seed, format string, args ...any) {
			v.add(file, i+1, p.Name, field, seed, p.Rulings, format, args...)
		}
		if !slices.Contains(t.Heights, p.Height) || !slices.Contains(pieceHeights, p.Height) {
			add("height", strconv.Itoa(p.Height), "height level %d is not 0, 1, 2 or 3", p.Height)
		}
		if p.SideHeight != 0 && !slices.Contains(pieceHeights, p.SideHeight) {
			add("side_height", strconv.Itoa(p.SideHeight), "height level %d is not 0, 1, 2 or 3", p.SideHeight)
		}
		if p.TerrainType != "" && !types[p.TerrainType] {
			add("terrain_type", p.TerrainType, "%q is not a terrain type", p.TerrainType)
		}
	}
}

// Patterns of the names a text may refer to.
var (
	// "the Dead Status", "the Crippled, Silenced, or Banished Status".
	statusRef = regexp.MustCompile(`((?:[A-Z][a-z]+,? (?:(?:and|or) )?)+)Status\b`)
	// "Zombie", "Giant's Bread."
	quotedRef = regexp.MustCompile(`"([^"]+)"`)
	// "the Pup Root", "the Beast Man, Pup, and Egg Roots".
	rootRef = regexp.MustCompile(`the ((?:[A-Z][a-z]+,? (?:(?:and|or) )?)+)Roots?\b`)
	// "Attack Area MF".
	areaRef = regexp.MustCompile(`Attack Area ([A-Z]{2})\b`)
	// "Melee Attack Type": Melee and Ranged are Attack Modes.
	modeAsTypeRef = regexp.MustCompile(`\b(?:Melee|Ranged) Attack Types?\b`)
	listSep       = regexp.MustCompile(`,? (?:and|or) |, `)
)

type refProblem struct{ seed, problem string }

// references checks the names a text refers to: statuses, units and items
// in quotes, roots, attack areas, and attack modes called attack types.
func (v *validator) references(text string) []refProblem {
	c := v.c
	var out []refProblem
	for _, m := range statusRef.FindAllStringSubmatch(text, -1) {
		for _, w := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == ',' }) {
			if w == "and" || w == "or" || w == "Status" {
				continue
			}
			if !c.statusNamed(w) {
				out = append(out, refProblem{m[0], fmt.Sprintf("%q is not a status", w)})
			}
		}
	}
	for _, m := range quotedRef.FindAllStringSubmatch(text, -1) {
		name := strings.TrimRight(m[1], ".,")
		if c.UnitNamed(name) == nil && !c.itemNamed(name) {
			out = append(out, refProblem{m[0], fmt.Sprintf("%q is not a unit or an item", name)})
		}
	}
	for _, m := range rootRef.FindAllStringSubmatch(text, -1) {
		for _, name := range listSep.Split(strings.TrimSpace(m[1]), -1) {
			if u := c.UnitNamed(name); u == nil || !u.Root {
				out = append(out, refProblem{m[0], fmt.Sprintf("%q is not the Root of a Unit Tree", name)})
			}
		}
	}
	for _, m := range areaRef.FindAllStringSubmatch(text, -1) {
		if c.areaByCode(m[1]) == nil {
			out = append(out, refProblem{m[0], fmt.Sprintf("%q is not a code of the attack area list", m[1])})
		}
	}
	for _, m := range modeAsTypeRef.FindAllString(text, -1) {
		out = append(out, refProblem{m, fmt.Sprintf("%q: Melee and Ranged are Attack Modes; the Attack Types are Physical, Magical and Ethereal", m)})
	}
	return out
}
