package tacticsdavid

import (
	"errors"
	"strings"
	"testing"

	"skald/engine"
)

// TestDescribeForNewcomers checks what a player reads in the terminal
// (issue 21): each unit's cost and profile before it is bought, a legend
// of the stat codes and of the deployment areas, and a short answer to an
// unknown word that cites the rules by name.
func TestDescribeForNewcomers(t *testing.T) {
	st, err := New().New(engine.Config{Seats: 2, Seed: 2, Options: engine.Options{"battlefield": "open-field-7x11", "limit": "60"}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	d := s.Describe(0)
	for _, want := range []string{
		"Units on offer",
		"  4 Angel Knight           cost 19  MEM str 5/4/3/3 move 6 Hover area MA  Divine Justice",
		"range 7+1 area RA  Summon",
		"Profile, as HMR str 4/7/5/6 move 4 Land range 8+0 area MB: class, type and mode (class L Light",
		"skald units tacticsdavid",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("army building does not show %q:\n%s", want, d)
		}
	}

	_, err = engine.FindLegal(s, 0, "fly")
	var ill *engine.IllegalError
	if !errors.As(err, &ill) {
		t.Fatalf("an unknown word: %v, want an *engine.IllegalError", err)
	}
	if len(ill.Why) > 300 || !strings.Contains(ill.Why, `buy (202, such as "buy 1 Soldier")`) {
		t.Errorf("an unknown word is answered with %q, want a short summary", ill.Why)
	}
	if ill.Rule != "Tactics David rules, Building Your Army" {
		t.Errorf("an unknown word cites %q", ill.Rule)
	}

	// Deployment: the legend names the deployment areas, and no unit is
	// placed at 0,0.
	a, err := engine.FindLegal(s, 0, "auto")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(a, nil); err != nil {
		t.Fatal(err)
	}
	for !s.Deciders().Has(0) || s.stage == stageBuild {
		dec := s.Deciders().First()
		if err := s.Apply(s.Legal(dec, nil)[0], nil); err != nil {
			t.Fatal(err)
		}
	}
	d = s.Describe(0)
	for _, want := range []string{"1/2 after the terrain: player one's/two's deployment area", "a Unit Team shows both numbers", "not deployed", "str: the Strength Ratings of its front/left/right/back sides"} {
		if !strings.Contains(d, want) {
			t.Errorf("deployment does not show %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "terrain pieces;") {
		t.Errorf("the legend still calls the deployment marks terrain pieces:\n%s", d)
	}
}

// TestRulesCitedByName checks that no refusal a player reads cites the
// seed file: refusals name "Tactics David rules" and rulings "ruling TD-n".
func TestRulesCitedByName(t *testing.T) {
	for _, r := range []string{ruleBuild, ruleStackSize, ruleItemUsers, ruleCombat, ruleTurns, errQuiet.Rule, New().abRule(1)} {
		if !strings.HasPrefix(r, "Tactics David rules") || strings.Contains(r, "seed") {
			t.Errorf("rule %q does not cite the rules by name", r)
		}
	}
	if !strings.Contains(ruleStackSize, "(ruling TD-20)") || !strings.Contains(ruleItemUsers, "(rulings TD-16, TD-24)") {
		t.Errorf("rulings not named as rulings: %q, %q", ruleStackSize, ruleItemUsers)
	}
}

// TestUnitTable checks the table skald units prints.
func TestUnitTable(t *testing.T) {
	g := New()
	cols, rows := g.UnitTable()
	if len(rows) != len(g.c.Units) || len(cols) != len(rows[0]) {
		t.Fatalf("%d columns, %d rows", len(cols), len(rows))
	}
	if got := strings.Join(rows[3], "|"); got != "4|Angel Knight|19|M Medium|E Ethereal|M Melee|5/4/3/3|6 Hover|-|MA|Divine Justice|-" {
		t.Errorf("Angel Knight's row: %s", got)
	}
	if !strings.Contains(g.UnitLegend(), "Str F/L/R/B") {
		t.Error("the legend does not explain the strengths")
	}
}
