package blackred

import (
	"sync"

	"skald/engine"
)

// View is what one seat, or a spectator, may see of a match. Hidden things
// are left out, not blanked: a field that is absent is a secret.
type View struct {
	Seat     string `json:"seat"`
	Battle   int    `json:"battle"`
	Phase    string `json:"phase"`
	Attacker string `json:"attacker"`
	// Weapons are the three weapons, as actions name them.
	Weapons  []string    `json:"weapons"`
	Deciders []string    `json:"deciders"`
	Black    SideView    `json:"black"`
	Red      SideView    `json:"red"`
	Strategy DeckView    `json:"strategy_deck"`
	Last     *BattleView `json:"last_battle,omitempty"`
	// Opening is what was announced before the first action, as event
	// texts: who attacks first and why (the D2 rolled, or the option), and
	// the start of battle 1 with the unit cards placed.
	Opening []string `json:"opening"`
	Over    bool     `json:"over"`
	Winner  string   `json:"winner,omitempty"`
	Reason  string   `json:"reason,omitempty"`
}

// SideView is one player's part of the table.
type SideView struct {
	Units     int        `json:"units"`
	Graves    int        `json:"gravestones"`
	UnitCards []UnitView `json:"unit_cards"`
	DeckSize  int        `json:"deck_size"`
	// Deck is the battle deck in order, first card first, by the cards'
	// names; only its owner sees it, all of it (seed 002: "you get to look
	// at all your cards"). What each card is (its powers and extras, or a
	// unit card's text) is in the game's assets (Game.Assets): the same
	// in every match, it is not sent again in every frame.
	Deck []string `json:"deck,omitempty"`
	// Out is the cards taken out of the game since the last shuffle, in
	// the order they left: public, they were placed on the table.
	Out      []string `json:"out_of_game"`
	HandSize int      `json:"hand_size"`
	Hand     []string `json:"hand,omitempty"`
	// Strategy is the strategy card on the table: its id once both are
	// turned over, "face down" before that for the others.
	Strategy  string   `json:"strategy,omitempty"`
	Weapon    string   `json:"weapon,omitempty"`
	Force     int      `json:"force,omitempty"`
	ForceDown bool     `json:"force_face_down,omitempty"`
	MaxCards  int      `json:"max_cards"`
	Forced    string   `json:"forced_weapon,omitempty"`
	Active    []string `json:"unit_cards_in_play,omitempty"`
}

// UnitView is one of a player's unit cards.
type UnitView struct {
	Name  string `json:"name"`
	Alive bool   `json:"alive"`
}

// CardView is a battle-deck card as printed, as the game's assets give it.
type CardView struct {
	Name  string        `json:"name"`
	Unit  bool          `json:"unit,omitempty"`
	Text  string        `json:"text,omitempty"`
	Power *WeaponValues `json:"power,omitempty"`
	Extra *WeaponValues `json:"extra,omitempty"`
}

// WeaponValues is a card's value for each weapon. Its JSON is an object
// keyed by the weapons' names in sorted order, as a map of them was.
type WeaponValues struct {
	Bow   int `json:"bow"`
	Spear int `json:"spear"`
	Sword int `json:"sword"`
}

func weaponValues(v [numWeapons]int8) *WeaponValues {
	return &WeaponValues{Sword: int(v[weaponIndex("sword")]), Spear: int(v[weaponIndex("spear")]), Bow: int(v[weaponIndex("bow")])}
}

func weaponIndex(name string) int {
	w, _ := parseWeapon(name)
	return w
}

// DeckView is the strategy deck and its played cards.
type DeckView struct {
	Size    int      `json:"size"`
	Discard []string `json:"discard"`
}

// BattleView is the outcome of the last battle, seen by all.
type BattleView struct {
	Number int            `json:"number"`
	Winner string         `json:"winner"`
	Black  BattleSideView `json:"black"`
	Red    BattleSideView `json:"red"`
}

// BattleSideView is one side of the last battle.
type BattleSideView struct {
	Weapon string   `json:"weapon"`
	Cards  []string `json:"cards"`
	Total  int      `json:"total"`
	// Terms are the numbers the total adds up, each with its card: the
	// first card's power, the others' extras, the bonuses of unit and
	// strategy cards and the enemy's Sabotage (a malus, taken away).
	Terms []TermView `json:"terms"`
	// Floored is set when the malus took the total below 0: it counts 0.
	Floored bool `json:"floored,omitempty"`
	// Sum is the terms as a player reads them: "Champion's power 9 +
	// Sword Brother's extra 3 - black's Sabotage 2 = 10".
	Sum string `json:"sum"`
}

// View returns what seat may see; engine.Spectator sees what both may.
func (s *State) View(seat engine.Seat) any {
	v := View{
		Seat:     colourNameOr(seat, "spectator"),
		Battle:   int(s.battle),
		Phase:    phaseNames[s.phase],
		Attacker: colourNames[s.attacker],
		Weapons:  weaponNames[:],
		Deciders: []string{},
		Strategy: DeckView{Size: int(s.nStrat), Discard: []string{}},
		Opening:  []string{},
	}
	for _, e := range s.opening {
		if e.Public() {
			v.Opening = append(v.Opening, e.Text)
		}
	}
	for _, d := range s.Deciders().List() {
		v.Deciders = append(v.Deciders, colourNames[d])
	}
	for _, c := range s.discard[:s.nDiscard] {
		v.Strategy.Discard = append(v.Strategy.Discard, s.c.Strategy[c].ID)
	}
	v.Black, v.Red = s.sideView(Black, seat), s.sideView(Red, seat)
	if s.last.number > 0 {
		v.Last = s.lastBattleView()
	}
	if r, over := s.Result(); over {
		v.Over, v.Reason = true, r.Reason
		v.Winner = "draw"
		if !r.Winners.Empty() {
			v.Winner = colourNames[r.Winners.First()]
		}
	}
	return v
}

// battleViewCache holds the view of one last battle. A view's Last
// points to it: views are read, never changed.
type battleViewCache struct {
	mu   sync.Mutex
	last lastBattle
	view *BattleView
}

// lastBattleView returns the view of the last battle, made once for every
// state that has it (all of a match's clones share the cache): it is a
// function of s.last alone, which every view shows until the next battle
// ends, and its sums are text.
func (s *State) lastBattleView() *BattleView {
	c := s.battleView
	if c == nil {
		return s.makeBattleView()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.view == nil || c.last != s.last {
		c.last, c.view = s.last, s.makeBattleView()
	}
	return c.view
}

// makeBattleView makes the view of the last battle.
func (s *State) makeBattleView() *BattleView {
	b := &BattleView{Number: int(s.last.number), Winner: colourNameOr(engine.Seat(s.last.winner), "none")}
	for i, bs := range []*BattleSideView{&b.Black, &b.Red} {
		bs.Weapon = weaponNames[s.last.weapon[i]]
		bs.Total = int(s.last.total[i])
		for _, c := range s.last.cards[i][:s.last.force[i]] {
			bs.Cards = append(bs.Cards, s.c.Decks[i][c].Name)
		}
		r := s.reckon(engine.Seat(i))
		bs.Terms, bs.Floored, bs.Sum = r.view(), r.floored, r.String()
	}
	return b
}

func colourNameOr(seat engine.Seat, other string) string {
	if seat == Black || seat == Red {
		return colourNames[seat]
	}
	return other
}

func (s *State) sideView(owner, viewer engine.Seat) SideView {
	sd := &s.side[owner]
	mine := owner == viewer
	both := s.phase != phaseStrategy // strategy cards are turned over together
	v := SideView{
		Units:     sd.aliveCount(),
		Graves:    int(s.units) - sd.aliveCount(),
		UnitCards: []UnitView{},
		DeckSize:  int(sd.nDeck),
		Out:       []string{},
		HandSize:  sd.handCount(),
		MaxCards:  s.maxCards(owner),
	}
	for i := 0; i < int(s.units); i++ {
		v.UnitCards = append(v.UnitCards, UnitView{Name: s.c.UnitNames[int(owner)*maxUnits+i], Alive: sd.alive&(1<<uint(i)) != 0})
	}
	deck := s.c.Decks[owner]
	for _, c := range sd.out[:sd.nOut] {
		v.Out = append(v.Out, deck[c].Name)
	}
	if mine {
		v.Deck = make([]string, 0, sd.nDeck)
		for k := range int(sd.nDeck) {
			v.Deck = append(v.Deck, deck[sd.top(k)].Name)
		}
		v.Hand = []string{}
		for _, c := range sd.hand {
			if c != none {
				v.Hand = append(v.Hand, s.c.Strategy[c].ID)
			}
		}
	}
	if sd.played != none {
		if mine || both {
			v.Strategy = s.c.Strategy[sd.played].ID
		} else {
			v.Strategy = "face down"
		}
	}
	if sd.weapon != none {
		v.Weapon = weaponNames[sd.weapon]
	}
	if sd.forced != none {
		v.Forced = weaponNames[sd.forced]
	}
	if sd.force != 0 {
		if mine || sd.revealed {
			v.Force = int(sd.force)
		} else {
			v.ForceDown = true
		}
	}
	for _, c := range sd.active[:sd.nActive] {
		v.Active = append(v.Active, deck[c].Name)
	}
	return v
}

func cardView(c Card) CardView {
	if c.Unit {
		return CardView{Name: c.Name, Unit: true, Text: c.Text}
	}
	return CardView{Name: c.Name, Power: weaponValues(c.Power), Extra: weaponValues(c.Extra)}
}
