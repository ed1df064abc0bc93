package runewars

import (
	"testing"

	"skald/engine"
)

// arranged starts a two-player match set up as setup (JSON of a Setup)
// says, on the board of the scenarios: daqan, greyhaven and latari.
func arranged(t *testing.T, extra string) *State {
	t.Helper()
	st, err := New().New(engine.Config{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	setup := `{"tiles": [{"tile": "daqan", "at": [0, 0]}, {"tile": "greyhaven", "at": [2, -1]}, {"tile": "latari", "at": [4, -1]}],
		"season": "summer", "start": "season", "card": "long-days", ` + extra + `}`
	if err := s.Arrange([]byte(setup)); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestHeuristicHeroChoices checks the scripted player's hero choices:
// heal a badly hurt hero, attempt a quest where the hero stands, walk
// towards a quest held.
func TestHeuristicHeroChoices(t *testing.T) {
	for _, tt := range []struct{ name, setup, want string }{
		{"heal when hurt", `"heroes": {"aldric": {"faction": "daqan", "area": "greyfort", "damage": 3}}, "units": {"greyfort": ["daqan footman"]}, "quests": {"daqan": ["bandit-camp"]}`, "heal aldric"},
		{"quest where it stands", `"heroes": {"aldric": {"faction": "daqan", "area": "mistvale"}}, "quests": {"daqan": ["bandit-camp"]}`, "quest aldric bandit-camp"},
		{"walk to the quest", `"heroes": {"aldric": {"faction": "daqan", "area": "carthmoor"}}, "quests": {"daqan": ["scholars-road"]}`, "go aldric greyhaven"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := arranged(t, tt.setup)
			r := engine.NewRand(1)
			if got := s.FormatAction(s.Suggest(0, &r)); got != tt.want {
				t.Errorf("suggests %q, want %q", got, tt.want)
			}
		})
	}
}
