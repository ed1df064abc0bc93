package bloodrage

import (
	"slices"

	"skald/engine"
	"skald/engine/decide"
)

// View is what one seat may see of a match: the whole board, every
// clan's sheet, Glory and Valhalla, the number of cards in each hand and
// of quests committed, its own cards, and what is face down as face down.
type View struct {
	Age       int            `json:"age"`   // 1 to 3
	Phase     string         `json:"phase"` // draft, action, battle, discard, quests, over
	First     string         `json:"first"`
	Turn      string         `json:"turn,omitempty"`
	Deciders  []string       `json:"deciders"`
	Doom      []string       `json:"doom"` // the province each Age's Ragnarök destroys
	Provinces []ProvView     `json:"provinces"`
	Fjords    []FjordView    `json:"fjords"`
	Clans     []ClanView     `json:"clans"`
	Hand      []string       `json:"hand,omitempty"`    // the seat's own cards
	Draft     []string       `json:"draft,omitempty"`   // the cards the seat picks from
	Drafted   []string       `json:"drafted,omitempty"` // the cards the seat has kept in the draft
	Picked    []string       `json:"picked,omitempty"`  // its face-down picks of this pass
	Quests    []string       `json:"quests,omitempty"`  // its own committed quests
	Battle    *BattleView    `json:"battle,omitempty"`
	Choice    string         `json:"choice,omitempty"` // what the seat is asked, when it is
	Result    *engine.Result `json:"result,omitempty"`
}

// ProvView is one province as everyone sees it.
type ProvView struct {
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	Region    string         `json:"region,omitempty"`
	Villages  int            `json:"villages"` // 0: no limit
	Destroyed bool           `json:"destroyed,omitempty"`
	Reward    string         `json:"reward"`
	Pillaged  bool           `json:"pillaged,omitempty"`
	Figures   []FigureView   `json:"figures,omitempty"`
	Strength  map[string]int `json:"strength,omitempty"`
}

// FjordView is one fjord.
type FjordView struct {
	ID        string       `json:"id"`
	Name      string       `json:"name"`
	Provinces [2]string    `json:"provinces"`
	Open      bool         `json:"open"`
	Figures   []FigureView `json:"figures,omitempty"`
}

// FigureView is one figure on the board.
type FigureView struct {
	Clan string `json:"clan"`
	Kind string `json:"kind"` // leader, warrior, ship, or a monster's card id
}

// ClanView is one clan's sheet as everyone sees it.
type ClanView struct {
	Name     string         `json:"name"`
	Glory    int            `json:"glory"`
	Rage     int            `json:"rage"` // left this Age
	Stats    map[string]int `json:"stats"`
	Steps    map[string]int `json:"steps"` // 1 to 6
	Upgrades []string       `json:"upgrades"`
	Hand     int            `json:"hand"`            // cards in hand
	Shown    []string       `json:"shown,omitempty"` // cards in hand everyone has seen taken back
	Quests   int            `json:"quests"`
	Reserve  []string       `json:"reserve"`
	Valhalla []string       `json:"valhalla"`
	OnBoard  int            `json:"on_board"`
}

// BattleView is the pillage being resolved.
type BattleView struct {
	Province string              `json:"province"`
	Pillager string              `json:"pillager"`
	Step     string              `json:"step"`
	Clans    []string            `json:"clans,omitempty"`
	Cards    map[string]string   `json:"cards,omitempty"` // revealed cards; "face down" before
	Added    map[string]int      `json:"added,omitempty"` // STR of the cards added after the reveal
	Late     map[string][]string `json:"late,omitempty"`  // those cards, by clan

	Strength map[string]int `json:"strength,omitempty"`
	Winner   string         `json:"winner,omitempty"`
}

var stepNames = [...]string{"call to battle", "battle cards", "texts", "late cards", "compare", "losses", "spoils", "end"}

// View returns what seat may see.
func (s *State) View(seat engine.Seat) any {
	v := View{Age: int(s.age) + 1, Phase: s.phaseName(), First: clanNames[s.first], Deciders: []string{}}
	if s.phase == phAction && !s.bat.on {
		v.Turn = clanNames[s.turn]
	}
	for _, d := range s.Deciders().List() {
		v.Deciders = append(v.Deciders, clanNames[d])
	}
	for _, p := range s.doom {
		v.Doom = append(v.Doom, s.c.Provinces[p].ID)
	}
	for p := range numProv {
		pr := &s.c.Provinces[p]
		pv := ProvView{ID: pr.ID, Name: pr.Name, Villages: int(pr.Villages), Destroyed: s.destroyedAt(p), Pillaged: s.pillaged&(1<<p) != 0}
		if pr.Region >= 0 {
			pv.Region = s.c.Regions[pr.Region]
		}
		if p < numOuter {
			pv.Reward = s.c.Rewards[s.token[p]].ID
		} else {
			pv.Reward = s.c.Yggdrasil.ID
		}
		pv.Figures = s.figuresView(p)
		for c := range int(s.n) {
			if str := s.strength(c, p); str > 0 && !pv.Destroyed {
				if pv.Strength == nil {
					pv.Strength = map[string]int{}
				}
				pv.Strength[clanNames[c]] = str
			}
		}
		v.Provinces = append(v.Provinces, pv)
	}
	for f := range numFjords {
		fj := &s.c.Fjords[f]
		v.Fjords = append(v.Fjords, FjordView{ID: fj.ID, Name: fj.Name, Open: s.fjordOpen(f),
			Provinces: [2]string{s.c.Provinces[fj.Provinces[0]].ID, s.c.Provinces[fj.Provinces[1]].ID},
			Figures:   s.figuresView(fjord0 + f)})
	}
	for p := range int(s.n) {
		cl := &s.clans[p]
		cv := ClanView{Name: clanNames[p], Glory: int(cl.glory), Rage: int(cl.rage), Stats: map[string]int{}, Steps: map[string]int{},
			Upgrades: []string{}, Hand: cl.hand.len(), Quests: cl.quest.len(), Reserve: []string{}, Valhalla: []string{}, OnBoard: s.onBoard(p)}
		for st := range numStats {
			cv.Stats[statNames[st]] = s.statValue(p, st)
			cv.Steps[statNames[st]] = int(cl.stat[st]) + 1
		}
		for _, c := range cl.up {
			if c >= 0 {
				cv.Upgrades = append(cv.Upgrades, s.c.Cards[c].ID)
			}
		}
		cl.hand.each(func(c int16) bool {
			if s.shown.has(c) {
				cv.Shown = append(cv.Shown, s.c.Cards[c].ID)
			}
			return true
		})
		for f, l := range cl.fig {
			switch l {
			case locReserve:
				cv.Reserve = append(cv.Reserve, s.figKind(p, f))
			case locValhal:
				cv.Valhalla = append(cv.Valhalla, s.figKind(p, f))
			}
		}
		v.Clans = append(v.Clans, cv)
	}
	if seat >= 0 && int(seat) < int(s.n) {
		p := int(seat)
		cl := &s.clans[p]
		v.Hand = s.cardIDs(cl.hand)
		v.Quests = s.cardIDs(cl.quest)
		if s.phase == phDraft {
			v.Draft = s.cardIDs(s.draftHand(p))
			for _, set := range []struct {
				to   *[]string
				from decide.Cards
			}{{&v.Drafted, s.draft.Kept(seat)}, {&v.Picked, s.draft.Chosen(seat)}} {
				for d := set.from; d != 0; d = d.Without(d.First()) {
					*set.to = append(*set.to, s.c.Cards[s.deck[d.First()]].ID)
				}
				slices.Sort(*set.to)
			}
		}
		if s.nAsk > 0 && int(s.ask[0].seat) == p {
			v.Choice = choiceNames[s.ask[0].kind]
		}
	}
	if s.bat.on {
		b := &s.bat
		bv := &BattleView{Province: s.c.Provinces[b.prov].ID, Pillager: clanNames[b.pillager], Step: stepNames[b.step]}
		s.order(func(p int) {
			bv.Clans = append(bv.Clans, clanNames[p])
			if bv.Cards == nil {
				bv.Cards = map[string]string{}
			}
			switch c := b.card[p]; {
			case c >= 0:
				bv.Cards[clanNames[p]] = s.c.Cards[c].ID
			case b.step == stCards && s.picks.Asked().Has(engine.Seat(p)):
				if val, f := s.picks.Seen(seat, engine.Seat(p)); f == decide.FaceUp {
					bv.Cards[clanNames[p]] = s.c.Cards[val].ID
				} else if f == decide.FaceDown {
					bv.Cards[clanNames[p]] = "face down"
				}
			}
			if b.lateStr[p] > 0 {
				if bv.Added == nil {
					bv.Added = map[string]int{}
				}
				bv.Added[clanNames[p]] = int(b.lateStr[p])
			}
			// The cards added after the reveal, face up: every card the clan
			// played in the battle but the one it revealed.
			b.cardsOf(p).each(func(c int16) bool {
				if c != b.card[p] {
					if bv.Late == nil {
						bv.Late = map[string][]string{}
					}
					bv.Late[clanNames[p]] = append(bv.Late[clanNames[p]], s.c.Cards[c].ID)
				}
				return true
			})
			if b.step > stCompare {
				if bv.Strength == nil {
					bv.Strength = map[string]int{}
				}
				bv.Strength[clanNames[p]] = int(b.str[p])
			}
		})
		if b.step > stCompare && b.winner >= 0 {
			bv.Winner = clanNames[b.winner]
		}
		v.Battle = bv
	}
	if s.phase == phOver {
		r := s.result
		v.Result = &r
	}
	return v
}

var choiceNames = [numChoices]string{"raise a stat", "Frigga's Protection: save figures", "the Volur Witch: go to Yggdrasil",
	"Frigga's Succor: a free Warrior", "Thor's Domain: pillage at once", "Odin's Tide: the figure to keep",
	"Loki's Blessing: a free Warrior", "Lord of Hammers: lead on", "Tyr's Prowess: keep cards",
	"Hildisvini: drive a figure on", "Tyr's Domain: count the quest as a battle card"}

func (s *State) phaseName() string {
	switch {
	case s.phase == phOver:
		return "over"
	case s.bat.on:
		return "battle"
	}
	return [...]string{"draft", "action", "discard", "quests"}[s.phase]
}

// figuresView lists the figures at location loc, clan by clan.
func (s *State) figuresView(loc int) []FigureView {
	var out []FigureView
	for p := range int(s.n) {
		for f, l := range s.clans[p].fig {
			if int(l) == loc {
				out = append(out, FigureView{Clan: clanNames[p], Kind: s.figKind(p, f)})
			}
		}
	}
	return out
}

// cardIDs returns the ids of a set of cards, sorted.
func (s *State) cardIDs(set cardSet) []string {
	var out []string
	set.each(func(c int16) bool {
		out = append(out, s.c.Cards[c].ID)
		return true
	})
	slices.Sort(out)
	return out
}

var _ engine.AssetProvider = (*Game)(nil)

// assetCard is a card as printed, for the browser's renderer.
type assetCard struct {
	Name  string `json:"name"`
	Type  string `json:"type"`            // battle, quest, leader, warrior, ship, clan, monster
	Str   int    `json:"str"`             // a battle card's +STR, an upgrade's STR
	Cost  int    `json:"cost"`            // an upgrade's Rage cost; 0 for battle and quest cards
	Glory int    `json:"glory,omitempty"` // a quest's Glory
	Late  bool   `json:"late,omitempty"`
	Text  string `json:"text,omitempty"`
}

// Assets returns what the browser's renderer needs beyond the views, which
// name cards by id only: every card by id ({"cards": {"troll": {...}}}).
// It makes g an [engine.AssetProvider].
func (g *Game) Assets() any {
	out := map[string]assetCard{}
	for i := range g.c.Cards {
		c := &g.c.Cards[i]
		ac := assetCard{Name: c.Name, Type: typeNames[c.Type], Str: int(c.Str), Glory: int(c.Glory), Late: c.Late, Text: c.Text}
		if c.Type != Battle && c.Type != Quest {
			ac.Cost = c.RageCost()
		}
		out[c.ID] = ac
	}
	return map[string]any{"cards": out}
}
