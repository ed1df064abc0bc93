package wintergrim

import (
	"skald/engine"
)

// View is what one seat, or a spectator, may see of a match. Hidden
// things are left out, not blanked: a missing field is a secret. Cards on
// the table are written as in actions: "woodsman#57".
type View struct {
	Seat     string       `json:"seat"`
	Mode     string       `json:"mode"`
	Stage    string       `json:"stage"`
	Turn     int          `json:"turn"`
	Active   string       `json:"active,omitempty"`
	Phase    string       `json:"phase,omitempty"`
	Deciders []string     `json:"deciders"`
	Weather  string       `json:"weather,omitempty"`
	Players  []PlayerView `json:"players"`
	Areas    []AreaView   `json:"areas"`
	Paying   *PayView     `json:"paying,omitempty"`
	Attack   *AttackView  `json:"attack,omitempty"`
	Chain    []string     `json:"chain,omitempty"`
	Capture  string       `json:"capture,omitempty"`
	Over     bool         `json:"over"`
	Winners  []string     `json:"winners,omitempty"`
	Reason   string       `json:"reason,omitempty"`
}

// PlayerView is one player's piles and standing.
type PlayerView struct {
	Name     string `json:"name"`
	Deck     string `json:"deck"`
	DeckSize int    `json:"deck_size"`
	HandSize int    `json:"hand_size"`
	// Hand is the player's hand, seen by its player only; Shown are the
	// cards of it shown to all (searched for).
	Hand     []string `json:"hand,omitempty"`
	Shown    []string `json:"shown,omitempty"`
	Removed  []string `json:"removed"`
	Captured []string `json:"captured"`
	Food     int      `json:"food"`
	Roll     int      `json:"roll,omitempty"`
	Turns    int      `json:"turns"`
	Out      bool     `json:"out,omitempty"`
	Marked   string   `json:"marked,omitempty"`
}

// AreaView is an area: its structures with their inside units, and its
// outside units.
type AreaView struct {
	Card       string          `json:"card"`
	Name       string          `json:"name"`
	Owner      string          `json:"owner"`
	Path       bool            `json:"path,omitempty"`
	Sea        bool            `json:"sea,omitempty"`
	Conquer    bool            `json:"conquer,omitempty"`
	Structures []StructureView `json:"structures"`
	Outside    []UnitView      `json:"outside"`
}

// StructureView is a structure in an area.
type StructureView struct {
	Card     string     `json:"card"`
	Name     string     `json:"name"`
	Owner    string     `json:"owner"`
	Kind     string     `json:"kind"`
	Health   int        `json:"health"`
	Damage   int        `json:"damage"`
	Room     int        `json:"room"`
	RoomLeft int        `json:"room_left"`
	Inside   []UnitView `json:"inside"`
}

// UnitView is a unit on the table: its health and its values now, with
// what its items, curses and the weather do to them (CC, RC, armour,
// psyche, luck), and the room and food it takes. Moved and Attacked are
// its owner's turn's marks: a unit of a player whose turn it is not shows
// neither, though the state keeps them until that player's next turn.
type UnitView struct {
	Card     string   `json:"card"`
	Name     string   `json:"name"`
	Owner    string   `json:"owner"`
	Health   int      `json:"health"`
	Damage   int      `json:"damage"`
	CC       int      `json:"cc"`
	RC       int      `json:"rc"`
	Armour   int      `json:"armour"`
	Psyche   int      `json:"psyche"`
	Luck     int      `json:"luck"`
	Room     int      `json:"room"`
	Food     int      `json:"food"`
	Moved    bool     `json:"moved,omitempty"`
	Attacked bool     `json:"attacked,omitempty"`
	Trapped  bool     `json:"trapped,omitempty"`
	On       []string `json:"on,omitempty"`
}

// PayView is a card being paid for.
type PayView struct {
	Player string `json:"player"`
	Card   string `json:"card"`
	Left   int    `json:"left"`
}

// AttackView is a declared attack waiting for its dice.
type AttackView struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Kind     string `json:"kind"`
}

// View returns what seat may see; engine.Spectator sees what all may.
func (s *State) View(seat engine.Seat) any {
	v := View{
		Seat:     seatOr(seat),
		Mode:     modeNames[s.conf.mode],
		Stage:    [...]string{"roll", "search", "play", "over"}[s.stage],
		Turn:     int(s.turn),
		Deciders: []string{},
		Areas:    []AreaView{},
	}
	if s.stage == stPlay {
		v.Active, v.Phase = seatNames[s.active], phaseNames[s.phase]
	}
	for _, d := range s.Deciders().List() {
		v.Deciders = append(v.Deciders, seatNames[d])
	}
	if s.weather >= 0 {
		v.Weather = s.ref(s.weather)
	}
	for i := int8(0); i < s.seats; i++ {
		v.Players = append(v.Players, s.playerView(i, seat))
	}
	for id := int16(0); id < s.n(); id++ {
		if s.isArea(id) {
			v.Areas = append(v.Areas, s.areaView(id))
		}
	}
	if s.pay.on {
		v.Paying = &PayView{Player: seatNames[s.pay.seat], Card: s.ref(s.pay.card), Left: int(s.pay.left)}
	}
	if s.atk.on {
		v.Attack = &AttackView{Attacker: s.ref(s.atk.attacker), Target: s.ref(s.atk.target), Kind: kindNames[s.atk.kind]}
	}
	for _, l := range s.chain[:s.nchain] {
		t := s.ref(l.card)
		if l.target >= 0 {
			t += " on " + s.ref(l.target)
		}
		if l.cancelled {
			t += " (removed by Vanguard)"
		}
		v.Chain = append(v.Chain, t)
	}
	if s.capture.victim >= 0 {
		v.Capture = s.ref(s.capture.victim)
	}
	if r, over := s.Result(); over {
		v.Over, v.Reason = true, r.Reason
		for _, w := range r.Winners.List() {
			v.Winners = append(v.Winners, seatNames[w])
		}
	}
	return v
}

func seatOr(seat engine.Seat) string {
	if seat >= 0 && int(seat) < MaxSeats {
		return seatNames[seat]
	}
	return "spectator"
}

func (s *State) playerView(i int8, viewer engine.Seat) PlayerView {
	p := &s.p[i]
	pv := PlayerView{
		Name:     seatNames[i],
		Deck:     s.conf.decks[i].Name,
		DeckSize: int(p.n),
		HandSize: s.handSize(i),
		Removed:  []string{},
		Captured: []string{},
		Food:     s.food(i),
		Roll:     int(p.roll),
		Turns:    int(p.turns),
		Out:      p.out,
	}
	mine := engine.Seat(i) == viewer
	if mine {
		pv.Hand = []string{}
	}
	for id := int16(i) * DeckSize; id < int16(i+1)*DeckSize; id++ {
		c := &s.c[id]
		switch c.zone {
		case zHand:
			if mine {
				pv.Hand = append(pv.Hand, s.ref(id))
			}
			if c.flags&fShown != 0 {
				pv.Shown = append(pv.Shown, s.ref(id))
			}
		case zRemoved:
			pv.Removed = append(pv.Removed, s.ref(id))
		}
		if c.flags&fMarked != 0 {
			pv.Marked = s.ref(id)
		}
	}
	for id := int16(0); id < s.n(); id++ {
		if s.c[id].zone == zCaptured && s.c[id].holder == i {
			pv.Captured = append(pv.Captured, s.ref(id))
		}
	}
	return pv
}

func (s *State) areaView(area int16) AreaView {
	d := s.def(area)
	av := AreaView{Card: s.ref(area), Name: d.Name, Owner: seatNames[owner(area)], Path: d.Type == TypePath, Sea: d.Sea,
		Conquer: s.c[area].flags&fConquer != 0, Structures: []StructureView{}, Outside: []UnitView{}}
	for id := int16(0); id < s.n(); id++ {
		c := &s.c[id]
		if c.zone != zPlay || c.area != area {
			continue
		}
		switch s.def(id).Type {
		case TypeStructure:
			sd := s.def(id)
			sv := StructureView{Card: s.ref(id), Name: sd.Name, Owner: seatNames[owner(id)], Kind: structureNames[sd.Structure],
				Health: s.health(id), Damage: int(c.dmg), Room: int(sd.R), RoomLeft: s.roomLeft(id), Inside: []UnitView{}}
			for u := int16(0); u < s.n(); u++ {
				if s.c[u].zone == zPlay && s.c[u].in == id {
					sv.Inside = append(sv.Inside, s.unitView(u))
				}
			}
			av.Structures = append(av.Structures, sv)
		case TypeUnit:
			if c.in < 0 {
				av.Outside = append(av.Outside, s.unitView(id))
			}
		}
	}
	return av
}

func (s *State) unitView(id int16) UnitView {
	c := &s.c[id]
	d := s.def(id)
	// A unit's moves and attack step are counted for its owner's turn and
	// cleared when that player's next turn begins (startTurn): in another
	// player's turn they are no mark of that turn.
	turn := s.stage == stPlay && owner(id) == s.active
	uv := UnitView{Card: s.ref(id), Name: d.Name, Owner: seatNames[owner(id)], Health: s.health(id), Damage: int(c.dmg),
		CC: s.value(id, CC), RC: s.value(id, RC), Armour: s.armour(id), Psyche: s.value(id, PS), Luck: s.luck(id),
		Room: int(d.R), Food: int(d.F),
		Moved: turn && c.moves > 0, Attacked: turn && c.flags&fAttacked != 0, Trapped: c.stuck > 0}
	for k := int16(0); k < s.n(); k++ {
		if s.c[k].zone == zOn && s.c[k].area == id {
			uv.On = append(uv.On, s.ref(k))
		}
	}
	return uv
}
