package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

// played is a whole recorded match of race.
type played struct {
	m      *engine.Match
	out    []byte           // what the recorder wrote
	events [][]engine.Event // events of each step
	states []engine.State   // clone of the state before each step
}

func playRace(t testing.TB, seed uint64, opts engine.Options) *played {
	t.Helper()
	var buf bytes.Buffer
	m, err := engine.NewMatch(race{}, engine.Config{Seed: seed, Options: opts}, []string{"human", "bot"}, &buf)
	if err != nil {
		t.Fatal(err)
	}
	p := &played{m: m}
	pol := newPolicy(seed + 100)
	for !m.State.Deciders().Empty() {
		p.states = append(p.states, m.State.Clone())
		var evs engine.Log
		if err := m.Play(pol.pick(m.State), &evs); err != nil {
			t.Fatal(err)
		}
		p.events = append(p.events, evs)
		if len(p.events) > 100 {
			t.Fatal("race does not end")
		}
	}
	p.out = buf.Bytes()
	return p
}

func TestMatchPlayRecords(t *testing.T) {
	p := playRace(t, 5, nil)
	m := p.m
	h := m.Record.Header
	if h.Format != engine.RecordFormat || h.Game != "race" || h.Rules != raceRules || h.Seed != 5 || !slices.Equal(h.Seats, []string{"human", "bot"}) {
		t.Errorf("header = %+v", h)
	}
	if want := (engine.Options{"target": "15", "die": "d6"}); !reflect.DeepEqual(h.Options, want) {
		t.Errorf("header options = %v, want the defaults %v", h.Options, want)
	}
	if len(m.Record.Steps) != len(p.states) {
		t.Fatalf("%d steps for %d actions", len(m.Record.Steps), len(p.states))
	}
	// Each step holds the seat, the action's text and the hash after it.
	seat := engine.Seat(0)
	for i, s := range m.Record.Steps {
		if s.Seat != seat {
			t.Errorf("step %d by seat %d, want %d", i+1, s.Seat, seat)
		}
		seat = 1 - seat
		st := p.states[i].Clone()
		a, err := engine.FindLegal(st, s.Seat, s.Action)
		if err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
		if err := st.Apply(a, nil); err != nil {
			t.Fatal(err)
		}
		if got := engine.FormatHash(st.Hash()); got != s.Hash {
			t.Errorf("step %d hash %s, state after it hashes to %s", i+1, s.Hash, got)
		}
	}
	if got, want := m.Record.Steps[len(m.Record.Steps)-1].Hash, engine.FormatHash(m.State.Hash()); got != want {
		t.Errorf("last step hash %s, final state %s", got, want)
	}
	// The writer got one JSON line per step after the header, and they read
	// back as the match's record.
	lines := strings.Split(strings.TrimSuffix(string(p.out), "\n"), "\n")
	if len(lines) != 1+len(m.Record.Steps) {
		t.Fatalf("%d lines written for %d steps", len(lines), len(m.Record.Steps))
	}
	for i, l := range lines {
		if !json.Valid([]byte(l)) {
			t.Errorf("line %d is not JSON: %s", i+1, l)
		}
	}
	rec, err := engine.ReadRecord(bytes.NewReader(p.out), "match")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*rec, m.Record) {
		t.Errorf("written record\n%+v\ndiffers from Match.Record\n%+v", *rec, m.Record)
	}
	res, over := m.State.Result()
	if !over || res.Winners.Len() != 1 || !strings.Contains(res.Reason, "race §3") {
		t.Errorf("Result() = %+v, %v", res, over)
	}
}

func TestMatchWithoutWriter(t *testing.T) {
	m, err := engine.NewMatch(race{}, engine.Config{Seats: 2, Seed: 1}, []string{"a", "b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := engine.FindLegal(m.State, 0, "add 2")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Play(a, nil); err != nil {
		t.Fatal(err)
	}
	if want := []engine.Step{{Seat: 0, Action: "add 2", Hash: engine.FormatHash(m.State.Hash())}}; !reflect.DeepEqual(m.Record.Steps, want) {
		t.Errorf("steps = %+v, want %+v", m.Record.Steps, want)
	}
}

func TestMatchPlayIllegal(t *testing.T) {
	var buf bytes.Buffer
	m, err := engine.NewMatch(race{}, engine.Config{Seed: 1}, []string{"a", "b"}, &buf)
	if err != nil {
		t.Fatal(err)
	}
	written := buf.Len()
	hash := m.State.Hash()
	tests := []struct {
		a    engine.Action
		rule string
	}{
		{engine.Action{Seat: 1, Kind: kindAdd, Arg: [4]int16{1}}, "race §1"},
		{engine.Action{Seat: 0, Kind: kindAdd, Arg: [4]int16{4}}, "race §2"},
		{engine.Action{Seat: 0, Kind: 9, Arg: [4]int16{1}}, "race §2"},
	}
	for _, tt := range tests {
		var evs engine.Log
		err := m.Play(tt.a, &evs)
		var ie *engine.IllegalError
		if !errors.As(err, &ie) || ie.Rule != tt.rule {
			t.Errorf("Play(%+v) = %v, want an IllegalError citing %s", tt.a, err, tt.rule)
		}
		if len(evs) != 0 {
			t.Errorf("illegal action gave events %v", evs)
		}
	}
	if len(m.Record.Steps) != 0 || buf.Len() != written || m.State.Hash() != hash {
		t.Error("an illegal action changed the match")
	}
}

func TestNewMatchErrors(t *testing.T) {
	tests := []struct {
		name  string
		cfg   engine.Config
		seats []string
		want  string
	}{
		{"too many seats", engine.Config{}, []string{"a", "b", "c"}, "race is played by 2 to 2 seats, not 3"},
		{"too few seats", engine.Config{Seats: 1}, []string{"a"}, "not 1"},
		{"names do not match", engine.Config{Seats: 2}, []string{"a"}, "1 seats named for 2 seats"},
		{"unknown option", engine.Config{Options: engine.Options{"speed": "9"}}, []string{"a", "b"}, `option "speed"`},
		{"bad option", engine.Config{Options: engine.Options{"target": "99"}}, []string{"a", "b"}, "target=99"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			m, err := engine.NewMatch(race{}, tt.cfg, tt.seats, &buf)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("NewMatch = %v, %v; want an error saying %q", m, err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("a failed match wrote %q", buf.String())
			}
		})
	}
}

func TestMatchWriteErrors(t *testing.T) {
	if _, err := engine.NewMatch(race{}, engine.Config{}, []string{"a", "b"}, &failWriter{}); !errors.Is(err, errWrite) {
		t.Errorf("NewMatch on a failing writer = %v", err)
	}
	m, err := engine.NewMatch(race{}, engine.Config{}, []string{"a", "b"}, &failWriter{ok: 1})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := engine.FindLegal(m.State, 0, "1")
	if err := m.Play(a, nil); !errors.Is(err, errWrite) {
		t.Errorf("Play = %v, want the write error", err)
	}
	sb := &syncBuffer{}
	m, err = engine.NewMatch(race{}, engine.Config{}, []string{"a", "b"}, sb)
	if err != nil {
		t.Fatal(err)
	}
	a, _ = engine.FindLegal(m.State, 0, "1")
	if err := m.Play(a, nil); err != nil || sb.syncs != 2 {
		t.Errorf("Play = %v with %d syncs, want 2", err, sb.syncs)
	}
}

func TestReplayReproduces(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, 99} {
		p := playRace(t, seed, engine.Options{"target": "20"})
		rec, err := engine.ReadRecord(bytes.NewReader(p.out), "match")
		if err != nil {
			t.Fatal(err)
		}
		var got [][]engine.Event
		var steps []int
		st, err := engine.Replay(race{}, rec, func(i int, s engine.Step, events []engine.Event) {
			steps = append(steps, i)
			if s != rec.Steps[i-1] {
				t.Errorf("step %d callback got %+v, want %+v", i, s, rec.Steps[i-1])
			}
			got = append(got, events) // kept as given: Replay must not reuse it
		})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, p.events) {
			t.Errorf("seed %d: replay events\n%v\nwant\n%v", seed, got, p.events)
		}
		for i, n := range steps {
			if n != i+1 {
				t.Errorf("callback numbers %v, want 1, 2, ...", steps)
				break
			}
		}
		if st.Hash() != p.m.State.Hash() {
			t.Errorf("seed %d: replay ends at %s, the match at %s", seed, engine.FormatHash(st.Hash()), engine.FormatHash(p.m.State.Hash()))
		}
		r1, _ := st.Result()
		r2, _ := p.m.State.Result()
		if r1 != r2 {
			t.Errorf("replay result %+v, match result %+v", r1, r2)
		}
		// Without a callback too.
		if st, err := engine.Replay(race{}, rec, nil); err != nil || st.Hash() != p.m.State.Hash() {
			t.Errorf("Replay without callback: %v", err)
		}
	}
}

func TestReplayDivergence(t *testing.T) {
	p := playRace(t, 4, nil)
	n := len(p.m.Record.Steps)
	if n < 6 {
		t.Fatalf("match too short: %d steps", n)
	}
	other := func(action string) string {
		for _, a := range []string{"add 1", "add 2", "add 3"} {
			if a != action {
				return a
			}
		}
		panic("unreachable")
	}
	tests := []struct {
		name   string
		change func(r *engine.Record)
		step   int
		why    string
	}{
		{"other action", func(r *engine.Record) { r.Steps[2].Action = other(r.Steps[2].Action) }, 3, "state hash"},
		{"changed hash", func(r *engine.Record) { r.Steps[3].Hash = "0123456789abcdef" }, 4, "record says 0123456789abcdef"},
		{"first step", func(r *engine.Record) { r.Steps[0].Hash = "x" }, 1, "state hash"},
		{"illegal action", func(r *engine.Record) { r.Steps[1].Action = "add 7" }, 2, "race §2"},
		{"unreadable action", func(r *engine.Record) { r.Steps[4].Action = "jump" }, 5, "cannot read"},
		{"wrong seat", func(r *engine.Record) { r.Steps[1].Seat = 0 }, 2, "race §1"},
		{"step after the end", func(r *engine.Record) { r.Steps = append(r.Steps, engine.Step{Seat: 0, Action: "add 1"}) }, n + 1, "race §4"},
		{"other seed", func(r *engine.Record) { r.Header.Seed++ }, 1, "state hash"},
		{"other option", func(r *engine.Record) { r.Header.Options["die"] = "d3" }, 1, "state hash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := engine.ReadRecord(bytes.NewReader(p.out), "match")
			if err != nil {
				t.Fatal(err)
			}
			tt.change(rec)
			calls := 0
			st, err := engine.Replay(race{}, rec, func(int, engine.Step, []engine.Event) { calls++ })
			var de *engine.DivergenceError
			if !errors.As(err, &de) {
				t.Fatalf("Replay = %v, want a *DivergenceError", err)
			}
			if de.Step != tt.step || de.Action != rec.Steps[tt.step-1].Action || !strings.Contains(de.Why, tt.why) {
				t.Errorf("DivergenceError = %+v, want step %d (%s) saying %q", *de, tt.step, rec.Steps[tt.step-1].Action, tt.why)
			}
			if calls != tt.step-1 {
				t.Errorf("callback called %d times before divergence at %d", calls, tt.step)
			}
			if st == nil {
				t.Error("no state returned with the divergence")
			}
		})
	}
}

func TestReplayEmptyHashNotChecked(t *testing.T) {
	p := playRace(t, 4, nil)
	rec, err := engine.ReadRecord(bytes.NewReader(p.out), "match")
	if err != nil {
		t.Fatal(err)
	}
	for i := range rec.Steps {
		rec.Steps[i].Hash = ""
	}
	st, err := engine.Replay(race{}, rec, nil)
	if err != nil || st.Hash() != p.m.State.Hash() {
		t.Errorf("Replay without hashes = %v", err)
	}
}

func TestReplayRefuses(t *testing.T) {
	p := playRace(t, 4, nil)
	tests := []struct {
		name   string
		change func(r *engine.Record)
		want   string
	}{
		{"other game", func(r *engine.Record) { r.Header.Game = "chess" }, `record is of game "chess", not "race"`},
		{"other rules", func(r *engine.Record) { r.Header.Rules = "race-0" }, `rules "race-0"`},
		{"bad option", func(r *engine.Record) { r.Header.Options["target"] = "x" }, "target"},
		{"unknown option", func(r *engine.Record) { r.Header.Options["speed"] = "1" }, "speed"},
		{"seat count", func(r *engine.Record) { r.Header.Seats = r.Header.Seats[:1] }, "2 seats, not 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := engine.ReadRecord(bytes.NewReader(p.out), "match")
			if err != nil {
				t.Fatal(err)
			}
			tt.change(rec)
			_, err = engine.Replay(race{}, rec, func(int, engine.Step, []engine.Event) { t.Error("an action was replayed") })
			var de *engine.DivergenceError
			if err == nil || errors.As(err, &de) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Replay = %v, want a refusal saying %q", err, tt.want)
			}
		})
	}
}

// TestReplayResolvesOptions checks that a record whose header leaves
// options out replays with their defaults, as NewMatch starts matches.
func TestReplayResolvesOptions(t *testing.T) {
	p := playRace(t, 8, nil)
	for _, opts := range []engine.Options{nil, {}, {"die": "d6"}} {
		rec, err := engine.ReadRecord(bytes.NewReader(p.out), "match")
		if err != nil {
			t.Fatal(err)
		}
		rec.Header.Options = opts
		st, err := engine.Replay(race{}, rec, nil)
		if err != nil {
			t.Fatalf("options %v: %v", opts, err)
		}
		if st.Hash() != p.m.State.Hash() {
			t.Errorf("options %v: replay ends elsewhere", opts)
		}
	}
}

func TestDivergenceErrorText(t *testing.T) {
	e := &engine.DivergenceError{Step: 12, Action: "add 3", Why: "state hash 01, record says 02"}
	if got, want := e.Error(), "replay diverges at action 12 (add 3): state hash 01, record says 02"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// raceAt returns a race after the given actions, in turn from seat 0.
func raceAt(t *testing.T, actions ...string) engine.State {
	t.Helper()
	st := newRace(1)
	for _, text := range actions {
		a, err := engine.FindLegal(st, st.Deciders().First(), text)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(a, nil); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func TestFindLegal(t *testing.T) {
	add := func(seat engine.Seat, n int16) engine.Action {
		return engine.Action{Seat: seat, Kind: kindAdd, Arg: [4]int16{n}}
	}
	// After 3+3+3+3+1 the total is 13 and seat 1 may add 1 or 2.
	at13 := []string{"add 3", "add 3", "add 3", "add 3", "add 1"}
	tests := []struct {
		name    string
		played  []string
		seat    engine.Seat
		text    string
		want    engine.Action
		rule    string   // for an *IllegalError
		wantErr []string // substrings of another error
	}{
		{name: "number", seat: 0, text: "2", want: add(0, 2)},
		{name: "first number", seat: 0, text: "1", want: add(0, 1)},
		{name: "last number", seat: 0, text: "3", want: add(0, 3)},
		{name: "number with spaces", seat: 0, text: " 2\n", want: add(0, 2)},
		{name: "text", seat: 0, text: "add 3", want: add(0, 3)},
		{name: "text with spaces", seat: 0, text: "  add   1 ", want: add(0, 1)},
		{name: "number out of range", seat: 0, text: "4", wantErr: []string{"no action number 4: choose 1 to 3"}},
		{name: "number zero", seat: 0, text: "0", wantErr: []string{"no action number 0"}},
		{name: "negative number", seat: 0, text: "-1", wantErr: []string{"no action number -1"}},
		{name: "fewer legal", played: at13, seat: 1, text: "3", wantErr: []string{"choose 1 to 2"}},
		{name: "fewer legal text", played: at13, seat: 1, text: "add 2", want: add(1, 2)},
		{name: "passes the target", played: at13, seat: 1, text: "add 3", rule: "race §3"},
		{name: "too big", seat: 0, text: "add 9", rule: "race §2"},
		{name: "zero", seat: 0, text: "add 0", rule: "race §2"},
		{name: "unreadable", seat: 0, text: "jump", wantErr: []string{`cannot read "jump"`, "legal now: add 1, add 2, add 3"}},
		{name: "unreadable at 13", played: at13, seat: 1, text: "", wantErr: []string{"legal now: add 1, add 2"}},
		{name: "not its turn", seat: 1, text: "add 1", wantErr: []string{"seat 1 has nothing to decide now"}},
		{name: "not its turn by number", seat: 1, text: "1", wantErr: []string{"seat 1 has nothing to decide now"}},
		{name: "game over", played: append(slices.Clone(at13), "add 2"), seat: 0, text: "1", wantErr: []string{"nothing to decide"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := raceAt(t, tt.played...)
			hash := st.Hash()
			got, err := engine.FindLegal(st, tt.seat, tt.text)
			if st.Hash() != hash {
				t.Error("FindLegal changed the state")
			}
			switch {
			case tt.rule != "":
				var ie *engine.IllegalError
				if !errors.As(err, &ie) || ie.Rule != tt.rule {
					t.Errorf("FindLegal = %+v, %v; want an IllegalError citing %s", got, err, tt.rule)
				}
			case tt.wantErr != nil:
				if err == nil {
					t.Fatalf("FindLegal = %+v, want an error", got)
				}
				for _, w := range tt.wantErr {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not say %q", err, w)
					}
				}
			default:
				if err != nil || got != tt.want {
					t.Errorf("FindLegal = %+v, %v; want %+v", got, err, tt.want)
				}
			}
		})
	}
}

// TestFormatParseLegal checks, along whole matches, that every legal
// action's text parses back to it, that FindLegal finds it by text and by
// number, and that its JSON form round-trips.
func TestFormatParseLegal(t *testing.T) {
	checked := 0
	for _, seed := range []uint64{1, 2, 3} {
		p := playRace(t, seed, engine.Options{"target": "12"})
		for _, st := range append(p.states, p.m.State) {
			for _, seat := range []engine.Seat{0, 1} {
				for i, a := range st.Legal(seat, nil) {
					text := st.FormatAction(a)
					back, err := st.ParseAction(seat, text)
					if err != nil || back != a {
						t.Fatalf("ParseAction(FormatAction(%+v)) = %+v, %v", a, back, err)
					}
					if got, err := engine.FindLegal(st, seat, text); err != nil || got != a {
						t.Errorf("FindLegal(%q) = %+v, %v", text, got, err)
					}
					if got, err := engine.FindLegal(st, seat, string(rune('1'+i))); err != nil || got != a {
						t.Errorf("FindLegal(%d) = %+v, %v; want %+v", i+1, got, err, a)
					}
					b, err := engine.MarshalAction(st, a)
					if err != nil {
						t.Fatal(err)
					}
					back, err = engine.UnmarshalAction(st, b)
					if err != nil || back != a {
						t.Errorf("JSON %s read back as %+v, %v", b, back, err)
					}
					checked++
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d legal actions checked", checked)
	}
}

func TestActionJSON(t *testing.T) {
	st := newRace(1)
	a := engine.Action{Seat: 1, Kind: kindAdd, Arg: [4]int16{2}}
	b, err := engine.MarshalAction(st, a)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"seat":1,"action":"add 2"}`; got != want {
		t.Errorf("MarshalAction = %s, want %s", got, want)
	}
	tests := []struct {
		in      string
		want    engine.Action
		wantErr string
	}{
		{`{"seat":1,"action":"add 2"}`, a, ""},
		{`{"action":"add 3","seat":0}`, engine.Action{Seat: 0, Kind: kindAdd, Arg: [4]int16{3}}, ""},
		{`{"seat":1,"action":"add 9"}`, engine.Action{Seat: 1, Kind: kindAdd, Arg: [4]int16{9}}, ""}, // parses; legality is not checked
		{`{"seat":1,"action":"jump"}`, engine.Action{}, "cannot read"},
		{`{"seat":1,"action":`, engine.Action{}, "action json"},
		{`{"seat":"x","action":"add 1"}`, engine.Action{}, "action json"},
		{`[]`, engine.Action{}, "action json"},
	}
	for _, tt := range tests {
		got, err := engine.UnmarshalAction(st, []byte(tt.in))
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("UnmarshalAction(%s) = %+v, %v; want an error saying %q", tt.in, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("UnmarshalAction(%s) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

// TestRaceGame checks the fake game itself, so that the tests built on it
// mean something: clones and determinized copies are independent, an
// illegal action changes nothing, and the hash covers the random stream.
func TestRaceGame(t *testing.T) {
	st := newRace(3)
	c := st.Clone()
	if c.Hash() != st.Hash() {
		t.Fatal("a clone hashes differently")
	}
	a, _ := engine.FindLegal(c, 0, "add 1")
	if err := c.Apply(a, nil); err != nil {
		t.Fatal(err)
	}
	if c.Hash() == st.Hash() || st.total != 0 {
		t.Error("applying to a clone changed the original")
	}
	// Same total and turn, other random position: other hash.
	d := st.Clone()
	d.Rand().D6()
	if d.Hash() == st.Hash() {
		t.Error("the hash does not cover the random stream")
	}
	r := engine.NewRand(1)
	det := st.Determinize(0, &r)
	det2 := st.Determinize(0, &r)
	if det.Hash() == st.Hash() || det.Hash() == det2.Hash() {
		t.Error("Determinize does not draw a new stream from r")
	}
	before := st.Hash()
	var evs engine.Log
	if err := st.Apply(engine.Action{Seat: 0, Kind: kindAdd, Arg: [4]int16{5}}, &evs); err == nil || len(evs) != 0 || st.Hash() != before {
		t.Error("an illegal action changed the state")
	}
	// The die event is private to the seat that rolled.
	if err := st.Apply(engine.Action{Seat: 0, Kind: kindAdd, Arg: [4]int16{1}}, &evs); err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || !evs[0].Visible(1) || evs[1].Visible(1) || !evs[1].Visible(0) {
		t.Errorf("events %+v", evs)
	}
	if v, _ := json.Marshal(st.View(engine.Spectator)); strings.Contains(string(v), "luck") {
		t.Errorf("the spectator sees luck: %s", v)
	}
}
