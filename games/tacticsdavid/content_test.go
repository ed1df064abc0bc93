package tacticsdavid

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"skald/docs"
)

// embedded returns the embedded data files, by name.
func embedded(t testing.TB) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, name := range Files {
		b, err := dataFS.ReadFile("data/" + name)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = b
	}
	return files
}

// with returns a copy of files where file has old replaced by new once.
func with(t testing.TB, files map[string][]byte, file, old, new string) map[string][]byte {
	t.Helper()
	s := string(files[file])
	if !strings.Contains(s, old) {
		t.Fatalf("fixture: %q not found in %s", old, file)
	}
	out := maps.Clone(files)
	out[file] = []byte(strings.Replace(s, old, new, 1))
	return out
}

func TestCounts(t *testing.T) {
	c := DefaultContent()
	for _, tt := range []struct {
		what      string
		got, want int
	}{
		{"units", len(c.Units), 202},
		{"abilities", len(c.Abilities), 202},
		{"specials", len(c.Specials), 3},
		{"items", len(c.Items), 23},
		{"statuses", len(c.Statuses), 20},
		{"attack areas", len(c.Areas), 20},
		{"terrain types", len(c.Terrain.Types), 4},
		{"terrain pieces", len(c.Terrain.Pieces), 12},
		{"roots", len(slices.DeleteFunc(slices.Clone(c.Units), func(u Unit) bool { return !u.Root })), 11},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %d, want %d", tt.what, tt.got, tt.want)
		}
	}
}

// TestUnitsAgainstSeed checks units field by field against the seed's
// unit table (seed 004, Unit and Item Book, "UNIT LIST"). row is the row's
// non-empty cells as the seed prints them, separated by |; the printed
// cells of the entry must give it back (TD-1), and the fields are what
// skald uses.
func TestUnitsAgainstSeed(t *testing.T) {
	c := DefaultContent()
	tests := []struct {
		row  string
		want Unit
	}{
		// The three units of the stacking example, fig. 8.1.
		{"001|Soldier|L|P|M|2|2|2|1|7|3|Land|MA|Swarm|Cry For Help|6", Unit{
			Number: 1, Name: "Soldier", Class: "L", Type: "P", Mode: "M", Strength: [4]int{2, 2, 2, 1}, Core: 7,
			Move: 3, MoveType: "Land", AttackArea: "MA", Special: "Swarm", Ability: "Cry For Help", Cost: 6, Root: true}},
		{"013|Warrior|L|P|M|3|1|2|2|8|3|Land|MC|Battle Cry|8", Unit{
			Number: 13, Name: "Warrior", Class: "L", Type: "P", Mode: "M", Strength: [4]int{3, 1, 2, 2}, Core: 8,
			Move: 3, MoveType: "Land", AttackArea: "MC", Ability: "Battle Cry", Cost: 8}},
		{"017|Spearman|L|P|M|5|2|2|1|10|3|Land|MB|Skewer|11", Unit{
			Number: 17, Name: "Spearman", Class: "L", Type: "P", Mode: "M", Strength: [4]int{5, 2, 2, 1}, Core: 10,
			Move: 3, MoveType: "Land", AttackArea: "MB", Ability: "Skewer", Cost: 11}},
		// Blood Mage prints RA under Range M. (TD-1) and no modifier (TD-4).
		{"008|Blood Mage|M|M|R|3|5|3|3|14|4|Land|6|RA|Blood Sacrifice|20", Unit{
			Number: 8, Name: "Blood Mage", Class: "M", Type: "M", Mode: "R", Strength: [4]int{3, 5, 3, 3}, Core: 14,
			Move: 4, MoveType: "Land", Range: 6, AttackArea: "RA", Ability: "Blood Sacrifice", Cost: 20}},
		// Assassin: Heavy with a Medium's core (TD-6).
		{"032|Assassin|H|P|M|6|2|2|7|17|7|Hover|MA|Assassinate|22", Unit{
			Number: 32, Name: "Assassin", Class: "H", Type: "P", Mode: "M", Strength: [4]int{6, 2, 2, 7}, Core: 17,
			Move: 7, MoveType: "Hover", AttackArea: "MA", Ability: "Assassinate", Cost: 22}},
		// A lone Swarm cell is the special; the ability is the list's (TD-2).
		{"048|Apprentice|L|M|R|1|2|2|2|7|3|Land|5|-1|RA|Swarm|12", Unit{
			Number: 48, Name: "Apprentice", Class: "L", Type: "M", Mode: "R", Strength: [4]int{1, 2, 2, 2}, Core: 7,
			Move: 3, MoveType: "Land", Range: 5, RangeMod: -1, AttackArea: "RA", Special: "Swarm", Ability: "Study",
			Cost: 12, Root: true}},
		// A shifted row of the third page.
		{"067|Monk|M|M|M|5|6|3|3|17|4|Land|ME|Phase Shift|21", Unit{
			Number: 67, Name: "Monk", Class: "M", Type: "M", Mode: "M", Strength: [4]int{5, 6, 3, 3}, Core: 17,
			Move: 4, MoveType: "Land", AttackArea: "ME", Ability: "Phase Shift", Cost: 21}},
		// Corrected: MH on a ranged unit is RH (TD-7).
		{"086|Crystal Golem|M|E|R|4|5|5|3|17|4|Land|6|-1|MH|Crystal Power|25", Unit{
			Number: 86, Name: "Crystal Golem", Class: "M", Type: "E", Mode: "R", Strength: [4]int{4, 5, 5, 3}, Core: 17,
			Move: 4, MoveType: "Land", Range: 6, RangeMod: -1, AttackArea: "RH", Ability: "Crystal Power", Cost: 25}},
		{"087|Diamond Golem|H|M|M|6|6|6|6|24|2|Land|MB|Hulking|Indestructable|25", Unit{
			Number: 87, Name: "Diamond Golem", Class: "H", Type: "M", Mode: "M", Strength: [4]int{6, 6, 6, 6}, Core: 24,
			Move: 2, MoveType: "Land", AttackArea: "MB", Special: "Hulking", Ability: "Indestructable", Cost: 25}},
		// The table's "Stoopid Strong" is the list's "Stoupid Strong" (TD-3).
		{"094|Ogre|H|P|M|8|6|4|3|21|3|Land|MA|Stoopid Strong|18", Unit{
			Number: 94, Name: "Ogre", Class: "H", Type: "P", Mode: "M", Strength: [4]int{8, 6, 4, 3}, Core: 21,
			Move: 3, MoveType: "Land", AttackArea: "MA", Ability: "Stoupid Strong", Cost: 18}},
		{"132|Gorgon|L|M|R|2|2|2|3|9|4|Land|2|-6|RI|Gorgon Gaze|21", Unit{
			Number: 132, Name: "Gorgon", Class: "L", Type: "M", Mode: "R", Strength: [4]int{2, 2, 2, 3}, Core: 9,
			Move: 4, MoveType: "Land", Range: 2, RangeMod: -6, AttackArea: "RI", Ability: "Gorgon Gaze", Cost: 21}},
		{"136|Kraken|H|P|M|7|5|6|4|22|3|Aqua|MH|Hulking|27", Unit{
			Number: 136, Name: "Kraken", Class: "H", Type: "P", Mode: "M", Strength: [4]int{7, 5, 6, 4}, Core: 22,
			Move: 3, MoveType: "Aqua", AttackArea: "MH", Special: "Hulking", Ability: "Grapple Tentacle", Cost: 27}},
		{"145|Reaper|H|E|M|7|4|4|5|20|5|Hover|ME|Relentless|Soul Reap|29", Unit{
			Number: 145, Name: "Reaper", Class: "H", Type: "E", Mode: "M", Strength: [4]int{7, 4, 4, 5}, Core: 20,
			Move: 5, MoveType: "Hover", AttackArea: "ME", Special: "Relentless", Ability: "Soul Reap", Cost: 29}},
		{"168|Rolling Thunder|H|P|M|5|7|5|5|22|7|Land|MK|Ride the Lightning|26", Unit{
			Number: 168, Name: "Rolling Thunder", Class: "H", Type: "P", Mode: "M", Strength: [4]int{5, 7, 5, 5}, Core: 22,
			Move: 7, MoveType: "Land", AttackArea: "MK", Ability: "Ride the Lightning", Cost: 26}},
		{"189|Fly|L|P|M|1|1|1|1|4|5|Soar|MA|Swarm|Swarm Call|12", Unit{
			Number: 189, Name: "Fly", Class: "L", Type: "P", Mode: "M", Strength: [4]int{1, 1, 1, 1}, Core: 4,
			Move: 5, MoveType: "Soar", AttackArea: "MA", Special: "Swarm", Ability: "Swarm Call", Cost: 12}},
		{"202|Bishop|M|P|R|3|3|3|5|14|4|Land|6|2|RA|Holy Guidance|19", Unit{
			Number: 202, Name: "Bishop", Class: "M", Type: "P", Mode: "R", Strength: [4]int{3, 3, 3, 5}, Core: 14,
			Move: 4, MoveType: "Land", Range: 6, RangeMod: 2, AttackArea: "RA", Ability: "Holy Guidance", Cost: 19}},
	}
	for _, tt := range tests {
		t.Run(tt.want.Name, func(t *testing.T) {
			u := c.Unit(tt.want.Number)
			if u == nil {
				t.Fatalf("no unit %d", tt.want.Number)
			}
			got := *u
			got.AbilityCell, got.Rulings, got.Seed, got.printed = "", nil, nil, nil
			if got.Name != tt.want.Name || got.Class != tt.want.Class || got.Type != tt.want.Type ||
				got.Mode != tt.want.Mode || got.Strength != tt.want.Strength || got.Core != tt.want.Core ||
				got.Move != tt.want.Move || got.MoveType != tt.want.MoveType || got.Range != tt.want.Range ||
				got.RangeMod != tt.want.RangeMod || got.AttackArea != tt.want.AttackArea ||
				got.Special != tt.want.Special || got.Ability != tt.want.Ability || got.Cost != tt.want.Cost ||
				got.Root != tt.want.Root {
				t.Errorf("unit %d:\n got %+v\nwant %+v", tt.want.Number, got, tt.want)
			}
			if row := printedRow(u); row != tt.row {
				t.Errorf("printed cells %s, the seed prints %s", row, tt.row)
			}
		})
	}
}

// printedRow joins the unit's non-empty printed cells as the seed's row.
func printedRow(u *Unit) string {
	p := u.Printed()
	var cells []string
	for _, f := range unitFields {
		v := p[f]
		if f == "number" {
			n, _ := strconv.Atoi(v)
			v = fmt.Sprintf("%03d", n)
		}
		if v != "" {
			cells = append(cells, v)
		}
	}
	return strings.Join(cells, "|")
}

// TestStackingExample checks the units of the rule book's fig. 8.1: "a
// Soldier, a Warrior, and a Spearman ... would have Strength Ratings of:
// Front = 10, Left = 5, Right = 6, Back = 4 and would have the Abilities
// "Cry For Help," "Battle Cry," and "Skewer." ... a total Purchase Cost of
// 37" (6 + 8 + 11 + 12 for a 3 Unit Stack).
func TestStackingExample(t *testing.T) {
	c := DefaultContent()
	var strength [4]int
	var abilities []string
	cost := 12 // "plus 12 for a 3 Unit Stack"
	for _, name := range []string{"Soldier", "Warrior", "Spearman"} {
		u := c.UnitNamed(name)
		if u == nil {
			t.Fatalf("no unit %s", name)
		}
		for s := range strength {
			strength[s] += u.Strength[s]
		}
		abilities = append(abilities, u.Ability)
		cost += u.Cost
	}
	if want := [4]int{10, 5, 6, 4}; strength != want {
		t.Errorf("stacked strength %v, want %v", strength, want)
	}
	if want := []string{"Cry For Help", "Battle Cry", "Skewer"}; !slices.Equal(abilities, want) {
		t.Errorf("abilities %v, want %v", abilities, want)
	}
	if cost != 37 {
		t.Errorf("cost %d, want 37", cost)
	}
	if top := c.UnitNamed("Spearman"); top.Type != "P" || top.MoveType != "Land" || top.Move != 3 {
		t.Errorf("Spearman: %s %s %d, want P Land 3", top.Type, top.MoveType, top.Move)
	}
}

func TestAbilitiesAgainstSeed(t *testing.T) {
	c := DefaultContent()
	tests := []struct {
		number     int
		name, when string
		on         []string
		note       string
		textStart  string
	}{
		{1, "Cry For Help", "B", []string{"Defend Procedure"}, "", "If 1 D6 Roll is greater than or equal to 3"},
		{2, "Vigor", "D", []string{"Attack Procedure", "Defend Procedure", "Duel Procedure"}, "", "If the opposing Unit"},
		{3, "Holy Might", "All", nil, "Not with Dead Status", "This Unit and Allied Units within 2 Grid Spaces"},
		{4, "Divine Justice", "A", []string{"Acquiring Dead Status"}, "", "If the sum of 2 D6"},
		{70, "Mucous Trail", "D", []string{"Movement Procedure", "Charge Procedure"}, "", "Every Grid Space"},
		{82, "Feast", "B", []string{"Combat Lock"}, "", "If 2 D6 Roll"},
		{85, "Lob", "D", []string{"Combat Phase"}, "Facing", "This Unit may target"},                               // TD-10
		{104, "Three Heads", "D", []string{"Attack Procedure", "Defend Procedure"}, "", "This Unit may Roll 3 D6"}, // TD-9
		{137, "Vicious Snapper", "A", []string{"Unit Engagement"}, "", "If this Unit does not occupy"},
		{164, "Autofire", "All", nil, "During Opponents Turn", "Enemy Units ending their Movement Phase"},
		{202, "Holy Guidance", "R", []string{"Attack Procedure"}, "", "This Unit may target a Unit within its Range Area."},
	}
	for _, tt := range tests {
		a := c.Ability(tt.number)
		if a == nil {
			t.Errorf("no ability %d", tt.number)
			continue
		}
		if a.Name != tt.name || a.When != tt.when || !slices.Equal(a.On, tt.on) || a.Note != tt.note || !strings.HasPrefix(a.Text, tt.textStart) {
			t.Errorf("ability %d: got %s %s %q %q %.40q, want %s %s %q %q %q", tt.number,
				a.Name, a.When, a.On, a.Note, a.Text, tt.name, tt.when, tt.on, tt.note, tt.textStart)
		}
	}
	for _, u := range c.Units {
		if a := c.Ability(u.Number); a == nil || a.Name != u.Ability {
			t.Errorf("unit %d (%s): ability %q is not ability %d of the list", u.Number, u.Name, u.Ability, u.Number)
		}
	}
}

func TestItemsAndStatuses(t *testing.T) {
	c := DefaultContent()
	item := func(n int) Item { return c.Items[n-1] }
	for _, tt := range []struct {
		got, want string
	}{
		{fmt.Sprintf("%s %s %v %d", item(1).Name, item(1).Type, item(1).Users, item(1).Cost), "Potion Expendable [L M H] 3"},
		{fmt.Sprintf("%s %v %d", item(3).Name, item(3).Users, item(3).Cost), "Mega Potion [M H] 7"},
		{fmt.Sprintf("%s %s %d", item(8).Name, item(8).Type, item(8).DefendBonus), "Shield Accessory 1"},
		{fmt.Sprintf("%s %s", item(13).Name, item(13).Status), "Mask of Fear Feared"},
		{fmt.Sprintf("%s %s %d %s %d", item(17).Name, item(17).Type, item(17).AttackBonus, item(17).AttackArea, item(17).Cost), "Sword Weapon 1 MA 4"},
		{fmt.Sprintf("%s %d %s %d", item(20).Name, item(20).AttackBonus, item(20).AttackArea, item(20).Cost), "War Hammer 2 MA 6"},
		{fmt.Sprintf("%s %v %s %s %s %d", item(23).Name, item(23).Users, item(23).UserType, item(23).UserMode, item(23).AttackArea, item(23).Cost), "Rod of Hailfire [L M H] M R RH 8"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
	status := map[string]Status{}
	for _, s := range c.Statuses {
		status[s.Name] = s
	}
	for name, want := range map[string]string{
		"Poisoned": "immune [E]", "Burned": "immune [E]", "Petrified": "immune [E]", "Lucky": "immune [E]",
		"Crippled": "only [P]", "Pumped": "only [P]", "Silenced": "only [M]", "Enchanted": "only [M]",
		"Banished": "only [E]", "Summoned": "only [E]", "Dead": "", "Confused": "",
	} {
		s, ok := status[name]
		got := ""
		switch {
		case !ok:
			got = "missing"
		case len(s.Immune) > 0:
			got = fmt.Sprint("immune ", s.Immune)
		case len(s.Only) > 0:
			got = fmt.Sprint("only ", s.Only)
		}
		if got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
	heights := map[string]int{}
	for _, p := range c.Terrain.Pieces {
		heights[p.Name] = p.Height
	}
	if heights["House 1"] != 2 || heights["Fence"] != 1 || heights["Bush"] != 1 || heights["Bridge"] != 0 {
		t.Errorf("terrain heights %v", heights)
	}
}

var rulingHeading = regexp.MustCompile(`\*\*(TD-[0-9]+)\.`)

// TestRulingsCoverage checks that every discrepancy Validate finds in the
// shipped data is resolved by a ruling its entry cites and that
// docs/rulings/tacticsdavid.md gives; that no entry cites a ruling for a
// field without a discrepancy; and that every correction resolves its
// discrepancy.
func TestRulingsCoverage(t *testing.T) {
	doc := docs.Rulings("tacticsdavid")
	var inDoc []string
	for _, m := range rulingHeading.FindAllStringSubmatch(doc, -1) {
		inDoc = append(inDoc, m[1])
	}
	for i, id := range inDoc {
		if want := fmt.Sprintf("TD-%d", i+1); id != want {
			t.Errorf("ruling %d of the rulings is %s, want %s", i+1, id, want)
		}
	}
	if !strings.Contains(doc, "\n## Content\n") {
		t.Error(`the rulings have no section "Content"`)
	}

	c := DefaultContent()
	ds := Validate(c)
	type key struct {
		file   string
		number int
		field  string
	}
	found := map[key]bool{}
	for _, d := range ds {
		found[key{d.File, d.Number, d.Field}] = true
		switch {
		case d.Ruling == "":
			t.Errorf("no ruling: %s", d)
		case !slices.Contains(inDoc, d.Ruling):
			t.Errorf("%s: ruling %s is not in docs/rulings/tacticsdavid.md", d, d.Ruling)
		}
	}
	if len(ds) == 0 {
		t.Error("no discrepancy found: the seed has some (TD-2 to TD-14)")
	}
	cited := func(file string, number int, rulings map[string]string) {
		for f, id := range rulings {
			if !found[key{file, number, f}] {
				t.Errorf("%s: %d: field %s cites %s, but has no discrepancy", file, number, f, id)
			}
		}
	}
	for _, u := range c.Units {
		cited("units.yaml", u.Number, u.Rulings)
	}
	for _, a := range c.Abilities {
		cited("abilities.yaml", a.Number, a.Rulings)
	}
	for _, it := range c.Items {
		cited("items.yaml", it.Number, it.Rulings)
	}
	for i, s := range c.Statuses {
		cited("statuses.yaml", i+1, s.Rulings)
	}
	for _, s := range c.Specials {
		cited("specials.yaml", s.Number, s.Rulings)
	}

	// With the values skald uses, a corrected field has no discrepancy.
	v := &validator{c: c}
	v.units(func(u *Unit) map[string]string { return u.cells() })
	for _, d := range v.out {
		if u := c.Unit(d.Number); u != nil && u.Seed[d.Field] != "" {
			t.Errorf("the correction does not resolve: %s", d)
		}
	}
	corrected := 0
	for _, u := range c.Units {
		corrected += len(u.Seed)
	}
	if corrected == 0 {
		t.Error("no corrected unit: TD-7 corrects the Crystal Golem")
	}
}

// TestValidate checks that Validate reports each kind of discrepancy, and
// all of them at once.
func TestValidate(t *testing.T) {
	files := embedded(t)
	type want struct {
		file   string
		number int
		field  string
		text   string
	}
	tests := []struct {
		name              string
		file, old, new    string
		want              want
		withoutRulingOnly bool
	}{
		{"core not the sum", "units.yaml", "strength: [4, 3, 3, 2], core: 12", "strength: [4, 3, 3, 2], core: 11",
			want{"units.yaml", 2, "core", "add up to 12"}, true},
		{"class bounds", "units.yaml", "name: Knight, class: L", "name: Knight, class: M",
			want{"units.yaml", 2, "class", "core 12 is L"}, true},
		{"unknown class", "units.yaml", "name: Knight, class: L", "name: Knight, class: X",
			want{"units.yaml", 2, "class", `"X" is not a class`}, true},
		{"unknown unit type", "units.yaml", "name: Knight, class: L, unit_type: P", "name: Knight, class: L, unit_type: Q",
			want{"units.yaml", 2, "unit_type", "not a unit type"}, true},
		{"unknown attack mode", "units.yaml", "name: Knight, class: L, unit_type: P, attack_mode: M", "name: Knight, class: L, unit_type: P, attack_mode: Z",
			want{"units.yaml", 2, "attack_mode", "not an attack mode"}, true},
		{"unknown movement type", "units.yaml", "move: 4, move_type: Land, attack_area: MA, ability: Vigor", "move: 4, move_type: Fly, attack_area: MA, ability: Vigor",
			want{"units.yaml", 2, "move_type", "not a movement type"}, true},
		{"unknown area", "units.yaml", "attack_area: MA, ability: Vigor", "attack_area: MZ, ability: Vigor",
			want{"units.yaml", 2, "attack_area", "not a code"}, true},
		{"melee unit with a ranged area", "units.yaml", "attack_area: MA, ability: Vigor", "attack_area: RA, ability: Vigor",
			want{"units.yaml", 2, "attack_area", "melee unit with the ranged attack area RA"}, true},
		{"unknown special", "units.yaml", "special: Swarm, ability: Cry For Help", "special: Swarmm, ability: Cry For Help",
			want{"units.yaml", 1, "special", "not a special"}, true},
		{"melee unit with a range", "units.yaml", "move_type: Land, attack_area: MA, ability: Vigor", "move_type: Land, range: 3, attack_area: MA, ability: Vigor",
			want{"units.yaml", 2, "range", "melee unit with a range cell"}, true},
		{"ranged unit without range", "units.yaml", "range: 7, range_mod: 1, attack_area: RA, ability: Summon", "range_mod: 1, attack_area: RA, ability: Summon",
			want{"units.yaml", 9, "range", "Range R. cell is empty"}, true},
		{"ability cell", "units.yaml", "ability: Vigor", "ability: Vigour",
			want{"units.yaml", 2, "ability", `ability 2 of the ability list is "Vigor"`}, true},
		{"duplicate number", "units.yaml", "{number: 3, name: Paladin", "{number: 2, name: Paladin",
			want{"units.yaml", 2, "number", "appears twice"}, false},
		{"missing unit", "units.yaml", "{number: 3, name: Paladin", "{number: 203, name: Paladin",
			want{"units.yaml", 3, "number", "no unit 3"}, false},
		{"ability without unit", "abilities.yaml", "- number: 202\n", "- number: 203\n",
			want{"abilities.yaml", 203, "number", "no unit has number 203"}, false},
		{"unknown procedure", "abilities.yaml", `occurs: "B: Defend Pro."`, `occurs: "B: Defense Pro."`,
			want{"abilities.yaml", 1, "occurs", `"Defense Procedure" is not a procedure`}, true},
		{"unknown occurs letter", "abilities.yaml", `occurs: "B: Defend Pro."`, `occurs: "X: Defend Pro."`,
			want{"abilities.yaml", 1, "occurs", `"X" is not B, D, A, R or All`}, true},
		{"unknown status", "abilities.yaml", "acquires the Enraged, Pumped, and Haste Status", "acquires the Enragd, Pumped, and Haste Status",
			want{"abilities.yaml", 30, "text", `"Enragd" is not a status`}, true},
		{"unknown quoted unit", "abilities.yaml", `Attacks a \"Ninja\" Unit`, `Attacks a \"Ninjas\" Unit`,
			want{"abilities.yaml", 14, "text", `"Ninjas" is not a unit or an item`}, true},
		{"unknown root", "abilities.yaml", "who are of the Pup Root gain", "who are of the Puppy Root gain",
			want{"abilities.yaml", 27, "text", `"Puppy" is not the Root`}, true},
		{"unknown item type", "items.yaml", "type: Expendable", "type: Potion",
			want{"items.yaml", 1, "type", "not an item type"}, true},
		{"item area", "items.yaml", "attack_area: MD", "attack_area: XD",
			want{"items.yaml", 18, "attack_area", "not a code"}, true},
		{"status immunity", "statuses.yaml", "immune: [E]", "immune: [G]",
			want{"statuses.yaml", 3, "immune", "not a unit type"}, true},
		{"piece height", "terrain.yaml", "height: 1\n    text: \"A simple Fence", "height: 4\n    text: \"A simple Fence",
			want{"terrain.yaml", 6, "height", "height level 4"}, true},
	}
	all := files
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := LoadContent(with(t, files, tt.file, tt.old, tt.new))
			if err != nil {
				t.Fatal(err)
			}
			var hit []Discrepancy
			for _, d := range Validate(c) {
				if d.File == tt.want.file && d.Number == tt.want.number && d.Field == tt.want.field && strings.Contains(d.Problem, tt.want.text) {
					hit = append(hit, d)
				}
			}
			if len(hit) == 0 {
				t.Fatalf("no discrepancy %+v in %v", tt.want, Validate(c))
			}
			for _, d := range hit {
				if tt.withoutRulingOnly && d.Ruling != "" {
					t.Errorf("%s: cites %s, which the entry does not", d, d.Ruling)
				}
				if s := d.String(); !strings.Contains(s, tt.want.file) || !strings.Contains(s, "field "+tt.want.field) {
					t.Errorf("%q does not name the file and the field", s)
				}
			}
		})
		if !strings.Contains(tt.name, "number") && !strings.Contains(tt.name, "missing") && !strings.Contains(tt.name, "without unit") {
			if strings.Contains(string(all[tt.file]), tt.old) {
				all = with(t, all, tt.file, tt.old, tt.new)
			}
		}
	}
	// All at once: Validate does not stop at the first.
	c, err := LoadContent(all)
	if err != nil {
		t.Fatal(err)
	}
	shipped := len(Validate(DefaultContent()))
	if got := len(Validate(c)); got < shipped+15 {
		t.Errorf("%d discrepancies with many changes, %d shipped: Validate stops early", got, shipped)
	}
}

func TestLoadContentErrors(t *testing.T) {
	files := embedded(t)
	without := func(name string) map[string][]byte {
		out := maps.Clone(files)
		delete(out, name)
		return out
	}
	plus := func(name string) map[string][]byte {
		out := maps.Clone(files)
		out[name] = []byte("[]")
		return out
	}
	tests := []struct {
		name  string
		files map[string][]byte
		want  []string
	}{
		{"unknown field", with(t, files, "units.yaml", "name: Knight, class: L", "name: Knight, klass: L"),
			[]string{"units.yaml", "klass"}},
		{"three sides", with(t, files, "units.yaml", "strength: [4, 3, 3, 2]", "strength: [4, 3, 3]"),
			[]string{"units.yaml", "unit 2 (Knight)", "field strength"}},
		{"negative strength", with(t, files, "units.yaml", "strength: [4, 3, 3, 2]", "strength: [4, -3, 3, 2]"),
			[]string{"units.yaml", "unit 2 (Knight)", "field strength", "-3"}},
		{"missing cost", with(t, files, "units.yaml", "ability: Vigor, cost: 8", "ability: Vigor"),
			[]string{"units.yaml", "unit 2 (Knight)", "field cost", "missing"}},
		{"missing core", with(t, files, "units.yaml", "strength: [4, 3, 3, 2], core: 12, ", "strength: [4, 3, 3, 2], "),
			[]string{"units.yaml", "unit 2 (Knight)", "field core", "missing"}},
		{"range out of bounds", with(t, files, "units.yaml", "range: 7, range_mod: 1", "range: 70, range_mod: 1"),
			[]string{"units.yaml", "unit 9 (Summoner)", "field range", "70"}},
		{"missing name", with(t, files, "units.yaml", "name: Knight, ", ""),
			[]string{"units.yaml", "unit 2", "field name", "missing"}},
		{"not a string", with(t, files, "units.yaml", "name: Knight, class: L", "name: Knight, class: [L]"),
			[]string{"units.yaml", "class"}},
		{"bad ruling id", with(t, files, "units.yaml", "rulings: {class: TD-5}", "rulings: {class: TD5}"),
			[]string{"units.yaml", "unit 26 (Dreadnaught)", "field rulings", "TD5"}},
		{"ruling on no field", with(t, files, "units.yaml", "rulings: {class: TD-5}", "rulings: {klass: TD-5}"),
			[]string{"units.yaml", "unit 26 (Dreadnaught)", "field rulings", "klass"}},
		{"correction without ruling", with(t, files, "units.yaml", "rulings: {attack_area: TD-7}", ""),
			[]string{"units.yaml", "unit 86 (Crystal Golem)", "field seed", "attack_area", "without a ruling"}},
		{"occurs malformed", with(t, files, "abilities.yaml", `occurs: "B: Defend Pro."`, `occurs: "Before defending"`),
			[]string{"abilities.yaml", "ability 1 (Cry For Help)", "field occurs"}},
		{"ability text missing", with(t, files, "abilities.yaml", "name: Vigor\n  occurs: \"D: Attack, Defend, Duel Pro.\"\n  text: \"If the opposing Unit", "name: Vigor\n  occurs: \"D: Attack, Defend, Duel Pro.\"\n  txt: \"If the opposing Unit"),
			[]string{"abilities.yaml", "txt"}},
		{"item cost", with(t, files, "items.yaml", "cost: 3\n", "cost: 0\n"),
			[]string{"items.yaml", "item 1 (Potion)", "field cost"}},
		{"item bonus", with(t, files, "items.yaml", "attack_bonus: 2", "attack_bonus: 20"),
			[]string{"items.yaml", "item 20 (War Hammer)", "field attack_bonus"}},
		{"status text", with(t, files, "statuses.yaml", "- name: Dead\n  text:", "- name: Dead\n  immune: []\n  tekst:"),
			[]string{"statuses.yaml", "tekst"}},
		{"special name", with(t, files, "specials.yaml", "name: Hulking", "name: \"\""),
			[]string{"specials.yaml", "special 3", "field name", "missing"}},
		{"piece height", with(t, files, "terrain.yaml", "  - name: Well\n    height: 2\n", "  - name: Well\n"),
			[]string{"terrain.yaml", "terrain piece 7 (Well)", "field height", "missing"}},
		{"area code", with(t, files, "areas.yaml", "code: MA", "code: M1"),
			[]string{"areas.yaml", "area 1", "field code"}},
		{"missing file", without("items.yaml"), []string{"items.yaml", "missing"}},
		{"unknown file", plus("battlefields.yaml"), []string{"battlefields.yaml", "not a data file"}},
		{"not yaml", with(t, files, "units.yaml", "- {number: 1,", "- {number: [[1,"), []string{"units.yaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadContent(tt.files)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func FuzzLoadContent(f *testing.F) {
	files := embedded(f)
	f.Add(files["units.yaml"], files["abilities.yaml"], files["items.yaml"])
	f.Add([]byte("- {number: 1, name: A, class: L, unit_type: P, attack_mode: M, strength: [1, 1, 1, 1], core: 4, move: 1, move_type: Land, attack_area: MA, cost: 1}\n"),
		[]byte("- {number: 1, name: A, occurs: \"All (x)\", text: t}\n"), []byte("[]"))
	f.Add([]byte("[]"), []byte("- {number: 1, name: A, occurs: \"D: , Pro.\", text: t}\n"), []byte("{}"))
	f.Fuzz(func(t *testing.T, units, abilities, items []byte) {
		in := maps.Clone(files)
		in["units.yaml"], in["abilities.yaml"], in["items.yaml"] = units, abilities, items
		c, err := LoadContent(in)
		if err != nil {
			if !strings.Contains(err.Error(), ".yaml") {
				t.Fatalf("error %q names no file", err)
			}
			return
		}
		for _, d := range Validate(c) {
			_ = d.String()
		}
		for i := range c.Units {
			_ = printedRow(&c.Units[i])
		}
	})
}
