package ai_test

import (
	"fmt"

	"skald/ai"
	"skald/engine"
	"skald/internal/testgame"
)

func ExampleNew() {
	bot, err := ai.New("mcts:iters=200,c=1", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _ := testgame.Game{}.New(engine.Config{Seats: 2, Seed: 1, Options: engine.Options{"order": "sequential"}})
	seat := s.Deciders().First()
	a := bot.Choose(s, seat)
	fmt.Println(bot.Name(), "chooses for seat", seat)
	_, err = ai.New("alphabeta", 1)
	fmt.Println(err, a.Seat == seat)
	// Output:
	// mcts chooses for seat 0
	// bot "alphabeta": unknown kind "alphabeta" (known: easy, hard, heuristic, mcts, normal, random, rollout) true
}

func ExamplePlayout() {
	s, _ := testgame.Game{}.New(engine.Config{Seats: 2, Seed: 1})
	r := engine.NewRand(1)
	_, n := ai.Playout(s, &r, make([]engine.Action, 0, 8))
	fmt.Println(n, "actions")
	// Output: 10 actions
}
