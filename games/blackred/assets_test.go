package blackred

import (
	"encoding/json"
	"testing"

	"skald/engine"
)

// TestCardNamesUnique checks that a battle-deck card's name is its own:
// the views name the cards and the assets say what each is, so two cards
// of one name must be copies of one card, in one deck.
func TestCardNamesUnique(t *testing.T) {
	seen := map[string]Card{}
	owner := map[string]int{}
	for i, deck := range DefaultContent().Decks {
		for _, c := range deck {
			if prev, ok := seen[c.Name]; ok && (owner[c.Name] != i || prev.Power != c.Power || prev.Extra != c.Extra || prev.Unit != c.Unit || prev.Text != c.Text) {
				t.Errorf("two cards called %q", c.Name)
			}
			seen[c.Name], owner[c.Name] = c, i
		}
	}
}

// TestAssetsNameEveryDeckCard checks that every card a view's deck names
// is in the assets, as printed.
func TestAssetsNameEveryDeckCard(t *testing.T) {
	g := New()
	b, err := json.Marshal(g.Assets())
	if err != nil {
		t.Fatal(err)
	}
	var assets struct {
		Cards map[string]struct {
			Name  string         `json:"name"`
			Unit  bool           `json:"unit"`
			Text  string         `json:"text"`
			Power map[string]int `json:"power"`
			Extra map[string]int `json:"extra"`
		} `json:"cards"`
	}
	if err := json.Unmarshal(b, &assets); err != nil {
		t.Fatal(err)
	}
	s := newState(t, 1, nil)
	for _, seat := range []engine.Seat{Black, Red} {
		sv := s.View(seat).(View).Black
		if seat == Red {
			sv = s.View(seat).(View).Red
		}
		if len(sv.Deck) == 0 {
			t.Fatalf("%s sees no deck of its own", colourNames[seat])
		}
		for _, name := range sv.Deck {
			c, ok := assets.Cards[name]
			if !ok {
				t.Fatalf("%s's deck card %q is not in the assets", colourNames[seat], name)
			}
			if c.Name != name || (c.Unit && c.Text == "") || (!c.Unit && len(c.Power) != numWeapons) {
				t.Errorf("card %q in the assets: %+v", name, c)
			}
		}
	}
}

// TestLastBattleViewShared checks that the last battle's view, made once
// and shared by the match's states, is at every step of random matches
// the one made afresh, in a clone as in the state itself.
func TestLastBattleViewShared(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		s := newState(t, seed, nil)
		r := engine.NewRand(seed)
		var buf []engine.Action
		for step := 0; !s.Deciders().Empty(); step++ {
			for _, st := range []*State{s, s.Clone().(*State)} {
				if st.last.number == 0 {
					continue
				}
				got, _ := json.Marshal(st.View(Black).(View).Last)
				want, _ := json.Marshal(st.makeBattleView())
				if string(got) != string(want) {
					t.Fatalf("seed %d, step %d: last battle %s, made afresh %s", seed, step, got, want)
				}
			}
			d := s.Deciders().List()
			buf = s.Legal(d[0], buf[:0])
			if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}
