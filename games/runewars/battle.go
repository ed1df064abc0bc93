package runewars

import (
	"strings"

	"skald/engine"
	"skald/engine/decide"
)

// battle is the battle being fought (Runewars rules, Battles).
type battle struct {
	on     bool
	area   int8
	att    int8 // the attacker
	def    int8 // the defender, or -1 for neutral units
	ctl    int8 // decides for the neutral units: the attacker's left (Diplomacy)
	siege  bool // Conquer's Supremacy Bonus: +1 strength [D] RW-D8
	phase  uint8
	init   int8      // the initiative step being fought, 1-5
	drawn  [2]uint32 // the unit types that have drawn, per side
	pick   [2]int8   // the type each side draws with in this step: -1 undecided, -2 none
	pool   [2]pool   // damage and routs each side deals in this step
	q      [24]hit
	nq     int8
	cards  [6]int8 // diplomacy: the fate cards drawn
	ncards int8
	loser  int8 // side that lost: 0 attacker, 1 defender
	// Hero Support (Battles 3): the side choosing its supporting heroes,
	// and the fate cards drawn with an extra card, one to discard.
	held  [2][maxSupply + 2]int8
	nheld [2]int8
	drop  uint8 // the sides that still discard a card, a bit each
	// Tactics cards played at its start (Battles 4): strength per side
	bonus [2]int8
	// Commanders (CMD-BAT): damage each side's Commanders took for their
	// troops, and the Commanders who used their card at its start, a bit
	// each
	guarded [2]int8
	led     uint32
}

type pool struct{ dmg, rout int8 }

// Battle phases.
const (
	bDiplomacy  uint8 = iota // fight or parley with neutral units
	bParleyCard              // choose one of the fate cards drawn
	bSteps                   // initiative steps
	bRetreat                 // the loser chooses where to retreat
	bKeep                    // the winning attacker razes or seizes the stronghold
	bSupport                 // a side assigns its heroes (Hero Support)
	bDrop                    // a supported side discards one of the cards drawn
	bHeroes                  // the loser's supporting heroes, alone, retreat into an adjacent area
	bTactics                 // side loser may play Tactics cards, or pass (Battles 4)
)

// hit is one result waiting to be applied in a battle.
type hit struct {
	op     uint8
	side   int8 // the side whose units it acts on
	n      int8
	unit   int8  // hSacrifice: the type sacrificed
	shapes uint8 // hDestroy: the shapes it may destroy
}

// Hit operations.
const (
	hDamage    uint8 = iota // n damage, assigned by the side's owner (Battles 5c)
	hRout                   // n routs, assigned by the side's owner
	hPoolDmg                // the opposite side's damage pool, becoming hDamage
	hPoolRout               // the opposite side's rout pool, becoming hRout
	hAimed                  // n damage on one unit the opposite side chooses
	hDestroy                // destroy one standing unit of a shape; the opposite side chooses
	hStand                  // stand up n routed units of the side
	hSacrifice              // the side may sacrifice a unit of type unit for n damage
)

// sideOf returns the battle side of figure f: 0 attacker, 1 defender.
func (b *battle) sideOf(f *fig) int8 {
	if f.owner == b.att {
		return 0
	}
	return 1
}

// chooser returns the seat that decides for side: the attacker, the
// defender, or the attacker's left for neutral units (Diplomacy).
func (b *battle) chooser(side int8) int8 {
	if side == 0 {
		return b.att
	}
	if b.def >= 0 {
		return b.def
	}
	return b.ctl
}

// startBattle begins a battle in area a, attacked by seat: against
// neutral units allied to no one the attacker first chooses to fight or
// to parley (Runewars rules, Battles; Diplomacy).
func (s *State) startBattle(seat int8, a int, l *engine.Log) {
	def := int8(-1)
	neutrals := false
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if int(f.area) != a || f.owner == seat {
			continue
		}
		if f.owner >= 0 {
			def = f.owner
		} else {
			neutrals = true
		}
	}
	if def < 0 && s.keeps[a].owner >= 0 && s.keeps[a].owner != seat {
		def = s.keeps[a].owner
	}
	s.bat = battle{on: true, area: int8(a), att: seat, def: def, siege: s.ord.sup && s.ord.value == oConquer,
		ctl: int8(decide.Left(engine.Seat(seat), int(s.n))), init: 1, pick: [2]int8{-1, -1}}
	s.touch()
	if def < 0 && neutrals {
		s.bat.phase = bDiplomacy
		return
	}
	s.fight(l)
}

// fight sets the battle up: the battle's figures are the attacker's and
// the defender's standing units in the area; routed units take no part
// (Battles 1-2).
func (s *State) fight(l *engine.Log) {
	b := &s.bat
	b.phase = bSupport
	b.loser = 0 // here: the side assigning its heroes, the attacker first
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if int(f.area) == int(b.area) && !f.routed {
			f.battle = true
		}
	}
	l.Add(engine.Everyone, "battle", "Battle in %s: %s attacks %s", &s.c.Areas[b.area],
		s.fac(b.att), s.side(1))
}

// sideName names a battle side.
func (s *State) sideName(side int8) string {
	if side == 0 {
		return s.g.SeatName(engine.Seat(s.bat.att))
	}
	if s.bat.def < 0 {
		return "the neutral units"
	}
	return s.g.SeatName(engine.Seat(s.bat.def))
}

// drawFate draws the top fate card; an empty deck is made again from the
// discards (Limits 1).
func (s *State) drawFate() int {
	if s.nfate == 0 {
		copy(s.fate[:], s.fateOut[:s.nout])
		s.nfate, s.nout = s.nout, 0
		s.shuffleFate()
	}
	if s.nfate == 0 {
		return -1
	}
	c := s.fate[0]
	copy(s.fate[:s.nfate], s.fate[1:s.nfate])
	s.nfate--
	return int(c)
}

func (s *State) discardFate(c int) {
	if c >= 0 && int(s.nout) < fateCards {
		s.fateOut[s.nout] = int8(c)
		s.nout++
	}
}

// parley spends n Influence to draw n fate cards, of which the attacker
// keeps one (Diplomacy 1-3).
func (s *State) parley(n int, l *engine.Log) {
	b := &s.bat
	s.players[b.att].influence -= int16(n)
	b.ncards = 0
	for i := 0; i < n; i++ {
		c := s.drawFate()
		if c < 0 {
			break
		}
		b.cards[b.ncards] = int8(c)
		b.ncards++
	}
	l.Add(engine.Everyone, "parley", "%s spends %d Influence and draws %s", s.fac(b.att), n, (*parleyText)(s))
	b.phase = bParleyCard
}

// chooseParley applies the destiny of the fate card chosen: success makes
// the neutral units allies, neutral sends them away, failure means a
// battle (Diplomacy 3; reference §2.7).
func (s *State) chooseParley(card int, l *engine.Log) {
	b := &s.bat
	for i := 0; i < int(b.ncards); i++ {
		s.discardFate(int(b.cards[i]))
	}
	b.ncards = 0
	d := s.c.Fate[card].Destiny
	l.Add(engine.Everyone, "parley", "%s chooses card %d: %s", s.fac(b.att), s.c.Fate[card].ID, d)
	a := int(b.area)
	switch d {
	case Success:
		for i := 0; i < int(s.nfigs); i++ {
			if f := &s.figs[i]; int(f.area) == a && f.owner < 0 {
				f.owner = b.att
				s.touch()
			}
		}
		s.endBattle(l)
		s.limitArea(b.att, a)
	case Neutral:
		b.loser = 1
		s.retreatStart(l)
	default:
		s.fight(l)
	}
}

// battleStep runs the battle until someone must decide; it reports
// whether the battle is waiting for a decision.
func (s *State) battleStep(l *engine.Log) (waiting bool) {
	b := &s.bat
	for b.on {
		switch b.phase {
		case bDiplomacy, bParleyCard, bRetreat, bKeep, bDrop, bHeroes, bTactics:
			return true
		case bSupport:
			if s.supportAuto() {
				continue
			}
			return true
		}
		if b.nq > 0 {
			if !s.hitAuto(l) {
				return true
			}
			continue
		}
		if b.init > maxInit {
			s.strength(l)
			continue
		}
		for side := int8(0); side < 2; side++ {
			if b.pick[side] != -1 {
				continue
			}
			types := s.undrawn(side)
			switch types.count() {
			case 0:
				b.pick[side] = -2
			case 1:
				b.pick[side] = int8(types.first())
			default:
				return true
			}
		}
		if b.pick[0] == -2 && b.pick[1] == -2 {
			b.init++
			b.pick = [2]int8{-1, -1}
			continue
		}
		s.drawStep(l)
	}
	return false
}

// typeSet is a set of unit types.
type typeSet uint32

func (t typeSet) has(u int) bool     { return t&(1<<uint(u)) != 0 }
func (t typeSet) with(u int) typeSet { return t | 1<<uint(u) }
func (t typeSet) count() int {
	n := 0
	for x := t; x != 0; x &= x - 1 {
		n++
	}
	return n
}
func (t typeSet) first() int {
	for u := 0; u < 32; u++ {
		if t.has(u) {
			return u
		}
	}
	return -1
}

// undrawn returns the types of side with standing units in the battle at
// the current initiative that have not drawn yet (Battles 5a).
func (s *State) undrawn(side int8) typeSet {
	b := &s.bat
	var out typeSet
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if !f.battle || f.routed || b.sideOf(f) != side {
			continue
		}
		u := int(f.typ)
		if s.c.Units[u].Initiative == int(b.init) && b.drawn[side]&(1<<uint(u)) == 0 {
			out = out.with(u)
		}
	}
	return out
}

// standing counts side's standing battle units of type u.
func (s *State) standing(side int8, u int) int {
	n := 0
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if f.battle && !f.routed && int(f.typ) == u && s.bat.sideOf(f) == side {
			n++
		}
	}
	return n
}

// drawStep draws for the types picked, one fate card per standing unit
// and one more for a type a hero supports, of which its owner discards
// one (Battles 3, 5a); then tallyStep reads them.
func (s *State) drawStep(l *engine.Log) {
	b := &s.bat
	for side := int8(0); side < 2; side++ {
		b.nheld[side] = 0
		u := int(b.pick[side])
		if u < 0 {
			continue
		}
		b.drawn[side] |= 1 << uint(u)
		n := s.standing(side, u)
		if s.supporter(side, u) >= 0 && n > 0 {
			n++
			b.drop |= 1 << uint(side)
		}
		for i := 0; i < n && int(b.nheld[side]) < len(b.held[side]); i++ {
			c := s.drawFate()
			if c < 0 {
				break
			}
			b.held[side][b.nheld[side]] = int8(c)
			b.nheld[side]++
		}
		if b.nheld[side] == 0 {
			b.drop &^= 1 << uint(side)
		}
	}
	if b.drop != 0 {
		b.phase = bDrop
		return
	}
	s.tallyStep(l)
}

// dropCard discards fate card c from the cards the supported side drew
// (Battles 3: one extra card, then discard one).
func (s *State) dropCard(c int, l *engine.Log) {
	b := &s.bat
	side := int8(0)
	if b.drop&1 == 0 {
		side = 1
	}
	h := &b.held[side]
	for i := 0; i < int(b.nheld[side]); i++ {
		if int(h[i]) == c {
			copy(h[i:b.nheld[side]], h[i+1:b.nheld[side]])
			b.nheld[side]--
			break
		}
	}
	s.discardFate(c)
	l.Add(engine.Everyone, "support", "%s discards card %d (Hero Support)", s.side(side), s.c.Fate[c].ID)
	b.drop &^= 1 << uint(side)
	if b.drop == 0 {
		b.phase = bSteps
		s.tallyStep(l)
	}
}

// tallyStep reads the cards held for the types picked, in the section of
// the type's shape; specials resolve first, the attacker's then the
// defender's, then routs and damage, which are simultaneous (Battles
// 5a-5c).
func (s *State) tallyStep(l *engine.Log) {
	b := &s.bat
	var specials [2]int
	for side := int8(0); side < 2; side++ {
		u := int(b.pick[side])
		if u < 0 {
			continue
		}
		ut := &s.c.Units[u]
		n := s.standing(side, u)
		s.ndrawn, s.drawnShape = 0, ut.Shape
		for i := 0; i < int(b.nheld[side]); i++ {
			c := int(b.held[side][i])
			if int(s.ndrawn) < len(s.drawnCards) {
				s.drawnCards[s.ndrawn] = int8(c)
				s.ndrawn++
			}
			sec := s.c.Fate[c].Sections[ut.Shape]
			switch sec.Result {
			case Damage:
				b.pool[side].dmg += sec.N
			case Rout:
				b.pool[side].rout += sec.N
			case Special:
				specials[side]++
			}
			s.discardFate(c)
		}
		b.nheld[side] = 0
		l.Add(engine.Everyone, "fate", "%s %d %s (initiative %d, %s) draw: %s", s.owned(side), n, pluralOf(ut, n),
			ut.Initiative, ut.Shape, (*drawnText)(s))
	}
	for side := int8(0); side < 2; side++ {
		for k := 0; k < specials[side]; k++ {
			s.special(side, int(b.pick[side]), l)
		}
	}
	s.queueHit(hit{op: hPoolRout, side: 1})
	s.queueHit(hit{op: hPoolDmg, side: 1})
	s.queueHit(hit{op: hPoolRout, side: 0})
	s.queueHit(hit{op: hPoolDmg, side: 0})
	b.pick = [2]int8{-1, -1}
}

func plural(name string, n int) string {
	if n == 1 {
		return name
	}
	if strings.HasSuffix(name, "man") {
		return name[:len(name)-3] + "men"
	}
	if strings.HasSuffix(name, "ss") {
		return name + "es"
	}
	return name + "s"
}

func (s *State) queueHit(h hit) {
	b := &s.bat
	if int(b.nq) < len(b.q) {
		b.q[b.nq] = h
		b.nq++
	}
}

// special resolves one special symbol drawn for side's unit type u: its
// ability (units.yaml), if the units it needs still stand.
func (s *State) special(side int8, u int, l *engine.Log) {
	b := &s.bat
	ab := &s.c.Units[u].Ability
	if ab.Standing > 0 && s.standing(side, u) < ab.Standing {
		l.Add(engine.Everyone, "ability", "%s: %s needs %d standing %s and has no effect", s.side(side), ab, ab.Standing, pluralOf(&s.c.Units[u], 2))
		return
	}
	l.Add(engine.Everyone, "ability", "%s: %s (%s)", s.side(side), ab, (*abilityText)(ab))
	opp := 1 - side
	switch ab.Kind {
	case EffDamage:
		b.pool[side].dmg += int8(ab.N)
	case EffRout:
		b.pool[side].rout += int8(ab.N)
	case EffAimed:
		s.queueHit(hit{op: hAimed, side: opp, n: int8(ab.N)})
	case EffDestroy:
		var m uint8
		for sh, ok := range ab.Shapes {
			if ok {
				m |= 1 << uint(sh)
			}
		}
		s.queueHit(hit{op: hDestroy, side: opp, n: 1, shapes: m})
	case EffStand:
		s.queueHit(hit{op: hStand, side: side, n: int8(ab.N)})
	case EffRaise:
		owner := b.att
		if side == 1 {
			owner = b.def
		}
		for i := 0; i < ab.N && s.onBoard(ab.Unit, owner) < s.supplyOf(ab.Unit, owner); i++ {
			if f := s.addFig(ab.Unit, owner, int(b.area)); f >= 0 {
				s.figs[f].battle = true
			}
		}
	case EffSacrifice:
		s.queueHit(hit{op: hSacrifice, side: side, n: int8(ab.N), unit: int8(u)})
	}
}

// unit classes for assigning results, best first.
const (
	clStandingDamaged = iota
	clStandingFresh
	clRoutedDamaged
	clRoutedFresh
)

func figClass(f *fig) int {
	switch {
	case !f.routed && f.dmg > 0:
		return clStandingDamaged
	case !f.routed:
		return clStandingFresh
	case f.dmg > 0:
		return clRoutedDamaged
	}
	return clRoutedFresh
}

// eligible returns the unit types the head hit may fall on and, for
// damage and routs, the class of unit within each type it must take
// (Battles 5c: routs on undamaged units if possible; damage on standing
// units if possible, already damaged first; RW-R10).
func (s *State) eligible(h *hit) (types typeSet, class int) {
	b := &s.bat
	var byClass [4]typeSet
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if !f.battle || b.sideOf(f) != h.side {
			continue
		}
		u := int(f.typ)
		c := figClass(f)
		switch h.op {
		case hDamage:
			byClass[c] = byClass[c].with(u)
		case hRout:
			if c == clStandingFresh {
				byClass[0] = byClass[0].with(u)
			} else if c == clStandingDamaged {
				byClass[1] = byClass[1].with(u)
			}
		case hAimed:
			byClass[0] = byClass[0].with(u)
		case hDestroy:
			if !f.routed && h.shapes&(1<<uint(s.c.Units[u].Shape)) != 0 {
				byClass[0] = byClass[0].with(u)
			}
		case hStand:
			if f.routed {
				byClass[0] = byClass[0].with(u)
			}
		case hSacrifice:
			if !f.routed && u == int(h.unit) {
				byClass[0] = byClass[0].with(u)
			}
		}
	}
	for c, t := range byClass {
		if t != 0 {
			if h.op == hRout {
				// Map the rout classes back onto figure classes.
				return t, []int{clStandingFresh, clStandingDamaged}[c]
			}
			if h.op != hDamage {
				return t, -1
			}
			return t, c
		}
	}
	return 0, -1
}

// hitAuto applies the head hit where no one has a choice; it reports
// whether it made progress.
func (s *State) hitAuto(l *engine.Log) bool {
	b := &s.bat
	h := &b.q[0]
	switch h.op {
	case hPoolDmg, hPoolRout:
		opp := 1 - h.side
		if h.op == hPoolDmg {
			h.op, h.n = hDamage, b.pool[opp].dmg
			b.pool[opp].dmg = 0
		} else {
			h.op, h.n = hRout, b.pool[opp].rout
			b.pool[opp].rout = 0
		}
		if h.n == 0 {
			s.popHit()
		}
		return true
	}
	types, _ := s.eligible(h)
	if types == 0 || h.n <= 0 {
		s.popHit()
		return true
	}
	if h.op == hSacrifice || types.count() > 1 || h.op == hDamage && s.guardian(h.side) >= 0 {
		return false
	}
	s.applyHit(types.first(), l)
	return true
}

func (s *State) popHit() {
	b := &s.bat
	copy(b.q[:b.nq], b.q[1:b.nq])
	b.nq--
}

// hitChooser returns the seat that decides the head hit.
func (s *State) hitChooser() int8 {
	b := &s.bat
	h := &b.q[0]
	switch h.op {
	case hAimed, hDestroy:
		return b.chooser(1 - h.side)
	}
	return b.chooser(h.side)
}

// applyHit applies one unit's worth of the head hit to a unit of type u.
func (s *State) applyHit(u int, l *engine.Log) {
	b := &s.bat
	h := &b.q[0]
	_, class := s.eligible(h)
	best := -1
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if !f.battle || int(f.typ) != u || b.sideOf(f) != h.side {
			continue
		}
		c := figClass(f)
		switch h.op {
		case hDamage, hRout:
			if c != class {
				continue
			}
		case hDestroy, hSacrifice:
			if f.routed {
				continue
			}
		case hStand:
			if !f.routed {
				continue
			}
		}
		if best < 0 || figClass(f) < figClass(&s.figs[best]) {
			best = i
		}
	}
	if best < 0 {
		s.popHit()
		return
	}
	f := &s.figs[best]
	ut := &s.c.Units[u]
	who, whose := s.side(h.side), s.owned(h.side)
	switch h.op {
	case hDamage, hAimed:
		dmg := int8(1)
		if h.op == hAimed {
			dmg = h.n
			h.n = 1
		}
		f.dmg += dmg
		if int(f.dmg) >= ut.Health {
			l.Add(engine.Everyone, "destroyed", "%s %s is destroyed", whose, ut)
			s.kill(best)
		} else {
			l.Add(engine.Everyone, "damage", "%s %s takes %d damage", whose, ut, dmg)
		}
	case hRout:
		f.routed = true
		l.Add(engine.Everyone, "rout", "%s %s is routed", whose, ut)
	case hDestroy:
		l.Add(engine.Everyone, "destroyed", "%s %s is destroyed", whose, ut)
		s.kill(best)
	case hStand:
		f.routed = false
		l.Add(engine.Everyone, "stand", "%s %s stands up", whose, ut)
	case hSacrifice:
		l.Add(engine.Everyone, "destroyed", "%s sacrifices %s for %d damage", who, (*aUnit)(ut), h.n)
		s.kill(best)
		b.pool[h.side].dmg += h.n
		h.n = 1
	}
	h.n--
	if h.n <= 0 {
		s.popHit()
	}
}

// strength counts each side's strength once every step is fought: its
// standing units, its hexagonal units even when routed, the defender's
// stronghold and its development; standing attackers damage the
// stronghold (Battles 5'); the higher strength wins, the defender wins
// ties (Battles 6).
func (s *State) strength(l *engine.Log) {
	b := &s.bat
	var str [2]int
	var stand [2]int
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if !f.battle {
			continue
		}
		side := b.sideOf(f)
		if !f.routed {
			str[side]++
			stand[side]++
		} else if s.c.Units[f.typ].Shape == Hexagon {
			str[side]++
		}
	}
	if b.siege {
		str[0]++
	}
	str[0] += s.titleBonus(b.att, TpAttack) + int(b.bonus[0]) // [D] RW-D13, RW-D14
	str[1] += int(b.bonus[1])
	str[1] += s.titleBonus(b.def, TpDefend)
	str[0] += s.cmdBonus(0) // CMD-BAT (checklist 128)
	str[1] += s.cmdBonus(1)
	k := &s.keeps[b.area]
	if b.def >= 0 && k.owner == b.def {
		str[1] += keepStrength(*k)
		if stand[0] > 0 {
			k.damaged = true
		}
	}
	b.loser = 1
	if str[0] <= str[1] {
		b.loser = 0
	}
	l.Add(engine.Everyone, "strength", "Strength: %s %d, %s %d; %s %s", s.side(0), str[0], s.side(1), str[1], s.side(1-b.loser), s.verb(1-b.loser, &wordWins, &wordWin))
	s.retreatStart(l)
}

// keepStrength is a stronghold's strength: 2, 1 once damaged, and 1 more
// with a development [D] RW-D6.
func keepStrength(k keep) int {
	n := 2
	if k.damaged {
		n = 1
	}
	if k.dev {
		n++
	}
	if k.capital {
		n++ // [D] RW-D18: a Capital, always undamaged, 3 (4 developed)
	}
	return n
}

// retreatStart destroys the loser's routed units in the area and has his
// standing units retreat (Battles 6, 6a; Retreat).
func (s *State) retreatStart(l *engine.Log) {
	b := &s.bat
	a := int(b.area)
	n := 0
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if int(f.area) != a || s.sideOfArea(f) != b.loser {
			continue
		}
		if f.routed {
			l.Add(engine.Everyone, "destroyed", "%s routed %s is destroyed", s.owned(b.loser), &s.c.Units[f.typ])
			s.kill(i)
			continue
		}
		n++
	}
	if n == 0 {
		s.heroesAlone(l)
		return
	}
	to := s.retreatAreas()
	switch to.len() {
	case 0:
		for i := 0; i < int(s.nfigs); i++ {
			if f := &s.figs[i]; int(f.area) == a && s.sideOfArea(f) == b.loser {
				s.kill(i)
			}
		}
		l.Add(engine.Everyone, "destroyed", "%s %s nowhere to retreat: %d units are destroyed", s.side(b.loser), s.verb(b.loser, &wordHas, &wordHave), n)
		s.heroesAlone(l)
	case 1:
		s.retreat(firstArea(to), l)
	default:
		b.phase = bRetreat
	}
}

func firstArea(s areaSet) int {
	for a := 0; a < maxAreas; a++ {
		if s.has(a) {
			return a
		}
	}
	return -1
}

// sideOfArea is the battle side of a figure in the battle's area, whether
// or not it took part.
func (s *State) sideOfArea(f *fig) int8 { return s.bat.sideOf(f) }

// retreatAreas returns where the loser may retreat: one adjacent area,
// friendly or empty for a player, controlled by no player for neutral
// units, which every retreating unit can cross into (Retreat; RW-R11).
func (s *State) retreatAreas() areaSet {
	b := &s.bat
	a := int(b.area)
	seat := b.att
	if b.loser == 1 {
		seat = b.def
	}
	allFly := true
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if int(f.area) == a && s.sideOfArea(f) == b.loser && !s.c.Units[f.typ].Flying {
			allFly = false
		}
	}
	cen := s.take(seat)
	var out areaSet
	s.steps(a, allFly).each(func(o int) {
		if seat < 0 {
			if cen.ctl[o] < 0 {
				out = out.with(o)
			}
			return
		}
		if !cen.occupied.has(o) || cen.ctl[o] == seat && !cen.neutral.has(o) {
			out = out.with(o)
		}
	})
	return out
}

// retreat moves the loser's units to area to, routed; no more than 8
// units may stay there, the rest are destroyed (Retreat).
func (s *State) retreat(to int, l *engine.Log) {
	b := &s.bat
	a := int(b.area)
	seat := b.att
	if b.loser == 1 {
		seat = b.def
	}
	n := 0
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if int(f.area) == a && s.sideOfArea(f) == b.loser {
			f.area = int8(to)
			s.touch()
			f.routed = true
			f.battle = false
			f.dmg = 0
			n++
		}
	}
	l.Add(engine.Everyone, "retreat", "%s %s %d units to %s, routed", s.side(b.loser), s.verb(b.loser, &wordRetreats, &wordRetreat), n, &s.c.Areas[to])
	s.heroesRetreat(to, l)
	s.afterRetreat(l)
	s.limitArea(seat, to)
}

// limitArea queues the removal of owner's units beyond 8 in area a
// (Limits 2; Retreat).
func (s *State) limitArea(owner int8, a int) {
	n := 0
	for i := 0; i < int(s.nfigs); i++ {
		if f := &s.figs[i]; int(f.area) == a && f.owner == owner {
			n++
		}
	}
	if n > unitLimit {
		if owner < 0 {
			// Neutral units: the excess goes, the last ones first.
			for i := int(s.nfigs) - 1; i >= 0 && n > unitLimit; i-- {
				if f := &s.figs[i]; int(f.area) == a && f.owner < 0 {
					s.kill(i)
					n--
				}
			}
			return
		}
		s.push(choice{kind: chLose, seat: owner, n: int8(n - unitLimit), area: int8(a)})
	}
}

// afterRetreat lets the winning attacker take or raze the stronghold.
func (s *State) afterRetreat(l *engine.Log) {
	b := &s.bat
	k := s.keeps[b.area]
	if b.loser == 1 && b.def >= 0 && k.owner == b.def {
		b.phase = bKeep
		return
	}
	s.endBattle(l)
}

// raze destroys the stronghold won, or seize replaces it with one of the
// attacker's, damaged side up, taken from another area when his supply is
// empty (Battles 6b).
func (s *State) raze(seize bool, from int, l *engine.Log) {
	b := &s.bat
	a := int(b.area)
	s.lostCapital(a) // DEV-CAP: its owner may rebuild it
	if !seize {
		s.keeps[a] = keep{owner: -1}
		l.Add(engine.Everyone, "stronghold", "%s razes the stronghold in %s", s.side(0), &s.c.Areas[a])
	} else {
		if from >= 0 {
			s.keeps[from] = keep{owner: -1}
		}
		s.keeps[a] = keep{owner: b.att, damaged: true}
		l.Add(engine.Everyone, "stronghold", "%s seizes the stronghold in %s, damaged side up", s.side(0), &s.c.Areas[a])
	}
	s.touch()
	att := b.att
	s.endBattle(l)
	s.objectiveEvent(att, OgSiege, l) // a battle won against a stronghold (RW-D12)
}

// keepsOf counts seat's strongholds on the board.
func (s *State) keepsOf(seat int8) int {
	n := 0
	for a := range s.keeps {
		if s.keeps[a].owner == seat {
			n++
		}
	}
	return n
}

// endBattle clears the damage from every unit and the battle's marks
// (Battles 6d-6e).
func (s *State) endBattle(l *engine.Log) {
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		f.battle = false
		f.dmg = 0
	}
	for h := range s.c.Heroes {
		s.heroes[h].support = 0
	}
	s.bat = battle{}
	s.touch()
	s.learnRunes()
}
