package wintergrim

import (
	"skald/engine"
)

// Tactics (seed 000, "Tactic"): "A player may play tactic cards any turn
// except when dices are rolling ... If two or more tactics are played at
// the same time ("If you play that tactic, then I'm going to play this
// tactic") then those tactics are played out at the same time." The
// players other than the one who acted are offered a reaction window
// after each move step, after an attack is declared (before its dice),
// after each tactic and when a turn ends; a player is asked only when it
// has something to play (WG-6). Tactics played in one window form a chain
// that is played out together when every other player has passed (WG-7).
// The window is the shared decide.Window, opened after the action
// (OpenAfter) for the players still in; an answer lets the others answer
// it (Answer); a player with nothing to play passes without being asked.

// openWindow opens a reaction window after actor's action: the other
// players still in are asked in seat order after actor, and actor only
// once another has answered (WG-6). Who is asked is found when the game
// has settled (offerWindow).
func (s *State) openWindow(trigger uint8, actor int8, moved, from int16) {
	s.win = window{on: true, trigger: trigger, moved: moved, from: from}
	if err := s.win.OpenAfter(int(s.seats), engine.Seat(actor), s.alive()); err != nil {
		panic("wintergrim: opening a reaction window: " + err.Error()) // actor is a seat of the match
	}
}

// answered lets the others answer seat's answer in the open window (a
// tactic, Vanguard, a Changeling's removal): every other player still in
// is asked again, in seat order after seat, and seat only once another has
// answered it (WG-6, WG-7).
func (s *State) answered(seat int8) {
	if err := s.win.Answer(engine.Seat(seat)); err != nil {
		panic("wintergrim: an answer in the reaction window: " + err.Error()) // Apply lets only the seat asked answer
	}
}

// offerWindow finds the player to ask in the open window, in seat order
// after the last to answer: a player who is out leaves the window, and one
// with nothing to play passes without being asked (WG-6: "asks only a
// player who has something it could play"). It reports false when the
// window has closed: every player still in has passed since the last
// answer.
func (s *State) offerWindow() bool {
	w := &s.win
	for !w.Closed() {
		seat := w.Offered()
		switch {
		case s.p[seat].out:
			w.Leave(seat)
		case s.hasResponse(int8(seat)):
			return true
		default:
			w.Pass(seat) // cannot fail: seat is the one offered
		}
	}
	return false
}

// hasResponse reports whether seat has anything to play in the window.
func (s *State) hasResponse(seat int8) bool {
	var arr [48]engine.Action
	return len(s.responses(seat, arr[:0], true)) > 0
}

// responses appends what seat may play in the open window: tactics,
// Vanguard, a Changeling's removal. With first, it stops at the first.
func (s *State) responses(seat int8, buf []engine.Action, first bool) []engine.Action {
	n := len(buf)
	buf = s.legalTactics(seat, buf, true, first)
	if first && len(buf) > n {
		return buf
	}
	buf = s.legalVanguard(seat, buf)
	if first && len(buf) > n {
		return buf
	}
	return s.legalReplace(seat, buf)
}

// Reasons a tactic can't be aimed at a card (tacticCode).
const (
	tacOK = iota
	tacPathAlone
	tacNoUnit
	tacInvisible
	tacItemMine
	tacEnemyOnly
	tacNotLocal
	tacBoostMine
	tacBribeMine
	tacHonor
	tacBribeLocal
	tacVolley
	tacTrapWhen
	tacSpy
)

// tacticCode says whether seat may aim tactic d at target now, without
// explaining.
func (s *State) tacticCode(seat int8, d *Card, target int16) int {
	if d.Type == TypePath {
		if target >= 0 {
			return tacPathAlone
		}
		return tacOK
	}
	if !s.isUnit(target) {
		return tacNoUnit
	}
	mine := owner(target) == seat
	tsk := s.skills(target)
	area := s.c[target].area
	if !mine && tsk.Has(Invisible) {
		return tacInvisible
	}
	switch d.Effect {
	case EffAttach:
		if d.Tactic == Item {
			if !mine {
				return tacItemMine
			}
			return tacOK
		}
		if mine {
			return tacEnemyOnly
		}
		if !s.hasUnitIn(seat, area, false) {
			return tacNotLocal
		}
	case EffBoost:
		if !mine {
			return tacBoostMine
		}
	case EffBribe:
		if mine {
			return tacBribeMine
		}
		if tsk&(Honor|Loyal) != 0 {
			return tacHonor
		}
		if !s.hasUnitIn(seat, area, true) {
			return tacBribeLocal
		}
	case EffVolley:
		if mine {
			return tacVolley
		}
	case EffNet, EffPit:
		// seed 000, Trap: "used directly after units have filled an extra
		// requirement of the card, for example by walking into your area"
		// (WG-37).
		w := &s.win
		if !w.on || w.trigger != trigMove || !s.justMoved(target) || mine || owner(area) != seat || w.from == area {
			return tacTrapWhen
		}
		if tsk.Has(Spy) {
			return tacSpy
		}
	}
	return tacOK
}

// justMoved reports whether unit t has just made the move step that
// opened the window: it moved, or it is inside the ship that sailed, and
// so moved with it ("carrying its inside units, which count as having
// moved", WG-12) — into an area where a trap may take it (WG-37).
func (s *State) justMoved(t int16) bool {
	m := s.win.moved
	return m >= 0 && (t == m || s.c[t].in == m && s.isStructure(m))
}

// canTarget returns why seat may not aim tactic d at target now.
func (s *State) canTarget(seat int8, d *Card, target int16) error {
	switch s.tacticCode(seat, d, target) {
	case tacPathAlone:
		return engine.Illegal(rulePath, "a path is played on its own")
	case tacNoUnit:
		return engine.Illegal(ruleTactic, "%s is aimed at a unit in play: play %s on UNIT", d.Name, d.ID)
	case tacInvisible:
		return engine.Illegal(ruling("WG-27"), "%s is Invisible", s.ref(target))
	case tacItemMine:
		return engine.Illegal(ruleTactic, "put %s on one of your units", d.Name)
	case tacEnemyOnly:
		return engine.Illegal(ruleTactic, "put %s on an enemy unit", d.Name)
	case tacNotLocal:
		return engine.Illegal(ruling("WG-8"), "%s goes on an enemy unit in an area where you have a unit", d.Name)
	case tacBoostMine:
		return engine.Illegal(ruleTactic, "%s is for one of your units", d.Name)
	case tacBribeMine:
		return engine.Illegal(ruleBribe, "bribe an enemy unit")
	case tacHonor:
		return engine.Illegal(ruleBribe, "%s has Honor or Loyal and ignores bribes (%s)", s.ref(target), ruling("WG-43"))
	case tacBribeLocal:
		return engine.Illegal(ruling("WG-38"), "bribe a unit in an area where you have an outside unit")
	case tacVolley:
		return engine.Illegal(ruleTactic, "%s strikes an enemy unit", d.Name)
	case tacTrapWhen:
		return engine.Illegal(ruleTrap, "%s is played when an enemy unit has just moved into one of your areas, on that unit", d.Name)
	case tacSpy:
		return engine.Illegal(ruleTrap, "%s has Spy: a trap can be ignored by a unit with Spy", s.ref(target))
	}
	return nil
}

// hasUnitIn reports whether seat has a unit in area (outside, if outside).
func (s *State) hasUnitIn(seat int8, area int16, outside bool) bool {
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.isUnit(id) && s.c[id].area == area && (!outside || s.c[id].in < 0) {
			return true
		}
	}
	return false
}

// legalTactics appends seat's tactic plays now; answer says in a window.
func (s *State) legalTactics(seat int8, buf []engine.Action, answer, first bool) []engine.Action {
	if s.handSize(seat) == 0 {
		return buf
	}
	a := engine.Action{Seat: engine.Seat(seat), Kind: kindPlay}
	var seen [maxDefs + 6]bool
	for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
		if s.c[id].zone != zHand {
			continue
		}
		def := s.c[id].def
		d := s.def(id)
		if seen[def] || !d.IsTactic() {
			continue
		}
		seen[def] = true
		a.Arg = [4]int16{int16(def), none, none, 0}
		if s.handSize(seat)-1 < int(d.Cost) {
			continue
		}
		if d.Type == TypePath {
			if s.reqMet(seat, d, none) < 0 && s.canPlay(seat, int(def), none, false, none, answer) == nil {
				buf = append(buf, a)
				if first {
					return buf
				}
			}
			continue
		}
		if !answer && d.Effect != EffAttach && d.Effect != EffBoost && d.Effect != EffBribe && d.Effect != EffVolley {
			continue // traps answer a move
		}
		if s.reqGlobal(seat, d) >= 0 {
			continue
		}
		lo, hi := int16(0), s.n()
		if d.Effect == EffNet || d.Effect == EffPit {
			if !s.win.on || s.win.moved < 0 {
				continue
			}
			if !s.isStructure(s.win.moved) {
				lo, hi = s.win.moved, s.win.moved+1 // else a ship's crew: any unit
			}
		}
		for t := lo; t < hi; t++ {
			if !s.isUnit(t) || s.tacticCode(seat, d, t) != tacOK || s.reqMet(seat, d, s.c[t].area) >= 0 {
				continue
			}
			a.Arg[2] = t
			if s.canPlay(seat, int(def), none, false, t, answer) == nil {
				buf = append(buf, a)
				if first {
					return buf
				}
			}
		}
	}
	return buf
}

// addLink adds a paid tactic to the chain and lets the others answer it.
func (s *State) addLink(seat int8, id, target int16, ev *engine.Log) {
	l := link{card: id, seat: seat, target: target, area: none}
	if target >= 0 {
		l.area = s.areaOf(target)
	}
	if s.nchain < maxChain {
		s.chain[s.nchain] = l
		s.nchain++
	}
	ev.Add(engine.Everyone, "tactic", "%s's tactic %s#%d waits for answers (%s)", seatName(seat), s.idOf(id), id, ruleTactic)
	if s.win.on {
		s.answered(seat)
		return
	}
	s.openWindow(trigTactic, seat, none, none)
}

// resolveChain plays out the chain of tactics at the same time: in the
// order played, but no card leaves play before all are played out
// (seed 000: "no units are removed or whatever until both tactics are
// played"; WG-7).
func (s *State) resolveChain(ev *engine.Log) {
	n := s.nchain
	if n == 0 {
		return
	}
	var hit [maxChain]int16
	var bribed [maxChain]int16
	nh, nb := 0, 0
	for i := uint8(0); i < n; i++ {
		l := s.chain[i]
		id := l.card
		d := s.def(id)
		if l.cancelled {
			s.toRemoved(id)
			continue
		}
		t := l.target
		if d.Type != TypePath && !s.isUnit(t) {
			s.toRemoved(id)
			ev.Add(engine.Everyone, "tactic.fizzles", "%s#%d has no target left", s.idOf(id), id)
			continue
		}
		switch d.Effect {
		case NoEffect: // a path: an area of its player's
			s.place(id)
			s.c[id].area = id
			ev.Add(engine.Everyone, "path", "%s's path %s#%d is in play: an area of its own (%s)",
				seatName(l.seat), s.idOf(id), id, rulePath)
		case EffAttach:
			s.attach(id, t)
			ev.Add(engine.Everyone, "attach", "%s#%d is put on %s's %s#%d", s.idOf(id), id, seatName(owner(t)), s.nameOf(t), t)
		case EffBribe:
			bribed[nb] = t
			nb++
			ev.Add(engine.Everyone, "bribe", "%s's %s#%d takes the bribe %s#%d", seatName(owner(t)), s.nameOf(t), t, s.idOf(id), id)
		case EffNet:
			s.c[t].stuck = 2 // the rest of this turn and its owner's next (WG-37)
			ev.Add(engine.Everyone, "trap", "%s's %s#%d is caught in %s#%d", seatName(owner(t)), s.nameOf(t), t, s.idOf(id), id)
		case EffPit:
			dmg := max(int(d.Damage)-s.armour(t), 0)
			s.c[t].dmg += int8(dmg)
			hit[nh] = t
			nh++
			ev.Add(engine.Everyone, "trap", "%s's %s#%d falls into %s#%d: %d damage (armour absorbs)",
				seatName(owner(t)), s.nameOf(t), t, s.idOf(id), id, dmg)
		case EffVolley:
			hits, _ := s.roll(&s.rolls[0], int(d.Dice), 4)
			s.c[t].dmg += int8(hits)
			hit[nh] = t
			nh++
			ev.Add(engine.Everyone, "volley", "%s#%d rolls %s, 1 damage for each 4+: %d damage to %s's %s#%d",
				s.idOf(id), id, &s.rolls[0], hits, seatName(owner(t)), s.nameOf(t), t)
		case EffBoost:
			s.c[t].boost += d.Dice
			ev.Add(engine.Everyone, "boost", "%s's %s#%d rolls %d dice more in its battles this turn",
				seatName(owner(t)), s.nameOf(t), t, d.Dice)
		}
		if d.Once {
			s.toRemoved(id) // "Remove this card when it's played."
		}
	}
	s.nchain = 0
	for _, t := range bribed[:nb] {
		if s.isUnit(t) {
			s.leavePlay(t, ev)
		}
	}
	for _, t := range hit[:nh] {
		if s.isUnit(t) && s.health(t) <= 0 {
			s.defeat(t, -1, ev)
		}
	}
}

// canVanguard returns why seat's unit u may not be removed to remove the
// tactic card of the chain (seed 000, Vanguard: "may, while outside, be
// removed to remove a locally played tactic that has the text "Remove this
// card when it's played", before it has any effect"; WG-36).
func (s *State) canVanguard(seat int8, u, card int16) error {
	if !s.win.on || s.nchain == 0 {
		return engine.Illegal(ruleSkills, "Vanguard answers a tactic just played")
	}
	if !s.isUnit(u) || owner(u) != seat || !s.skills(u).Has(Vanguard) || s.c[u].in >= 0 {
		return engine.Illegal(ruleSkills, "remove an outside unit of yours with Vanguard")
	}
	for i := uint8(0); i < s.nchain; i++ {
		l := &s.chain[i]
		if l.card != card {
			continue
		}
		switch {
		case l.cancelled:
			return engine.Illegal(ruleSkills, "%s is already removed", s.ref(card))
		case l.seat == seat:
			return engine.Illegal(ruleSkills, "Vanguard removes an enemy's tactic")
		case !s.def(card).Once:
			return engine.Illegal(ruleSkills, "Vanguard removes only a tactic that says \"Remove this card when it's played\"")
		case l.area != s.c[u].area:
			return engine.Illegal(ruling("WG-36"), "%s was not played locally to %s", s.ref(card), s.ref(u))
		}
		return nil
	}
	return engine.Illegal(ruleSkills, "%s is not a tactic waiting to be played out", s.ref(card))
}

func (s *State) vanguard(seat int8, u, card int16, ev *engine.Log) {
	for i := uint8(0); i < s.nchain; i++ {
		if s.chain[i].card == card {
			s.chain[i].cancelled = true
		}
	}
	ev.Add(engine.Everyone, "vanguard", "%s's %s#%d steps forward and is removed: %s#%d is removed before it has any effect",
		seatName(owner(u)), s.nameOf(u), u, s.idOf(card), card)
	s.leavePlay(u, ev)
	s.answered(seat)
}

func (s *State) legalVanguard(seat int8, buf []engine.Action) []engine.Action {
	if !s.win.on || s.nchain == 0 {
		return buf
	}
	a := engine.Action{Seat: engine.Seat(seat), Kind: kindVanguard}
	for u := int16(seat) * DeckSize; u < int16(seat+1)*DeckSize; u++ {
		if !s.isUnit(u) || !s.def(u).Skills.Has(Vanguard) && !s.skills(u).Has(Vanguard) {
			continue
		}
		for i := uint8(0); i < s.nchain; i++ {
			if s.canVanguard(seat, u, s.chain[i].card) == nil {
				a.Arg = [4]int16{u, s.chain[i].card}
				buf = append(buf, a)
			}
		}
	}
	return buf
}

// canReplace returns why seat may not remove unit u from inside its
// structure, placing unit definition def from hand in its place (none:
// no unit) (seed 000, Structure: "Sometimes units can be removed from
// inside a structure to give special benefits, and that can be done at
// any time except when dices are rolling"; the Changeling; WG-39).
func (s *State) canReplace(seat int8, u int16, def int) error {
	if !s.isUnit(u) || owner(u) != seat || s.def(u).Ability != AbReplace {
		return engine.Illegal(ruleStructure, "remove a unit of yours that can be removed so (the Changeling)")
	}
	in := s.c[u].in
	if in < 0 {
		return engine.Illegal(ruleStructure, "%s is removed from inside a structure", s.ref(u))
	}
	if def < 0 {
		return nil
	}
	if def >= len(s.g.c.Cards) || s.inHand(seat, def) < 0 {
		return engine.Illegal(ruleStructure, "the replacement comes from your hand")
	}
	d := &s.g.c.Cards[def]
	if d.Type != TypeUnit || d.Realm != s.def(u).Realm {
		return engine.Illegal(ruleStructure, "%s is replaced by a %s unit", s.def(u).Name, title(realmNames[s.def(u).Realm]))
	}
	if s.roomLeft(in)-int(s.def(u).R)+int(d.R) < 0 {
		return engine.Illegal(ruleRoom, "no room for %s in %s", d.Name, s.ref(in))
	}
	return nil
}

func (s *State) replace(seat int8, u int16, def int, ev *engine.Log) {
	in := s.c[u].in
	s.leavePlay(u, ev)
	repl := none
	if def >= 0 {
		repl = s.inHand(seat, def)
		c := &s.c[repl]
		s.place(repl)
		c.area, c.in, c.moves = s.c[in].area, in, 0
		c.flags &= fMarked
	}
	if s.atk.on && s.atk.target == u && repl >= 0 {
		// "If the unit is removed and replaced by another unit just before
		// being attacked, the attacker must attack that unit."
		s.atk.target = repl
	}
	if repl >= 0 {
		ev.Add(engine.Everyone, "replace", "%s's %s#%d is removed and %s's %s#%d takes its place inside %s#%d",
			seatName(owner(u)), s.nameOf(u), u, seatName(owner(repl)), s.nameOf(repl), repl, s.idOf(in), in)
	} else {
		ev.Add(engine.Everyone, "replace", "%s's %s#%d is removed from inside %s#%d", seatName(owner(u)), s.nameOf(u), u, s.idOf(in), in)
	}
	if s.win.on {
		s.answered(seat)
	}
}

func (s *State) legalReplace(seat int8, buf []engine.Action) []engine.Action {
	a := engine.Action{Seat: engine.Seat(seat), Kind: kindReplace}
	for u := int16(seat) * DeckSize; u < int16(seat+1)*DeckSize; u++ {
		if !s.isUnit(u) || s.def(u).Ability != AbReplace || s.canReplace(seat, u, -1) != nil {
			continue
		}
		a.Arg = [4]int16{u, -1}
		buf = append(buf, a)
		var seen [maxDefs + 6]bool
		for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
			if s.c[id].zone != zHand || seen[s.c[id].def] {
				continue
			}
			seen[s.c[id].def] = true
			if s.canReplace(seat, u, int(s.c[id].def)) == nil {
				a.Arg = [4]int16{u, int16(s.c[id].def)}
				buf = append(buf, a)
			}
		}
	}
	return buf
}
