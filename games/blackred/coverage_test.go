package blackred_test

import (
	"testing"

	"skald/internal/coverage"
)

// TestCoverage checks the rule coverage table docs/coverage/blackred.md:
// every rule statement of seed 002 and every ruling maps to code and tests
// of this package that exist (issue 20).
func TestCoverage(t *testing.T) {
	for _, err := range coverage.Check("../../docs/coverage/blackred.md", ".") {
		t.Error(err)
	}
}
