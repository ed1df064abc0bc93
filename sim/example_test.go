package sim_test

import (
	"context"
	"fmt"

	"skald/internal/testgame"
	"skald/sim"
)

func ExampleRun() {
	r, err := sim.Run(context.Background(), sim.Options{
		Game: testgame.Game{},
		Bots: []string{"mcts:iters=100", "random"},
		N:    100,
		Seed: 1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	mcts := r.Bots[0]
	fmt.Println(r.Games, "games;", mcts.Name, "won more than half:", mcts.WinRateLow > 0.5)
	// Output: 100 games; mcts:iters=100 won more than half: true
}

func ExampleWilson() {
	lo, hi := sim.Wilson(50, 100, sim.Z95)
	fmt.Printf("%.4f %.4f\n", lo, hi)
	// Output: 0.4038 0.5962
}
