package scenario

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"skald/engine"
)

func TestPassingFiles(t *testing.T) {
	rs := RunFiles([]string{"testdata/ok"}, games)
	if len(rs) < 4 {
		t.Fatalf("ran %d files, want at least 4", len(rs))
	}
	for _, r := range rs {
		if r.Err != nil {
			t.Errorf("%s: %v", r.Path, r.Err)
		}
		if r.Name == "" {
			t.Errorf("%s: no name", r.Path)
		}
	}
}

// failures lists every file in testdata/fail with what its error must
// say: the file and line first, then the step and the field.
var failures = map[string][]string{
	"absent_present.yaml":    {"absent_present.yaml:4: ", "step 1 (view \"secret\" as north)", "view.absent:", `"secret" is present: "nothing"`},
	"absent_typo.yaml":       {"absent_typo.yaml:4: ", "step 1 ", "view.path:", `no key "playrs"`, "keys: deck, last_die, players"},
	"bad_option.yaml":        {"bad_option.yaml:3: ", "options:", "target=100", "from 5 to 50"},
	"bad_seat.yaml":          {"bad_seat.yaml:6: ", `step 2 (do "add 1" by east)`, "seat:", `no seat "east"`},
	"bad_setup.yaml":         {"bad_setup.yaml:3: ", "setup:", `unknown field "hand"`},
	"forbidden_event.yaml":   {"forbidden_event.yaml:7: ", `step 1 (do "add 1" by north)`, "no_events[0]:", `"die: north rolls 5" contains "rolls 5"`},
	"illegal_was_legal.yaml": {"illegal_was_legal.yaml:5: ", `step 1 (illegal "add 2" by north)`, "illegal:", "was accepted", "north adds 2"},
	"missing_event.yaml":     {"missing_event.yaml:7: ", `step 1 (do "add 1" by north)`, "events[1]:", `expected event containing "race.won"; events were: "add: north adds 1, total 1"; "die: north rolls 1"`},
	"misused_die.yaml":       {"misused_die.yaml:6: ", `step 3 (do "add 1" by north)`, "7 from line 5", "forced die face 7 cannot be shown by a D6"},
	"misused_shuffle.yaml":   {"misused_shuffle.yaml:5: ", "step 1 ", "[2 1 0] from line 3", "not a permutation of 4"},
	"mixed_step.yaml":        {"mixed_step.yaml:5: ", "step 2: view:", "both do and view"},
	"no_arranger.yaml":       {"no_arranger.yaml:3: ", "setup:", "engine.Arranger"},
	"not_over.yaml":          {"not_over.yaml:7: ", "result.over:", "not over (south decides now)"},
	"path_missing.yaml":      {"path_missing.yaml:6: ", "step 1 ", "view.path:", `"players.0" has no key "nmae" (keys: name)`},
	"syntax.yaml":            {"syntax.yaml:4: ", "']' not found"},
	"unknown_field.yaml":     {"unknown_field.yaml:7: ", "step 1: evnts: unknown field", "known: seat, do, events"},
	"unknown_game.yaml":      {"unknown_game.yaml:2: ", "game:", `unknown game "chess"`},
	"unused_dice.yaml":       {"unused_dice.yaml:8: ", "step 2 (force)", "force.dice:", "1 forced die never rolled", "(4)"},
	"unused_shuffle.yaml":    {"unused_shuffle.yaml:5: ", "force.shuffles:", "1 forced shuffle never used", "[1 0 2 3]"},
	"view_mismatch.yaml":     {"view_mismatch.yaml:5: ", "step 1 ", "view.equals:", `"total" is 3, want 4`},
	"wrong_deciders.yaml":    {"wrong_deciders.yaml:4: ", "step 1 (deciders)", "deciders:", "north decides now, want [north, south]"},
	"wrong_error.yaml":       {"wrong_error.yaml:6: ", `step 1 (illegal "add 2" by south)`, "error:", `expected an error containing "south's turn"`, "it is north's turn"},
	"wrong_legal.yaml":       {"wrong_legal.yaml:6: ", "step 1 (legal for north)", "legal.exactly:", `legal but not listed: "add 3"`},
	"wrong_winner.yaml":      {"wrong_winner.yaml:8: ", "result.winners:", "winners are [north], want [south]"},
}

func TestFailingFiles(t *testing.T) {
	rs := RunFiles([]string{"testdata/fail"}, games)
	seen := map[string]bool{}
	for _, r := range rs {
		base := filepath.Base(r.Path)
		seen[base] = true
		want, ok := failures[base]
		if !ok {
			t.Errorf("%s: no expectation in failures", r.Path)
			continue
		}
		if r.Err == nil {
			t.Errorf("%s: passed, want a failure", r.Path)
			continue
		}
		msg := r.Err.Error()
		if !strings.HasPrefix(msg, r.Path) {
			t.Errorf("%s: error does not start with the file: %s", r.Path, msg)
		}
		for _, w := range want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: error lacks %q:\n%s", base, w, msg)
			}
		}
		var e *Error
		if !errors.As(r.Err, &e) {
			t.Errorf("%s: %T is not an *Error", base, r.Err)
		} else if e.Line == 0 {
			t.Errorf("%s: error has no line: %s", base, msg)
		}
	}
	for f := range failures {
		if !seen[f] {
			t.Errorf("%s: listed in failures but not in testdata/fail", f)
		}
	}
}

// TestParseErrors checks that mistakes in a file are found before the
// scenario runs, with the line, step and field.
func TestParseErrors(t *testing.T) {
	const head = "game: race\n"
	tests := []struct {
		name, src string
		want      []string
	}{
		{"empty", "", []string{"x.yaml: empty scenario file"}},
		{"comment only", "# nothing\n", []string{"empty scenario file"}},
		{"not a mapping", "- a\n- b\n", []string{"x.yaml:1: ", "want a mapping of name, rule, game"}},
		{"two documents", head + "steps: [{deciders: [north]}]\n---\ngame: race\n", []string{"x.yaml:4: ", "one YAML document"}},
		{"no game", "steps: [{deciders: [north]}]\n", []string{"x.yaml:1: game: missing"}},
		{"no steps", head, []string{"steps: missing"}},
		{"unknown top field", head + "stpes: []\n", []string{"x.yaml:2: stpes: unknown field (known: name, rule, game"}},
		{"seats type", head + "seats: two\nsteps: [{deciders: []}]\n", []string{"x.yaml:2: seats: want a whole number, got text"}},
		{"seats range", head + "seats: 9\nsteps: [{deciders: []}]\n", []string{"seats: must be from 1 to 8, not 9"}},
		{"negative seed", head + "seed: -1\nsteps: [{deciders: []}]\n", []string{"x.yaml:2: seed: must be a whole number"}},
		{"option list", head + "options: {target: [1]}\nsteps: [{deciders: []}]\n", []string{"x.yaml:2: options.target: want a single value, got a list"}},
		{"setup list", head + "setup: [1]\nsteps: [{deciders: []}]\n", []string{"x.yaml:2: setup: want a mapping"}},
		{"setup infinity", head + "setup: {x: .inf}\nsteps: [{deciders: []}]\n", []string{"setup: cannot be written as JSON"}},
		{"duplicate key", head + "game: race\n", []string{"x.yaml:2: ", "already defined"}},
		{"anchor", head + "setup: &s {total: 1}\nsteps: [{deciders: []}]\n", []string{"x.yaml:2: ", "anchors (&name) are not allowed"}},
		{"alias", head + "steps:\n  - legal: {seat: north, includes: &a [add 1]}\n  - legal: {seat: north, includes: *a}\n", []string{"anchors"}},
		{"force nothing", head + "force: {}\nsteps: [{deciders: []}]\n", []string{"x.yaml:2: force: forces nothing"}},
		{"force empty dice", head + "force: {dice: []}\nsteps: [{deciders: []}]\n", []string{"force: forces nothing"}},
		{"die not a number", head + "force: {dice: [1, six]}\nsteps: [{deciders: []}]\n", []string{"x.yaml:2: force.dice[1]: want a whole number, got text"}},
		{"shuffle not a perm", head + "force: {shuffles: [[0, 0, 1]]}\nsteps: [{deciders: []}]\n", []string{"force.shuffles[0]: a shuffle is a permutation", "0 is there twice"}},
		{"shuffle out of range", head + "force: {shuffles: [[0, 3, 1]]}\nsteps: [{deciders: []}]\n", []string{"force.shuffles[0]: a shuffle is a permutation", "from 0 to 2, not 3"}},
		{"steps not a list", head + "steps: {do: add 1}\n", []string{"x.yaml:2: steps: want a list, got a mapping"}},
		{"step not a mapping", head + "steps:\n  - add 1\n", []string{"x.yaml:3: step 1: want a mapping"}},
		{"step without kind", head + "steps:\n  - seat: north\n", []string{"x.yaml:3: step 1: a step needs one of do, illegal"}},
		{"two kinds", head + "steps:\n  - deciders: [north]\n  - do: add 1\n    illegal: add 2\n", []string{"x.yaml:4: step 2: illegal: a step has one kind"}},
		{"stray companion", head + "steps:\n  - do: add 1\n    error: nope\n", []string{"x.yaml:4: step 1: error: does not go with do (a do step takes seat, events, no_events)"}},
		{"max without play", head + "steps:\n  - deciders: []\n    max: 3\n", []string{"step 1: max: does not go with deciders (a deciders step takes nothing else)"}},
		{"empty action", head + "steps:\n  - do: \"  \"\n", []string{"x.yaml:3: step 1: do: must not be empty"}},
		{"action list", head + "steps:\n  - do: [add 1]\n", []string{"step 1: do: want text, got a list"}},
		{"events mapping", head + "steps:\n  - do: add 1\n    events: {a: b}\n", []string{"x.yaml:4: step 1: events: want a list, got a mapping"}},
		{"event item list", head + "steps:\n  - do: add 1\n    events:\n      - x\n      - [y]\n", []string{"x.yaml:6: step 1: events[1]: want text"}},
		{"play kind", head + "steps:\n  - play: greedy\n", []string{"step 1: play: only \"random\""}},
		{"max zero", head + "steps:\n  - play: random\n    max: 0\n", []string{"step 1: max: must be from 1"}},
		{"view unknown", head + "steps:\n  - view: {seat: north, path: total, equal: 3}\n", []string{"x.yaml:3: step 1: view.equal: unknown field (known: seat, path, equals, contains, absent)"}},
		{"view no seat", head + "steps:\n  - view: {path: total, equals: 3}\n", []string{"step 1: view.seat: missing"}},
		{"view no check", head + "steps:\n  - view: {seat: north, path: total}\n", []string{"step 1: view: checks nothing"}},
		{"view two checks", head + "steps:\n  - view: {seat: north, path: total, equals: 3, absent: true}\n", []string{"step 1: view.absent: give one of equals, contains and absent"}},
		{"view absent false", head + "steps:\n  - view: {seat: north, path: total, absent: false}\n", []string{"step 1: view.absent: absent: false checks nothing"}},
		{"view absent root", head + "steps:\n  - view: {seat: north, absent: true}\n", []string{"step 1: view.path: missing"}},
		{"view bad path", head + "steps:\n  - view: {seat: north, path: a..b, equals: 1}\n", []string{"step 1: view.path: \"a..b\" has an empty element"}},
		{"legal nothing", head + "steps:\n  - legal: {seat: north}\n", []string{"step 1: legal: checks nothing"}},
		{"legal exactly null", head + "steps:\n  - legal: {seat: north, exactly: }\n", []string{"step 1: legal.exactly: want a list of actions ([] for none)"}},
		{"deciders null", head + "steps:\n  - deciders:\n", []string{"step 1: deciders: want a list of seats ([] for none)"}},
		{"result nothing", head + "result: {}\n", []string{"x.yaml:2: result: checks nothing"}},
		{"result over false winners", head + "result: {over: false, winners: [north]}\n", []string{"result.over: over: false cannot go with winners or reason"}},
		{"result over text", head + "result: {over: yes}\n", []string{"result.over: want true or false, got text"}},
		{"step result unknown", head + "steps:\n  - result: {winner: [north]}\n", []string{"x.yaml:3: step 1: result.winner: unknown field (known: over, winners, reason)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := Parse("x.yaml", []byte(tt.src))
			if err == nil {
				t.Fatalf("parsed %+v, want an error", sc)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("%T is not an *Error", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%s", w, err)
				}
			}
		})
	}
}

func TestParseValues(t *testing.T) {
	src := `name: values
rule: "race 1"
game: race
seats: 2
seed: 18446744073709551615
options: {target: 12, mode: draw}
setup: {total: 3, secret: x}
force: {dice: [1, 6], shuffles: [[1, 0]]}
steps:
  - do: 2
    seat: 1
    events: one event
  - deciders: []
  - legal: {exactly: []}
  - view: {seat: north, equals: null}
result: {winners: []}
`
	sc, err := Parse("v.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Seed != 1<<64-1 || sc.Seats != 2 || sc.Name != "values" || sc.Rule != "race 1" {
		t.Errorf("top fields: %+v", sc)
	}
	if sc.Options.String() != "mode=draw target=12" {
		t.Errorf("options %q", sc.Options)
	}
	if string(sc.Setup) != `{"secret":"x","total":3}` {
		t.Errorf("setup %s", sc.Setup)
	}
	if len(sc.Force.Dice) != 2 || sc.Force.Shuffles[0][0] != 1 {
		t.Errorf("force %+v", sc.Force)
	}
	s := sc.Steps
	if s[0].Do != "2" || s[0].Seat != "1" || len(s[0].Events) != 1 || s[0].Line != 10 {
		t.Errorf("step 1: %+v", s[0])
	}
	if s[1].Deciders == nil || len(s[1].Deciders) != 0 || s[1].Kind() != "deciders" {
		t.Errorf("step 2: deciders %#v", s[1].Deciders)
	}
	if s[2].Legal.Exactly == nil || len(s[2].Legal.Exactly) != 0 {
		t.Errorf("step 3: exactly %#v", s[2].Legal.Exactly)
	}
	if string(s[3].View.Equals) != "null" || s[3].View.Path != "" {
		t.Errorf("step 4: view %+v", s[3].View)
	}
	if sc.Result.Winners == nil || len(sc.Result.Winners) != 0 || sc.Result.Over != nil {
		t.Errorf("result %+v", sc.Result)
	}
}

// TestRunErrors checks failures that need the game to find.
func TestRunErrors(t *testing.T) {
	const head = "game: race\n"
	tests := []struct {
		name, src string
		want      []string
	}{
		{"seat count", head + "seats: 3\nsteps: [{deciders: []}]\n", []string{"x.yaml:2: seats: race is played by 2 to 2 seats, not 3"}},
		{"unknown option", head + "options: {speed: 3}\nsteps: [{deciders: []}]\n", []string{"x.yaml:2: options: option \"speed\": unknown"}},
		{"no seat given", head + "options: {target: 5}\nsetup: {total: 4}\nforce: {dice: [1]}\nsteps:\n  - do: add 1\n  - do: add 1\n",
			[]string{"x.yaml:7: step 2 (do \"add 1\"): seat: missing, and no seat decides now: name the seat"}},
		{"spectator acts", head + "steps:\n  - do: add 1\n    seat: spectator\n", []string{"x.yaml:4: step 1 (do \"add 1\" by spectator): seat: the spectator has no actions"}},
		{"unparsable do", head + "steps:\n  - do: take 1\n", []string{"x.yaml:3: step 1 (do \"take 1\"): do: cannot parse (legal now: add 1, add 2, add 3): \"take 1\" is not \"add N\""}},
		{"rejected do", head + "steps:\n  - do: add 5\n", []string{"step 1 (do \"add 5\"): do: rejected (legal now: add 1, add 2, add 3): add 1 to 3, not 5 [race 2]"}},
		{"unparsable illegal", head + "steps:\n  - illegal: take 1\n", []string{"step 1 (illegal \"take 1\"): illegal: cannot parse"}},
		{"legal unparsable", head + "steps:\n  - legal: {includes: [add 1, take 2]}\n", []string{"x.yaml:3: step 1 (legal): legal.includes[1]: cannot parse \"take 2\""}},
		{"legal includes", head + "steps:\n  - legal:\n      seat: south\n      includes: [add 1]\n", []string{"x.yaml:5: step 1 (legal for south): legal.includes[0]: \"add 1\" is not legal (legal now: none)"}},
		{"legal excludes", head + "steps:\n  - legal:\n      excludes: [add 4, add 3]\n", []string{"x.yaml:4: step 1 (legal): legal.excludes[1]: \"add 3\" is legal"}},
		{"legal exactly missing", head + "steps:\n  - legal: {exactly: [add 1, add 2, add 3, add 4]}\n", []string{"legal.exactly: not legal: \"add 4\""}},
		{"deciders bad seat", head + "steps:\n  - deciders: [north, west]\n", []string{"step 1 (deciders): deciders[1]: no seat \"west\" in race"}},
		{"deciders spectator", head + "steps:\n  - deciders: [spectator]\n", []string{"step 1 (deciders): deciders[0]: the spectator is not a player"}},
		{"view seat", head + "steps:\n  - view: {seat: nobody, equals: 1}\n", []string{"step 1 (view as nobody): view.seat: no seat \"nobody\""}},
		{"view contains not text", head + "steps:\n  - view: {seat: north, path: total, contains: \"0\"}\n", []string{"view.contains: \"total\" is 0, not text"}},
		{"view contains", head + "steps:\n  - view: {seat: north, path: turn, contains: south}\n", []string{"view.contains: \"turn\" is \"north\", which does not contain \"south\""}},
		{"view index", head + "steps:\n  - view: {seat: north, path: deck.x, equals: 1}\n", []string{"view.path: \"deck\" is an array of 4, and \"x\" is not an index"}},
		{"view index range", head + "steps:\n  - view: {seat: north, path: deck.4, equals: 1}\n", []string{"view.path: \"deck\" is an array of 4, so it has no index 4"}},
		{"view into scalar", head + "steps:\n  - view: {seat: north, path: total.x, equals: 1}\n", []string{"view.path: \"total\" is 0, so it has no \"x\""}},
		{"view absent index", head + "steps:\n  - view: {seat: north, path: deck.2, absent: true}\n", []string{"view.absent: \"deck.2\" is present: \"c\""}},
		{"view absent scalar parent", head + "steps:\n  - view: {seat: north, path: total.x, absent: true}\n", []string{"view.path: cannot check absence: \"total\" is 0, not an object or array"}},
		{"view whole", head + "steps:\n  - view: {seat: south, equals: {}}\n", []string{"view.equals: the view is {"}},
		{"step result", head + "steps:\n  - result: {over: true}\n", []string{"x.yaml:3: step 1 (result): result.over: the game is not over (north decides now)"}},
		{"step result over", head + "setup: {total: 9}\nforce: {dice: [1]}\nsteps:\n  - do: add 1\n  - result:\n      over: false\n", []string{"x.yaml:7: step 2 (result): result.over: the game is over (winners [north]: race 3: north reached the target), want it not over"}},
		{"result reason", head + "setup: {total: 9}\nforce: {dice: [1]}\nsteps:\n  - do: add 1\nresult:\n  reason: resigned\n", []string{"x.yaml:7: result.reason: the reason is \"race 3: north reached the target\", which does not contain \"resigned\""}},
		{"result draw", head + "setup: {total: 9}\nforce: {dice: [1]}\nsteps:\n  - do: add 1\nresult:\n  winners: []\n", []string{"result.winners: the winners are [north], want [] (a draw)"}},
		{"result bad seat", head + "setup: {total: 9}\nforce: {dice: [1]}\nsteps:\n  - do: add 1\nresult:\n  winners: [west]\n", []string{"x.yaml:7: result.winners[0]: no seat \"west\""}},
		{"play after over", head + "setup: {total: 9}\nforce: {dice: [1]}\nsteps:\n  - do: add 1\n  - play: random\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := Parse("x.yaml", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			err = sc.Run(games)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("want a pass, got %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("passed, want a failure")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%s", w, err)
				}
			}
		})
	}
}

// brokenGame breaks the engine's rules in ways a scenario must notice.
type brokenGame struct {
	race
	how string
}

func (g brokenGame) New(cfg engine.Config) (engine.State, error) {
	st, err := g.race.New(cfg)
	if err != nil {
		return nil, err
	}
	return &brokenState{raceState: st.(*raceState), how: g.how}, nil
}

type brokenState struct {
	*raceState
	how string
}

func (s *brokenState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	buf = s.raceState.Legal(seat, buf)
	if s.how == "legal lists too little" && len(buf) > 0 {
		buf = buf[:1]
	}
	if s.how == "legal lists too much" && seat == s.turn {
		buf = append(buf, engine.Action{Seat: seat, Kind: 1, Arg: [4]int16{4}})
	}
	return buf
}

func (s *brokenState) Apply(a engine.Action, events *engine.Log) error {
	switch s.how {
	case "plain error":
		return errors.New("no")
	case "changes on reject":
		if a.Arg[0] > 3 {
			s.total++
			return engine.Illegal("x", "too big")
		}
	case "events on reject":
		if a.Arg[0] > 3 {
			events.Add(engine.Everyone, "oops", "an event of a refused action")
			return engine.Illegal("x", "too big")
		}
	case "rejects legal":
		if s.total > 2 {
			return engine.Illegal("x", "tired")
		}
	}
	return s.raceState.Apply(a, events)
}

func (s *brokenState) Deciders() engine.SeatSet {
	if s.how == "nobody decides" && s.total > 2 {
		return 0
	}
	if s.how == "decides when over" && s.over() {
		return engine.Seats(0)
	}
	return s.raceState.Deciders()
}

func (s *brokenState) Clone() engine.State {
	c := s.raceState.Clone().(*raceState)
	if s.how == "bad clone" {
		c.total++
	}
	return &brokenState{raceState: c, how: s.how}
}

func (s *brokenState) FormatAction(a engine.Action) string {
	if s.how == "bad format" {
		return "add 9"
	}
	return s.raceState.FormatAction(a)
}

func TestBrokenGames(t *testing.T) {
	tests := []struct{ how, steps, want string }{
		{"plain error", "  - illegal: add 4\n", `illegal: rejected, but not with an *engine.IllegalError: no`},
		{"changes on reject", "  - illegal: add 4\n", "illegal: rejected, but the state changed"},
		{"events on reject", "  - illegal: add 4\n", `illegal: rejected, but events were reported: "oops: an event of a refused action"`},
		{"legal lists too little", "  - do: add 2\n", "do: the game applied it, but its Legal did not list it (legal were: add 1)"},
		{"legal lists too much", "  - illegal: add 4\n", "illegal: rejected, but the game's Legal lists it"},
		{"rejects legal", "  - play: random\n", "play: random action 2: legal action \"add "},
		{"nobody decides", "  - play: random\n", "play: after random action 1, the game is not over, but no seat decides"},
		{"decides when over", "  - play: random\n", "the game is over (race 3: "},
		{"bad clone", "  - play: random\n", "play: random action 1 (\"add "},
		{"bad format", "  - play: random\n", "does not parse back to the same action"},
	}
	for _, tt := range tests {
		t.Run(tt.how, func(t *testing.T) {
			src := "game: broken\nseed: 3\nsteps:\n" + tt.steps
			sc, err := Parse("b.yaml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			lookup := func(string) (engine.Game, error) { return brokenGame{how: tt.how}, nil }
			err = sc.Run(lookup)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

func TestStartErrors(t *testing.T) {
	sc, err := Parse("x.yaml", []byte("game: race\nsteps: [{deciders: [north]}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := sc.Run(nil); err == nil || !strings.Contains(err.Error(), "no game lookup") {
		t.Errorf("nil lookup: %v", err)
	}
	nilGame := func(string) (engine.Game, error) { return nil, nil }
	if err := sc.Run(nilGame); err == nil || !strings.Contains(err.Error(), `x.yaml:1: game: unknown game "race"`) {
		t.Errorf("nil game: %v", err)
	}
}

func TestRunStepByStep(t *testing.T) {
	sc, err := Load("testdata/ok/win.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r, err := sc.Start(games)
	if err != nil {
		t.Fatal(err)
	}
	if r.Game().Name() != "race" || r.Seats() != 2 || r.Step() != 0 || r.Done() {
		t.Fatalf("start: game %s seats %d step %d", r.Game().Name(), r.Seats(), r.Step())
	}
	if err := r.Next(); err != nil {
		t.Fatal(err)
	}
	if r.Step() != 1 || len(r.Events()) == 0 || r.Events()[len(r.Events())-1].Type != "race.won" {
		t.Errorf("after step 1: step %d events %v", r.Step(), r.Events())
	}
	if _, over := r.State().Result(); !over {
		t.Error("the race is not over")
	}
	for !r.Done() {
		if err := r.Next(); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Next(); err != nil {
		t.Errorf("Next when done: %v", err)
	}
	if err := r.Finish(); err != nil {
		t.Error(err)
	}
}

// TestRandomPlayIsSeeded checks that random play depends on the seed only.
func TestRandomPlayIsSeeded(t *testing.T) {
	final := func(seed string) uint64 {
		sc, err := Parse("p.yaml", []byte("game: race\nseed: "+seed+"\noptions: {target: 50}\nsteps: [{play: random, max: 15}]\n"))
		if err != nil {
			t.Fatal(err)
		}
		r, err := sc.Start(games)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Next(); err != nil {
			t.Fatal(err)
		}
		return r.State().Hash()
	}
	if a, b := final("5"), final("5"); a != b {
		t.Errorf("same seed, different games: %x %x", a, b)
	}
	if a, b := final("5"), final("6"); a == b {
		t.Errorf("seeds 5 and 6 played the same game")
	}
}

func TestRunFilesPaths(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "b")
	if err := os.MkdirAll(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	win, err := os.ReadFile("testdata/ok/win.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(dir, "a.yaml"), filepath.Join(sub, "c.yml"), filepath.Join(sub, "a.yaml")} {
		if err := os.WriteFile(p, win, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not yaml"), 0o644); err != nil {
		t.Fatal(err)
	}
	rs := RunFiles([]string{dir, filepath.Join(dir, "empty"), filepath.Join(dir, "missing.yaml"), "testdata/ok/draw.yaml"}, games)
	var got []string
	for _, r := range rs {
		rel := r.Path
		if strings.HasPrefix(rel, dir) {
			rel, _ = filepath.Rel(dir, r.Path)
		}
		if r.Err != nil {
			rel += " FAIL"
		}
		got = append(got, rel)
	}
	want := "a.yaml b/a.yaml b/c.yml empty FAIL missing.yaml FAIL testdata/ok/draw.yaml"
	if strings.Join(got, " ") != want {
		t.Fatalf("got %v, want %v", got, want)
	}
	if !strings.Contains(rs[3].Err.Error(), "no scenario files") {
		t.Errorf("empty dir: %v", rs[3].Err)
	}
}

func TestRunFilesPanic(t *testing.T) {
	lookup := func(string) (engine.Game, error) { return panicGame{}, nil }
	rs := RunFiles([]string{"testdata/ok/win.yaml"}, lookup)
	if len(rs) != 1 || rs[0].Err == nil {
		t.Fatalf("got %+v", rs)
	}
	msg := rs[0].Err.Error()
	for _, w := range []string{"win.yaml:8: step 1 (do \"add 2\"): panic: boom", "goroutine"} {
		if !strings.Contains(msg, w) {
			t.Errorf("error lacks %q:\n%s", w, msg)
		}
	}
}

type panicGame struct{ race }

func (g panicGame) New(cfg engine.Config) (engine.State, error) {
	st, err := g.race.New(cfg)
	return panicState{st.(*raceState)}, err
}

type panicState struct{ *raceState }

func (panicState) Apply(engine.Action, *engine.Log) error { panic("boom") }

func TestWriteReport(t *testing.T) {
	var b strings.Builder
	failed := WriteReport(&b, []Result{
		{Path: "a.yaml"},
		{Path: "b.yaml", Err: &Error{File: "b.yaml", Line: 3, Field: "game", Msg: "unknown"}},
		{Path: "c", Err: errors.New("stat c: no such file\nsecond line")},
	})
	want := "ok   a.yaml\nFAIL b.yaml:3: game: unknown\nFAIL c: stat c: no such file\n     second line\n1 passed, 2 failed\n"
	if failed != 2 || b.String() != want {
		t.Errorf("failed %d, report:\n%s\nwant:\n%s", failed, b.String(), want)
	}
}

func TestErrorText(t *testing.T) {
	tests := []struct {
		e    Error
		want string
	}{
		{Error{File: "f.yaml", Msg: "empty"}, "f.yaml: empty"},
		{Error{File: "f.yaml", Line: 2, Field: "game", Err: errors.New("no")}, "f.yaml:2: game: no"},
		{Error{File: "f.yaml", Line: 9, Step: 3, What: `do "x" by red`, Field: "events[0]", Msg: "expected", Err: errors.New("why")}, `f.yaml:9: step 3 (do "x" by red): events[0]: expected: why`},
		{Error{File: "f.yaml", Line: 9, Step: 3, Msg: "m"}, "f.yaml:9: step 3: m"},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
	inner := errors.New("inner")
	if e := (&Error{Err: inner}); !errors.Is(e, inner) {
		t.Error("Unwrap")
	}
}

func TestJSONEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"3", "3.0", true},
		{"3", "3.5", false},
		{"1e2", "100", true},
		{"18446744073709551615", "18446744073709551614", false},
		{`"3"`, "3", false},
		{"null", "null", true},
		{"null", "false", false},
		{`{"a":[1,2]}`, `{"a":[1.0,2]}`, true},
		{`{"a":[1,2]}`, `{"a":[2,1]}`, false},
		{`{"a":1}`, `{"a":1,"b":2}`, false},
		{`{"a":1}`, `{"b":1}`, false},
		{`[1]`, `[1,1]`, false},
		{`[]`, `{}`, false},
		{`true`, `true`, true},
	}
	for _, tt := range tests {
		a, err := decodeJSON([]byte(tt.a))
		if err != nil {
			t.Fatal(err)
		}
		b, err := decodeJSON([]byte(tt.b))
		if err != nil {
			t.Fatal(err)
		}
		if got := jsonEqual(a, b); got != tt.want {
			t.Errorf("jsonEqual(%s, %s) = %v", tt.a, tt.b, got)
		}
		if got := jsonEqual(b, a); got != tt.want {
			t.Errorf("jsonEqual(%s, %s) = %v", tt.b, tt.a, got)
		}
	}
}

// TestDocExamples parses every whole scenario in docs/scenarios.md and
// runs the race example.
func TestDocExamples(t *testing.T) {
	doc, err := os.ReadFile("../docs/scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(doc), "```yaml\n")[1:]
	whole := 0
	for _, b := range blocks {
		src, _, _ := strings.Cut(b, "```")
		if !strings.Contains(src, "\ngame: ") {
			// A fragment: it must parse within a scenario.
			frag := "game: x\nsteps: [{deciders: []}]\n" + src
			if strings.HasPrefix(src, "- ") {
				frag = "game: x\nsteps:\n" + src
			}
			if _, err := Parse("docs/scenarios.md", []byte(frag)); err != nil {
				t.Errorf("fragment: %v\n%s", err, src)
			}
			continue
		}
		whole++
		sc, err := Parse("docs/scenarios.md", []byte(src))
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		if sc.Game == "race" {
			if err := sc.Run(games); err != nil {
				t.Error(err)
			}
		}
	}
	if whole < 2 {
		t.Errorf("found %d whole examples, want 2", whole)
	}
}

func FuzzParse(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*/*.yaml")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("steps: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n"))
	f.Add([]byte("game: race\nsteps:\n  - view: {seat: north, equals: !!binary aGk=}\n"))
	f.Add([]byte("? [a, b]\n: c\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Parse("f.yaml", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T is not an *Error: %v", err, err)
			}
			return
		}
		if sc.Game == "" || (len(sc.Steps) == 0 && sc.Result == nil) {
			t.Fatalf("parsed an incomplete scenario: %+v", sc)
		}
		for _, s := range sc.Steps {
			if s.Kind() == "" {
				t.Fatalf("a step without a kind: %+v", s)
			}
		}
		if sc.Setup != nil && !json.Valid(sc.Setup) {
			t.Fatalf("setup is not JSON: %s", sc.Setup)
		}
		// Running must not panic either, whatever the file says.
		_ = sc.Run(games)
	})
}
