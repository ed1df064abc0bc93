package blackred

import (
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

// TestSetupShuffles checks the setup of seed 002's "Game setup" over many
// seeds: "Shuffle the strategy deck", "Each player draw 3 strategy cards"
// and "Each player takes there color of battle deck (black or red) and
// shuffle them up" — every card is dealt once, the orders come from the
// match's seed, and the two battle decks are shuffled apart.
func TestSetupShuffles(t *testing.T) {
	tops := [2]map[string]bool{{}, {}}
	hands := map[string]bool{}
	sameOrder := 0
	const seeds = 100
	for seed := uint64(0); seed < seeds; seed++ {
		s := newState(t, seed, engine.Options{"first": "black"})
		checkCardsOnce(t, s, "seed", seed)
		var hand []string
		for i := range s.side {
			sd := &s.side[i]
			if sd.handCount() != maxHand {
				t.Fatalf("seed %d: %s holds %d strategy cards, want 3", seed, colourNames[i], sd.handCount())
			}
			for _, h := range sd.hand {
				hand = append(hand, s.c.Strategy[h].ID)
			}
			var top []string
			for k := range maxUse {
				top = append(top, s.c.Decks[i][sd.top(k)].Name)
			}
			tops[i][strings.Join(top, ",")] = true
		}
		hands[strings.Join(hand, ",")] = true
		if slices.Equal(s.side[Black].deck[:s.side[Black].nDeck], s.side[Red].deck[:s.side[Red].nDeck]) {
			sameOrder++
		}
	}
	for i := range tops {
		if len(tops[i]) < seeds*9/10 {
			t.Errorf("%s's battle deck: %d different top threes in %d seeds; the deck is not shuffled", colourNames[i], len(tops[i]), seeds)
		}
	}
	if len(hands) < seeds*9/10 {
		t.Errorf("%d different opening hands in %d seeds; the strategy deck is not shuffled", len(hands), seeds)
	}
	if sameOrder > 0 {
		t.Errorf("in %d seeds the two battle decks lie in the same order: one shuffle for both", sameOrder)
	}
}

// checkCardsOnce checks that every battle card of each deck is in the deck
// or out of the game, once, and every strategy card in a hand, on the
// table, in the deck or in the discard pile, once.
func checkCardsOnce(t *testing.T, s *State, what string, n uint64) {
	t.Helper()
	for i := range s.side {
		sd := &s.side[i]
		seen := make([]int, len(s.c.Decks[i]))
		for _, c := range sd.deck[:sd.nDeck] {
			seen[c]++
		}
		for _, c := range sd.out[:sd.nOut] {
			seen[c]++
		}
		for c, k := range seen {
			if k != 1 {
				t.Fatalf("%s %d: %s's card %d (%s) is %d times in the deck and out of the game", what, n, colourNames[i], c, s.c.Decks[i][c].Name, k)
			}
		}
	}
	seen := make([]int, numStrategy)
	for i := range s.side {
		sd := &s.side[i]
		for _, h := range sd.hand {
			if h != none {
				seen[h]++
			}
		}
		if sd.played != none {
			seen[sd.played]++
		}
	}
	for _, c := range s.strat[:s.nStrat] {
		seen[c]++
	}
	for _, c := range s.discard[:s.nDiscard] {
		seen[c]++
	}
	for c, k := range seen {
		if k != 1 {
			t.Fatalf("%s %d: strategy card %s is %d times in hands, on the table, the deck and the discard pile", what, n, s.c.Strategy[c].ID, k)
		}
	}
}

// TestSeedRulesHoldInRandomPlay plays many seeded random matches and, at
// every battle, checks the rules of seed 002's "Battle" and "Battle in
// short" against a reckoning made apart from the rule code, from the
// position before the force cards were turned over:
//
//   - the points: "the power of the first card and then add the extra from
//     the other card/cards", plus the cards' bonuses (BR-6, BR-7);
//   - "the player that has the highest value ... wins the battle. If both
//     players have the same value nobody wins" (Hold the Line: BR-6);
//   - "If you lose a battle, you lose a unit" (No Quarter, the Executioner
//     and the Headsman two, Shield Wall none: BR-16);
//   - "After each battle you place the used battle cards in a deck on the
//     table ... taken out of the game";
//   - "The winner of a battle will always be the one to attack in the next
//     round ... If nobody won the player that last won a battle will be
//     the attacker" (a Herald's owner attacks in its battle: BR-13; before
//     anyone has won, the first attacker: BR-17);
//   - "When all battle cards have been taken out of the game for one of the
//     players, that player loses two units";
//   - "Both players shall always have 3 strategy cards on their hand", and
//     every card is somewhere, once, at every position.
func TestSeedRulesHoldInRandomPlay(t *testing.T) {
	battles, ties, runOuts := 0, 0, 0
	for seed := uint64(0); seed < 300; seed++ {
		opts := engine.Options{}
		if seed%3 == 1 {
			opts["units"] = "12"
		}
		s := newState(t, seed, opts)
		r := engine.NewRand(seed + 7)
		for step := 0; !s.Deciders().Empty(); step++ {
			checkCardsOnce(t, s, "seed", seed)
			for i := range s.side {
				want := maxHand
				if s.phase == phaseStrategy && s.side[i].played != none {
					want = maxHand - 1
				}
				if got := s.side[i].handCount(); got != want && s.phase != phaseOver {
					t.Fatalf("seed %d step %d (%s): %s holds %d strategy cards, want %d", seed, step, phaseNames[s.phase], colourNames[i], got, want)
				}
			}
			legal := s.Legal(s.Deciders().First(), nil)
			a := legal[r.IntN(len(legal))]
			p := s.Clone().(*State)
			var ev engine.Log
			if err := s.Apply(a, &ev); err != nil {
				t.Fatal(err)
			}
			if s.last.number == p.last.number {
				continue
			}
			battles++
			ro := checkBattle(t, p, s, ev, seed)
			if s.last.winner == none {
				ties++
			}
			if ro {
				runOuts++
			}
		}
	}
	if battles < 3000 || ties < 100 || runOuts < 100 {
		t.Errorf("%d battles, %d ties, %d times running out: too few to test", battles, ties, runOuts)
	}
	t.Logf("%d battles, %d ties, %d times running out", battles, ties, runOuts)
}

// checkBattle checks the battle fought between p and s, the events of the
// action that fought it, and returns whether a player ran out after it.
func checkBattle(t *testing.T, p, s *State, ev engine.Log, seed uint64) bool {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("seed %d battle %d: "+format, append([]any{seed, p.battle}, args...)...)
	}
	// The force cards: the last one placed is the action's.
	force := [2]int{int(p.side[Black].force), int(p.side[Red].force)}
	for i := range force {
		if force[i] == 0 {
			force[i] = int(s.last.force[i])
		}
	}
	strat := func(i int) StrategyCard { return p.c.Strategy[p.side[i].played] }
	var total [2]int
	for i := range p.side {
		sd := &p.side[i]
		deck := p.c.Decks[i]
		w := sd.weapon
		if w == none || force[i] < 1 || force[i] > min(maxUse, int(sd.nDeck)) {
			fail("%s fights with weapon %d and %d cards of %d", colourNames[i], w, force[i], sd.nDeck)
		}
		t := 0
		for k := 0; k < force[i]; k++ {
			c := deck[sd.top(k)]
			if c.Unit {
				fail("%s fights with the unit card %s", colourNames[i], c.Name)
			}
			if k == 0 {
				t += int(c.Power[w])
			} else {
				t += int(c.Extra[w])
			}
			if s.last.cards[i][k] != sd.top(k) {
				fail("%s's card %d used is %s, not the deck's %s", colourNames[i], k+1, deck[s.last.cards[i][k]].Name, c.Name)
			}
		}
		for _, c := range sd.active[:sd.nActive] {
			if deck[c].Kind == effBonus {
				t += deck[c].Points
			}
		}
		switch e := strat(i); e.Kind {
		case effBonus:
			t += e.Points
		case effMatchup:
			if int(w) == e.Weapon && int(p.side[1-i].weapon) == e.Enemy {
				t += e.Points
			}
		}
		if e := strat(1 - i); e.Kind == effSabotage {
			t = max(0, t-e.Points)
		}
		total[i] = t
		if int(s.last.total[i]) != t || int(s.last.weapon[i]) != int(w) || int(s.last.force[i]) != force[i] {
			fail("%s: %d points with %s and %d cards, want %d", colourNames[i], s.last.total[i], weaponNames[w], force[i], t)
		}
	}
	winner := none
	switch {
	case total[0] > total[1]:
		winner = 0
	case total[1] > total[0]:
		winner = 1
	default:
		for i := range p.side {
			if strat(i).Kind == effHold {
				winner = i
			}
		}
	}
	if int(s.last.winner) != winner {
		fail("%d to %d: the winner is %d, want %d", total[0], total[1], s.last.winner, winner)
	}
	// Units lost in the battle, won back, and lost by running out after it.
	lostBattle, back, lostOut := [2]int{}, [2]int{}, [2]int{}
	for _, e := range ev {
		seat := Black
		if strings.Contains(e.String(), ": red ") {
			seat = Red
		}
		switch {
		case e.Type == "unit.back":
			back[seat]++
		case e.Type == "unit.lost" && strings.Contains(e.String(), "all battle cards used"):
			lostOut[seat]++
		case e.Type == "unit.lost":
			lostBattle[seat]++
		}
	}
	if winner == none {
		if lostBattle != [2]int{} || back != [2]int{} {
			fail("a tie cost units %v and won back %v", lostBattle, back)
		}
	} else {
		l := 1 - winner
		want := 1
		for i := range p.side {
			if strat(i).Kind == effNoQuarter {
				want = 2
			}
			for _, c := range p.side[i].active[:p.side[i].nActive] {
				if p.c.Decks[i][c].Kind == effNoQuarter {
					want = 2
				}
			}
		}
		if strat(l).Kind == effShield {
			want = 0
		}
		want = min(want, p.side[l].aliveCount())
		if lostBattle[l] != want || lostBattle[winner] != 0 {
			fail("%s lost: units lost %v, want %d for the loser", colourNames[l], lostBattle, want)
		}
		wantBack := 0
		if strat(winner).Kind == effRevive {
			wantBack = min(strat(winner).Units, int(p.units)-p.side[winner].aliveCount())
		}
		if back[winner] != wantBack || back[l] != 0 {
			fail("units won back %v, want %d for the winner", back, wantBack)
		}
	}
	// Used cards leave play; a player with no battle card left (the
	// unit cards left are placed) loses two units, and both shuffle all
	// their battle cards back — unless a player has lost all his units in
	// the battle: the game is over.
	var alive [2]int
	var empty [2]bool
	ranOut := false
	for i := range p.side {
		alive[i] = p.side[i].aliveCount() - lostBattle[i] + back[i]
		empty[i] = true
		for k := force[i]; k < int(p.side[i].nDeck); k++ {
			if !p.c.Decks[i][p.side[i].top(k)].Unit {
				empty[i] = false
			}
		}
		ranOut = ranOut || empty[i]
	}
	for i := range p.side {
		want := 0
		if empty[i] && alive[0] > 0 && alive[1] > 0 {
			want = min(2, alive[i])
		}
		if lostOut[i] != want {
			fail("%s ran out: %v, lost %d units for it, want %d", colourNames[i], empty[i], lostOut[i], want)
		}
		if got := s.side[i].aliveCount(); got != alive[i]-lostOut[i] {
			fail("%s has %d units, want %d", colourNames[i], got, alive[i]-lostOut[i])
		}
	}
	_, over := s.Result()
	if over != (alive[0]-lostOut[0] == 0 || alive[1]-lostOut[1] == 0) {
		fail("over: %v with units %d and %d", over, alive[0]-lostOut[0], alive[1]-lostOut[1])
	}
	if ranOut && !over {
		for i := range s.side {
			if s.side[i].nOut != 0 && s.battle == p.battle+1 && !hasUnitPlaced(ev, i) {
				fail("after running out %s keeps %d cards out of the game", colourNames[i], s.side[i].nOut)
			}
		}
	} else if !over {
		for i := range s.side {
			used := s.side[i].out[p.side[i].nOut : int(p.side[i].nOut)+force[i]]
			for k, c := range used {
				if c != p.side[i].top(k) {
					fail("%s's used card %d is not out of the game", colourNames[i], k+1)
				}
			}
		}
	}
	// The next attacker.
	if !over {
		want := s.first
		switch {
		case winner != none:
			want = engine.Seat(winner)
		case p.lastWinner != none:
			want = engine.Seat(p.lastWinner)
		}
		for i := range s.side {
			for _, c := range s.side[i].active[:s.side[i].nActive] {
				if s.c.Decks[i][c].Kind == effHerald {
					want = engine.Seat(i)
				}
			}
		}
		if s.attacker != want {
			fail("%s attacks next, want %s", colourNames[s.attacker], colourNames[want])
		}
	}
	return ranOut
}

// hasUnitPlaced reports whether the events place a unit card of seat on
// the table (it leaves the deck for the table at once).
func hasUnitPlaced(ev engine.Log, seat int) bool {
	for _, e := range ev {
		if e.Type == "unit-card.placed" && strings.HasPrefix(e.String(), "unit-card.placed: "+colourNames[seat]) {
			return true
		}
	}
	return false
}
