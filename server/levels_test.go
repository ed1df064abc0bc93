package server

import (
	"testing"

	"skald/ai"
	"skald/engine"
	"skald/games"
)

// TestEveryLevelWithinLimits checks that the search each game names for
// a level (ai.LevelSearch) is a bot the server can make within its
// default limits. A level whose spec does not parse, or asks for more
// than the limits, would otherwise play mcts without a word.
func TestEveryLevelWithinLimits(t *testing.T) {
	lim := DefaultLimits().Bot
	for _, g := range games.All() {
		seats, _ := g.Seats()
		s, err := g.New(engine.Config{Seats: seats, Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		named, ok := s.(ai.LevelSearch)
		if !ok {
			continue
		}
		for _, level := range []string{"easy", "normal", "hard"} {
			spec := named.LevelSearch(level)
			if spec == "" {
				continue
			}
			if _, err := ai.NewLimited(spec, 1, lim); err != nil {
				t.Errorf("%s %s: %v", g.Name(), level, err)
			}
		}
	}
}
