package wintergrim

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"skald/docs"
)

var (
	rulingHeading = regexp.MustCompile(`(?m)^\*\*(WG-\d+)\. `)
	rulingCite    = regexp.MustCompile(`WG-\d+`)
)

// TestRulingsCoverage checks that docs/rulings/wintergrim.md numbers its
// rulings WG-1, WG-2, ... in order, that every ruling is cited by the code,
// the data or a scenario, and that nothing cites a ruling that does not
// exist.
func TestRulingsCoverage(t *testing.T) {
	doc := docs.Rulings("wintergrim")
	if doc == "" {
		t.Fatal("no docs/rulings/wintergrim.md")
	}
	var ids []string
	for i, m := range rulingHeading.FindAllStringSubmatch(doc, -1) {
		if want := fmt.Sprintf("WG-%d", i+1); m[1] != want {
			t.Errorf("ruling %d is %s, want %s", i+1, m[1], want)
		}
		ids = append(ids, m[1])
	}
	if len(ids) == 0 {
		t.Fatal("no rulings found")
	}
	known := map[string]bool{}
	for _, id := range ids {
		known[id] = true
	}
	cited := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasSuffix(path, "_test.go") || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".md")) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, id := range rulingCite.FindAllString(string(b), -1) {
			cited[id] = true
			if !known[id] {
				t.Errorf("%s cites %s, which docs/rulings/wintergrim.md does not have", path, id)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if !cited[id] {
			t.Errorf("%s is cited nowhere in the code, the data or the scenarios", id)
		}
	}
}
