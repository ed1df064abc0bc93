package tacticsdavid

import (
	mbits "math/bits"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Rules cited by the building and deployment procedures.
const (
	ruleBuild   = "Tactics David rules, Building Your Army"
	ruleStack   = "Tactics David rules, Unit Stacking"
	ruleDeploy  = "Tactics David rules, Deploying"
	ruleMission = "Tactics David rules, Mission Types"
)

// legalBuild lists a building player's actions: buy a unit the rules allow
// and the money pays for, stack a unit on the last unit bought, buy an item
// for a unit, let skald build the army (auto, only on an empty list), or
// finish (seed 004, "Building Your Army": "The Player may Purchase Units,
// Stacked Units, and even Items to be equipped to their Units at the
// beginning of the battle").
func (s *State) legalBuild(seat int, buf []engine.Action) []engine.Action {
	c := s.g.c
	a := s.armies[seat]
	rules := s.conf.rules
	if len(a) == 0 {
		buf = append(buf, act(seat, actAuto))
	} else {
		buf = append(buf, act(seat, actDone))
	}
	var units [3]int
	for _, u := range c.Units {
		units[0] = u.Number
		if c.CheckAdd(a, rules, Entry{Units: units[:1]}) == nil {
			buf = append(buf, act(seat, actBuy, u.Number))
		}
	}
	if n := len(a); n > 0 && len(a[n-1].Units) < 3 && len(a[n-1].Items) == 0 {
		last := a[n-1]
		rest := a[:n-1]
		for _, u := range c.Units {
			k := copy(units[:], last.Units)
			units[k] = u.Number
			if c.CheckAdd(rest, rules, Entry{Units: units[:k+1]}) == nil {
				buf = append(buf, act(seat, actStack, u.Number))
			}
		}
	}
	for ei, e := range a {
		p, err := c.StackProfile(e.Units)
		if err != nil {
			continue
		}
		for it := 1; it <= NumItems; it++ {
			if s.canBuyItem(seat, ei, p, it) == nil {
				buf = append(buf, act(seat, actBuyItem, ei, it))
			}
		}
	}
	return buf
}

// canBuyItem checks that entry ei of seat's army may be given item it.
func (s *State) canBuyItem(seat, ei int, p Profile, it int) error {
	c := s.g.c
	a := s.armies[seat]
	if err := c.CheckItem(p, it, a[ei].Items); err != nil {
		return err
	}
	if c.ArmyCost(a)+int(s.g.items[it].cost) > s.conf.limit {
		return s.illegal(ruleBuild, "the %s costs %d and %d of the limit %d is left", c.Items[it-1].Name, s.g.items[it].cost, s.conf.limit-c.ArmyCost(a), s.conf.limit)
	}
	return nil
}

// applyBuild plays a building action.
func (s *State) applyBuild(a engine.Action, ev *engine.Log) error {
	seat := int(a.Seat)
	if s.built[seat] {
		return s.illegal(ruleBuild, "your army is already built")
	}
	c := s.g.c
	army := s.armies[seat]
	switch a.Kind {
	case actAuto:
		if len(army) != 0 {
			return s.illegal(ruleBuild, "auto builds a whole army: the list must be empty")
		}
		s.armies[seat] = c.RandomArmy(&s.rng, s.conf.rules)
		s.built[seat] = true
		s.event(ev, "army.built", "%s's army is built at random (%d units, %d money)", seatWord(seat), len(s.armies[seat]), s.armyCost(seat))
	case actDone:
		if len(army) == 0 {
			return s.illegal(ruleBuild, "an army needs at least one unit")
		}
		if err := c.CheckArmy(army, s.conf.rules); err != nil {
			return s.illegal(ruleBuild, "%v", err)
		}
		s.built[seat] = true
		s.event(ev, "army.built", "%s's army is built", seatWord(seat))
	case actBuy:
		u := int(a.Arg[0])
		if c.Unit(u) == nil {
			return s.illegal(ruleBuild, "no unit number %d", u)
		}
		e := Entry{Units: []int{u}}
		if err := c.CheckAdd(army, s.conf.rules, e); err != nil {
			return s.illegal(ruleBuild, "%v", err)
		}
		s.armies[seat] = append(army, e)
	case actStack:
		u := int(a.Arg[0])
		n := len(army)
		if n == 0 {
			return s.illegal(ruleStack, "buy a unit first, then stack units on it")
		}
		if c.Unit(u) == nil {
			return s.illegal(ruleStack, "no unit number %d", u)
		}
		last := army[n-1]
		if len(last.Items) > 0 {
			return s.illegal(ruleStack, "stack the units before buying its items")
		}
		e := Entry{Units: append(append([]int(nil), last.Units...), u)}
		if err := c.CheckAdd(army[:n-1], s.conf.rules, e); err != nil {
			return s.illegal(ruleStack, "%v", err)
		}
		army[n-1] = e
	case actBuyItem:
		ei, it := int(a.Arg[0]), int(a.Arg[1])
		if ei < 0 || ei >= len(army) {
			return s.illegal(ruleBuild, "no entry u%d in your army", ei)
		}
		if it < 1 || it > NumItems {
			return s.illegal(ruleBuild, "no item number %d", it)
		}
		p, err := c.StackProfile(army[ei].Units)
		if err != nil {
			return s.illegal(ruleStack, "%v", err)
		}
		if err := s.canBuyItem(seat, ei, p, it); err != nil {
			if il, ok := err.(*engine.IllegalError); ok {
				return il
			}
			return s.illegal("Tactics David rules, Items", "%v", err)
		}
		army[ei].Items = append(army[ei].Items, it)
	default:
		return s.illegal(ruleBuild, "the armies are being built")
	}
	if s.built[0] && s.built[1] {
		s.startDeployment(ev)
	}
	return nil
}

// startDeployment turns the armies into pieces waiting to be deployed and
// shuffles the Item Deck.
func (s *State) startDeployment(ev *engine.Log) {
	c := s.g.c
	s.stage = stageDeploy
	for seat := range s.armies {
		for _, e := range s.armies[seat] {
			p, err := c.StackProfile(e.Units)
			if err != nil {
				continue // CheckAdd accepted it; cannot happen
			}
			s.profs = append(s.profs, p)
			s.info = append(s.info, s.infoOf(p))
			pc := piece{prof: int16(len(s.profs) - 1), owner: int8(seat), lock: -1, team: -1, flags: fRemoved, utype: typeOf(p.Type)}
			for _, it := range e.Items {
				if sl := s.g.items[it].slot; pc.items[sl] != 0 {
					pc.belt[sl] = int8(it) // a Tinkerer's second item (TD-24, TD-124)
				} else {
					pc.items[sl] = int8(it)
				}
			}
			s.pieces = append(s.pieces, pc)
		}
	}
	// The Item Deck: one of each of the 23 items, shuffled (TD-36).
	s.deck = s.deck[:0]
	for it := 1; it <= NumItems; it++ {
		s.deck = append(s.deck, int8(it))
	}
	s.rng.Shuffle(len(s.deck), func(i, j int) { s.deck[i], s.deck[j] = s.deck[j], s.deck[i] })
	s.player = 1 - s.first // nextDeployer hands the first placement to s.first
	s.event(ev, "deploy.begin", "deployment begins; %s places first", seatWord(s.first))
	s.nextDeployer(ev)
}

// infoOf reads the numbers the rules use from a profile.
func (s *State) infoOf(p Profile) info {
	inf := info{utype: typeOf(p.Type), ranged: p.Mode == "R", move: int8(p.Move), rng: int8(p.Range), rmod: int8(p.RangeMod), cost: int16(p.Cost), area: s.g.areas[p.AttackArea]}
	for i, v := range p.Strength {
		inf.str[i] = int8(v)
	}
	switch p.Class {
	case "M":
		inf.class = 1
	case "H":
		inf.class = 2
	}
	switch p.MoveType {
	case "Hover":
		inf.moveType = moveHover
	case "Soar":
		inf.moveType = moveSoar
	case "Aqua":
		inf.moveType = moveAqua
	}
	if n := len(p.Units); n > 0 && p.Units[n-1] < len(s.g.pupRoot) {
		inf.pup = s.g.pupRoot[p.Units[n-1]]
	}
	for _, n := range p.Abilities {
		if n >= 1 && n <= numAbilities {
			inf.abil.add(n)
		}
	}
	switch p.Special {
	case "Swarm":
		inf.special = spSwarm
	case "Relentless":
		inf.special = spRelentless
	case "Hulking":
		inf.special = spHulking
	}
	c := s.g.c
	for n := 1; n <= NumItems; n++ {
		if c.itemProblem(&p, c.item(n), nil) == itemFits {
			inf.holds |= 1 << n
		}
	}
	inf.slots = int8(c.itemSlots(p.Units))
	inf.fold = inf.abil.fold()
	if inf.special != 0 {
		inf.fold |= 1 << (inf.special & 63)
	}
	return inf
}

// undeployed reports whether seat has a unit still to deploy for which a
// grid space is left. A unit with none (an army larger than its
// deployment area, or one whose movement type no free grid space of it
// admits) stays out of the battle (TD-156).
func (s *State) undeployed(seat int) bool {
	for i := range s.pieces {
		p := &s.pieces[i]
		if int(p.owner) == seat && p.flags&fRemoved != 0 {
			// Where a unit may go does not depend on the unit: the
			// first one asks for all.
			return s.placeable(seat, i)
		}
	}
	return false
}

// placeable reports whether seat may deploy unit i somewhere. It asks
// quietly, as Legal does: the refusals of the grid spaces tried are not
// written out (it runs after every deployment).
func (s *State) placeable(seat, i int) bool {
	if s.conf.grid.bits != nil {
		sp := s.deploySpaces(seat)
		return !sp.empty()
	}
	quiet := s.quiet
	s.quiet = true
	defer func() { s.quiet = quiet }()
	for y := 0; y < s.bf.H; y++ {
		for x := 0; x < s.bf.W; x++ {
			if s.canDeploy(seat, i, battlefield.Point{X: x, Y: y}) == nil {
				return true
			}
		}
	}
	return false
}

// nextDeployer passes deployment to the other player if it has units left
// ("each Player will take turns placing one of their Units"), and starts
// the battle when every unit is placed.
func (s *State) nextDeployer(ev *engine.Log) {
	other := 1 - s.player
	switch {
	case s.undeployed(int(other)):
		s.player = other
	case s.undeployed(int(s.player)):
	default:
		s.startBattle(ev)
	}
}

// canDeploy checks that seat may place a unit on p (seed 004, "Deploying":
// "within their Deployment area"; "Mission Types", the free variant:
// "anywhere on the battlefield as long as opposing Units do not start in
// direct Grid Space contact"). One unit a grid space; a terrain piece bars
// it as it bars movement.
func (s *State) canDeploy(seat int, pc int, p battlefield.Point) error {
	if !s.bf.In(p) {
		return s.illegal(ruleDeploy, "%d,%d is off the battlefield", p.X, p.Y)
	}
	if s.at(p) >= 0 {
		return s.illegal(ruleDeploy, "%d,%d is taken: units are deployed one to a grid space", p.X, p.Y)
	}
	if !s.canStand(pc, p) {
		return s.illegal("Tactics David rules, Movement Type", "this unit may not occupy %d,%d", p.X, p.Y)
	}
	if s.conf.free {
		for _, d := range [4]battlefield.Facing{battlefield.North, battlefield.East, battlefield.South, battlefield.West} {
			if q := s.at(p.Add(d.Delta())); q >= 0 && int(s.pieces[q].owner) != seat {
				return s.illegal(ruleMission, "opposing units may not start in direct grid space contact")
			}
		}
		return nil
	}
	if s.bf.Deploy(p) != seat+1 {
		return s.illegal(ruleDeploy, "%d,%d is not in your deployment area", p.X, p.Y)
	}
	return nil
}

// deploySpaces returns the grid spaces canDeploy lets seat deploy a unit
// on now, whichever unit it is, on bitgrids: those it may stand on, not
// taken, and in its deployment area or, deploying freely, in no direct
// grid space contact with an enemy.
func (s *State) deploySpaces(seat int) bitgrid {
	gb := s.conf.grid.bits
	var taken, enemies bitgrid
	// Every grid space taken has a piece standing there: the pieces find
	// them sooner than the whole board.
	w, n := s.bf.W, len(s.board)
	for i := range s.pieces {
		p := &s.pieces[i]
		sq := int(p.y)*w + int(p.x)
		if sq < 0 || sq >= n {
			continue
		}
		if v := s.board[sq]; v != 0 {
			taken.set(sq)
			if int(s.pieces[v-1].owner) != seat {
				enemies.set(sq)
			}
		}
	}
	ok := gb.stand.andNot(&taken)
	if s.conf.free {
		near := gb.nbr.dilate(&enemies)
		return ok.andNot(&near)
	}
	return ok.and(&gb.deploy[seat&1])
}

// legalDeploy lists the deploying player's placements.
func (s *State) legalDeploy(seat int, buf []engine.Action) []engine.Action {
	// Where a unit may be deployed depends on the grid space and the
	// player, not on the unit: the grid spaces are found once.
	sc := s.scr()
	sc.spaces = sc.spaces[:0]
	found := false
	var sp bitgrid
	for i := range s.pieces {
		pc := &s.pieces[i]
		if int(pc.owner) != seat || pc.flags&fRemoved == 0 {
			continue
		}
		if s.conf.grid.bits != nil && sc.lazy.on {
			// A random playout: the grid spaces as a set, listed in the
			// order of their index as below.
			if !found {
				sp, found = s.deploySpaces(seat), true
			}
			sc.lazy.addSet(len(buf), seat, actDeploy, i, &sp)
			continue
		}
		if !found && s.conf.grid.bits != nil {
			sp = s.deploySpaces(seat)
			for w, bits := range sp {
				for bits != 0 {
					sc.spaces = append(sc.spaces, int16(w*64+mbits.TrailingZeros64(bits)))
					bits &= bits - 1
				}
			}
			found = true
		}
		if !found {
			for y := 0; y < s.bf.H; y++ {
				for x := 0; x < s.bf.W; x++ {
					if s.canDeploy(seat, i, battlefield.Point{X: x, Y: y}) == nil {
						sc.spaces = append(sc.spaces, int16(y*s.bf.W+x))
					}
				}
			}
			found = true
		}
		if sc.lazy.on {
			sc.lazy.add(len(buf), seat, actDeploy, i, sc.spaces)
			continue
		}
		for _, sq := range sc.spaces {
			x, y := int16(int(sq)%s.bf.W), int16(int(sq)/s.bf.W)
			for f := int16(0); f < 4; f++ {
				buf = append(buf, engine.Action{Seat: engine.Seat(seat), Kind: actDeploy, Arg: [4]int16{int16(i), x, y, f}})
			}
		}
		// Units are interchangeable for the order of placement only by
		// choice: list every unit still to place.
	}
	return buf
}

// applyDeploy places a unit.
func (s *State) applyDeploy(a engine.Action, ev *engine.Log) error {
	if a.Kind != actDeploy {
		return s.illegal(ruleDeploy, "units are being deployed")
	}
	i := int(a.Arg[0])
	if i < 0 || i >= len(s.pieces) || int(s.pieces[i].owner) != int(a.Seat) || s.pieces[i].flags&fRemoved == 0 {
		return s.illegal(ruleDeploy, "u%d is not one of your units waiting to be deployed", i)
	}
	p := battlefield.Point{X: int(a.Arg[1]), Y: int(a.Arg[2])}
	if a.Arg[3] < 0 || a.Arg[3] > 3 {
		return s.illegal(ruleDeploy, "no facing %d", a.Arg[3])
	}
	if !s.trusted { // ApplyLegal: the action was just listed
		if err := s.canDeploy(int(a.Seat), i, p); err != nil {
			return err
		}
	}
	pc := &s.pieces[i]
	pc.flags &^= fRemoved
	pc.facing = battlefield.Facing(a.Arg[3])
	s.place(i, p)
	s.event(ev, "deploy", "%s is deployed facing %s", s.name(i), pc.facing)
	s.nextDeployer(ev)
	return nil
}

// startBattle begins the first player's first turn.
func (s *State) startBattle(ev *engine.Log) {
	for i := range s.pieces {
		if s.pieces[i].flags&fRemoved != 0 {
			s.event(ev, "deploy.left-out", "%s stays out of the battle: no grid space is left for it (ruling TD-156)", s.name(i))
		}
	}
	s.stage = stageBattle
	s.refreshPresent()
	s.player = s.first
	s.event(ev, "battle.begin", "the battle begins")
	s.startTurn(ev)
}
