package runewars

import (
	"sort"

	"skald/engine"
	"skald/engine/decide"
)

// The order cards, by value (Runewars rules, Order cards 1-8).
const (
	oStrategize = 1 + iota
	oMobilize
	oConquer
	oHarvest
	oRecruit
	oRally
	oPower
	oFortify
)

var orderNames = [9]string{"", "strategize", "mobilize", "conquer", "harvest", "recruit", "rally-support", "acquire-power", "fortify"}
var orderTitles = [9]string{"", "Strategize", "Mobilize", "Conquer", "Harvest", "Recruit", "Rally Support", "Acquire Power", "Fortify"}

// orderStep is the order being resolved.
type orderStep struct {
	seat   int8
	value  int8
	sup    bool  // its Supremacy Bonus applies
	phase  uint8 // what the player decides next (per order)
	target int8  // Mobilize, Conquer: the activated area
	extra  bool  // the Supremacy Bonus's second use has begun
	did    uint8 // Fortify: the actions done; Recruit: the resources used
	own    bool  // Mobilize, Conquer: one of the player's own units has moved in
	// vacated: areas the player's units have all left in this order,
	// where a Peasant token may stay (DEV-PEA).
	vacated areaSet
	// Rally Support's Commander cards drawn, one to keep (CMD-REC).
	cd  [2]int8
	ncd int8
}

// Order phases.
const (
	opActivate uint8 = iota // choose the area to activate, or done
	opMove                  // move units, or done
	opRecruit               // choose a resource
	opPlace                 // place the recruited units
	opDevelop               // Harvest's Supremacy Bonus: a development
	opFortify               // Fortify's actions, or done
	opHero                  // Rally Support's Supremacy Bonus: a hero to place, or one to desert
	opTitle                 // Acquire Power's Supremacy Bonus: Influence on a title, or skip
	opTactics               // Tactics cards played at the order's start, or pass
	opCapital               // a Capital bought: the stronghold it replaces (DEV-CAP)
	opRally                 // Rally Support's Supremacy Bonus: a hero or Commander cards (CMD-REC)
	opAssign                // the Commander card kept, or none (CMD-REC)
	opFinished
)

// startOrders asks every player for an order card, secretly (Runewars
// rules, How the game is played II).
func (s *State) startOrders() {
	s.stage = stOrders
	s.picks.Ask(engine.SeatSet(1<<uint(s.n) - 1))
}

// revealOrders lays the order cards face up and queues them: lowest value
// first; equal values in play order from the first player (How the game
// is played III; RW-R6).
func (s *State) revealOrders(l *engine.Log) {
	s.nqueue = s.n
	for p := int8(0); p < s.n; p++ {
		s.queue[p] = p
	}
	val := func(p int8) int16 { v, _ := s.picks.Get(engine.Seat(p)); return v }
	q := s.queue[:s.n]
	sort.SliceStable(q, func(i, j int) bool { return val(q[i]) < val(q[j]) })
	for p := int8(0); p < s.n; p++ {
		s.revealed[p] = int8(val(p))
		l.Add(engine.Everyone, "order", "%s reveals %s", s.fac(p), orderTitle(val(p)))
	}
	s.picks = decide.Picks{}
	s.stage = stResolve
	s.qpos = 0
	s.startOrder(l)
}

// startOrder begins the order at the head of the queue.
func (s *State) startOrder(l *engine.Log) {
	p := s.queue[s.qpos]
	v := s.revealed[p]
	pl := &s.players[p]
	// Supremacy Bonus: the order is the highest its player has played
	// this year (How the game is played III; RW-R7).
	sup := true
	for o := v + 1; o <= oFortify; o++ {
		if pl.played[o] {
			sup = false
		}
	}
	pl.played[v] = true
	s.ord = orderStep{seat: p, value: v, sup: sup && v != oFortify, target: -1}
	name := s.fac(p)
	if s.ord.sup {
		l.Add(engine.Everyone, "order", "%s resolves %s, with its Supremacy Bonus", name, orderTitle(v))
	} else {
		l.Add(engine.Everyone, "order", "%s resolves %s", name, orderTitle(v))
	}
	if s.canPlay(p, TwOrder, 0) {
		s.ord.phase = opTactics // Tactics cards first (Tactics; RW-R39)
		return
	}
	s.resolveOrder(l)
}

// resolveOrder resolves the order begun, once its player has played the
// Tactics cards he wants to.
func (s *State) resolveOrder(l *engine.Log) {
	p, v := s.ord.seat, s.ord.value
	switch v {
	case oStrategize:
		s.ord.phase = opMove
		if s.ord.sup {
			s.drawTactics(p, 1) // [D] RW-D8
		}
	case oMobilize, oConquer:
		s.ord.phase = opActivate
	case oHarvest:
		s.harvest(p, l)
		s.ord.phase = opFinished
		if s.ord.sup && (s.canDevelop(p) || s.canBuy(p)) { // DEV: or a Development card
			s.ord.phase = opDevelop
		}
	case oRecruit:
		s.ord.phase = opRecruit
	case oRally:
		s.rally(p, l)
		s.ord.phase = opFinished
		if s.ord.sup {
			s.rallyHero(p, l)
		}
	case oPower:
		s.acquirePower(p, l)
		s.ord.phase = opFinished
		if s.ord.sup && s.canTakeTitle(p) {
			s.ord.phase = opTitle // Supremacy Bonus: a title (Acquire Power; RW-R38)
		}
	case oFortify:
		s.ord.phase = opFortify
	}
}

// nextOrder moves to the next order in the queue, or ends the season.
func (s *State) nextOrder(l *engine.Log) {
	s.checkVictory(l)
	if s.over {
		return
	}
	if s.qpos+1 >= s.nqueue && !s.sea.objDone {
		// The end of the season: objectives met now are completed, and
		// their runes received, before the next season (RW-D12).
		s.sea.objDone = true
		if s.seasonObjectives(l); s.nask > 0 {
			return
		}
	}
	s.qpos++
	if s.qpos >= s.nqueue {
		s.endSeason(l)
		return
	}
	s.startOrder(l)
}

// harvest sets seat's dials to the resources of the areas he controls and
// of their cities; an area with a Frost or desolation token gives nothing
// (Runewars rules, Harvest; Frost; Desolation tokens).
func (s *State) harvest(seat int8, l *engine.Log) {
	sum := s.harvestYield(seat)
	pl := &s.players[seat]
	for r := range sum {
		pl.dials[r] = int8(min(sum[r], maxDial))
	}
	l.Add(engine.Everyone, "harvest", "%s's dials: food %d, wood %d, ore %d", s.fac(seat), pl.dials[Food], pl.dials[Wood], pl.dials[Ore])
}

// harvestYield returns the resources Harvest would set seat's dials to,
// before the dials' limit: those of the areas he controls and of their
// cities, none from an area with a Frost or desolation token (Harvest;
// Frost; Desolation tokens).
func (s *State) harvestYield(seat int8) [numResources]int {
	var sum [numResources]int
	ctl := s.holders()
	s.b.placed.each(func(a int) {
		if ctl[a] != seat || s.frost[a] > 0 || s.desol[a] {
			return
		}
		for r := range sum {
			sum[r] += s.c.Areas[a].Res[r]
		}
		if c := s.city[a]; c >= 0 {
			for r := range sum {
				sum[r] += s.c.Cities[c].Res[r]
			}
		}
	})
	return sum
}

// canDevelop reports whether seat has a stronghold without a development
// (Harvest's Supremacy Bonus): a development token comes from his supply,
// or, when it is empty, from another of his strongholds (Limits 1).
func (s *State) canDevelop(seat int8) bool {
	ok := false
	s.b.placed.each(func(a int) {
		if k := s.keeps[a]; k.owner == seat && !k.dev {
			ok = true
		}
	})
	return ok
}

// devsOf counts seat's development tokens on the board.
func (s *State) devsOf(seat int8) int {
	n := 0
	for a := range s.keeps {
		if s.keeps[a].owner == seat && s.keeps[a].dev {
			n++
		}
	}
	return n
}

// recruitList returns the units seat recruits with resource r: every unit
// of the faction sheet's table at or below the dial's value (Recruit;
// RW-D3).
func (s *State) recruitList(seat int8, r Resource) []int {
	pl := &s.players[seat]
	var out []int
	for _, th := range s.c.Factions[pl.faction].Recruit[r] {
		if th.At <= int(pl.dials[r]) {
			out = append(out, th.Unit)
		}
	}
	return out
}

// recruit queues the units of resource r for placing.
func (s *State) recruit(seat int8, r Resource, l *engine.Log) {
	pl := &s.players[seat]
	pl.nPlace = 0
	for _, u := range s.recruitList(seat, r) {
		pl.toPlace[pl.nPlace] = uint8(u)
		pl.nPlace++
	}
	s.ord.did |= 1 << r
	l.Add(engine.Everyone, "recruit", "%s recruits with %s: %d units", s.fac(seat), r, pl.nPlace)
}

// rally gives seat what each city he controls gives: its Influence, and
// its allied units placed in its area, as many as the supply and the
// area's limit allow (Rally Support; RW-D4).
func (s *State) rally(seat int8, l *engine.Log) {
	cen := s.take(seat)
	s.b.placed.each(func(a int) {
		c := s.city[a]
		if c < 0 || cen.ctl[a] != seat {
			return
		}
		city := &s.c.Cities[c]
		s.players[seat].influence += int16(city.Influence)
		placed := 0
		for _, uc := range city.Allies {
			for i := 0; i < uc.N; i++ {
				if int(cen.units[a]) >= unitLimit || s.onBoard(uc.Unit, seat) >= s.supplyOf(uc.Unit, seat) {
					break
				}
				s.addFig(uc.Unit, seat, a)
				cen.units[a]++
				placed++
			}
		}
		l.Add(engine.Everyone, "rally", "%s: %s gives %d Influence and %d allied units", s.fac(seat), city, city.Influence, placed)
	})
}

// acquirePower gives seat one Influence for each Influence icon his dials
// have reached (Acquire Power; RW-D3).
func (s *State) acquirePower(seat int8, l *engine.Log) {
	pl := &s.players[seat]
	n := 0
	for r, ats := range s.c.Factions[pl.faction].Power {
		for _, at := range ats {
			if at <= int(pl.dials[r]) {
				n++
			}
		}
	}
	n += s.titleBonus(seat, TpInfluence) // [D] RW-D13
	pl.influence += int16(n)
	l.Add(engine.Everyone, "power", "%s gains %d Influence", s.fac(seat), n)
}

// checkVictory lays the Victory card of each player who controls the
// runes that win on top of the current season's deck (Road to Victory,
// which the summary always uses): one card per deck, none in the last
// year (RW-R1).
func (s *State) checkVictory(l *engine.Log) {
	if s.year >= s.years || s.stage == stOver {
		return
	}
	for p := int8(0); p < s.n; p++ {
		pl := &s.players[p]
		if pl.victory >= 0 || s.victoryOn[s.season] >= 0 {
			continue
		}
		if s.dragonRunes(p) >= int(s.runesToWin) {
			pl.victory = s.season
			s.victoryOn[s.season] = p
			l.Add(engine.Everyone, "victory", "%s controls %d dragon runes and lays his Victory card on the %s deck",
				s.fac(p), s.dragonRunes(p), seasonName(s.season))
		}
	}
}
