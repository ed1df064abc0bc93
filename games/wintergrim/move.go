package wintergrim

import (
	"skald/engine"
)

// Movement (seed 000, "2: Move": "Units can move one move step each, one
// at a time in/out/between your structures in the same area, or between
// your areas if already outside (if they have moved, they may not attack,
// even one special unit would have two move steps)"; "Unit": "When
// outside, they may move to/from an opponent's area if they have Navigate,
// or move to/from a Path").

// Move modes.
const (
	moveOut = iota // out of the structure it is inside
	moveIn         // into a structure of the same area
	moveTo         // to another area, if outside
)

// Reasons a unit may not make a move step (stepCode).
const (
	stepOK = iota
	stepPhase
	stepNotYours
	stepMoved
	stepTrapped
	stepCursed
)

// stepCode says whether unit id may make a move step now, without
// explaining: Legal asks it of many units.
func (s *State) stepCode(seat int8, id int16) int {
	switch {
	case s.phase > phMove:
		return stepPhase
	case !s.isUnit(id) || owner(id) != seat:
		return stepNotYours
	case s.c[id].moves >= s.def(id).Moves:
		return stepMoved
	case s.c[id].stuck > 0:
		return stepTrapped
	case s.c[id].flags&fHasOn != 0 && s.mods(id).NoMove:
		return stepCursed
	}
	return stepOK
}

// canStep returns why unit id may not make a move step now: move or use a
// move-step ability (WG-35).
func (s *State) canStep(seat int8, id int16) error {
	switch s.stepCode(seat, id) {
	case stepPhase:
		return engine.Illegal(rulePhases, "the move phase is over: %s can't go back to it", seatNames[seat])
	case stepNotYours:
		return engine.Illegal(ruleMove, "move a unit of yours in play")
	case stepMoved:
		return engine.Illegal(ruleMove, "%s has made its move step this turn", s.ref(id))
	case stepTrapped:
		return engine.Illegal(ruleTrap, "%s is caught in a trap and can't move (%s)", s.ref(id), ruling("WG-37"))
	case stepCursed:
		return engine.Illegal(ruleTactic, "%s is cursed and can't move", s.ref(id))
	}
	return nil
}

// canMove returns why seat may not move mover (a unit, or a ship with its
// inside units) as mode says, and whether the move needs a Flank roll.
func (s *State) canMove(seat int8, mover int16, mode int, to int16) (flank bool, err error) {
	if mover >= 0 && mover < s.n() && s.isStructure(mover) {
		return false, s.canSail(seat, mover, mode, to)
	}
	if err := s.canStep(seat, mover); err != nil {
		return false, err
	}
	c := &s.c[mover]
	sk := s.skills(mover)
	if sk.Has(Flying) && s.weatherOn() == Windstorm && s.weathered(mover) {
		return false, engine.Illegal(ruleWeather, "the Windstorm: units with Flying can't move")
	}
	switch mode {
	case moveOut:
		if c.in < 0 {
			return false, engine.Illegal(ruleInside, "%s is already outside", s.ref(mover))
		}
	case moveIn:
		if !s.isStructure(to) || s.c[to].area != c.area || to == c.in {
			return false, engine.Illegal(ruleInside, "units move in/out/between structures in the same area")
		}
		if owner(to) != seat {
			// seed 000, Intrude: "may move in/out of non-ship enemy structures".
			if !sk.Has(Intrude) {
				return false, engine.Illegal(ruleInside, "%s is not yours: units move into their own local structures (Intrude excepted)", s.ref(to))
			}
			if s.def(to).Structure == Ship {
				return false, engine.Illegal(ruleSkills, "Intrude: only non-ship enemy structures")
			}
		}
		if !s.fits(s.def(mover), to) {
			return false, engine.Illegal(ruleRoom, "no room in %s: no other units that need room can enter", s.ref(to))
		}
	case moveTo:
		if c.in >= 0 {
			return false, engine.Illegal(ruleMove, "a unit moves between areas only if already outside")
		}
		if !s.isArea(to) || to == c.area {
			return false, engine.Illegal(ruleMove, "move to another area in play")
		}
		if !s.route(seat, mover, c.area, to) {
			if sk.Has(Flank) {
				return true, nil // seed 000, Flank: "may move to any area if making a "L" roll"
			}
			return false, engine.Illegal(ruleAreas, "%s can't reach %s: units need a path, Navigate or Flying to move to or from enemy areas (%s)", s.ref(mover), s.ref(to), ruling("WG-10"))
		}
	default:
		return false, engine.Illegal(ruleMove, "move out, in STRUCTURE or to AREA")
	}
	return false, nil
}

// canSail returns why seat may not move its ship ship to area to: a ship
// moves one move step like an outside unit, with its inside units (WG-12).
func (s *State) canSail(seat int8, ship int16, mode int, to int16) error {
	if s.phase > phMove {
		return engine.Illegal(rulePhases, "the move phase is over")
	}
	if owner(ship) != seat || s.def(ship).Structure != Ship {
		return engine.Illegal(ruleMove, "only ships of yours move, of the structures")
	}
	if mode != moveTo {
		return engine.Illegal(ruleMove, "a ship moves to an area: move %s to AREA", s.def(ship).ID)
	}
	if s.c[ship].moves > 0 {
		return engine.Illegal(ruleMove, "%s has made its move step this turn", s.ref(ship))
	}
	if s.weatherOn() == Windstorm {
		return engine.Illegal(ruleWeather, "the Windstorm: ships can't move")
	}
	if !s.isArea(to) || to == s.c[ship].area {
		return engine.Illegal(ruleMove, "move to another area in play")
	}
	if !s.route(seat, ship, s.c[ship].area, to) {
		return engine.Illegal(ruleAreas, "%s can't sail to %s (%s)", s.ref(ship), s.ref(to), ruling("WG-11"))
	}
	return nil
}

// route reports whether seat's mover may go from area from to area to
// without a Flank roll: between its own areas; to or from other players'
// areas with Navigate or Flying, or through a path whose text lets seat
// use it (WG-10, WG-11, WG-12, WG-28).
func (s *State) route(seat int8, mover int16, from, to int16) bool {
	ship := s.def(mover).Type == TypeStructure
	var sk Skill
	if ship {
		if td := s.def(to); td.Type == TypePath && !td.Sea {
			return false // ships sail; a land path is no water (WG-11)
		}
		for id := int16(seat) * DeckSize; id < int16(seat+1)*DeckSize; id++ {
			if s.c[id].zone == zPlay && s.c[id].in == mover {
				sk |= s.skills(id) & Navigate // an inside unit with Navigate steers (WG-12)
			}
		}
	} else {
		sk = s.skills(mover)
	}
	if owner(from) == seat && owner(to) == seat {
		return true // "Your units can move between your own areas without any trouble."
	}
	if sk&(Navigate|Flying) != 0 && !(ship && sk&Navigate == 0) {
		return true // seed 000, Navigate: "may move to/from enemy areas without a Path"
	}
	return s.pathLets(seat, mover, from) || s.pathLets(seat, mover, to)
}

// pathLets reports whether area q is a path that lets seat's mover pass
// between it and other players' areas: "Players with vanheim cards in play
// may move units between this and enemy areas" (the Overgrown Forest); a
// sea path only ships and units with Swim or Flying.
func (s *State) pathLets(seat int8, mover int16, q int16) bool {
	d := s.def(q)
	if d.Type != TypePath || !s.hasRealm(seat, d.Passage) {
		return false
	}
	if d.Sea && s.def(mover).Type == TypeUnit && s.skills(mover)&(Swim|Flying) == 0 {
		return false
	}
	return true
}

// moraleRoll is the roll a dispirited unit makes to move, attack or
// defend: P dice (with Luck Charm), one 4+ succeeds (seed 000, the Rain:
// "must roll P to move/attack/defend successfully").
func (s *State) moraleRoll(id int16, why rollFor, ev *engine.Log) bool {
	n := s.value(id, PS)
	if s.skills(id).Has(LuckCharm) {
		n += s.luck(id)
	}
	hits, _ := s.roll(&s.rolls[0], n, 4)
	ev.Add(engine.Everyone, "roll.p", "%s's %s#%d must roll P to %s: %d dice %s, %s (one 4+ needed; %s#%d)",
		seatName(owner(id)), s.nameOf(id), id, why, n, &s.rolls[0], rollResult(hits > 0), s.idOf(s.weather), s.weather)
	return hits > 0
}

// move makes a move step.
func (s *State) move(seat int8, mover int16, mode int, to int16, flank bool, ev *engine.Log) {
	s.enterPhase(phMove, ev)
	c := &s.c[mover]
	from := c.area
	c.moves++
	if s.isStructure(mover) {
		// The ship's inside units move with it, and have moved (WG-12).
		c.area = to
		for id := int16(0); id < s.n(); id++ {
			if s.c[id].zone == zPlay && s.c[id].in == mover {
				s.c[id].area = to
				s.c[id].moves = s.def(id).Moves
			}
		}
		ev.Add(engine.Everyone, "move", "%s's %s#%d sails to %s#%d with its crew",
			seatName(owner(mover)), s.nameOf(mover), mover, s.idOf(to), to)
		s.openWindow(trigMove, seat, mover, from)
		return
	}
	// A failed P or Flank roll spends the move step (WG-33), and a window
	// opens after it as after every move step (WG-6): the unit stays, so
	// no trap can take it.
	if s.dispirited(mover) && !s.moraleRoll(mover, toMove, ev) {
		s.openWindow(trigMove, seat, mover, from)
		return
	}
	if flank {
		n := s.luck(mover)
		hits, _ := s.roll(&s.rolls[0], n, 4)
		ev.Add(engine.Everyone, "roll.l", "%s's %s#%d flanks: L roll %s, one 4+ needed: %s", seatName(owner(mover)), s.nameOf(mover), mover, &s.rolls[0], rollResult(hits > 0))
		if hits == 0 {
			ev.Add(engine.Everyone, "move.fail", "%s's %s#%d fails its Flank roll and stays",
				seatName(owner(mover)), s.nameOf(mover), mover)
			s.openWindow(trigMove, seat, mover, from)
			return
		}
	}
	switch mode {
	case moveOut:
		ev.Add(engine.Everyone, "move", "%s's %s#%d moves out of %s#%d", seatName(owner(mover)), s.nameOf(mover), mover, s.idOf(c.in), c.in)
		c.in = none
	case moveIn:
		ev.Add(engine.Everyone, "move", "%s's %s#%d moves inside %s#%d", seatName(owner(mover)), s.nameOf(mover), mover, s.idOf(to), to)
		c.in = to
	case moveTo:
		ev.Add(engine.Everyone, "move", "%s's %s#%d moves to %s#%d", seatName(owner(mover)), s.nameOf(mover), mover, s.idOf(to), to)
		c.area = to
	}
	s.openWindow(trigMove, seat, mover, from)
}

// canAbility returns why seat's unit id may not use a move-step ability on
// target now: search (the Ranger), heal, exorcise, repair (WG-35).
func (s *State) canAbility(seat int8, kind uint8, id, target int16) error {
	if err := s.canStep(seat, id); err != nil {
		return err
	}
	switch kind {
	case kindSearch:
		d := s.def(id)
		if d.Ability != AbSearch {
			return engine.Illegal(ruleUnit, "%s has no search ability", d.Name)
		}
		if !s.canFindAny(seat, d) {
			return engine.Illegal(ruling("WG-44"), "your deck holds no %s to find", findText(d))
		}
		// WG-47: the marked leader of Assassinate is not given up by its
		// own player's choice; its search would remove it.
		if s.c[id].flags&fMarked != 0 {
			return engine.Illegal(ruling("WG-47"), "%s is your marked leader: its search would remove it and lose you the game", s.ref(id))
		}
		return nil
	case kindHeal, kindExorcise:
		skill, what := Heal, "Heal"
		if kind == kindExorcise {
			skill, what = Exorcism, "Exorcism"
		}
		if !s.skills(id).Has(skill) {
			return engine.Illegal(ruleSkills, "%s has no %s", s.ref(id), what)
		}
		if !s.isUnit(target) || owner(target) != seat || s.c[target].area != s.c[id].area {
			return engine.Illegal(ruling("WG-35"), "%s works on a local unit of yours", what)
		}
		if kind == kindHeal && !s.hasOn(target, Sickness) && s.c[target].dmg == 0 {
			return engine.Illegal(ruling("WG-35"), "%s has no sickness and no damage to heal", s.ref(target))
		}
		if kind == kindExorcise && !s.hasOn(target, Curse) {
			return engine.Illegal(ruling("WG-35"), "%s has no curse to break", s.ref(target))
		}
	case kindRepair:
		if s.def(id).Classes&Worker == 0 {
			return engine.Illegal(ruling("WG-35"), "workers repair structures")
		}
		if !s.isStructure(target) || owner(target) != seat || s.c[target].area != s.c[id].area {
			return engine.Illegal(ruling("WG-35"), "repair a local structure of yours")
		}
		if s.def(target).Structure == Dwelling {
			return engine.Illegal(ruleStructure, "a dwelling can't be repaired")
		}
		if s.c[target].dmg == 0 {
			return engine.Illegal(ruling("WG-35"), "%s has no damage", s.ref(target))
		}
	}
	return nil
}

// canFindAny reports whether seat's deck holds a card searcher d may find.
func (s *State) canFindAny(seat int8, d *Card) bool {
	p := &s.p[seat]
	for _, c := range p.deck[:p.n] {
		if s.found(d, s.def(c)) {
			return true
		}
	}
	return false
}

// canFind checks the card a pending search takes (WG-44).
func (s *State) canFind(seat int8, def int16) error {
	d := s.def(s.finder)
	if def < 0 || int(def) >= len(s.g.c.Cards) || !s.found(d, &s.g.c.Cards[def]) {
		return engine.Illegal(ruleExample, "%s searches for %s", d.Name, findText(d))
	}
	if s.findInDeck(seat, int(def)) < 0 {
		return engine.Illegal(ruling("WG-44"), "no %s in your deck", s.g.c.Cards[def].Name)
	}
	return nil
}

// find ends a search: the chosen card is shown and put in the hand, and
// the deck is shuffled ("show it and put it in your hand"; "Now she
// shuffles her deck", seed 000; WG-44).
func (s *State) find(seat int8, def int16, ev *engine.Log) {
	f := s.findInDeck(seat, int(def))
	s.finder = none
	s.takeFromDeck(f)
	s.setZone(f, zHand)
	s.c[f].flags |= fShown
	ev.Add(engine.Everyone, "find", "%s finds and shows %s#%d", seatName(seat), s.idOf(f), f)
	s.shuffle(seat, ev)
}

// found reports whether searcher d may find card f: a tactic (a path is
// one) or a card named Windstorm, for the Ranger.
func (s *State) found(d, f *Card) bool {
	return (d.FindType >= 0 && (f.Type == d.FindType || (d.FindType == TypeTactic && f.IsTactic()))) ||
		(d.FindName != "" && f.Name == d.FindName)
}

// findText says what searcher d looks for: "a tactic or Windstorm".
func findText(d *Card) string {
	switch {
	case d.FindType >= 0 && d.FindName != "":
		return "a " + typeNames[d.FindType] + " or " + d.FindName
	case d.FindType >= 0:
		return "a " + typeNames[d.FindType]
	}
	return d.FindName
}

// hasOn reports whether a card of tactic kind k is on unit id.
func (s *State) hasOn(id int16, k int8) bool {
	if s.c[id].flags&fHasOn == 0 {
		return false
	}
	for c := int16(0); c < s.n(); c++ {
		if s.c[c].zone == zOn && s.c[c].area == id && s.def(c).Tactic == k {
			return true
		}
	}
	return false
}

// ability uses a move-step ability. It is a move step, so the other
// players are offered a reaction window after it, as after every move
// step (WG-6, WG-35); after a search, once the card is found (WG-44). The
// unit stays in its area: no trap can take it (WG-37).
func (s *State) ability(seat int8, kind uint8, id, target int16, ev *engine.Log) {
	s.enterPhase(phMove, ev)
	s.c[id].moves++
	area := s.c[id].area
	switch kind {
	case kindSearch:
		// "Remove as a move step: Search your deck for a tactic or
		// Windstorm": "She puts the ranger in her removed-pile, and
		// searches her deck" (seed 000, the worked game; WG-44). Its
		// player then chooses the card: find.
		s.leavePlay(id, ev)
		s.finder = id
		ev.Add(engine.Everyone, "search", "%s's %s#%d leaves; %s searches the deck for %s",
			seatName(owner(id)), s.nameOf(id), id, seatName(seat), (*finding)(s.def(id)))
	case kindHeal:
		if s.hasOn(target, Sickness) {
			s.dropKind(target, Sickness)
			ev.Add(engine.Everyone, "heal", "%s's %s#%d treats the sickness of %s's %s#%d",
				seatName(owner(id)), s.nameOf(id), id, seatName(owner(target)), s.nameOf(target), target)
		} else {
			s.c[target].dmg--
			ev.Add(engine.Everyone, "heal", "%s's %s#%d heals 1 damage of %s's %s#%d",
				seatName(owner(id)), s.nameOf(id), id, seatName(owner(target)), s.nameOf(target), target)
		}
	case kindExorcise:
		s.dropKind(target, Curse)
		ev.Add(engine.Everyone, "exorcism", "%s's %s#%d breaks the curse on %s's %s#%d",
			seatName(owner(id)), s.nameOf(id), id, seatName(owner(target)), s.nameOf(target), target)
	case kindRepair:
		s.c[target].dmg--
		ev.Add(engine.Everyone, "repair", "%s's %s#%d repairs 1 damage of %s's %s#%d",
			seatName(owner(id)), s.nameOf(id), id, seatName(owner(target)), s.nameOf(target), target)
	}
	s.openWindow(trigMove, seat, id, area)
}

// dropKind removes the cards of tactic kind k on unit id to their owners'
// removed-piles.
func (s *State) dropKind(id int16, k int8) {
	for c := int16(0); c < s.n(); c++ {
		if s.c[c].zone == zOn && s.c[c].area == id && s.def(c).Tactic == k {
			s.c[c].zone, s.c[c].area = zRemoved, none
		}
	}
	s.refreshOn(id)
}
