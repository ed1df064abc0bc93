package bloodrage

import (
	"testing"

	"skald/ai/aitest"
	"skald/engine"
	"skald/engine/enginetest"
)

// TestConformance runs the kernel's conformance suite at two to five
// clans, with and without the Kickstarter monsters. The deep checks run
// at one position in sixteen; -enginetest.matches=N plays more matches.
func TestConformance(t *testing.T) {
	enginetest.Run(t, New(), enginetest.Config{
		Options: []engine.Options{{}, {"monsters": "kickstarter"}},
		Matches: 4,
		Every:   16,
		Seed:    1,
		Search:  aitest.MCTS(4),
	})
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParseAction(f, New(), engine.Config{Seats: 4, Seed: 1},
		"pick tyrs-smite", "invade warrior elvagar", "invade ship north-fjord", "march elvagar yggdrasil", "move leader",
		"upgrade troll over dark-elf", "quest alfheim-5", "pillage horgr", "call warrior from gimle", "play tyrs-rage", "count",
		"add heimdalls-eye", "keep nothing", "raise axes", "sacrifice warrior warrior horns", "pass", "done", "")
}
