package engine_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The kernel and the games do no I/O of their own: records go to an
// io.Writer the caller provides, and game data is embedded. These imports
// are forbidden in their non-test files (in the spirit of tailscale's
// deptest, but for direct imports: fmt itself depends on os).
var forbiddenImports = []string{
	"os", "os/exec", "net", "net/http", "io/ioutil", "log", "syscall", "path/filepath",
}

// forbiddenPrefixes also rules out the rest of the os, net, log and syscall
// trees (os/signal, net/url's neighbours such as net/rpc, log/slog...).
var forbiddenPrefixes = []string{"os/", "net/", "log/", "syscall/"}

func forbidden(path string) bool {
	if slices.Contains(forbiddenImports, path) {
		return true
	}
	for _, p := range forbiddenPrefixes {
		if strings.HasPrefix(path, p) && path != "net/url" && path != "net/netip" {
			return true
		}
	}
	return false
}

// impureImports returns "file: import" for every forbidden import of a
// non-test Go file under root, and the number of files checked. testdata
// directories and directories starting with . or _ are skipped, as the go
// tool skips them.
func impureImports(t *testing.T, root string) (bad []string, files int) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if forbidden(p) {
				bad = append(bad, path+": imports "+p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walking %s: %v", root, err)
	}
	return bad, files
}

func TestPurity(t *testing.T) {
	bad, files := impureImports(t, ".")
	if files < 5 {
		t.Fatalf("only %d non-test files found in the engine package", files)
	}
	t.Logf("engine: %d files checked", files)
	if _, err := os.Stat("../games"); err != nil {
		t.Logf("no games to check: %v", err)
	} else {
		b, n := impureImports(t, "../games")
		t.Logf("games: %d files checked", n)
		bad = append(bad, b...)
	}
	for _, b := range bad {
		t.Errorf("%s: the kernel and the games do no I/O", b)
	}
}

// TestPurityEngineOnlyKernel checks that the kernel imports no other
// package of the module: it knows no game.
func TestPurityEngineOnlyKernel(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range pkgs {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == "skald" || strings.HasPrefix(p, "skald/") || strings.Contains(p, ".") {
				t.Errorf("%s imports %s: the kernel depends on the standard library only", path, p)
			}
		}
	}
}

// TestPurityKernelParts checks that the kernel's parts for the games —
// enginetest, the kernel's checks for the games' tests (which TestPurity
// walks into as it walks the kernel), and decide, the decision parts games
// embed — import nothing of the module but the kernel and nothing outside
// the standard library, so that any game may use them.
func TestPurityKernelParts(t *testing.T) {
	for _, dir := range []string{"enginetest", "decide"} {
		fset := token.NewFileSet()
		paths, err := filepath.Glob(dir + "/*.go")
		if err != nil {
			t.Fatal(err)
		}
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
					t.Errorf("%s imports %s: %s depends on the kernel and the standard library only", path, p, dir)
				}
			}
		}
		if files == 0 {
			t.Errorf("no non-test files in %s", dir)
		}
	}
}

// TestPurityCheckerFindsImports makes sure the checker above can fail: it
// runs it on a throwaway tree holding one impure game.
func TestPurityCheckerFindsImports(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, src string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("pure/pure.go", "package pure\n\nimport (\n\t\"embed\"\n\t\"io\"\n\t\"net/url\"\n)\n")
	write("bad/bad.go", "package bad\n\nimport (\n\t\"fmt\"\n\tf \"path/filepath\"\n\t_ \"net/http\"\n)\n")
	write("bad/sub/deep.go", "package sub\n\nimport \"os/exec\"\n")
	write("bad/log.go", "package bad\n\nimport \"log/slog\"\n")
	write("bad/ok_test.go", "package bad\n\nimport \"os\"\n") // tests may do I/O
	write("bad/testdata/x.go", "package x\n\nimport \"os\"\n")
	write("bad/notgo.txt", "import \"os\"\n")
	bad, files := impureImports(t, dir)
	if files != 4 {
		t.Errorf("%d files checked, want 4", files)
	}
	var got []string
	for _, b := range bad {
		got = append(got, b[strings.LastIndex(b, " ")+1:])
	}
	slices.Sort(got)
	if want := []string{"log/slog", "net/http", "os/exec", "path/filepath"}; !slices.Equal(got, want) {
		t.Errorf("found %v, want %v", got, want)
	}
	for _, p := range []string{"os", "net", "io/ioutil", "log", "syscall"} {
		if !forbidden(p) {
			t.Errorf("%s is not forbidden", p)
		}
	}
	for _, p := range []string{"io", "embed", "fmt", "encoding/json", "io/fs", "osx", "network"} {
		if forbidden(p) {
			t.Errorf("%s is forbidden", p)
		}
	}
}
