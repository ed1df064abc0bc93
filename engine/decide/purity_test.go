package decide

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports checks that the package imports nothing of the module but
// the kernel and nothing outside the standard library, so that any game
// may embed its parts. (The kernel's TestPurity checks that it does no
// I/O.)
func TestImports(t *testing.T) {
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := 0
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		files++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p != "skald/engine" && (p == "skald" || strings.HasPrefix(p, "skald/") || strings.Contains(p, ".")) {
				t.Errorf("%s imports %s: decide depends on the kernel and the standard library only", path, p)
			}
		}
	}
	if files < 4 {
		t.Fatalf("only %d non-test files found", files)
	}
}
