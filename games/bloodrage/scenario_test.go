package bloodrage_test

import (
	"testing"

	"skald/games"
	"skald/scenario"
)

// TestScenarios runs every scenario file in testdata/scenarios: the 27
// rules notes of seed 001 (Blood Rage notes, 1-27, with the checklist of
// ../shared/seeds-en/bloodrage_notes_en.md) and the base rules they
// assume (reference §1.5-1.8).
func TestScenarios(t *testing.T) {
	scenario.Test(t, games.Lookup, "testdata/scenarios")
}
