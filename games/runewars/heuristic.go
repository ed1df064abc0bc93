package runewars

import (
	"skald/engine"
)

// Suggest is Runewars' scripted player (engine.Heuristic): it scores each
// legal action by rules of thumb a good player uses and takes the best,
// breaking ties with r. It is asked on a copy determinized for its seat,
// so what it reads of face-down runes and others' orders is a guess.
//
// The rules of thumb: take areas with rune tokens, cities and resources;
// attack only with clearly more units than the defender; recruit and
// harvest when the dials have grown; keep a unit on every rune and
// stronghold; take damage on the cheapest units and strike the strongest;
// retreat towards one's strongholds; bid for dragon runes, not for much
// else; heal a hero when it is badly hurt, else walk it to a quest it
// holds and attempt it, the more cards its attribute draws the better,
// and train the attributes its quests test; of two objective cards, keep
// the one nearest to completion.
func (s *State) Suggest(seat engine.Seat, r *engine.Rand) engine.Action {
	var buf [512]engine.Action
	legal := s.Legal(seat, buf[:0])
	p := int8(seat)
	best, bestV := legal[0], -1e9
	for _, a := range legal {
		v := s.worthOf(p, a) + float64(r.IntN(100))/1000 // ties broken at random
		if v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// areaWorth is what taking area a is worth to a player.
func (s *State) areaWorth(a int) float64 {
	v := 0.0
	for _, n := range s.c.Areas[a].Res {
		v += float64(n)
	}
	if s.city[a] >= 0 {
		v += 2
	}
	if r := s.runeAt(a); r >= 0 {
		v += 3
		if s.runes[r].dragon {
			v += 4
		}
	}
	if k := s.keeps[a]; k.owner >= 0 {
		v += 2
	}
	return v
}

// strengthIn estimates the defence of area a against seat: the units of
// others there and their stronghold.
func (s *State) strengthIn(seat int8, a int) float64 {
	v := 0.0
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if int(f.area) == a && f.owner != seat {
			v += 0.6 + 0.4*float64(s.c.Units[f.typ].Health)
		}
	}
	if k := s.keeps[a]; k.owner >= 0 && k.owner != seat {
		v += float64(keepStrength(k))
	}
	return v
}

// reachable estimates what seat could bring into area a with Conquer.
func (s *State) reachable(seat int8, a int, cen *census) float64 {
	pass := s.passSet(seat, cen)
	v := 0.0
	near := s.reach(a, 2, false, pass) | s.reach(a, 3, true, pass)
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if f.area == noArea || f.owner != seat || f.routed || int(f.area) == a || !near.has(int(f.area)) {
			continue
		}
		if s.active[f.area].Has(engine.Seat(seat)) {
			continue
		}
		v += 0.6 + 0.4*float64(s.c.Units[f.typ].Health)
	}
	return v
}

// bestTarget returns the best area for seat to Conquer (attack) or
// Mobilize into, and what it is worth.
func (s *State) bestTarget(seat int8, attack bool) (int, float64) {
	cen := s.take(seat)
	best, bestV := -1, 0.0
	s.b.placed.each(func(a int) {
		if s.active[a].Has(engine.Seat(seat)) || cen.ctl[a] == seat && !cen.neutral.has(a) {
			return
		}
		hostile := cen.occupied.has(a)
		if hostile != attack {
			return
		}
		force := s.reachable(seat, a, &cen)
		if force == 0 {
			return
		}
		v := s.areaWorth(a)
		if attack {
			def := s.strengthIn(seat, a)
			if force < 1.5*def+1 {
				return
			}
			v -= 0.3 * def
		}
		if v > bestV {
			best, bestV = a, v
		}
	})
	return best, bestV
}

// worthOf scores action a for seat p.
func (s *State) worthOf(p int8, a engine.Action) float64 {
	x, y, z := int(a.Arg[0]), int(a.Arg[1]), int(a.Arg[2])
	pl := &s.players[p]
	switch a.Kind {
	case kLay:
		return 0
	case kRune:
		// Dragon runes near home, false ones farther off.
		d := 99
		s.homeAreas(p).each(func(h int) { d = min(d, s.b.pos[h].distance(s.b.pos[y])) })
		if x == 1 {
			return -float64(d)
		}
		return float64(d) / 2
	case kKeep:
		return s.areaWorth(x)
	case kPlace:
		v := -float64(s.mineIn(p, y))
		if z >= 0 {
			v -= 5
		}
		return v
	case kTake:
		if x == 0 {
			return 1
		}
		return 0
	case kLose:
		return -float64(s.c.Units[x].Health)
	case kBid:
		want := 1
		if SeasonEffect(s.sea.prize) == SeBidRunes {
			want = 3
		}
		return -float64(absInt(x - min(want, int(pl.influence))))
	case kDiscard:
		return -1
	case kPut:
		if s.controller(x) == p {
			return 2
		}
		return 0
	case kAllies:
		if s.keeps[x].owner == p {
			return 1
		}
		return 0
	case kReveal:
		r := s.runeAt(x)
		if r >= 0 && !s.runes[r].dragon {
			return 1 // show a false rune, keep the dragons hidden
		}
		return 0
	case kCarry:
		r := s.runeAt(x)
		dragon := r >= 0 && s.runes[r].dragon
		v := 0.0
		if dragon && s.keeps[y].owner == p {
			v += 2
		}
		if dragon && s.controller(y) == p {
			v++
		}
		if s.ord.phase == opFortify && !dragon {
			v -= 2
		}
		return v
	case kFrost:
		return float64(s.enemyUnits(p, x))
	case kOrder:
		return s.orderWorth(p, x)
	case kActivate:
		attack := s.ord.value == oConquer
		t, _ := s.bestTarget(p, attack)
		if t == x {
			return 10
		}
		if !attack {
			if t2, _ := s.bestTarget(p, false); t2 == x {
				return 10
			}
		}
		return -1
	case kMove:
		if s.ord.value == oStrategize {
			return -1 // Strategize moves are left to search
		}
		// Keep one unit on every rune and stronghold the player holds.
		if s.mineIn(p, y) <= 1 && (s.runeAt(y) >= 0 || s.keeps[y].owner == p) {
			return -2
		}
		return 1 + float64(s.c.Units[x].Health)/10
	case kRecruit:
		return float64(len(s.recruitList(p, Resource(x))))
	case kDevelop:
		return 1
	case kBuild:
		v := 1.0
		if s.runeAt(x) >= 0 {
			v += 2
		}
		if y >= 0 {
			v -= 3
		}
		return v
	case kRepair, kConceal:
		return 0.5
	case kSkip:
		return -0.5
	case kFight:
		return 0
	case kParley:
		if x >= 3 && x <= 4 {
			return 0.5
		}
		return -float64(x) / 10
	case kChoose:
		return -float64(s.c.Fate[x].Destiny)
	case kFirst:
		return 0
	case kHit, kStand:
		h := &s.bat.q[0]
		enemy := h.op == hAimed || h.op == hDestroy
		if enemy || h.op == hStand {
			return float64(s.c.Units[x].Health)
		}
		return -float64(s.c.Units[x].Health)
	case kSacrifice:
		return 1
	case kRetreat:
		v := float64(s.mineIn(p, x))
		if s.keeps[x].owner == p {
			v += 3
		}
		return v
	case kRaze:
		return 0
	case kHero:
		if s.keeps[x].owner == p {
			return 1
		}
		return 0
	case kHeal:
		hf := &s.heroes[x]
		if 2*int(hf.dmg) >= s.c.Heroes[x].Health {
			return 12
		}
		return float64(hf.dmg)
	case kTrain:
		v := 0.5
		for q := range s.c.Quests {
			if s.qAt[q] == p && (int(s.c.Quests[q].Test) == y || int(s.c.Quests[q].Test) == z) {
				v += 0.5
			}
		}
		return v
	case kSupport:
		return 1 + float64(s.standing(s.bat.loser, y))/4 // beside the bigger types
	case kDrop:
		// Keep the best: discard the card worth least in the type's section.
		u := int(s.bat.pick[1-s.bat.drop&1])
		if u < 0 {
			return 0
		}
		sec := s.c.Fate[x].Sections[s.c.Units[u].Shape]
		switch sec.Result {
		case Damage:
			return -2 * float64(sec.N)
		case Rout:
			return -1.5 * float64(sec.N)
		case Special:
			return -1
		}
		return 0
	case kDuel:
		// Duel when clearly the stronger: health left and gear.
		me, them := &s.heroes[x], &s.heroes[y]
		mine := s.c.Heroes[x].Health - int(me.dmg) + 2*s.bestReward(x, Weapon) + s.bestReward(x, Armor)
		theirs := s.c.Heroes[y].Health - int(them.dmg) + 2*s.bestReward(y, Weapon) + s.bestReward(y, Armor)
		if mine >= theirs+3 {
			return 6 + float64(popcount(them.rewards))
		}
		return -2
	case kQuest:
		qc := &s.c.Quests[y]
		return 4 + float64(s.attr(x, qc.Test)) + float64(qc.Rewards)
	case kGo:
		if s.stage == stResolve {
			return -1 // Strategize's hero moves are left to search
		}
		// Towards the nearest quest held.
		d := 99
		for q := range s.c.Quests {
			if s.qAt[q] == p {
				d = min(d, s.b.pos[s.c.Quests[q].Area].distance(s.b.pos[y]))
			}
		}
		if d == 99 {
			return -1
		}
		return 3 - float64(d)
	case kDone:
		if s.stage == stSeason && s.qph.on {
			if s.qph.hero >= 0 {
				return 0
			}
			return -0.8
		}
		return s.doneWorth(p)
	case kSeize:
		if x >= 0 {
			return -1
		}
		return 1
	case kGive:
		// Trade a card only to a hero that lacks its kind.
		for r := range s.c.Rewards {
			if s.heroes[y].rewards&(1<<uint(r)) != 0 && s.c.Rewards[r].Kind == s.c.Rewards[z].Kind {
				return -1
			}
		}
		return -0.2
	case kDesert:
		// A hero with reward cards is worth keeping; a bare one may make
		// room for a new one.
		if s.heroes[x].rewards != 0 {
			return -1
		}
		return -0.6
	case kTitle:
		// A title for the least that takes it, keeping some Influence
		// for bids and diplomacy (RW-D13).
		if y == int(s.titleInf[x])+1 && int(s.players[p].influence)-y >= 2 {
			return 0.5
		}
		return -1
	case kPlay:
		if x >= 0 && x < len(s.c.Tactics) && s.c.Tactics[x].Effect == TeDesolate {
			// A desolation token (RW-D15): in an area of the player's own
			// with resources to take now, never in another player's, who
			// would take them.
			switch c := s.controller(y); {
			case c == p:
				return 0.2 * float64(s.c.Areas[y].Res[Food]+s.c.Areas[y].Res[Wood]+s.c.Areas[y].Res[Ore])
			case c >= 0 && c < s.n:
				return -1
			}
			return 0
		}
		return 1 // a Tactics card helps when it may be played
	case kAward:
		// The Primarch gives a tied bid to himself when he can.
		if int8(x) == p {
			return 1
		}
		return 0
	case kBuy:
		return 0.8 // a Development card stays for the match (DEV)
	case kCapital:
		return 1.5
	case kPeasant:
		return 1 // an area kept without a unit (DEV-PEA)
	case kCommand:
		return 0.3 // a Commander in a stronghold leads the troops recruited there
	case kRally:
		if x == 1 && s.cmdsOf(p) == 0 {
			return 0.5 // Commander cards when he has no Commander
		}
		return 0.2
	case kAssign:
		if c := &s.c.Commanders[x]; s.heroes[y].cmd > 0 && s.c.Commanders[s.heroes[y].cmd-1].N >= c.N {
			return -0.2 // no better than his card
		}
		return 0.5
	case kGuard:
		// A Commander takes damage for his troops while he is far from
		// his death (CMD-BAT).
		if int(s.heroes[x].dmg)+2 >= s.c.Heroes[x].Health {
			return -1
		}
		return 0.5
	case kLead:
		return 1
	case kFoe:
		// Decide for the foe against the hero: ward off when the foe is
		// near its end, strike otherwise (RW-R50).
		foe := &s.c.Quests[s.dl.q].Foe
		if (x == 1) == (int(s.dl.foeDmg)+1 >= foe.Health) {
			return 1
		}
		return 0
	case kAbandon:
		// Keep the quests nearest his heroes.
		best := 99
		for h := range s.c.Heroes {
			if s.heroes[h].owner == p && s.inPlay(h) {
				best = min(best, s.b.pos[s.heroes[h].area].distance(s.b.pos[s.c.Quests[x].Area]))
			}
		}
		return float64(best) / 10
	case kObjective:
		// Keep the objective nearest to completion (Limits 3).
		if ob := &s.c.Objectives[x]; ob.Goal.atSeasonEnd() {
			return float64(s.goalCount(p, ob.Goal)) / float64(ob.N)
		}
		return 0.3
	}
	return 0
}

// doneWorth is what ending the current step is worth: low while there is
// still a good move to make.
func (s *State) doneWorth(p int8) float64 {
	switch s.ord.phase {
	case opActivate:
		return 0
	case opMove:
		if s.ord.value == oStrategize {
			return 0
		}
		return 0.5
	case opFortify:
		return 0.1
	case opRecruit:
		return -1
	}
	return 0
}

// orderWorth scores playing order o now.
func (s *State) orderWorth(p int8, o int) float64 {
	pl := &s.players[p]
	switch o {
	case oConquer:
		if t, v := s.bestTarget(p, true); t >= 0 {
			return 2 + v
		}
		return 0
	case oMobilize:
		if t, v := s.bestTarget(p, false); t >= 0 {
			return 1 + v*0.8
		}
		return 0
	case oHarvest:
		sum := s.harvestYield(p)
		gain := 0
		for r := range sum {
			gain += min(sum[r], maxDial) - int(pl.dials[r])
		}
		return float64(gain)
	case oRecruit:
		n := 0
		for r := Resource(0); r < numResources; r++ {
			n = max(n, len(s.recruitList(p, r)))
		}
		return 1.5 * float64(n)
	case oRally:
		return 1.5 * float64(s.citiesOf(p))
	case oPower:
		n := 0
		for r, ats := range s.c.Factions[pl.faction].Power {
			for _, at := range ats {
				if at <= int(pl.dials[r]) {
					n++
				}
			}
		}
		return float64(n) * 0.8
	case oFortify:
		if pl.dials[Wood] >= buildCost {
			return 1.5
		}
		return 0.5
	case oStrategize:
		return 0.2
	}
	return 0
}

// mineIn counts seat's units in area a.
func (s *State) mineIn(seat int8, a int) int {
	n := 0
	for i := 0; i < int(s.nfigs); i++ {
		if f := &s.figs[i]; int(f.area) == a && f.owner == seat {
			n++
		}
	}
	return n
}

// enemyUnits counts the units in area a of players other than seat.
func (s *State) enemyUnits(seat int8, a int) int {
	n := 0
	for i := 0; i < int(s.nfigs); i++ {
		if f := &s.figs[i]; int(f.area) == a && f.owner >= 0 && f.owner != seat {
			n++
		}
	}
	return n
}
