package tacticsdavid_test

import (
	"testing"

	"skald/games"
	"skald/scenario"
)

// TestScenarios runs every scenario file in testdata/scenarios: the rules
// of seed 004 and the rulings of docs/rulings/tacticsdavid.md, each checked by at
// least one file.
func TestScenarios(t *testing.T) {
	scenario.Test(t, games.Lookup, "testdata/scenarios")
}
