package wintergrim_test

import (
	"testing"

	"skald/games"
	"skald/scenario"
)

// TestScenarioDocExamples runs the Wintergrim examples of
// docs/scenarios.md, so that the documentation stays true.
func TestScenarioDocExamples(t *testing.T) {
	scenario.TestDoc(t, games.Lookup, "../../docs/scenarios.md", "wintergrim")
}
