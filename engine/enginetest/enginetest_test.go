package enginetest_test

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"skald/engine"
	"skald/engine/enginetest"
)

// count is a small game for testing the checks: two seats take turns adding
// 1 to 3 to a total, and the seat that brings it to 10 or more wins. Its
// option "fault" makes matches of odd seeds break the contract at step 3:
// the deciding seat's list names "add 2" twice (decider), or the waiting
// seat's list does (waiting), or at step 2 the deciding seat has no legal
// action (stuck) or a legal action does not apply (refuse); "endless"
// never ends. New counts the matches it starts in *started.
type count struct{ started *[]uint64 }

func (count) Name() string          { return "count" }
func (count) Title() string         { return "Count to Ten" }
func (count) RulesVersion() string  { return "1" }
func (count) Seats() (min, max int) { return 2, 2 }
func (count) Rules() string         { return "Add 1 to 3 in turn; reaching 10 wins." }
func (count) Options() []engine.OptionSpec {
	return []engine.OptionSpec{{Name: "fault", Default: "none",
		Choices: []string{"none", "decider", "waiting", "stuck", "refuse", "endless"}}}
}

func (g count) New(cfg engine.Config) (engine.State, error) {
	fault, ok := cfg.Options["fault"]
	if !ok {
		return nil, fmt.Errorf("option fault: missing (the check must resolve the options)")
	}
	*g.started = append(*g.started, cfg.Seed)
	if cfg.Seed%2 == 0 {
		fault = "none"
	}
	return &countState{fault: fault}, nil
}

type countState struct {
	fault string
	total int
	steps int
}

func (s *countState) Deciders() engine.SeatSet {
	if s.total >= 10 {
		return 0
	}
	return engine.Seats(engine.Seat(s.steps % 2))
}

func (s *countState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	deciding := s.Deciders().Has(seat)
	switch {
	case s.steps == 3 && s.fault == "waiting" && !deciding && s.total < 10:
		return append(buf, add(seat, 2), add(seat, 2))
	case !deciding || s.steps == 2 && s.fault == "stuck":
		return buf
	}
	buf = append(buf, add(seat, 1), add(seat, 2), add(seat, 3))
	if s.steps == 3 && s.fault == "decider" {
		buf = append(buf, add(seat, 2))
	}
	return buf
}

func add(seat engine.Seat, n int) engine.Action {
	return engine.Action{Seat: seat, Arg: [4]int16{int16(n)}}
}

func (s *countState) Apply(a engine.Action, _ *[]engine.Event) error {
	if !s.Deciders().Has(a.Seat) || a.Arg[0] < 1 || a.Arg[0] > 3 || s.steps == 2 && s.fault == "refuse" {
		return engine.Illegal("count", "not legal")
	}
	if s.fault != "endless" {
		s.total += int(a.Arg[0])
	}
	s.steps++
	return nil
}

func (s *countState) View(engine.Seat) any { return s.total }
func (s *countState) Result() (engine.Result, bool) {
	return engine.Result{Winners: engine.Seats(engine.Seat((s.steps + 1) % 2))}, s.total >= 10
}
func (s *countState) Clone() engine.State                                { c := *s; return &c }
func (s *countState) Determinize(engine.Seat, *engine.Rand) engine.State { return s.Clone() }
func (s *countState) Hash() uint64                                       { return uint64(s.total<<32 | s.steps) }
func (s *countState) Rand() *engine.Rand                                 { return nil }
func (s *countState) FormatAction(a engine.Action) string {
	return "add " + strconv.Itoa(int(a.Arg[0]))
}
func (s *countState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(text, "add "))
	return add(seat, n), err
}

// spy is a testing.TB that records what a check reports. Like testing's,
// its Fatalf ends the goroutine that calls it.
type spy struct {
	testing.TB
	errs []string
}

func (s *spy) Helper() {}
func (s *spy) Errorf(format string, args ...any) {
	s.errs = append(s.errs, fmt.Sprintf(format, args...))
}
func (s *spy) Fatalf(format string, args ...any) {
	s.Errorf(format, args...)
	runtime.Goexit()
}

// check runs NoDuplicateLegal on a spy and returns its reports.
func check(t *testing.T, g engine.Game, cfg engine.Config, matches int) []string {
	s := &spy{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		enginetest.NoDuplicateLegal(s, g, cfg, matches)
	}()
	<-done
	return s.errs
}

func TestNoDuplicateLegal(t *testing.T) {
	tests := []struct {
		fault   string
		want    string // in the one report; "" for none
		started int    // matches started
	}{
		{"none", "", 4},
		{"decider", `count (2 seats, options fault=decider) seed 7, step 3: seat 1's legal list of 4 actions names "add 2" 2 times (at 1, 3)`, 2},
		{"waiting", `seed 7, step 3: seat 0's legal list of 2 actions names "add 2" 2 times (at 0, 1)`, 2},
		{"stuck", "seed 7, step 2: seat 0 decides but has no legal action", 2},
		{"refuse", `seed 7, step 2: legal action "add `, 2},
		{"endless", fmt.Sprintf("seed 7: not over after %d actions", enginetest.MaxSteps), 2},
	}
	for _, tt := range tests {
		t.Run(tt.fault, func(t *testing.T) {
			var started []uint64
			errs := check(t, count{&started}, engine.Config{Seats: 2, Seed: 6, Options: engine.Options{"fault": tt.fault}}, 4)
			switch {
			case tt.want == "" && len(errs) > 0:
				t.Errorf("reported %q", errs)
			case tt.want != "" && (len(errs) != 1 || !strings.Contains(errs[0], tt.want)):
				t.Errorf("reported %q, want one report containing %q", errs, tt.want)
			}
			if len(started) != tt.started || started[0] != 6 || started[len(started)-1] != uint64(5+tt.started) {
				t.Errorf("started matches of seeds %v, want %d from seed 6 on", started, tt.started)
			}
		})
	}
}

func TestNoDuplicateLegalOptions(t *testing.T) {
	var started []uint64
	errs := check(t, count{&started}, engine.Config{Seats: 2, Options: engine.Options{"fault": "sometimes"}}, 1)
	if len(errs) != 1 || !strings.Contains(errs[0], "option fault=sometimes") || len(started) != 0 {
		t.Errorf("a bad option: reported %q after starting %d matches", errs, len(started))
	}
}
