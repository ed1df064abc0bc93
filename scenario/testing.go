package scenario

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Test runs the scenario files at paths (files or directories, as for
// RunFiles) as subtests of t, one named for each file, so that a game's
// package tests its scenarios with one line:
//
//	func TestScenarios(t *testing.T) { scenario.Test(t, games.Lookup, "testdata/scenarios") }
func Test(t *testing.T, lookup Lookup, paths ...string) {
	t.Helper()
	for _, r := range RunFiles(paths, lookup) {
		name := strings.TrimSuffix(filepath.Base(r.Path), filepath.Ext(r.Path))
		t.Run(name, func(t *testing.T) {
			if r.Err != nil {
				t.Error(r.Err.Error())
			}
		})
	}
}

// yamlBlock is a fenced YAML example of a Markdown file.
var yamlBlock = regexp.MustCompile("(?s)```yaml\n(.*?)```")

// TestDoc runs the scenario examples of the Markdown file doc (its fenced
// yaml blocks) that play game, so that documentation stays true. It fails
// if there is none.
func TestDoc(t *testing.T, lookup Lookup, doc, game string) {
	t.Helper()
	b, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range yamlBlock.FindAllStringSubmatch(string(b), -1) {
		if !strings.Contains(m[1], "game: "+game+"\n") {
			continue
		}
		n++
		sc, err := Parse(filepath.Base(doc)+" example", []byte(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		if err := sc.Run(lookup); err != nil {
			t.Error(err)
		}
	}
	if n == 0 {
		t.Fatalf("%s has no %s example", doc, game)
	}
}
