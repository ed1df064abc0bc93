package bloodrage

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

// viewStrings collects every string and map key of a view's JSON: the ids
// a renderer may find there.
func viewStrings(v any, into map[string]bool) {
	switch v := v.(type) {
	case string:
		into[v] = true
	case []any:
		for _, x := range v {
			viewStrings(x, into)
		}
	case map[string]any:
		for k, x := range v {
			into[k] = true
			viewStrings(x, into)
		}
	}
}

// TestActionParts plays seeded random matches of 2 to 5 clans and checks
// every legal action of each deciding seat at each step: its kind is its
// text's first word, it names nothing empty, and each thing it names is in
// the seat's view, where the renderer finds it — a location among the
// provinces and fjords, a stat among the clans' stats, a clan among the
// clans, any other id (cards, figure kinds) somewhere in the view.
func TestActionParts(t *testing.T) {
	seen := map[string]int{}
	seeds := uint64(8)
	if testing.Short() {
		seeds = 1
	}
	for n := 2; n <= maxClans; n++ {
		for seed := uint64(1); seed <= seeds; seed++ {
			s := newState(t, n, seed)
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
					viewStrings(decoded, ids)
					var v View
					if err := json.Unmarshal(raw, &v); err != nil {
						t.Fatal(err)
					}
					locs := map[string]bool{}
					for _, p := range v.Provinces {
						locs[p.ID] = true
					}
					for _, f := range v.Fjords {
						locs[f.ID] = true
					}
					clans := map[string]bool{}
					for _, c := range v.Clans {
						clans[c.Name] = true
					}
					buf = s.Legal(seat, buf[:0])
					for _, a := range buf {
						text := s.FormatAction(a)
						p := s.ActionParts(a)
						where := fmt.Sprintf("%d clans, seed %d, step %d, %s's %q", n, seed, step, clanNames[seat], text)
						words := strings.Fields(text)
						if p.Kind != words[0] {
							t.Fatalf("%s: kind %q, not the first word %q", where, p.Kind, words[0])
						}
						// The refs are the text's words after the verb, in
						// order, but for the joining "over" and "from".
						want := slices.DeleteFunc(words[1:], func(w string) bool { return w == "over" || w == "from" || w == "nothing" })
						if !slices.Equal(p.Refs, want) {
							t.Fatalf("%s: refs %q, want %q", where, p.Refs, want)
						}
						for i, ref := range p.Refs {
							if ref == "" || !ids[ref] {
								t.Fatalf("%s: names %q, which the view does not hold: %s", where, ref, raw)
							}
							var ok bool
							switch {
							case p.Kind == "bump" && i == 0:
								ok = clans[ref]
							case p.Kind == "raise", p.Kind == "sacrifice" && i == 2:
								ok = slices.Contains(statNames[:], ref)
							case p.Kind == "march", p.Kind == "pillage", p.Kind == "challenge", p.Kind == "lead", p.Kind == "succor",
								(p.Kind == "invade" || p.Kind == "domain" || p.Kind == "call") && i == 1, p.Kind == "bump" && i == 2:
								ok = locs[ref]
							default:
								ok = !locs[ref] && !clans[ref]
							}
							if !ok {
								t.Fatalf("%s: ref %d %q is not what the action names there", where, i, ref)
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
	}
	for _, k := range []string{"pick", "invade", "march", "upgrade", "quest", "pillage", "pass", "play", "keep", "raise"} {
		if seen[k] == 0 {
			t.Errorf("no %s action seen", k)
		}
	}
	t.Logf("kinds seen: %v", seen)
}

// TestActionPartsAllocs: describing an action costs at most its one slice
// of refs.
func TestActionPartsAllocs(t *testing.T) {
	s := newState(t, 4, 1)
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
