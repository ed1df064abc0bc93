package runewars_test

import (
	"testing"

	"skald/games"
	"skald/scenario"
)

// TestScenarios runs every scenario file in testdata/scenarios: the lines
// of the Runewars rules checklist (../shared/seeds-en/runewars_summary_en.md,
// Part 2), each named by its number, and the designed content's rules.
func TestScenarios(t *testing.T) {
	scenario.Test(t, games.Lookup, "testdata/scenarios")
}
