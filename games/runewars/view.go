package runewars

import (
	"fmt"
	"sort"
	"strings"

	"skald/engine"
	"skald/engine/decide"
)

// View is what one seat may see of the match.
type View struct {
	Seat       int          `json:"seat"`
	Year       int          `json:"year"`
	Years      int          `json:"years"`
	Season     string       `json:"season"`
	RunesToWin int          `json:"runesToWin"`
	Stage      string       `json:"stage"`
	Card       *SeasonView  `json:"card,omitempty"`
	Players    []PlayerView `json:"players"`
	Areas      []AreaView   `json:"areas"`
	Borders    []BorderView `json:"borders,omitempty"`
	Tiles      []TileHand   `json:"tiles,omitempty"`
	Orders     []string     `json:"orders,omitempty"` // this season's order per seat: "", "face down" or its name
	Bids       []string     `json:"bids,omitempty"`
	Battle     *BattleView  `json:"battle,omitempty"`
	Asking     string       `json:"asking,omitempty"`
	Fate       int          `json:"fate"`
	FateOut    []int        `json:"fateOut,omitempty"`
	VictoryOn  []string     `json:"victoryOn"` // per season deck: the faction whose Victory card is on top, or ""
	Heroes     []HeroView   `json:"heroes,omitempty"`
	QuestDeck  int          `json:"questDeck"`
	RewardDeck int          `json:"rewardDeck"`
	RewardsOut []string     `json:"rewardsOut,omitempty"` // reward cards discarded face up
	QuestPhase string       `json:"questPhase,omitempty"` // the faction whose heroes act in Summer
	// Duel is the duel being fought, seen by all (Heroes 1b).
	Duel *DuelView `json:"duel,omitempty"`
	// CommanderCards are the Commander cards drawn with Rally Support,
	// face up, one to keep (CMD-REC); CommanderDeck counts the deck.
	CommanderCards []string `json:"commanderCards,omitempty"`
	CommanderDeck  int      `json:"commanderDeck,omitempty"`
	// ObjectivesOut are the objective cards discarded to the limit, face
	// up (Limits 3; RW-R35).
	ObjectivesOut []string `json:"objectivesOut,omitempty"`
	// Titles are face up for everyone, with their holder and the
	// Influence on them (Acquire Power; RW-D13).
	Titles []TitleView `json:"titles"`
}

// DuelView is a duel being fought: the challenger, the hero challenged
// or a quest's imaginary foe (its name, health and damage), the rounds
// fought, and the fate cards of a round while the foe's controller
// decides (RW-R50).
type DuelView struct {
	Hero      string `json:"hero"`
	Against   string `json:"against,omitempty"`
	Foe       string `json:"foe,omitempty"`
	FoeHealth int    `json:"foeHealth,omitempty"`
	FoeDamage int    `json:"foeDamage,omitempty"`
	Quest     string `json:"quest,omitempty"`
	Round     int    `json:"round"`
	Cards     []int  `json:"cards,omitempty"`
}

// TitleView is a title card, face up.
type TitleView struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Text      string `json:"text"`
	Holder    string `json:"holder,omitempty"`
	Influence int    `json:"influence,omitempty"`
}

// HeroView is a hero on the board. Its reward cards are face down: only
// its owner sees which they are.
type HeroView struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Owner    string   `json:"owner"`
	Area     string   `json:"area"`
	Routed   bool     `json:"routed,omitempty"`
	Damage   int      `json:"damage,omitempty"`
	Health   int      `json:"health"`
	Strength int      `json:"strength"` // the card's and its training (items, face down, come on top)
	Agility  int      `json:"agility"`
	Wisdom   int      `json:"wisdom"`
	Training []int    `json:"training"` // the training token on each attribute
	Ability  string   `json:"ability"`
	Text     string   `json:"text"`
	Rewards  int      `json:"rewards"`
	Cards    []string `json:"cards,omitempty"` // the reward cards, for its owner
	Acted    bool     `json:"acted,omitempty"`
	Supports string   `json:"supports,omitempty"` // in a battle: the unit type it supports
	// Commander is its Commander card, face up (CMD-SETUP; RW-D19).
	Commander string `json:"commander,omitempty"`
	CmdText   string `json:"commanderText,omitempty"`
}

// SeasonView is the season card in play.
type SeasonView struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Text string `json:"text"`
}

// PlayerView is one faction as the viewer sees it.
type PlayerView struct {
	Faction   string   `json:"faction"`
	Name      string   `json:"name"`
	Good      bool     `json:"good"`
	Food      int      `json:"food"`
	Wood      int      `json:"wood"`
	Ore       int      `json:"ore"`
	Influence int      `json:"influence"`
	Tactics   int      `json:"tactics"`
	Played    []string `json:"played"`
	Runes     int      `json:"runes"`             // rune tokens in areas it controls, and its Alternate Cities' runes (RW-R43)
	Dragons   int      `json:"dragons"`           // dragon runes among them the viewer knows of
	Victory   string   `json:"victory,omitempty"` // the season deck its Victory card is on
	ToPlace   []string `json:"toPlace,omitempty"`
	Quests    []string `json:"quests,omitempty"` // the quest cards in hand, for their holder only
	NQuests   int      `json:"questCount"`
	// Objective is the id of the objective card in hand, for its holder
	// only (Setup 7; Limits 3); objectiveCount is seen by all.
	Objective   string   `json:"objective,omitempty"`
	NObjectives int      `json:"objectiveCount"`
	Completed   []string `json:"completed,omitempty"` // the objectives it has completed, face up
	// Developments are the Development cards it has bought, face up;
	// CapitalLost says its Capital was destroyed (DEV; RW-D18).
	Developments []string `json:"developments,omitempty"`
	CapitalLost  bool     `json:"capitalLost,omitempty"`
	// Hand is the Tactics cards in hand, for their holder only; tactics
	// (the count) is seen by all (Limits 7; RW-D14).
	Hand []TacticView `json:"hand,omitempty"`
	// Lieutenant says its Lieutenant General is in play (CMD-LG).
	Lieutenant bool `json:"lieutenant,omitempty"`
}

// TacticView is a Tactics card in its holder's hand.
type TacticView struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Text  string `json:"text"`
	Fresh bool   `json:"fresh,omitempty"` // drawn this season: not played until the next (Tactics)
}

// AreaView is one area of the board.
type AreaView struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Tile    string `json:"tile"`
	Q       int    `json:"q"`
	R       int    `json:"r"`
	Terrain string `json:"terrain"`
	Food    int    `json:"food,omitempty"`
	Wood    int    `json:"wood,omitempty"`
	Ore     int    `json:"ore,omitempty"`
	Home    string `json:"home,omitempty"`
	City    string `json:"city,omitempty"`
	Owner   string `json:"owner,omitempty"`
	Keep    string `json:"keep,omitempty"` // "daqan", "daqan damaged", with " developed", " capital"
	Rune    string `json:"rune,omitempty"` // "dragon", "false", "face down"
	Frost   int    `json:"frost,omitempty"`
	// Border is the colour of the area's edges on its tile's outline:
	// red, blue, or tile 12's yellow (blue once the Lost City covers it).
	Border string `json:"border,omitempty"`
	// Peasant is the faction whose Peasant token holds the area (DEV-PEA).
	Peasant string `json:"peasant,omitempty"`
	// Desolation is a desolation token there (RW-R40).
	Desolation bool       `json:"desolation,omitempty"`
	Active     []string   `json:"active,omitempty"`
	Units      []UnitView `json:"units,omitempty"`
	Dropped    int        `json:"dropped,omitempty"` // reward cards on a Defeated Hero marker
}

// UnitView is a number of like figures in an area.
type UnitView struct {
	Owner  string `json:"owner"` // a faction, or "neutral"
	Unit   string `json:"unit"`
	Name   string `json:"name"`
	Count  int    `json:"count"`
	Routed bool   `json:"routed,omitempty"`
	Damage int    `json:"damage,omitempty"`
	Battle bool   `json:"battle,omitempty"`
	Allied bool   `json:"allied,omitempty"`
}

// BorderView is a river or ridge between two areas.
type BorderView struct {
	A, B string
	Kind string `json:"kind"`
}

// TileHand is a player's tiles still to lay.
type TileHand struct {
	Faction string   `json:"faction"`
	Tiles   []string `json:"tiles"`
}

// BattleView is the battle being fought.
type BattleView struct {
	Area       string `json:"area"`
	Attacker   string `json:"attacker"`
	Defender   string `json:"defender"`
	Initiative int    `json:"initiative"`
	Phase      string `json:"phase"`
	Cards      []int  `json:"cards,omitempty"`
}

var stageNames = [...]string{"laying tiles", "laying home realms", "placing runes", "placing strongholds", "placing units", "placing heroes",
	"season", "choosing orders", "resolving orders", "over"}

// View returns what seat may see.
func (s *State) View(seat engine.Seat) any { return s.view(seat) }

func (s *State) faction(p int8) string {
	if p < 0 {
		return "neutral"
	}
	return s.c.Factions[s.players[p].faction].ID
}

func (s *State) view(seat engine.Seat) *View {
	c := s.c
	v := &View{Seat: int(seat), Year: int(s.year), Years: int(s.years), Season: seasonNames[s.season],
		RunesToWin: int(s.runesToWin), Stage: stageNames[s.stage], Fate: int(s.nfate)}
	if s.stage >= stSeason && s.card >= 0 && s.year > 0 {
		card := &c.Seasons[s.card]
		v.Card = &SeasonView{ID: card.ID, Name: card.Name, Text: card.Text}
	}
	for i := 0; i < int(s.nout); i++ {
		v.FateOut = append(v.FateOut, c.Fate[s.fateOut[i]].ID)
	}
	for se := range s.victoryOn {
		name := ""
		if s.victoryOn[se] >= 0 {
			name = s.faction(s.victoryOn[se])
		}
		v.VictoryOn = append(v.VictoryOn, name)
	}
	cen := s.take(-1)
	for p := int8(0); p < s.n; p++ {
		pl := &s.players[p]
		f := &c.Factions[pl.faction]
		pv := PlayerView{Faction: f.ID, Name: f.Name, Good: f.Good, Food: int(pl.dials[Food]), Wood: int(pl.dials[Wood]),
			Ore: int(pl.dials[Ore]), Influence: int(pl.influence), Tactics: int(pl.tactics), Played: []string{}}
		for o := 1; o <= oFortify; o++ {
			if pl.played[o] {
				pv.Played = append(pv.Played, orderNames[o])
			}
		}
		if pl.victory >= 0 {
			pv.Victory = seasonNames[pl.victory]
		}
		for i := 0; i < int(s.nrunes); i++ {
			r := &s.runes[i]
			if r.area == noArea || cen.ctl[r.area] != p {
				continue
			}
			pv.Runes++
			if r.dragon && (r.up || r.known.Has(seat)) {
				pv.Dragons++
			}
		}
		for d := range c.Developments {
			if pl.devCards&(1<<d) != 0 {
				pv.Developments = append(pv.Developments, c.Developments[d].ID)
			}
		}
		pv.CapitalLost = pl.capLost
		pv.Lieutenant = pl.lieut > 0
		// An Alternate City's dragon runes are face up for all (RW-R43).
		cr := s.cityRunes(p)
		pv.Runes += cr
		pv.Dragons += cr
		for i := 0; i < int(pl.nPlace); i++ { // the units to place are in the open
			pv.ToPlace = append(pv.ToPlace, c.Units[pl.toPlace[i]].ID)
		}
		for q := range c.Quests {
			if s.qAt[q] == p {
				pv.NQuests++
				if engine.Seat(p) == seat {
					pv.Quests = append(pv.Quests, c.Quests[q].ID)
				}
			}
		}
		for o := range c.Objectives {
			switch {
			case s.objAt[o] == p:
				pv.NObjectives++
				if engine.Seat(p) == seat {
					pv.Objective = c.Objectives[o].ID
				}
			case s.objAt[o] == oDone && s.objBy[o] == p:
				pv.Completed = append(pv.Completed, c.Objectives[o].ID)
			}
		}
		v.Players = append(v.Players, pv)
	}
	if s.stage <= stHomes {
		for p := int8(0); p < s.n; p++ {
			th := TileHand{Faction: s.faction(p)}
			for _, t := range s.tileHand[p] {
				if t >= 0 {
					th.Tiles = append(th.Tiles, c.Tiles[t].ID)
				}
			}
			if s.stage == stHomes && int(p) >= int(s.setupStep) {
				th.Tiles = append(th.Tiles, c.Tiles[c.Homes[s.players[p].faction]].ID)
			}
			v.Tiles = append(v.Tiles, th)
		}
	}
	s.b.placed.each(func(a int) {
		ar := &c.Areas[a]
		av := AreaView{ID: ar.ID, Name: ar.Name, Tile: c.Tiles[ar.Tile].ID, Q: int(s.b.pos[a].q), R: int(s.b.pos[a].r),
			Terrain: ar.Terrain, Food: ar.Res[Food], Wood: ar.Res[Wood], Ore: ar.Res[Ore], Frost: int(s.frost[a]), Desolation: s.desol[a]}
		if ar.Home >= 0 {
			av.Home = c.Factions[ar.Home].ID
		}
		av.Border = [4]string{"", "red", "blue", "yellow"}[ar.Border&3]
		if pt := s.peasant[a]; pt > 0 {
			av.Peasant = s.faction(pt - 1)
		}
		if s.lostCityAt(a) {
			av.Border = "blue" // the Lost City's blue border covers the yellow (LC)
		}
		if s.city[a] >= 0 {
			av.City = c.Cities[s.city[a]].ID
		}
		if cen.ctl[a] >= 0 {
			av.Owner = s.faction(cen.ctl[a])
		}
		if k := s.keeps[a]; k.owner >= 0 {
			av.Keep = s.faction(k.owner)
			if k.damaged {
				av.Keep += " damaged"
			}
			if k.dev {
				av.Keep += " developed"
			}
			if k.capital {
				av.Keep += " capital" // DEV-CAP
			}
		}
		if r := s.runeAt(a); r >= 0 {
			t := &s.runes[r]
			switch {
			case t.up || t.known.Has(seat):
				av.Rune = map[bool]string{true: "dragon", false: "false"}[t.dragon]
			default:
				av.Rune = "face down"
			}
		}
		for p := int8(0); p < s.n; p++ {
			if s.active[a].Has(engine.Seat(p)) {
				av.Active = append(av.Active, s.faction(p))
			}
		}
		av.Units = s.unitsIn(a)
		av.Dropped = popcount(s.dropped[a])
		v.Areas = append(v.Areas, av)
		for _, kind := range []struct {
			set  areaSet
			name string
		}{{s.b.water[a], "river"}, {s.b.ridge[a], "ridge"}} {
			kind.set.each(func(o int) {
				if o > a {
					v.Borders = append(v.Borders, BorderView{A: ar.ID, B: c.Areas[o].ID, Kind: kind.name})
				}
			})
		}
	})
	if s.stage == stOrders || s.stage == stResolve {
		for p := int8(0); p < s.n; p++ {
			if s.stage == stResolve {
				v.Orders = append(v.Orders, orderNames[s.revealed[p]])
				continue
			}
			val, face := s.picks.Seen(seat, engine.Seat(p))
			switch face {
			case decide.FaceUp:
				v.Orders = append(v.Orders, orderNames[val])
			case decide.FaceDown:
				v.Orders = append(v.Orders, "face down")
			default:
				v.Orders = append(v.Orders, "")
			}
		}
	}
	if s.stage == stSeason && s.sea.bidding {
		for p := int8(0); p < s.n; p++ {
			val, face := s.picks.Seen(seat, engine.Seat(p))
			switch face {
			case decide.FaceUp:
				v.Bids = append(v.Bids, fmt.Sprint(val))
			case decide.FaceDown:
				v.Bids = append(v.Bids, "face down")
			default:
				v.Bids = append(v.Bids, "")
			}
		}
	}
	if s.bat.on {
		b := &s.bat
		bv := &BattleView{Area: c.Areas[b.area].ID, Attacker: s.faction(b.att), Defender: s.faction(b.def), Initiative: int(b.init),
			Phase: []string{"fight or parley", "choose a fate card", "initiative steps", "retreat", "raze or seize",
				"hero support", "discard a fate card", "heroes retreat", "tactics cards"}[b.phase]}
		for i := 0; i < int(b.ncards); i++ {
			bv.Cards = append(bv.Cards, c.Fate[b.cards[i]].ID)
		}
		if b.phase == bDrop {
			side := int8(1 - b.drop&1)
			for i := 0; i < int(b.nheld[side]); i++ {
				bv.Cards = append(bv.Cards, c.Fate[b.held[side][i]].ID)
			}
		}
		v.Battle = bv
	}
	for h := range c.Heroes {
		hf := &s.heroes[h]
		if hf.owner < 0 || hf.area == noArea {
			continue
		}
		hc := &c.Heroes[h]
		hv := HeroView{ID: hc.ID, Name: hc.Name, Owner: s.faction(hf.owner), Area: c.Areas[hf.area].ID, Routed: hf.routed,
			Damage: int(hf.dmg), Health: hc.Health, Strength: hc.Attrs[Strength] + int(hf.train[Strength]),
			Agility: hc.Attrs[Agility] + int(hf.train[Agility]), Wisdom: hc.Attrs[Wisdom] + int(hf.train[Wisdom]), Training: []int{int(hf.train[0]), int(hf.train[1]), int(hf.train[2])},
			Ability: hc.Ability.Name, Text: hc.Ability.Text, Rewards: popcount(hf.rewards), Acted: hf.acted && s.qph.on}
		if hf.support > 0 {
			hv.Supports = c.Units[hf.support-1].ID
		}
		if hf.cmd > 0 {
			hv.Commander, hv.CmdText = c.Commanders[hf.cmd-1].ID, c.Commanders[hf.cmd-1].Text
		}
		if engine.Seat(hf.owner) == seat {
			for r := range c.Rewards {
				if hf.rewards&(1<<uint(r)) != 0 {
					hv.Cards = append(hv.Cards, c.Rewards[r].ID)
				}
			}
		}
		v.Heroes = append(v.Heroes, hv)
	}
	v.QuestDeck, v.RewardDeck = int(s.nqdeck), int(s.nrdeck)
	for r := range c.Rewards {
		if s.rOut&(1<<uint(r)) != 0 {
			v.RewardsOut = append(v.RewardsOut, c.Rewards[r].ID)
		}
	}
	if s.stage == stSeason && s.qph.on {
		v.QuestPhase = s.faction(s.qph.seat)
	}
	if s.dl.on {
		dl := &s.dl
		dv := &DuelView{Hero: s.c.Heroes[dl.a].ID, Round: int(dl.round)}
		if dl.d >= 0 {
			dv.Against = s.c.Heroes[dl.d].ID
		} else {
			foe := &s.c.Quests[dl.q].Foe
			dv.Foe, dv.FoeHealth, dv.FoeDamage, dv.Quest = foe.Name, foe.Health, int(dl.foeDmg), s.c.Quests[dl.q].ID
		}
		if dl.phase == dlFoe {
			dv.Cards = []int{s.c.Fate[dl.ca].ID, s.c.Fate[dl.cd].ID}
		}
		v.Duel = dv
	}
	if s.cmds {
		v.CommanderDeck = int(s.ncdeck)
		for i := 0; i < int(s.ord.ncd); i++ {
			v.CommanderCards = append(v.CommanderCards, c.Commanders[s.ord.cd[i]].ID)
		}
	}
	for o := range c.Objectives {
		if s.objAt[o] == oDiscard {
			v.ObjectivesOut = append(v.ObjectivesOut, c.Objectives[o].ID)
		}
	}
	if seat >= 0 && int(seat) < int(s.n) {
		st := s.stamp()
		for i, k := range c.TacticDeck {
			if s.tAt[i] == int8(seat) {
				t := &c.Tactics[k]
				v.Players[seat].Hand = append(v.Players[seat].Hand, TacticView{ID: t.ID, Name: t.Name, Text: t.Text, Fresh: s.tNew[i] == st})
			}
		}
	}
	v.Titles = []TitleView{}
	for t := range c.Titles {
		tv := TitleView{ID: c.Titles[t].ID, Name: c.Titles[t].Name, Text: c.Titles[t].Text, Influence: int(s.titleInf[t])}
		if s.titleBy[t] >= 0 {
			tv.Holder = s.faction(s.titleBy[t])
		}
		v.Titles = append(v.Titles, tv)
	}
	v.Asking = s.asking()
	return v
}

func popcount(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// unitsIn groups the figures in area a.
func (s *State) unitsIn(a int) []UnitView {
	type key struct {
		owner  int8
		u      uint8
		routed bool
		dmg    int8
		battle bool
	}
	count := map[key]int{}
	var keys []key
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if int(f.area) != a {
			continue
		}
		k := key{f.owner, f.typ, f.routed, f.dmg, f.battle}
		if count[k] == 0 {
			keys = append(keys, k)
		}
		count[k]++
	}
	sort.Slice(keys, func(i, j int) bool {
		x, y := keys[i], keys[j]
		if x.owner != y.owner {
			return x.owner < y.owner
		}
		if x.u != y.u {
			return x.u < y.u
		}
		if x.routed != y.routed {
			return !x.routed
		}
		return x.dmg < y.dmg
	})
	var out []UnitView
	for _, k := range keys {
		ut := &s.c.Units[k.u]
		out = append(out, UnitView{Owner: s.faction(k.owner), Unit: ut.ID, Name: ut.Name, Count: count[k], Routed: k.routed,
			Damage: int(k.dmg), Battle: k.battle, Allied: k.owner >= 0 && ut.Faction < 0})
	}
	return out
}

// asking says what the match waits for, for the players.
func (s *State) asking() string {
	if s.over {
		return ""
	}
	who := func(p int8) string { return s.faction(p) }
	if s.nask > 0 {
		c := &s.ask[0]
		switch c.kind {
		case chTake:
			return who(c.seat) + ": take 2 Influence or a Tactics card (Autumn)"
		case chLose:
			return fmt.Sprintf("%s: remove %d units from %s (Winter: no more units in an area than the food dial; Limits 2)", who(c.seat), c.n, s.c.Areas[c.area].Name)
		case chReveal:
			return fmt.Sprintf("%s: reveal %d face-down rune tokens in areas you control", who(c.seat), c.n)
		case chCarry:
			return who(c.seat) + ": move one rune token (Threatened Home Realms)"
		case chFrost:
			return fmt.Sprintf("%s: place %d Frost tokens outside the home realms", who(c.seat), c.n)
		case chAllies:
			return fmt.Sprintf("%s: place %d allied %s in an area you control", who(c.seat), c.n, plural(s.c.Units[c.unit].Name, int(c.n)))
		case chDiscard:
			return who(c.seat) + ": discard up to 2 false rune tokens you control, or done (Dragon runes)"
		case chPut:
			return fmt.Sprintf("%s: place %d rune tokens, face down, in friendly or uncontrolled areas", who(c.seat), c.n)
		case chObjective:
			return who(c.seat) + ": keep one objective card and discard the others (Limits 3)"
		case chQuests:
			return fmt.Sprintf("%s: discard %d quest cards, down to 3 (Limits 5)", who(c.seat), c.n)
		case chAward:
			return who(c.seat) + ": the bid is tied; as Primarch of the Wizards' Council, award it to one of the tied players (Influence bids 3)"
		}
	}
	if s.dl.on {
		if s.dl.phase == dlFoe {
			return who(s.dl.ctl) + ": decide for " + s.c.Quests[s.dl.q].Foe.Name + ": strike, or ward off this round's wounds (Heroes: imaginary units)"
		}
		return who(s.duelSeat(s.dl.side)) + ": play Tactics cards at the start of the duel, or pass (Heroes 1b)"
	}
	if s.stage == stSeason && s.qph.on && s.qph.cmd {
		return who(s.qph.seat) + ": at the start of the quest phase, move your Commander's role to a hero in one of your strongholds, or draw a Commander card for one if you have none, or skip (Commanders of the Battlefield)"
	}
	if s.bat.on {
		b := &s.bat
		switch b.phase {
		case bDiplomacy:
			return who(b.att) + ": fight the neutral units, or parley with 1 to 6 Influence (Diplomacy)"
		case bParleyCard:
			return who(b.att) + ": choose one of the fate cards drawn (Diplomacy 3)"
		case bRetreat:
			return s.sideName(b.loser) + " retreats: choose one adjacent friendly or empty area (Retreat)"
		case bKeep:
			return who(b.att) + ": raze the stronghold, or seize it (Battles 6b)"
		case bSupport:
			return who(b.chooser(b.loser)) + ": put your heroes here beside your unit types, one a type, then done (Hero Support)"
		case bDrop:
			return who(b.chooser(int8(1-b.drop&1))) + ": discard one of the fate cards drawn (Hero Support)"
		case bTactics:
			return who(b.chooser(b.loser)) + ": play Tactics cards at the start of the battle, or pass (Battles 4)"
		case bHeroes:
			return who(b.chooser(b.loser)) + ": your supporting heroes retreat into an adjacent area, routed (Battles 6)"
		}
		if b.nq > 0 {
			h := &b.q[0]
			switch h.op {
			case hDamage:
				return fmt.Sprintf("%s: choose the unit that takes the damage (%d left)", who(s.hitChooser()), h.n)
			case hRout:
				return fmt.Sprintf("%s: choose the unit that is routed (%d left)", who(s.hitChooser()), h.n)
			case hAimed, hDestroy:
				return who(s.hitChooser()) + ": choose the enemy unit your ability strikes"
			case hStand:
				return who(s.hitChooser()) + ": choose the routed unit that stands up"
			case hSacrifice:
				return who(s.hitChooser()) + ": sacrifice a unit for its damage, or skip"
			}
		}
		return fmt.Sprintf("choose which unit type draws first at initiative %d", b.init)
	}
	switch s.stage {
	case stTiles:
		return who(s.turn) + ": lay one of your tiles (Setup)"
	case stHomes:
		return who(s.turn) + ": lay your home realm, at least 3 areas from the others (Setup 1)"
	case stRunes:
		return who(s.turn) + ": place your dragon rune or your false rune (Setup 2)"
	case stKeep:
		return who(s.turn) + ": build your stronghold in your home realm (Setup 5)"
	case stStart:
		return who(s.turn) + ": place your starting units in your home realm (Setup 5)"
	case stHero:
		if s.needsCommander(s.turn) {
			return who(s.turn) + ": make one of your two heroes Commander (CMD-SETUP)"
		}
		return who(s.turn) + ": place your hero in your home realm (Setup 6)"
	case stSeason:
		if s.qph.on {
			if s.qph.hero >= 0 {
				return who(s.qph.seat) + ": move " + s.c.Heroes[s.qph.hero].Name + " on, attempt a quest where it stands, or done (Heroes 1)"
			}
			return who(s.qph.seat) + ": each of your heroes may heal, train, or move and then attempt a quest; done ends your turn (Heroes)"
		}
		if s.sea.bidding {
			return "every player bids Influence, face down (Influence bids)"
		}
	case stOrders:
		return "every player chooses an order card, face down"
	case stResolve:
		o := &s.ord
		switch o.phase {
		case opActivate:
			return who(o.seat) + ": activate an area to move into, or done (" + orderTitles[o.value] + ")"
		case opMove:
			return who(o.seat) + ": move units, then done (" + orderTitles[o.value] + ")"
		case opRecruit:
			return who(o.seat) + ": choose the resource to recruit with (Recruit)"
		case opPlace:
			return who(o.seat) + ": place the units recruited in your strongholds' areas (Recruit)"
		case opDevelop:
			if s.devs {
				return who(o.seat) + ": put a development on one of your strongholds, or buy a Development card, or both (Harvest; Development Cards)"
			}
			return who(o.seat) + ": put a development on one of your strongholds (Harvest)"
		case opCapital:
			return who(o.seat) + ": make one of your home realm's strongholds your Capital (Development Cards)"
		case opTactics:
			return who(o.seat) + ": play Tactics cards before your order resolves, or pass (Tactics)"
		case opTitle:
			return who(o.seat) + ": place more Influence on a title than lies on it to take it, or skip (Acquire Power)"
		case opFortify:
			return who(o.seat) + ": build, repair, turn your revealed runes face down, move a rune, then done (Fortify)"
		case opRally:
			return who(o.seat) + ": take a hero, or draw 2 Commander cards instead and keep one (Rally Support; Commanders of the Battlefield)"
		case opAssign:
			return who(o.seat) + ": put one of the Commander cards drawn under one of your Commanders or under a hero in one of your strongholds, or skip (Commanders of the Battlefield)"
		}
	}
	return ""
}

// Describe draws seat's view as text for a terminal.
func (s *State) Describe(seat engine.Seat) string {
	v := s.view(seat)
	var b strings.Builder
	if v.Year > 0 {
		fmt.Fprintf(&b, "Runewars — year %d of %d, %s", v.Year, v.Years, v.Season)
		if v.Card != nil {
			fmt.Fprintf(&b, ": %s — %s", v.Card.Name, v.Card.Text)
		}
		b.WriteString("\n")
	} else {
		fmt.Fprintf(&b, "Runewars — setup: %s\n", v.Stage)
	}
	fmt.Fprintf(&b, "%d dragon runes win. Fate deck %d cards.\n", v.RunesToWin, v.Fate)
	for i, p := range v.Players {
		fmt.Fprintf(&b, "%-7s %-20s food %d wood %d ore %d  influence %d  tactics %d  runes %d (dragons known %d)", p.Faction, p.Name,
			p.Food, p.Wood, p.Ore, p.Influence, p.Tactics, p.Runes, p.Dragons)
		if len(p.Played) > 0 {
			fmt.Fprintf(&b, "  played: %s", strings.Join(p.Played, ", "))
		}
		if p.Victory != "" {
			fmt.Fprintf(&b, "  Victory card on %s", p.Victory)
		}
		if len(v.Orders) > i && v.Orders[i] != "" {
			fmt.Fprintf(&b, "  order: %s", v.Orders[i])
		}
		if len(v.Bids) > i && v.Bids[i] != "" {
			fmt.Fprintf(&b, "  bid: %s", v.Bids[i])
		}
		b.WriteString("\n")
	}
	var held []string
	for _, t := range v.Titles {
		if t.Holder != "" {
			held = append(held, fmt.Sprintf("%s: %s (%d Influence)", t.Name, t.Holder, t.Influence))
		}
	}
	if len(held) > 0 {
		fmt.Fprintf(&b, "Titles: %s\n", strings.Join(held, "; "))
	}
	for _, t := range v.Tiles {
		if len(t.Tiles) > 0 {
			fmt.Fprintf(&b, "%s's tiles to lay: %s\n", t.Faction, strings.Join(t.Tiles, ", "))
		}
	}
	tile := ""
	for _, a := range v.Areas {
		if a.Tile != tile {
			tile = a.Tile
			fmt.Fprintf(&b, "[%s]\n", tile)
		}
		fmt.Fprintf(&b, "  %-16s (%d,%d) %-9s", a.ID, a.Q, a.R, a.Terrain)
		res := []string{}
		for _, x := range []struct {
			n    int
			name string
		}{{a.Food, "food"}, {a.Wood, "wood"}, {a.Ore, "ore"}} {
			if x.n > 0 {
				res = append(res, fmt.Sprintf("%d %s", x.n, x.name))
			}
		}
		fmt.Fprintf(&b, " %-22s", strings.Join(res, " "))
		var notes []string
		if a.Home != "" {
			notes = append(notes, "home of "+a.Home)
		}
		if a.City != "" {
			notes = append(notes, "city "+a.City)
		}
		if a.Owner != "" {
			notes = append(notes, "held by "+a.Owner)
		}
		if a.Keep != "" {
			notes = append(notes, "stronghold "+a.Keep)
		}
		if a.Rune != "" {
			notes = append(notes, "rune "+a.Rune)
		}
		if a.Desolation {
			notes = append(notes, "desolation")
		}
		if a.Frost > 0 {
			notes = append(notes, fmt.Sprintf("frost %d", a.Frost))
		}
		if len(a.Active) > 0 {
			notes = append(notes, "activated by "+strings.Join(a.Active, ", "))
		}
		b.WriteString(strings.Join(notes, "; "))
		for _, u := range a.Units {
			st := ""
			if u.Routed {
				st += " routed"
			}
			if u.Damage > 0 {
				st += fmt.Sprintf(" %d damage", u.Damage)
			}
			if u.Allied {
				st += " allied"
			}
			fmt.Fprintf(&b, "\n      %s %d %s%s", u.Owner, u.Count, u.Unit, st)
		}
		b.WriteString("\n")
	}
	for _, bd := range v.Borders {
		fmt.Fprintf(&b, "%s between %s and %s\n", bd.Kind, bd.A, bd.B)
	}
	for _, h := range v.Heroes {
		fmt.Fprintf(&b, "hero %s (%s) of %s in %s: strength %d agility %d wisdom %d, damage %d of %d, %s (%s), %d reward cards",
			h.ID, h.Name, h.Owner, h.Area, h.Strength, h.Agility, h.Wisdom, h.Damage, h.Health, h.Ability, h.Text, h.Rewards)
		if h.Routed {
			b.WriteString(", routed")
		}
		if h.Commander != "" {
			fmt.Fprintf(&b, ", Commander %s (%s)", h.Commander, h.CmdText)
		}
		if len(h.Cards) > 0 {
			fmt.Fprintf(&b, ": %s", strings.Join(h.Cards, ", "))
		}
		b.WriteString("\n")
	}
	if p := int(seat); p >= 0 && p < len(v.Players) && len(v.Players[p].Quests) > 0 {
		fmt.Fprintf(&b, "your quests: %s\n", strings.Join(v.Players[p].Quests, ", "))
	}
	if v.Battle != nil {
		fmt.Fprintf(&b, "Battle in %s: %s against %s, initiative %d (%s)\n", v.Battle.Area, v.Battle.Attacker, v.Battle.Defender, v.Battle.Initiative, v.Battle.Phase)
	}
	if v.Asking != "" {
		fmt.Fprintf(&b, "Now: %s\n", v.Asking)
	}
	return b.String()
}
