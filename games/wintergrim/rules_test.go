package wintergrim

import (
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

// arranged starts a match of g arranged by setup (JSON).
func arranged(t *testing.T, g *Game, setup string) *State {
	t.Helper()
	st, err := g.New(engine.Config{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if err := s.Arrange([]byte(setup)); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFlyingTargets checks WG-28 on a flying unit that is not invisible (no
// first-edition card is one: the Will-o'-wisp is both): RC and Psyche may
// choose it, CC only from another flyer.
func TestFlyingTargets(t *testing.T) {
	c := *DefaultContent()
	c.Cards = slices.Clone(c.Cards)
	k, _ := c.Card("will-o-wisp")
	c.Cards[k].Skills = Flying
	g := NewWithContent(&c)
	s := arranged(t, g, `{"start":"one","table":[
		{"seat":"one","card":"tundra-and-village","as":"v"},
		{"seat":"two","card":"forest-and-cabin","as":"c"},
		{"seat":"two","card":"will-o-wisp","at":"c"},
		{"seat":"one","card":"jarl","at":"c"},
		{"seat":"one","card":"scout","at":"c"}]}`)
	wisp, jarl, scout := int16(73), int16(27), int16(23)
	if s.def(wisp).ID != "will-o-wisp" || s.def(jarl).ID != "jarl" || s.def(scout).ID != "scout" {
		t.Fatalf("cards: %s %s %s", s.def(wisp).ID, s.def(jarl).ID, s.def(scout).ID)
	}
	if err := s.canAttack(0, jarl, wisp, CC); err == nil || !strings.Contains(err.Error(), "flies") {
		t.Errorf("CC at a flyer: %v", err)
	}
	if err := s.canAttack(0, scout, wisp, RC); err != nil {
		t.Errorf("RC at a flyer: %v", err)
	}
	// Another flyer may attack it in CC; Psyche may choose it.
	if code := s.targetCode(wisp, wisp, CC); code != targetOK {
		t.Errorf("a flyer in CC at a flyer: code %d", code)
	}
	if code := s.targetCode(jarl, wisp, PS); code != targetOK {
		t.Errorf("Psyche at a flyer: code %d", code)
	}
}

// TestRoutes checks WG-10 to WG-12 table-driven: who may go from where to
// where without a Flank roll.
func TestRoutes(t *testing.T) {
	s := arranged(t, New(), `{"start":"one","table":[
		{"seat":"one","card":"tundra-and-village","as":"v"},
		{"seat":"one","card":"fjord","as":"f"},
		{"seat":"one","card":"frozen-hills","as":"h"},
		{"seat":"one","card":"whale-road","as":"w"},
		{"seat":"one","card":"longship","at":"v","as":"ship"},
		{"seat":"one","card":"farmer","at":"v"},
		{"seat":"one","card":"fisherman","at":"v"},
		{"seat":"one","card":"raider","in":"ship"},
		{"seat":"two","card":"forest-and-cabin","as":"c"},
		{"seat":"two","card":"overgrown-forest","as":"o"},
		{"seat":"two","card":"woodsman","at":"c"}]}`)
	ref := func(name string) int16 {
		for id := int16(0); id < s.n(); id++ {
			if s.c[id].zone == zPlay && s.def(id).ID == name {
				return id
			}
		}
		t.Fatalf("no %s on the table", name)
		return none
	}
	v, f, h, w, o, c := ref("tundra-and-village"), ref("fjord"), ref("frozen-hills"), ref("whale-road"), ref("overgrown-forest"), ref("forest-and-cabin")
	farmer, fisher, ship, wood := ref("farmer"), ref("fisherman"), ref("longship"), ref("woodsman")
	for _, tc := range []struct {
		what     string
		seat     int8
		mover    int16
		from, to int16
		want     bool
	}{
		{"own area to own area", 0, farmer, v, f, true},
		{"own area to own path", 0, farmer, v, h, true},
		{"own land path to an enemy area", 0, farmer, h, c, true},
		{"own area to an enemy area, no path", 0, farmer, v, c, false},
		{"own area to an enemy path it can't use", 0, farmer, v, o, false},
		{"a sea path to an enemy area, no Swim", 0, farmer, w, c, false},
		{"a sea path to an enemy area, Swim", 0, fisher, w, c, true},
		{"a ship onto a sea path", 0, ship, v, w, true},
		{"a ship onto a land path", 0, ship, v, h, false},
		{"a ship steered by a Navigate crew to an enemy area", 0, ship, v, c, true},
		{"Vanheim from its path into Asheim's area", 1, wood, o, v, true},
		{"Vanheim onto Asheim's path", 1, wood, c, h, false},
	} {
		if got := s.route(tc.seat, tc.mover, tc.from, tc.to); got != tc.want {
			t.Errorf("%s: route %v, want %v", tc.what, got, tc.want)
		}
	}
}

// TestSearchIsTwoDecisions plays seeded random games until a Ranger
// searches, and checks that its player must then choose the card and
// nothing else, and that the table says so (WG-44).
func TestSearchIsTwoDecisions(t *testing.T) {
	var legal []engine.Action
	for seed := uint64(1); seed <= 40; seed++ {
		s := newState(t, seed, engine.Options{"turns": "60"})
		r := engine.NewRand(seed)
		for n := 0; n < 5000 && !s.Deciders().Empty(); n++ {
			seat := s.Deciders().First()
			legal = s.Legal(seat, legal[:0])
			a := legal[r.IntN(len(legal))]
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
			if a.Kind != kindSearch {
				continue
			}
			if ctx, who := s.context(); ctx != ctxFind || engine.Seat(who) != seat {
				t.Fatalf("after %q: context %d for seat %d, want the searcher to find", s.FormatAction(a), ctx, who)
			}
			legal = s.Legal(seat, legal[:0])
			if len(legal) == 0 {
				t.Fatalf("after %q: nothing to find", s.FormatAction(a))
			}
			for _, f := range legal {
				if f.Kind != kindFind {
					t.Fatalf("after %q: %q is legal before the card is found", s.FormatAction(a), s.FormatAction(f))
				}
			}
			if d := s.Describe(seat); !strings.Contains(d, "find NAME") {
				t.Fatalf("the table does not ask for the card found:\n%s", d)
			}
			return
		}
	}
	t.Fatal("no Ranger searched in 40 random games")
}
