package tacticsdavid

import (
	"testing"

	"skald/ai/aitest"
	"skald/engine"
	"skald/engine/enginetest"
)

// TestConformance runs the kernel's conformance suite with armies built
// by the players and with random armies, on each battlefield and mission,
// with and without abilities, and with larger armies. The deep checks run
// at one position in twenty (every legal action applied, forged ones,
// determinizations); -enginetest.matches=N plays more matches. Among the
// matches are ones whose legal lists named an action twice: an Item Deck
// holding two copies of an item (Chemistry, Alchemy), a stack of like
// units whose ability was listed once per unit, and a Unit Team whose two
// units both held a Whip.
func TestConformance(t *testing.T) {
	enginetest.Run(t, New(), enginetest.Config{
		Options: []engine.Options{
			{"limit": "60"},
			{"armies": "auto"},
			{"armies": "auto", "abilities": "off"},
			{"armies": "auto", "mission": Kills, "deploy": "free"},
			{"armies": "auto", "mission": Money, "army": "themed"},
			{"armies": "auto", "battlefield": "bramble-creek-crossing"},
			{"armies": "auto", "battlefield": "deaths-highway", "limit": "300"},
			{"armies": "auto", "battlefield": "open-field-7x11"},
		},
		Matches: 12,
		Every:   20,
		Seed:    1,
		Search:  aitest.MCTS(8),
	})
	// Larger armies on the largest battlefield, fewer matches.
	enginetest.Run(t, New(), enginetest.Config{
		Options: []engine.Options{{"armies": "auto", "battlefield": "open-field-14x22", "limit": "400"}},
		Matches: 4,
		Every:   40,
		Seed:    1,
		Search:  aitest.MCTS(8),
	})
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParseAction(f, New(), engine.Config{Seats: 2, Seed: 1, Options: engine.Options{"armies": "auto"}},
		"engage u3", "move 3,4 N", "attack u1 u2 left", "deploy u0 0,0 S", "charge 4", "orient vertical south", "remove burned", "buy 2 Knight", "")
}
