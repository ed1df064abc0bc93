package blackred

import (
	"fmt"

	"skald/engine"
)

// Citations of the rules in refusals and endings, as a player reads them:
// the rulebook (seed 002) by its game and section, a ruling of
// docs/rulings/blackred.md by its number. No file name: players do not
// have the files (issue 21, item 7).
const (
	ruleSetup     = "Black & Red rules, Game setup"
	ruleStrategy  = "Black & Red rules, Strategy cards"
	ruleAttacker  = "Black & Red rules, Battle: the attacker always has to say what weapon he will use first"
	ruleDefender  = "Black & Red rules, Battle: then the attacked player will say what weapon he will use"
	ruleForce     = "Black & Red rules, Battle: pick the force card with that number and place it face down"
	ruleUpTo3     = "Black & Red rules, Battle: you can choose to use up to 3 battle cards, in the stated order"
	ruleUnitCards = "Black & Red rules, Unit cards"
	ruleLoseAll   = "Black & Red rules, Battle: the first player that loses all his units has lost the game"
	ruleWeapons   = "ruling BR-1"  // three weapons
	ruleFeint     = "ruling BR-6"  // the designed strategy cards: Feint
	ruleSpy       = "ruling BR-12" // Spy and the force cards
	ruleEnd       = "ruling BR-18" // a draw
)

// shuffleDeck gathers all of seat's battle cards and shuffles them: the
// deck left, then the cards taken out of the game (seed 002, Battle).
func (s *State) shuffleDeck(seat engine.Seat) {
	sd := &s.side[seat]
	sd.flip() // top first, then the cards taken out below it
	copy(sd.deck[sd.nDeck:], sd.out[:sd.nOut])
	sd.nDeck += sd.nOut
	sd.nOut = 0
	d := sd.deck[:sd.nDeck]
	s.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	sd.flip()
}

// shuffleStrategy puts the played strategy cards back in the strategy deck
// and shuffles it; the cards in the players' hands stay there (seed 002,
// Strategy cards).
func (s *State) shuffleStrategy() {
	copy(s.strat[s.nStrat:], s.discard[:s.nDiscard])
	s.nStrat += s.nDiscard
	s.nDiscard = 0
	d := s.strat[:s.nStrat]
	s.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

// draw gives seat the next strategy card. When the deck is empty the
// played cards are shuffled into a new deck (ruling: the seed keeps hands
// at 3 cards but never says what happens when the deck runs out).
func (s *State) draw(seat engine.Seat, ev *engine.Log) {
	if s.nStrat == 0 {
		s.shuffleStrategy()
		ev.Add(engine.Everyone, "strategy.reshuffle", "the strategy deck ran out: the played strategy cards are shuffled into a new deck")
	}
	if s.nStrat == 0 {
		return
	}
	card := s.strat[0]
	copy(s.strat[:], s.strat[1:s.nStrat])
	s.nStrat--
	sd := &s.side[seat]
	for k := range sd.hand {
		if sd.hand[k] == none {
			sd.hand[k] = int8(card)
			ev.Add(engine.Seats(seat), "strategy.draw", "%s draws %s", colour(seat), s.strategy(int8(card)))
			return
		}
	}
}

// loseUnits turns up to n of seat's units to their gravestones, first in
// line first (ruling: which unit is lost does not matter, seed 002). why
// says why in the events: a constant string or a *lostTo.
func (s *State) loseUnits(seat engine.Seat, n int, why any, ev *engine.Log) {
	sd := &s.side[seat]
	for ; n > 0 && sd.alive != 0; n-- {
		low := sd.alive & -sd.alive
		sd.alive &^= low
		ev.Add(engine.Everyone, "unit.lost", "%s loses a unit (%s): %s left", colour(seat), why, (*unitCount)(sd))
	}
}

// reviveUnit turns seat's first gravestone back to its unit side.
func (s *State) reviveUnit(seat engine.Seat, ev *engine.Log) {
	sd := &s.side[seat]
	for i := 0; i < int(s.units); i++ {
		if sd.alive&(1<<uint(i)) == 0 {
			sd.alive |= 1 << uint(i)
			ev.Add(engine.Everyone, "unit.back", "%s turns a gravestone back to its unit: %s", colour(seat), (*unitCount)(sd))
			return
		}
	}
}

// checkOver ends the match when a player has lost all units (seed 002,
// Battle). Both at once is a draw (ruling).
func (s *State) checkOver(ev *engine.Log) bool {
	b, r := s.side[Black].alive == 0, s.side[Red].alive == 0
	switch {
	case b && r:
		s.result = ending{Reason: "both players lost all their units at once: a draw (" + ruleEnd + ")"}
	case b:
		s.result = ending{Winners: engine.Seats(Red), Reason: "black lost all units (" + ruleLoseAll + ")"}
	case r:
		s.result = ending{Winners: engine.Seats(Black), Reason: "red lost all units (" + ruleLoseAll + ")"}
	default:
		return false
	}
	s.phase = phaseOver
	ev.Add(engine.Everyone, "game.over", "%s", &s.result)
	return true
}

// startBattle runs what happens before the attacker states his weapon:
// running out of battle cards and the unit cards in the top three.
func (s *State) startBattle(ev *engine.Log) {
	if s.checkOver(ev) {
		return
	}
	s.battle++
	if s.battle > battleCap {
		s.result = ending{Reason: fmt.Sprintf("no winner after %d battles: a draw (%s)", battleCap, ruleEnd)}
		s.phase = phaseOver
		ev.Add(engine.Everyone, "game.over", "%s", &s.result)
		return
	}
	ev.Add(engine.Everyone, "battle.start", "battle %s: %s attacks", (*battleNumber)(&s.battle), colour(s.attacker))
	for {
		if s.runOut(ev) {
			if s.checkOver(ev) {
				return
			}
			continue
		}
		s.placeUnitCards(ev)
		if s.side[Black].nDeck > 0 && s.side[Red].nDeck > 0 {
			break
		}
	}
	for i := range s.side {
		sd := &s.side[i]
		for _, c := range sd.active[:sd.nActive] {
			if s.t.deck[i][c].kind == effHerald && s.attacker != engine.Seat(i) {
				s.attacker = engine.Seat(i)
				ev.Add(engine.Everyone, "battle.attacker", "%s's %s: %s is the attacker in this battle", colour(i), s.card(engine.Seat(i), c), colour(i))
			}
		}
	}
	s.phase = phaseAttackerWeapon
	s.setForced(ev)
	a := &s.side[s.attacker]
	if a.forced != none {
		a.weapon = a.forced
		ev.Add(engine.Everyone, "weapon.forced", "%s must use %s", colour(s.attacker), weapon(a.forced))
		s.phase = phaseStrategy
	}
}

// runOut handles players with no battle card left in their decks: each
// loses two units, and both players shuffle all their battle cards, and
// the strategy deck is shuffled (seed 002, Battle and Strategy cards). A
// deck that holds only unit cards has run out too: "When all battle cards
// have been taken out of the game for one of the players, that player
// loses two units" (seed 002, Battle) — the unit cards do not count, and
// it runs out in the same battle as the other player's empty deck, not
// after the shuffle that the other's running out makes (BR-14).
func (s *State) runOut(ev *engine.Log) bool {
	out := false
	for i := range s.side {
		if !s.hasBattleCard(engine.Seat(i)) {
			out = true
			s.loseUnits(engine.Seat(i), 2, "all battle cards used", ev)
		}
	}
	if !out {
		return false
	}
	for i := range s.side {
		s.side[i].nActive = 0
	}
	s.shuffleDeck(Black)
	s.shuffleDeck(Red)
	s.shuffleStrategy()
	ev.Add(engine.Everyone, "deck.reshuffle", "both players shuffle all their battle cards; the strategy deck is shuffled")
	return true
}

// hasBattleCard reports whether seat's battle deck holds a battle card,
// not only unit cards.
func (s *State) hasBattleCard(seat engine.Seat) bool {
	sd := &s.side[seat]
	unit := &s.t.unit[seat]
	for k := int(sd.nDeck) - 1; k >= 0; k-- { // from the top: most often the first
		if !unit[sd.deck[k]] {
			return true
		}
	}
	return false
}

// placeUnitCards places the unit cards among the top three of each deck on
// the table; one of each player's cancels one of the other's (seed 002,
// Unit cards). The top three are checked again until they hold none, so a
// battle is always fought with battle cards (ruling).
func (s *State) placeUnitCards(ev *engine.Log) {
	var placed [2][maxDeck]uint8
	var n [2]int
	for i := range s.side {
		sd := &s.side[i]
		unit := &s.t.unit[i]
		for {
			size := int(sd.nDeck)
			k := 0 // from the top
			for k < maxUse && k < size && !unit[sd.deck[size-1-k]] {
				k++
			}
			if k == maxUse || k == size {
				break
			}
			card := sd.deck[size-1-k]
			copy(sd.deck[size-1-k:], sd.deck[size-k:size]) // the cards above it move down
			sd.nDeck--
			sd.out[sd.nOut] = card
			sd.nOut++
			placed[i][n[i]] = card
			n[i]++
			ev.Add(engine.Everyone, "unit-card.placed", "%s has %s among the top three: %s", colour(i), s.card(engine.Seat(i), card), s.unitText(engine.Seat(i), card))
		}
	}
	cancel := min(n[0], n[1])
	for k := 0; k < cancel; k++ {
		ev.Add(engine.Everyone, "unit-card.cancelled", "%s and %s take out one another", s.card(Black, placed[0][k]), s.card(Red, placed[1][k]))
	}
	for i := range s.side {
		sd := &s.side[i]
		for k := cancel; k < n[i] && int(sd.nActive) < len(sd.active); k++ {
			sd.active[sd.nActive] = placed[i][k]
			sd.nActive++
		}
	}
}

// setForced works out which weapon each side must use: a Call card played
// against it, else a unit card that sets both weapons. A strategy card
// overrides a unit card (ruling).
func (s *State) setForced(ev *engine.Log) {
	both := int8(none)
	for i := range s.side {
		sd := &s.side[i]
		for _, c := range sd.active[:sd.nActive] {
			if e := &s.t.deck[i][c]; e.kind == effBothWeapon {
				both = e.weapon
			}
		}
	}
	for i := range s.side {
		sd := &s.side[i]
		sd.forced = both
		if p := s.side[1-i].played; p != none {
			if e := &s.t.strat[p]; e.kind == effCall {
				sd.forced = e.weapon
			}
		}
	}
}

// playedEffect returns the effect of the strategy card seat played, once
// the strategy cards are turned over: none acts while it lies face down.
func (s *State) playedEffect(seat engine.Seat) eff { return s.pe[seat] }

// maxCards returns how many battle cards seat may use now: up to three
// (seed 002), no more than the deck holds, and no more than an enemy's
// max-cards strategy card allows.
func (s *State) maxCards(seat engine.Seat) int {
	n := min(maxUse, int(s.side[seat].nDeck))
	if s.phase == phaseStrategy {
		return n // the strategy cards are still face down
	}
	if e := s.playedEffect(1 - seat); e.kind == effMaxCards {
		n = min(n, int(e.cards))
	}
	return n
}

// total returns seat's battle points: the power of the first card, the
// extra of the others (seed 002, Battle), and the bonuses of unit and
// strategy cards; an enemy's sabotage takes points away, never below 0.
func (s *State) total(seat engine.Seat) int {
	sd, en := &s.side[seat], &s.side[1-seat]
	tab := s.t
	w := sd.weapon
	top := int(sd.nDeck) - 1
	t := int(tab.power[seat][sd.deck[top]][w])
	for k := 1; k < int(sd.force); k++ {
		t += int(tab.extra[seat][sd.deck[top-k]][w])
	}
	for _, c := range sd.active[:sd.nActive] {
		if e := &tab.deck[seat][c]; e.kind == effBonus {
			t += int(e.points)
		}
	}
	switch e := s.playedEffect(seat); e.kind {
	case effBonus:
		t += int(e.points)
	case effMatchup:
		if w == e.weapon && en.weapon == e.enemy {
			t += int(e.points)
		}
	}
	if e := s.playedEffect(1 - seat); e.kind == effSabotage {
		t = max(0, t-int(e.points))
	}
	return t
}

// resolve fights the battle once both force cards are down.
func (s *State) resolve(ev *engine.Log) {
	// The battle is recorded for the views as it is fought; the events
	// read the totals from the record.
	s.last = lastBattle{number: s.battle}
	var tot [2]int
	for i := range s.side {
		seat := engine.Seat(i)
		sd := &s.side[i]
		tot[i] = s.total(seat)
		s.last.weapon[i], s.last.force[i], s.last.total[i] = sd.weapon, sd.force, int16(tot[i])
		for k := 0; k < int(sd.force); k++ {
			s.last.cards[i][k] = sd.top(k)
		}
		s.last.played[i] = sd.played
		s.last.active[i], s.last.nActive[i] = sd.active, sd.nActive
	}
	// Each total as its terms, each named with its card (issue 21, item 4).
	ev.Add(engine.Everyone, "battle.cards", "%s", s.battleCards(Black))
	ev.Add(engine.Everyone, "battle.cards", "%s", s.battleCards(Red))
	winner := none
	switch {
	case tot[0] > tot[1]:
		winner = 0
	case tot[1] > tot[0]:
		winner = 1
	default:
		for i := range s.side {
			if s.playedEffect(engine.Seat(i)).kind == effHold {
				winner = i
				ev.Add(engine.Everyone, "battle.hold", "%s holds the line and wins the tie", colour(i))
			}
		}
	}
	s.last.winner = int8(winner)
	if winner == none {
		ev.Add(engine.Everyone, "battle.tie", "%s to %s: nobody wins", s.points(Black), s.points(Red))
	} else {
		w, l := engine.Seat(winner), engine.Seat(1-winner)
		ev.Add(engine.Everyone, "battle.won", "%s wins the battle %s to %s", colour(w), s.points(w), s.points(l))
		// why names the card that raised the loss, for the events.
		var why any = "lost the battle"
		loss := 1
		for i := range s.side {
			if e := s.playedEffect(engine.Seat(i)); e.kind == effNoQuarter {
				loss, why = int(e.units), "lost the battle, No Quarter"
			}
			sd := &s.side[i]
			for _, c := range sd.active[:sd.nActive] {
				if e := &s.t.deck[i][c]; e.kind == effNoQuarter {
					loss, why = int(e.units), (*lostTo)(&s.c.Decks[i][c])
				}
			}
		}
		if s.playedEffect(l).kind == effShield {
			loss = 0
			ev.Add(engine.Everyone, "battle.shield", "%s's shield wall: no unit is lost", colour(l))
		}
		s.loseUnits(l, loss, why, ev)
		if e := s.playedEffect(w); e.kind == effRevive {
			for k := 0; k < int(e.units); k++ {
				s.reviveUnit(w, ev)
			}
		}
		s.lastWinner = int8(winner)
	}
	// Used cards leave play (seed 002, Battle).
	for i := range s.side {
		sd := &s.side[i]
		f := int(sd.force)
		for k := 0; k < f; k++ {
			sd.out[int(sd.nOut)+k] = sd.top(k)
		}
		sd.nOut += uint8(f)
		sd.nDeck -= uint8(f)
		if sd.played != none {
			s.discard[s.nDiscard] = uint8(sd.played)
			s.nDiscard++
		}
		sd.played, sd.weapon, sd.force, sd.forced, sd.nActive, sd.revealed = none, none, 0, none, 0, false
	}
	s.pe = [2]eff{}
	// The winner attacks next; on a tie the last winner does (seed 002).
	// Before anyone has won, the first attacker does: a Herald gives the
	// attack for its own battle only (BR-13, BR-17).
	if s.lastWinner != none {
		s.attacker = engine.Seat(s.lastWinner)
	} else {
		s.attacker = s.first
	}
	s.startBattle(ev)
}
