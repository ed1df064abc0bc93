package wintergrim_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"skald/games"
	"skald/scenario"
)

// TestScenarioDocExamples runs the Wintergrim examples of
// docs/scenarios.md, so that the documentation stays true.
func TestScenarioDocExamples(t *testing.T) {
	doc, err := os.ReadFile("../../docs/scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(doc), -1) {
		if !strings.Contains(m[1], "game: wintergrim") {
			continue
		}
		n++
		sc, err := scenario.Parse("docs/scenarios.md example", []byte(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		if err := sc.Run(games.Lookup); err != nil {
			t.Error(err)
		}
	}
	if n == 0 {
		t.Fatal("docs/scenarios.md has no Wintergrim example")
	}
}
