package tacticsdavid

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Setup is what a scenario may arrange before the first action: the units
// on the battlefield (the armies are then taken as built and deployed),
// whose turn begins, and the top of the Item Deck.
type Setup struct {
	// Player is "one" or "two": whose turn the battle begins with.
	Player string `json:"player"`
	// Units are the pieces, numbered #0, #1... in this order.
	Units []UnitSetup `json:"units"`
	// Deck names the items on top of the Item Deck, top first; the other
	// items follow in their shuffled order.
	Deck []string `json:"deck"`
	// Hired gives the Root each player declared for Hired Hit ({one:
	// Pup}), as if declared at the start of its first turn.
	Hired map[string]string `json:"hired"`
}

// UnitSetup places one unit, or stacked unit.
type UnitSetup struct {
	Player string `json:"player"`
	// Unit is a unit's name or number; Stack lists a stacked unit's units
	// bottom to top instead.
	Unit     string   `json:"unit"`
	Stack    []string `json:"stack"`
	At       string   `json:"at"` // "x,y"
	Facing   string   `json:"facing"`
	Statuses []string `json:"statuses"`
	Items    []string `json:"items"`
	// LockedWith locks the unit in combat with another (its index);
	// LockedThisTurn says the lock began this turn.
	LockedWith     *int `json:"locked_with"`
	LockedThisTurn bool `json:"locked_this_turn"`
	// TeamWith makes a Unit Team with another (its index), standing on the
	// same grid space; Orient is vertical or horizontal, Half this unit's
	// half (north, south, west or east; north or west when empty). Give
	// them on one of the two units: the later entry's values stand.
	TeamWith *int   `json:"team_with"`
	Orient   string `json:"orient"`
	Half     string `json:"half"`
	// Learned is an ability the unit has besides its own, as if learned
	// (pieceAb.learned): its name or number.
	Learned string `json:"learned"`
	// Counters sets the unit's counters (Hatch: 2 at the start of the
	// battle, TD-129).
	Counters *int `json:"counters"`
}

// Arrange sets the battle up as setup (JSON of a Setup) says. It is allowed
// only before the first action; on an error nothing changes and the error
// names the entry and field.
func (s *State) Arrange(setup []byte) error {
	var su Setup
	dec := json.NewDecoder(bytes.NewReader(setup))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&su); err != nil {
		return fmt.Errorf("tacticsdavid setup: %w", err)
	}
	if s.stage == stageBattle && s.turn > 1 || s.stage == stageOver || s.eng.p >= 0 {
		return fmt.Errorf("tacticsdavid setup: only before the first action")
	}
	c := &State{g: s.g, bf: s.bf, conf: s.conf, rng: s.rng, first: s.first, player: s.first, eng: noEngagement, tally: s.tally, cause: noCause}
	c.board = make([]int8, s.bf.W*s.bf.H)
	switch su.Player {
	case "":
	case "one", "two":
		c.first = map[string]int8{"one": 0, "two": 1}[su.Player]
	default:
		return fmt.Errorf("tacticsdavid setup: field player: %q, want one or two", su.Player)
	}
	if len(su.Units) == 0 || len(su.Units) > 100 {
		return fmt.Errorf("tacticsdavid setup: field units: between 1 and 100 units, not %d", len(su.Units))
	}
	for k, u := range su.Units {
		if err := c.arrangeUnit(k, u, su.Units); err != nil {
			return fmt.Errorf("tacticsdavid setup: units[%d]: %w", k, err)
		}
	}
	for k, u := range su.Units {
		if err := c.arrangeLinks(k, u); err != nil {
			return fmt.Errorf("tacticsdavid setup: units[%d]: %w", k, err)
		}
	}
	c.deck = nil
	used := map[int]bool{}
	for k, name := range su.Deck {
		it := c.itemNamed(name)
		if it == 0 || used[it] {
			return fmt.Errorf("tacticsdavid setup: deck[%d]: %q is not an item (or is listed twice)", k, name)
		}
		used[it] = true
		c.deck = append(c.deck, int8(it))
	}
	rest := make([]int8, 0, NumItems)
	for it := 1; it <= NumItems; it++ {
		if !used[it] {
			rest = append(rest, int8(it))
		}
	}
	c.rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	c.deck = append(c.deck, rest...)
	for seat, root := range su.Hired {
		k := map[string]int{"one": 0, "two": 1}[seat]
		n := c.unitNamed(root)
		if _, ok := map[string]int{"one": 0, "two": 1}[seat]; !ok || n == 0 || c.g.c.RootOf(n) != n {
			return fmt.Errorf("tacticsdavid setup: hired: %s: %q, want one or two and a Root", seat, root)
		}
		c.hired[k] = int16(n)
	}
	c.stage = stageBattle
	c.player = c.first
	c.refreshPresent()
	c.startTurn(nil)
	for k, u := range su.Units {
		if u.Counters != nil {
			if *u.Counters < 0 || *u.Counters > 100 {
				return fmt.Errorf("tacticsdavid setup: units[%d]: field counters: %d, want 0 to 100", k, *u.Counters)
			}
			c.pieces[k].ab.count = int8(*u.Counters)
		}
	}
	c.scratch = nil // its unit names point at c
	*s = *c
	return nil
}

func (s *State) itemNamed(name string) int {
	for _, it := range s.g.c.Items {
		if strings.EqualFold(it.Name, name) {
			return it.Number
		}
	}
	return 0
}

func (s *State) unitNamed(name string) int {
	if n, err := strconv.Atoi(name); err == nil && s.g.c.Unit(n) != nil {
		return n
	}
	if u := s.g.c.UnitNamed(name); u != nil {
		return u.Number
	}
	for _, u := range s.g.c.Units {
		if strings.EqualFold(u.Name, name) {
			return u.Number
		}
	}
	return 0
}

func (s *State) arrangeUnit(k int, u UnitSetup, all []UnitSetup) error {
	var seat int8
	switch u.Player {
	case "one":
	case "two":
		seat = 1
	default:
		return fmt.Errorf("field player: %q, want one or two", u.Player)
	}
	names := u.Stack
	if u.Unit != "" {
		if len(names) > 0 {
			return fmt.Errorf("field unit: give unit or stack, not both")
		}
		names = []string{u.Unit}
	}
	if len(names) == 0 {
		return fmt.Errorf("field unit: missing")
	}
	var units []int
	for _, n := range names {
		num := s.unitNamed(n)
		if num == 0 {
			return fmt.Errorf("field unit: no unit %q", n)
		}
		units = append(units, num)
	}
	prof, err := s.g.c.StackProfile(units)
	if err != nil {
		return fmt.Errorf("field stack: %w", err)
	}
	s.profs = append(s.profs, prof)
	s.info = append(s.info, s.infoOf(prof))
	pc := piece{prof: int16(len(s.profs) - 1), owner: seat, lock: -1, team: -1, utype: typeOf(prof.Type)}
	xs, ys, ok := strings.Cut(u.At, ",")
	x, e1 := strconv.Atoi(strings.TrimSpace(xs))
	y, e2 := strconv.Atoi(strings.TrimSpace(ys))
	p := battlefield.Point{X: x, Y: y}
	if !ok || e1 != nil || e2 != nil || !s.bf.In(p) {
		return fmt.Errorf("field at: %q is not a grid space of %s (x,y from 0,0 in the north-west)", u.At, s.bf.Name)
	}
	if s.bf.Blocked(p) {
		return fmt.Errorf("field at: a terrain piece stands on %s", u.At)
	}
	f, ok := battlefield.ParseFacing(u.Facing)
	if !ok {
		return fmt.Errorf("field facing: %q, want N, E, S or W", u.Facing)
	}
	pc.facing = f
	if u.Learned != "" {
		n, err := strconv.Atoi(u.Learned)
		if err != nil {
			n = 0
			for _, a := range s.g.c.Abilities {
				if strings.EqualFold(a.Name, u.Learned) {
					n = a.Number
				}
			}
		}
		if n < 1 || n > numAbilities {
			return fmt.Errorf("field learned: no ability %q", u.Learned)
		}
		pc.ab.learned = int16(n)
	}
	s.pieces = append(s.pieces, pc)
	i := len(s.pieces) - 1
	for _, it := range u.Items {
		n := s.itemNamed(it)
		if n == 0 {
			return fmt.Errorf("field items: no item %q", it)
		}
		var have [2 * numSlots]int
		held := s.itemsOf(i, -1, have[:0])
		for _, b := range s.pieces[i].belt {
			if b > 0 {
				held = append(held, int(b))
			}
		}
		if err := s.g.c.CheckItem(prof, n, held); err != nil {
			return fmt.Errorf("field items: %s: %w", it, err)
		}
		if sl := s.g.items[n].slot; s.pieces[i].items[sl] != 0 {
			s.pieces[i].belt[sl] = int8(n) // a Tinkerer's second item (TD-24, TD-124)
		} else {
			s.pieces[i].items[sl] = int8(n)
		}
	}
	for _, name := range u.Statuses {
		st := -1
		for k, n := range statusNames {
			if strings.EqualFold(n, name) {
				st = k
			}
		}
		if st < 0 {
			return fmt.Errorf("field statuses: no status %q", name)
		}
		if !s.may(s.pieces[i].utype, st) {
			return fmt.Errorf("field statuses: a unit of type %s may not have the %s Status", typeCodes[s.pieces[i].utype], statusNames[st])
		}
		s.pieces[i].status |= statusBit(st)
	}
	if o := s.at(p); o >= 0 && (u.TeamWith == nil || *u.TeamWith != o) && (all[o].TeamWith == nil || *all[o].TeamWith != k) {
		return fmt.Errorf("field at: unit %d already stands on %s (a Unit Team names its partner in team_with)", o, u.At)
	}
	s.place(i, p)
	return nil
}

func (s *State) arrangeLinks(k int, u UnitSetup) error {
	p := &s.pieces[k]
	if u.LockedWith != nil {
		o := *u.LockedWith
		if o < 0 || o >= len(s.pieces) || o == k || s.pieces[o].owner == p.owner {
			return fmt.Errorf("field locked_with: %d is not an enemy unit of the setup", o)
		}
		s.setLock(k, int8(o))
		s.setLock(o, int8(k))
		if u.LockedThisTurn {
			p.lockTurn, s.pieces[o].lockTurn = 1, 1
		}
	}
	if u.TeamWith != nil {
		o := *u.TeamWith
		if o < 0 || o >= len(s.pieces) || o == k || s.pieces[o].owner != p.owner || s.pt(o) != s.pt(k) {
			return fmt.Errorf("field team_with: %d is not an allied unit on the same grid space", o)
		}
		p.team, s.pieces[o].team = int8(o), int8(k)
		switch u.Orient {
		case "vertical", "":
			p.orient, s.pieces[o].orient = 0, 0
		case "horizontal":
			p.orient, s.pieces[o].orient = 1, 1
		default:
			return fmt.Errorf("field orient: %q, want vertical or horizontal", u.Orient)
		}
		switch u.Half {
		case "north", "west", "":
			p.half, s.pieces[o].half = 0, 1
		case "south", "east":
			p.half, s.pieces[o].half = 1, 0
		default:
			return fmt.Errorf("field half: %q, want north, south, west or east", u.Half)
		}
	}
	return nil
}

var _ engine.Arranger = (*State)(nil)
