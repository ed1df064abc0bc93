// Package aitest connects the bots of package ai to the kernel's
// conformance suite, package enginetest, for the games' tests: the suite
// may not import ai (ai's own tests may use the suite), so a game's test
// hands it a search bot made here.
//
//	enginetest.Run(t, New(), enginetest.Config{Search: aitest.MCTS(8)})
package aitest

import (
	"skald/ai"
	"skald/engine/enginetest"
)

// MCTS returns a maker of search bots for [enginetest.Config.Search]: an
// [ai.MCTS] at its defaults but for iters iterations per choice, seeded
// with the seed the suite gives.
func MCTS(iters int) func(seed uint64) enginetest.Searcher {
	return func(seed uint64) enginetest.Searcher {
		m := ai.NewMCTS(seed)
		m.Iterations = iters
		return m
	}
}

// Rollout returns a maker of search bots for [enginetest.Config.Search]:
// an [ai.Rollout] at its defaults but for iters rollouts per choice,
// seeded with the seed the suite gives.
func Rollout(iters int) func(seed uint64) enginetest.Searcher {
	return func(seed uint64) enginetest.Searcher {
		b := ai.NewRollout(seed)
		b.Iterations = iters
		return b
	}
}
