package blackred

import (
	"fmt"
	"strconv"
	"strings"

	"skald/engine"
)

// Action kinds and their text forms.
const (
	kindWeapon   = 1 + iota // "weapon bow": the attacker's or the defender's weapon
	kindStrategy            // "strategy call-to-bows": the strategy card played
	kindFeint               // "feint spear" or "feint keep": Feint's change of weapon
	kindForce               // "force 2": the force card placed face down
)

const keep = -1 // Arg[0] of "feint keep"

// FormatAction returns the stable text form of a.
func (s *State) FormatAction(a engine.Action) string {
	w := func() string {
		if a.Arg[0] >= 0 && int(a.Arg[0]) < numWeapons {
			return weaponNames[a.Arg[0]]
		}
		return "?"
	}
	switch a.Kind {
	case kindWeapon:
		return "weapon " + w()
	case kindStrategy:
		if a.Arg[0] >= 0 && int(a.Arg[0]) < len(s.c.Strategy) {
			return "strategy " + s.c.Strategy[a.Arg[0]].ID
		}
		return "strategy ?"
	case kindFeint:
		if a.Arg[0] == keep {
			return "feint keep"
		}
		return "feint " + w()
	case kindForce:
		return "force " + strconv.Itoa(int(a.Arg[0]))
	}
	return fmt.Sprintf("unknown-%d", a.Kind)
}

// ParseAction parses the text form of one of seat's actions.
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	if seat != Black && seat != Red {
		return engine.Action{}, fmt.Errorf("no seat %d (black is 0, red is 1)", seat)
	}
	f := strings.Fields(strings.ToLower(text))
	if len(f) != 2 {
		return engine.Action{}, fmt.Errorf("%q: an action is two words: weapon W, strategy ID, feint W|keep or force N", text)
	}
	a := engine.Action{Seat: seat}
	switch f[0] {
	case "weapon", "feint":
		a.Kind = kindWeapon
		if f[0] == "feint" {
			a.Kind = kindFeint
			if f[1] == "keep" {
				a.Arg[0] = keep
				return a, nil
			}
		}
		w, ok := parseWeapon(strings.TrimSuffix(f[1], "s"))
		if !ok {
			return engine.Action{}, fmt.Errorf("%q: no weapon %q (sword, spear, bow)", text, f[1])
		}
		a.Arg[0] = int16(w)
	case "strategy":
		a.Kind = kindStrategy
		for i, c := range s.c.Strategy {
			if c.ID == f[1] {
				a.Arg[0] = int16(i)
				return a, nil
			}
		}
		return engine.Action{}, fmt.Errorf("%q: no strategy card %q", text, f[1])
	case "force":
		a.Kind = kindForce
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > maxUse {
			return engine.Action{}, fmt.Errorf("%q: the force cards say 1, 2 or 3", text)
		}
		a.Arg[0] = int16(n)
	default:
		return engine.Action{}, fmt.Errorf("%q: unknown action %q (weapon, strategy, feint, force)", text, f[0])
	}
	return a, nil
}

// Deciders returns the seats that must act now.
func (s *State) Deciders() engine.SeatSet {
	switch s.phase {
	case phaseAttackerWeapon:
		return engine.Seats(s.attacker)
	case phaseDefenderWeapon:
		return engine.Seats(s.defender())
	case phaseStrategy:
		var set engine.SeatSet
		for i := range s.side {
			if s.side[i].played == none {
				set = set.With(engine.Seat(i))
			}
		}
		return set
	case phaseFeint:
		for i := range s.side {
			if s.playedEffect(engine.Seat(i)).kind == effFeint {
				return engine.Seats(engine.Seat(i))
			}
		}
	case phaseForce:
		var set engine.SeatSet
		for i := range s.side {
			if s.side[i].force == 0 && !s.waitsForSpy(engine.Seat(i)) {
				set = set.With(engine.Seat(i))
			}
		}
		return set
	}
	return 0
}

// waitsForSpy reports whether seat holds the Spy and its enemy has not yet
// placed a force card.
func (s *State) waitsForSpy(seat engine.Seat) bool {
	return s.playedEffect(seat).kind == effSpy && s.side[1-seat].force == 0
}

// Legal appends seat's legal actions to buf.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if !s.Deciders().Has(seat) {
		return buf
	}
	return s.legal(seat, buf)
}

// NextLegal appends the legal actions of the lowest deciding seat to buf
// (engine.FastPath): Deciders().First() found without making the set.
func (s *State) NextLegal(buf []engine.Action) []engine.Action {
	seat, ok := s.decider()
	if !ok {
		return buf
	}
	return s.legal(seat, buf)
}

// decider returns the lowest deciding seat, Deciders().First(), found
// without making the set; false when no seat decides.
func (s *State) decider() (engine.Seat, bool) {
	seat := Black
	switch s.phase {
	case phaseAttackerWeapon:
		seat = s.attacker
	case phaseDefenderWeapon:
		seat = s.defender()
	case phaseStrategy:
		if s.side[Black].played != none {
			seat = Red // both played: the cards are turned over at once
		}
	case phaseFeint:
		if s.playedEffect(Black).kind != effFeint {
			if s.playedEffect(Red).kind != effFeint {
				return 0, false
			}
			seat = Red
		}
	case phaseForce:
		// One side at least has placed no force card (both placed:
		// resolved at once), and only one can hold the Spy.
		if s.side[Black].force != 0 || s.waitsForSpy(Black) {
			seat = Red
		}
	default:
		return 0, false
	}
	return seat, true
}

// legal appends the legal actions of seat, a deciding seat, to buf. The
// actions are copied from the table acts, made once: an action built field
// by field on the stack and copied at once into buf stalls the processor
// (the copy cannot be forwarded from the smaller stores), which cost more
// than the rest of the list.
func (s *State) legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	sd := &s.side[seat]
	t := &acts[seat&1]
	switch s.phase {
	case phaseAttackerWeapon, phaseDefenderWeapon:
		if sd.forced == none {
			return append(buf, t.weapon[:]...)
		}
		return append(buf, t.weapon[sd.forced])
	case phaseStrategy:
		for _, c := range sd.hand {
			if c != none {
				buf = append(buf, t.strategy[c])
			}
		}
	case phaseFeint:
		buf = append(buf, t.feint[0])
		for w := 0; w < numWeapons; w++ {
			if w != int(sd.weapon) {
				buf = append(buf, t.feint[1+w])
			}
		}
	case phaseForce:
		return append(buf, t.force[:s.maxCards(seat)]...)
	}
	return buf
}

// actTable holds every action of one seat, for legal to copy.
type actTable struct {
	weapon   [numWeapons]engine.Action     // weapon W
	strategy [numStrategy]engine.Action    // strategy C
	feint    [1 + numWeapons]engine.Action // feint keep, feint W
	force    [maxUse]engine.Action         // force 1..3
}

var acts = func() (t [2]actTable) {
	for i := range t {
		seat := engine.Seat(i)
		for w := range numWeapons {
			t[i].weapon[w] = engine.Action{Seat: seat, Kind: kindWeapon, Arg: [4]int16{int16(w)}}
			t[i].feint[1+w] = engine.Action{Seat: seat, Kind: kindFeint, Arg: [4]int16{int16(w)}}
		}
		t[i].feint[0] = engine.Action{Seat: seat, Kind: kindFeint, Arg: [4]int16{keep}}
		for c := range numStrategy {
			t[i].strategy[c] = engine.Action{Seat: seat, Kind: kindStrategy, Arg: [4]int16{int16(c)}}
		}
		for n := range maxUse {
			t[i].force[n] = engine.Action{Seat: seat, Kind: kindForce, Arg: [4]int16{int16(n + 1)}}
		}
	}
	return t
}()

// check returns why a may not be played now, citing the rule, or nil.
func (s *State) check(a engine.Action) error {
	if s.phase == phaseOver {
		return engine.Illegal(ruleLoseAll, "the game is over")
	}
	if a.Seat != Black && a.Seat != Red {
		return engine.Illegal(ruleSetup, "no seat %d: black is 0, red is 1", a.Seat)
	}
	me := colourNames[a.Seat]
	sd := &s.side[a.Seat]
	arg := int(a.Arg[0])
	if a.Arg[1] != 0 || a.Arg[2] != 0 || a.Arg[3] != 0 {
		return engine.Illegal(ruleSetup, "malformed action")
	}
	switch a.Kind {
	case kindWeapon:
		switch {
		case s.phase == phaseAttackerWeapon && a.Seat != s.attacker:
			return engine.Illegal(ruleAttacker, "%s is not the attacker: %s states a weapon first", me, colourNames[s.attacker])
		case s.phase == phaseDefenderWeapon && a.Seat != s.defender():
			return engine.Illegal(ruleDefender, "%s has stated its weapon; now the attacked player, %s, states one", me, colourNames[s.defender()])
		case s.phase == phaseStrategy:
			if a.Seat == s.attacker {
				return engine.Illegal(ruleAttacker, "%s has already stated its weapon", me)
			}
			return engine.Illegal(ruleDefender, "the attacked player states his weapon once the strategy cards have been played")
		case s.phase != phaseAttackerWeapon && s.phase != phaseDefenderWeapon:
			return engine.Illegal(ruleForce, "weapons have been stated; now %s", s.waitingFor())
		case arg < 0 || arg >= numWeapons:
			return engine.Illegal(ruleWeapons, "no such weapon")
		case sd.forced != none && int(sd.forced) != arg:
			return engine.Illegal(s.forcedRule(a.Seat), "%s must use %s in this battle", me, weaponNames[sd.forced])
		}
	case kindStrategy:
		if s.phase != phaseStrategy {
			if s.phase == phaseAttackerWeapon {
				return engine.Illegal(ruleAttacker, "strategy cards are played after the attacker has stated his weapon")
			}
			return engine.Illegal(ruleStrategy, "strategy cards have been played for this battle; now %s", s.waitingFor())
		}
		if sd.played != none {
			return engine.Illegal(ruleStrategy, "%s has already played a strategy card in this battle", me)
		}
		for _, c := range sd.hand {
			if c != none && int(c) == arg {
				return nil
			}
		}
		return engine.Illegal(ruleStrategy, "%s has no such strategy card in hand", me)
	case kindFeint:
		if s.phase != phaseFeint {
			return engine.Illegal(ruleFeint, "Feint changes a weapon only after both weapons have been stated, by the player who played it")
		}
		if s.playedEffect(a.Seat).kind != effFeint {
			return engine.Illegal(ruleFeint, "%s did not play Feint", me)
		}
		if arg != keep && (arg < 0 || arg >= numWeapons || arg == int(sd.weapon)) {
			return engine.Illegal(ruleFeint, "Feint changes to another weapon, or keeps the one stated")
		}
	case kindForce:
		switch {
		case s.phase != phaseForce:
			return engine.Illegal(ruleForce, "force cards are placed once both weapons are stated; now %s", s.waitingFor())
		case sd.force != 0:
			return engine.Illegal(ruleForce, "%s has already placed its force card", me)
		case s.waitsForSpy(a.Seat):
			return engine.Illegal(ruleSpy, "%s played the Spy and places its force card after %s's is turned over", me, colourNames[1-a.Seat])
		case arg < 1 || arg > maxUse:
			return engine.Illegal(ruleUpTo3, "the force cards say 1, 2 or 3")
		case arg > int(sd.nDeck):
			return engine.Illegal(ruleUpTo3, "%s has only %s left", me, plural(int(sd.nDeck), "battle card", "battle cards"))
		case arg > s.maxCards(a.Seat):
			return engine.Illegal(ruleStrategy, "%s's %s: %s may use at most %s", colourNames[1-a.Seat], s.c.Strategy[s.side[1-a.Seat].played].Name, me, cards(s.maxCards(a.Seat)))
		}
	default:
		return engine.Illegal(ruleSetup, "unknown action kind %d", a.Kind)
	}
	return nil
}

func (s *State) forcedRule(seat engine.Seat) string {
	if s.playedEffect(1-seat).kind == effCall {
		return ruleStrategy + ": you force your enemy to use a weapon"
	}
	return ruleUnitCards
}

func (s *State) waitingFor() string {
	d := s.Deciders()
	switch s.phase {
	case phaseAttackerWeapon:
		return colourNames[s.attacker] + " states a weapon"
	case phaseStrategy:
		return "strategy cards are being played"
	case phaseDefenderWeapon:
		return colourNames[s.defender()] + " states a weapon"
	case phaseFeint:
		return colourNames[d.First()] + " may use Feint"
	case phaseForce:
		return "force cards are being placed"
	}
	return "the game is over"
}

// Apply plays a, or returns an *engine.IllegalError and changes nothing.
func (s *State) Apply(a engine.Action, ev *engine.Log) error {
	if err := s.check(a); err != nil {
		return err
	}
	s.apply(a, ev)
	return nil
}

// ApplyLegal plays a, an action Legal lists now, without checking it
// again and without events (engine.FastPath).
func (s *State) ApplyLegal(a engine.Action) { s.apply(a, nil) }

// PlayRandom plays at most limit random actions (engine.RandomPlayer):
// the loop of NextLegal and ApplyLegal without the list, each choice
// drawn as r.IntN(len(list)) and mapped to the action at that place of
// the list Legal makes (the conformance suite compares the two).
func (s *State) PlayRandom(r *engine.Rand, buf []engine.Action, limit int) (int, []engine.Action) {
	n := 0
	for ; n < limit; n++ {
		seat, ok := s.decider()
		if !ok {
			break
		}
		sd := &s.side[seat]
		switch s.phase {
		case phaseAttackerWeapon, phaseDefenderWeapon:
			w := sd.forced
			if w == none {
				w = int8(r.IntN(numWeapons))
			} else {
				r.IntN(1) // a list of one
			}
			s.applyWeapon(seat, w, nil)
		case phaseStrategy:
			var cards [maxHand]int8
			k := 0
			for _, c := range sd.hand {
				if c != none {
					cards[k] = c
					k++
				}
			}
			if k == 0 {
				return n, buf
			}
			s.applyStrategy(seat, cards[r.IntN(k)], nil)
		case phaseFeint:
			// keep, then the other weapons in order
			i := int8(r.IntN(1 + numWeapons - 1))
			w := int8(keep)
			if i > 0 {
				w = i - 1
				if w >= sd.weapon {
					w++
				}
			}
			s.applyFeint(seat, w, nil)
		case phaseForce:
			m := s.maxCards(seat)
			if m <= 0 {
				return n, buf
			}
			s.applyForce(seat, int8(1+r.IntN(m)), nil)
		}
	}
	return n, buf
}

// apply plays a, which check has found legal.
func (s *State) apply(a engine.Action, ev *engine.Log) {
	arg := int8(a.Arg[0])
	switch a.Kind {
	case kindWeapon:
		s.applyWeapon(a.Seat, arg, ev)
	case kindStrategy:
		s.applyStrategy(a.Seat, arg, ev)
	case kindFeint:
		s.applyFeint(a.Seat, arg, ev)
	case kindForce:
		s.applyForce(a.Seat, arg, ev)
	}
}

// applyWeapon plays "weapon W" of seat.
func (s *State) applyWeapon(seat engine.Seat, w int8, ev *engine.Log) {
	s.side[seat].weapon = w
	ev.Add(engine.Everyone, "weapon", "%s states %s", colour(seat), weapon(w))
	if s.phase == phaseAttackerWeapon {
		s.phase = phaseStrategy
	} else {
		s.afterWeapons(ev)
	}
}

// applyStrategy plays "strategy C" of seat.
func (s *State) applyStrategy(seat engine.Seat, card int8, ev *engine.Log) {
	sd := &s.side[seat]
	sd.played = card
	for k, c := range sd.hand {
		if c == card {
			sd.hand[k] = none
			break
		}
	}
	ev.Add(engine.Everyone, "strategy.placed", "%s places a strategy card face down", colour(seat))
	ev.Add(engine.Seats(seat), "strategy.placed", "you placed %s", s.strategy(card))
	if s.side[1-seat].played != none {
		s.revealStrategy(ev)
	}
}

// applyFeint plays "feint W" (or keep) of seat.
func (s *State) applyFeint(seat engine.Seat, w int8, ev *engine.Log) {
	sd := &s.side[seat]
	if w != keep {
		sd.weapon = w
		ev.Add(engine.Everyone, "weapon.feint", "%s feints and changes to %s", colour(seat), weapon(w))
	} else {
		ev.Add(engine.Everyone, "weapon.feint", "%s keeps %s", colour(seat), weapon(sd.weapon))
	}
	s.phase = phaseForce
}

// applyForce plays "force N" of seat.
func (s *State) applyForce(seat engine.Seat, n int8, ev *engine.Log) {
	sd := &s.side[seat]
	sd.force = n
	ev.Add(engine.Everyone, "force.placed", "%s places a force card face down", colour(seat))
	ev.Add(engine.Seats(seat), "force.placed", "you placed force %d", n)
	other := &s.side[1-seat]
	switch {
	case other.force != 0:
		ev.Add(engine.Everyone, "force.revealed", "force cards turned over: black %d, red %d", s.side[Black].force, s.side[Red].force)
		s.resolve(ev)
	case s.playedEffect(1-seat).kind == effSpy:
		sd.revealed = true
		ev.Add(engine.Everyone, "force.revealed", "%s's Spy: %s turns its force card over first: %d", colour(1-seat), colour(seat), n)
	}
}

// revealStrategy turns both strategy cards over, both players draw a new
// one, and Call cards take effect (seed 002, Strategy cards).
func (s *State) revealStrategy(ev *engine.Log) {
	s.pe[Black], s.pe[Red] = s.t.strat[s.side[Black].played], s.t.strat[s.side[Red].played]
	ev.Add(engine.Everyone, "strategy.revealed", "strategy cards turned over: black %s, red %s",
		s.strategy(s.side[Black].played), s.strategy(s.side[Red].played))
	s.draw(Black, ev)
	s.draw(Red, ev)
	s.setForced(ev)
	a := &s.side[s.attacker]
	if a.forced != none && a.weapon != a.forced {
		a.weapon = a.forced
		ev.Add(engine.Everyone, "weapon.forced", "%s must use %s instead", colour(s.attacker), weapon(a.forced))
	}
	s.phase = phaseDefenderWeapon
	if d := &s.side[s.defender()]; d.forced != none {
		d.weapon = d.forced
		ev.Add(engine.Everyone, "weapon.forced", "%s must use %s", colour(s.defender()), weapon(d.forced))
		s.afterWeapons(ev)
	}
}

// afterWeapons moves on once both weapons are stated: to Feint if it was
// played by a side whose weapon is not forced, else to the force cards.
func (s *State) afterWeapons(ev *engine.Log) {
	s.phase = phaseForce
	for i := range s.side {
		if s.playedEffect(engine.Seat(i)).kind == effFeint {
			if s.side[i].forced == none {
				s.phase = phaseFeint
			} else {
				ev.Add(engine.Everyone, "weapon.feint", "%s's weapon is forced: Feint has no effect", colour(i))
			}
		}
	}
}
