package blackred

import (
	"strings"
	"testing"
)

func embedded(t testing.TB, name string) []byte {
	t.Helper()
	b, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestEmbeddedContent(t *testing.T) {
	c := DefaultContent()
	if got := len(c.Strategy); got != 15 {
		t.Errorf("strategy cards: %d, want 15 (seed 002: there's 15 different strategy cards)", got)
	}
	if got := len(c.UnitNames); got != 48 {
		t.Errorf("unit cards: %d, want 48 (seed 002: there are 48 unit cards)", got)
	}
	seed := 0
	for _, s := range c.Strategy {
		if s.Source == "seed" {
			seed++
		}
	}
	if seed != 4 {
		t.Errorf("strategy cards from the seed: %d, want 4", seed)
	}
	for i, d := range c.Decks {
		units, battle := 0, 0
		var power, extra [numWeapons]int
		for _, card := range d {
			if card.Unit {
				units++
				continue
			}
			battle++
			for w := range power {
				power[w] += int(card.Power[w])
				extra[w] += int(card.Extra[w])
			}
		}
		if units != 4 || battle != 24 {
			t.Errorf("%s deck: %d battle and %d unit cards, want 24 and 4 (BR-3)", colourNames[i], battle, units)
		}
		t.Logf("%s: power %v extra %v", colourNames[i], power, extra)
	}
	// BR-4: each Captain picks the weapon where its owner gains most.
	for i, want := range []int{spear, bow} {
		for _, card := range c.Decks[i] {
			if card.Kind == effBothWeapon && card.Weapon != want {
				t.Errorf("%s's %s: both use %s, want %s", colourNames[i], card.Name, weaponNames[card.Weapon], weaponNames[want])
			}
		}
	}
	// BR-4: Red's battle cards are Black's with the weapons turned:
	// sword->bow, spear->sword, bow->spear; the unit cards do the same
	// things (the Captains' weapons are checked below).
	turn := [numWeapons]int{sword: bow, spear: sword, bow: spear}
	for k := range c.Decks[Black] {
		b, r := c.Decks[Black][k], c.Decks[Red][k]
		if b.Unit != r.Unit {
			t.Fatalf("card %d: unit card in one deck only", k)
		}
		for w := 0; w < numWeapons; w++ {
			if b.Power[w] != r.Power[turn[w]] || b.Extra[w] != r.Extra[turn[w]] {
				t.Errorf("card %d (%s / %s): %s values not mirrored", k, b.Name, r.Name, weaponNames[w])
			}
		}
		if b.Kind != r.Kind || b.Points != r.Points || b.Units != r.Units {
			t.Errorf("unit card %d (%s / %s): effects not mirrored", k, b.Name, r.Name)
		}
	}
}

func TestLoadContentErrors(t *testing.T) {
	decks, strategy, units := embedded(t, "decks.yaml"), embedded(t, "strategy.yaml"), embedded(t, "units.yaml")
	replace := func(b []byte, old, new string) []byte {
		s := string(b)
		if !strings.Contains(s, old) {
			t.Fatalf("fixture: %q not found", old)
		}
		return []byte(strings.Replace(s, old, new, 1))
	}
	tests := []struct {
		name                   string
		decks, strategy, units []byte
		want                   []string
	}{
		{"power out of range", replace(decks, "sword: [9, 1]", "sword: [25, 1]"), strategy, units,
			[]string{"decks.yaml", "black", "battle card 1 (Knight's Blade)", "field sword"}},
		{"missing extra", replace(decks, "bow: [1, 0]}", "bow: [1]}"), strategy, units,
			[]string{"decks.yaml", "battle card 1", "field bow"}},
		{"unknown field", replace(decks, "copies: 2, sword: [9, 1]", "copies: 2, swrod: [9, 1]"), strategy, units,
			[]string{"decks.yaml", "swrod"}},
		{"zero copies", replace(decks, "{name: Broadsword,     copies: 2", "{name: Broadsword,     copies: 0"), strategy, units,
			[]string{"battle card 2 (Broadsword)", "field copies"}},
		{"unknown unit effect", replace(decks, "kind: herald, text: You", "kind: spy, text: You"), strategy, units,
			[]string{"black", "unit card 2 (Black Herald)", "field kind"}},
		{"bad weapon", replace(decks, "weapon: spear,", "weapon: axe,"), strategy, units,
			[]string{"unit card 1 (Captain of Pikes)", "field weapon", "axe"}},
		{"duplicate id", decks, replace(strategy, "id: pike-wall", "id: call-to-bows"), units,
			[]string{"strategy.yaml", "card 5 (call-to-bows)", "field id", "used twice"}},
		{"strategy kind for unit only", decks, replace(strategy, "kind: shield", "kind: herald"), units,
			[]string{"strategy.yaml", "card 11 (shield-wall)", "field kind"}},
		{"too few units", decks, strategy, []byte("- a\n- b\n"),
			[]string{"units.yaml", "2 unit cards, want 48"}},
		{"strategy count", decks, []byte("- {id: a, name: A, text: t, source: seed, kind: spy}\n"), units,
			[]string{"strategy.yaml", "1 cards, want 15"}},
		{"bad source", decks, replace(strategy, "source: ruling\n  kind: bonus", "source: maybe\n  kind: bonus"), units,
			[]string{"strategy.yaml", "card 9 (reinforcements)", "field source"}},
		{"not yaml", []byte("black: [[["), strategy, units, []string{"decks.yaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadContent(tt.decks, tt.strategy, tt.units)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func FuzzLoadContent(f *testing.F) {
	decks, strategy, units := embedded(f, "decks.yaml"), embedded(f, "strategy.yaml"), embedded(f, "units.yaml")
	f.Add(decks, strategy, units)
	f.Add([]byte("black: {battle: []}"), []byte("[]"), []byte("[]"))
	f.Fuzz(func(t *testing.T, d, s, u []byte) {
		c, err := LoadContent(d, s, u)
		if err == nil && (len(c.Strategy) != numStrategy || len(c.UnitNames) != numUnits) {
			t.Fatalf("accepted content with %d strategy cards and %d units", len(c.Strategy), len(c.UnitNames))
		}
	})
}
