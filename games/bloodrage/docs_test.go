package bloodrage

import (
	"os"
	"strings"
	"testing"
)

// TestStatusListsEveryCard checks that docs/STATUS.md's table of Blood
// Rage's cards has a row for every card of the content, and no row for a
// card that is not there, so that the table cannot drift from the data.
func TestStatusListsEveryCard(t *testing.T) {
	b, err := os.ReadFile("../../docs/STATUS.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	i := strings.Index(text, "### Blood Rage")
	if i < 0 {
		t.Fatal("docs/STATUS.md has no Blood Rage section")
	}
	section := text[i:]
	if j := strings.Index(section[4:], "\n### "); j >= 0 {
		section = section[:j+4]
	}
	ids := map[string]bool{}
	for _, c := range DefaultContent().Cards {
		ids[c.ID] = true
		if !strings.Contains(section, "| `"+c.ID+"` |") {
			t.Errorf("the card %s has no row in docs/STATUS.md's Blood Rage table", c.ID)
		}
	}
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		id, _, _ := strings.Cut(strings.TrimPrefix(line, "| `"), "`")
		if !ids[id] {
			t.Errorf("docs/STATUS.md lists a card %s that the content does not have", id)
		}
	}
}
