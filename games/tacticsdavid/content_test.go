package tacticsdavid

import "testing"

func TestCounts(t *testing.T) {
	c := DefaultContent()
	for _, tt := range []struct {
		what      string
		got, want int
	}{
		{"units", len(c.Units), NumUnits},
		{"abilities", len(c.Abilities), NumUnits},
		{"specials", len(c.Specials), NumSpecials},
		{"items", len(c.Items), NumItems},
		{"statuses", len(c.Statuses), NumStatuses},
		{"attack areas", len(c.Areas), NumAreas},
		{"terrain types", len(c.Terrain.Types), 4},
		{"terrain pieces", len(c.Terrain.Pieces), 12},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %d, want %d", tt.what, tt.got, tt.want)
		}
	}
}
