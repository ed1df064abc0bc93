package engine_test

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"skald/engine"
)

// race is a small but complete game for testing the kernel: two seats take
// turns adding 1 to 3 to a running total, and the seat that brings the total
// to exactly the target (15 by default) wins. Every action also rolls a die
// through the match's Rand; the roll is private to the seat that made it and
// is added to that seat's hidden luck, which the hash covers.
//
// The game deliberately does not resolve its own options: New requires every
// option to be present, so that tests can tell whether the kernel resolved
// them.
type race struct{}

// namedRace is race with seat names. Its SeatName indexes an array, so it
// panics for any seat it does not know, Spectator included.
type namedRace struct{ race }

var raceSeatNames = [2]string{"north", "south"}

func (namedRace) SeatName(seat engine.Seat) string { return raceSeatNames[seat] }

const (
	raceRules = "race-1"
	kindAdd   = 1
)

func (race) Name() string          { return "race" }
func (race) Title() string         { return "Race to Fifteen" }
func (race) RulesVersion() string  { return raceRules }
func (race) Seats() (min, max int) { return 2, 2 }
func (race) Rules() string {
	return "§1 seats alternate, seat 0 first. §2 each action adds 1 to 3. " +
		"§3 the total may not pass the target; reaching it wins. §4 nothing is played after the end."
}

func (race) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "target", Default: "15", Min: 5, Max: 50, Help: "total to reach"},
		{Name: "die", Default: "d6", Choices: []string{"d6", "d3"}, Help: "die rolled with every action"},
	}
}

func (race) New(cfg engine.Config) (engine.State, error) {
	if cfg.Seats != 2 {
		return nil, fmt.Errorf("race is played by 2 seats, not %d", cfg.Seats)
	}
	target, err := strconv.Atoi(cfg.Options["target"])
	if err != nil || target < 5 || target > 50 {
		return nil, fmt.Errorf("option target: %q is not from 5 to 50", cfg.Options["target"])
	}
	sides := 0
	switch cfg.Options["die"] {
	case "d6":
		sides = 6
	case "d3":
		sides = 3
	default:
		return nil, fmt.Errorf("option die: %q is not d6 or d3", cfg.Options["die"])
	}
	return &raceState{target: target, sides: sides, rng: engine.NewRand(cfg.Seed)}, nil
}

type raceState struct {
	target, sides int
	total         int
	turn          engine.Seat
	over          bool
	luck          [2]int
	rng           engine.Rand
}

func (s *raceState) Deciders() engine.SeatSet {
	if s.over {
		return 0
	}
	return engine.Seats(s.turn)
}

func (s *raceState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if s.over || seat != s.turn {
		return buf
	}
	for n := 1; n <= 3 && s.total+n <= s.target; n++ {
		buf = append(buf, engine.Action{Seat: seat, Kind: kindAdd, Arg: [4]int16{int16(n)}})
	}
	return buf
}

func (s *raceState) Apply(a engine.Action, events *engine.Log) error {
	switch {
	case s.over:
		return engine.Illegal("race §4", "the race is over")
	case a.Seat != s.turn:
		return engine.Illegal("race §1", "it is seat %d's turn, not seat %d's", s.turn, a.Seat)
	case a.Kind != kindAdd || a.Arg[1] != 0 || a.Arg[2] != 0 || a.Arg[3] != 0:
		return engine.Illegal("race §2", "not an action of this game")
	case a.Arg[0] < 1 || a.Arg[0] > 3:
		return engine.Illegal("race §2", "add %d: each action adds 1 to 3", a.Arg[0])
	case s.total+int(a.Arg[0]) > s.target:
		return engine.Illegal("race §3", "add %d would pass %d", a.Arg[0], s.target)
	}
	n := int(a.Arg[0])
	s.total += n
	die := s.rng.Roll(s.sides)
	s.luck[a.Seat] += die
	events.Add(engine.Everyone, "race.add", "seat %d adds %d: %d", a.Seat, n, s.total)
	events.Add(engine.Seats(a.Seat), "race.die", "seat %d rolls %d", a.Seat, die)
	if s.total == s.target {
		s.over = true
		events.Add(engine.Everyone, "race.won", "seat %d wins", a.Seat)
		return nil
	}
	s.turn = 1 - s.turn
	return nil
}

type raceView struct {
	Total int  `json:"total"`
	Turn  int  `json:"turn"`
	Luck  *int `json:"luck,omitempty"`
}

func (s *raceState) View(seat engine.Seat) any {
	v := raceView{Total: s.total, Turn: int(s.turn)}
	if seat == 0 || seat == 1 {
		l := s.luck[seat]
		v.Luck = &l
	}
	return v
}

func (s *raceState) Result() (engine.Result, bool) {
	if !s.over {
		return engine.Result{}, false
	}
	return engine.Result{Winners: engine.Seats(s.turn), Reason: fmt.Sprintf("seat %d reached %d (race §3)", s.turn, s.target)}, true
}

func (s *raceState) Clone() engine.State {
	c := *s
	c.rng = s.rng.Clone()
	return &c
}

func (s *raceState) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	c := s.Clone().(*raceState)
	c.rng = engine.NewRand(r.Uint64())
	return c
}

func (s *raceState) Hash() uint64 {
	b := make([]byte, 0, 64)
	for _, x := range []int{s.target, s.sides, s.total, int(s.turn), s.luck[0], s.luck[1]} {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
	}
	if s.over {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = s.rng.AppendState(b)
	return engine.HashBytes(b)
}

func (s *raceState) Rand() *engine.Rand { return &s.rng }

func (s *raceState) FormatAction(a engine.Action) string {
	if a.Kind == kindAdd {
		return "add " + strconv.Itoa(int(a.Arg[0]))
	}
	return fmt.Sprintf("kind%d", a.Kind)
}

func (s *raceState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	f := strings.Fields(text)
	if len(f) == 2 && f[0] == "add" {
		n, err := strconv.ParseInt(f[1], 10, 16)
		if err == nil {
			return engine.Action{Seat: seat, Kind: kindAdd, Arg: [4]int16{int16(n)}}, nil
		}
	}
	return engine.Action{}, fmt.Errorf("race: cannot read %q: want \"add N\"", text)
}

// newRace starts a race with default options and the given seed.
func newRace(seed uint64) *raceState {
	st, err := race{}.New(engine.Config{Seats: 2, Seed: seed, Options: engine.Options{"target": "15", "die": "d6"}})
	if err != nil {
		panic(err)
	}
	return st.(*raceState)
}

// policy picks a legal action deterministically from its own stream.
type policy struct{ r engine.Rand }

func newPolicy(seed uint64) *policy { return &policy{r: engine.NewRand(seed)} }

func (p *policy) pick(st engine.State) engine.Action {
	seat := st.Deciders().First()
	legal := st.Legal(seat, nil)
	return legal[p.r.IntN(len(legal))]
}
