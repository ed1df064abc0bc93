package tacticsdavid

import (
	"strings"
	"testing"

	"skald/engine"
)

// TestRollEventsSayWhatTheyNeed plays seeded random battles with the
// units' abilities acting and checks that every roll a player sees says
// what it needed and whether it got it ("needs 4 or more: no effect"), or,
// for a roll with no number needed, what its result decides (issue 21,
// item 2).
func TestRollEventsSayWhatTheyNeed(t *testing.T) {
	seeds := 150
	if testing.Short() {
		seeds = 20
	}
	rolls := 0
	whys := map[string]bool{} // what the 1 D6 rolls were for: an ability, a status, ...
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		st, err := New().New(engine.Config{Seed: seed, Options: engine.Options{
			"armies": "auto", "limit": "200", "battlefield": "open-field-14x11", "abilities": "on", "turns": "8"}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		play := engine.NewRand(seed)
		var legal, abs []engine.Action
		for n := 0; !s.Deciders().Empty(); n++ {
			if n > 20000 {
				t.Fatalf("seed %d: no end", seed)
			}
			seat := s.Deciders().First()
			legal = s.Legal(seat, legal[:0])
			// Abilities are chosen half of the time they are offered.
			abs = abs[:0]
			for _, l := range legal {
				if l.Kind == actAbility {
					abs = append(abs, l)
				}
			}
			a := legal[play.IntN(len(legal))]
			if len(abs) > 0 && play.IntN(2) == 0 {
				a = abs[play.IntN(len(abs))]
			}
			var ev engine.Log
			if err := s.Apply(a, &ev); err != nil {
				t.Fatalf("seed %d: legal %s refused: %v", seed, s.FormatAction(a), err)
			}
			for _, e := range ev {
				if e.Type != "roll" {
					continue
				}
				rolls++
				if _, why, ok := strings.Cut(e.Text, " D6 ("); ok {
					why, _, _ = strings.Cut(why, ")")
					whys[why] = true
				}
				if !strings.Contains(e.Text, "needs") && !strings.Contains(e.Text, "decides") {
					t.Errorf("seed %d: roll %q says neither what it needs nor what it decides", seed, e.Text)
				}
			}
		}
	}
	if rolls < 500 || len(whys) < 20 {
		t.Errorf("only %d rolls, for %d abilities and statuses, seen", rolls, len(whys))
	}
	t.Logf("%d rolls, for %d abilities and statuses", rolls, len(whys))
}

// TestRollWords checks the words of a roll's outcome.
func TestRollWords(t *testing.T) {
	for _, c := range []struct {
		n    need
		r    int
		want string
	}{
		{atLeast(4), 3, ", needs 4 or more: no effect"},
		{atLeast(4), 4, ", needs 4 or more: takes effect"},
		{atLeastSays(2, "survives the poison", "succumbs to the poison"), 1, ", needs 2 or more: succumbs to the poison"},
		{between(6, 6, "discards it", "keeps it"), 6, ", needs 6: discards it"},
		{between(1, 2, "yes", "no"), 3, ", needs 2 or less: no"},
		{between(2, 4, "yes", "no"), 3, ", needs 2 to 4: yes"},
		{decides("its bonus"), 2, ", which decides its bonus"},
	} {
		w := rolled{c.n, c.r}
		if got := w.String(); got != c.want {
			t.Errorf("%+v rolling %d: %q, want %q", c.n, c.r, got, c.want)
		}
	}
}
