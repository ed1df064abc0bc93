package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Rules cited by turns and engagements.
const (
	ruleTurns    = "Tactics David rules, Turns, Engagements, Phases, and Procedures"
	ruleEngage   = "Tactics David rules, Unit Engagement"
	ruleAcquire  = "Tactics David rules, Item Acquisition"
	ruleLock     = "Tactics David rules, Combat Lock"
	ruleStatuses = "Tactics David rules, Status Affects"
)

// startTurn begins the Attacking Player's turn (seed 004, "Player's Turn").
func (s *State) startTurn(ev *engine.Log) {
	s.turn++
	s.turns[s.player]++
	s.killsTurn = 0
	s.eng = noEngagement
	stones := false // a Revival Stone is held
	for i := range s.pieces {
		p := &s.pieces[i]
		off := uint16(fFearDiscarded)
		if p.owner == s.player {
			off |= fEngaged | fLockActed | fCombatEntered | fLuckyUsed
		}
		p.flags &^= off
		p.ab.moveTurn = 0
		if p.items[slotExpendable] == itemRevivalStone {
			stones = true
		}
	}
	if ev != nil { // a playout records no event: its arguments are not made
		s.event(ev, "turn.begin", "turn %d: %s's turn %d", (*count)(&s.turn), seatWord(s.player), (*count)(&s.turns[s.player]))
	}
	// Revival Stone: "If a Unit equipped with this Item acquires the Dead
	// Status it may discard the Dead Status at the start of the owning
	// Player's Turn." (item 5; TD-34: it always does, and the stone is
	// used up.)
	for i := range s.pieces {
		if !stones {
			break
		}
		p := &s.pieces[i]
		if p.items[slotExpendable] == itemRevivalStone && p.owner == s.player && p.flags&fRemoved == 0 && p.has(Dead) {
			p.status &^= statusBit(Dead)
			s.discardItem(i, slotExpendable)
			s.event(ev, "item.used", "%s's Revival Stone brings it back from the dead", s.name(i))
		}
	}
	s.turnStartHooks(ev)
}

// canEngage checks that the Attacking Player may engage piece i now.
func (s *State) canEngage(i int) error {
	if i < 0 || i >= len(s.pieces) {
		return s.illegal(ruleEngage, "no unit #%d", i)
	}
	p := &s.pieces[i]
	switch {
	case p.owner != s.player:
		return s.illegal(ruleTurns, "u%d is not yours: a Player engages its own units", i)
	case p.flags&fRemoved != 0:
		return s.illegal(ruleEngage, "u%d is not on the battlefield", i)
	case p.has(Dead) && !s.mayEngageDead(i): // Relentless, Ctrl Alt Del
		return s.illegal(ruleStatuses+", Dead", "\"The Unit may not be engaged or enter any Phases\"")
	case p.flags&fEngaged != 0:
		return s.illegal(ruleTurns, "\"No Unit shall ever be Engaged more than once in a Turn\"")
	case s.eng.p >= 0:
		return s.illegal(ruleTurns, "\"no more than 1 Unit shall ever be Engaged at one time\": disengage %s first", s.name(int(s.eng.p)))
	}
	return nil
}

// engage engages piece i, and its team partner with it ("Units in a Unit
// team are Engaged together"), and applies the statuses that act "On Unit
// Engagement" (seed 004, "Status Affects"), in the order of TD-31.
func (s *State) engage(i int, ev *engine.Log) {
	s.eng = noEngagement
	s.eng.p = int8(i)
	members := [2]int{i, -1}
	if t := s.pieces[i].team; t >= 0 && s.alive(int(t)) && s.pieces[t].flags&fEngaged == 0 {
		s.eng.q = t
		members[1] = int(t)
	}
	for _, m := range members {
		if m >= 0 {
			s.pieces[m].flags |= fEngaged
			if len(s.marks) > 0 {
				s.trailsEnd(m, ev) // trails last "until the next time this Unit is Engaged"
			}
		}
	}
	if ev != nil { // a playout records no event: its arguments are not made
		s.event(ev, "engage", "%s is engaged", s.name(i))
	}
	for _, m := range members {
		if m >= 0 && !s.over {
			s.preEngageHooks(m, ev) // Research, Ctrl Alt Del
			s.engageStart(m, ev)
		}
	}
	if s.over {
		return
	}
	disengage := false
	for _, m := range members {
		if m < 0 {
			continue
		}
		p := &s.pieces[m]
		if p.has(Petrified) {
			// "On Unit Engagement if 1 D6 roll = 6 the Unit breaks free,
			// may discard the Petrified Status card, and act normally that
			// Turn." Otherwise it "is immediately Disengaged".
			if s.roll(m, 6, ev, "Petrified", between(6, 6, "discards the Petrified Status", "stays Petrified")) == 6 {
				s.discard(m, Petrified, ev)
			} else {
				disengage = true
				continue
			}
		}
		if p.has(Paralyzed) && s.roll(m, 6, ev, "Paralyzed", atLeastSays(3, "stays engaged", "is Disengaged")) < 3 {
			// "On Unit Engagement, if 1 D6 Roll < 3 the Unit is
			// immediately Disengaged."
			disengage = true
			continue
		}
		if p.has(Poisoned) && s.roll(m, 6, ev, "Poisoned", atLeastSays(2, "survives the poison", "succumbs to the poison")) < 2 {
			// "if 1 D6 Roll < 2 the Unit succumbs to the poison and
			// immediately acquires the Dead Status"
			s.acquire(m, Dead, ev)
			disengage = true
			continue
		}
		if p.has(Blinded) && s.roll(m, 6, ev, "Blinded", atLeastSays(3, "may enter the Combat Phase", "may not enter the Combat Phase this Turn")) < 3 {
			// "the Unit may not enter the Combat Phase that Turn"
			s.eng.noCombat = true
		}
		if p.has(Haste) {
			// "Roll 1 D3 and add the result to the Unit's Base Movement
			// Rating for that turn." (TD-31: a team moves at the slower
			// member's rating, Haste included.)
			h := s.roll(m, 3, ev, "Haste", decides("its bonus to the Movement Rating"))
			if m == i {
				s.eng.haste = int8(h)
			}
		}
		if p.has(Confused) {
			// "if 1 D6 Roll is greater than or equal to 4 nothing happens.
			// Otherwise, rotate the Unit clockwise a number of times equal
			// to the rolled result. The Unit counts as having moved and
			// immediately ends its Movement Phase."
			if r := s.roll(m, 6, ev, "Confused", atLeastSays(4, "keeps its wits", "turns about in confusion")); r < 4 {
				s.unlock(m, ev)
				p.facing = (p.facing + battlefield.Facing(r)) % 4
				s.event(ev, "face", "%s turns about in confusion, now facing %s", s.name(m), p.facing)
				s.eng.moved, s.eng.moveDone = true, true
				if s.eng.phase < phaseMove {
					s.eng.phase = phaseMove
				}
			}
		}
	}
	if s.over {
		return
	}
	if disengage || !s.acts(i) {
		s.disengage(ev)
		return
	}
	defer s.engaged(i, ev)
	p := &s.pieces[i]
	if p.has(Fearful) {
		// "If the 1 D6 Roll = 4 or 5 the Unit may act normally. If the 1
		// D6 Roll = 6 the Unit overcomes its fear, may discard the Fear
		// Status card" (a roll of 3 acts normally: TD-32).
		switch r := s.roll(i, 6, ev, "Fearful", decides("what it does: 2 or less flight, 3 to 5 it acts normally, 6 it loses its fear")); {
		case r < 3:
			s.fearfulFlight(i, ev)
			if !s.acts(i) {
				s.disengage(ev)
				return
			}
		case r == 6:
			s.discard(i, Fearful, ev)
		}
	}
	if p.has(Enraged) {
		// "The Unit must perform a Movement or Charge Procedure in the
		// direction of the closest enemy Unit."
		s.eng.forced |= forcedEnraged
	}
}

// engaged runs the abilities that act on Unit Engagement, once the
// statuses have acted (the defer in engage).
func (s *State) engaged(i int, ev *engine.Log) {
	if s.over || s.eng.p != int8(i) {
		return
	}
	s.engageHooks(i, ev)
	if q := s.eng.q; q >= 0 && !s.over {
		s.engageHooks(int(q), ev)
	}
	if !s.over && s.pend.kind == pendNone && s.eng.p >= 0 && (s.eng.petrified || !s.acts(int(s.eng.p)) || s.changedSides()) {
		s.disengage(ev)
	}
}

// disengage ends the engagement (seed 004, "End Unit Engagement"). Before
// Disengagement, Crippled, Silenced and Banished units roll to discard their
// status: "If 1 D6 roll before Disengagement is equal to 5 or 6".
func (s *State) disengage(ev *engine.Log) {
	for _, m := range [2]int8{s.eng.p, s.eng.q} {
		if m < 0 || !s.alive(int(m)) {
			continue
		}
		for _, st := range [3]int{Crippled, Silenced, Banished} {
			if s.pieces[m].has(st) && s.roll(int(m), 6, ev, statusWord(st), atLeastSays(5, "discards the Status", "keeps the Status")) >= 5 {
				s.discard(int(m), st, ev)
			}
		}
	}
	for _, m := range [2]int8{s.eng.p, s.eng.q} {
		if m >= 0 && !s.over {
			s.disengageHooks(int(m), ev)
			// What lasted "until Disengaged" ends.
			a := &s.pieces[m].ab
			a.str, a.front, a.move = 0, 0, 0
		}
	}
	if s.eng.p >= 0 {
		if ev != nil { // a playout records no event: its arguments are not made
			s.event(ev, "disengage", "%s is disengaged", s.name(int(s.eng.p)))
		}
	}
	s.eng = noEngagement
}

// mayDisengage checks the obligations of the engaged unit (seed 004): a
// unit in Combat Lock "must either attack the other Unit in the Combat Lock
// or attempt to escape the Combat Lock"; an Enraged unit in contact with an
// enemy "must attack"; a unit whose team partner died must move away "at
// their first opportunity".
func (s *State) mayDisengage() error {
	for k, m := range [2]int8{s.eng.p, s.eng.q} {
		if m < 0 || !s.alive(int(m)) || s.eng.petrified {
			continue
		}
		p := &s.pieces[m]
		if s.lockDue(int(m), k) {
			return s.illegal(ruleLock, "%s is Locked in Combat: it must attack or attempt to escape", s.name(int(m)))
		}
		if p.has(Enraged) && !s.eng.attacked[k] && s.canAttackAny(int(m), k) {
			return s.illegal(ruleStatuses+", Enraged", "%s is in contact with an enemy unit and \"must attack\" it", s.name(int(m)))
		}
		if p.flags&fMustLeave != 0 && s.mustLeave(int(m)) {
			return s.illegal("Tactics David rules, Other Rules for Unit Teams", "%s's partner is dead: it must move into another grid space at its first opportunity", s.name(int(m)))
		}
	}
	return nil
}

// lockOwed reports whether piece i is Locked in Combat and has neither
// attacked the other unit nor tried to escape this turn: "A Unit remaining
// in Combat Lock before the end of a Player's turn must either attack the
// other Unit in the Combat Lock or attempt to escape the Combat Lock"
// (seed 004, "Combat Lock"; TD-157).
func (s *State) lockOwed(i int) bool {
	p := &s.pieces[i]
	return p.lock >= 0 && p.flags&fLockActed == 0 && s.alive(i)
}

// lockDue reports whether engaged piece i (member k) owes its Combat Lock
// an attack or an escape and can still give it.
func (s *State) lockDue(i, k int) bool {
	return s.lockOwed(i) && (s.canAttackAny(i, k) || s.canEscape(i) == nil)
}

// mayEndTurn checks that no unit of the Attacking Player still owes an
// attack or an escape from a Combat Lock (seed 004, "Combat Lock": "A Unit
// remaining in Combat Lock before the end of a Player's turn must either
// attack the other Unit in the Combat Lock or attempt to escape").
func (s *State) mayEndTurn() error {
	if s.eng.p >= 0 {
		if err := s.mayDisengage(); err != nil {
			return err
		}
	}
	return s.locksOwed()
}

// locksOwed checks that no unit of the Attacking Player not engaged this
// turn owes its Combat Lock an attack or an escape (mayEndTurn).
func (s *State) locksOwed() error {
	if s.locks == 0 {
		return nil // no Combat Lock on the battlefield
	}
	ps := s.pieces
	for i := range ps {
		p := &ps[i]
		if p.lock >= 0 && p.owner == s.player && p.flags&(fLockActed|fEngaged) == 0 && s.alive(i) {
			return s.illegal(ruleLock, "%s is Locked in Combat: engage it to attack or attempt to escape before ending the turn", s.name(i))
		}
	}
	return nil
}

// endTurn ends the Attacking Player's turn: Item Acquisition, then "End
// Player's Turn".
func (s *State) endTurn(ev *engine.Log) {
	if s.eng.p >= 0 {
		s.disengage(ev)
	}
	// "If the Player killed 1 Unit they may acquire 1 Item from the Item
	// Deck on a D6 Roll of 5 or greater, if the Player killed 3 Units ...
	// 3 or greater, if the Player killed 5 Units they may acquire 1 Item"
	// (seed 004, "Item Acquisition"; TD-36: 2 kills count as 1, 4 as 3).
	k := s.killsTurn
	if k < 3 && s.inventoryInvention(ev) {
		k = 3 // Inventory Invention: "as though having killed 3 Units this Turn" (TD-125)
	}
	if k > 0 && len(s.deck) > 0 {
		need := 5
		switch {
		case k >= 5:
			need = 0
		case k >= 3:
			need = 3
		}
		ok := need == 0
		if !ok {
			r := s.rng.Roll(6)
			s.event(ev, "roll", "%s rolls %d on 1 D6 for Item Acquisition (%d kills), needs %d or more: %s", seatWord(s.player), r, k, need, acquires(r >= need))
			ok = r >= need
		}
		if ok {
			it := s.deck[0]
			s.deck = s.deck[1:]
			s.event(ev, "item.acquired", "%s acquires the %s from the Item Deck", seatWord(s.player), s.g.item(int(it)))
			s.pend = pending{kind: pendEquip, seat: s.player, item: it}
			if s.hasEquipTarget(it) {
				return
			}
			s.pend = pending{}
			s.toDeckBottom(it)
			s.event(ev, "item.discarded", "no unit may equip the %s: it goes to the bottom of the Item Deck", s.g.item(int(it)))
		}
	}
	s.finishTurn(ev)
}

// finishTurn passes the turn: Feared units frighten their neighbours, the
// mission may end, and the other player's turn begins.
func (s *State) finishTurn(ev *engine.Log) {
	s.fearedAtEndOfTurn(ev)
	s.endTurnHooks(ev)
	s.event(ev, "turn.end", "%s ends the turn", seatWord(s.player))
	s.checkOver(ev)
	if s.over {
		return
	}
	if s.conf.turns > 0 && s.turns[0] >= int16(s.conf.turns) && s.turns[1] >= int16(s.conf.turns) {
		s.endByTurns(ev)
		return
	}
	s.player = 1 - s.player
	s.startTurn(ev)
}

// fearedAtEndOfTurn applies Feared: "Enemy Units in direct Grid Space
// Contact at the end of either Player's Turn acquire the Fearful Status."
// The Mask of Fear: "This Unit counts as having acquired the Feared Status."
func (s *State) fearedAtEndOfTurn(ev *engine.Log) {
	serial := s.present.has(abSuperSerial)
	for i := range s.pieces {
		if p := &s.pieces[i]; !serial && !p.has(Feared) && (p.items[slotAccessory] <= 0 || !s.g.items[p.items[slotAccessory]].feared) {
			continue // feared's three ways, none open
		}
		if !s.alive(i) || !s.feared(i) {
			continue
		}
		for j := range s.pieces {
			if s.pieces[j].owner != s.pieces[i].owner && s.alive(j) && adjacent(s.pt(i), s.pt(j)) {
				s.acquire(j, Fearful, ev)
			}
		}
	}
}

// feared reports whether piece i has the Feared Status or counts as having
// it.
func (s *State) feared(i int) bool {
	p := &s.pieces[i]
	return p.has(Feared) || (p.items[slotAccessory] > 0 && s.g.items[p.items[slotAccessory]].feared) ||
		s.hasAb(i, abSuperSerial) // "This Unit permanently has the Feared Status" (TD-123)
}

// defeated reports whether seat has lost every unit: all Dead, none with a
// Revival Stone to return (TD-38).
func (s *State) defeated(seat int) bool {
	for i := range s.pieces {
		p := &s.pieces[i]
		if s.trueOwner(i) != seat {
			continue // a Possessed unit is its own player's (TD-110)
		}
		if s.alive(i) || (p.flags&fRemoved == 0 && p.items[slotExpendable] == itemRevivalStone) {
			return false
		}
	}
	return true
}

// checkOver ends the battle when a player has no unit left: "the winner is
// whichever Player succeeds in killing all the other Player's Units" (seed
// 004, "Mission Types"; TD-39 for the turn missions).
func (s *State) checkOver(ev *engine.Log) {
	if s.over || s.stage != stageBattle {
		return
	}
	d0, d1 := s.defeated(0), s.defeated(1)
	switch {
	case d0 && d1:
		s.finish(0, "every unit of both armies is dead: a draw", ev)
	case d0:
		s.finish(engine.SeatSet(0).With(1), "two killed every unit of one (Tactics David rules, Mission Types)", ev)
	case d1:
		s.finish(engine.SeatSet(0).With(0), "one killed every unit of two (Tactics David rules, Mission Types)", ev)
	}
}

// endByTurns ends a battle played for a set number of turns (seed 004,
// "Mission Types": "adding up how many kills they made or how much money
// they have invested in the remaining Units on the Battlefield"). An
// undecided Deathmatch is a draw at the agreed limit (TD-39).
func (s *State) endByTurns(ev *engine.Log) {
	score, counted := s.missionScore()
	what := "kills"
	if s.conf.mission == Money {
		what = "money in surviving units"
	}
	if !counted {
		s.finish(0, "the agreed number of turns is played and both armies stand: a draw (ruling TD-39)", ev)
		return
	}
	why := "after the set number of turns"
	switch {
	case score[0] > score[1]:
		s.finish(engine.SeatSet(0).With(0), why+", one has more "+what, ev)
	case score[1] > score[0]:
		s.finish(engine.SeatSet(0).With(1), why+", two has more "+what, ev)
	default:
		s.finish(0, why+", both have as many "+what+": a draw", ev)
	}
}

// missionScore returns what a mission played for a set number of turns
// counts for each player (seed 004, "Mission Types": "adding up how many
// kills they made or how much money they have invested in the remaining
// Units on the Battlefield"), and whether the mission counts anything: a
// Deathmatch does not.
func (s *State) missionScore() (score [2]int, counted bool) {
	switch s.conf.mission {
	case Kills:
		score[0], score[1] = int(s.kills[0]), int(s.kills[1])
	case Money:
		for i := range s.pieces {
			if s.alive(i) {
				score[s.pieces[i].owner] += int(s.info[s.pieces[i].prof].cost)
			}
		}
	default:
		return score, false
	}
	return score, true
}

// finish ends the battle won by w (none for a draw). Places follow the
// winner: killing every enemy unit wins a kills or money mission too
// (TD-39). The scores are what the mission counts, kills or money in
// surviving units, however the battle ended; a Deathmatch counts nothing,
// and its winner scores 1 and the loser 0.
func (s *State) finish(w engine.SeatSet, why string, ev *engine.Log) {
	s.over = true
	s.stage = stageOver
	s.result = engine.Won(2, w, why)
	if score, counted := s.missionScore(); counted {
		s.result.Scores[0], s.result.Scores[1] = float64(score[0]), float64(score[1])
	}
	s.eng = noEngagement
	s.pend = pending{}
	s.event(ev, "battle.over", "%s", (*strRef)(&s.result.Reason)) // why, boxed without allocating
}
