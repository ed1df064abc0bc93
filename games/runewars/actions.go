package runewars

import (
	"skald/engine"
)

// Action kinds. Each action's text form is given beside it.
const (
	kLay       = iota // lay <tile> at <q>,<r> turn <0-5>
	kRune             // rune dragon|false <area>
	kKeep             // keep <area>: the setup stronghold
	kPlace            // place <unit> <area> [from <area>]
	kTake             // take influence|tactics
	kLose             // lose <unit> <area>
	kBid              // bid <n>
	kDiscard          // discard <area>: a false rune token
	kPut              // put <area>: a rune token received
	kAllies           // allies <area>
	kReveal           // reveal <area>
	kCarry            // carry <area> <area>: a rune token
	kFrost            // frost <area>
	kOrder            // order <name>
	kActivate         // activate <area>
	kMove             // move <unit> <area> <area>
	kDone             // done
	kRecruit          // recruit food|wood|ore
	kDevelop          // develop <area> [from <area>]
	kBuild            // build <area> [from <area>]
	kRepair           // repair <area>
	kConceal          // conceal
	kSkip             // skip
	kFight            // fight
	kParley           // parley <n>
	kChoose           // choose <fate card number>
	kFirst            // first <unit>
	kHit              // hit <unit>
	kStand            // stand <unit>
	kSacrifice        // sacrifice
	kRetreat          // retreat <area>
	kRaze             // raze
	kSeize            // seize [from <area>]
	kHero             // hero <area>: the hero dealt placed (setup, Rally Support)
	kGo               // go <hero> <area>: a hero moves one area
	kHeal             // heal <hero>
	kTrain            // train <hero> <attribute> [<attribute>]
	kQuest            // quest <hero> <quest>
	kDuel             // duel <hero> <hero>
	kSupport          // support <hero> <unit>
	kDrop             // drop <fate card number>
	kObjective        // objective <objective>: the one kept (Limits 3)
	kDesert           // desert <hero>: a hero leaves play (Deserting heroes)
	kGive             // give <hero> <hero> <reward>: a reward card traded (Heroes 1a)
	kTitle            // title <title> <n>: Influence placed on a title (Acquire Power)
	kAward            // award <faction>: the Primarch decides a tied bid (Influence bids 3)
	kPlay             // play <tactic>: a Tactics card played (Tactics; RW-D14)
	kPass             // pass: no more Tactics cards now
	kBuy              // buy <development>: a Development card (DEV; RW-D18)
	kCapital          // capital <area>: the Capital placed or rebuilt (DEV-CAP)
	kPeasant          // peasant <area>: a Peasant token left in an area (DEV-PEA)
	kCommand          // command <hero> [from <hero>]: a hero made Commander (CMD-SETUP, CMD-REC)
	kRally            // rally heroes|commander: Rally Support's Supremacy Bonus (CMD-REC)
	kAssign           // assign <commander card> <hero>: the Commander card kept (CMD-REC)
	kGuard            // guard <hero>: a Commander takes one damage for his troops (CMD-BAT)
	kLead             // lead <hero>: a Commander uses his card at the start of a battle (CMD-BAT; Battles 4)
	kFoe              // foe strike|ward: the imaginary foe's special, by its controller (H-IMAG)
	kAbandon          // abandon <quest>: a quest card discarded down to 3 (Limits 5)
	numActionKinds
)

var actionWords = [numActionKinds]string{"lay", "rune", "keep", "place", "take", "lose", "bid", "discard", "put",
	"allies", "reveal", "carry", "frost", "order", "activate", "move", "done", "recruit", "develop", "build",
	"repair", "conceal", "skip", "fight", "parley", "choose", "first", "hit", "stand", "sacrifice", "retreat",
	"raze", "seize", "hero", "go", "heal", "train", "quest", "duel", "support", "drop", "objective", "desert", "give", "title", "award", "play", "pass", "buy", "capital", "peasant", "command",
	"rally", "assign", "guard", "lead", "foe", "abandon"}

func act(seat int8, kind int, args ...int) engine.Action {
	a := engine.Action{Seat: engine.Seat(seat), Kind: uint8(kind)}
	for i, v := range args {
		a.Arg[i] = int16(v)
	}
	return a
}

// decider returns the one seat that must act now, or -1 when several pick
// at once or nobody acts.
func (s *State) decider() int8 {
	switch {
	case s.over:
		return -1
	case s.nask > 0:
		return s.ask[0].seat
	case s.bat.on:
		b := &s.bat
		switch b.phase {
		case bDiplomacy, bParleyCard, bKeep:
			return b.att
		case bRetreat, bSupport, bHeroes, bTactics:
			return b.chooser(b.loser)
		case bDrop:
			return b.chooser(int8(1 - b.drop&1))
		}
		if b.nq > 0 {
			return s.hitChooser()
		}
		if b.pick[0] == -1 {
			return b.att
		}
		return b.chooser(1)
	case s.dl.on:
		if s.dl.phase == dlFoe {
			return s.dl.ctl // H-IMAG: the player to the left decides for the foe
		}
		return s.duelSeat(s.dl.side)
	case s.stage == stSeason && s.qph.on:
		return s.qph.seat
	case s.stage == stSeason && s.sea.bidding, s.stage == stOrders:
		return -1
	case s.stage == stResolve:
		return s.ord.seat
	}
	return s.turn
}

// Deciders returns the seats that must act now.
func (s *State) Deciders() engine.SeatSet {
	if s.over {
		return 0
	}
	if d := s.decider(); d >= 0 {
		return engine.Seats(engine.Seat(d))
	}
	if s.stage == stOrders || s.stage == stSeason && s.sea.bidding {
		return s.picks.Waiting()
	}
	return 0
}

// Legal appends seat's legal actions to buf.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if !s.Deciders().Has(seat) {
		return buf
	}
	p := int8(seat)
	switch {
	case s.nask > 0:
		return s.legalChoice(p, buf)
	case s.bat.on:
		return s.legalBattle(p, buf)
	case s.dl.on:
		if s.dl.phase == dlFoe {
			return append(buf, act(p, kFoe, 0), act(p, kFoe, 1))
		}
		return append(s.legalPlays(p, TwDuel, s.dl.side, buf), act(p, kPass))
	case s.stage == stSeason && s.qph.on:
		return s.legalQuestPhase(p, buf)
	case s.stage == stSeason && s.sea.bidding:
		for v := 0; v <= int(s.players[p].influence); v++ {
			buf = append(buf, act(p, kBid, v))
		}
		return buf
	case s.stage == stOrders:
		for o := 1; o <= oFortify; o++ {
			if !s.players[p].played[o] {
				buf = append(buf, act(p, kOrder, o))
			}
		}
		return buf
	case s.stage == stResolve:
		return s.legalOrder(p, buf)
	case s.stage == stTiles || s.stage == stHomes:
		return s.legalLay(p, buf)
	case s.stage == stRunes:
		allowed := s.setupRuneAreas()
		for k, dragon := range [2]bool{true, false} {
			if s.players[p].runeHand[k] == 0 {
				continue
			}
			allowed.each(func(a int) {
				buf = append(buf, act(p, kRune, b2i(dragon), a))
			})
		}
		return buf
	case s.stage == stKeep:
		s.homeAreas(p).each(func(a int) { buf = append(buf, act(p, kKeep, a)) })
		return buf
	case s.stage == stStart:
		return s.legalPlace(p, s.homeAreas(p), false, buf)
	case s.stage == stHero:
		if h := s.unplaced(p); h >= 0 {
			s.homeAreas(p).each(func(a int) { buf = append(buf, act(p, kHero, a)) })
		} else if s.needsCommander(p) {
			buf = s.legalCommand(p, buf)
		}
		return buf
	}
	return buf
}

// setupRuneAreas returns where a setup rune may go: an area not in or
// next to a home realm and without a rune token (Setup 2). On a map too
// small for that (two players lay only six tiles) the areas next to the
// home realms are allowed too, but never the home realms (RW-R4).
func (s *State) setupRuneAreas() areaSet {
	taken := s.runeAreas()
	near := s.b.homes
	s.b.homes.each(func(h int) { near |= s.b.adj[h] })
	if ok := s.b.placed &^ taken &^ near; ok != 0 {
		return ok
	}
	return s.b.placed &^ taken &^ s.b.homes
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// legalLay lists where seat may lay each tile he holds.
func (s *State) legalLay(p int8, buf []engine.Action) []engine.Action {
	var hand [3]int
	for _, t := range s.layTiles(p, hand[:0]) {
		for _, pl := range s.placements(t) {
			buf = append(buf, act(p, kLay, t, int(pl.at.q), int(pl.at.r), int(pl.turn)))
		}
	}
	return buf
}

// layTiles appends the tiles seat may lay now to buf, in the order
// legalLay lists them: his setup quests' tiles (and tile 12), or his home
// realm.
func (s *State) layTiles(p int8, buf []int) []int {
	if s.stage != stTiles {
		return append(buf, s.c.Homes[s.players[p].faction])
	}
	for _, t := range s.tileHand[p] {
		if t >= 0 && (len(buf) == 0 || buf[0] != int(t)) {
			buf = append(buf, int(t))
		}
	}
	if s.lostHand == p {
		buf = append(buf, s.c.LostTile) // LC (RW-R41)
	}
	return buf
}

// legalPlace lists where seat may place the next units he has to place:
// in the areas of where with room (8 units, Limits 2), or, when the type's
// figures are all on the board, taken from another area (Limits 1).
func (s *State) legalPlace(p int8, where areaSet, reuse bool, buf []engine.Action) []engine.Action {
	pl := &s.players[p]
	cen := s.take(p)
	var seen typeSet
	for i := 0; i < int(pl.nPlace); i++ {
		u := int(pl.toPlace[i])
		if seen.has(u) {
			continue
		}
		seen = seen.with(u)
		free := s.onBoard(u, p) < s.supplyOf(u, p)
		where.each(func(a int) {
			if int(cen.mine[a]) >= unitLimit && free {
				return
			}
			if free {
				buf = append(buf, act(p, kPlace, u, a, -1))
				return
			}
			if !reuse {
				return
			}
			for _, from := range s.figAreas(u, p) {
				if from != a && int(cen.mine[a]) < unitLimit {
					buf = append(buf, act(p, kPlace, u, a, from))
				}
			}
		})
	}
	return buf
}

// figAreas lists the areas where owner has figures of type u.
func (s *State) figAreas(u int, owner int8) []int {
	var set areaSet
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if f.area != noArea && int(f.typ) == u && f.owner == owner {
			set = set.with(int(f.area))
		}
	}
	var out []int
	set.each(func(a int) { out = append(out, a) })
	return out
}
