package tacticsdavid

import (
	"slices"
	"strings"
	"testing"
)

// TestTreesCoverUnits checks the reconstruction of TD-18: the eleven
// trees of the seed's Roots, in the seed's order, every unit in exactly
// one of them.
func TestTreesCoverUnits(t *testing.T) {
	c := DefaultContent()
	var names []string
	for _, tr := range c.Trees {
		names = append(names, tr.Name)
	}
	want := []string{"Soldier", "Archer", "Apprentice", "Slime", "Beast Man", "Pup", "Egg", "Ghost", "Zombie", "Contraption", "Bitty Bug"}
	if !slices.Equal(names, want) {
		t.Errorf("trees %v, want the seed's Roots %v", names, want)
	}
	in := map[int]string{}
	for _, tr := range c.Trees {
		if u := c.Unit(tr.Root()); u == nil || !u.Root || u.Name != tr.Name {
			t.Errorf("tree %s: first unit %d is not the Root %s", tr.Name, tr.Root(), tr.Name)
		}
		for _, tu := range tr.Units {
			if prev, dup := in[tu.Unit]; dup {
				t.Errorf("unit %d is in trees %s and %s", tu.Unit, prev, tr.Name)
			}
			in[tu.Unit] = tr.Name
			if u := c.Unit(tu.Unit); u == nil || u.Name != tu.Name {
				t.Errorf("tree %s: unit %d (%s) is not so in units.yaml", tr.Name, tu.Unit, tu.Name)
			}
		}
	}
	for _, u := range c.Units {
		if in[u.Number] == "" {
			t.Errorf("unit %d (%s) is in no tree", u.Number, u.Name)
		}
		if c.RootOf(u.Number) == 0 {
			t.Errorf("unit %d (%s): RootOf is 0", u.Number, u.Name)
		}
	}
	if len(in) != NumUnits {
		t.Errorf("%d units in the trees, want %d", len(in), NumUnits)
	}
	for _, d := range Validate(c) {
		if d.File == "trees.yaml" {
			t.Errorf("shipped trees: %s", d)
		}
	}
}

// TestTreeClassOrder checks what TD-18 promises of the shipped trees: a
// unit is never of a lighter class than its parent.
func TestTreeClassOrder(t *testing.T) {
	c := DefaultContent()
	for _, u := range c.Units {
		if p := c.Parent(u.Number); p != 0 && classPoints(u.Class) < classPoints(c.Unit(p).Class) {
			t.Errorf("%s (%s) comes from %s (%s), a heavier class", u.Name, u.Class, c.Unit(p).Name, c.Unit(p).Class)
		}
	}
}

func TestTreeAPI(t *testing.T) {
	c := DefaultContent()
	id := func(name string) int {
		t.Helper()
		u := c.UnitNamed(name)
		if u == nil {
			t.Fatalf("no unit %s", name)
		}
		return u.Number
	}
	for _, tt := range []struct {
		unit         string
		parent, root string
	}{
		{"Soldier", "", "Soldier"},
		{"Warrior", "Soldier", "Soldier"},
		{"Spearman", "Warrior", "Soldier"},
		{"Dreadnaught", "Cataphract", "Soldier"},
		{"Baby Dragon", "Egg", "Egg"},           // Hatch: the Egg becomes a Baby Dragon
		{"Corpse Hybrid", "Skeleton", "Zombie"}, // Downgrade: back to a Skeleton
		{"Wolf", "Pup", "Pup"},
		{"Druid", "Pup", "Pup"}, // Nature Shape: acts as a Hound, Wolf or Bear
		{"Lich", "Black Mage", "Apprentice"},
		{"Clay Golem", "Brown Slime", "Slime"},
		{"Spider Queen", "Giant Spider", "Bitty Bug"},
		{"Machine Host", "Contraption", "Contraption"},
		{"Reaper", "Phantom", "Ghost"},
		{"Assassin", "Mercenary", "Beast Man"},
	} {
		wantParent := 0
		if tt.parent != "" {
			wantParent = id(tt.parent)
		}
		if got := c.Parent(id(tt.unit)); got != wantParent {
			t.Errorf("Parent(%s) = %d, want %d (%s)", tt.unit, got, wantParent, tt.parent)
		}
		if got := c.RootOf(id(tt.unit)); got != id(tt.root) {
			t.Errorf("RootOf(%s) = %d, want %s", tt.unit, got, tt.root)
		}
	}
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"Soldier", "Soldier", 0},
		{"Soldier", "Warrior", 1},
		{"Warrior", "Soldier", 1},
		{"Soldier", "Spearman", 2}, // fig. 8.1: Soldier, Warrior and Spearman stack
		{"Warrior", "Spearman", 1},
		{"Viking", "Spearman", 2}, // two children of the Warrior
		{"Soldier", "Centurion", 3},
		{"Paladin", "Dreadnaught", 7},
		{"Soldier", "Archer", -1},
		{"Beetle", "Fly", 2},
	} {
		if got := c.Lineage(id(tt.a), id(tt.b)); got != tt.want {
			t.Errorf("Lineage(%s, %s) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
	for _, bad := range []int{0, -1, 203, 1 << 20} {
		if c.Parent(bad) != 0 || c.RootOf(bad) != 0 || c.Children(bad) != nil || c.Lineage(bad, 1) != -1 || c.Lineage(1, bad) != -1 {
			t.Errorf("unit %d: the tree API answers for a unit that does not exist", bad)
		}
	}
	kids := c.Children(id("Baby Dragon"))
	var names []string
	for _, k := range kids {
		names = append(names, c.Unit(k).Name)
	}
	if want := []string{"Blue Dragon", "Brown Dragon", "Red Dragon", "Black Dragon", "White Dragon"}; !slices.Equal(names, want) {
		t.Errorf("Children(Baby Dragon) = %v, want %v", names, want)
	}
	kids[0] = 0 // the slice is the caller's
	if c.Children(id("Baby Dragon"))[0] == 0 {
		t.Error("Children returns the content's own slice")
	}
	if c.Children(id("Dreadnaught")) != nil {
		t.Error("Children(Dreadnaught): a leaf has children")
	}
	if got := len(c.Roots()); got != 11 {
		t.Errorf("%d roots, want 11", got)
	}
}

// TestLineageProperties checks Lineage on every pair of units: symmetric,
// zero only for a unit and itself, one for a parent and child, and a
// distance (the triangle inequality through the Root).
func TestLineageProperties(t *testing.T) {
	c := DefaultContent()
	for _, a := range c.Units {
		root := c.RootOf(a.Number)
		for _, b := range c.Units {
			l := c.Lineage(a.Number, b.Number)
			switch {
			case l != c.Lineage(b.Number, a.Number):
				t.Fatalf("Lineage(%s, %s) is not symmetric", a.Name, b.Name)
			case (l == 0) != (a.Number == b.Number):
				t.Fatalf("Lineage(%s, %s) = %d", a.Name, b.Name, l)
			case (l < 0) != (root != c.RootOf(b.Number)):
				t.Fatalf("Lineage(%s, %s) = %d across trees", a.Name, b.Name, l)
			case c.Parent(b.Number) == a.Number && l != 1:
				t.Fatalf("Lineage(%s, its child %s) = %d", a.Name, b.Name, l)
			case l > 0 && l > c.Lineage(a.Number, root)+c.Lineage(root, b.Number):
				t.Fatalf("Lineage(%s, %s) = %d, longer than through the Root", a.Name, b.Name, l)
			}
		}
	}
}

// TestRootsNamedByAbilities checks the Roots and kin the ability texts
// name: units "of the Pup Root", "from the Bitty Bug Root" and so on.
func TestRootsNamedByAbilities(t *testing.T) {
	c := DefaultContent()
	for _, tt := range []struct {
		root  string
		units []string
	}{
		{"Bitty Bug", []string{"Beetle", "Fly"}}, // Loss of Kin, Swarm Call: "from the Bitty Bug Root"
		{"Pup", []string{"Hound", "Wolf", "Bear"}},
		{"Egg", []string{"Baby Dragon", "Blue Dragon", "Aurora Dragon"}},
		{"Zombie", []string{"Skeleton", "Corpse Hybrid"}},
	} {
		for _, name := range tt.units {
			if got := c.RootOf(c.UnitNamed(name).Number); got != c.UnitNamed(tt.root).Number {
				t.Errorf("%s is of the %s Root, want %s", name, c.Unit(got).Name, tt.root)
			}
		}
	}
}

func TestLoadTreesErrors(t *testing.T) {
	files := embedded(t)
	tests := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"listed twice", "{unit: 3, name: Paladin, parent: 2}", "{unit: 2, name: Paladin, parent: 1}",
			[]string{"trees.yaml", "tree 1 (Soldier)", "unit 2 (Paladin)", "field unit", "listed twice"}},
		{"parent after child (a cycle)", "{unit: 2, name: Knight, parent: 1}", "{unit: 2, name: Knight, parent: 3}",
			[]string{"trees.yaml", "tree 1 (Soldier)", "unit 2 (Knight)", "field parent", "not listed before"}},
		{"parent in another tree", "{unit: 2, name: Knight, parent: 1}", "{unit: 2, name: Knight, parent: 33}",
			[]string{"trees.yaml", "unit 2 (Knight)", "field parent", "tree 2 (Archer)"}},
		{"parent in no tree", "{unit: 2, name: Knight, parent: 1}", "{unit: 2, name: Knight, parent: 500}",
			[]string{"trees.yaml", "unit 2 (Knight)", "field parent", "in no tree"}},
		{"own parent", "{unit: 2, name: Knight, parent: 1}", "{unit: 2, name: Knight, parent: 2}",
			[]string{"trees.yaml", "unit 2 (Knight)", "field parent", "own parent"}},
		{"no parent", "{unit: 2, name: Knight, parent: 1}", "{unit: 2, name: Knight}",
			[]string{"trees.yaml", "unit 2 (Knight)", "field parent", "missing"}},
		{"root with a parent", "{unit: 1, name: Soldier}", "{unit: 1, name: Soldier, parent: 2}",
			[]string{"trees.yaml", "unit 1 (Soldier)", "field parent", "Root"}},
		{"root not named as the tree", "- tree: Soldier", "- tree: Soldiers",
			[]string{"trees.yaml", "tree 1 (Soldiers)", "unit 1 (Soldier)", "field name"}},
		{"unit number", "{unit: 2, name: Knight, parent: 1}", "{unit: 1000, name: Knight, parent: 1}",
			[]string{"trees.yaml", "unit 1000 (Knight)", "field unit", "want 1 to 999"}},
		{"no name", "{unit: 2, name: Knight, parent: 1}", "{unit: 2, parent: 1}",
			[]string{"trees.yaml", "unit 2", "field name", "missing"}},
		{"unknown field", "{unit: 2, name: Knight, parent: 1}", "{unit: 2, name: Knight, parnt: 1}",
			[]string{"trees.yaml", "parnt"}},
		{"tree without name", "- tree: Soldier", "- tree: \"\"",
			[]string{"trees.yaml", "tree 1", "field tree", "missing"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadContent(with(t, files, "trees.yaml", tt.old, tt.new))
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
	if _, err := LoadContent(with(t, files, "units.yaml", "{number: 3, name: Paladin", "{number: 1000, name: Paladin")); err == nil ||
		!strings.Contains(err.Error(), "unit 1000 (Paladin): field number") {
		t.Errorf("a unit number of four digits: %v", err)
	}
}

// TestValidateTrees checks that Validate reports where trees.yaml and
// units.yaml disagree.
func TestValidateTrees(t *testing.T) {
	files := embedded(t)
	tests := []struct {
		name           string
		file, old, new string
		number         int
		field, text    string
	}{
		{"name differs", "trees.yaml", "{unit: 2, name: Knight, parent: 1}", "{unit: 2, name: Knight Errant, parent: 1}",
			2, "name", `"Knight" in units.yaml`},
		{"not a unit", "trees.yaml", "{unit: 196, name: Medic, parent: 1}", "{unit: 203, name: Medic, parent: 1}",
			203, "unit", "no unit 203"},
		{"unit in no tree", "trees.yaml", "    - {unit: 196, name: Medic, parent: 1}\n", "",
			196, "unit", "in no Unit Tree"},
		{"first unit not a Root", "units.yaml", "cost: 6, root: true}", "cost: 6}",
			1, "unit", "not a Root"},
		{"a Root with a parent", "units.yaml", "ability: Vigor, cost: 8}", "ability: Vigor, cost: 8, root: true}",
			2, "parent", "starts its own tree"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := LoadContent(with(t, files, tt.file, tt.old, tt.new))
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range Validate(c) {
				if d.File == "trees.yaml" && d.Number == tt.number && d.Field == tt.field && strings.Contains(d.Problem, tt.text) {
					if !strings.Contains(d.String(), "trees.yaml") || !strings.Contains(d.String(), "field "+tt.field) {
						t.Errorf("%q does not name the file and the field", d)
					}
					return
				}
			}
			t.Errorf("no discrepancy %d %s %q in %v", tt.number, tt.field, tt.text, Validate(c))
		})
	}
}
