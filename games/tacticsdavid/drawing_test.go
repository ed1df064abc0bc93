package tacticsdavid

import (
	"strings"
	"testing"

	"skald/games/tacticsdavid/battlefield"
)

// TestDrawingABattlefield checks the rules' section on drawing a
// battlefield: its example parses, its error example is the one a player
// gets, and the battlefield option's help points to it, not to a file of
// the repository (issue 21, item 7).
func TestDrawingABattlefield(t *testing.T) {
	text := rulesText(New())
	_, sec, ok := strings.Cut(text, "\n## Drawing a battlefield\n")
	if !ok {
		t.Fatal("the rules have no section on drawing a battlefield")
	}
	_, ex, ok := strings.Cut(sec, "\n    name: Ford\n")
	if !ok {
		t.Fatal("the section has no example")
	}
	ex, _, _ = strings.Cut(ex, "\n\n")
	var b strings.Builder
	b.WriteString("name: Ford\n")
	for _, l := range strings.Split(ex, "\n") {
		b.WriteString(strings.TrimPrefix(l, "    ") + "\n")
	}
	src := b.String()
	bf, err := battlefield.Parse("ford.txt", []byte(src))
	if err != nil {
		t.Fatalf("the example does not parse: %v\n%s", err, src)
	}
	if bf.W != 7 || bf.H != 6 {
		t.Errorf("the example is %dx%d, want 7x6", bf.W, bf.H)
	}
	// The error example: a G in the first terrain row's last column.
	bad := strings.Replace(src, "terrain:\n.......\n", "terrain:\n......G\n", 1)
	_, err = battlefield.Parse("ford.txt", []byte(bad))
	if err == nil {
		t.Fatal("a G in the terrain is accepted")
	}
	flat := strings.Join(strings.Fields(sec), " ")
	if !strings.Contains(flat, err.Error()) {
		t.Errorf("the section's error example is not %q", err.Error())
	}
	for _, o := range New().Options() {
		if o.Name != "battlefield" {
			continue
		}
		if strings.Contains(o.Help, ".md") || strings.Contains(o.Help, "games/") {
			t.Errorf("the battlefield option's help names a file: %s", o.Help)
		}
		if !strings.Contains(o.Help, "skald rules tacticsdavid") || !strings.Contains(o.Help, "Drawing a battlefield") {
			t.Errorf("the battlefield option's help does not point to the rules: %s", o.Help)
		}
	}
}
