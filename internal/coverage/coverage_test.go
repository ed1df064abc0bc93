package coverage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheck checks a table against a small package: good rows pass, and
// each kind of defect is reported with its line.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("rules.go", "package g\n\nfunc (s *State) attack() {}\n\ntype State struct{}\n\nconst (\n\tmaxUnits = 8\n)\n")
	write("rules_test.go", "package g\n\nimport \"testing\"\n\nfunc TestAttack(t *testing.T) {}\n")
	write("testdata/scenarios/sub/attack.yaml", "name: x\n")
	write("cov.md", strings.Join([]string{
		"# Coverage", "", "Some text.", "",
		"| # | rule | code | tests |",
		"|---|---|---|---|",
		"| 1 | Units attack (seed, Combat) | `rules.go:attack` and more | `attack.yaml`, `TestAttack` |",
		"| 2 | At most 8 units | `rules.go:maxUnits`, `rules.go:State` | `TestAttack` |",
		"| 3 | A rule without test | `rules.go` | |",
		"| 3 | Numbered twice | `nofile.go` | `missing.yaml` |",
		"| 5 | Unknown names | `rules.go:defend` | `TestDefend`, `notatest` |",
		"| 6 |  | | `TestAttack` |",
		"", "After the table.",
	}, "\n"))
	errs := Check(filepath.Join(dir, "cov.md"), dir)
	var got []string
	for _, e := range errs {
		got = append(got, e.Error())
	}
	want := []string{
		"cov.md:9: rule 3: no test",
		"cov.md:10: rule 3: number used already at line 9",
		"cov.md:10: rule 3: code nofile.go: no file nofile.go",
		"cov.md:10: rule 3: test missing.yaml: no such scenario",
		"cov.md:11: rule 5: code rules.go:defend: rules.go declares no defend",
		"cov.md:11: rule 5: test TestDefend: no such Go test",
		"cov.md:11: rule 5: test notatest: neither a scenario file nor a Go test",
		"cov.md:12: rule 6: no rule statement",
		"cov.md:12: rule 6: no code",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.Contains(got[i], w) {
			t.Errorf("error %d: %q does not contain %q", i, got[i], w)
		}
	}
	rows, err := Parse(filepath.Join(dir, "cov.md"))
	if err != nil || len(rows) != 6 || rows[0].Code[0] != "rules.go:attack" || len(rows[0].Tests) != 2 {
		t.Errorf("Parse = %+v, %v", rows, err)
	}
}

// TestCheckNoTable refuses a file without the table.
func TestCheckNoTable(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.md")
	os.WriteFile(p, []byte("# nothing\n"), 0o644)
	if errs := Check(p, filepath.Dir(p)); len(errs) != 1 || !strings.Contains(errs[0].Error(), "no table") {
		t.Errorf("errs = %v", errs)
	}
}
