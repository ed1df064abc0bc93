package blackred

import (
	"testing"

	"skald/ai/aitest"
	"skald/engine"
	"skald/engine/enginetest"
)

// TestConformance runs the kernel's conformance suite under each option
// that changes the decisions: the units in play and who attacks first.
// The deep checks run at one position in four (every legal action
// applied, forged ones, determinizations); -enginetest.matches=N plays
// more matches.
func TestConformance(t *testing.T) {
	enginetest.Run(t, New(), enginetest.Config{
		Options: []engine.Options{
			{},
			{"units": "1"},
			{"units": "24", "first": "red"},
			{"first": "black"},
		},
		Matches: 60,
		Every:   4,
		Seed:    1,
		Search:  aitest.MCTS(16),
	})
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParseAction(f, New(), engine.Config{Seats: 2, Seed: 1},
		"weapon bow", "strategy spy", "feint keep", "force 3", "Weapon Swords", "force -1", "strategy", "")
}
