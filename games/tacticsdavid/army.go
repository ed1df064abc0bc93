package tacticsdavid

import (
	"fmt"
	"slices"
	"strings"

	"skald/engine"
)

// Profile is what one piece on the battlefield plays with: a unit's
// profile, or a stacked unit's (seed 004, "Unit Stacking"; TD-20, TD-21).
type Profile struct {
	Units      []int  // unit numbers, bottom to top; the top unit is last
	Name       string // the unit's name, or the names joined with "+" bottom to top
	Class      string // L, M, H: a unit's as printed; a stack's by its summed core (TD-21)
	Type       string // P, M, E (the top unit's)
	Mode       string // M, R (the top unit's)
	Strength   [4]int // summed per side for a stack
	Core       int
	Move       int
	MoveType   string
	Range      int
	RangeMod   int
	AttackArea string
	Special    string
	Abilities  []int // ability numbers, one per unit, bottom to top
	Cost       int   // purchase cost, with +6 / +12 for a stack
	Points     int   // stacking points: Light 1, Medium 2, Heavy 3
}

// Stacking (seed 004, "Unit Stacking"): "from 2 to 3 units acting as
// one", "3 available stacking points", "within 2 Lines of Lineage".
const (
	maxStackUnits   = 3
	maxStackPoints  = 3
	maxStackLineage = 2
)

// The rules an army, a piece or an item may break, as ArmyError.Rule
// gives them: the seed's section and words, and skald's ruling.
const (
	ruleUnknownUnit  = `Tactics David rules, Unit List: a unit is one of the Unit List`
	ruleStackSize    = `Tactics David rules, Unit Stacking: "there can be from 2 to 3 units acting as one" (ruling TD-20)`
	ruleStackHeavy   = `Tactics David rules, Unit Stacking: "a Heavy Unit may never be stacked"`
	ruleStackPoints  = `Tactics David rules, Unit Stacking: 3 "stacking points": "Light Units take 1 stacking point, Medium Units take 2 stacking points, and Heavy units take 3"`
	ruleStackLineage = `Tactics David rules, Unit Stacking: "Units must be within 2 Lines of Lineage on the Unit Family Tree" (ruling TD-19)`
	ruleItemUnknown  = `Tactics David rules, Item List: an item is one of the Item List`
	ruleItemType     = `Tactics David rules, Items: "A Unit may only equip at most one of each type of Item" (ruling TD-24)`
	ruleItemUsers    = `Tactics David rules, Item List: "Users: Indicates the types of Units allowed to use or equip the Item" (rulings TD-16, TD-24)`
	ruleArmyType     = `Tactics David rules, Building Your Army: the Army Types are free, Strict Mixed, Strict Themed and Strict Family`
	ruleLimit        = `Tactics David rules, Building Your Army: "how much money the Player's have decided they'll be allowed" (ruling TD-25)`
	ruleRoot         = `Tactics David rules, Building Your Army, Strict: "A Player may only use Units from a specific Root if they have that Root Unit in their Army" (ruling TD-22)`
	ruleMedium       = `Tactics David rules, Building Your Army, Strict: "To put a Medium or Medium Stacked Unit in your Army you need at least 3 Light Units" (ruling TD-22)`
	ruleHeavy        = `Tactics David rules, Building Your Army, Strict: "To put a Heavy or Heavy Stacked Unit in your Army you need at least 2 Medium or Medium Stacked Units" (ruling TD-22)`
	ruleSame         = `Tactics David rules, Building Your Army, Strict: "A Player may not have more than 3 of the same Unit in their Army" (ruling TD-22)`
	ruleThemed       = `Tactics David rules, Building Your Army, Themed: "A Player may only choose to put Units in their Army who are connected by another Unit they have in their Army back to the Root Unit in the Family Tree" (ruling TD-23)`
	ruleFamily       = `Tactics David rules, Building Your Army, Family: "A Player may only choose Units from one Root Family Tree" (ruling TD-23)`
)

// ArmyError is a rule that an army, a piece or an item breaks. Its message
// names the rule (the seed's section and words, and skald's ruling), the
// entry (counted from 1) and what is wrong.
type ArmyError struct {
	Entry   int    // the entry's index in the army (from 0), or -1
	Piece   string // the entry's units, named as Profile.Name, or ""
	Rule    string // `Tactics David rules, Building Your Army, Strict: "..." (TD-22)`
	Problem string
}

func (e *ArmyError) Error() string {
	var b strings.Builder
	b.WriteString(e.Rule)
	if e.Entry >= 0 {
		fmt.Fprintf(&b, ": entry %d", e.Entry+1)
		if e.Piece != "" {
			fmt.Fprintf(&b, " (%s)", e.Piece)
		}
	}
	b.WriteString(": ")
	b.WriteString(e.Problem)
	return b.String()
}

func armyErr(rule, format string, args ...any) *ArmyError {
	return &ArmyError{Entry: -1, Rule: rule, Problem: fmt.Sprintf(format, args...)}
}

// at places an error at an entry of the army.
func (c *Content) at(err error, i int, units []int) error {
	if e, ok := err.(*ArmyError); ok {
		e.Entry, e.Piece = i, c.pieceName(units)
	}
	return err
}

var classCodes = [4]string{"", "L", "M", "H"}

// coreClass returns the class of a core: the bounds of seed 004, "Unit
// Class" ("Light Units have a Core Strength of 4 to 12", Medium 13 to 18,
// Heavy 19 to 24), a core above 24 being Heavy (TD-21).
func coreClass(core int) int {
	switch {
	case core <= 12:
		return 1
	case core <= 18:
		return 2
	}
	return 3
}

// stackSurcharge is what stacking adds to the purchase cost: "plus 6 for a
// 2 Unit Stack or plus 12 for a 3 Unit Stack" (seed 004, "Unit Stacking").
func stackSurcharge(units int) int {
	switch {
	case units == 2:
		return 6
	case units >= 3:
		return 12
	}
	return 0
}

func (c *Content) pieceName(units []int) string {
	names := make([]string, len(units))
	for i, n := range units {
		if u := c.Unit(n); u != nil {
			names[i] = u.Name
		} else {
			names[i] = fmt.Sprintf("unit %d", n)
		}
	}
	return strings.Join(names, "+")
}

func (c *Content) nameOf(unit int) string {
	if u := c.Unit(unit); u != nil {
		return fmt.Sprintf("%s (%d)", u.Name, unit)
	}
	return fmt.Sprintf("unit %d", unit)
}

// pieceClass returns the stacking points of a piece's class: a unit's
// printed class, a stack's by its summed core (TD-21). The units must
// exist.
func (c *Content) pieceClass(units []int) int {
	if len(units) == 1 {
		return int(c.nodes[units[0]].class)
	}
	core := 0
	for _, u := range units {
		core += int(c.nodes[u].core)
	}
	return coreClass(core)
}

// StackProfile returns the profile of a piece made of the given units,
// bottom to top: a single unit, or a Stacked Unit of 2 or 3 (seed 004,
// "Unit Stacking"). A stack adds its units' Strength Ratings side by side
// and their costs, plus 6 for 2 units or 12 for 3; it has the top unit's
// Attack Area, Unit Type, Attack Mode, Movement Type and Rating, Special,
// Range Rating and Modifier, and every unit's ability (TD-20); its class
// is its summed core's (TD-21). An error, an *ArmyError, names the rule
// broken: an unknown unit, more than 3 units, a Heavy unit stacked, more
// than 3 stacking points, two units more than 2 Lines of Lineage apart or
// in different trees (TD-19).
func (c *Content) StackProfile(units []int) (Profile, error) {
	if len(units) == 0 {
		return Profile{}, armyErr(ruleStackSize, "a piece has no unit")
	}
	for _, n := range units {
		if c.Unit(n) == nil {
			return Profile{}, armyErr(ruleUnknownUnit, "no unit %d", n)
		}
	}
	if len(units) > maxStackUnits {
		return Profile{}, armyErr(ruleStackSize, "%d units", len(units))
	}
	if len(units) > 1 {
		points := 0
		for _, n := range units {
			u := c.Unit(n)
			if u.Class == "H" {
				return Profile{}, armyErr(ruleStackHeavy, "%s is Heavy", c.nameOf(n))
			}
			points += classPoints(u.Class)
		}
		if points > maxStackPoints {
			return Profile{}, armyErr(ruleStackPoints, "the units take %d stacking points", points)
		}
		for i, a := range units {
			for _, b := range units[i+1:] {
				switch l := c.Lineage(a, b); {
				case l < 0:
					return Profile{}, armyErr(ruleStackLineage, "%s and %s are not in the same Unit Tree (%s, %s)",
						c.nameOf(a), c.nameOf(b), c.treeName(a), c.treeName(b))
				case l > maxStackLineage:
					return Profile{}, armyErr(ruleStackLineage, "%s and %s are %d Lines of Lineage apart", c.nameOf(a), c.nameOf(b), l)
				}
			}
		}
	}
	top := c.Unit(units[len(units)-1])
	p := Profile{
		Units: slices.Clone(units), Name: c.pieceName(units), Class: top.Class, Type: top.Type, Mode: top.Mode,
		Move: top.Move, MoveType: top.MoveType, Range: top.Range, RangeMod: top.RangeMod,
		AttackArea: top.AttackArea, Special: top.Special, Abilities: make([]int, len(units)),
		Cost: stackSurcharge(len(units)),
	}
	for i, n := range units {
		u := c.Unit(n)
		for s := range p.Strength {
			p.Strength[s] += u.Strength[s]
		}
		p.Core += u.Core
		p.Cost += u.Cost
		p.Points += classPoints(u.Class)
		p.Abilities[i] = n // "This number also matches the index number of the Unit's Ability"
	}
	if len(units) > 1 {
		p.Class = classCodes[coreClass(p.Core)]
	}
	return p, nil
}

func (c *Content) treeName(unit int) string {
	if n := c.node(unit); n != nil && n.tree >= 0 {
		return c.Trees[n.tree].Name + " Root"
	}
	return "no tree"
}

// ArmyType is one of the ways of building an army (seed 004, "Building
// Your Army"): free, or one of the Strict Army Types.
type ArmyType string

// The Army Types. "Player's are free to play a game where Player's are
// allowed to put any Unit they want in their Army. An alternative is to use
// a variety of the Strict Army Types: Strict Mixed, Strict Themed, and
// Strict Family." Each Strict type follows the Strict rules; Themed and
// Family add one rule each (TD-22, TD-23).
const (
	FreeArmy   ArmyType = "free"
	MixedArmy  ArmyType = "mixed"
	ThemedArmy ArmyType = "themed"
	FamilyArmy ArmyType = "family"
)

// ArmyRules are what the players agreed for their armies.
type ArmyRules struct {
	Type ArmyType
	// Limit is the most an army may cost, units, stacks and items
	// together; 0 or less means no limit (TD-25).
	Limit int
	// MaxSame is the most of one unit a Strict army may have; 0 or less
	// means the book's 3 ("In a larger battle Player's may decide to
	// increase this amount").
	MaxSame int
}

func (r ArmyRules) maxSame() int {
	if r.MaxSame <= 0 {
		return 3
	}
	return r.MaxSame
}

func (r ArmyRules) check() error {
	switch r.Type {
	case FreeArmy, MixedArmy, ThemedArmy, FamilyArmy:
		return nil
	}
	return armyErr(ruleArmyType, "%q is not an army type (free, mixed, themed, family)", r.Type)
}

// Entry is one piece of an army: a unit or a stack (bottom..top), and the
// items it is equipped with at the start (item numbers).
type Entry struct {
	Units []int
	Items []int
}

// Army is a player's army, in the order it was built.
type Army []Entry

// indexArmy builds what the army rules read without maps: each unit's
// stack mates, the items' facts, the Work Belt. index calls it.
func (c *Content) indexArmy() {
	for _, us := range c.treeUnits {
		for _, a := range us {
			na := &c.nodes[a]
			if na.class < 1 || na.class > 2 {
				continue
			}
			for _, b := range us {
				if nb := c.nodes[b]; nb.class >= 1 && na.class+nb.class <= maxStackPoints && c.Lineage(a, b) <= maxStackLineage {
					na.mates = append(na.mates, b)
				}
			}
		}
	}
	c.items = make([]itemFact, len(c.Items))
	for i, it := range c.Items {
		f := itemFact{number: it.Number, kind: itemKind(it.Type), cost: it.Cost, userType: it.UserType, userMode: it.UserMode}
		for _, u := range it.Users {
			f.users |= 1 << classPoints(u)
		}
		c.items[i] = f
	}
	for _, a := range c.Abilities {
		if a.Name == "Work Belt" && c.Unit(a.Number) != nil {
			c.workBelt = a.Number
			break
		}
	}
}

// item returns the position of the item with the given number in Items,
// or -1.
func (c *Content) item(number int) int {
	for i := range c.Items {
		if c.Items[i].Number == number {
			return i
		}
	}
	return -1
}

// EntryCost returns what an entry costs: its units' purchase costs, plus
// 6 for a 2 unit stack or 12 for a 3 unit stack, plus its items' purchase
// costs. Unknown units and items cost nothing.
func (c *Content) EntryCost(e Entry) int {
	cost := stackSurcharge(len(e.Units))
	for _, n := range e.Units {
		if u := c.Unit(n); u != nil {
			cost += u.Cost
		}
	}
	for _, n := range e.Items {
		if i := c.item(n); i >= 0 {
			cost += c.Items[i].Cost
		}
	}
	return cost
}

// ArmyCost returns what an army costs, the sum of its entries' costs.
func (c *Content) ArmyCost(a Army) int {
	cost := 0
	for _, e := range a {
		cost += c.EntryCost(e)
	}
	return cost
}

// itemFact is what the army rules need of an item.
type itemFact struct {
	number             int
	kind               int   // 0 Weapon, 1 Accessory, 2 Expendable, -1 unknown
	users              uint8 // bit 1 Light, 2 Medium, 3 Heavy
	cost               int
	userType, userMode string
}

var itemKinds = [3]string{"Weapon", "Accessory", "Expendable"}

func itemKind(t string) int {
	for i, k := range itemKinds {
		if k == t {
			return i
		}
	}
	return -1
}

// itemSlots is how many items of each type a piece may hold: one, or two
// for a Tinkerer alone, whose Work Belt lets it "hold up to 2 of each Type
// of Item at any given time"; a Stacked Unit "may only equip a maximum of
// 1 type of each Item", Tinkerer or not (TD-24).
func (c *Content) itemSlots(units []int) int {
	if len(units) == 1 && c.workBelt != 0 && units[0] == c.workBelt {
		return 2
	}
	return 1
}

// CheckItem reports whether a piece with profile p may equip the item,
// given the items it already has (TD-24): at most one item of each type
// (Weapon, Accessory, Expendable; a Tinkerer alone two); the piece's class
// among the item's Users; and for the Rod of Hailfire a Magical Ranged
// piece (TD-16). The error is an *ArmyError naming the rule broken.
func (c *Content) CheckItem(p Profile, item int, have []int) error {
	i := c.item(item)
	switch c.itemProblem(&p, i, have) {
	case itemUnknown:
		return armyErr(ruleItemUnknown, "no item %d", item)
	case itemNoType:
		return armyErr(ruleItemType, "%s: %q is not an item type", c.Items[i].Name, c.Items[i].Type)
	case itemNotClass:
		it := &c.Items[i]
		return armyErr(ruleItemUsers, "%s is for %s Units; %s is %s", it.Name, strings.Join(it.Users, ", "), p.Name, p.Class)
	case itemNotKind:
		it := &c.Items[i]
		return armyErr(ruleItemUsers, "%s is for Units of type %s and mode %s only; %s is %s %s",
			it.Name, or(it.UserType, "any"), or(it.UserMode, "any"), p.Name, p.Type, p.Mode)
	case itemNoSlot:
		it := &c.Items[i]
		held := c.heldOfKind(c.items[i].kind, have)
		return armyErr(ruleItemType, "%s already has %d %s item(s), %s is one more", p.Name, held, it.Type, it.Name)
	}
	return nil
}

// The problems CheckItem finds, in the order it looks for them.
const (
	itemFits = iota
	itemUnknown
	itemNoType
	itemNotClass
	itemNotKind
	itemNoSlot
)

// itemProblem is CheckItem without the words, for the item of index i in
// c.Items (-1 for an unknown one): the first problem, or itemFits.
func (c *Content) itemProblem(p *Profile, i int, have []int) int {
	if i < 0 {
		return itemUnknown
	}
	it, f := &c.Items[i], c.items[i]
	switch {
	case f.kind < 0:
		return itemNoType
	case !slices.Contains(it.Users, p.Class):
		return itemNotClass
	case (it.UserType != "" && p.Type != it.UserType) || (it.UserMode != "" && p.Mode != it.UserMode):
		return itemNotKind
	case c.heldOfKind(f.kind, have) >= c.itemSlots(p.Units):
		return itemNoSlot
	}
	return itemFits
}

// heldOfKind counts the items of have of the item type kind.
func (c *Content) heldOfKind(kind int, have []int) int {
	held := 0
	for _, h := range have {
		if j := c.item(h); j >= 0 && c.items[j].kind == kind {
			held++
		}
	}
	return held
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

// checkEntry checks one entry on its own: its stack and its items, equipped
// in order.
func (c *Content) checkEntry(e Entry) (Profile, error) {
	p, err := c.StackProfile(e.Units)
	if err != nil {
		return p, err
	}
	for i, it := range e.Items {
		if err := c.CheckItem(p, it, e.Items[:i]); err != nil {
			return p, err
		}
	}
	return p, nil
}

// armyCount is an army's units and pieces, as the Strict rules count them
// (TD-22): every unit, in a stack or not, by number; pieces by class.
type armyCount struct {
	units  []uint16 // by unit number
	pieces [4]int   // by class: Light 1, Medium 2, Heavy 3
	first  int      // the army's first unit, 0 before any
	tree   int      // its tree
}

func (c *Content) newCount() armyCount {
	return armyCount{units: make([]uint16, len(c.nodes))}
}

func (c *Content) count(n *armyCount, units []int) {
	for _, u := range units {
		n.units[u]++
		if n.first == 0 {
			n.first, n.tree = u, int(c.nodes[u].tree)
		}
	}
	n.pieces[c.pieceClass(units)]++
}

// CheckArmy checks a whole army against the rules (TD-22 to TD-25): each
// entry's stack and items; the purchase limit; and for a Strict army the
// Root rule, three Light pieces for any Medium one, two Medium pieces for
// any Heavy one, no more than MaxSame of a unit, and the Themed or Family
// rule. The army is checked as a whole, in any order. The error, an
// *ArmyError, names the rule broken and the entry.
func (c *Content) CheckArmy(a Army, r ArmyRules) error {
	if err := r.check(); err != nil {
		return err
	}
	total := 0
	n := c.newCount()
	for i, e := range a {
		if _, err := c.checkEntry(e); err != nil {
			return c.at(err, i, e.Units)
		}
		total += c.EntryCost(e)
		if r.Limit > 0 && total > r.Limit {
			return c.at(armyErr(ruleLimit, "the army costs %d up to this entry, the limit is %d", total, r.Limit), i, e.Units)
		}
		c.count(&n, e.Units)
	}
	if r.Type == FreeArmy {
		return nil
	}
	most := r.maxSame()
	seen := make([]uint16, len(c.nodes))
	for i, e := range a {
		for _, u := range e.Units {
			if seen[u]++; int(seen[u]) > most {
				return c.at(armyErr(ruleSame, "the %s %s of the army, in a stack or not (at most %d)", ordinal(int(seen[u])), c.nameOf(u), most), i, e.Units)
			}
		}
	}
	for i, e := range a {
		if err := c.strictEntry(&n, r, e.Units, nil); err != nil {
			return c.at(err, i, e.Units)
		}
	}
	return nil
}

func ordinal(k int) string {
	switch k {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", k)
}

// strictEntry checks the Strict rules an entry's units and class must meet
// in an army counted by n; extra are units that count as present besides
// n (the entry itself when it is being added). The units exist.
func (c *Content) strictEntry(n *armyCount, r ArmyRules, units []int, extra []int) error {
	has := func(u int) bool { return n.units[u] > 0 || slices.Contains(extra, u) }
	for _, u := range units {
		nd := &c.nodes[u]
		if nd.tree < 0 {
			return armyErr(ruleRoot, "%s is in no Unit Tree", c.nameOf(u))
		}
		if root := int(nd.root); !has(root) {
			return armyErr(ruleRoot, "%s is of the %s, and the army has no %s", c.nameOf(u), c.treeName(u), c.nameOf(root))
		}
	}
	switch cls := c.pieceClass(units); {
	case cls == 2 && n.pieces[1] < 3:
		return armyErr(ruleMedium, "a Medium piece, and the army has %d Light pieces, single or stacked", n.pieces[1])
	case cls == 3 && n.pieces[2] < 2:
		return armyErr(ruleHeavy, "a Heavy piece, and the army has %d Medium pieces, single or stacked", n.pieces[2])
	}
	for _, u := range units {
		switch r.Type {
		case ThemedArmy:
			if p := int(c.nodes[u].parent); p != 0 && !has(p) {
				return armyErr(ruleThemed, "%s comes from %s, which the army does not have", c.nameOf(u), c.nameOf(p))
			}
		case FamilyArmy:
			if t := int(c.nodes[u].tree); n.first != 0 && t != n.tree {
				return armyErr(ruleFamily, "%s is of the %s, the army of the %s", c.nameOf(u), c.treeName(u), c.treeName(n.first))
			}
		}
	}
	return nil
}

// CheckAdd reports whether entry e may be added to army a, an army built
// entry by entry, each accepted by CheckAdd (TD-26). Besides what CheckArmy
// checks, the Strict rules are checked in the order of building: the three
// Light pieces come before the first Medium piece, the two Medium pieces
// before the first Heavy one, a Root before or in the same stack as the
// units of its tree, and in a Themed army a unit's parent before or in the
// same stack as the unit. So an army built by CheckAdd always passes
// CheckArmy. The error, an *ArmyError, names the rule broken and the entry
// (at index len(a)).
func (c *Content) CheckAdd(a Army, r ArmyRules, e Entry) error {
	if err := r.check(); err != nil {
		return err
	}
	i := len(a)
	if _, err := c.checkEntry(e); err != nil {
		return c.at(err, i, e.Units)
	}
	if total := c.ArmyCost(a) + c.EntryCost(e); r.Limit > 0 && total > r.Limit {
		return c.at(armyErr(ruleLimit, "the army would cost %d, the limit is %d", total, r.Limit), i, e.Units)
	}
	if r.Type == FreeArmy {
		return nil
	}
	n := c.newCount()
	for _, x := range a {
		if _, err := c.StackProfile(x.Units); err == nil {
			c.count(&n, x.Units)
		}
	}
	most := r.maxSame()
	for k, u := range e.Units {
		if slices.Index(e.Units, u) != k {
			continue // counted at its first place in the stack
		}
		if got := int(n.units[u]) + countOf(e.Units, u); got > most {
			return c.at(armyErr(ruleSame, "%d of %s (at most %d)", got, c.nameOf(u), most), i, e.Units)
		}
	}
	if err := c.strictEntry(&n, r, e.Units, e.Units); err != nil {
		return c.at(err, i, e.Units)
	}
	return nil
}

func countOf(s []int, v int) int {
	k := 0
	for _, x := range s {
		if x == v {
			k++
		}
	}
	return k
}

// RandomArmy returns a random legal army within rules.Limit, built only
// from r, so that a Rand state gives the same army: CheckArmy accepts it
// and each entry, in order, passes CheckAdd. A Strict army uses one to
// three trees (one for Family), starting from their Roots. About one entry
// in five is a stack, and there is about one item an entry. Once no more
// proposals fit, the rest of the limit is spent on single units and items,
// so that what is left is usually less than the cheapest thing the rules
// still allow. It returns nil for an unknown army type or a Limit of 0 or
// less.
func (c *Content) RandomArmy(r *engine.Rand, rules ArmyRules) Army {
	if r == nil || rules.Limit <= 0 || rules.check() != nil || len(c.allUnits) == 0 || len(c.treeUnits) == 0 {
		return nil
	}
	b := armyBuilder{c: c, rules: rules, left: rules.Limit, maxSame: rules.maxSame(), strict: rules.Type != FreeArmy}
	b.count = make([]uint16, len(c.nodes))
	switch rules.Type {
	case FreeArmy:
		b.pool = c.allUnits
	case FamilyArmy:
		b.pool = c.treeUnits[r.IntN(len(c.treeUnits))]
	default:
		trees := make([]int, len(c.treeUnits))
		for i := range trees {
			trees[i] = i
		}
		k := min(1+r.IntN(3), len(trees))
		size := 0
		for i := 0; i < k; i++ {
			j := i + r.IntN(len(trees)-i)
			trees[i], trees[j] = trees[j], trees[i]
			size += len(c.treeUnits[trees[i]])
		}
		b.pool = make([]int, 0, size)
		for _, t := range trees[:k] {
			b.pool = append(b.pool, c.treeUnits[t]...)
		}
	}
	if len(b.pool) == 0 {
		return nil
	}
	b.minCost = int(c.nodes[b.pool[0]].cost)
	for _, u := range b.pool {
		b.minCost = min(b.minCost, int(c.nodes[u].cost))
	}
	entries := rules.Limit/max(b.minCost, 1) + 1
	b.army = make(Army, 0, entries)
	b.buf = make([]int, 0, entries*(maxStackUnits+2*len(itemKinds)))

	for fails := 0; fails < 16 && b.left >= b.minCost; {
		if b.propose(r) {
			fails = 0
		} else {
			fails++
		}
	}
	b.fill(r)
	return b.army
}

// armyBuilder builds a random army, keeping the counts CheckAdd needs.
type armyBuilder struct {
	c       *Content
	rules   ArmyRules
	strict  bool
	maxSame int
	left    int      // what the limit still allows
	count   []uint16 // units by number, in stacks or not
	pieces  [4]int   // pieces by class
	pool    []int    // the units the army is drawn from
	minCost int      // the cheapest unit of the pool
	army    Army
	buf     []int // backing store of the entries' units and items
}

// prerequisite returns the unit the Strict rules want before u: the Root
// of its tree, or in a Themed army its highest missing ancestor; else u.
func (b *armyBuilder) prerequisite(u int) int {
	nodes := b.c.nodes
	switch {
	case !b.strict:
		return u
	case b.rules.Type == ThemedArmy:
		for p := int(nodes[u].parent); p != 0 && b.count[p] == 0; p = int(nodes[u].parent) {
			u = p
		}
		return u
	case b.count[nodes[u].root] == 0:
		return int(nodes[u].root)
	}
	return u
}

// fits reports whether unit v may join a stack of units (which it is
// within 2 Lines of Lineage of, and within the stacking points) under the
// Strict rules: its Root or, in a Themed army, its parent is in the army
// or the stack, and the army and stack do not hold MaxSame of it yet.
func (b *armyBuilder) fits(v int, units []int) bool {
	if !b.strict {
		return true
	}
	nd := &b.c.nodes[v]
	has := func(u int) bool { return b.count[u] > 0 || u == v || slices.Contains(units, u) }
	if !has(int(nd.root)) {
		return false
	}
	if b.rules.Type == ThemedArmy && nd.parent != 0 && !has(int(nd.parent)) {
		return false
	}
	return int(b.count[v])+countOf(units, v) < b.maxSame
}

// allows reports whether a piece of the given units, prerequisites met,
// may join the army: its class's prerequisites and its cost.
func (b *armyBuilder) allows(units []int, cost int) bool {
	if cost > b.left {
		return false
	}
	if b.strict {
		switch b.c.pieceClass(units) {
		case 2:
			return b.pieces[1] >= 3
		case 3:
			return b.pieces[2] >= 2
		}
	}
	return true
}

// propose draws one entry and adds it if the rules allow it.
func (b *armyBuilder) propose(r *engine.Rand) bool {
	nodes := b.c.nodes
	u := b.pool[r.IntN(len(b.pool))]
	if b.strict && b.pieces[1] < 3 {
		// Medium and Heavy pieces wait for three Light ones: aim at Lights.
		for k := 0; k < 4 && nodes[u].class != 1; k++ {
			u = b.pool[r.IntN(len(b.pool))]
		}
	}
	u = b.prerequisite(u)
	size := 1
	switch x := r.IntN(10); {
	case x >= 8:
		size = 3
	case x >= 5:
		size = 2
	}
	var stack [maxStackUnits]int
	stack[0] = u
	n, points := 1, int(nodes[u].class)
	if !b.fits(u, nil) {
		return false
	}
	for mates := nodes[u].mates; n < size && len(mates) > 0; {
		added := false
		for k := 0; k < 4 && !added; k++ {
			v := mates[r.IntN(len(mates))]
			if points+int(nodes[v].class) > maxStackPoints || !b.fits(v, stack[:n]) {
				continue
			}
			near := true
			for _, w := range stack[1:n] {
				near = near && b.c.Lineage(v, w) <= maxStackLineage
			}
			if near {
				stack[n], n, points, added = v, n+1, points+int(nodes[v].class), true
			}
		}
		if !added {
			break
		}
	}
	for i := n - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		stack[i], stack[j] = stack[j], stack[i]
	}
	units := stack[:n]
	cost := stackSurcharge(n)
	for _, v := range units {
		cost += int(nodes[v].cost)
	}
	if !b.allows(units, cost) {
		return false
	}
	e := b.add(units, cost)
	for k := r.IntN(4); k > 0; k-- {
		b.equip(e, r.IntN(len(b.c.items)))
	}
	return true
}

// add appends a piece to the army; its items have room after its units in
// buf, so that equipping it later does not allocate.
func (b *armyBuilder) add(units []int, cost int) *Entry {
	s := len(b.buf)
	b.buf = append(b.buf, units...)
	slots := len(itemKinds) * b.c.itemSlots(units)
	b.buf = append(b.buf, make([]int, slots)...)
	b.army = append(b.army, Entry{Units: b.buf[s : s+len(units) : s+len(units)], Items: b.buf[s+len(units) : s+len(units) : s+len(units)+slots]})
	b.left -= cost
	for _, v := range units {
		b.count[v]++
	}
	b.pieces[b.c.pieceClass(units)]++
	return &b.army[len(b.army)-1]
}

// equip gives the entry the item at position i of Items if the rules and
// the limit allow it, and reports whether it did.
func (b *armyBuilder) equip(e *Entry, i int) bool {
	c := b.c
	f := &c.items[i]
	if f.kind < 0 || f.cost > b.left || f.users&(1<<c.pieceClass(e.Units)) == 0 {
		return false
	}
	if f.userType != "" || f.userMode != "" {
		top := &c.Units[c.nodes[e.Units[len(e.Units)-1]].unit-1]
		if (f.userType != "" && top.Type != f.userType) || (f.userMode != "" && top.Mode != f.userMode) {
			return false
		}
	}
	held := 0
	for _, h := range e.Items {
		if j := c.item(h); j >= 0 && c.items[j].kind == f.kind {
			held++
		}
	}
	if held >= c.itemSlots(e.Units) {
		return false
	}
	e.Items = append(e.Items, f.number)
	b.left -= f.cost
	return true
}

// fill spends what is left on single units, then on items.
func (b *armyBuilder) fill(r *engine.Rand) {
	nodes := b.c.nodes
	for b.left >= b.minCost {
		added := false
		start := r.IntN(len(b.pool))
		for k := range b.pool {
			u := b.pool[(start+k)%len(b.pool)]
			one := [1]int{u}
			if b.prerequisite(u) == u && b.fits(u, nil) && b.allows(one[:], int(nodes[u].cost)) {
				b.add(one[:], int(nodes[u].cost))
				added = true
				break
			}
		}
		if !added {
			break
		}
	}
	for len(b.army) > 0 && len(b.c.items) > 0 {
		added := false
		start, first := r.IntN(len(b.army)), r.IntN(len(b.c.items))
		for k := 0; k < len(b.army) && !added; k++ {
			e := &b.army[(start+k)%len(b.army)]
			for j := 0; j < len(b.c.items) && !added; j++ {
				added = b.equip(e, (first+j)%len(b.c.items))
			}
		}
		if !added {
			break
		}
	}
}
