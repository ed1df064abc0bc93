package scenario

import (
	"path/filepath"
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
