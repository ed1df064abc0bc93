package tacticsdavid_test

import (
	"context"
	"testing"

	"skald/engine"
	"skald/games/tacticsdavid"
	"skald/sim"
)

// TestRolloutLevelPlays has the normal level, rollouts of the rules of
// thumb in Tactics David (LevelSearch), play complete short battles
// against random: sim.Run fails on any illegal choice.
func TestRolloutLevelPlays(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Options{
		Game:   tacticsdavid.New(),
		Config: engine.Config{Seats: 2, Options: engine.Options{"armies": "auto", "battlefield": "open-field-7x11", "turns": "4"}},
		Bots:   []string{"normal:iters=8", "random"},
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
