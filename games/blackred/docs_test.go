package blackred_test

import (
	"testing"

	"skald/games"
	"skald/scenario"
)

// TestScenarioDocExamples runs the Black & Red examples of
// docs/scenarios.md, so that the documentation stays true.
func TestScenarioDocExamples(t *testing.T) {
	scenario.TestDoc(t, games.Lookup, "../../docs/scenarios.md", "blackred")
}
