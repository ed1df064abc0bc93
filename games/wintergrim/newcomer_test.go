package wintergrim

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"skald/engine"
)

// Issue 21, "A table a newcomer can read": every value explained, every
// roll's need said, nothing internal in a player's sight.

const newcomerSetup = `{"start": "one", "table": [
	{"seat": "one", "card": "tundra-and-village", "as": "village"},
	{"seat": "one", "card": "farmer", "in": "village"},
	{"seat": "one", "card": "farmer", "at": "village"},
	{"seat": "two", "card": "forest-and-cabin", "as": "cabin"},
	{"seat": "two", "card": "woodsman", "at": "cabin"},
	{"seat": "two", "card": "ranger", "in": "cabin"}],
	"hands": {"one": ["iron-helmet", "farmer"]}}`

// TestDescribeExplainsValues: the terminal prints a key to the values, and
// a unit's line on the table shows its CC, RC, armour, psyche, luck, room
// and food as the hand does, with what its items do to them.
func TestDescribeExplainsValues(t *testing.T) {
	s := arranged(t, New(), newcomerSetup)
	d := s.Describe(0)
	for _, want := range []string{
		"Values: CC close combat and RC ranged combat",
		"A armour", "H health", "P psyche", "L luck", "R room", "F food", "A die succeeds on 4+",
		"outside: farmer#2 Farmer (one's) H 1/1, Pitchfork (CC, 1 damage), CC1 RC0 A0 P1 L1 R-1 F0",
		"outside: woodsman#55 Woodsman (two's) H 1/1, Axe (CC, 3 damage), CC1 RC0 A0 P2 L1 R-1 F-1",
		// the hand writes the same values
		"farmer#", "CC1 RC0 A0 H1 P1 L1 R-1 F0",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("Describe lacks %q:\n%s", want, d)
		}
	}
	// The Iron Helmet on the Farmer: A+1 on the table.
	for _, a := range []string{"play iron-helmet on farmer#2", "pay farmer"} {
		if err := apply(s, 0, a); err != nil {
			t.Fatal(a, err)
		}
	}
	passWindows(t, s)
	if d := s.Describe(0); !strings.Contains(d, "farmer#2 Farmer (one's) H 1/1, Pitchfork (CC, 1 damage), CC1 RC0 A1 P1 L1 R-1 F0 [with iron-helmet#") {
		t.Errorf("the helmet's armour is not on the table:\n%s", d)
	}
	uv := s.View(1).(View).Areas[0].Outside[0]
	if uv.Card != "farmer#2" || uv.CC != 1 || uv.RC != 0 || uv.Armour != 1 || uv.Psyche != 1 || uv.Luck != 1 || uv.Room != -1 || uv.Food != 0 {
		t.Errorf("the view's Farmer: %+v", uv)
	}
}

func apply(s *State, seat engine.Seat, text string) error {
	a, err := s.ParseAction(seat, text)
	if err != nil {
		return err
	}
	return s.Apply(a, nil)
}

// passWindows passes every reaction window open now.
func passWindows(t *testing.T, s *State) {
	t.Helper()
	for s.win.on {
		if err := apply(s, engine.Seat(s.win.Offered()), "pass"); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMovedMarkOnlyInItsTurn: the moved mark is a mark of its owner's
// turn; in the next player's turn the other player's units show none.
func TestMovedMarkOnlyInItsTurn(t *testing.T) {
	s := arranged(t, New(), newcomerSetup)
	if err := apply(s, 0, "move farmer#1 out"); err != nil {
		t.Fatal(err)
	}
	passWindows(t, s)
	moved := func(seat engine.Seat) bool {
		for _, u := range s.View(seat).(View).Areas[0].Outside {
			if u.Card == "farmer#1" {
				return u.Moved
			}
		}
		t.Fatal("farmer#1 is not outside")
		return false
	}
	if !moved(0) || !moved(1) || !strings.Contains(s.Describe(1), "farmer#1 Farmer (one's) H 1/1, Pitchfork (CC, 1 damage), CC1 RC0 A0 P1 L1 R-1 F0 [moved]") {
		t.Errorf("in one's turn its Farmer shows no moved mark:\n%s", s.Describe(1))
	}
	if err := apply(s, 0, "end"); err != nil {
		t.Fatal(err)
	}
	passWindows(t, s)
	if s.active != 1 {
		t.Fatalf("two's turn has not begun: %s", s.Describe(1))
	}
	if moved(0) || moved(1) || strings.Contains(s.Describe(1), "[moved]") {
		t.Errorf("in two's turn one's Farmer still shows its moved mark:\n%s", s.Describe(1))
	}
}

// internal matches what a player must not read: a seed, a file of the
// repository, a package prefix, a "(s)" plural, "1 dice".
var internal = regexp.MustCompile(`seed 0|docs/|\.md\b|wintergrim:|\(s\)|\(es\)|\b1 successes|\b1 cards\b`)

// TestTextsCiteTheRules plays seeded random games with their events and,
// at every step, a few refused actions: what a player reads cites the
// rules as "Wintergrim rules, SECTION" or "ruling WG-n", names no seed,
// file or package, and counts without "(s)"; a dice line says what a
// success needed. The options' help and the rules reference too.
func TestTextsCiteTheRules(t *testing.T) {
	check := func(where, text string) {
		t.Helper()
		if m := internal.FindString(text); m != "" {
			t.Errorf("%s: %q shows %q", where, text, m)
		}
	}
	for _, o := range New().Options() {
		check("option "+o.Name, o.Help)
	}
	check("rules", rulesText)
	probes := []string{"attack farmer#1 woodsman#55 cc", "move woodsman#55 to tundra-and-village#0", "play troll-curse on farmer#1",
		"end", "pass", "use cabin#50", "hq tundra-and-village", "find war-horn", "bogus", "", "move nosuch#3 out", "capture", "starve farmer#1"}
	rolls, cited := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		st, err := New().New(engine.Config{Seats: 2 + int(seed)%3, Seed: seed, Options: engine.Options{"mode": modeNames[seed%4]}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed)
		var legal []engine.Action
		for n := 0; n < 3000 && !s.Deciders().Empty(); n++ {
			seat := s.Deciders().First()
			for _, p := range probes {
				for _, who := range []engine.Seat{seat, (seat + 1) % engine.Seat(s.seats)} {
					a, err := s.ParseAction(who, p)
					if err == nil {
						err = s.Clone().Apply(a, nil)
					}
					if err == nil {
						continue
					}
					check("refusal of "+p, err.Error())
					var ie *engine.IllegalError
					if errors.As(err, &ie) {
						check("rule of "+p, ie.Rule)
						if strings.HasPrefix(ie.Rule, "Wintergrim rules, ") || strings.HasPrefix(ie.Rule, "ruling WG-") {
							cited++
						} else {
							t.Errorf("refusal of %q cites %q", p, ie.Rule)
						}
					}
				}
			}
			legal = s.Legal(seat, legal[:0])
			var log engine.Log
			if err := s.Apply(legal[r.IntN(len(legal))], &log); err != nil {
				t.Fatal(err)
			}
			for _, e := range log {
				check("event "+e.Type, e.Text)
				if strings.HasPrefix(e.Type, "roll.") {
					rolls++
					if !strings.Contains(e.Text, " needed") {
						t.Errorf("a roll without its need: %q", e.Text)
					}
				}
			}
			check("the table", s.Describe(seat))
		}
	}
	if rolls == 0 || cited == 0 {
		t.Errorf("%d rolls, %d refusals citing the rules: the games checked too little", rolls, cited)
	}
}
