package runewars

import (
	"fmt"

	"skald/engine"
)

// The Development Cards variant (DEV; RW-D18, RW-R44): with the option
// developments, Harvest's Supremacy Bonus may buy a Development card of
// the player's faction, beside or instead of the development token.

// DevKind is what a Development card does.
type DevKind uint8

// Development card kinds.
const (
	DevCapital  DevKind = iota // a stronghold of the home realm becomes a Capital (DEV-CAP)
	DevUndead                  // 8 Undead tokens: 8 more figures of one unit type (DEV-UND)
	DevPeasants                // 3 Peasant tokens hold areas left empty (DEV-PEA)
	numDevKinds
)

var devKindWords = [numDevKinds]string{"capital", "undead", "peasants"}

// peasantTokens is how many Peasant tokens the card brings (DEV-PEA).
const peasantTokens = 3

// maxDevelopments bounds the Development cards of the content (a bit
// each in a player's cards).
const maxDevelopments = 8

// undeadTokens is how many Undead tokens the Undead card brings (DEV-UND).
const undeadTokens = 8

// Capital's rebuilding cost with Fortify (DEV-CAP; checklist 43).
const (
	capitalOre  = 2
	capitalWood = 1
)

// Development is one Development card [D] RW-D18.
type Development struct {
	ID, Name string
	Faction  int
	Kind     DevKind
	Cost     [numResources]int
	Unit     int // DevUndead: the unit type the tokens stand for
	Text     string
}

type devEntry struct {
	ID   string         `yaml:"id"`
	Name string         `yaml:"name"`
	Kind string         `yaml:"kind"`
	Cost map[string]int `yaml:"cost"`
	Unit string         `yaml:"unit"`
}

// loadDevelopment reads faction f's Development card e.
func (c *Content) loadDevelopment(e devEntry, f int) error {
	d := Development{ID: e.ID, Name: e.Name, Faction: f, Unit: -1}
	if err := checkWord("id", e.ID); err != nil {
		return err
	}
	for i := range c.Developments {
		if c.Developments[i].ID == e.ID {
			return fmt.Errorf("field id: listed twice")
		}
	}
	if err := checkName("name", e.Name, maxNameLen); err != nil {
		return err
	}
	k := -1
	for i, w := range devKindWords {
		if w == e.Kind {
			k = i
		}
	}
	if k < 0 {
		return fmt.Errorf("field kind: %q is not capital, undead or peasants", e.Kind)
	}
	d.Kind = DevKind(k)
	for r, name := range resourceNames {
		v := e.Cost[name]
		if err := inRange("cost."+name, v, 0, maxDial); err != nil {
			return err
		}
		d.Cost[r] = v
	}
	for name := range e.Cost {
		if _, err := parseResource("cost", name); err != nil {
			return fmt.Errorf("field cost: %q is not food, wood or ore", name)
		}
	}
	if d.Kind == DevUndead {
		u, ok := c.UnitByID(e.Unit)
		if !ok || c.Units[u].Faction != f {
			return fmt.Errorf("field unit: %q is not a unit type of the faction", e.Unit)
		}
		d.Unit = u
	} else if e.Unit != "" {
		return fmt.Errorf("field unit: only an undead card names a unit")
	}
	if len(c.Developments) >= maxDevelopments {
		return fmt.Errorf("field developments: more than %d cards in all", maxDevelopments)
	}
	d.Text = devText(c, &d)
	c.Developments = append(c.Developments, d)
	return nil
}

func devText(c *Content, d *Development) string {
	cost := fmt.Sprintf("costs food %d, wood %d, ore %d", d.Cost[Food], d.Cost[Wood], d.Cost[Ore])
	if d.Kind == DevUndead {
		return fmt.Sprintf("%s: 8 Undead tokens, each a %s figure more in your supply (DEV-UND).", cost, c.Units[d.Unit].Name)
	}
	if d.Kind == DevPeasants {
		return fmt.Sprintf("%s: 3 Peasant tokens; one may stay in an area all your units leave, which stays yours until it is activated (DEV-PEA).", cost)
	}
	return fmt.Sprintf("%s: one of your strongholds in your home realm becomes your Capital, undamaged, 1 more strength defending; rebuilt with Fortify for 2 ore and 1 wood once destroyed (DEV-CAP).", cost)
}

// DevByID returns the index of the Development card with the id.
func (c *Content) DevByID(id string) (int, bool) {
	for i := range c.Developments {
		if c.Developments[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

func (s *State) devID(d int) string {
	if d >= 0 && d < len(s.c.Developments) {
		return s.c.Developments[d].ID
	}
	return "?"
}

// hasDev reports whether seat has bought a card of kind k.
func (s *State) hasDev(p int8, k DevKind) bool {
	for d := range s.c.Developments {
		if s.players[p].devCards&(1<<d) != 0 && s.c.Developments[d].Kind == k {
			return true
		}
	}
	return false
}

// supplyOf is how many figures of unit type u owner may have on the
// board: the box's, and 8 more with the Undead card for them (DEV-UND;
// checklist 124).
func (s *State) supplyOf(u int, owner int8) int {
	n := s.c.Units[u].Supply
	if !s.devs || owner < 0 || owner >= s.n {
		return n
	}
	for d := range s.c.Developments {
		if s.players[owner].devCards&(1<<d) != 0 && s.c.Developments[d].Kind == DevUndead && s.c.Developments[d].Unit == u {
			n += undeadTokens
		}
	}
	return n
}

// canBuy reports whether seat may buy a Development card now: one of his
// faction's he has not bought, whose cost his dials pay (DEV; checklist
// 35, 122).
func (s *State) canBuy(p int8) bool {
	if !s.devs {
		return false
	}
	for d := range s.c.Developments {
		if s.buyable(p, d) {
			return true
		}
	}
	return false
}

func (s *State) buyable(p int8, d int) bool {
	dv := &s.c.Developments[d]
	pl := &s.players[p]
	if dv.Faction != int(pl.faction) || pl.devCards&(1<<d) != 0 {
		return false
	}
	for r := range dv.Cost {
		if int(pl.dials[r]) < dv.Cost[r] {
			return false
		}
	}
	return true
}

// canDevelopToken reports whether a development token may go on one of
// seat's strongholds (Harvest's Supremacy Bonus).
func (s *State) canDevelopToken(p int8) bool {
	ok := false
	s.b.placed.each(func(a int) {
		if k := s.keeps[a]; k.owner == p && !k.dev {
			ok = true
		}
	})
	return ok
}

// buy buys Development card d: the dials go down by its cost at once and
// the card stays for the match (DEV; checklist 122). A Capital then
// replaces one of his home realm's strongholds, when he has one there
// (checklist 123).
func (s *State) buy(p int8, d int, l *engine.Log) {
	dv := &s.c.Developments[d]
	pl := &s.players[p]
	for r := range dv.Cost {
		pl.dials[r] -= int8(dv.Cost[r])
	}
	pl.devCards |= 1 << d
	s.ord.did |= 2
	l.Add(engine.Everyone, "develop", "%s buys the Development card %s; dials: food %d, wood %d, ore %d", s.fac(p), dv.Name, pl.dials[Food], pl.dials[Wood], pl.dials[Ore])
	if dv.Kind == DevCapital && s.capitalSpots(p) != 0 {
		s.ord.phase = opCapital
		return
	}
	s.afterHarvestBonus()
}

// capitalSpots returns where seat's Capital may go when bought: his
// strongholds in his home realm (DEV-CAP).
func (s *State) capitalSpots(p int8) areaSet {
	var out areaSet
	s.homeAreas(p).each(func(a int) {
		if s.keeps[a].owner == p && !s.keeps[a].capital {
			out = out.with(a)
		}
	})
	return out
}

// rebuildSpots returns where seat may rebuild his destroyed Capital with
// Fortify: an area of his home realm he controls with no stronghold
// (checklist 43; RW-R44).
func (s *State) rebuildSpots(p int8) areaSet {
	var out areaSet
	if !s.devs || !s.players[p].capLost {
		return out
	}
	pl := &s.players[p]
	if pl.dials[Ore] < capitalOre || pl.dials[Wood] < capitalWood || s.keepsOf(p) >= strongholdSupply {
		return out
	}
	cen := s.take(p)
	s.homeAreas(p).each(func(a int) {
		if cen.ctl[a] == p && s.keeps[a].owner < 0 {
			out = out.with(a)
		}
	})
	return out
}

// placeCapital makes seat's stronghold in area a his Capital (bought),
// or rebuilds his Capital there (Fortify): undamaged side up, keeping its
// development (DEV-CAP; checklist 43, 123).
func (s *State) placeCapital(p int8, a int, l *engine.Log) {
	k := &s.keeps[a]
	if s.ord.phase == opFortify {
		pl := &s.players[p]
		pl.dials[Ore] -= capitalOre
		pl.dials[Wood] -= capitalWood
		pl.capLost = false
		*k = keep{owner: p}
		s.ord.did |= 32
		s.touch()
		l.Add(engine.Everyone, "capital", "%s rebuilds his Capital in %s", s.fac(p), &s.c.Areas[a])
	} else {
		k.damaged = false
		l.Add(engine.Everyone, "capital", "%s's stronghold in %s becomes his Capital", s.fac(p), &s.c.Areas[a])
		s.afterHarvestBonus()
	}
	k.capital = true
}

// afterHarvestBonus goes on with Harvest's Supremacy Bonus: the token or
// the card still to take, or the order ends (DEV; checklist 35).
func (s *State) afterHarvestBonus() {
	if s.ord.did&1 == 0 && s.canDevelopToken(s.ord.seat) || s.ord.did&2 == 0 && s.canBuy(s.ord.seat) {
		s.ord.phase = opDevelop
		return
	}
	s.finishOrder()
}

// lostCapital notes that the Capital in area a is destroyed: its owner
// may rebuild it (DEV-CAP).
func (s *State) lostCapital(a int) {
	if k := s.keeps[a]; k.capital && k.owner >= 0 {
		s.players[k.owner].capLost = true
	}
}

// peasantsOf counts seat's Peasant tokens on the board.
func (s *State) peasantsOf(p int8) int {
	n := 0
	for a := range s.peasant {
		if s.peasant[a] == p+1 {
			n++
		}
	}
	return n
}

// legalPeasants appends the areas where seat may leave a Peasant token
// now: one his units have all left in this order, with no figure and no
// stronghold there, while a token of his 3 is free (DEV-PEA; checklist
// 125).
func (s *State) legalPeasants(p int8, buf []engine.Action) []engine.Action {
	if !s.devs || s.ord.vacated == 0 || !s.hasDev(p, DevPeasants) || s.peasantsOf(p) >= peasantTokens {
		return buf
	}
	cen := s.take(p)
	s.ord.vacated.each(func(a int) {
		if !cen.occupied.has(a) && s.peasant[a] == 0 {
			buf = append(buf, act(p, kPeasant, a))
		}
	})
	return buf
}

// noteVacated records that seat's move emptied area a of his units.
func (s *State) noteVacated(p int8, a int) {
	if !s.devs || !s.hasDev(p, DevPeasants) {
		return
	}
	for i := 0; i < int(s.nfigs); i++ {
		if f := &s.figs[i]; int(f.area) == a && f.owner == p {
			return
		}
	}
	s.ord.vacated = s.ord.vacated.with(a)
}

// clearPeasant takes the Peasant token off area a when it is activated,
// for any reason (DEV-PEA).
func (s *State) clearPeasant(a int, l *engine.Log) {
	if a < 0 || a >= maxAreas || s.peasant[a] == 0 {
		return
	}
	p := s.peasant[a] - 1
	s.peasant[a] = 0
	s.touch()
	l.Add(engine.Everyone, "peasant", "%s's Peasant token leaves %s, activated", s.fac(p), &s.c.Areas[a])
}
