package bloodrage_test

import (
	"testing"

	"skald/internal/coverage"
)

// TestCoverage checks the rule coverage table docs/coverage/bloodrage.md:
// the 76 lines of the notes' checklist and the base rules of the
// reference's §1.5-1.8 map to code and tests of this package that exist
// (issue 20).
func TestCoverage(t *testing.T) {
	for _, err := range coverage.Check("../../docs/coverage/bloodrage.md", ".") {
		t.Error(err)
	}
}
