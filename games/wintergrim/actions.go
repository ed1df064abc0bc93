package wintergrim

import (
	"fmt"
	"strconv"
	"strings"

	"skald/engine"
)

// Action kinds and their text forms (CARD is a card on the table, such as
// "woodsman#57"; NAME a card's id, such as "net-trap").
const (
	kindRoll      = 1 + iota // "roll": the setup roll
	kindHQ                   // "hq NAME": the HQ searched for
	kindWorker               // "worker NAME": a worker searched for
	kindMark                 // "mark CARD": Assassinate's marked worker/leader
	kindPath                 // "path NAME": Conquer's path put into play at setup
	kindUse                  // "use CARD": a start-phase text
	kindMove                 // "move CARD out|in CARD|to CARD"
	kindSearch               // "search CARD": the Ranger leaves to search the deck
	kindHeal                 // "heal CARD CARD"
	kindExorcise             // "exorcise CARD CARD"
	kindRepair               // "repair CARD CARD"
	kindAttack               // "attack CARD CARD cc|rc|p"
	kindSteal                // "steal CARD CARD": a thief and an item
	kindPlay                 // "play NAME [in CARD|at CARD|on CARD]"
	kindPay                  // "pay NAME": a card removed from hand to pay
	kindPass                 // "pass": no answer, no interception
	kindEnd                  // "end": the turn is over
	kindCapture              // "capture" or "release"
	kindStarve               // "starve CARD": a unit removed for food
	kindVanguard             // "vanguard CARD CARD": a Vanguard unit and a tactic
	kindReplace              // "replace CARD NAME|nothing": the Changeling
	kindIntercept            // "intercept CARD": a Patrol or Protect unit
	kindFind                 // "find NAME": the card a search takes from the deck
	numKindsA
)

var kindWords = [numKindsA]string{"", "roll", "hq", "worker", "mark", "path", "use", "move", "search", "heal",
	"exorcise", "repair", "attack", "steal", "play", "pay", "pass", "end", "capture", "starve", "vanguard", "replace", "intercept", "find"}

// Decision contexts: what the deciding seat is asked.
const (
	ctxOver = iota
	ctxRoll
	ctxSearch
	ctxPay
	ctxCapture
	ctxStarve
	ctxIntercept
	ctxFind
	ctxWindow
	ctxTurn
)

// context returns what is being decided now and by whom.
func (s *State) context() (int, int8) {
	switch s.stage {
	case stOver:
		return ctxOver, -1
	case stRoll:
		return ctxRoll, int8(s.rollers().First())
	case stSearch:
		return ctxSearch, s.searcher()
	}
	switch {
	case s.pay.on:
		return ctxPay, s.pay.seat
	case s.capture.victim >= 0:
		return ctxCapture, s.capture.captor
	case s.finder >= 0:
		return ctxFind, owner(s.finder)
	}
	if st := s.starving(); st >= 0 {
		return ctxStarve, st
	}
	switch {
	case s.atk.on && s.atk.stage == atkIntercept:
		return ctxIntercept, owner(s.atk.target)
	case s.win.on:
		return ctxWindow, int8(s.win.Offered())
	}
	return ctxTurn, s.active
}

// Deciders returns the one seat that must act now, or none when the game
// is over.
func (s *State) Deciders() engine.SeatSet {
	ctx, seat := s.context()
	if ctx == ctxOver || seat < 0 {
		return 0
	}
	return engine.Seats(engine.Seat(seat))
}

// Legal appends seat's legal actions to buf.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	ctx, who := s.context()
	if ctx == ctxOver || int8(seat) != who {
		return buf
	}
	return s.legal(ctx, seat, buf)
}

// legal appends the legal actions of seat, which decides now in context
// ctx (of s.context).
func (s *State) legal(ctx int, seat engine.Seat, buf []engine.Action) []engine.Action {
	me := int8(seat)
	a := engine.Action{Seat: seat}
	switch ctx {
	case ctxRoll:
		a.Kind = kindRoll
		return append(buf, a)
	case ctxSearch:
		return s.legalSearch(me, buf)
	case ctxPay:
		a.Kind = kindPay
		var seen [maxDefs + 6]bool
		for id := int16(me) * DeckSize; id < int16(me+1)*DeckSize; id++ {
			if s.c[id].zone == zHand && !seen[s.c[id].def] {
				seen[s.c[id].def] = true
				a.Arg[0] = int16(s.c[id].def)
				buf = append(buf, a)
			}
		}
		return buf
	case ctxCapture:
		a.Kind = kindCapture
		a.Arg[0] = 1
		buf = append(buf, a)
		a.Arg[0] = 0
		return append(buf, a)
	case ctxStarve:
		a.Kind = kindStarve
		for id := int16(me) * DeckSize; id < int16(me+1)*DeckSize; id++ {
			if s.mayStarve(me, id) {
				a.Arg[0] = id
				buf = append(buf, a)
			}
		}
		return buf
	case ctxIntercept:
		var ids [DeckSize]int16
		a.Kind = kindIntercept
		for _, id := range s.interceptors(ids[:0]) {
			a.Arg[0] = id
			buf = append(buf, a)
		}
		return append(buf, engine.Action{Seat: seat, Kind: kindPass})
	case ctxFind:
		a.Kind = kindFind
		d := s.def(s.finder)
		s.eachDeckDef(me, func(def int) {
			if s.found(d, &s.g.c.Cards[def]) {
				a.Arg[0] = int16(def)
				buf = append(buf, a)
			}
		})
		return buf
	case ctxWindow:
		buf = s.responses(me, buf, false)
		return append(buf, engine.Action{Seat: seat, Kind: kindPass})
	}
	return s.legalTurn(me, buf)
}

// table lists what Legal looks at many times: the areas, the structures
// and the room each structure has left.
type table struct {
	room    [maxCards]int8
	areas   [maxCards]int16
	structs [maxCards]int16
	na, ns  int
	// The active player has a damaged unit, a unit with something on it,
	// a damaged structure: work for Heal, Exorcism, repairs.
	hurt, marked, broken bool
}

func (s *State) table(t *table) {
	for id := int16(0); id < s.n(); id++ {
		c := &s.c[id]
		if c.zone != zPlay {
			continue
		}
		d := s.def(id)
		if d.Area {
			t.areas[t.na] = id
			t.na++
		}
		if d.Type == TypeStructure {
			t.structs[t.ns] = id
			t.ns++
			t.room[id] += d.R
		}
		if c.in >= 0 {
			t.room[c.in] += d.R
		}
		if owner(id) == s.active {
			t.hurt = t.hurt || d.Type == TypeUnit && c.dmg > 0
			t.marked = t.marked || c.flags&fHasOn != 0
			t.broken = t.broken || d.Type == TypeStructure && c.dmg > 0
		}
	}
}

// legalTurn appends the active player's actions in its turn.
func (s *State) legalTurn(me int8, buf []engine.Action) []engine.Action {
	a := engine.Action{Seat: engine.Seat(me)}
	lo, hi := int16(me)*DeckSize, int16(me+1)*DeckSize
	var tab table
	s.table(&tab)
	if s.phase == phStart {
		a.Kind = kindUse
		for id := lo; id < hi; id++ {
			if s.c[id].zone != zPlay || s.c[id].flags&fUsed != 0 {
				continue
			}
			if d := s.def(id); d.Draws && (s.p[me].n == 0 || s.workersInside(id) == 0) || !d.Draws && s.weather != id {
				continue
			}
			if s.canUse(me, id) == nil {
				a.Arg = [4]int16{id}
				buf = append(buf, a)
			}
		}
	}
	if s.phase <= phMove {
		for id := lo; id < hi; id++ {
			if s.c[id].zone != zPlay {
				continue
			}
			d := s.def(id)
			if d.Type == TypeStructure && d.Structure == Ship {
				buf = s.legalMoves(me, id, buf, &tab)
				continue
			}
			if d.Type != TypeUnit || s.stepCode(me, id) != stepOK {
				continue
			}
			buf = s.legalMoves(me, id, buf, &tab)
			buf = s.legalAbilities(me, id, buf, &tab)
		}
	}
	if s.phase <= phAttack {
		for id := lo; id < hi; id++ {
			if !s.attackStepOK(me, id) {
				continue
			}
			k := s.def(id).Weapon.Kind
			if k >= 0 {
				a.Kind = kindAttack
				if area, ok := s.attackFrom(id, k); ok {
					for t := int16(0); t < s.n(); t++ {
						if s.c[t].zone == zPlay && s.c[t].area == area && owner(t) != me && s.def(t).Type <= TypeStructure &&
							s.targetCode(id, t, k) == targetOK && s.canAttack(me, id, t, k) == nil {
							a.Arg = [4]int16{id, t, int16(k)}
							buf = append(buf, a)
						}
					}
				}
			}
			if s.skills(id).Has(Steal) {
				a.Kind = kindSteal
				for t := int16(0); t < s.n(); t++ {
					if s.c[t].zone == zOn && s.def(t).Tactic == Item && owner(s.c[t].area) != me && s.c[s.c[t].area].area == s.c[id].area && s.canSteal(me, id, t) == nil {
						a.Arg = [4]int16{id, t}
						buf = append(buf, a)
					}
				}
			}
		}
	}
	if s.phase <= phEnd {
		buf = s.legalPlays(me, buf, &tab)
	}
	buf = s.legalTactics(me, buf, false, false)
	buf = s.legalReplace(me, buf)
	return append(buf, engine.Action{Seat: engine.Seat(me), Kind: kindEnd})
}

// legalMoves appends the moves of unit or ship id.
func (s *State) legalMoves(me int8, id int16, buf []engine.Action, tab *table) []engine.Action {
	a := engine.Action{Seat: engine.Seat(me), Kind: kindMove}
	c := &s.c[id]
	d := s.def(id)
	if d.Type == TypeStructure && (c.moves > 0 || s.weatherOn() == Windstorm || s.phase > phMove) {
		return buf
	}
	sk := Skill(0)
	if d.Type == TypeUnit {
		sk = s.skills(id)
		if sk.Has(Flying) && s.weatherOn() == Windstorm && s.weathered(id) {
			return buf
		}
	}
	// The tests below are canMove's, on the table (TestLegalIsExact
	// checks that they agree).
	if c.in >= 0 {
		a.Arg = [4]int16{id, moveOut, none}
		buf = append(buf, a)
	}
	if d.Type == TypeUnit {
		for _, t := range tab.structs[:tab.ns] {
			if t == id || s.c[t].area != c.area || t == c.in || int(tab.room[t])+int(d.R) < 0 {
				continue
			}
			if owner(t) != me && (!sk.Has(Intrude) || s.def(t).Structure == Ship) {
				continue
			}
			a.Arg = [4]int16{id, moveIn, t}
			buf = append(buf, a)
		}
	}
	if c.in >= 0 {
		return buf
	}
	for _, t := range tab.areas[:tab.na] {
		if t != c.area && (sk.Has(Flank) && d.Type == TypeUnit || s.route(me, id, c.area, t)) {
			a.Arg = [4]int16{id, moveTo, t}
			buf = append(buf, a)
		}
	}
	return buf
}

// legalAbilities appends the move-step abilities of unit id.
func (s *State) legalAbilities(me int8, id int16, buf []engine.Action, tab *table) []engine.Action {
	a := engine.Action{Seat: engine.Seat(me)}
	d := s.def(id)
	// The cheap tests first: an illegal search's error would allocate.
	if d.Ability == AbSearch && s.c[id].flags&fMarked == 0 && s.canFindAny(me, d) && s.canAbility(me, kindSearch, id, none) == nil {
		a.Kind = kindSearch
		a.Arg = [4]int16{id}
		buf = append(buf, a)
	}
	sk := s.skills(id)
	for _, k := range [...]uint8{kindHeal, kindExorcise, kindRepair} {
		if (k == kindHeal && (!sk.Has(Heal) || !tab.hurt && !tab.marked)) || (k == kindExorcise && (!sk.Has(Exorcism) || !tab.marked)) ||
			(k == kindRepair && (d.Classes&Worker == 0 || !tab.broken)) {
			continue
		}
		a.Kind = k
		for t := int16(me) * DeckSize; t < int16(me+1)*DeckSize; t++ {
			tc := &s.c[t]
			if tc.zone != zPlay || tc.area != s.c[id].area {
				continue
			}
			td := s.def(t)
			switch k {
			case kindHeal:
				if td.Type != TypeUnit || tc.dmg == 0 && !s.hasOn(t, Sickness) {
					continue
				}
			case kindExorcise:
				if td.Type != TypeUnit || !s.hasOn(t, Curse) {
					continue
				}
			case kindRepair:
				if td.Type != TypeStructure || tc.dmg == 0 || td.Structure == Dwelling {
					continue
				}
			}
			if s.canAbility(me, k, id, t) == nil {
				a.Arg = [4]int16{id, t}
				buf = append(buf, a)
			}
		}
	}
	return buf
}

// legalPlays appends the active player's non-tactic plays.
func (s *State) legalPlays(me int8, buf []engine.Action, tab *table) []engine.Action {
	a := engine.Action{Seat: engine.Seat(me), Kind: kindPlay}
	var seen [maxDefs + 6]bool
	hand := s.handSize(me)
	for id := int16(me) * DeckSize; id < int16(me+1)*DeckSize; id++ {
		if s.c[id].zone != zHand || seen[s.c[id].def] {
			continue
		}
		def := int(s.c[id].def)
		seen[def] = true
		d := s.def(id)
		if d.IsTactic() || hand-1 < int(d.Cost) {
			continue
		}
		switch d.Type {
		case TypeUnit:
			for _, t := range tab.structs[:tab.ns] {
				if owner(t) == me && s.placesUnit(s.def(t), d) && int(tab.room[t])+int(d.R) >= 0 &&
					s.reqMet(me, d, s.c[t].area) < 0 && s.canPlay(me, def, t, false, none, false) == nil {
					a.Arg = [4]int16{int16(def), t, none, 0}
					buf = append(buf, a)
				}
			}
			if d.Skills.Has(Emerge) {
				for _, t := range tab.areas[:tab.na] {
					if s.reqMet(me, d, t) < 0 && s.canPlay(me, def, t, true, none, false) == nil {
						a.Arg = [4]int16{int16(def), t, none, 1}
						buf = append(buf, a)
					}
				}
			}
		case TypeStructure:
			if d.Area {
				if s.reqMet(me, d, none) < 0 && s.canPlay(me, def, none, false, none, false) == nil {
					a.Arg = [4]int16{int16(def), none, none, 0}
					buf = append(buf, a)
				}
				continue
			}
			for t := int16(me) * DeckSize; t < int16(me+1)*DeckSize; t++ {
				if s.isArea(t) && s.def(t).Type != TypePath && s.reqMet(me, d, t) < 0 && s.canPlay(me, def, t, true, none, false) == nil {
					a.Arg = [4]int16{int16(def), t, none, 1}
					buf = append(buf, a)
				}
			}
		default:
			if s.reqMet(me, d, none) < 0 && (d.Type != TypeWeather || s.weather < 0 || d.Replaces) && s.canPlay(me, def, none, false, none, false) == nil {
				a.Arg = [4]int16{int16(def), none, none, 0}
				buf = append(buf, a)
			}
		}
	}
	return buf
}

// normalize returns a with the arguments its kind does not use cleared,
// so that an action has one form only.
func normalize(a engine.Action) engine.Action {
	n := a
	switch a.Kind {
	case kindRoll, kindPass, kindEnd:
		n.Arg = [4]int16{}
	case kindHQ, kindWorker, kindMark, kindPath, kindUse, kindPay, kindCapture, kindStarve, kindIntercept, kindSearch, kindFind:
		n.Arg = [4]int16{a.Arg[0]}
	case kindHeal, kindExorcise, kindRepair, kindSteal, kindVanguard, kindReplace:
		n.Arg = [4]int16{a.Arg[0], a.Arg[1]}
	case kindMove:
		n.Arg = [4]int16{a.Arg[0], a.Arg[1], a.Arg[2]}
		if a.Arg[1] == moveOut {
			n.Arg[2] = none
		}
	case kindAttack:
		n.Arg = [4]int16{a.Arg[0], a.Arg[1], a.Arg[2]}
	case kindPlay:
		if a.Arg[3] != 0 {
			n.Arg[3] = 1
		}
	}
	if a.Kind == kindCapture && a.Arg[0] != 0 {
		n.Arg[0] = 1
	}
	// No card ("nothing", a play without a target) has one form too: none.
	for i, x := range n.Arg {
		if x < none {
			n.Arg[i] = none
		}
	}
	return n
}

// check returns why a may not be played now, citing the rule, or nil.
func (s *State) check(a engine.Action) error {
	ctx, who := s.context()
	if ctx == ctxOver {
		return engine.Illegal(ruleModes(s.conf.mode), "the game is over")
	}
	if a.Seat < 0 || int(a.Seat) >= int(s.seats) {
		return engine.Illegal(ruleSetup, "no seat %d in a game of %d", a.Seat, s.seats)
	}
	if a.Kind == 0 || a.Kind >= numKindsA {
		return engine.Illegal(ruleSetup, "unknown action kind %d", a.Kind)
	}
	if normalize(a) != a {
		return engine.Illegal(ruleSetup, "malformed action")
	}
	me := int8(a.Seat)
	if me != who {
		return s.notYours(ctx, who, a)
	}
	x, y := a.Arg[0], a.Arg[1]
	want := func(kinds ...uint8) error {
		for _, k := range kinds {
			if a.Kind == k {
				return nil
			}
		}
		return engine.Illegal(s.ctxRule(ctx), "%s now, not %s", s.ctxText(ctx), kindWords[a.Kind])
	}
	switch ctx {
	case ctxRoll:
		return want(kindRoll)
	case ctxSearch:
		return s.checkSearch(a)
	case ctxPay:
		if err := want(kindPay); err != nil {
			return err
		}
		return s.canPay(me, int(x))
	case ctxCapture:
		return want(kindCapture)
	case ctxFind:
		if err := want(kindFind); err != nil {
			return err
		}
		return s.canFind(me, x)
	case ctxStarve:
		if err := want(kindStarve); err != nil {
			return err
		}
		return s.canStarve(me, x)
	case ctxIntercept:
		if err := want(kindIntercept, kindPass); err != nil {
			return err
		}
		if a.Kind == kindIntercept {
			var ids [DeckSize]int16
			for _, id := range s.interceptors(ids[:0]) {
				if id == x {
					return nil
				}
			}
			return engine.Illegal(ruleSkills, "%s can't take this attack: an outside unit of yours with Patrol (for a structure or inside unit) or Protect (for another outside unit), in the same area", s.ref(x))
		}
		return nil
	case ctxWindow:
		if err := want(kindPlay, kindVanguard, kindReplace, kindPass); err != nil {
			return engine.Illegal(ruleTactics, "it's not your turn: answer with a tactic, or pass")
		}
	}
	switch a.Kind {
	case kindPass:
		if ctx != ctxWindow {
			return engine.Illegal(rulePhases, "nothing to pass: end your turn with end")
		}
		return nil
	case kindUse:
		return s.canUse(me, x)
	case kindMove:
		if y < moveOut || y > moveTo {
			return engine.Illegal(ruleMove, "move out, in STRUCTURE or to AREA")
		}
		_, err := s.canMove(me, x, int(y), a.Arg[2])
		return err
	case kindSearch, kindHeal, kindExorcise, kindRepair:
		return s.canAbility(me, a.Kind, x, y)
	case kindAttack:
		if a.Arg[2] < CC || a.Arg[2] > PS {
			return engine.Illegal(ruleAttack, "attack with cc, rc or p")
		}
		return s.canAttack(me, x, y, int8(a.Arg[2]))
	case kindSteal:
		return s.canSteal(me, x, y)
	case kindPlay:
		return s.canPlay(me, int(x), y, a.Arg[3] == 1, a.Arg[2], ctx == ctxWindow)
	case kindVanguard:
		return s.canVanguard(me, x, y)
	case kindReplace:
		return s.canReplace(me, x, int(y))
	case kindEnd:
		return nil
	}
	return engine.Illegal(s.ctxRule(ctx), "%s now, not %s", s.ctxText(ctx), kindWords[a.Kind])
}

func ruleModes(mode int) string {
	return [...]string{ruleDestroy, ruleAssassinate, ruleConquer, ruleEnslave}[mode]
}

func (s *State) ctxRule(ctx int) string {
	return [...]string{ruleSetup, ruleSetup, ruleSetup, ruleCost, ruleCapture, ruleFood, ruleSkills, ruleExample, ruleTactics, rulePhases}[ctx]
}

func (s *State) ctxText(ctx int) string {
	switch ctx {
	case ctxRoll:
		return "roll for who starts"
	case ctxSearch:
		return "search the deck"
	case ctxPay:
		return fmt.Sprintf("pay for %s: pay NAME (%d more)", s.ref(s.pay.card), s.pay.left)
	case ctxCapture:
		return fmt.Sprintf("capture or release %s", s.ref(s.capture.victim))
	case ctxStarve:
		return fmt.Sprintf("remove units until your food is not negative (F %d): starve UNIT", s.food(s.starving()))
	case ctxIntercept:
		return "choose a unit to take the attack (intercept UNIT), or pass"
	case ctxFind:
		return fmt.Sprintf("take %s from your deck: find NAME", findText(s.def(s.finder)))
	case ctxWindow:
		return "answer with a tactic, or pass"
	}
	return "play your turn"
}

// notYours explains why seat may not act now.
func (s *State) notYours(ctx int, who int8, a engine.Action) error {
	me := seatNames[a.Seat]
	switch ctx {
	case ctxRoll:
		return engine.Illegal(ruleSetup, "%s rolls now", seatNames[who])
	case ctxSearch:
		return engine.Illegal(ruleSetup, "%s searches its deck now (the highest roll searches first)", seatNames[who])
	case ctxTurn:
		if a.Kind == kindPlay && a.Arg[0] >= 0 && int(a.Arg[0]) < len(s.g.c.Cards) && !s.g.c.Cards[a.Arg[0]].IsTactic() {
			return engine.Illegal(ruleTactics, "it's %s's turn: %s may play only tactics when it's not its turn, and only when offered", seatNames[who], me)
		}
		return engine.Illegal(rulePhases, "it's %s's turn, not %s's", seatNames[who], me)
	case ctxWindow:
		return engine.Illegal(ruleTactics, "%s may answer now, not %s", seatNames[who], me)
	}
	return engine.Illegal(s.ctxRule(ctx), "%s must %s first", seatNames[who], s.ctxText(ctx))
}

// Apply plays a, or returns an *engine.IllegalError and changes nothing.
func (s *State) Apply(a engine.Action, ev *engine.Log) error {
	if err := s.check(a); err != nil {
		return err
	}
	s.apply(a, ev)
	return nil
}

// apply plays a, which check has found legal.
func (s *State) apply(a engine.Action, ev *engine.Log) {
	ctx, _ := s.context()
	me := int8(a.Seat)
	x, y := a.Arg[0], a.Arg[1]
	if ctx == ctxTurn && !(a.Kind == kindAttack && x == s.berserk) {
		s.berserk = none // Berserk's new attack comes "directly after"
	}
	switch a.Kind {
	case kindRoll:
		s.applyRoll(me, ev)
	case kindHQ, kindWorker, kindMark, kindPath:
		s.applySearch(a, ev)
	case kindPay:
		s.payWith(me, int(x), ev)
	case kindCapture:
		s.captureOrRelease(x == 1, ev)
	case kindFind:
		s.find(me, x, ev)
	case kindStarve:
		s.starve(x, ev)
	case kindIntercept:
		ev.Add(engine.Everyone, "intercept", "%s's %s#%d takes the attack instead of %s's %s#%d (%s)",
			seatName(owner(x)), s.nameOf(x), x, seatName(owner(s.atk.target)), s.nameOf(s.atk.target), s.atk.target, ruleSkills)
		s.atk.target = x
		s.atk.stage = atkWindow
		s.openWindow(trigAttack, s.active, none, none)
	case kindPass:
		if ctx == ctxIntercept {
			s.atk.stage = atkWindow
			s.openWindow(trigAttack, s.active, none, none)
		} else {
			s.win.Pass(a.Seat) // cannot fail: check let only the seat asked pass
			ev.Add(engine.Everyone, "pass", "%s passes", seatName(me))
		}
	case kindUse:
		s.useStart(x, ev)
	case kindMove:
		flank, _ := s.canMove(me, x, int(y), a.Arg[2])
		s.move(me, x, int(y), a.Arg[2], flank, ev)
	case kindSearch, kindHeal, kindExorcise, kindRepair:
		s.ability(me, a.Kind, x, y, ev)
	case kindAttack:
		s.declare(me, x, y, int8(a.Arg[2]), ev)
	case kindSteal:
		s.steal(x, y, ev)
	case kindPlay:
		s.play(me, int(x), y, a.Arg[3] == 1, a.Arg[2], ev)
	case kindVanguard:
		s.vanguard(me, x, y, ev)
	case kindReplace:
		s.replace(me, x, int(y), ev)
	case kindEnd:
		s.endTurn(ev)
	}
	s.settle(ev)
}

// settle carries the game on until someone must decide: a declared
// attack's defender chooses or the window opens, closed windows play out
// their chains and what they waited for, and the game ends when its mode
// says so.
func (s *State) settle(ev *engine.Log) {
	for n := 0; n < 1000; n++ {
		if s.checkEnd(ev) || s.stage != stPlay {
			return
		}
		if s.pay.on || s.capture.victim >= 0 || s.finder >= 0 || s.starving() >= 0 {
			return
		}
		if s.atk.on && s.atk.stage == atkIntercept {
			var ids [DeckSize]int16
			if len(s.interceptors(ids[:0])) > 0 {
				return
			}
			s.atk.stage = atkWindow
			s.openWindow(trigAttack, s.active, none, none)
		}
		if s.win.on {
			if s.offerWindow() {
				return
			}
			s.win.on = false
			s.cont = s.win.trigger + 1
			s.resolveChain(ev)
			continue
		}
		if s.cont != 0 {
			t := s.cont - 1
			s.cont = 0
			switch {
			case t == trigAttack && s.atk.on:
				s.resolveAttack(ev)
			case t == trigEndTurn:
				s.finishTurn(ev)
			}
			continue
		}
		if s.p[s.active].out {
			s.finishTurn(ev) // a player who lost in its own turn takes no more part in it
			continue
		}
		return
	}
}

// FormatAction returns the stable text form of a.
func (s *State) FormatAction(a engine.Action) string {
	if a.Kind == 0 || a.Kind >= numKindsA {
		return fmt.Sprintf("unknown-%d", a.Kind)
	}
	w := kindWords[a.Kind]
	x, y := a.Arg[0], a.Arg[1]
	switch a.Kind {
	case kindRoll, kindPass, kindEnd:
		return w
	case kindHQ, kindWorker, kindPath, kindPay, kindFind:
		return w + " " + s.defID(x)
	case kindMark, kindUse, kindStarve, kindIntercept, kindSearch:
		return w + " " + s.ref(x)
	case kindMove:
		switch y {
		case moveOut:
			return w + " " + s.ref(x) + " out"
		case moveIn:
			return w + " " + s.ref(x) + " in " + s.ref(a.Arg[2])
		case moveTo:
			return w + " " + s.ref(x) + " to " + s.ref(a.Arg[2])
		}
		return fmt.Sprintf("%s %s mode%d %s", w, s.ref(x), y, s.ref(a.Arg[2]))
	case kindHeal, kindExorcise, kindRepair, kindSteal, kindVanguard:
		return w + " " + s.ref(x) + " " + s.ref(y)
	case kindAttack:
		k := "?"
		if a.Arg[2] >= 0 && a.Arg[2] < numKinds {
			k = kindNames[a.Arg[2]]
		}
		return w + " " + s.ref(x) + " " + s.ref(y) + " " + k
	case kindPlay:
		t := w + " " + s.defID(x)
		if y >= 0 || a.Arg[3] == 1 {
			if a.Arg[3] == 1 {
				t += " at " + s.ref(y)
			} else {
				t += " in " + s.ref(y)
			}
		}
		if a.Arg[2] >= 0 {
			t += " on " + s.ref(a.Arg[2])
		}
		return t
	case kindCapture:
		if x == 1 {
			return "capture"
		}
		return "release"
	case kindReplace:
		if y < 0 {
			return w + " " + s.ref(x) + " nothing"
		}
		return w + " " + s.ref(x) + " " + s.defID(y)
	}
	return w
}

func (s *State) defID(k int16) string {
	if k >= 0 && int(k) < len(s.g.c.Cards) {
		return s.g.c.Cards[k].ID
	}
	return "?" + strconv.Itoa(int(k))
}

// ParseAction parses the text form of one of seat's actions.
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	if seat < 0 || int(seat) >= int(s.seats) {
		return engine.Action{}, fmt.Errorf("no seat %d in a game of %d", seat, s.seats)
	}
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return engine.Action{}, fmt.Errorf("empty action: write one of %s", strings.Join(kindWords[1:], ", "))
	}
	a := engine.Action{Seat: seat}
	k := index(kindWords[1:], f[0])
	if k < 0 {
		if f[0] == "release" {
			k = kindCapture - 1
		} else {
			return engine.Action{}, fmt.Errorf("%q: unknown action %q (%s)", text, f[0], strings.Join(kindWords[1:], ", "))
		}
	}
	a.Kind = uint8(k + 1)
	bad := func(form string) (engine.Action, error) {
		return engine.Action{}, fmt.Errorf("%q: write %s", text, form)
	}
	var err error
	card := func(i int) int16 {
		if err != nil {
			return 0
		}
		var v int16
		v, err = parseRef(f[i])
		return v
	}
	name := func(i int) int16 {
		if err != nil {
			return 0
		}
		d, ok := s.g.c.Card(f[i])
		if !ok {
			err = fmt.Errorf("%q: no card %q", text, f[i])
		}
		return int16(d)
	}
	n := len(f)
	switch a.Kind {
	case kindRoll, kindPass, kindEnd:
		if n != 1 {
			return bad(f[0])
		}
	case kindCapture:
		if n != 1 {
			return bad("capture or release")
		}
		if f[0] == "capture" {
			a.Arg[0] = 1
		}
	case kindHQ, kindWorker, kindPath, kindPay, kindFind:
		if n != 2 {
			return bad(f[0] + " NAME")
		}
		a.Arg[0] = name(1)
	case kindMark, kindUse, kindStarve, kindIntercept, kindSearch:
		if n != 2 {
			return bad(f[0] + " CARD")
		}
		a.Arg[0] = card(1)
	case kindMove:
		switch {
		case n == 3 && f[2] == "out":
			a.Arg = [4]int16{card(1), moveOut, none}
		case n == 4 && f[2] == "in":
			a.Arg = [4]int16{card(1), moveIn, card(3)}
		case n == 4 && f[2] == "to":
			a.Arg = [4]int16{card(1), moveTo, card(3)}
		default:
			return bad("move CARD out, move CARD in STRUCTURE or move CARD to AREA")
		}
	case kindHeal, kindExorcise, kindRepair, kindSteal, kindVanguard:
		if n != 3 {
			return bad(f[0] + " CARD CARD")
		}
		a.Arg[0], a.Arg[1] = card(1), card(2)
	case kindAttack:
		if n != 4 {
			return bad("attack CARD CARD cc|rc|p")
		}
		kd := index(kindNames[:], f[3])
		if kd < 0 {
			return bad("attack CARD CARD cc|rc|p")
		}
		a.Arg = [4]int16{card(1), card(2), int16(kd)}
	case kindPlay:
		a.Arg = [4]int16{0, none, none, 0}
		if n < 2 || n%2 != 0 {
			return bad("play NAME, play NAME in STRUCTURE, play NAME at AREA or play NAME on CARD")
		}
		a.Arg[0] = name(1)
		for i := 2; i+1 < n; i += 2 {
			switch f[i] {
			case "in":
				a.Arg[1], a.Arg[3] = card(i+1), 0
			case "at":
				a.Arg[1], a.Arg[3] = card(i+1), 1
			case "on":
				a.Arg[2] = card(i + 1)
			default:
				return bad("play NAME, play NAME in STRUCTURE, play NAME at AREA or play NAME on CARD")
			}
		}
		if n == 6 && (f[2] == f[4] || (f[2] != "on" && f[4] != "on")) {
			return bad("play NAME [in STRUCTURE|at AREA] [on CARD]")
		}
	case kindReplace:
		if n != 3 {
			return bad("replace CARD NAME or replace CARD nothing")
		}
		a.Arg[0] = card(1)
		if f[2] == "nothing" {
			a.Arg[1] = -1
		} else {
			a.Arg[1] = name(2)
		}
	}
	if err != nil {
		return engine.Action{}, err
	}
	return a, nil
}

// parseRef reads a card reference: "woodsman#57", "#57" or "57".
func parseRef(t string) (int16, error) {
	if i := strings.LastIndexByte(t, '#'); i >= 0 {
		t = t[i+1:]
	}
	v, err := strconv.ParseInt(t, 10, 16)
	if err != nil {
		return 0, fmt.Errorf("%q is not a card on the table (such as woodsman#57)", t)
	}
	return int16(v), nil
}
