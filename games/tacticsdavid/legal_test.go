package tacticsdavid

import (
	"testing"

	"skald/engine"
	"skald/engine/enginetest"
)

// TestNoDuplicateLegal plays seeded random matches under the default
// options and with random armies on each battlefield and mission, with and
// without abilities, and checks that no legal list names an action twice.
// Among its matches are ones whose lists did: an Item Deck holding two
// copies of an item (Chemistry, Alchemy), a stack of like units whose
// ability was listed once per unit, and a Unit Team whose two units both
// held a Whip (seeds 236 and 350 of the larger armies).
func TestNoDuplicateLegal(t *testing.T) {
	tests := []struct {
		opts    engine.Options
		seed    uint64
		matches int
	}{
		{engine.Options{}, 1, 30},
		{engine.Options{"armies": "auto"}, 1, 400},
		{engine.Options{"armies": "auto", "limit": "300"}, 301, 150},
		{engine.Options{"armies": "auto", "abilities": "off"}, 1, 120},
		{engine.Options{"armies": "auto", "mission": Kills, "deploy": "free"}, 1, 120},
		{engine.Options{"armies": "auto", "mission": Money, "army": "themed"}, 1, 120},
		{engine.Options{"armies": "auto", "battlefield": "bramble-creek-crossing"}, 1, 120},
		{engine.Options{"armies": "auto", "battlefield": "deaths-highway", "limit": "300"}, 201, 100},
		{engine.Options{"armies": "auto", "battlefield": "open-field-7x11"}, 1, 120},
		{engine.Options{"armies": "auto", "battlefield": "open-field-14x22", "limit": "400"}, 1, 40},
	}
	for _, tt := range tests {
		name := tt.opts.String()
		if name == "" {
			name = "defaults"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			enginetest.NoDuplicateLegal(t, New(), engine.Config{Seats: 2, Seed: tt.seed, Options: tt.opts}, tt.matches)
		})
	}
}
