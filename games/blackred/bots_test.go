package blackred_test

import (
	"context"
	"testing"

	"skald/engine"
	"skald/games/blackred"
	"skald/sim"
)

// TestMCTSBeatsRandom plays a seeded batch of mcts against random, seats
// rotating, and asks for a win rate random play cannot reach: two random
// bots win about half the games each (docs/STATUS.md has the 400-game
// figure at full strength).
func TestMCTSBeatsRandom(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Options{
		Game:   blackred.New(),
		Config: engine.Config{Seats: 2},
		Bots:   []string{"mcts:iters=200", "random"},
		N:      40,
		Seed:   7,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range rep.Bots {
		t.Logf("%s: %d of %d, interval [%.2f, %.2f]", b.Name, b.Wins, b.Games, b.WinRateLow, b.WinRateHigh)
		if b.Spec == "mcts:iters=200" && b.WinRateLow < 0.75 {
			t.Errorf("mcts won %d of %d against random; the interval starts at %.2f, want at least 0.75", b.Wins, b.Games, b.WinRateLow)
		}
	}
}

// TestNormalBeatsHeuristic plays a seeded batch of the normal level, a
// rollout search in Black & Red (LevelSearch), against the heuristic
// player it rolls out, and asks for more wins than losses (docs/STATUS.md
// has the figure over 100 games and more).
func TestNormalBeatsHeuristic(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Options{
		Game:   blackred.New(),
		Config: engine.Config{Seats: 2},
		Bots:   []string{"normal:iters=100", "heuristic"},
		N:      24,
		Seed:   3,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range rep.Bots {
		t.Logf("%s: %d of %d, interval [%.2f, %.2f]", b.Name, b.Wins, b.Games, b.WinRateLow, b.WinRateHigh)
		if b.Spec == "normal:iters=100" && b.Wins <= b.Losses() {
			t.Errorf("normal won %d and lost %d of %d against the heuristic", b.Wins, b.Losses(), b.Games)
		}
	}
}
