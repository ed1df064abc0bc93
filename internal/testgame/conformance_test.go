package testgame

import (
	"testing"

	"skald/ai/aitest"
	"skald/engine"
	"skald/engine/enginetest"
)

// mcts makes the search bot of the conformance suite: a few iterations.
var mcts = aitest.MCTS(16)

// TestConformance runs the kernel's conformance suite at every number of
// seats, with secret and open bids, equal and dealt hands.
func TestConformance(t *testing.T) {
	enginetest.Run(t, Game{}, enginetest.Config{
		Options: []engine.Options{
			{},
			{"order": "sequential"},
			{"hands": "dealt", "cards": "12"},
			{"hands": "dealt", "order": "sequential", "cards": "2"},
		},
		Matches: 40,
		Seed:    1,
		Search:  mcts,
	})
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParseAction(f, Game{}, engine.Config{Seats: 3, Seed: 1, Options: engine.Options{"hands": "dealt"}}, "bid 3", "3", "bid", "bid -1", "bid 64")
}
