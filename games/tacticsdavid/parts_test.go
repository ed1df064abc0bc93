package tacticsdavid

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"skald/engine"
)

// textRefs reads the things an action's text names, in order: u3 as "3",
// a grid space x,y as it is, and the unit number after buy and stack.
// Only the test reads text; the renderer reads the refs.
var textRef = regexp.MustCompile(`^(?:u(\d+)|(\d+,\d+))$`)

func textRefs(text string) []string {
	f := strings.Fields(text)
	if len(f) > 1 && (f[0] == "buy" || f[0] == "stack") {
		return []string{f[1]}
	}
	var out []string
	for _, w := range f[1:] {
		if m := textRef.FindStringSubmatch(w); m != nil {
			out = append(out, m[1]+m[2])
		}
	}
	return out
}

// TestActionParts plays seeded random matches, armies built by the
// players and random ones, with and without abilities, and checks every
// legal action of each deciding seat at each step: its kind is its
// text's first word; it names what its text names, in order; and each
// thing it names is where the renderer finds it: a unit among the view's
// units (units[].id), a grid space on the view's grid, a unit of the unit
// list among the assets' units (units[].number), an army entry in the
// seat's army list.
func TestActionParts(t *testing.T) {
	g := New()
	catalog := map[string]bool{}
	for _, u := range g.assetUnits() {
		catalog[strconv.Itoa(u.Number)] = true
	}
	seen := map[string]int{}
	configs := []engine.Options{
		{"limit": "60"},
		{"armies": "auto"},
		{"armies": "auto", "abilities": "off"},
		{"armies": "auto", "battlefield": "bramble-creek-crossing", "turns": "8"},
		{"armies": "auto", "battlefield": "open-field-7x11", "deploy": "free"},
		{"limit": "120", "battlefield": "deaths-highway", "turns": "8"},
	}
	for ci, opts := range configs {
		for seed := uint64(1); seed <= 3; seed++ {
			st, err := g.New(engine.Config{Seats: 2, Seed: seed, Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(seed)
			var buf []engine.Action
			for step := 0; !s.Deciders().Empty() && step < 3000; step++ {
				seat := s.Deciders().First()
				raw, err := json.Marshal(s.View(seat))
				if err != nil {
					t.Fatal(err)
				}
				var v View
				if err := json.Unmarshal(raw, &v); err != nil {
					t.Fatal(err)
				}
				units := map[string]bool{}
				for _, u := range v.Units {
					units[strconv.Itoa(u.ID)] = true
				}
				var list []string
				for _, av := range v.Armies {
					if av.Player == v.Seat {
						list = av.List
					}
				}
				buf = s.Legal(seat, buf[:0])
				for _, a := range buf {
					text := s.FormatAction(a)
					p := s.ActionParts(a)
					where := fmt.Sprintf("options %d seed %d step %d: %q", ci, seed, step, text)
					if verb, _, _ := strings.Cut(text, " "); p.Kind != verb {
						t.Fatalf("%s: kind %q, not the first word %q", where, p.Kind, verb)
					}
					if want := textRefs(text); strings.Join(p.Refs, " ") != strings.Join(want, " ") {
						t.Fatalf("%s: refs %q, but the text names %q", where, p.Refs, want)
					}
					for _, ref := range p.Refs {
						var ok bool
						switch {
						case strings.Contains(ref, ","):
							x, y, _ := strings.Cut(ref, ",")
							xi, _ := strconv.Atoi(x)
							yi, _ := strconv.Atoi(y)
							ok = xi >= 0 && xi < v.Width && yi >= 0 && yi < v.Height && yi < len(v.Terrain)
						case p.Kind == "buy" || p.Kind == "stack":
							ok = catalog[ref]
						case p.Kind == "item":
							n, _ := strconv.Atoi(ref)
							ok = n >= 0 && n < len(list)
						default:
							ok = units[ref]
						}
						if !ok {
							t.Fatalf("%s: names %q, which the view does not hold: %s", where, ref, raw)
						}
					}
					seen[p.Kind]++
				}
				if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, k := range []string{"buy", "stack", "item", "auto", "done", "deploy", "engage", "end", "move", "face", "attack"} {
		if seen[k] == 0 {
			t.Errorf("no %s action seen", k)
		}
	}
	t.Logf("kinds seen: %v", seen)
}

// TestActionPartsAllocs: describing an action costs at most its slice of
// refs and the text of a grid space.
func TestActionPartsAllocs(t *testing.T) {
	st, err := New().New(engine.Config{Seats: 2, Seed: 1, Options: engine.Options{"armies": "auto"}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	legal := s.Legal(s.Deciders().First(), nil)
	n := testing.AllocsPerRun(50, func() {
		for _, a := range legal {
			_ = s.ActionParts(a)
		}
	})
	if n > 2*float64(len(legal)) {
		t.Fatalf("%v allocations for %d actions", n, len(legal))
	}
}
