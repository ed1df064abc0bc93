package ai_test

import (
	"slices"
	"strings"
	"testing"

	"skald/ai"
	"skald/engine"
	"skald/games/bloodrage"
	"skald/internal/testgame"
)

// TestHeuristic checks the heuristic bot: it is a bot kind, it is
// refused for a game without rules of thumb, and it plays a legal action
// of a game that has them.
func TestHeuristic(t *testing.T) {
	if !slices.Contains(ai.Names(), "heuristic") {
		t.Errorf("Names() = %v lacks heuristic", ai.Names())
	}
	if err := ai.Supports("heuristic", testgame.Game{}); err == nil || !strings.Contains(err.Error(), "no heuristic player") {
		t.Errorf("Supports(heuristic, testgame) = %v", err)
	}
	if err := ai.Supports("mcts:iters=5", testgame.Game{}); err != nil {
		t.Errorf("Supports(mcts) = %v", err)
	}
	g := bloodrage.New()
	if err := ai.Supports("heuristic", g); err != nil {
		t.Fatal(err)
	}
	if _, err := ai.New("heuristic:x=1", 1); err == nil {
		t.Error("heuristic took a parameter")
	}
	bot, err := ai.New("heuristic", 3)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(engine.Config{Seats: 3, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	for range 60 {
		seat := st.Deciders().First()
		h := st.Hash()
		a := bot.Choose(st, seat)
		if st.Hash() != h {
			t.Fatal("Choose changed the state")
		}
		if !slices.Contains(st.Legal(seat, nil), a) {
			t.Fatalf("the heuristic chose %q, not legal", st.FormatAction(a))
		}
		st.Apply(a, nil)
	}
}
