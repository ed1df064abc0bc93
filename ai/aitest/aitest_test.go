package aitest_test

import (
	"slices"
	"testing"

	"skald/ai"
	"skald/ai/aitest"
	"skald/engine"
	"skald/internal/testgame"
)

// TestMCTS checks that the bots made search with the budget and seed
// given: they choose a legal action after that many iterations, and two
// bots of one seed choose alike.
func TestMCTS(t *testing.T) {
	s, err := testgame.Game{}.New(engine.Config{Seats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	seat := s.Deciders().First()
	make5 := aitest.MCTS(5)
	a, b := make5(7), make5(7)
	ca, cb := a.Choose(s, seat), b.Choose(s, seat)
	if !slices.Contains(s.Legal(seat, nil), ca) || ca != cb {
		t.Errorf("bots of one seed chose %+v and %+v", ca, cb)
	}
	if m, ok := a.(*ai.MCTS); !ok {
		t.Errorf("the bot is a %T, want an *ai.MCTS", a)
	} else if m.Iters() != 5 {
		t.Errorf("the bot ran %d iterations, want 5", m.Iters())
	}
}
