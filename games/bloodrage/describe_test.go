package bloodrage

import (
	"strings"
	"testing"

	"skald/engine"
)

// TestDescribe checks the terminal's view: every province once, under its
// region, with its villages and reward; every fjord; every clan's sheet;
// the seat's own cards and no other seat's.
func TestDescribe(t *testing.T) {
	s := newState(t, 3, 3)
	r := engine.NewRand(4)
	for range 40 {
		legal := s.Legal(s.Deciders().First(), nil)
		s.Apply(legal[r.IntN(len(legal))], nil)
	}
	text := s.Describe(0)
	for _, want := range []string{"Manheim\n", "Jotunheim\n", "Alfheim\n", "At the centre\n", "Yggdrasil   no limit", "Clans\n", "Ragnarök destroys"} {
		if !strings.Contains(text, want) {
			t.Errorf("the description has no %q:\n%s", want, text)
		}
	}
	for _, p := range s.c.Provinces {
		if n := strings.Count(text, "  "+p.Name+" "); n != 1 {
			t.Errorf("%s is described %d times:\n%s", p.Name, n, text)
		}
	}
	for _, f := range s.c.Fjords {
		if !strings.Contains(text, f.Name) {
			t.Errorf("%s is not described:\n%s", f.Name, text)
		}
	}
	for _, c := range clanNames[:3] {
		if !strings.Contains(text, "  "+c+" ") {
			t.Errorf("clan %s has no sheet:\n%s", c, text)
		}
	}
	// The seat's own hand is named, the others' are counts.
	v := s.View(0).(View)
	if len(v.Hand) > 0 && !strings.Contains(text, "Your hand: "+v.Hand[0]) {
		t.Errorf("the hand %v is not described:\n%s", v.Hand, text)
	}
	other := s.View(1).(View)
	for _, id := range other.Hand {
		if !contains(v.Hand, id) && strings.Contains(text, id+" (") {
			t.Errorf("wolf's description shows raven's card %s:\n%s", id, text)
		}
	}
}
