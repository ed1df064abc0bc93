package blackred_test

import (
	"testing"

	"skald/games"
	"skald/scenario"
)

// TestScenarios runs every scenario file in testdata/scenarios: the rules
// of seed 002 and the rulings of docs/rulings/blackred.md, each checked by at
// least one file.
func TestScenarios(t *testing.T) {
	scenario.Test(t, games.Lookup, "testdata/scenarios")
}
