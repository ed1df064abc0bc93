package blackred

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

// viewIDs collects every string, map key and number of a view's JSON:
// the ids a renderer may find there.
func viewIDs(v any, into map[string]bool) {
	switch v := v.(type) {
	case string:
		into[v] = true
	case float64:
		into[fmt.Sprint(v)] = true
	case []any:
		for _, x := range v {
			viewIDs(x, into)
		}
	case map[string]any:
		for k, x := range v {
			into[k] = true
			viewIDs(x, into)
		}
	}
}

// TestActionParts plays seeded random matches and checks every legal
// action of the deciding seats at each step: its kind is its text's first
// word, and each thing it names is in the seat's view where the renderer
// finds it: the weapon among the weapons the view shows, the strategy card
// in the seat's hand, the force card at most the cards it may use.
func TestActionParts(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		opts := engine.Options{}
		if seed%3 == 0 {
			opts["units"] = "1"
		}
		st, err := New().New(engine.Config{Seats: 2, Seed: seed, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed)
		var buf []engine.Action
		for step := 0; !s.Deciders().Empty(); step++ {
			var pick []engine.Action
			for _, seat := range s.Deciders().List() {
				raw, err := json.Marshal(s.View(seat))
				if err != nil {
					t.Fatal(err)
				}
				var decoded any
				if err := json.Unmarshal(raw, &decoded); err != nil {
					t.Fatal(err)
				}
				ids := map[string]bool{}
				viewIDs(decoded, ids)
				var v View
				if err := json.Unmarshal(raw, &v); err != nil {
					t.Fatal(err)
				}
				sv := v.Black
				if seat == Red {
					sv = v.Red
				}
				buf = s.Legal(seat, buf[:0])
				for _, a := range buf {
					text := s.FormatAction(a)
					p := s.ActionParts(a)
					where := fmt.Sprintf("seed %d, step %d, %s's %q", seed, step, colourNames[seat], text)
					if verb, _, _ := strings.Cut(text, " "); p.Kind != verb {
						t.Fatalf("%s: kind %q, not the first word %q", where, p.Kind, verb)
					}
					if len(p.Refs) != 1 {
						t.Fatalf("%s: refs %q, want one", where, p.Refs)
					}
					ref := p.Refs[0]
					// A force is a count of cards, checked against the
					// view's max_cards below; anything else is a thing the
					// view holds.
					if p.Kind != "force" && !ids[ref] {
						t.Fatalf("%s: names %q, which the view does not hold: %s", where, ref, raw)
					}
					switch p.Kind {
					case "weapon", "feint":
						if !slices.Contains(weaponNames[:], ref) {
							t.Fatalf("%s: names %q, not a weapon", where, ref)
						}
						if text == "feint keep" && ref != sv.Weapon {
							t.Fatalf("%s: keeps %q, but the view's weapon is %q", where, ref, sv.Weapon)
						}
						if p.Kind == "feint" && text != "feint keep" && ref == sv.Weapon {
							t.Fatalf("%s: feints to the weapon stated, %q", where, ref)
						}
					case "strategy":
						if !slices.Contains(sv.Hand, ref) {
							t.Fatalf("%s: names %q, not in the hand %q", where, ref, sv.Hand)
						}
					case "force":
						if n := fmt.Sprint(sv.MaxCards); ref > n || len(ref) != 1 {
							t.Fatalf("%s: names force card %q, above the %s the view allows", where, ref, n)
						}
					}
					seen[p.Kind]++
				}
				pick = append(pick, buf...)
			}
			if err := s.Apply(pick[r.IntN(len(pick))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{"weapon", "strategy", "feint", "force"} {
		if seen[k] == 0 {
			t.Errorf("no %s action seen", k)
		}
	}
}

// TestActionPartsAllocs: describing an action costs at most its one
// slice of refs.
func TestActionPartsAllocs(t *testing.T) {
	s := newState(t, 2, nil)
	legal := s.Legal(s.Deciders().First(), nil)
	n := testing.AllocsPerRun(100, func() {
		for _, a := range legal {
			_ = s.ActionParts(a)
		}
	})
	if n > float64(len(legal)) {
		t.Fatalf("%v allocations for %d actions", n, len(legal))
	}
}
