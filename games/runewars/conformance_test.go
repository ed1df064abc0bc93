package runewars

import (
	"testing"

	"skald/ai/aitest"
	"skald/engine"
	"skald/engine/enginetest"
)

// TestConformance runs the kernel's conformance suite at two to four
// players, with the published six years, a short game of two, and short
// games under every combination of the Banners of War variants
// (lostcity, freecities, developments, commanders).
func TestConformance(t *testing.T) {
	opts := []engine.Options{{}, {"years": "2", "runes": "3"}}
	variants := []string{"lostcity", "freecities", "developments", "commanders"}
	for m := 1; m < 1<<len(variants); m++ {
		o := engine.Options{"years": "2"}
		for i, v := range variants {
			if m&(1<<i) != 0 {
				o[v] = "on"
			}
		}
		opts = append(opts, o)
	}
	enginetest.Run(t, New(), enginetest.Config{
		Options: opts,
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
		"buy daqan-capital", "buy", "capital greyfort", "peasant vynel", "lay lost-city at 0,0 turn 0",
		"command aldric", "command aldric from tomas", "command aldric from", "rally commander", "rally heroes", "rally",
		"assign warlord aldric", "assign warlord", "guard aldric", "lead rhoswen", "foe strike", "foe ward", "foe",
		"abandon barrow-king", "abandon", "play call-of-the-wild greyhaven carthmoor", "play call-of-the-wild greyhaven",
		"play keen-blade", "play rumours", "play lieutenant-general", "")
}
