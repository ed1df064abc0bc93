package server

import (
	"bytes"
	"flag"
	"go/parser"
	"go/token"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"skald/engine"
	"skald/games"
	"skald/internal/testgame"
)

var updateAssets = flag.Bool("assets.update", false, "rewrite testdata/assets/GAME.json from what /api/games/GAME/assets serves")

// TestAssetsGolden checks that /api/games/GAME/assets serves, byte for
// byte, the JSON kept in testdata/assets/GAME.json for every game: what a
// browser renderer draws from does not change unnoticed (the files were
// captured when the server still built the assets itself). A game without
// assets serves {}. After a deliberate change to a game's content, run
// go test -run TestAssetsGolden ./server -args -assets.update and review the diff.
func TestAssetsGolden(t *testing.T) {
	ts := newTestServer(t)
	all := append(games.All(), testgame.Game{})
	for _, g := range all {
		t.Run(g.Name(), func(t *testing.T) {
			resp, err := http.Get(ts.url + "/api/games/" + g.Name() + "/assets")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			got, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("GET assets: %s: %s", resp.Status, got)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q, want application/json", ct)
			}
			path := filepath.Join("testdata", "assets", g.Name()+".json")
			if *updateAssets {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("reading the golden file: %v (run with -assets.update to write it)", err)
			}
			if !bytes.Equal(got, want) {
				i := 0
				for i < len(got) && i < len(want) && got[i] == want[i] {
					i++
				}
				t.Errorf("assets of %s differ from %s at byte %d of %d (want %d): got …%s…, want …%s…",
					g.Name(), path, i, len(got), len(want), excerpt(got, i), excerpt(want, i))
			}
		})
	}
	t.Run("unknown game", func(t *testing.T) {
		resp, err := http.Get(ts.url + "/api/games/nosuchgame/assets")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET assets of an unknown game: %s, want 404", resp.Status)
		}
	})
}

// excerpt returns up to 40 bytes of b either side of i.
func excerpt(b []byte, i int) string {
	return string(b[max(0, i-40):min(len(b), i+40)])
}

// TestAssetsGames checks that the games with a renderer of their own
// provide assets through the kernel's interface, so that the server needs
// to know none of them.
func TestAssetsGames(t *testing.T) {
	for _, tc := range []struct {
		game   string
		assets bool
	}{
		{"blackred", true},
		{"tacticsdavid", true},
		{"wintergrim", true},
		{"bloodrage", true},
		{"runewars", true},
	} {
		g, err := games.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		_, ok := g.(engine.AssetProvider)
		if ok != tc.assets {
			t.Errorf("%s is an engine.AssetProvider: %v, want %v", tc.game, ok, tc.assets)
		}
	}
}

// gameImports returns "file: import" for every import of a package under
// skald/games/ (skald/games itself, the registry, is allowed) in the
// non-test Go files of dir.
func gameImports(t *testing.T, dir string) (bad []string, files int) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("parsing %s: %v", path, err)
		}
		files++
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				t.Fatalf("%s: import %s: %v", path, imp.Path.Value, err)
			}
			if strings.HasPrefix(p, "skald/games/") {
				bad = append(bad, filepath.Base(path)+": imports "+p)
			}
		}
	}
	return bad, files
}

// TestServerKnowsNoGame checks that the server reaches games only through
// the registry (skald/games and Config.Games): none of its non-test files
// imports a game's package, so a new game needs no change to the server.
func TestServerKnowsNoGame(t *testing.T) {
	bad, files := gameImports(t, ".")
	if files < 5 {
		t.Fatalf("only %d non-test files found in the server package", files)
	}
	for _, b := range bad {
		t.Errorf("%s: the server reaches games only through the registry (skald/games)", b)
	}
}

// TestGameImportsFinds makes sure the check above can fail: it runs it on
// a throwaway package that imports games.
func TestGameImportsFinds(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"a.go":      "package p\n\nimport (\n\t\"fmt\"\n\t\"skald/games\"\n\twg \"skald/games/wintergrim\"\n)\n",
		"b.go":      "package p\n\nimport _ \"skald/games/tacticsdavid/battlefield\"\n",
		"c_test.go": "package p\n\nimport \"skald/games/blackred\"\n", // tests may
		"d.go":      "package p\n\nimport \"skald/gamesx\"\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bad, files := gameImports(t, dir)
	if files != 3 {
		t.Errorf("%d files checked, want 3", files)
	}
	want := []string{"a.go: imports skald/games/wintergrim", "b.go: imports skald/games/tacticsdavid/battlefield"}
	if strings.Join(bad, "\n") != strings.Join(want, "\n") {
		t.Errorf("found %q, want %q", bad, want)
	}
}
