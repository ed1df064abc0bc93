// Package coverage checks a game's rule coverage table: the Markdown file
// docs/coverage/<game>.md that maps every rule statement of the game's
// seed to the code that enforces it and the tests that check it. A game's
// tests call Check, so that the table cannot drift from the code: a row
// that names a file, a function or a test that does not exist, or a rule
// with no test, fails the game's tests.
//
// The table is the first Markdown table of the file whose header starts
// with "| # |"; its columns are the row's number, the rule statement (its
// seed and section), the code and the tests:
//
//	| # | rule | code | tests |
//	|---|---|---|---|
//	| 12 | Ranged units may not move and fight (seed 004, Phases) | `combat.go:rangedMoved` | `ranged-moved.yaml`, `TestRangedMoved` |
//
// Code items are `file.go` or `file.go:Name` (a file of the game's
// package, and a name declared in it); test items are scenario files
// (`name.yaml`, found under the package's testdata/scenarios) or Go tests
// (`TestName`, a function of the package's _test.go files). Items are in
// backquotes; other text in a cell is commentary.
package coverage

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Row is one rule of a coverage table.
type Row struct {
	Line  int // in the file
	Num   string
	Rule  string
	Code  []string
	Tests []string
}

var item = regexp.MustCompile("`([^`]+)`")

// Parse reads the coverage table of the Markdown file at path.
func Parse(path string) ([]Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []Row
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	in, n := false, 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case !in && strings.HasPrefix(line, "| # |"):
			in = true
			continue
		case !in:
			continue
		case strings.HasPrefix(line, "|---") || strings.HasPrefix(line, "| ---"):
			continue
		case !strings.HasPrefix(line, "|"):
			if len(rows) > 0 {
				return rows, sc.Err()
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 4 {
			return nil, fmt.Errorf("%s:%d: %d cells, want 4 (# | rule | code | tests)", path, n, len(cells))
		}
		r := Row{Line: n, Num: strings.TrimSpace(cells[0]), Rule: strings.TrimSpace(cells[1])}
		for _, m := range item.FindAllStringSubmatch(cells[2], -1) {
			r.Code = append(r.Code, m[1])
		}
		for _, m := range item.FindAllStringSubmatch(cells[3], -1) {
			r.Tests = append(r.Tests, m[1])
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !in {
		return nil, fmt.Errorf("%s: no table with the header \"| # | rule | code | tests |\"", path)
	}
	return rows, nil
}

// Check checks the coverage table at path against the game package in
// dir: every row has a rule, code and tests that exist, and numbers are
// not repeated. It returns one error a defect, each naming the file and
// the line.
func Check(path, dir string) []error {
	rows, err := Parse(path)
	if err != nil {
		return []error{err}
	}
	src, tests, err := readPackage(dir)
	if err != nil {
		return []error{err}
	}
	scenarios := map[string]bool{}
	filepath.WalkDir(filepath.Join(dir, "testdata", "scenarios"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			scenarios[d.Name()] = true
		}
		return nil
	})
	var errs []error
	fail := func(r Row, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s:%d: rule %s: %s", path, r.Line, r.Num, fmt.Sprintf(format, args...)))
	}
	seen := map[string]int{}
	for _, r := range rows {
		if r.Num == "" {
			fail(r, "no number")
		} else if l, ok := seen[r.Num]; ok {
			fail(r, "number used already at line %d", l)
		}
		seen[r.Num] = r.Line
		if r.Rule == "" {
			fail(r, "no rule statement")
		}
		if len(r.Code) == 0 {
			fail(r, "no code")
		}
		if len(r.Tests) == 0 {
			fail(r, "no test")
		}
		for _, c := range r.Code {
			file, name, _ := strings.Cut(c, ":")
			text, ok := src[file]
			switch {
			case !ok:
				fail(r, "code %s: no file %s in %s", c, file, dir)
			case name != "" && !declares(text, name):
				fail(r, "code %s: %s declares no %s", c, file, name)
			}
		}
		for _, x := range r.Tests {
			switch {
			case strings.HasSuffix(x, ".yaml") || strings.HasSuffix(x, ".yml"):
				if !scenarios[x] {
					fail(r, "test %s: no such scenario under %s", x, filepath.Join(dir, "testdata", "scenarios"))
				}
			case strings.HasPrefix(x, "Test"):
				if !strings.Contains(tests, "func "+x+"(") {
					fail(r, "test %s: no such Go test in %s", x, dir)
				}
			default:
				fail(r, "test %s: neither a scenario file nor a Go test", x)
			}
		}
	}
	return errs
}

// declares reports whether Go source text declares name: a function, a
// method, a type, a constant or a variable.
func declares(text, name string) bool {
	re := regexp.MustCompile(`(?m)^(func( \([^)]*\))? ` + regexp.QuoteMeta(name) + `\b|type ` + regexp.QuoteMeta(name) + `\b|\t` + regexp.QuoteMeta(name) + `\b.*=|(const|var) ` + regexp.QuoteMeta(name) + `\b)`)
	return re.MatchString(text)
}

// readPackage returns the package's source files by name, and its tests'
// text together.
func readPackage(dir string) (map[string]string, string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, "", err
	}
	src := map[string]string{}
	var tests strings.Builder
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, "", err
		}
		if strings.HasSuffix(e.Name(), "_test.go") {
			tests.Write(b)
		} else {
			src[e.Name()] = string(b)
		}
	}
	return src, tests.String(), nil
}
