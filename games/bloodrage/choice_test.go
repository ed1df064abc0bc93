package bloodrage

import (
	"testing"

	"skald/engine"
)

// TestManyQuestRaises checks that every fulfilled quest's stat raise is
// asked, however many the clans fulfil at once: here three clans fulfil
// three Glorious Deaths each, nine raises waiting together.
func TestManyQuestRaises(t *testing.T) {
	s := newState(t, 3, 1)
	clan := `{"quests": ["glorious-death-6", "glorious-death-8", "glorious-death-11"], "figures": {"valhalla": ["warrior", "warrior", "warrior", "warrior"]}}`
	if err := s.Arrange([]byte(`{"first": "wolf", "clans": {"wolf": ` + clan + `, "raven": ` + clan + `, "serpent": ` + clan + `}}`)); err != nil {
		t.Fatal(err)
	}
	for s.phase == phAction {
		if err := s.Apply(engine.Action{Seat: s.Deciders().First(), Kind: kPass}, nil); err != nil {
			t.Fatal(err)
		}
	}
	raises := 0
	for s.phase == phQuests && s.nAsk > 0 {
		seat := s.Deciders().First()
		if err := s.Apply(engine.Action{Seat: seat, Kind: kRaise, Arg: [4]int16{Horns}}, nil); err != nil {
			t.Fatal(err)
		}
		raises++
	}
	if raises != 9 {
		t.Errorf("%d stat raises asked, want 9", raises)
	}
	for p := range 3 {
		if g := s.clans[p].glory; g < 6+8+11 {
			t.Errorf("clan %d has %d Glory, want at least %d from its quests", p, g, 6+8+11)
		}
	}
}
