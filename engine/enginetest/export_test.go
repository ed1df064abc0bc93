package enginetest

import (
	"testing"

	"skald/engine"
)

// CheckSet runs the suite's checks of one seat count and option set on t,
// which may be a test's spy: the suite's own tests see what it reports.
func CheckSet(t testing.TB, g engine.Game, seats int, opts engine.Options, conf Config) {
	checkSet(t, g, seats, opts, conf)
}
