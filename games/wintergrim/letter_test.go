package wintergrim

import (
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

// The rules of seed 000 held to the letter (issue 20): tests of rule
// statements that a scenario cannot reach with the first edition's cards,
// or that read best as Go. Scenario files hold the rest; the coverage
// table docs/coverage/wintergrim.md names them all (TestCoverage).

// play applies the action text of seat to s, failing the test if it is
// refused, and returns the events' texts.
func play(t *testing.T, s *State, seat engine.Seat, text string) string {
	t.Helper()
	a, err := s.ParseAction(seat, text)
	if err != nil {
		t.Fatal(err)
	}
	var ev engine.Log
	if err := s.Apply(a, &ev); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.String())
		b.WriteString("\n")
	}
	return b.String()
}

// withSkills returns a game whose card id has the skills add too.
func withSkills(id string, add Skill) *Game {
	c := *DefaultContent()
	c.Cards = slices.Clone(c.Cards)
	k, _ := c.Card(id)
	c.Cards[k].Skills |= add
	return NewWithContent(&c)
}

// TestFireArrowsAttackOnly checks that Fire Arrows defeat only when their
// unit attacks (seed 000, Fire Arrows: "If a unit with Fire Arrows attacks
// with a bow and wins against anything, it's a defeat"): an Archer given
// Counter-attack that wins its defence deals its bow's damage, no more.
func TestFireArrowsAttackOnly(t *testing.T) {
	s := arranged(t, withSkills("archer", CounterAttack), `{"start":"two","table":[
		{"seat":"one","card":"tundra-and-village","as":"v"},
		{"seat":"one","card":"archer","at":"v"},
		{"seat":"two","card":"forest-and-cabin","as":"c"},
		{"seat":"two","card":"ranger","at":"v"}]}`)
	s.rng.ForceDice(1, 4, 1) // the Ranger (RC 1) misses; the Archer (RC 2) wins
	ev := play(t, s, 1, "attack ranger#51 archer#18 rc")
	if !strings.Contains(ev, "counter-attacks") {
		t.Fatalf("the Archer does not counter-attack:\n%s", ev)
	}
	if strings.Contains(ev, "fire arrows") {
		t.Errorf("Fire Arrows work in a defence:\n%s", ev)
	}
	if !strings.Contains(ev, "deals 1 damage to two's Ranger#51") {
		t.Errorf("the counter-attack does not deal the bow's damage:\n%s", ev)
	}
}
