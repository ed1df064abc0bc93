package wintergrim_test

import (
	"context"
	"testing"

	"skald/engine"
	"skald/games/wintergrim"
	"skald/sim"
)

// TestBotsPlayEveryMode has the mcts and random bots play complete games
// of every mode, seats rotating; sim.Run fails on any illegal choice, and
// every game must end with a result.
func TestBotsPlayEveryMode(t *testing.T) {
	for _, mode := range []string{"destroy", "assassinate", "conquer", "enslave"} {
		rep, err := sim.Run(context.Background(), sim.Options{
			Game:   wintergrim.New(),
			Config: engine.Config{Seats: 2, Options: engine.Options{"mode": mode, "turns": "12"}},
			Bots:   []string{"mcts:iters=8", "random"},
			N:      2,
			Seed:   5,
		})
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		if rep.Games != 2 {
			t.Fatalf("%s: %d games ended, want 2", mode, rep.Games)
		}
		t.Logf("%s: %d games, %d drawn, mean length %.0f actions", mode, rep.Games, rep.Draws, rep.Length.Mean)
	}
}

// TestMCTSBeatsRandom plays a seeded batch of mcts against random in
// Enslave, where games end soonest, and asks for more wins than losses:
// two random bots split the decisive games about evenly (docs/STATUS.md
// has the figures).
func TestMCTSBeatsRandom(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Options{
		Game:   wintergrim.New(),
		Config: engine.Config{Seats: 2, Options: engine.Options{"mode": "enslave", "turns": "40"}},
		Bots:   []string{"mcts:iters=30", "random"},
		N:      6,
		Seed:   11,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range rep.Bots {
		t.Logf("%s: %d wins, %d draws, %d losses of %d", b.Name, b.Wins, b.Draws, b.Losses(), b.Games)
		if b.Spec == "mcts:iters=30" && b.Wins <= b.Losses() {
			t.Errorf("mcts won %d and lost %d against random", b.Wins, b.Losses())
		}
	}
}

// TestRolloutLevelPlays has the normal level, rollouts of the rules of
// thumb in Wintergrim (LevelSearch), play complete short games against
// random: sim.Run fails on any illegal choice.
func TestRolloutLevelPlays(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Options{
		Game:   wintergrim.New(),
		Config: engine.Config{Seats: 2, Options: engine.Options{"mode": "enslave", "turns": "12"}},
		Bots:   []string{"normal:iters=12", "random"},
		N:      2,
		Seed:   5,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 2 {
		t.Fatalf("%d games ended, want 2", rep.Games)
	}
	for _, b := range rep.Bots {
		t.Logf("%s: %d wins, %d draws, %d losses of %d", b.Name, b.Wins, b.Draws, b.Losses(), b.Games)
	}
}
