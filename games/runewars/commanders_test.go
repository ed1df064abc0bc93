package runewars

import (
	"testing"

	"skald/engine"
)

// TestPartTwoActionsInRandomPlay plays 400 seeded games, half random and half by the heuristic, with the
// Commanders of the Battlefield and checks that every decision part 2
// added comes up and is taken as legal: Commanders moved with Mobilize
// and Conquer, the Commander step of the quest phase, Rally Support's
// Commander cards, a Commander taking damage and inspiring his troops,
// the imaginary foes' controller, the quest limit, and the new Tactics
// cards. Each game ends by the rules.
func TestPartTwoActionsInRandomPlay(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 400; seed++ {
		n := 2 + int(seed%3)
		st, err := New().New(engine.Config{Seats: n, Seed: seed, Options: engine.Options{"commanders": "on"}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed + 7)
		var buf []engine.Action
		for steps := 0; !s.over; steps++ {
			if steps > 20000 {
				t.Fatalf("seed %d: no end after %d actions", seed, steps)
			}
			d := s.Deciders()
			seat := d.List()[r.IntN(d.Len())]
			buf = s.Legal(seat, buf[:0])
			if len(buf) == 0 {
				t.Fatalf("seed %d: seat %d decides with no legal action\n%s", seed, seat, s.Describe(seat))
			}
			a := buf[r.IntN(len(buf))]
			if r.IntN(2) == 0 {
				a = s.Suggest(seat, &r) // half by the rules of thumb, for battles
			}
			key := actionWords[a.Kind]
			switch {
			case a.Kind == kGo && s.stage == stResolve && s.ord.value != oStrategize:
				key = "go (Commander, " + orderNames[s.ord.value] + ")"
			case a.Kind == kCommand && s.stage == stSeason:
				key = "command (quest phase)"
			case a.Kind == kPlay:
				key = "play " + s.c.Tactics[a.Arg[0]].ID
			}
			seen[key]++
			if err := s.Apply(a, nil); err != nil {
				t.Fatalf("seed %d: legal action %s refused: %v", seed, s.FormatAction(a), err)
			}
			for p := int8(0); p < s.n; p++ {
				if s.cmdsOf(p) > s.cmdLimit(p) {
					t.Fatalf("seed %d: %s has %d Commanders, at most %d", seed, s.fac(p), s.cmdsOf(p), s.cmdLimit(p))
				}
				if s.nask == 0 && s.questsOf(p) > questLimit {
					t.Fatalf("seed %d: %s holds %d quests", seed, s.fac(p), s.questsOf(p))
				}
			}
		}
	}
	t.Logf("part 2 actions taken: %v", seen)
	for _, k := range []string{"go (Commander, mobilize)", "go (Commander, conquer)", "command (quest phase)", "rally", "assign",
		"guard", "lead", "foe", "abandon", "play keen-blade", "play call-of-the-wild", "play rumours", "play lieutenant-general"} {
		if seen[k] == 0 {
			t.Errorf("%s never taken in 400 random games", k)
		}
	}
}
