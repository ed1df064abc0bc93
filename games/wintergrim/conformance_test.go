package wintergrim

import (
	"testing"

	"skald/ai/aitest"
	"skald/engine"
	"skald/engine/enginetest"
)

// TestConformance runs the kernel's conformance suite in every mode at
// two, three and four seats, and with the decks swapped. The deep checks
// run at one position in twelve (every legal action applied, forged ones,
// determinizations); -enginetest.matches=N plays more matches.
func TestConformance(t *testing.T) {
	enginetest.Run(t, New(), enginetest.Config{
		Options: []engine.Options{
			{},
			{"mode": "assassinate"},
			{"mode": "conquer"},
			{"mode": "enslave"},
			{"deck": "vanheim", "deck2": "asheim", "deck3": "vanheim", "deck4": "asheim"},
		},
		Matches: 8,
		Every:   12,
		Seed:    1,
		Search:  aitest.MCTS(8),
	})
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParseAction(f, New(), engine.Config{Seats: 3, Seed: 1},
		"roll", "hq forest-and-cabin", "move woodsman#55 out", "move #5 in 7", "attack farmer#2 woodsman#55 cc",
		"play ranger in forest-and-cabin#50", "play rain", "play net-trap on farmer#1", "play forest-spirit at 0", "pay windstorm",
		"replace changeling#65 nothing", "vanguard a#1 b#2", "release", "search ranger#51 net-trap", "play x in 1 on 2", "")
}
