package ai_test

import (
	"testing"

	"skald/ai"
	"skald/engine"
	"skald/games/tacticsdavid"
)

// TestMCTSTacticsDavid plays whole matches of Tactics David with random
// armies, mcts against random, from the seed of a batch whose search
// crashed on a legal list that named an action twice (an Item Deck with
// two copies of an item offered Chemistry's pick of it twice).
func TestMCTSTacticsDavid(t *testing.T) {
	const seed = 16860738450190168606 // skald sim tacticsdavid -n 8 --seats mcts,random --option armies=auto --seed 1, match 1
	g := tacticsdavid.New()
	for _, mctsSeat := range []engine.Seat{0, 1} {
		m, err := engine.NewMatch(g, engine.Config{Seats: 2, Seed: seed, Options: engine.Options{"armies": "auto"}}, []string{"a", "b"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]ai.Bot, 2)
		for s := range bots {
			spec := "random"
			if engine.Seat(s) == mctsSeat {
				spec = "mcts:iters=30"
			}
			if bots[s], err = ai.New(spec, seed+uint64(s)); err != nil {
				t.Fatal(err)
			}
		}
		for !m.State.Deciders().Empty() {
			seat := m.State.Deciders().First()
			if err := m.Play(bots[seat].Choose(m.State, seat), nil); err != nil {
				t.Fatalf("mcts in seat %d: step %d: %v", mctsSeat, len(m.Record.Steps)+1, err)
			}
		}
		r, _ := m.State.Result()
		t.Logf("mcts in seat %d: %d actions, %s", mctsSeat, len(m.Record.Steps), r.Reason)
	}
}
