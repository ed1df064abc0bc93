package blackred

import (
	"testing"

	"skald/engine"
	"skald/engine/enginetest"
)

// TestNoDuplicateLegal plays seeded random matches under each option that
// changes the decisions (the units in play, who attacks first) and checks
// that no legal list names an action twice.
func TestNoDuplicateLegal(t *testing.T) {
	tests := []struct {
		opts    engine.Options
		matches int
	}{
		{engine.Options{}, 1000},
		{engine.Options{"units": "1"}, 1000},
		{engine.Options{"units": "24", "first": "red"}, 300},
		{engine.Options{"first": "black"}, 1000},
	}
	for _, tt := range tests {
		name := tt.opts.String()
		if name == "" {
			name = "defaults"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			enginetest.NoDuplicateLegal(t, New(), engine.Config{Seats: 2, Seed: 1, Options: tt.opts}, tt.matches)
		})
	}
}
