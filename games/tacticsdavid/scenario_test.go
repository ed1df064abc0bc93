package tacticsdavid_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"skald/games"
	"skald/scenario"
)

// TestScenarios runs every scenario file in testdata/scenarios: the rules
// of seed 004 and the rulings of docs/rulings/tacticsdavid.md, each checked
// by at least one file.
func TestScenarios(t *testing.T) {
	dir := filepath.Join("testdata", "scenarios")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, e := range entries {
		if !e.IsDir() && (strings.HasSuffix(e.Name(), ".yaml") || strings.HasSuffix(e.Name(), ".yml")) {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	slices.Sort(paths)
	if len(paths) == 0 {
		t.Fatalf("no scenario files in %s", dir)
	}
	for _, r := range scenario.RunFiles(paths, games.Lookup) {
		name := strings.TrimSuffix(filepath.Base(r.Path), filepath.Ext(r.Path))
		t.Run(name, func(t *testing.T) {
			if r.Err != nil {
				t.Error(r.Err.Error())
			}
		})
	}
}
