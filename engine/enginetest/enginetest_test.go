package enginetest_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"skald/engine"
	"skald/engine/enginetest"
)

// count is a small game for testing the suite: two seats take turns
// adding 1 to 3 to a total, and the seat that brings it to 10 or more
// wins. Each seat holds a secret card from 0 to 9, dealt from the match's
// stream, which only it sees and which decides nothing. Its option "fault"
// makes the matches of odd seeds break the contract in one way each (see
// faults). New counts the matches it starts in *started.
type count struct{ started *[]uint64 }

// faults are the values of count's option fault: none, or the way the
// game breaks the contract.
var faults = []string{
	"none",
	"decider",   // at step 3, the deciding seat's list names "add 2" twice
	"waiting",   // at step 3, the waiting seat has legal actions
	"stuck",     // at step 2, the deciding seat has no legal action
	"refuse",    // at step 2, a legal action does not apply
	"endless",   // the total never grows: the match never ends
	"sametext",  // at step 3, two legal actions have the text "add 2"
	"parse",     // at step 3, "add 2" parses as add 3
	"accept",    // Apply accepts an action of any kind
	"dirty",     // Apply changes the hash of an action it refuses
	"plainerr",  // Apply refuses with an error that is not an *engine.IllegalError
	"clone",     // clones share a counter with their original
	"events",    // asking for events changes the total
	"address",   // at step 3, an event is addressed to a seat the match does not have
	"statetext", // from step 2, an action's text names the total, which the action changes
	"kind",      // ActionParts gives a kind that is not the text's first word
	"over",      // at step 3, the match says it is over while a seat decides
	"peek",      // a seat's view shows the other seat's card
	"own",       // Determinize deals the seat's own card again
	"order",     // Determinize deals the other seat's card from the real one
	"randcopy",  // Rand returns a copy of the match's stream
	"global",    // the hash counts the matches started before: a replay differs
}

func (count) Name() string          { return "count" }
func (count) Title() string         { return "Count to Ten" }
func (count) RulesVersion() string  { return "1" }
func (count) Seats() (min, max int) { return 2, 2 }
func (count) Rules() string         { return "Add 1 to 3 in turn; reaching 10 wins." }
func (count) Options() []engine.OptionSpec {
	return []engine.OptionSpec{{Name: "fault", Default: "none", Choices: faults}}
}

func (g count) New(cfg engine.Config) (engine.State, error) {
	fault, ok := cfg.Options["fault"]
	if !ok {
		return nil, fmt.Errorf("option fault: missing (the check must resolve the options)")
	}
	s := &countState{fault: fault, rng: engine.NewRand(cfg.Seed), shared: new(int), born: len(*g.started)}
	*g.started = append(*g.started, cfg.Seed)
	if cfg.Seed%2 == 0 {
		s.fault = "none"
	}
	if s.fault != "global" {
		s.born = 0
	}
	for i := range s.card {
		s.card[i] = s.rng.IntN(10)
	}
	return s, nil
}

type countState struct {
	fault  string
	total  int
	steps  int
	card   [2]int
	rng    engine.Rand
	shared *int // actions applied; with fault clone, shared by clones
	born   int  // with fault global, the matches started before this one
	dirt   int  // with fault dirty, actions refused
}

func (s *countState) at(step int, fault string) bool { return s.steps == step && s.fault == fault }

func (s *countState) Deciders() engine.SeatSet {
	if s.total >= 10 {
		return 0
	}
	return engine.Seats(engine.Seat(s.steps % 2))
}

func (s *countState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	deciding := s.Deciders().Has(seat)
	switch {
	case s.at(3, "waiting") && !deciding && s.total < 10:
		return append(buf, add(seat, 2), add(seat, 2))
	case !deciding || s.at(2, "stuck"):
		return buf
	}
	buf = append(buf, add(seat, 1), add(seat, 2), add(seat, 3))
	if s.at(3, "decider") {
		buf = append(buf, add(seat, 2))
	}
	if s.at(3, "sametext") {
		buf = append(buf, engine.Action{Seat: seat, Kind: 1, Arg: [4]int16{2}})
	}
	return buf
}

func add(seat engine.Seat, n int) engine.Action {
	return engine.Action{Seat: seat, Arg: [4]int16{int16(n)}}
}

func (s *countState) Apply(a engine.Action, events *engine.Log) error {
	if s.fault == "dirty" {
		s.dirt++
	}
	if !s.Deciders().Has(a.Seat) || a.Arg[0] < 1 || a.Arg[0] > 3 || a.Arg[1] != 0 || a.Arg[2] != 0 || a.Arg[3] != 0 ||
		a.Kind != 0 && s.fault != "accept" || s.at(2, "refuse") {
		if s.fault == "plainerr" {
			return errors.New("not legal")
		}
		return engine.Illegal("count", "not legal")
	}
	if s.fault != "endless" {
		s.total += int(a.Arg[0])
	}
	events.Add(engine.Everyone, "add", "seat %d adds %d", a.Seat, a.Arg[0])
	if s.at(3, "address") {
		events.Add(engine.Seats(5), "add.secret", "seat 5 sees this")
	}
	if events != nil && s.fault == "events" {
		s.total++ // the fault: a state that behaves otherwise when watched
	}
	s.steps++
	*s.shared++
	return nil
}

type countView struct {
	Total int  `json:"total"`
	Steps int  `json:"steps"`
	Card  *int `json:"card,omitempty"`
	Other *int `json:"other,omitempty"`
}

func (s *countState) View(seat engine.Seat) any {
	v := countView{Total: s.total, Steps: s.steps}
	if seat == 0 || seat == 1 {
		v.Card = &s.card[seat]
		if s.fault == "peek" {
			v.Other = &s.card[1-seat]
		}
	}
	return v
}

func (s *countState) Result() (engine.Result, bool) {
	return engine.Result{Winners: engine.Seats(engine.Seat((s.steps + 1) % 2))}, s.total >= 10 || s.at(3, "over")
}

func (s *countState) Clone() engine.State {
	c := *s
	c.rng = s.rng.Clone()
	if s.fault != "clone" {
		n := *s.shared
		c.shared = &n
	}
	return &c
}

func (s *countState) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	c := s.Clone().(*countState)
	for o := range c.card {
		switch {
		case engine.Seat(o) == seat && s.fault != "own":
		case s.fault == "order":
			c.card[o] = (c.card[o] + r.IntN(10)) % 10
		default:
			c.card[o] = r.IntN(10)
		}
	}
	return c
}

func (s *countState) Hash() uint64 {
	b := make([]byte, 0, 128)
	for _, x := range []int{s.total, s.steps, s.card[0], s.card[1], *s.shared, s.born, s.dirt} {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
	}
	return engine.HashBytes(s.rng.AppendState(b))
}

func (s *countState) Rand() *engine.Rand {
	if s.fault == "randcopy" {
		r := s.rng.Clone()
		return &r
	}
	return &s.rng
}

func (s *countState) FormatAction(a engine.Action) string {
	if s.fault == "statetext" && s.steps >= 2 {
		return "add " + strconv.Itoa(int(a.Arg[0])) + " to " + strconv.Itoa(s.total)
	}
	return "add " + strconv.Itoa(int(a.Arg[0]))
}

// ActionParts says an action adds a number; with fault kind, its kind is
// not its text's first word.
func (s *countState) ActionParts(a engine.Action) engine.ActionParts {
	if s.fault == "kind" {
		return engine.ActionParts{Kind: "plus", Refs: []string{strconv.Itoa(int(a.Arg[0]))}}
	}
	return engine.ActionParts{Kind: "add", Refs: []string{strconv.Itoa(int(a.Arg[0]))}}
}

func (s *countState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	text, _, _ = strings.Cut(text, " to ")
	n, err := strconv.Atoi(strings.TrimPrefix(text, "add "))
	if err != nil || n < 1 || n > 3 {
		return engine.Action{}, fmt.Errorf("count: %q: want add 1, add 2 or add 3", text)
	}
	if n == 2 && s.at(3, "parse") {
		n = 3
	}
	return add(seat, n), nil
}

// first is a search bot that chooses the first legal action of a copy
// determinized for its seat.
type first struct{ r engine.Rand }

func (f *first) Choose(s engine.State, seat engine.Seat) engine.Action {
	return engine.Determinize(s, seat, &f.r).Legal(seat, nil)[0]
}

func search(seed uint64) enginetest.Searcher { return &first{engine.NewRand(seed)} }

// spy is a testing.TB that records what the suite reports.
type spy struct {
	testing.TB
	errs []string
}

func (s *spy) Helper()                   {}
func (s *spy) Logf(string, ...any)       {}
func (s *spy) Errorf(f string, a ...any) { s.errs = append(s.errs, fmt.Sprintf(f, a...)) }

// check runs the suite's checks of count with fault on a spy and returns
// its reports and the seeds of the matches started.
func check(t *testing.T, fault string, conf enginetest.Config) (errs []string, started []uint64) {
	s := &spy{TB: t}
	enginetest.CheckSet(s, count{&started}, 2, engine.Options{"fault": fault}, conf)
	return s.errs, started
}

// TestCheckSet checks that the suite passes the game without a fault and
// finds each fault, in the first match that has it, with the game, the
// options, the seed and the step named.
func TestCheckSet(t *testing.T) {
	tests := []struct {
		fault string
		want  string // in the one report; "" for none
		every int
	}{
		{"none", "", 0},
		{"decider", `count (2 seats, options fault=decider) seed 7, step 3: seat 1's legal list of 4 actions names "add 2" 2 times (at 1, 3)`, 0},
		{"waiting", `seed 7, step 3: seat 0 does not decide but has 2 legal actions, such as "add 2"`, 0},
		{"stuck", "seed 7, step 2: seat 0 decides but has no legal action", 0},
		{"refuse", `seed 7, step 2: seat 0's legal action "add 1" (number 1 of 3) is refused: not legal [count]`, 0},
		{"endless", fmt.Sprintf("seed 7, step %d: not over after %d actions", enginetest.MaxSteps, enginetest.MaxSteps), 1 << 30},
		{"sametext", `seed 7, step 3: seat 1 has two legal actions with the text "add 2"`, 0},
		{"parse", `seed 7, step 3: the text "add 2" of seat 1's legal action {Seat:1 Kind:0 Arg:[2 0 0 0]} parses to {Seat:1 Kind:0 Arg:[3 0 0 0]}`, 0},
		{"accept", "seed 7, step 0: an action of another kind, {Seat:0 Kind:25", 0},
		{"dirty", "seed 7, step 0: another seat's action, {Seat:1 Kind:0 Arg:[", 0},
		{"plainerr", "seed 7, step 0: another seat's action, {Seat:1 Kind:0 Arg:[", 0},
		{"clone", `seed 7, step 0: "add `, 0},
		{"events", `seed 7, step 0: "add `, 0},
		{"kind", `seed 7, step 0: the action "add `, 0},
		{"statetext", `seed 7, step 1: the action "add 1" reads "add 1 to 2" once played: its text depends on the state`, 0},
		{"address", `is addressed to seats 00100000, neither everyone nor some of the 2 seats`, 0},
		{"over", "seed 7, step 3: the match is over but [1] decide", 0},
		{"peek", "seed 7, step 0: the copy determinized for 0 shows 0 another view than the real match", 0},
		{"own", "seed 7, step 0: the copy determinized for ", 0},
		{"order", "the copy determinized for 0 depends on what 0 cannot see", 0},
		{"randcopy", "seed 7, step 0: the copy determinized for 0 draws the real match's random stream", 0},
		{"global", "the record does not replay: replay diverges at action 1", 0},
	}
	if len(tests) != len(faults) {
		t.Fatalf("%d faults tested of %d", len(tests), len(faults))
	}
	details := map[string]string{
		"dirty":    "is refused but the hash changed",
		"plainerr": "is refused with *errors.errorString not legal, not an *engine.IllegalError",
		"clone":    "applied to a clone changed the original's hash",
		"events":   "without events and",
		"global":   "state hash",
		"own":      "another view than the real match",
	}
	for _, tt := range tests {
		t.Run(tt.fault, func(t *testing.T) {
			errs, started := check(t, tt.fault, enginetest.Config{Matches: 4, Seed: 6, Every: tt.every, Search: search})
			switch {
			case tt.want == "" && len(errs) > 0:
				t.Errorf("reported %q", errs)
			case tt.want != "" && (len(errs) != 1 || !strings.Contains(errs[0], tt.want) || !strings.Contains(errs[0], details[tt.fault])):
				t.Errorf("reported %q, want one report containing %q and %q", errs, tt.want, details[tt.fault])
			}
			// Every match is started once and, once over, again by its
			// replay: four matches from seed 6 on, or up to the faulty
			// seed 7.
			last := uint64(9)
			if tt.want != "" {
				last = 7
			}
			if len(started) == 0 || started[0] != 6 || started[len(started)-1] != last {
				t.Errorf("started matches of seeds %v, want from 6 to %d", started, last)
			}
		})
	}
}

// TestCheckSetOptions checks that a bad option set is reported before
// any match starts.
func TestCheckSetOptions(t *testing.T) {
	s := &spy{TB: t}
	var started []uint64
	enginetest.CheckSet(s, count{&started}, 2, engine.Options{"fault": "sometimes"}, enginetest.Config{Search: search})
	if len(s.errs) != 1 || !strings.Contains(s.errs[0], "option fault=sometimes") || len(started) != 0 {
		t.Errorf("a bad option: reported %q after starting %d matches", s.errs, len(started))
	}
}

// TestRun runs the suite as a game's tests do.
func TestRun(t *testing.T) {
	var started []uint64
	enginetest.Run(t, count{&started}, enginetest.Config{Matches: 3, Search: search})
}

func FuzzParseAction(f *testing.F) {
	var started []uint64
	enginetest.FuzzParseAction(f, count{&started}, engine.Config{Seats: 2, Seed: 1}, "add 1", "add 4", "add")
}
