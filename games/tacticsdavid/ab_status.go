package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Abilities used as actions that target units and roll for statuses (group
// C1; rulings TD-87 to TD-100 of docs/rulings/td-abilities-c1.md). Most
// share one shape: "This Unit may target <a unit in reach>. If 1 D6 Roll is
// <a face> the targeted Unit acquires <a status>." That shape is built once
// (statusAb, a row of the table below); each ability is one row, with its
// text in the comment. The ones that do more (Blood Sacrifice, Tricked,
// Hex) follow the table; the Breaths and the Voodoo Doll, which perform
// Attack Procedures, are in ab_attacks.go.

// faces are the statuses (bits of statusBit) an ability gives for each
// face of its 1 D6, [1] to [6]; [0] holds those it gives without a roll.
type faces [7]uint32

// always: "That Unit acquires the Summoned Status", no roll.
func always(sts ...int) faces {
	var f faces
	f[0] = statusBits(sts)
	return f
}

// ge: "If 1 D6 Roll is greater than or equal to k".
func ge(k int, sts ...int) faces {
	var f faces
	for d := k; d <= 6; d++ {
		f[d] = statusBits(sts)
	}
	return f
}

// eq: "If the Roll is equal to k".
func eq(k int, sts ...int) faces {
	var f faces
	f[k] = statusBits(sts)
	return f
}

// or joins two tables: "If 1 D6 Roll is equal to 6 ... If the Roll is
// equal to 4 or 5 ...".
func (f faces) or(g faces) faces {
	for k := range f {
		f[k] |= g[k]
	}
	return f
}

func statusBits(sts []int) uint32 {
	var b uint32
	for _, st := range sts {
		b |= statusBit(st)
	}
	return b
}

// Reaches: who an ability may target (TD-88).
const (
	reachSight   = iota + 1 // "within its Range Area in Line of Sight"
	reachRange              // "within its Range Area" (no Line of Sight)
	reachNear               // "within N Grid Spaces"
	reachContact            // "in Direct Grid Space contact" (TD-27)
)

// Modes: how many units an ability acts on.
const (
	modeOne  = iota // "target a Unit"
	modeTwo         // "target up to 2 Units": extra is the second + 1 (TD-90)
	modeEach        // "each Unit within ...", "Enemy Units within ...": no target
	modeArea        // "Units in this Unit's Attack Area", "within an Attack Area MF" (TD-91)
)

// statusAb is one ability of the shape: target units in reach, roll 1 D6
// for each (or once for all), give (or take away) the statuses of the
// face rolled.
type statusAb struct {
	n     int
	use   uint8 // useAttack ("R: Attack Pro.") or useCombat ("D: Combat Pha.")
	reach uint8
	near  int   // reachNear: the grid spaces
	enemy bool  // "an Enemy Unit"
	mode  uint8 // modeOne...
	area  string
	they  bool // the units affected roll: "Enemy Units ... must Roll 1 D6"
	once  bool // one roll for every unit: "If 1 D6 Roll ... each Unit ... acquires"
	drop  bool // the statuses are discarded, not acquired (Dispel)
	res   faces
	by    func(s *State, h, t int) *faces // the table by target, in place of res (EEK!)
	then  func(s *State, h, got int, ev *engine.Log)
	verb  string // the event: "<holder>: <Ability>: <verb> <target>"
	why   string // what a legal use is
}

// reaches reports whether piece t is a unit r's holder h may target.
func (r *statusAb) reaches(s *State, h, t int) bool {
	if t == h || !s.alive(t) || (r.enemy && s.allies(h, t)) {
		return false
	}
	switch r.reach {
	case reachSight:
		return s.canSee(h, t)
	case reachRange:
		return s.inRangeArea(h, t)
	case reachNear:
		return s.within(h, t, r.near)
	case reachContact:
		return battlefield.Distance(s.pt(h), s.pt(t)) == 1
	}
	return false
}

// aimed reports whether r's Attack Area is placed on a target: a ranged
// unit's own area, "never directly attached to their Grid Space" (seed 004,
// "Ranged Area of Attack"); a melee area lies from the holder's grid space.
func (r *statusAb) aimed(s *State, h int) bool {
	return r.mode == modeArea && r.area == "" && s.info[s.pieces[h].prof].ranged
}

// areaOf is the Attack Area r acts on and where it lies: the one named, or
// the holder's own; on the target t when aimed.
func (r *statusAb) areaOf(s *State, h, t int) (*battlefield.Area, battlefield.Point) {
	ar := s.area(h)
	if r.area != "" {
		ar = s.g.areas[r.area]
	}
	if t >= 0 {
		return ar, s.pt(t)
	}
	return ar, s.pt(h)
}

// each calls f for each unit r acts on when used on (t, x), in the order
// of the pieces, until f returns false.
func (r *statusAb) each(s *State, h, t, x int, f func(u int) bool) {
	switch r.mode {
	case modeOne:
		f(t)
	case modeTwo:
		if f(t) && x > 0 {
			f(x - 1)
		}
	case modeEach:
		for u := range s.pieces {
			if r.reaches(s, h, u) && !f(u) {
				return
			}
		}
	case modeArea:
		ar, at := r.areaOf(s, h, t)
		fc := s.pieces[h].facing
		for u := range s.pieces {
			if u != h && s.alive(u) && ar.Hit(at, fc, s.pt(u)) && !f(u) {
				return
			}
		}
	}
}

// any reports whether r, used on target t (or -1), acts on some unit.
func (r *statusAb) any(s *State, h, t int) bool {
	found := false
	r.each(s, h, t, 0, func(int) bool {
		found = true
		return false
	})
	return found
}

func (r *statusAb) targets(s *State, h int, c *choices) {
	switch {
	case r.mode == modeOne:
		for t := range s.pieces {
			if r.reaches(s, h, t) {
				c.add(t, 0)
			}
		}
	case r.mode == modeTwo:
		for t := range s.pieces {
			if !r.reaches(s, h, t) {
				continue
			}
			c.add(t, 0)
			for u := t + 1; u < len(s.pieces); u++ {
				if r.reaches(s, h, u) {
					c.add(t, u+1)
				}
			}
		}
	case r.aimed(s, h):
		// The Gorgon's gaze is placed like a Ranged Attack, on an enemy
		// unit in its Range Area and Line of Sight (TD-91).
		for t := range s.pieces {
			if r.reaches(s, h, t) {
				c.add(t, 0)
			}
		}
	default:
		if r.any(s, h, -1) {
			c.add(-1, 0)
		}
	}
}

func (r *statusAb) apply(s *State, h, t, x int, ev *engine.Log) {
	switch {
	case t >= 0 && r.mode == modeTwo && x > 0:
		s.fire(h, r.n, ev, "%s %s and %s", (*strRef)(&r.verb), s.name(t), s.name(x-1))
	case t >= 0:
		s.fire(h, r.n, ev, "%s %s", (*strRef)(&r.verb), s.name(t))
	default:
		s.fire(h, r.n, ev, "%s", (*strRef)(&r.verb))
	}
	roll := 0
	if r.once && r.res[0] == 0 {
		roll = s.rollFor(h, r.n, 6, ev, r.res.need())
	}
	got := 0
	r.each(s, h, t, x, func(u int) bool {
		if s.over {
			return false
		}
		if !s.alive(u) {
			return true // died of what came before (TD-28)
		}
		res := &r.res
		if r.by != nil {
			res = r.by(s, h, u)
		}
		set := res[0]
		if set == 0 {
			d := roll
			switch {
			case r.once:
			case r.they:
				d = s.roll(u, 6, ev, s.g.abLabel(r.n), res.need())
			default:
				d = s.rollFor(h, r.n, 6, ev, res.need())
			}
			set = res[d]
		}
		for st := 0; st < NumStatuses && set != 0; st++ {
			if set&statusBit(st) == 0 {
				continue
			}
			switch {
			case r.drop:
				if s.pieces[u].has(st) {
					s.discard(u, st, ev)
					got++
				}
			case s.inflict(h, r.n, u, st, ev):
				got++
			}
		}
		return true
	})
	if r.then != nil && !s.over {
		r.then(s, h, got, ev)
	}
}

func registerStatusAb(r *statusAb) {
	registerActive(r.n, &activeAbility{use: r.use, why: r.why, targets: r.targets, apply: r.apply, on: r.each}, abilityHooks{})
	ruled(r.n, "TD-87", "TD-88", "TD-89")
}

// Messages for an illegal use.
const (
	whySight      = "targets a living unit within its Range Area in Line of Sight"
	whyEnemySight = "targets a living enemy unit within its Range Area in Line of Sight"
	whyRange      = "targets a living unit within its Range Area"
	whyContact    = "targets a living unit in Direct Grid Space contact"
	whyTwo        = "targets one or two living units (the second as its number + 1) within its Range Area"
)

// statusAbs is the table: one row an ability.
var statusAbs = []*statusAb{
	// 040 Manipulation, "D: Combat Pha.": "This Unit may target an Enemy
	// Unit who is in Direct Grid Space contact with this Unit. If 1 D6 Roll
	// is greater than or equal to 3 the targeted Unit acquires the Silenced
	// Status."
	{n: abManipulation, use: useCombat, reach: reachContact, enemy: true, res: ge(3, Silenced),
		verb: "works on the mind of", why: "Manipulation targets a living enemy unit in Direct Grid Space contact"},
	// 041 Mind's Eye, "D: Combat Pha.": "This Unit may target an enemy Unit
	// within it's Range Area. If 1 D6 Roll is greater than or equal to 5
	// the targeted Unit acquires the Blinded Status."
	{n: abMindsEye, use: useCombat, reach: reachRange, enemy: true, res: ge(5, Blinded),
		verb: "clouds the eyes of", why: "Mind's Eye targets a living enemy unit within its Range Area"},
	// 042 Enchanting, "R: Attack Pro.": "This Unit may target a Unit within
	// 5 Grid Spaces. If 1 D6 Roll is greater than or equal to 4 the Unit
	// acquires the Enchanted Status."
	{n: abEnchanting, use: useAttack, reach: reachNear, near: 5, res: ge(4, Enchanted),
		verb: "enchants", why: "Enchanting targets a living unit within 5 Grid Spaces"},
	// 043 Fit of Laughter, "D: Combat Pha.": "Enemy Units within this
	// Unit's Range Area in Line of Sight must Roll 1 D6. If the result is
	// greater than or equal to 5 the Enemy Unit acquires the Crippled
	// Status. Roll Separately for each Enemy Unit."
	{n: abFitOfLaughter, use: useCombat, reach: reachSight, enemy: true, mode: modeEach, they: true, res: ge(5, Crippled),
		verb: "makes its enemies laugh", why: "Fit of Laughter (no target: ability uN fit-of-laughter -) needs an enemy unit within its Range Area in Line of Sight"},
	// 050 Preservatives, "R: Attack Pro.": "This Unit may target a Unit
	// within it's Range Area in Line of Sight. If 1 D6 Roll is greater than
	// or equal to 4 the targeted Unit acquires the Frozen Status."
	{n: abPreservatives, use: useAttack, reach: reachSight, res: ge(4, Frozen),
		verb: "throws jelly at", why: "Preservatives " + whySight},
	// 052 Black Magic, "R: Attack Pro.": "This Unit may target up to 2
	// Units within it's Range Area in Line of Sight. If 1 D6 Roll is equal
	// to 6 the targeted Unit acquires the Confused Status. If the Roll is
	// equal to 4 or 5 the targeted Unit acquires the Poisoned Status."
	{n: abBlackMagic, use: useAttack, reach: reachSight, mode: modeTwo,
		res:  eq(6, Confused).or(eq(4, Poisoned)).or(eq(5, Poisoned)),
		verb: "casts Black Magic on", why: "Black Magic " + whyTwo + " in Line of Sight"},
	// 054 Summoning Spell, "R: Attack Pro.": "This Unit may target each
	// Unit within it's Range Area. If 1 D6 Roll is greater than or equal to
	// 4 the targeted Unit acquires the Summoned Status." (TD-89: a roll for
	// each unit.)
	{n: abSummoningSpell, use: useAttack, reach: reachRange, mode: modeEach, res: ge(4, Summoned),
		verb: "calls on every unit in its Range Area", why: "Summoning Spell (no target: ability uN summoning-spell -) needs a unit within its Range Area"},
	// 055 Natural Fury, "R: Attack Pro.": "This Unit may target up to 2
	// Units within it's Range Area in Line of Sight. If 1 D6 Roll is equal
	// to 6 the targeted Unit acquires the Frozen Status. If the Roll is
	// equal to 4 or 5 the targeted Unit acquires the Burned Status."
	{n: abNaturalFury, use: useAttack, reach: reachSight, mode: modeTwo,
		res:  eq(6, Frozen).or(eq(4, Burned)).or(eq(5, Burned)),
		verb: "unleashes the elements on", why: "Natural Fury " + whyTwo + " in Line of Sight"},
	// 056 Bio Re-Engineering, "R: Attack Pro.": "This Unit may target up to
	// 2 Units within its Range Area. If 1 D6 Roll is greater than or equal
	// to 4 the targeted Unit acquires the Haste Status."
	{n: abBioReEngineering, use: useAttack, reach: reachRange, mode: modeTwo, res: ge(4, Haste),
		verb: "re-engineers", why: "Bio Re-Engineering " + whyTwo},
	// 074 Sprite Spirit, "R: Attack Pro.": "This Unit may target a Unit
	// within its Range Area. That Unit acquires the Summoned Status."
	{n: abSpriteSpirit, use: useAttack, reach: reachRange, res: always(Summoned),
		verb: "lends its spirit to", why: "Sprite Spirit " + whyRange},
	// 075 Fairy Flame, "R: Attack Pro.": "This Unit may target a Unit
	// within its Range Area. That Unit acquires the Enchanted Status."
	{n: abFairyFlame, use: useAttack, reach: reachRange, res: always(Enchanted),
		verb: "lights a fairy flame on", why: "Fairy Flame " + whyRange},
	// 076 Impish Bulk, "R: Attack Pro.": "This Unit may target a Unit
	// within its Range Area. That Unit acquires the Pumped Status."
	{n: abImpishBulk, use: useAttack, reach: reachRange, res: always(Pumped),
		verb: "bulks up", why: "Impish Bulk " + whyRange},
	// 093 Make Bread, "R: Attack Pro.": "If 1 D6 Roll is greater than or
	// equal to 3 each Unit within this Unit's Attack Area acquires the
	// Crippled Status. If a Unit acquires the Crippled Status as a result
	// of this Ability this Unit may Equip "Giant's Bread."" One roll for
	// all (TD-89); the bread: TD-97.
	{n: abMakeBread, use: useAttack, mode: modeArea, once: true, res: ge(3, Crippled), then: makeBread,
		verb: "grinds the bones of the units in its Attack Area", why: "Make Bread (no target: ability uN make-bread -) needs a unit in its Attack Area"},
	// 106 Lightning Cry, "R: Attack Pro.": "Units within an Attack Area MF
	// acquire the Paralyzed Status if 1 D6 Roll is greater than or equal
	// to 4. Roll separately for each Unit."
	{n: abLightningCry, use: useAttack, mode: modeArea, area: "MF", res: ge(4, Paralyzed),
		verb: "howls lightning over an Attack Area MF", why: "Lightning Cry (no target: ability uN lightning-cry -) needs a unit within the Attack Area MF before it"},
	// 132 Gorgon Gaze, "R: Attack Pro.": "If 1 D6 Roll is greater than or
	// equal to 5, Units in this Units Attack Area acquire the Petrified
	// Status. Roll separately each Unit." The Gorgon's area is ranged: it
	// is placed on an enemy unit in its Range Area in Line of Sight (TD-91).
	{n: abGorgonGaze, use: useAttack, mode: modeArea, reach: reachSight, enemy: true, res: ge(5, Petrified),
		verb: "gazes at the units around", why: "Gorgon Gaze places its Attack Area on a living enemy unit within its Range Area in Line of Sight"},
	// 143 Dispel, "D: Combat Pha.": "This Unit may target a Unit within its
	// Range Area. If 1 D6 Roll is greater than or equal to 4 the targeted
	// Unit discards the Summoned, Enchanted, and Haste Status if
	// applicable."
	{n: abDispel, use: useCombat, reach: reachRange, drop: true, res: ge(4, Summoned, Enchanted, Haste),
		verb: "dispels the magic on", why: "Dispel " + whyRange},
	// 153 Nightmare, "R: Attack Pro.": "This Unit may target an Enemy Unit
	// within its Range Area in Line of Sight. If 1 D6 Roll is greater than
	// or equal to 4 the Enemy Unit acquires the Confused Status."
	{n: abNightmare, use: useAttack, reach: reachSight, enemy: true, res: ge(4, Confused),
		verb: "haunts", why: "Nightmare " + whyEnemySight},
	// 154 CURSE, "R: Attack Pro.": "This Unit may target an Enemy Unit
	// within its Range Area in Line of Sight. If 1 D6 Roll is equal to 5 or
	// 6 the targeted Unit acquires the Poisoned Status. If the Roll is
	// equal to 3 or 4 the targeted Unit acquires the Blinded Status. If the
	// Roll is equal to 2 the targeted Unit acquires the Crippled Status."
	{n: abCURSE, use: useAttack, reach: reachSight, enemy: true,
		res:  ge(5, Poisoned).or(eq(3, Blinded)).or(eq(4, Blinded)).or(eq(2, Crippled)),
		verb: "wails a CURSE at", why: "CURSE " + whyEnemySight},
	// 163 Micro Shine, "R: Attack Pro.": "This Unit may target a Unit in
	// Direct Grid Space contact with this Unit. The targeted Unit acquires
	// the Reflective Status."
	{n: abMicroShine, use: useAttack, reach: reachContact, res: always(Reflective),
		verb: "polishes", why: "Micro Shine " + whyContact},
	// 174 Random Cannon, "R: Attack Pro.": "This Unit may target a Unit
	// within its Range Area in Line of Sight. If 1 D6 Roll is equal to 6
	// the targeted Unit acquires the Dead Status. If the Roll is equal to 5
	// the targeted Unit acquires the Frozen Status. If the Roll is equal to
	// 4 the targeted Unit acquires the Burned Status. If the Roll is equal
	// to 3 the Unit acquires the Poisoned Status."
	{n: abRandomCannon, use: useAttack, reach: reachSight,
		res:  eq(6, Dead).or(eq(5, Frozen)).or(eq(4, Burned)).or(eq(3, Poisoned)),
		verb: "fires its random cannon at", why: "Random Cannon " + whySight},
	// 177 Venom Web, "D: Combat Pha.": "This Unit may target a Unit within
	// its Range Area in Line of Sight. If 1 D6 Roll is greater than or
	// equal to 4 the targeted Unit acquires the Poisoned Status."
	{n: abVenomWeb, use: useCombat, reach: reachSight, res: ge(4, Poisoned),
		verb: "spins a venom web at", why: "Venom Web " + whySight},
	// 178 Acid Web, "D: Combat Pha.": "This Unit may target a Unit within
	// its Range Area in Line of Sight. If 1 D6 Roll is greater than or
	// equal to 4 the targeted Unit acquires the Crippled, Silenced, or
	// Banished Status." Each of the three belongs to one Unit Type: the
	// unit acquires the one its type may have (TD-89).
	{n: abAcidWeb, use: useCombat, reach: reachSight, res: ge(4, Crippled, Silenced, Banished),
		verb: "spins an acid web at", why: "Acid Web " + whySight},
	// 179 EEK!, "R: Attack Pro.": "This Unit may target a Unit in Direct
	// Grid Space contact. If the targeted Unit's Core Strength is lower
	// than this Unit's Core Strength then if 1 D6 Roll is greater than or
	// equal to 3 the targeted Unit acquires the Petrified Status. If the
	// targeted Unit's Core Strength is greater than or equal to this Unit's
	// Core Strength then if 1 D6 Roll is greater than or equal to 5 the
	// targeted Unit acquires the Petrified Status." (TD-98)
	{n: abEek, use: useAttack, reach: reachContact, by: eekFaces,
		verb: "shrieks at", why: "EEK! " + whyContact},
	// 182 Web, "D: Combat Pha.": "This Unit may target a Unit within its
	// Range Area in Line of Sight. If 1 D6 Roll is greater than or equal to
	// 5 the targeted Unit acquires the Frozen Status."
	{n: abWeb, use: useCombat, reach: reachSight, res: ge(5, Frozen),
		verb: "spins a web at", why: "Web " + whySight},
	// 184 Acid Shock, "R: Attack Pro.": "This Unit may target a Unit within
	// its Range Area in Line of Sight. If 1 D6 Roll is greater than or
	// equal to 4 the targeted Unit acquires the Blinded Status."
	{n: abAcidShock, use: useAttack, reach: reachSight, res: ge(4, Blinded),
		verb: "sprays acid at", why: "Acid Shock " + whySight},
	// 198 Weird Cloud Bomb, "R: Attack Pro.": "This Unit may target a Unit
	// within its Range Area in Line of Sight. If 1 D6 Roll is greater than
	// or equal to 2 the targeted Unit acquires the Haste Status. If the
	// Roll is greater than or equal to 4 the Unit acquires the Lucky
	// Status. If the Roll is greater than or equal to 5 the Unit acquires
	// the Poisoned Status." Each "greater than or equal" holds on the
	// higher faces too: a 5 gives all three (TD-89).
	{n: abWeirdCloudBomb, use: useAttack, reach: reachSight,
		res:  ge(2, Haste).or(ge(4, Lucky)).or(ge(5, Poisoned)),
		verb: "throws a weird cloud bomb at", why: "Weird Cloud Bomb " + whySight},
}

// EEK!'s tables: 3 or more against a weaker Core Strength, else 5 or more.
var eekWeak, eekStrong = ge(3, Petrified), ge(5, Petrified)

// eekFaces is EEK!'s table against target t: "Core Strength ... can be
// found by adding up the Strength Ratings from each side (before the effect
// of any items, buffs, etc.)" (seed 004, "Unit Class"; TD-98).
func eekFaces(s *State, h, t int) *faces {
	if s.core(t) < s.core(h) {
		return &eekWeak
	}
	return &eekStrong
}

// core is piece i's Core Strength: the sum of its profile's four printed
// Strength Ratings (a stacked unit's added ones, TD-20).
func (s *State) core(i int) int {
	str := &s.info[s.pieces[i].prof].str
	return int(str[0]) + int(str[1]) + int(str[2]) + int(str[3])
}

// makeBread: "If a Unit acquires the Crippled Status as a result of this
// Ability this Unit may Equip "Giant's Bread."" A new loaf, in an empty
// Expendable slot (TD-97).
func makeBread(s *State, h, got int, ev *engine.Log) {
	p := &s.pieces[h]
	if got == 0 || !s.alive(h) || p.items[slotExpendable] != 0 || s.canHold(h, itemGiantsBread) != nil {
		return
	}
	p.items[slotExpendable] = itemGiantsBread
	s.fire(h, abMakeBread, ev, "bakes a Giant's Bread")
	s.event(ev, "item.equipped", "%s equips the %s", s.name(h), s.g.item(int(itemGiantsBread)))
}

func init() {
	for _, r := range statusAbs {
		registerStatusAb(r)
	}
	ruled(abBlackMagic, "TD-90")
	ruled(abNaturalFury, "TD-90")
	ruled(abBioReEngineering, "TD-90")
	ruled(abMakeBread, "TD-91", "TD-97")
	ruled(abLightningCry, "TD-91")
	ruled(abGorgonGaze, "TD-91")
	ruled(abEek, "TD-98")
	ruled(abDispel, "TD-99")
	for _, n := range []int{abSpriteSpirit, abFairyFlame, abImpishBulk, abMicroShine} {
		ruled(n, "TD-100")
	}

	// 008 Blood Sacrifice, "R: Attack Pro.": "The Player may force an
	// Allied Light Unit within 6 Grid Spaces to acquire the Dead Status and
	// force an Enemy Light Unit within this Unit's Range Area in Line of
	// Sight to acquire the Dead Status." The target is the enemy, the extra
	// the ally + 1; both are chosen, the ally dies first (TD-94).
	registerActive(abBloodSacrifice, &activeAbility{
		use: useAttack,
		why: "Blood Sacrifice targets a living enemy Light unit within its Range Area in Line of Sight, and names (as its number + 1) another living allied Light unit within 6 Grid Spaces to sacrifice",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if !s.alive(t) || s.allies(h, t) || s.info[s.pieces[t].prof].class != 0 || !s.canSee(h, t) {
					continue
				}
				for a := range s.pieces {
					if a != h && s.alive(a) && s.allies(h, a) && s.info[s.pieces[a].prof].class == 0 && s.within(h, a, 6) {
						c.add(t, a+1)
					}
				}
			}
		},
		apply: func(s *State, h, t, x int, ev *engine.Log) {
			a := x - 1
			s.fire(h, abBloodSacrifice, ev, "sacrifices %s to strike down %s", s.name(a), s.name(t))
			s.inflict(h, abBloodSacrifice, a, Dead, ev)
			if !s.over && s.alive(t) {
				s.inflict(h, abBloodSacrifice, t, Dead, ev)
			}
		},
	}, abilityHooks{})
	ruled(abBloodSacrifice, "TD-87", "TD-88", "TD-94")

	// 039 Tricked, "R: Attack Pro.": "This Unit may target an Enemy Unit
	// within it's Range Area in Line of Sight. The targeted Unit must
	// rotate clockwise a number of times equal to 1 D4 roll." (TD-95)
	registerActive(abTricked, &activeAbility{
		use: useAttack,
		why: "Tricked " + whyEnemySight,
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t != h && s.alive(t) && !s.allies(h, t) && s.canSee(h, t) {
					c.add(t, 0)
				}
			}
		},
		apply: func(s *State, h, t, _ int, ev *engine.Log) {
			s.fire(h, abTricked, ev, "tricks %s", s.name(t))
			r := s.rollFor(h, abTricked, 4, ev, decides("how many quarter turns it turns"))
			p := &s.pieces[t]
			f := p.facing.Turn(r)
			if f == p.facing {
				s.event(ev, "face", "%s turns full circle and faces %s again", s.name(t), f)
				return
			}
			s.unlock(t, ev)
			p.facing = f
			s.event(ev, "face", "%s is tricked into facing %s", s.name(t), f)
		},
	}, abilityHooks{})
	ruled(abTricked, "TD-87", "TD-88", "TD-95")

	registerHex()
}

// winChoice is the window of a choice the holder's own player makes in
// the middle of its ability (Hex's second status): it is never opened by
// openWindows, only queued by the ability.
const winChoice = 200

// hexable reports whether Hex may give status st to piece t: "The Player
// may not choose the Dead or Petrified Status", and a Status Card the unit
// may not hold, or holds, is no choice (TD-96).
func (s *State) hexable(t, st int) bool {
	p := &s.pieces[t]
	return st != Dead && st != Petrified && !p.has(st) && s.may(p.utype, st)
}

// 197 Hex, "R: Attack Pro.": "This Unit may target a Unit within its Range
// Area in Line of Sight. If 1 D6 Roll is equal to or greater than 4 the
// targeted Unit acquires a Status Card of this Player's choosing. If the
// Roll is greater than or equal to 5 the targeted Unit acquires another
// Status Card of this Player's choosing. The Player may not choose the Dead
// or Petrified Status." The first status is named with the use (extra: its
// number in the Status Affects, from 1 Paralyzed to 20 Confused); on 5 or
// more the player chooses the second then ("react uN hex S", TD-96).
func registerHex() {
	registerActive(abHex, &activeAbility{
		use: useAttack,
		why: "Hex targets a living unit within its Range Area in Line of Sight and names a status it may acquire (its number in the Status Affects, 1 Paralyzed ... 20 Confused; not Dead or Petrified)",
		targets: func(s *State, h int, c *choices) {
			for t := range s.pieces {
				if t == h || !s.alive(t) || !s.canSee(h, t) {
					continue
				}
				for st := 0; st < NumStatuses; st++ {
					if s.hexable(t, st) {
						c.add(t, st+1)
					}
				}
			}
		},
		apply: func(s *State, h, t, x int, ev *engine.Log) {
			s.fire(h, abHex, ev, "hexes %s (%s)", s.name(t), statusWord(x-1))
			r := s.rollFor(h, abHex, 6, ev, atLeastSays(4, "takes effect (another Status on 5 or more)", "no effect"))
			if r >= 4 {
				s.inflict(h, abHex, t, x-1, ev)
			}
			if r >= 5 && !s.over && s.alive(t) {
				// "another Status Card of this Player's choosing": a
				// decision of the player, now.
				s.pieces[h].ab.aim = int8(t + 1)
				s.windows = append(s.windows, window{holder: int8(h), ab: abHex})
				if !s.nextWindow() {
					s.pieces[h].ab.aim = 0
				}
			}
		},
	}, abilityHooks{
		disengage: func(s *State, h, _ int, _ *engine.Log) {
			s.pieces[h].ab.aim = 0 // a second status passed on
		},
	})
	reactions[abHex] = &reaction{
		window: winChoice,
		why:    "Hex gives the hexed unit another status of its player's choice (its number, 1 Paralyzed ... 20 Confused; not Dead or Petrified)",
		offer: func(s *State, h int, c *choices) {
			t := int(s.pieces[h].ab.aim) - 1
			if t < 0 || !s.alive(t) {
				return
			}
			for st := 0; st < NumStatuses; st++ {
				if s.hexable(t, st) {
					c.add(-1, st+1)
				}
			}
		},
		apply: func(s *State, h, x int, ev *engine.Log) {
			t := int(s.pieces[h].ab.aim) - 1
			s.pieces[h].ab.aim = 0
			if t < 0 || x < 1 || x > NumStatuses {
				return
			}
			s.fire(h, abHex, ev, "chooses a second status for %s (%s)", s.name(t), statusWord(x-1))
			s.inflict(h, abHex, t, x-1, ev)
		},
	}
	ruled(abHex, "TD-87", "TD-88", "TD-96")
}

// need is what a roll on f needs: n or more when the faces from n up give
// statuses and those below none, else the roll picks what it gives.
func (f *faces) need() need {
	lo := 0
	for k := 1; k <= 6; k++ {
		if f[k] != 0 && lo == 0 {
			lo = k
		}
		if f[k] == 0 && lo != 0 {
			return decides("the Statuses it gives")
		}
	}
	if lo == 0 {
		return decides("the Statuses it gives")
	}
	return atLeastSays(lo, "gives its Statuses", "no effect")
}
