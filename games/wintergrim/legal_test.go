package wintergrim

import (
	"fmt"
	"testing"

	"skald/engine"
	"skald/engine/enginetest"
)

// TestNoDuplicateLegal plays seeded random matches of every mode at every
// number of seats, and with the decks swapped, and checks that no legal
// list names an action twice.
func TestNoDuplicateLegal(t *testing.T) {
	tests := []struct {
		seats   int
		opts    engine.Options
		matches int
	}{
		{2, engine.Options{}, 200},
		{2, engine.Options{"mode": "assassinate"}, 200},
		{2, engine.Options{"mode": "conquer"}, 200},
		{2, engine.Options{"mode": "enslave"}, 200},
		{2, engine.Options{"deck": "vanheim", "deck2": "asheim"}, 200},
		{3, engine.Options{}, 100},
		{3, engine.Options{"mode": "conquer"}, 100},
		{4, engine.Options{}, 80},
		{4, engine.Options{"mode": "enslave"}, 80},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d seats %s", tt.seats, tt.opts), func(t *testing.T) {
			t.Parallel()
			enginetest.NoDuplicateLegal(t, New(), engine.Config{Seats: tt.seats, Seed: 1, Options: tt.opts}, tt.matches)
		})
	}
}
