package tacticsdavid

import (
	"slices"
	"strings"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// View is what one seat, or a spectator, may see of a match. Everything on
// the battlefield is open ("These cards should be clearly visible to all
// Players"); hidden are the order of the Item Deck and, while the armies are
// built, the other player's list (TD-42).
type View struct {
	Seat        string      `json:"seat"`
	Stage       string      `json:"stage"`
	Battlefield string      `json:"battlefield"`
	Width       int         `json:"width"`
	Height      int         `json:"height"`
	Terrain     []string    `json:"terrain"` // rows of . F W R
	Pieces      []string    `json:"pieces"`  // rows of . 0-3 - | letters
	Deploy      []string    `json:"deploy,omitempty"`
	Turn        int         `json:"turn"`
	Player      string      `json:"player"`
	Deciders    []string    `json:"deciders"`
	Limit       int         `json:"limit"`
	Mission     string      `json:"mission"`
	Turns       int         `json:"turns"`
	Armies      []ArmyView  `json:"armies"`
	Units       []UnitView  `json:"units"`
	Engaged     *EngageView `json:"engaged,omitempty"`
	Marks       []MarkView  `json:"marks,omitempty"` // markers on grid spaces: trails, shed skins
	Pending     string      `json:"pending,omitempty"`
	Kills       [2]int      `json:"kills"`
	DeckSize    int         `json:"item_deck"`
	DeckTop     []string    `json:"deck_top,omitempty"` // the top of the Item Deck as this seat saw it (Study)
	Over        bool        `json:"over"`
	Winner      string      `json:"winner,omitempty"`
	Reason      string      `json:"reason,omitempty"`
}

// ArmyView is a player's army list while it is built.
type ArmyView struct {
	Player string   `json:"player"`
	Built  bool     `json:"built"`
	Cost   int      `json:"cost,omitempty"`
	List   []string `json:"list,omitempty"` // absent: hidden
}

// UnitView is one unit (or stacked unit) of the battle.
type UnitView struct {
	ID       int      `json:"id"`
	Player   string   `json:"player"`
	Name     string   `json:"name"`
	Units    []int    `json:"units"`
	Class    string   `json:"class"`
	Type     string   `json:"type"`
	Mode     string   `json:"mode"`
	Strength [4]int   `json:"strength"`
	Base     [4]int   `json:"base"` // Base Strength Ratings now: statuses, Combat Lock
	Move     int      `json:"move"`
	MoveType string   `json:"move_type"`
	Range    int      `json:"range,omitempty"`
	RangeMod int      `json:"range_mod,omitempty"`
	Area     string   `json:"area"`
	Cost     int      `json:"cost"`
	Deployed bool     `json:"deployed"`
	X        int      `json:"x"`
	Y        int      `json:"y"`
	Facing   string   `json:"facing"`
	Statuses []string `json:"statuses,omitempty"`
	Items    []string `json:"items,omitempty"`
	Belt     []string `json:"belt,omitempty"`     // Work Belt: the second items (TD-124)
	Counters int      `json:"counters,omitempty"` // Hatch's counters (TD-129)
	Locked   int      `json:"locked_with"`
	Team     int      `json:"team_with"`
	Engaged  bool     `json:"engaged_this_turn,omitempty"`
	Kills    int      `json:"kills,omitempty"`
}

// MarkView is a marker on a grid space: a trail's or a Shed skin, left by
// unit By (Held: the unit Locked in Combat with a skin).
type MarkView struct {
	X       int    `json:"x"`
	Y       int    `json:"y"`
	Ability string `json:"ability"`
	By      int    `json:"by"`
	Held    int    `json:"held"` // -1: none
}

// EngageView is the engaged unit: its phase, where it may move and what it
// may attack.
type EngageView struct {
	Unit    int      `json:"unit"`
	Partner int      `json:"partner"`
	Phase   string   `json:"phase"`
	Reach   [][2]int `json:"reach,omitempty"`
	Targets []int    `json:"targets,omitempty"`
}

var stageNames = [...]string{"build", "deploy", "battle", "over"}

// View returns what seat may see.
func (s *State) View(seat engine.Seat) any {
	v := &View{Seat: s.g.SeatName(seat), Stage: stageNames[s.stage], Battlefield: s.bf.Name,
		Width: s.bf.W, Height: s.bf.H, Turn: int(s.turn), Player: s.g.SeatName(engine.Seat(s.player)),
		Limit: s.conf.limit, Mission: s.conf.mission, Turns: s.conf.turns, DeckSize: len(s.deck),
		Kills: [2]int{int(s.kills[0]), int(s.kills[1])}, Over: s.over}
	v.Terrain, v.Pieces, v.Deploy = s.gridRows()
	for _, d := range s.Deciders().List() {
		v.Deciders = append(v.Deciders, s.g.SeatName(d))
	}
	if s.over {
		v.Reason = s.result.Reason
		if ws := s.result.Winners.List(); len(ws) == 1 {
			v.Winner = s.g.SeatName(ws[0])
		}
	}
	if s.stage == stageBuild {
		for i := range s.armies {
			av := ArmyView{Player: s.g.SeatName(engine.Seat(i)), Built: s.built[i]}
			if int(seat) == i {
				av.Cost = s.g.c.ArmyCost(s.armies[i])
				for _, e := range s.armies[i] {
					av.List = append(av.List, s.entryText(e))
				}
			}
			v.Armies = append(v.Armies, av)
		}
	}
	for i := range s.pieces {
		v.Units = append(v.Units, s.unitView(i))
	}
	if seat >= 0 && seat <= 1 {
		for _, it := range s.peeked(int(seat)) {
			v.DeckTop = append(v.DeckTop, s.g.c.Items[it-1].Name)
		}
	}
	for _, m := range s.marks {
		v.Marks = append(v.Marks, MarkView{X: int(m.sq) % s.bf.W, Y: int(m.sq) / s.bf.W, Ability: s.g.abName(int(m.kind)), By: int(m.by), Held: int(m.held)})
	}
	if s.eng.p >= 0 {
		e := &EngageView{Unit: int(s.eng.p), Partner: int(s.eng.q), Phase: phaseNames[s.eng.phase]}
		if e.Phase == "" {
			e.Phase = "engaged"
		}
		var buf [512]engine.Action
		for _, a := range s.Legal(engine.Seat(s.player), buf[:0]) {
			switch a.Kind {
			case actMove:
				sq := [2]int{int(a.Arg[0]), int(a.Arg[1])}
				if n := len(e.Reach); n == 0 || e.Reach[n-1] != sq {
					e.Reach = append(e.Reach, sq)
				}
			case actAttack, actShoot, actMelee:
				t := int(a.Arg[1])
				if n := len(e.Targets); n == 0 || e.Targets[n-1] != t {
					e.Targets = append(e.Targets, t)
				}
			}
		}
		v.Engaged = e
	}
	if s.pend.kind != pendNone {
		v.Pending = [...]string{"", "charge distance", "orientation", "equip acquired item", "team member to receive the attack", "status to remove", "reaction", "ability"}[s.pend.kind]
		if s.pend.kind == pendAbility {
			v.Pending = s.g.abName(int(s.pend.ab))
		}
	}
	return v
}

// gridRows draws the battlefield's grids in the letters of its file
// format: terrain (. F W R), pieces (. for none, the piece's letter or
// height, - or | a bridge) and deployment areas (. or the player's number).
func (s *State) gridRows() (terrain, pieces, deploy []string) {
	tl := [...]byte{'.', 'F', 'W', 'R'}
	for y := 0; y < s.bf.H; y++ {
		t, p, d := make([]byte, s.bf.W), make([]byte, s.bf.W), make([]byte, s.bf.W)
		for x := 0; x < s.bf.W; x++ {
			q := battlefield.Point{X: x, Y: y}
			t[x] = tl[s.terrain(q)%4] // Floodplains may have flooded it
			p[x], d[x] = '.', '.'
			if pc, ok := s.bf.Piece(q); ok {
				p[x] = pc.Key
			}
			if n := s.bf.Deploy(q); n > 0 {
				d[x] = byte('0' + n)
			}
		}
		terrain, pieces, deploy = append(terrain, string(t)), append(pieces, string(p)), append(deploy, string(d))
	}
	return terrain, pieces, deploy
}

// unitView describes piece i.
func (s *State) unitView(i int) UnitView {
	p := &s.pieces[i]
	pr := &s.profs[p.prof]
	u := UnitView{ID: i, Player: s.g.SeatName(engine.Seat(p.owner)), Name: pr.Name, Units: pr.Units,
		Class: pr.Class, Type: typeCodes[p.utype], Mode: pr.Mode, Strength: pr.Strength, Move: pr.Move,
		MoveType: pr.MoveType, Range: pr.Range, RangeMod: pr.RangeMod, Area: s.area(i).Code, Cost: pr.Cost,
		Deployed: p.flags&fRemoved == 0, X: int(p.x), Y: int(p.y), Facing: p.facing.String(),
		Locked: int(p.lock), Team: int(p.team), Engaged: p.flags&fEngaged != 0, Kills: int(p.kills)}
	for side := range u.Base {
		u.Base[side] = s.baseStrength(i, side, 0, false)
	}
	for st := 0; st < NumStatuses; st++ {
		if p.has(st) {
			u.Statuses = append(u.Statuses, statusNames[st])
		}
	}
	for _, it := range p.items {
		if it > 0 {
			u.Items = append(u.Items, s.g.c.Items[it-1].Name)
		}
	}
	u.Counters = int(p.ab.count)
	for _, it := range p.belt {
		if it > 0 {
			u.Belt = append(u.Belt, s.g.c.Items[it-1].Name)
		}
	}
	return u
}

// entryText writes an army entry: "Soldier+Warrior+Spearman (37) Sword".
func (s *State) entryText(e Entry) string {
	var names []string
	for _, u := range e.Units {
		if un := s.g.c.Unit(u); un != nil {
			names = append(names, un.Name)
		}
	}
	t := strings.Join(names, "+")
	for _, it := range e.Items {
		t += ", " + s.g.c.Items[it-1].Name
	}
	return t
}

// Determinize returns a copy in which what seat may not see is dealt again:
// the order of the Item Deck below the items seat saw with Study (TD-116)
// and, while the armies are built, the other player's list (TD-42): a
// random legal army in place of a finished list, none in place of one
// still being built (that it is finished is all seat sees of it). The
// items are first put in order, so that the copy depends on nothing seat
// cannot see. The kernel's engine.Determinize gives the copy a fresh
// random stream: the real match's dice stay unknown.
func (s *State) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	c := s.Clone().(*State)
	// The top items the seat saw with Study stay where it saw them.
	known := 0
	if seat >= 0 && seat <= 1 {
		known = len(s.peeked(int(seat)))
	}
	rest := c.deck[known:]
	slices.Sort(rest)
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for k := range c.peek {
		if k != int(seat) {
			c.peek[k] = [2]int8{} // what the other player saw is not this seat's to use
		}
	}
	if c.stage == stageBuild && seat >= 0 && seat <= 1 {
		o := 1 - int(seat)
		c.armies[o] = nil
		if c.built[o] {
			c.armies[o] = s.g.c.RandomArmy(r, c.conf.rules)
		}
	}
	return c
}
