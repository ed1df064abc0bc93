package scenario

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"

	"skald/engine"
)

// race is a small game for the tests. North and south take turns adding 1
// to 3 to a running total; whoever brings it to the target (10) wins.
// Every action rolls a die; a 6 shuffles the four-card bonus deck. North
// has a secret that only north sees.
type race struct{}

func (race) Name() string         { return "race" }
func (race) Title() string        { return "Race to Ten" }
func (race) RulesVersion() string { return "1" }
func (race) Seats() (int, int)    { return 2, 2 }
func (race) Rules() string        { return "Add 1 to 3 in turn; reach the target to win." }

func (race) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "target", Default: "10", Min: 5, Max: 50, Help: "the total to reach"},
		{Name: "mode", Default: "plain", Choices: []string{"plain", "draw"}, Help: "draw: passing the target is a draw"},
	}
}

func (race) SeatName(s engine.Seat) string {
	switch s {
	case 0:
		return "north"
	case 1:
		return "south"
	}
	return "spectator"
}

func (race) New(cfg engine.Config) (engine.State, error) {
	t, err := strconv.Atoi(cfg.Options["target"])
	if err != nil {
		return nil, fmt.Errorf("option target: %v", err)
	}
	return &raceState{
		target: t,
		draw:   cfg.Options["mode"] == "draw",
		deck:   []string{"a", "b", "c", "d"},
		secret: "nothing",
		rand:   engine.NewRand(cfg.Seed),
		winner: -2,
	}, nil
}

type raceState struct {
	total, target int
	draw          bool
	turn          engine.Seat
	winner        engine.Seat // -2 while playing; Spectator for a draw
	lastDie       int
	deck          []string
	secret        string
	rand          engine.Rand
}

func (s *raceState) over() bool { return s.winner != -2 }

func (s *raceState) Deciders() engine.SeatSet {
	if s.over() {
		return 0
	}
	return engine.Seats(s.turn)
}

func (s *raceState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if s.over() || seat != s.turn {
		return buf
	}
	for n := int16(1); n <= 3; n++ {
		buf = append(buf, engine.Action{Seat: seat, Kind: 1, Arg: [4]int16{n}})
	}
	return buf
}

func (s *raceState) Apply(a engine.Action, events *engine.Log) error {
	name := race{}.SeatName
	if s.over() {
		return engine.Illegal("race 3", "the race is over")
	}
	if a.Seat != s.turn {
		return engine.Illegal("race 1", "it is %s's turn, not %s's", name(s.turn), name(a.Seat))
	}
	if a.Kind != 1 || a.Arg[0] < 1 || a.Arg[0] > 3 {
		return engine.Illegal("race 2", "add 1 to 3, not %d", a.Arg[0])
	}
	n := int(a.Arg[0])
	s.total += n
	s.lastDie = s.rand.D6()
	events.Add(engine.Everyone, "add", "%s adds %d, total %d", name(a.Seat), n, s.total)
	events.Add(engine.Everyone, "die", "%s rolls %d", name(a.Seat), s.lastDie)
	if s.lastDie == 6 {
		s.rand.Shuffle(len(s.deck), func(i, j int) { s.deck[i], s.deck[j] = s.deck[j], s.deck[i] })
		events.Add(engine.Everyone, "deck", "shuffled to %v", s.deck)
	}
	switch {
	case s.total == s.target || (s.total > s.target && !s.draw):
		s.winner = a.Seat
		events.Add(engine.Everyone, "race.won", "%s reaches the target", name(a.Seat))
	case s.total > s.target:
		s.winner = engine.Spectator
		events.Add(engine.Everyone, "race.drawn", "the target is passed")
	default:
		s.turn = 1 - s.turn
	}
	return nil
}

type raceView struct {
	Total   int      `json:"total"`
	Target  int      `json:"target"`
	Turn    string   `json:"turn"`
	LastDie int      `json:"last_die"`
	Deck    []string `json:"deck"`
	Secret  string   `json:"secret,omitempty"`
	Players []struct {
		Name string `json:"name"`
	} `json:"players"`
}

func (s *raceState) View(seat engine.Seat) any {
	v := raceView{Total: s.total, Target: s.target, Turn: race{}.SeatName(s.turn), LastDie: s.lastDie, Deck: s.deck}
	if seat == 0 {
		v.Secret = s.secret
	}
	v.Players = make([]struct {
		Name string `json:"name"`
	}, 2)
	v.Players[0].Name, v.Players[1].Name = "north", "south"
	return v
}

func (s *raceState) Result() (engine.Result, bool) {
	if !s.over() {
		return engine.Result{}, false
	}
	if s.winner == engine.Spectator {
		return engine.Result{Reason: "race 4: the target was passed"}, true
	}
	return engine.Result{Winners: engine.Seats(s.winner), Reason: "race 3: " + race{}.SeatName(s.winner) + " reached the target"}, true
}

func (s *raceState) Clone() engine.State {
	c := *s
	c.deck = append([]string(nil), s.deck...)
	c.rand = s.rand.Clone()
	return &c
}

func (s *raceState) Determinize(engine.Seat, *engine.Rand) engine.State { return s.Clone() }

func (s *raceState) Hash() uint64 {
	var b []byte
	for _, x := range []int{s.total, s.target, int(s.turn), int(s.winner), s.lastDie} {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
	}
	for _, c := range s.deck {
		b = append(b, c...)
	}
	b = append(b, s.secret...)
	b = s.rand.AppendState(b)
	return engine.HashBytes(b)
}

func (s *raceState) Rand() *engine.Rand { return &s.rand }

func (s *raceState) FormatAction(a engine.Action) string { return fmt.Sprintf("add %d", a.Arg[0]) }

func (s *raceState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	var n int16
	if _, err := fmt.Sscanf(text, "add %d", &n); err != nil || fmt.Sprintf("add %d", n) != text {
		return engine.Action{}, fmt.Errorf("%q is not \"add N\"", text)
	}
	return engine.Action{Seat: seat, Kind: 1, Arg: [4]int16{n}}, nil
}

// Arrange sets the total, whose turn it is and north's secret.
func (s *raceState) Arrange(setup []byte) error {
	var a struct {
		Total  *int    `json:"total"`
		Turn   string  `json:"turn"`
		Secret *string `json:"secret"`
	}
	dec := json.NewDecoder(bytes.NewReader(setup))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return fmt.Errorf("race setup: %w", err)
	}
	if a.Total != nil {
		if *a.Total < 0 || *a.Total >= s.target {
			return fmt.Errorf("race setup: total %d is not below the target %d", *a.Total, s.target)
		}
		s.total = *a.Total
	}
	switch a.Turn {
	case "":
	case "north":
		s.turn = 0
	case "south":
		s.turn = 1
	default:
		return fmt.Errorf("race setup: turn %q is not north or south", a.Turn)
	}
	if a.Secret != nil {
		s.secret = *a.Secret
	}
	return nil
}

// plainGame is race whose states cannot be arranged.
type plainGame struct{ race }

func (plainGame) Name() string { return "plain" }

func (g plainGame) New(cfg engine.Config) (engine.State, error) {
	st, err := g.race.New(cfg)
	if err != nil {
		return nil, err
	}
	return plainState{st.(*raceState)}, nil
}

// plainState hides Arrange.
type plainState struct{ engine.State }

// games is the lookup the tests use.
func games(name string) (engine.Game, error) {
	switch name {
	case "race":
		return race{}, nil
	case "plain":
		return plainGame{}, nil
	}
	return nil, fmt.Errorf("unknown game %q (known: plain, race)", name)
}
