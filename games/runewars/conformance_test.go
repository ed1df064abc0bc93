package runewars

import (
	"testing"

	"skald/ai/aitest"
	"skald/engine"
	"skald/engine/enginetest"
)

// TestConformance runs the kernel's conformance suite at two to four
// players, with the published six years, a short game of two, and a
// short one with the Banners of War variants (lostcity, freecities,
// developments).
func TestConformance(t *testing.T) {
	enginetest.Run(t, New(), enginetest.Config{
		Options: []engine.Options{{}, {"years": "2", "runes": "3"}, {"years": "2", "lostcity": "on", "freecities": "on", "developments": "on"}, {"years": "2", "commanders": "on"}},
		Matches: 4,
		Every:   16,
		Seed:    1,
		Search:  aitest.MCTS(4),
	})
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParseAction(f, New(), engine.Config{Seats: 4, Seed: 1},
		"lay greyhaven at 0,0 turn 3", "rune dragon mistvale", "keep greyfort", "place footman greyfort",
		"place footman greyfort from carthmoor", "take influence", "lose footman greyfort", "bid 3", "discard mistvale",
		"put mistvale", "allies vynel", "reveal vynel", "carry vynel mossfield", "frost vynel", "order conquer",
		"activate vynel", "move knight greyfort vynel", "done", "recruit ore", "develop greyfort", "build vynel from greyfort",
		"repair greyfort", "conceal", "skip", "fight", "parley 3", "choose 17", "first archer", "hit knight", "stand knight",
		"sacrifice", "retreat vynel", "raze", "seize from greyfort", "seize", "play scorched-earth vynel", "play scorched-earth",
		"buy daqan-capital", "buy", "capital greyfort", "peasant vynel", "lay lost-city at 0,0 turn 0", "")
}
