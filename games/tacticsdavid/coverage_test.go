package tacticsdavid_test

import (
	"testing"

	"skald/internal/coverage"
)

// TestCoverage checks the rule coverage table docs/coverage/tacticsdavid.md:
// every rule statement of seed 004 maps to code and tests of this package
// that exist (issue 20).
func TestCoverage(t *testing.T) {
	for _, err := range coverage.Check("../../docs/coverage/tacticsdavid.md", ".") {
		t.Error(err)
	}
}
