package bloodrage

import (
	"strings"
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

// TestArrangeRefuses checks that a setup out of range is refused, naming
// the field, and changes nothing.
func TestArrangeRefuses(t *testing.T) {
	for setup, want := range map[string]string{
		`{"clans": {"wolf": {"rage": 300}}}`:          "clans.wolf.rage: 300 is not 0 to 99",
		`{"clans": {"wolf": {"glory": -1}}}`:          "clans.wolf.glory: -1 is not 0 to 9999",
		`{"clans": {"wolf": {"stats": {"axes": 7}}}}`: "clans.wolf.stats.axes: step 7 is not 1 to 6",
		`{"age": 4}`: "age: 4 is not 1, 2 or 3",
	} {
		s := newState(t, 2, 1)
		h := s.Hash()
		err := s.Arrange([]byte(setup))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Arrange(%s) = %v, want %q", setup, err, want)
		}
		if s.Hash() != h {
			t.Errorf("Arrange(%s) changed the state", setup)
		}
	}
}
