package wintergrim

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"skald/engine"
	"skald/scenario"
)

// partsCheck checks what actions name: see checkParts.
type partsCheck struct {
	kinds    map[string]int
	handRefs int
}

// checkParts checks every legal action of the seat deciding in s: its
// kind is its text's first word, and each of its refs is a card the seat's
// view shows — a card on the table that the text names, in the text's
// order, or a card of the seat's hand of the name the text gives.
func (c *partsCheck) checkParts(t *testing.T, where string, s *State) {
	t.Helper()
	d := s.Deciders()
	if d.Empty() {
		return
	}
	seat := d.First()
	vj, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	view := string(vj)
	hand := s.View(seat).(View).Players[seat].Hand
	for _, a := range s.Legal(seat, nil) {
		text := s.FormatAction(a)
		p := s.ActionParts(a)
		words := strings.Fields(text)
		if p.Kind != words[0] {
			t.Fatalf("%s: %q has the kind %q", where, text, p.Kind)
		}
		c.kinds[p.Kind]++
		var named, table []string // the text's card refs; the refs it spells out
		for _, w := range words[1:] {
			if strings.Contains(w, "#") {
				named = append(named, w)
			}
		}
		for _, ref := range p.Refs {
			if !shows(view, ref) {
				t.Fatalf("%s: %q names %q, which seat %d's view does not show", where, text, ref, seat)
			}
			if slices.Contains(words[1:], ref) {
				table = append(table, ref)
				continue
			}
			// A card of the hand, of the name the text gives.
			id, _, _ := strings.Cut(ref, "#")
			if !slices.Contains(hand, ref) || !slices.Contains(words[1:], id) {
				t.Fatalf("%s: %q names %q, neither in the text nor a %s in the hand %q", where, text, ref, id, hand)
			}
			c.handRefs++
		}
		if !slices.Equal(named, table) {
			t.Fatalf("%s: %q names the cards %q, its refs %q", where, text, named, p.Refs)
		}
	}
}

// TestActionParts checks what every legal action names (checkParts) at
// every step of seeded random matches and of every scenario, which reach
// the rarer actions: heal, steal, vanguard, replace, intercept.
func TestActionParts(t *testing.T) {
	c := &partsCheck{kinds: map[string]int{}}
	matches := []struct {
		seats int
		opts  engine.Options
	}{
		{2, nil},
		{2, engine.Options{"mode": "assassinate"}},
		{2, engine.Options{"mode": "conquer"}},
		{3, engine.Options{"mode": "enslave"}},
		{2, engine.Options{"deck": "vanheim", "deck2": "asheim"}},
		{3, nil},
	}
	for i := range 4 * len(matches) {
		m, seed := matches[i%len(matches)], uint64(40+i)
		st, err := New().New(engine.Config{Seats: m.seats, Seed: seed, Options: m.opts})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed)
		var legal []engine.Action
		for n := 0; n < 3000 && !s.Deciders().Empty(); n++ {
			c.checkParts(t, fmt.Sprintf("match %v seed %d step %d", m.opts, seed, n), s)
			legal = s.Legal(s.Deciders().First(), legal[:0])
			if err := s.Apply(legal[r.IntN(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	files, err := filepath.Glob("testdata/scenarios/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	lookup := func(string) (engine.Game, error) { return New(), nil }
	for _, f := range files {
		sc, err := scenario.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		run, err := sc.Start(lookup)
		if err != nil {
			t.Fatal(err)
		}
		for !run.Done() {
			c.checkParts(t, fmt.Sprintf("%s step %d", f, run.Step()), run.State().(*State))
			if err := run.Next(); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range kindWords[1:] {
		if c.kinds[k] == 0 {
			t.Errorf("no %q action was seen: %v", k, c.kinds)
		}
	}
	if c.handRefs == 0 {
		t.Error("no action named a card of the hand")
	}
}

// shows reports whether a view's JSON holds ref as a whole word of one of
// its strings: "woodsman#5" is not "woodsman#57".
func shows(view, ref string) bool {
	for i := 0; ; {
		j := strings.Index(view[i:], ref)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(ref)
		if (view[j-1] == '"' || view[j-1] == ' ') && (view[end] == '"' || view[end] == ' ') {
			return true
		}
		i = j + 1
	}
}
