package tacticsdavid

import (
	"fmt"
	"strings"
)

// Tree is one Unit Tree (seed 004, Unit and Item Book, "UNIT TREE"): a
// Root Unit and the units that come from it. "The far left Unit in the
// Unit Tree is considered to be the Root Unit." The seed lost the trees'
// pictures and keeps only the names of the eleven Roots; trees.yaml holds
// skald's reconstruction (TD-18).
type Tree struct {
	Name  string     // the Root's name: "Soldier"
	Units []TreeUnit // the Root first, then each unit after its parent
}

// Root returns the number of the tree's Root Unit, or 0 for an empty tree.
func (t Tree) Root() int {
	if len(t.Units) == 0 {
		return 0
	}
	return t.Units[0].Unit
}

// TreeUnit is one unit of a Unit Tree.
type TreeUnit struct {
	Unit   int    // Unit #, as in units.yaml
	Name   string // the unit's name, as in units.yaml
	Parent int    // the unit it comes from, one Line of Lineage nearer the Root; 0 for the Root
}

// node is what the trees and the army rules need of a unit number.
type node struct {
	unit     int32 // 1 + the unit's position in Units; 0 if no unit has the number
	tree     int16 // position of its tree in Trees; -1 if it is in none
	depth    int16 // Lines of Lineage from its Root
	parent   int32
	root     int32
	class    int8 // stacking points: Light 1, Medium 2, Heavy 3; 0 if unknown
	cost     int32
	core     int32
	children []int
	// mates are the units a stack may pair with this one (itself
	// included): same tree, within 2 Lines of Lineage (TD-19), stacking
	// points together within 3. Empty for a Heavy unit.
	mates []int
}

type yamlTreeUnit struct {
	Unit   int    `yaml:"unit"`
	Name   string `yaml:"name"`
	Parent int    `yaml:"parent"`
}

type yamlTree struct {
	Tree  string         `yaml:"tree"`
	Units []yamlTreeUnit `yaml:"units"`
}

// loadTrees reads trees.yaml. It checks the file's own shape: a named tree
// whose first unit, its Root, has no parent; every other unit has a parent
// listed before it in the same tree (so no unit descends from itself); no
// unit is listed twice. Whether the trees agree with units.yaml is
// reported by Validate.
func (c *Content) loadTrees(b []byte) error {
	var ys []yamlTree
	if err := decode(b, &ys); err != nil {
		return err
	}
	type place struct{ tree, pos int }
	where := map[int]place{}
	home := map[int]int{} // unit: the tree it is first listed in
	for i, y := range ys {
		for _, u := range y.Units {
			if _, ok := home[u.Unit]; !ok {
				home[u.Unit] = i
			}
		}
	}
	for i, y := range ys {
		if strings.TrimSpace(y.Tree) == "" {
			return entryError("tree", i+1, 0, "", "tree", "missing")
		}
		if len(y.Units) == 0 {
			return entryError("tree", i+1, 0, y.Tree, "units", "missing")
		}
		t := Tree{Name: y.Tree}
		for j, u := range y.Units {
			fail := func(field, format string, args ...any) error {
				return fmt.Errorf("tree %d (%s): %w", i+1, y.Tree, entryError("unit", j+1, u.Unit, u.Name, field, format, args...))
			}
			switch {
			case u.Unit == 0:
				return fail("unit", "missing")
			case u.Unit < 0 || u.Unit > maxUnitNumber:
				return fail("unit", "%d, want 1 to %d", u.Unit, maxUnitNumber)
			case strings.TrimSpace(u.Name) == "":
				return fail("name", "missing")
			case j == 0 && u.Parent != 0:
				return fail("parent", "the first unit of a tree is its Root and has no parent (parent %d)", u.Parent)
			case j == 0 && u.Name != y.Tree:
				return fail("name", "the first unit of a tree is its Root, but the tree is named %q", y.Tree)
			case j > 0 && u.Parent == 0:
				return fail("parent", "missing: only the first unit of a tree, its Root, has no parent")
			case u.Parent == u.Unit:
				return fail("parent", "the unit is its own parent")
			}
			if w, dup := where[u.Unit]; dup {
				return fail("unit", "listed twice: it is also unit %d of tree %d (%s)", w.pos+1, w.tree+1, ys[w.tree].Tree)
			}
			if j > 0 {
				h, listed := home[u.Parent]
				_, before := where[u.Parent]
				switch {
				case !listed:
					return fail("parent", "parent %d is in no tree", u.Parent)
				case h != i:
					return fail("parent", "parent %d is in tree %d (%s), not in this one", u.Parent, h+1, ys[h].Tree)
				case !before:
					return fail("parent", "parent %d is not listed before this unit (a unit comes after its parent, so no unit descends from itself)", u.Parent)
				}
			}
			where[u.Unit] = place{i, j}
			t.Units = append(t.Units, TreeUnit(u))
		}
		c.Trees = append(c.Trees, t)
	}
	return nil
}

// index builds the facts the trees and the army rules read by unit
// number. LoadContent calls it once every file is loaded.
func (c *Content) index() {
	most := 0
	for _, u := range c.Units {
		most = max(most, u.Number)
	}
	for _, t := range c.Trees {
		for _, u := range t.Units {
			most = max(most, u.Unit)
		}
	}
	c.nodes = make([]node, most+1)
	for i := range c.nodes {
		c.nodes[i].tree = -1
	}
	for i, u := range c.Units {
		n := &c.nodes[u.Number]
		if n.unit != 0 {
			continue // a number listed twice: Validate reports it
		}
		n.unit, n.class, n.cost, n.core = int32(i+1), int8(classPoints(u.Class)), int32(u.Cost), int32(u.Core)
		c.allUnits = append(c.allUnits, u.Number)
	}
	c.treeUnits = make([][]int, len(c.Trees))
	for ti, t := range c.Trees {
		root := t.Root()
		for _, u := range t.Units {
			n := &c.nodes[u.Unit]
			n.tree, n.parent, n.root = int16(ti), int32(u.Parent), int32(root)
			if u.Parent != 0 {
				p := &c.nodes[u.Parent]
				n.depth = p.depth + 1
				p.children = append(p.children, u.Unit)
			}
			if n.unit != 0 {
				c.treeUnits[ti] = append(c.treeUnits[ti], u.Unit)
			}
		}
	}
	c.indexArmy()
}

// classPoints returns a class's stacking points, which also order the
// classes: "Light Units take 1 stacking point, Medium Units take 2
// stacking points, and Heavy units take 3" (seed 004, "Unit Stacking").
func classPoints(class string) int {
	switch class {
	case "L":
		return 1
	case "M":
		return 2
	case "H":
		return 3
	}
	return 0
}

// node returns the facts of a unit number, or nil if no unit and no tree
// has it.
func (c *Content) node(unit int) *node {
	if unit <= 0 || unit >= len(c.nodes) {
		return nil
	}
	return &c.nodes[unit]
}

// Parent returns the unit the given unit comes from in its Unit Tree, one
// Line of Lineage nearer the Root; 0 for a Root or a unit in no tree.
func (c *Content) Parent(unit int) int {
	if n := c.node(unit); n != nil {
		return int(n.parent)
	}
	return 0
}

// RootOf returns the Root Unit of the unit's tree (a Root's is itself), or
// 0 for a unit in no tree.
func (c *Content) RootOf(unit int) int {
	if n := c.node(unit); n != nil {
		return int(n.root)
	}
	return 0
}

// Children returns the units that come from the given one in its tree, in
// the order of trees.yaml (nil if none). The slice is the caller's.
func (c *Content) Children(unit int) []int {
	if n := c.node(unit); n != nil && len(n.children) > 0 {
		return append([]int(nil), n.children...)
	}
	return nil
}

// Roots returns the Root Units of the trees, in the order of trees.yaml.
func (c *Content) Roots() []int {
	roots := make([]int, len(c.Trees))
	for i, t := range c.Trees {
		roots[i] = t.Root()
	}
	return roots
}

// Lineage returns the number of Lines of Lineage between two units: the
// links of parent to child on the path between them in their Unit Tree
// (TD-19): 0 for a unit and itself, 1 for a parent and its child, 2 for a
// grandparent and its grandchild or for two children of one parent. It
// returns -1 if the units are not in the same tree.
func (c *Content) Lineage(a, b int) int {
	na, nb := c.node(a), c.node(b)
	if na == nil || nb == nil || na.tree < 0 || na.tree != nb.tree {
		return -1
	}
	d := 0
	for na.depth > nb.depth {
		na, d = &c.nodes[na.parent], d+1
	}
	for nb.depth > na.depth {
		nb, d = &c.nodes[nb.parent], d+1
	}
	for na != nb {
		na, nb, d = &c.nodes[na.parent], &c.nodes[nb.parent], d+2
	}
	return d
}

// trees reports where trees.yaml disagrees with units.yaml: a unit that
// is not in units.yaml or has another name there, a tree whose first unit
// is not a Root (root: true), a Root that is not first in its tree, a unit
// of units.yaml in no tree.
func (v *validator) trees() {
	const file = "trees.yaml"
	c := v.c
	for _, t := range c.Trees {
		for i, tu := range t.Units {
			u := c.Unit(tu.Unit)
			switch {
			case u == nil:
				v.add(file, tu.Unit, tu.Name, "unit", "", nil, "tree %s: units.yaml has no unit %d", t.Name, tu.Unit)
				continue
			case u.Name != tu.Name:
				v.add(file, tu.Unit, tu.Name, "name", "", nil, "tree %s: unit %d is %q in units.yaml", t.Name, tu.Unit, u.Name)
			}
			switch {
			case i == 0 && !u.Root:
				v.add(file, tu.Unit, tu.Name, "unit", "", nil, "tree %s starts with %s, which is not a Root (root: true in units.yaml)", t.Name, u.Name)
			case i > 0 && u.Root:
				v.add(file, tu.Unit, tu.Name, "parent", "", nil, "tree %s: %s is a Root (root: true in units.yaml) and starts its own tree", t.Name, u.Name)
			}
		}
	}
	for _, u := range c.Units {
		if n := c.node(u.Number); n == nil || n.tree < 0 {
			v.add(file, u.Number, u.Name, "unit", "", nil, "unit %d (%s) is in no Unit Tree", u.Number, u.Name)
		}
	}
}
