package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/netip"
	"testing"
	"time"

	"skald/engine"
	"skald/games"
)

// TestViewJSONSameAsEncodingJSON plays random matches of every game and
// checks that every seat's view, and the spectator's, is encoded byte for
// byte as encoding/json encodes it.
func TestViewJSONSameAsEncodingJSON(t *testing.T) {
	for _, g := range games.All() {
		t.Run(g.Name(), func(t *testing.T) {
			lo, _ := g.Seats()
			rng := rand.New(rand.NewPCG(22, 7))
			n := 0
			for m := range 3 {
				st, err := g.New(engine.Config{Seats: lo, Seed: uint64(m) + 1})
				if err != nil {
					t.Fatal(err)
				}
				for step := 0; step < 200; step++ {
					for s := -1; s < lo; s++ {
						seat := engine.Seat(s)
						if s < 0 {
							seat = engine.Spectator
						}
						v := st.View(seat)
						want, werr := json.Marshal(v)
						got, err := marshalView(v)
						if (err != nil) != (werr != nil) || !bytes.Equal(got, want) {
							t.Fatalf("match %d step %d seat %d:\nencoding/json %v\n%s\nmarshalView %v\n%s", m, step, s, werr, want, err, got)
						}
						n++
					}
					if _, over := st.Result(); over {
						break
					}
					ds := st.Deciders().List()
					if len(ds) == 0 {
						break
					}
					legal := st.Legal(ds[rng.IntN(len(ds))], nil)
					if len(legal) == 0 {
						break
					}
					var evs engine.Log
					if err := st.Apply(legal[rng.IntN(len(legal))], &evs); err != nil {
						t.Fatal(err)
					}
				}
			}
			if n < 100 {
				t.Fatalf("only %d views compared", n)
			}
		})
	}
}

// bigMap has more keys than appendMap keeps on the stack.
func bigMap() map[string]int {
	m := map[string]int{}
	for i := range 40 {
		m[fmt.Sprint("k", i)] = i
	}
	return m
}

type viewInner struct {
	N     int            `json:"n"`
	Tags  []string       `json:"tags,omitempty"`
	Next  *viewInner     `json:"next,omitempty"`
	Power map[string]int `json:"power"`
}

type viewOuter struct {
	Name     string            `json:"name"`
	Untagged int               // its Go name
	hidden   int               //nolint:unused // unexported: left out
	Skip     int               `json:"-"`
	Dash     int               `json:"-,"`
	Empty    string            `json:",omitempty"`
	F64      float64           `json:"f64"`
	F32      float32           `json:"f32"`
	U        uint8             `json:"u"`
	B        bool              `json:"b,omitempty"`
	Inner    viewInner         `json:"inner"`
	Ptr      *viewInner        `json:"ptr"`
	List     []viewInner       `json:"list"`
	Arr      [2]int            `json:"arr"`
	Any      any               `json:"any"`
	Nested   map[string][]int  `json:"nested"`
	Named    map[namedKey]bool `json:"named"`
}

type namedKey string

type withEmbedded struct {
	viewInner
	X int `json:"x"`
}

type withString struct {
	N int `json:"n,string"`
}

type withRaw struct {
	R json.RawMessage `json:"r"`
}

// TestViewJSONCases checks values with every kind the encoder takes on,
// and those it leaves to encoding/json, against encoding/json.
func TestViewJSONCases(t *testing.T) {
	chain := &viewInner{N: 1, Next: &viewInner{N: 2, Tags: []string{}}}
	cases := []struct {
		name string
		v    any
	}{
		{"nil", nil},
		{"string escapes", "a<b>&c\"d\\e\n\t\r\b\f\x01\x1f é ☃ \u2028\u2029 \xff\xfe end"},
		{"numbers", []any{0, -1, 1.5, 1e21, 1e-7, 123456789.0, float32(0.1), math.MaxInt64, uint64(math.MaxUint64), -0.0}},
		{"zero outer", viewOuter{}},
		{"full outer", viewOuter{
			Name: "<x>", Untagged: 3, hidden: 4, Skip: 5, Dash: 6, Empty: "e", F64: 2.5e-8, F32: 3.25, U: 200, B: true,
			Inner: viewInner{N: 7, Power: map[string]int{"b": 2, "a": 1, "ä": 3, "A": 0}},
			Ptr:   chain, List: []viewInner{{N: 1}, {N: 2, Power: map[string]int{}}}, Arr: [2]int{8, 9},
			Any: map[string]any{"z": []any{nil, true, "s"}, "y": chain}, Nested: map[string][]int{"k": nil, "j": {1}},
			Named: map[namedKey]bool{"q": true, "p": false},
		}},
		{"empty map and slice", map[string]any{"m": map[string]int{}, "s": []int{}, "n": []int(nil)}},
		{"plain maps", map[string]any{"i": map[string]int{"b": -1, "a": 2, "<": 3}, "s": map[string]string{"z": "&", "y": ""},
			"b": map[string]bool{"t": true, "f": false}, "nil": map[string]int(nil), "big": bigMap()}},
		{"embedded field", withEmbedded{viewInner: viewInner{N: 1}, X: 2}},
		{"string option", withString{N: 5}},
		{"raw message", withRaw{R: json.RawMessage(` {"a" : 1} `)}},
		{"text marshaler", map[string]any{"addr": netip.MustParseAddr("127.0.0.1"), "when": time.Unix(0, 0).UTC()}},
		{"bytes", map[string]any{"b": []byte("hi")}},
		{"number", map[string]any{"n": json.Number("12.50")}},
		{"not a number", map[string]any{"nan": math.NaN()}},
		{"infinity", []float64{math.Inf(1)}},
		{"function", map[string]any{"f": func() {}}},
		{"int keys", map[int]string{2: "b", 10: "a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// Twice: the second time, a type left to encoding/json is
			// known as such.
			for range 2 {
				want, werr := json.Marshal(c.v)
				got, err := marshalView(c.v)
				if (err != nil) != (werr != nil) || !bytes.Equal(got, want) {
					t.Fatalf("encoding/json %v\n%s\nmarshalView %v\n%s", werr, want, err, got)
				}
			}
		})
	}
}

func BenchmarkViewJSON(b *testing.B) {
	g, err := games.Lookup("blackred")
	if err != nil {
		b.Fatal(err)
	}
	st, err := g.New(engine.Config{Seats: 2, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	v := st.View(0)
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			json.Marshal(v)
		}
	})
	b.Run("marshalView", func(b *testing.B) {
		for b.Loop() {
			marshalView(v)
		}
	})
}

// frameReference is stateFrame.marshal as it was written with
// encoding/json.
func frameReference(f *stateFrame) []byte {
	b, err := json.Marshal(f)
	if err != nil {
		panic(err)
	}
	view := f.View
	if len(view) == 0 {
		view = json.RawMessage("null")
	}
	out := append([]byte{}, b[:len(b)-1]...)
	if len(f.Static) > 0 {
		out = append(out, ',')
		out = append(out, f.Static...)
	}
	out = append(out, `,"view":`...)
	out = append(out, view...)
	return append(out, '}')
}

// TestFrameJSON checks that a state frame written by hand is what
// encoding/json wrote: frames of every game's random matches, and frames
// with every optional field.
func TestFrameJSON(t *testing.T) {
	var frames []*stateFrame
	for _, g := range games.All() {
		lo, _ := g.Seats()
		rng := rand.New(rand.NewPCG(22, 8))
		st, err := g.New(engine.Config{Seats: lo, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 100; step++ {
			ds := st.Deciders().List()
			if _, over := st.Result(); over || len(ds) == 0 {
				break
			}
			seat := ds[rng.IntN(len(ds))]
			f := &stateFrame{Type: "state", Match: "m1", Seq: step, Seat: engine.SeatName(g, seat), SeatIndex: int(seat),
				Status: "playing", Legal: []string{}, Deciders: []string{}, Events: []eventInfo{}, Actions: []actionInfo{},
				Static: []byte(`"game":"x","title":"X"`)}
			view, err := marshalView(st.View(seat))
			if err != nil {
				t.Fatal(err)
			}
			legal := st.Legal(seat, nil)
			for _, a := range legal {
				info := describeAction(st, a)
				f.Legal, f.Actions = append(f.Legal, info.Text), append(f.Actions, info)
			}
			for _, d := range ds {
				f.Deciders = append(f.Deciders, engine.SeatName(g, d))
			}
			// The view encoded in place, as a live match's frame has it,
			// is the view encoded apart and written in.
			inPlace, err := f.marshal(st.View(seat))
			if err != nil {
				t.Fatal(err)
			}
			f.View = view
			if apart, _ := f.marshal(nil); !bytes.Equal(inPlace, apart) {
				t.Fatalf("%s step %d: the view encoded in place:\n%s\nencoded apart:\n%s", g.Name(), step, inPlace, apart)
			}
			var evs engine.Log
			if err := st.Apply(legal[rng.IntN(len(legal))], &evs); err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				f.Events = append(f.Events, eventInfo{Seq: step + 1, Type: e.Type, Text: e.Text})
			}
			frames = append(frames, f)
		}
	}
	frames = append(frames,
		&stateFrame{},
		&stateFrame{Type: "state", Match: "<&>", Seq: 9, Over: true, Legal: []string{"a \"b\""}, Deciders: nil, Seat: "spectator", SeatIndex: -1,
			Status: "over", Result: "red won: \u2028", Winners: []string{"red"}, Places: []int{2, 1}, Scores: []float64{0, 1.5, 1e-9},
			Rematch: "r2", RematchOf: "r0", Reset: true, Events: []eventInfo{{Seq: 1, Type: "t", Text: "x\ny"}},
			Actions: []actionInfo{{Text: "move a", ActionParts: engine.ActionParts{Kind: "move", Refs: []string{"a"}}}, {Text: "pass"}},
			Clock:   &clockFrame{Started: true, Seats: []clockSeat{{LeftMS: 5000, Running: true}, {Out: true, Timed: true}}},
			Static:  []byte(`"game":"g"`), View: json.RawMessage(`{"v":1}`)},
	)
	for i, f := range frames {
		got, err := f.marshal(nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := frameReference(f); !bytes.Equal(got, want) {
			t.Fatalf("frame %d:\nencoding/json %s\nmarshal       %s", i, want, got)
		}
	}
	if len(frames) < 50 {
		t.Fatalf("only %d frames compared", len(frames))
	}
}
