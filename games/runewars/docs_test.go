package runewars

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestStatusListsEveryChecklistLine checks that docs/STATUS.md's Runewars
// table has one row for each of the 139 lines of the rules checklist, that
// a line marked done or partly done names scenarios, and that every
// scenario it names is a file of testdata/scenarios: the table cannot
// drift from the tests.
func TestStatusListsEveryChecklistLine(t *testing.T) {
	b, err := os.ReadFile("../../docs/STATUS.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	i := strings.Index(text, "### Runewars")
	if i < 0 {
		t.Fatal("docs/STATUS.md has no Runewars section")
	}
	section := text[i:]
	if j := strings.Index(section[4:], "\n## "); j >= 0 {
		section = section[:j+4]
	}
	row := regexp.MustCompile(`^\| (\d+) \| .* \| (done|partly|part 2) \| .* \| (.*) \|$`)
	seen := map[int]bool{}
	for _, line := range strings.Split(section, "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if seen[n] {
			t.Errorf("line %d has two rows", n)
		}
		seen[n] = true
		names := regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(m[3], -1)
		if m[2] != "part 2" && len(names) == 0 {
			t.Errorf("line %d is %s but names no scenario", n, m[2])
		}
		for _, nm := range names {
			if _, err := os.Stat("testdata/scenarios/" + nm[1] + ".yaml"); err != nil {
				t.Errorf("line %d names %s, which is not a scenario file", n, nm[1])
			}
		}
	}
	for n := 1; n <= 139; n++ {
		if !seen[n] {
			t.Errorf("checklist line %d has no row in docs/STATUS.md's Runewars table", n)
		}
	}
	files, _ := os.ReadDir("testdata/scenarios")
	for _, f := range files {
		name := strings.TrimSuffix(f.Name(), ".yaml")
		if !strings.Contains(section, "`"+name+"`") {
			t.Errorf("the scenario %s is not in docs/STATUS.md's Runewars table", name)
		}
	}
}
