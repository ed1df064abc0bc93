package tacticsdavid

import (
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"skald/docs"
	"skald/engine"
)

// ids returns the numbers of the named units; a name may be followed by
// "+name" for a stack, bottom to top.
func ids(t testing.TB, c *Content, names string) []int {
	t.Helper()
	var out []int
	for _, name := range strings.Split(names, "+") {
		u := c.UnitNamed(name)
		if u == nil {
			t.Fatalf("no unit %q", name)
		}
		out = append(out, u.Number)
	}
	return out
}

// itemID returns the number of the named item.
func itemID(t testing.TB, c *Content, name string) int {
	t.Helper()
	for _, it := range c.Items {
		if it.Name == name {
			return it.Number
		}
	}
	t.Fatalf("no item %q", name)
	return 0
}

// army builds an army from pieces written "Soldier+Warrior[Sword,Shield]".
func army(t testing.TB, c *Content, pieces ...string) Army {
	t.Helper()
	var a Army
	for _, p := range pieces {
		var e Entry
		units, items, _ := strings.Cut(p, "[")
		e.Units = ids(t, c, units)
		if items = strings.TrimSuffix(items, "]"); items != "" {
			for _, name := range strings.Split(items, ",") {
				e.Items = append(e.Items, itemID(t, c, name))
			}
		}
		a = append(a, e)
	}
	return a
}

// wantRule checks that err is an *ArmyError for the rule, at the entry,
// and that its message cites the seed and names the entry.
func wantRule(t *testing.T, err error, rule string, entry int) {
	t.Helper()
	if rule == "" {
		if err != nil {
			t.Errorf("unexpected error: %v", err)
		}
		return
	}
	var ae *ArmyError
	switch {
	case err == nil:
		t.Errorf("no error, want %s", rule)
	case !errors.As(err, &ae):
		t.Errorf("error %v is not an *ArmyError", err)
	case ae.Rule != rule:
		t.Errorf("rule broken:\n got %s\nwant %s\n(%v)", ae.Rule, rule, err)
	case ae.Entry != entry:
		t.Errorf("entry %d, want %d (%v)", ae.Entry, entry, err)
	case !strings.HasPrefix(err.Error(), "Tactics David rules, "):
		t.Errorf("%q does not cite the seed", err)
	case entry >= 0 && !strings.Contains(err.Error(), "entry "):
		t.Errorf("%q does not name the entry", err)
	}
}

// TestStackingFigure81 is the rule book's fig. 8.1: "a Soldier, a Warrior,
// and a Spearman and the Player has placed the Spearman on the top of the
// Stack. This Stacked Unit would have Strength Ratings of: Front = 10,
// Left = 5, Right = 6, Back = 4 and would have the Abilities "Cry For
// Help," "Battle Cry," and "Skewer." ... the same Unit Type/Attack Type,
// Movement Type, and Movement Rating as a regular Spearman. ... a total
// Purchase Cost of 37."
func TestStackingFigure81(t *testing.T) {
	c := DefaultContent()
	p, err := c.StackProfile(ids(t, c, "Soldier+Warrior+Spearman"))
	if err != nil {
		t.Fatal(err)
	}
	spear := c.UnitNamed("Spearman")
	if p.Strength != [4]int{10, 5, 6, 4} {
		t.Errorf("strength %v, want [10 5 6 4]", p.Strength)
	}
	var abilities []string
	for _, a := range p.Abilities {
		abilities = append(abilities, c.Ability(a).Name)
	}
	if want := []string{"Cry For Help", "Battle Cry", "Skewer"}; !slices.Equal(abilities, want) {
		t.Errorf("abilities %v, want %v", abilities, want)
	}
	if p.Cost != 6+8+11+12 { // 37
		t.Errorf("cost %d, want 37", p.Cost)
	}
	if p.Type != spear.Type || p.Mode != spear.Mode || p.MoveType != spear.MoveType || p.Move != spear.Move ||
		p.AttackArea != spear.AttackArea || p.Special != spear.Special {
		t.Errorf("profile %+v does not have the Spearman's type, mode, movement, area and special", p)
	}
	if p.Name != "Soldier+Warrior+Spearman" || p.Core != 25 || p.Class != "H" || p.Points != 3 {
		t.Errorf("name %q core %d class %s points %d, want Soldier+Warrior+Spearman 25 H 3 (TD-21)", p.Name, p.Core, p.Class, p.Points)
	}
	if c.EntryCost(Entry{Units: p.Units}) != 37 {
		t.Errorf("EntryCost %d, want 37", c.EntryCost(Entry{Units: p.Units}))
	}
}

func TestStackProfile(t *testing.T) {
	c := DefaultContent()
	tests := []struct {
		name     string
		units    []int
		rule     string
		check    func(p Profile) bool
		describe string
	}{
		{"single Heavy unit", ids(t, c, "Paladin"), "",
			func(p Profile) bool { return p.Class == "H" && p.Points == 3 && p.Cost == 22 && p.Name == "Paladin" }, "H 3 22"},
		{"printed class kept (TD-5)", ids(t, c, "Dreadnaught"), "",
			func(p Profile) bool { return p.Class == "M" && p.Core == 19 && p.Points == 2 }, "M core 19"},
		{"two Pups: a Light stack (TD-21)", ids(t, c, "Pup+Pup"), "",
			func(p Profile) bool {
				return p.Class == "L" && p.Core == 8 && p.Cost == 20 && p.Strength == [4]int{2, 2, 2, 2} && p.Points == 2
			}, "L core 8 cost 7+7+6"},
		{"three Soldiers, a swarm (TD-19)", ids(t, c, "Soldier+Soldier+Soldier"), "",
			func(p Profile) bool { return p.Class == "H" && p.Core == 21 && p.Cost == 30 && p.Special == "Swarm" }, "H core 21 cost 30"},
		{"Soldier and Warrior: a Medium stack", ids(t, c, "Soldier+Warrior"), "",
			func(p Profile) bool { return p.Class == "M" && p.Core == 15 && p.AttackArea == "MC" }, "M core 15 area MC"},
		{"ranged top: its range and modifier (TD-20)", ids(t, c, "Mage+Apprentice"), "",
			func(p Profile) bool {
				return p.Mode == "R" && p.Range == 5 && p.RangeMod == -1 && p.Special == "Swarm" && p.AttackArea == "RA"
			}, "R 5 -1 Swarm RA"},
		{"empty range modifier is 0 (TD-4)", ids(t, c, "Apprentice+Mage"), "",
			func(p Profile) bool { return p.Mode == "R" && p.Range == 5 && p.RangeMod == 0 && p.Special == "" }, "R 5 0"},
		{"melee top over a ranged unit: no range", ids(t, c, "Apprentice+Monk"), "",
			func(p Profile) bool { return p.Mode == "M" && p.Range == 0 && p.RangeMod == 0 && p.AttackArea == "ME" }, "M, no range, ME"},
		{"abilities bottom to top", ids(t, c, "Mage+Blood Mage"), "",
			func(p Profile) bool { return p.Range == 6 && slices.Equal(p.Abilities, []int{49, 8}) }, "range 6, abilities 49, 8"},
		{"Light, Light, Medium: 4 points", ids(t, c, "Apprentice+Cleric+Monk"), ruleStackPoints, nil, ""},
		{"Light and Medium", ids(t, c, "Monk+Apprentice"), "",
			func(p Profile) bool { return p.Points == 3 && p.Type == "M" && p.Mode == "R" && p.Move == 3 }, "3 points, Apprentice on top"},
		{"Heavy stacked", ids(t, c, "Knight+Paladin"), ruleStackHeavy, nil, ""},
		{"Heavy alone under a Light", ids(t, c, "Paladin+Knight"), ruleStackHeavy, nil, ""},
		{"two Mediums: 4 points", ids(t, c, "Black Knight+Blob Knight"), ruleStackPoints, nil, ""},
		{"Light, Medium, Light: 4 points", ids(t, c, "Soldier+Black Knight+Knight"), ruleStackPoints, nil, ""},
		{"3 Lines apart", ids(t, c, "Soldier+Centurion"), ruleStackLineage, nil, ""},
		{"every pair within 2 (TD-19)", ids(t, c, "Angel+Soldier+Spearman"), ruleStackLineage, nil, ""},
		{"two trees", ids(t, c, "Soldier+Archer"), ruleStackLineage, nil, ""},
		{"four units", ids(t, c, "Pup+Pup+Pup+Pup"), ruleStackSize, nil, ""},
		{"no unit", nil, ruleStackSize, nil, ""},
		{"unknown unit", []int{1, 0}, ruleUnknownUnit, nil, ""},
		{"unknown unit number", []int{999}, ruleUnknownUnit, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := c.StackProfile(tt.units)
			wantRule(t, err, tt.rule, -1)
			if err == nil && tt.check != nil && !tt.check(p) {
				t.Errorf("profile %+v, want %s", p, tt.describe)
			}
		})
	}
	// The profile does not share the caller's slice.
	units := ids(t, c, "Soldier+Warrior")
	p, _ := c.StackProfile(units)
	units[0] = 2
	if p.Units[0] != 1 {
		t.Error("Profile.Units shares the caller's slice")
	}
}

// TestStackProfileAllPairs checks every pair of units against the stacking
// rules, and that a stack's class, cost and strength follow TD-20, TD-21.
func TestStackProfileAllPairs(t *testing.T) {
	c := DefaultContent()
	legal := 0
	for _, a := range c.Units {
		for _, b := range c.Units {
			p, err := c.StackProfile([]int{a.Number, b.Number})
			l := c.Lineage(a.Number, b.Number)
			want := a.Class != "H" && b.Class != "H" && classPoints(a.Class)+classPoints(b.Class) <= 3 && l >= 0 && l <= 2
			if (err == nil) != want {
				t.Fatalf("%s+%s: %v, want legal %v", a.Name, b.Name, err, want)
			}
			if err != nil {
				continue
			}
			legal++
			if p.Core != a.Core+b.Core || p.Class != classCodes[coreClass(p.Core)] || p.Cost != a.Cost+b.Cost+6 ||
				p.Type != b.Type || p.MoveType != b.MoveType || p.Range != b.Range || p.RangeMod != b.RangeMod {
				t.Fatalf("%s+%s: profile %+v", a.Name, b.Name, p)
			}
		}
	}
	if legal < 500 {
		t.Errorf("only %d legal pairs", legal)
	}
}

func TestCheckItem(t *testing.T) {
	c := DefaultContent()
	profile := func(units string) Profile {
		p, err := c.StackProfile(ids(t, c, units))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	items := func(names ...string) []int {
		var out []int
		for _, n := range names {
			out = append(out, itemID(t, c, n))
		}
		return out
	}
	tests := []struct {
		name  string
		piece string
		item  string
		have  []string
		rule  string
	}{
		{"a Sword", "Soldier", "Sword", nil, ""},
		{"one of each type", "Soldier", "Potion", []string{"Sword", "Shield"}, ""},
		{"a second Weapon", "Soldier", "Axe", []string{"Sword"}, ruleItemType},
		{"a second Expendable", "Soldier", "Potion", []string{"Elixir"}, ruleItemType},
		{"Mega Potion: Medium and Heavy only", "Soldier", "Mega Potion", nil, ruleItemUsers},
		{"Mega Potion on a Medium", "Centurion", "Mega Potion", nil, ""},
		{"Mega Potion on a Medium stack (TD-21)", "Soldier+Warrior", "Mega Potion", nil, ""},
		{"Elixir on a Light stack", "Pup+Pup", "Elixir", nil, ruleItemUsers},
		{"Rod of Hailfire: Magical Ranged (TD-16)", "Mage", "Rod of Hailfire", nil, ""},
		{"Rod of Hailfire on a Physical unit", "Archer", "Rod of Hailfire", nil, ruleItemUsers},
		{"Rod of Hailfire on a Magical melee unit", "Slime", "Rod of Hailfire", nil, ruleItemUsers},
		{"Rod of Hailfire: the top unit's type and mode", "Monk+Apprentice", "Rod of Hailfire", nil, ""},
		{"Rod of Hailfire under a melee top", "Apprentice+Monk", "Rod of Hailfire", nil, ruleItemUsers},
		{"Work Belt: a Tinkerer holds two Weapons (TD-24)", "Tinkerer", "Axe", []string{"Sword"}, ""},
		{"Work Belt: not three", "Tinkerer", "Spear", []string{"Sword", "Axe"}, ruleItemType},
		{"Work Belt: a stack holds one of each type", "Tinkerer+Inventor", "Axe", []string{"Sword"}, ruleItemType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantRule(t, c.CheckItem(profile(tt.piece), itemID(t, c, tt.item), items(tt.have...)), tt.rule, -1)
		})
	}
	wantRule(t, c.CheckItem(profile("Soldier"), 99, nil), ruleItemUnknown, -1)
}

func TestCheckArmy(t *testing.T) {
	c := DefaultContent()
	free := ArmyRules{Type: FreeArmy}
	mixed := ArmyRules{Type: MixedArmy}
	themed := ArmyRules{Type: ThemedArmy}
	family := ArmyRules{Type: FamilyArmy}
	tests := []struct {
		name   string
		rules  ArmyRules
		pieces []string
		rule   string
		entry  int
	}{
		{"empty army", mixed, nil, "", -1},
		// Purchase limit (TD-25).
		{"fig. 8.1 within 37", ArmyRules{Type: FreeArmy, Limit: 37}, []string{"Soldier+Warrior+Spearman"}, "", -1},
		{"fig. 8.1 over 36", ArmyRules{Type: FreeArmy, Limit: 36}, []string{"Soldier+Warrior+Spearman"}, ruleLimit, 0},
		{"over the limit at the third entry", ArmyRules{Type: FreeArmy, Limit: 20}, []string{"Soldier", "Soldier", "Warrior", "Pup"}, ruleLimit, 3},
		{"items count", ArmyRules{Type: FreeArmy, Limit: 9}, []string{"Soldier[Shield]"}, "", -1},
		{"items over", ArmyRules{Type: FreeArmy, Limit: 8}, []string{"Soldier[Shield]"}, ruleLimit, 0},
		{"limit 0: none", free, []string{"Paladin", "Paladin", "Paladin", "Paladin"}, "", -1},
		// Free: any units.
		{"free: a Heavy alone", free, []string{"Paladin"}, "", -1},
		{"free: four of a unit, no Root", free, []string{"Warrior", "Warrior", "Warrior", "Warrior", "Archer+Hunter"}, "", -1},
		{"free: still a legal stack", free, []string{"Knight+Paladin"}, ruleStackHeavy, 0},
		{"free: still legal items", free, []string{"Soldier", "Soldier[Sword,Axe]"}, ruleItemType, 1},
		// Root (TD-22).
		{"mixed: no Root", mixed, []string{"Warrior"}, ruleRoot, 0},
		{"mixed: Root after", mixed, []string{"Warrior", "Soldier"}, "", -1},
		{"mixed: Root in a stack", mixed, []string{"Slime+Green Slime"}, "", -1},
		{"mixed: two trees, two Roots", mixed, []string{"Soldier", "Archer", "Hunter", "Warrior"}, "", -1},
		{"mixed: second tree without its Root", mixed, []string{"Soldier", "Warrior", "Hunter"}, ruleRoot, 2},
		// Light pieces before Medium ones (TD-22).
		{"Medium with 2 Lights", mixed, []string{"Soldier", "Warrior", "Centurion"}, ruleMedium, 2},
		{"Medium with 3 Lights", mixed, []string{"Soldier", "Warrior", "Centurion", "Knight"}, "", -1},
		{"a Light stack counts as Light", mixed, []string{"Pup+Pup", "Pup", "Hound", "Hellhound"}, "", -1},
		{"a Medium stack needs 3 Lights", mixed, []string{"Soldier+Warrior", "Knight", "Viking"}, ruleMedium, 0},
		{"3 Lights besides a Medium stack", mixed, []string{"Soldier+Warrior", "Knight", "Viking", "Pirate", "Centurion"}, "", -1},
		// Medium pieces before Heavy ones.
		{"Heavy with 1 Medium", mixed, []string{"Soldier", "Warrior", "Knight", "Centurion", "Paladin"}, ruleHeavy, 4},
		{"Heavy with 2 Mediums", mixed, []string{"Soldier", "Warrior", "Knight", "Centurion", "Phalanx", "Paladin"}, "", -1},
		{"a Medium stack counts as Medium", mixed, []string{"Soldier", "Warrior", "Knight", "Centurion", "Viking+Pirate", "Paladin"}, "", -1},
		{"fig. 8.1 is a Heavy piece", mixed, []string{"Soldier+Warrior+Spearman", "Knight", "Viking", "Pirate"}, ruleHeavy, 0},
		// No more than 3 of a unit, in stacks or not (TD-22).
		{"three Soldiers", mixed, []string{"Soldier", "Soldier", "Soldier"}, "", -1},
		{"four Soldiers", mixed, []string{"Soldier", "Soldier", "Soldier", "Soldier"}, ruleSame, 3},
		{"stacked Soldiers count", mixed, []string{"Soldier+Soldier", "Soldier", "Knight", "Warrior", "Soldier"}, ruleSame, 4},
		{"MaxSame 4", ArmyRules{Type: MixedArmy, MaxSame: 4}, []string{"Soldier", "Soldier", "Soldier", "Soldier"}, "", -1},
		// Themed: every unit's parent (TD-23).
		{"themed: a line", themed, []string{"Soldier", "Warrior", "Spearman"}, "", -1},
		{"themed: a gap", themed, []string{"Soldier", "Spearman"}, ruleThemed, 1},
		{"mixed: a gap is allowed", mixed, []string{"Soldier", "Spearman"}, "", -1},
		{"themed: the parent in the stack", themed, []string{"Slime", "Green Slime+Fungus"}, "", -1},
		{"themed: a Medium stack with its parent", themed, []string{"Soldier", "Warrior", "Knight", "Warrior+Spearman"}, "", -1},
		{"themed: the parent later", themed, []string{"Soldier", "Spearman", "Warrior"}, "", -1},
		{"themed: the Root rule too", themed, []string{"Warrior", "Spearman"}, ruleRoot, 0},
		// Family: one tree (TD-23).
		{"family: one tree", family, []string{"Pup", "Wolf", "Hound"}, "", -1},
		{"family: two trees", family, []string{"Pup", "Wolf", "Soldier"}, ruleFamily, 2},
		{"family: the Root rule too", family, []string{"Wolf"}, ruleRoot, 0},
		{"family: a gap is allowed", family, []string{"Pup", "Hound", "Wolf", "Razorback"}, "", -1},
		{"themed: that gap is not", themed, []string{"Pup", "Hound", "Wolf", "Razorback"}, ruleThemed, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantRule(t, c.CheckArmy(army(t, c, tt.pieces...), tt.rules), tt.rule, tt.entry)
		})
	}
	bad := []struct {
		name  string
		a     Army
		rules ArmyRules
		rule  string
	}{
		{"unknown unit", Army{{Units: []int{1}}, {Units: []int{0}}}, free, ruleUnknownUnit},
		{"empty entry", Army{{}}, free, ruleStackSize},
		{"unknown item", Army{{Units: []int{1}, Items: []int{24}}}, free, ruleItemUnknown},
		{"unknown army type", nil, ArmyRules{Type: "strict"}, ruleArmyType},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			entry := len(tt.a) - 1 // the last entry, or -1 for the rules
			wantRule(t, c.CheckArmy(tt.a, tt.rules), tt.rule, entry)
		})
	}
	if got := c.ArmyCost(army(t, c, "Soldier+Warrior+Spearman[Sword]", "Pup")); got != 37+4+7 {
		t.Errorf("ArmyCost %d, want 48", got)
	}
}

// TestCheckAdd checks the rules that depend on the order of building
// (TD-24): CheckArmy accepts these armies in any order, CheckAdd only with
// the prerequisites first.
func TestCheckAdd(t *testing.T) {
	c := DefaultContent()
	tests := []struct {
		name   string
		rules  ArmyRules
		before []string
		add    string
		rule   string
	}{
		{"Root first", ArmyRules{Type: MixedArmy}, nil, "Warrior", ruleRoot},
		{"Root in the stack", ArmyRules{Type: MixedArmy}, nil, "Green Slime+Slime", ""},
		{"a Medium stack first", ArmyRules{Type: MixedArmy}, nil, "Warrior+Soldier", ruleMedium},
		{"Root before", ArmyRules{Type: MixedArmy}, []string{"Soldier"}, "Warrior", ""},
		{"free: anything", ArmyRules{Type: FreeArmy}, nil, "Warrior", ""},
		{"Lights before a Medium", ArmyRules{Type: MixedArmy}, []string{"Soldier", "Warrior"}, "Centurion", ruleMedium},
		{"3 Lights before a Medium", ArmyRules{Type: MixedArmy}, []string{"Soldier", "Warrior", "Knight"}, "Centurion", ""},
		{"Mediums before a Heavy", ArmyRules{Type: MixedArmy}, []string{"Soldier", "Warrior", "Knight", "Centurion"}, "Paladin", ruleHeavy},
		{"themed: parent first", ArmyRules{Type: ThemedArmy}, []string{"Slime"}, "Fungus", ruleThemed},
		{"themed: parent in the stack", ArmyRules{Type: ThemedArmy}, []string{"Slime"}, "Fungus+Green Slime", ""},
		{"fourth Soldier", ArmyRules{Type: MixedArmy}, []string{"Soldier", "Soldier", "Soldier"}, "Soldier", ruleSame},
		{"fourth and fifth in a stack", ArmyRules{Type: MixedArmy}, []string{"Soldier", "Soldier", "Knight"}, "Soldier+Soldier", ruleSame},
		{"family", ArmyRules{Type: FamilyArmy}, []string{"Pup"}, "Egg", ruleFamily},
		{"limit", ArmyRules{Type: MixedArmy, Limit: 19}, []string{"Soldier", "Soldier"}, "Knight", ruleLimit},
		{"limit reached exactly", ArmyRules{Type: MixedArmy, Limit: 20}, []string{"Soldier", "Soldier"}, "Knight", ""},
		{"bad stack", ArmyRules{Type: FreeArmy}, nil, "Soldier+Archer", ruleStackLineage},
		{"bad item", ArmyRules{Type: FreeArmy}, nil, "Soldier[Mega Potion]", ruleItemUsers},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := army(t, c, tt.before...)
			if err := c.CheckArmy(a, tt.rules); err != nil {
				t.Fatalf("the army before is not legal: %v", err)
			}
			e := army(t, c, tt.add)[0]
			wantRule(t, c.CheckAdd(a, tt.rules, e), tt.rule, len(a))
		})
	}
	// CheckArmy takes the army in any order; CheckAdd in the order built.
	a := army(t, c, "Centurion", "Soldier", "Warrior", "Knight")
	if err := c.CheckArmy(a, ArmyRules{Type: MixedArmy}); err != nil {
		t.Errorf("CheckArmy: %v", err)
	}
}

var armyTypes = []ArmyType{FreeArmy, MixedArmy, ThemedArmy, FamilyArmy}

// randomEntry proposes an entry for army a, legal or not: one to three
// units, drawn from a's trees, the Roots or all units, and up to three
// items.
func randomEntry(c *Content, r *engine.Rand, a Army) Entry {
	var e Entry
	first := c.Units[r.IntN(len(c.Units))].Number
	switch x := r.IntN(6); {
	case x < 3 && len(a) > 0:
		tree := c.treeUnits[c.nodes[a[r.IntN(len(a))].Units[0]].tree]
		first = tree[r.IntN(len(tree))]
	case x < 4:
		first = c.Trees[r.IntN(len(c.Trees))].Root()
	}
	e.Units = append(e.Units, first)
	for n := r.IntN(3); n > 0; n-- {
		if r.IntN(4) == 0 {
			e.Units = append(e.Units, c.Units[r.IntN(len(c.Units))].Number)
		} else if tree := c.treeUnits[c.nodes[first].tree]; len(tree) > 0 {
			e.Units = append(e.Units, tree[r.IntN(len(tree))])
		}
	}
	for n := r.IntN(4); n > 0; n-- {
		e.Items = append(e.Items, c.Items[r.IntN(len(c.Items))].Number)
	}
	return e
}

// TestCheckAddBuildsLegalArmies builds armies entry by entry from random
// proposals, keeping those CheckAdd accepts: each army so built passes
// CheckArmy, and an entry CheckAdd accepts never makes CheckArmy fail.
func TestCheckAddBuildsLegalArmies(t *testing.T) {
	c := DefaultContent()
	accepted, refused := 0, 0
	for seed := uint64(0); seed < 200; seed++ {
		r := engine.NewRand(seed)
		rules := ArmyRules{Type: armyTypes[seed%4], Limit: 30 + r.IntN(271), MaxSame: int(seed%7) / 4 * 4}
		var a Army
		for try := 0; try < 150; try++ {
			e := randomEntry(c, &r, a)
			if err := c.CheckAdd(a, rules, e); err != nil {
				refused++
				continue
			}
			accepted++
			a = append(a, e)
			if err := c.CheckArmy(a, rules); err != nil {
				t.Fatalf("seed %d, %v: CheckAdd accepted entry %d, CheckArmy says %v", seed, rules, len(a)-1, err)
			}
		}
	}
	t.Logf("%d entries accepted, %d refused", accepted, refused)
	if accepted < 1000 || refused < 1000 {
		t.Errorf("%d entries accepted, %d refused: the proposals do not test both", accepted, refused)
	}
}

// TestRandomArmy checks RandomArmy for many seeds, every army type and
// limits from 30 to 300: CheckArmy accepts the army, each entry passes
// CheckAdd in order, it costs no more than the limit and spends most of it,
// the same Rand state gives the same army, and the armies vary.
func TestRandomArmy(t *testing.T) {
	c := DefaultContent()
	seeds := 600
	if testing.Short() {
		seeds = 100
	}
	var spent, limits, entries, stacks, items, triples int
	for seed := 0; seed < seeds; seed++ {
		for _, ty := range armyTypes {
			rules := ArmyRules{Type: ty, Limit: 30 + (seed*37)%271}
			r := engine.NewRand(uint64(seed))
			again := r.Clone()
			a := c.RandomArmy(&r, rules)
			if err := c.CheckArmy(a, rules); err != nil {
				t.Fatalf("seed %d, %v: %v", seed, rules, err)
			}
			cost := c.ArmyCost(a)
			if cost > rules.Limit {
				t.Fatalf("seed %d, %v: cost %d", seed, rules, cost)
			}
			for i := range a {
				if err := c.CheckAdd(a[:i], rules, a[i]); err != nil {
					t.Fatalf("seed %d, %v: entry %d: %v", seed, rules, i, err)
				}
			}
			b := c.RandomArmy(&again, rules)
			if len(a) != len(b) {
				t.Fatalf("seed %d, %v: not deterministic", seed, rules)
			}
			for i := range a {
				if !slices.Equal(a[i].Units, b[i].Units) || !slices.Equal(a[i].Items, b[i].Items) {
					t.Fatalf("seed %d, %v: not deterministic at entry %d", seed, rules, i)
				}
			}
			spent += cost
			limits += rules.Limit
			for _, e := range a {
				entries++
				items += len(e.Items)
				if len(e.Units) > 1 {
					stacks++
				}
				if len(e.Units) == 3 {
					triples++
				}
			}
		}
	}
	if spent*100 < limits*95 {
		t.Errorf("the armies spend %d of %d", spent, limits)
	}
	if stacks*10 < entries || triples == 0 || items*3 < entries {
		t.Errorf("%d entries, %d stacks (%d of 3 units), %d items: not varied", entries, stacks, triples, items)
	}
	for _, rules := range []ArmyRules{{Type: MixedArmy}, {Type: "strict", Limit: 100}} {
		r := engine.NewRand(1)
		if a := c.RandomArmy(&r, rules); a != nil {
			t.Errorf("%v: %d entries, want none", rules, len(a))
		}
	}
	r := engine.NewRand(1)
	if a := c.RandomArmy(&r, ArmyRules{Type: FreeArmy, Limit: 4}); len(a) != 0 {
		t.Errorf("limit 4: %d entries, want none (the cheapest unit costs 5)", len(a))
	}
}

// TestRandomArmyTypes checks what each army type draws from: a Family army
// one tree, a Strict army its Roots.
func TestRandomArmyTypes(t *testing.T) {
	c := DefaultContent()
	trees := map[ArmyType]map[int]bool{}
	for seed := uint64(0); seed < 200; seed++ {
		for _, ty := range armyTypes {
			r := engine.NewRand(seed)
			a := c.RandomArmy(&r, ArmyRules{Type: ty, Limit: 200})
			used := map[int]bool{}
			for _, e := range a {
				for _, u := range e.Units {
					used[c.RootOf(u)] = true
				}
			}
			if ty == FamilyArmy && len(used) != 1 {
				t.Errorf("seed %d: a Family army of %d trees", seed, len(used))
			}
			if trees[ty] == nil {
				trees[ty] = map[int]bool{}
			}
			for root := range used {
				trees[ty][root] = true
			}
		}
	}
	for _, ty := range armyTypes {
		if len(trees[ty]) != len(c.Trees) {
			t.Errorf("%s armies use %d trees of %d", ty, len(trees[ty]), len(c.Trees))
		}
	}
}

var citedRuling = regexp.MustCompile(`TD-[0-9]+`)

// TestArmyRulesCited checks that the rulings the army errors cite are in
// docs/rulings/tacticsdavid.md.
func TestArmyRulesCited(t *testing.T) {
	doc := docs.Rulings("tacticsdavid")
	for _, rule := range []string{
		ruleUnknownUnit, ruleStackSize, ruleStackHeavy, ruleStackPoints, ruleStackLineage, ruleItemUnknown,
		ruleItemType, ruleItemUsers, ruleArmyType, ruleLimit, ruleRoot, ruleMedium, ruleHeavy, ruleSame,
		ruleThemed, ruleFamily,
	} {
		if !strings.HasPrefix(rule, "Tactics David rules, ") {
			t.Errorf("%q does not cite the seed", rule)
		}
		for _, id := range citedRuling.FindAllString(rule, -1) {
			if !strings.Contains(doc, "**"+id+".") {
				t.Errorf("%q cites %s, which the rulings do not give", rule, id)
			}
		}
	}
}

func BenchmarkRandomArmy(b *testing.B) {
	c := DefaultContent()
	for _, ty := range armyTypes {
		for _, limit := range []int{50, 150, 300} {
			b.Run(string(ty)+"/"+strconv.Itoa(limit), func(b *testing.B) {
				r := engine.NewRand(1)
				rules := ArmyRules{Type: ty, Limit: limit}
				b.ReportAllocs()
				for b.Loop() {
					_ = c.RandomArmy(&r, rules)
				}
			})
		}
	}
}
