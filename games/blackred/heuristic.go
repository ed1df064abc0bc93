package blackred

import (
	"skald/engine"
)

// Suggest is Black & Red's scripted player (engine.Heuristic): no search
// and no playouts, only the count of the cards and a few rules of thumb.
// It is asked on a copy determinized for its seat, so it reads its own
// battle deck in order (a player may look at his deck, seed 002) but of
// the enemy's deck only which cards are left in it, never their order,
// and of the enemy's strategy cards only those turned over.
//
// The rules of thumb:
//   - Count the cards: the enemy's next battle cards are drawn from the
//     battle cards it has left, so its total for each weapon is judged
//     over a fixed sample of draws from them (the enemy takes its
//     strongest weapon and, unless a Spy showed it, its most cards).
//   - Choose the weapon in which the top of its own deck is strongest
//     against that count, with the matchup cards in hand.
//   - Spend force cards when the battle matters: each battle card used
//     costs a little (a player whose deck runs out loses two units), so
//     it uses more only where the extra points win, tie or save the
//     battle, and it looks at which card of its deck will lead the next
//     battle.
//   - Play a strategy card where it swings the battle most against what
//     the card is usually worth (Reinforcements and Sabotage are kept for
//     a close battle, No Quarter for a battle it expects to win, Shield
//     Wall for one it expects to lose), and with Call cards force the
//     enemy into the weapon its remaining cards are weakest in.
//   - Stakes grow near the end: a battle that ends the match counts
//     more, for either side.
//
// Ties are broken with r; the sample of the enemy's draws comes from r
// too, so a seed replays the same choices.
func (s *State) Suggest(seat engine.Seat, r *engine.Rand) engine.Action {
	var buf [16]engine.Action
	legal := s.Legal(seat, buf[:0])
	if len(legal) == 0 {
		return engine.Action{}
	}
	if len(legal) == 1 {
		return legal[0]
	}
	h := s.newHeur(seat, r)
	best, bestV := legal[0], -1e18
	for _, a := range legal {
		v := h.worth(a) + float64(r.IntN(1000))*1e-7 // ties broken at random
		if v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// Tuning of the rules of thumb, in units lost or won.
const (
	heurSamples  = 48   // draws of the enemy's next cards
	heurCardCost = 0.07 // using one more battle card brings the deck's running out nearer
	heurLead     = 0.02 // per point of power of the card that leads the next battle
	heurEndBonus = 1.5  // a battle that ends the match
)

// keepWorth is what holding a strategy card is usually worth, by effect
// kind: a card is played when it swings the battle by more.
var keepWorth = [...]float64{
	effNone:      0,
	effMatchup:   0.10,
	effCall:      0.20,
	effRevive:    0.15,
	effMaxCards:  0.15,
	effBonus:     0.40,
	effSabotage:  0.30,
	effShield:    0.30,
	effNoQuarter: 0.30,
	effSpy:       0.15,
	effHold:      0.10,
	effFeint:     0.15,
}

// heur is what Suggest works out once per decision.
type heur struct {
	s      *State
	me, en engine.Seat
	// samples of the enemy's next three battle cards, from its battle
	// cards left, drawn without order knowledge
	samp [heurSamples][maxUse]uint8
	nSz  int // cards in each sample (at most 3)
	nS   int
	// points the unit cards on the table add to each seat's total
	bonus [2]int
	// my next battle cards, in order, unit cards skipped
	mine  [maxUse + 1]uint8
	nMine int
}

func (s *State) newHeur(seat engine.Seat, r *engine.Rand) *heur {
	h := &heur{s: s, me: seat, en: 1 - seat}
	for i := range s.side {
		sd := &s.side[i]
		for _, c := range sd.active[:sd.nActive] {
			if e := &s.t.deck[i][c]; e.kind == effBonus {
				h.bonus[i] += int(e.points)
			}
		}
	}
	sd := &s.side[seat]
	for k := 0; k < int(sd.nDeck) && h.nMine < len(h.mine); k++ {
		if c := sd.top(k); !s.t.unit[seat][c] {
			h.mine[h.nMine] = c
			h.nMine++
		}
	}
	// The enemy's battle cards left, as a set: sorted by card so that
	// their order in the copy tells nothing.
	var pool [maxDeck]uint8
	n := 0
	var count [maxDeck]uint8
	ed := &s.side[h.en]
	for k := 0; k < int(ed.nDeck); k++ {
		if c := ed.deck[k]; !s.t.unit[h.en][c] {
			count[c]++
		}
	}
	for c := range count {
		for range count[c] {
			pool[n] = uint8(c)
			n++
		}
	}
	h.nSz = min(maxUse, n)
	if n == 0 {
		return h
	}
	h.nS = heurSamples
	for i := range h.nS {
		p := pool
		for k := 0; k < h.nSz; k++ {
			j := k + r.IntN(n-k)
			p[k], p[j] = p[j], p[k]
			h.samp[i][k] = p[k]
		}
	}
	return h
}

// plan is one way the battle may be fought, as far as it is known.
type plan struct {
	myW, enW     int // weapons, none when not yet chosen
	mine, theirs eff // strategy effects (theirs zero when face down)
	myForced     int // weapon I must use, or none
	enForced     int
	enForce      int // the enemy's force card, 0 when not seen
	myMax, enMax int
	feint        bool // mine: I may change weapon after the enemy's is stated
}

// worth scores action a for the deciding seat.
func (h *heur) worth(a engine.Action) float64 {
	s := h.s
	switch a.Kind {
	case kindWeapon:
		p := h.basePlan()
		p.myW = int(a.Arg[0])
		if s.phase == phaseAttackerWeapon {
			// The strategy card comes next: the weapon is worth the
			// best card of the hand with it.
			best := h.value(p)
			for _, c := range s.side[h.me].hand {
				if c != none {
					q := h.withCard(p, c)
					if v := h.value(q) - keepWorth[q.mine.kind]; v > best {
						best = v
					}
				}
			}
			return best
		}
		return h.value(p)
	case kindStrategy:
		p := h.withCard(h.basePlan(), int8(a.Arg[0]))
		return h.value(p) - keepWorth[p.mine.kind]
	case kindFeint:
		p := h.basePlan()
		p.feint = false
		if a.Arg[0] != keep {
			p.myW = int(a.Arg[0])
		}
		return h.value(p)
	case kindForce:
		p := h.basePlan()
		return h.forceValue(p, int(a.Arg[0]))
	}
	return 0
}

// basePlan reads what is known of the battle now.
func (h *heur) basePlan() plan {
	s := h.s
	me, en := &s.side[h.me], &s.side[h.en]
	p := plan{myW: none, enW: none, myForced: int(me.forced), enForced: int(en.forced)}
	switch s.phase {
	case phaseAttackerWeapon:
	case phaseStrategy:
		if s.attacker == h.me {
			p.myW = int(me.weapon)
		} else {
			p.enW = int(en.weapon)
		}
	default:
		p.mine, p.theirs = s.pe[h.me], s.pe[h.en]
		if s.phase == phaseDefenderWeapon {
			p.enW = int(en.weapon)
		} else {
			p.myW, p.enW = int(me.weapon), int(en.weapon)
		}
		if s.phase == phaseForce && en.force != 0 && en.revealed {
			p.enForce = int(en.force)
		}
	}
	p.myMax = min(maxUse, int(me.nDeck))
	p.enMax = min(maxUse, int(en.nDeck))
	if p.theirs.kind == effMaxCards {
		p.myMax = min(p.myMax, int(p.theirs.cards))
	}
	if p.mine.kind == effMaxCards {
		p.enMax = min(p.enMax, int(p.mine.cards))
	}
	return p
}

// withCard is plan p with strategy card c played by me (in the strategy
// phase, or planned before it).
func (h *heur) withCard(p plan, c int8) plan {
	e := h.s.t.strat[c]
	p.mine = e
	switch e.kind {
	case effCall:
		p.enForced = int(e.weapon)
		if p.enW != none {
			p.enW = int(e.weapon) // the attacker must change
		}
	case effMaxCards:
		p.enMax = min(p.enMax, int(e.cards))
	case effFeint:
		p.feint = true
	}
	return p
}

// value is the expected worth of the battle under plan p, with my weapon
// (when not chosen) and my force card chosen at their best.
func (h *heur) value(p plan) float64 {
	if p.myForced != none {
		p.myW = p.myForced
	}
	if p.myW != none {
		v := h.bestForce(p)
		if p.feint {
			v += 0.1
		}
		return v
	}
	best := -1e18
	for w := range numWeapons {
		q := p
		q.myW = w
		if v := h.bestForce(q); v > best {
			best = v
		}
	}
	return best
}

func (h *heur) bestForce(p plan) float64 {
	var e foe
	h.foe(p, &e)
	best := -1e18
	for f := 1; f <= max(1, p.myMax); f++ {
		if v := h.forceWith(p, f, &e); v > best {
			best = v
		}
	}
	if p.mine.kind == effSpy {
		best += 0.1 // choosing after seeing the enemy's force
	}
	return best
}

// forceValue is the expected worth of using f battle cards under plan p,
// my weapon known: the battle over the enemy's sampled draws, less what
// the cards cost, plus the card that will lead my next battle.
func (h *heur) forceValue(p plan, f int) float64 {
	var e foe
	h.foe(p, &e)
	return h.forceWith(p, f, &e)
}

// foe is the enemy's side of a plan over the sampled draws, which does
// not depend on how many cards I use: its weapon and total in each
// sample, and what the battle is worth to me if I win or lose it.
type foe struct {
	w        [heurSamples]int8
	t        [heurSamples]int
	win, out float64 // outcome of a battle I win, and of one I lose
	tie      float64 // outcome of equal totals
}

// foe works out the enemy's side of plan p, my weapon known.
func (h *heur) foe(p plan, e *foe) {
	for i := 0; i < h.nS; i++ {
		smp := h.samp[i][:h.nSz]
		enW := p.enW
		if p.enForced != none {
			enW = p.enForced
		}
		ef := p.enForce
		if ef == 0 {
			ef = min(p.enMax, h.nSz)
		}
		ef = max(1, min(ef, h.nSz))
		if enW == none {
			// The enemy takes its strongest weapon for the draw.
			bt := -1
			for w := range numWeapons {
				if t := h.total(h.en, w, p.myW, smp[:ef], p.theirs, p.mine); t > bt {
					bt, enW = t, w
				}
			}
		}
		e.w[i] = int8(enW)
		e.t[i] = h.total(h.en, enW, p.myW, smp[:ef], p.theirs, p.mine)
	}
	e.win, e.out, e.tie = h.outcome(1, 0, p), h.outcome(0, 1, p), h.outcome(0, 0, p)
}

// forceWith is forceValue with the enemy's side worked out.
func (h *heur) forceWith(p plan, f int, e *foe) float64 {
	s := h.s
	f = min(f, h.nMine)
	if f <= 0 {
		return 0
	}
	var cards [maxUse]uint8
	copy(cards[:], h.mine[:f])
	// My total depends on the sample only through the enemy's weapon.
	var mine [numWeapons]int
	var known [numWeapons]bool
	sum := 0.0
	for i := 0; i < h.nS; i++ {
		enW := int(e.w[i])
		if !known[enW] {
			mine[enW], known[enW] = h.total(h.me, p.myW, enW, cards[:f], p.mine, p.theirs), true
		}
		switch my, their := mine[enW], e.t[i]; {
		case my > their:
			sum += e.win
		case their > my:
			sum += e.out
		default:
			sum += e.tie
		}
	}
	v := 0.0
	if h.nS > 0 {
		v = sum / float64(h.nS)
	}
	v -= heurCardCost * float64(f)
	// The card that leads my next battle.
	lead := 6.0
	if f < h.nMine {
		c := h.mine[f]
		m := 0
		for w := range numWeapons {
			m = max(m, int(s.t.power[h.me][c][w]))
		}
		lead = float64(m)
	}
	return v + heurLead*lead
}

// total is seat's points with weapon w against the enemy's weapon enW,
// using cards, as State.total counts them.
func (h *heur) total(seat engine.Seat, w, enW int, cards []uint8, own, other eff) int {
	s := h.s
	tab := s.t
	if len(cards) == 0 || w < 0 {
		return 0
	}
	t := int(tab.power[seat][cards[0]][w])
	for _, c := range cards[1:] {
		t += int(tab.extra[seat][c][w])
	}
	t += h.bonus[seat]
	switch own.kind {
	case effBonus:
		t += int(own.points)
	case effMatchup:
		if w == int(own.weapon) && enW == int(own.enemy) {
			t += int(own.points)
		}
	}
	if other.kind == effSabotage {
		t = max(0, t-int(other.points))
	}
	return t
}

// outcome is the worth to me of a battle with these totals: units the
// enemy loses less units I lose, more when the match ends.
func (h *heur) outcome(my, their int, p plan) float64 {
	win := 0 // 1 I win, -1 I lose
	switch {
	case my > their:
		win = 1
	case their > my:
		win = -1
	case p.mine.kind == effHold:
		win = 1
	case p.theirs.kind == effHold:
		win = -1
	default:
		return 0
	}
	s := h.s
	loss := 1
	if p.mine.kind == effNoQuarter {
		loss = int(p.mine.units)
	}
	if p.theirs.kind == effNoQuarter {
		loss = int(p.theirs.units)
	}
	for i := range s.side {
		sd := &s.side[i]
		for _, c := range sd.active[:sd.nActive] {
			if e := &s.t.deck[i][c]; e.kind == effNoQuarter {
				loss = int(e.units)
			}
		}
	}
	if win > 0 {
		if p.theirs.kind == effShield {
			loss = 0
		}
		left := s.side[h.en].aliveCount()
		v := float64(min(loss, left))
		if loss >= left && loss > 0 {
			v += heurEndBonus
		}
		if p.mine.kind == effRevive && s.side[h.me].aliveCount() < int(s.units) {
			v += float64(p.mine.units)
		}
		return v + 0.1 // and attacks next
	}
	if p.mine.kind == effShield {
		loss = 0
	}
	left := s.side[h.me].aliveCount()
	v := float64(min(loss, left))
	if loss >= left && loss > 0 {
		v += heurEndBonus
	}
	if p.theirs.kind == effRevive && s.side[h.en].aliveCount() < int(s.units) {
		v += float64(p.theirs.units)
	}
	return -v - 0.1
}
