package tacticsdavid

import (
	"fmt"
	"testing"

	"skald/engine"
)

// playRandom plays a seeded random game from s to its end and returns the
// number of actions.
func playRandom(t testing.TB, s engine.State, seed uint64, check func(engine.Action, error)) int {
	r := engine.NewRand(seed)
	var legal []engine.Action
	n := 0
	for !s.Deciders().Empty() {
		seat := s.Deciders().First()
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 {
			t.Fatalf("seed %d: seat %d decides but has no legal action (%s)", seed, seat, describeState(s))
		}
		a := legal[r.IntN(len(legal))]
		before := s.Hash()
		err := s.Apply(a, nil)
		if check != nil {
			check(a, err)
		}
		if err != nil {
			t.Fatalf("seed %d: legal action %s refused: %v", seed, s.FormatAction(a), err)
		}
		if s.Hash() == before && a.Kind != actShift {
			// every legal action changes something
			t.Fatalf("seed %d: %s changed nothing", seed, s.FormatAction(a))
		}
		n++
		if n > 200000 {
			t.Fatalf("seed %d: no end after %d actions", seed, n)
		}
	}
	return n
}

func describeState(s engine.State) string {
	st := s.(*State)
	return fmt.Sprintf("stage %d turn %d player %d eng %+v pend %+v", st.stage, st.turn, st.player, st.eng, st.pend)
}

// TestRandomBattles plays seeded random battles on every battlefield and
// mission: random legal play never panics, never gets stuck and always
// ends; every legal action is accepted.
func TestRandomBattles(t *testing.T) {
	g := New()
	total := 0
	for _, bf := range []string{"open-field-7x11", "open-field-14x11", "bramble-creek-crossing", "deaths-highway"} {
		for _, mission := range []string{Deathmatch, Kills, Money} {
			for seed := uint64(0); seed < 6; seed++ {
				s, err := g.New(engine.Config{Seed: seed, Options: engine.Options{"battlefield": bf, "mission": mission, "armies": "auto", "turns": "10"}})
				if err != nil {
					t.Fatal(err)
				}
				total += playRandom(t, s, seed, nil)
				if _, over := s.Result(); !over {
					t.Fatalf("%s %s seed %d: not over", bf, mission, seed)
				}
			}
		}
	}
	t.Logf("%d actions", total)
}
