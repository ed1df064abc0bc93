package wintergrim_test

import (
	"testing"

	"skald/games"
	"skald/scenario"
)

// TestScenarios runs every scenario file in testdata/scenarios: the
// worked game of seed 000, its rules and the rulings of
// docs/rulings/wintergrim.md.
func TestScenarios(t *testing.T) {
	scenario.Test(t, games.Lookup, "testdata/scenarios")
}
