package wintergrim

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"skald/docs"
	"skald/internal/coverage"
)

const coverageTable = "../../docs/coverage/wintergrim.md"

// manualSections are the parts of the manual (seed 000) a rule statement
// of the coverage table cites.
var manualSections = []string{
	"General Questions", "Dive in", "Explain the Cards", "Game Questions",
	"How to Play", "Game modes", "Card types", "Skills",
}

var seedCite = regexp.MustCompile(`\(seed 000, ([^;:)]+)`)

// TestCoverage checks the rule coverage table docs/coverage/wintergrim.md,
// the package's one list of the manual's rule statements: every row's
// code and tests exist and no statement is without a test
// (coverage.Check); the rows are numbered 1, 2, 3, ... and each cites
// seed 000 and a section of the manual; the rulings it cites exist; and
// every scenario file of testdata/scenarios checks some statement of it.
func TestCoverage(t *testing.T) {
	for _, err := range coverage.Check(coverageTable, ".") {
		t.Error(err)
	}
	rows, err := coverage.Parse(coverageTable)
	if err != nil {
		t.Fatal(err)
	}
	rulings := docs.Rulings("wintergrim")
	named := map[string]bool{}
	for i, r := range rows {
		if want := strconv.Itoa(i + 1); r.Num != want {
			t.Errorf("%s:%d: rule %s, want %s: number the statements in order", coverageTable, r.Line, r.Num, want)
		}
		m := seedCite.FindStringSubmatch(r.Rule)
		if m == nil {
			t.Errorf("%s:%d: rule %s cites no \"(seed 000, SECTION\"", coverageTable, r.Line, r.Num)
		} else if !knownSection(m[1]) {
			t.Errorf("%s:%d: rule %s cites %q, not a section of the manual (%s)", coverageTable, r.Line, r.Num, m[1], strings.Join(manualSections, ", "))
		}
		for _, id := range rulingCite.FindAllString(r.Rule, -1) {
			if !strings.Contains(rulings, "**"+id+". ") {
				t.Errorf("%s:%d: rule %s cites %s, which docs/rulings/wintergrim.md does not have", coverageTable, r.Line, r.Num, id)
			}
		}
		for _, x := range r.Tests {
			named[x] = true
		}
	}
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenario files")
	}
	for _, f := range files {
		if !named[filepath.Base(f)] {
			t.Errorf("%s checks no rule statement of %s: name it in a row", f, coverageTable)
		}
	}
	if _, err := os.Stat(coverageTable); err != nil {
		t.Fatal(err)
	}
}

func knownSection(s string) bool {
	for _, k := range manualSections {
		if strings.HasPrefix(s, k) {
			return true
		}
	}
	return false
}
