package testgame

import (
	"fmt"
	"testing"

	"skald/engine"
	"skald/engine/enginetest"
)

// TestNoDuplicateLegal plays seeded random matches at every number of
// seats and under every option and checks that no legal list names an
// action twice.
func TestNoDuplicateLegal(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		for _, opts := range []engine.Options{
			{},
			{"order": "sequential"},
			{"hands": "dealt", "cards": "12"},
			{"hands": "dealt", "order": "sequential", "cards": "2"},
		} {
			t.Run(fmt.Sprintf("%d seats %s", seats, opts), func(t *testing.T) {
				enginetest.NoDuplicateLegal(t, Game{}, engine.Config{Seats: seats, Seed: 1, Options: opts}, 100)
			})
		}
	}
}
