package server

import (
	"bytes"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"skald/games"
	"skald/internal/testgame"
)

var updateAssets = flag.Bool("assets.update", false, "rewrite testdata/assets/GAME.json from what /api/games/GAME/assets serves")

// TestAssetsGolden checks that /api/games/GAME/assets serves, byte for
// byte, the JSON kept in testdata/assets/GAME.json for every game: what a
// browser renderer draws from does not change unnoticed (the files were
// captured when the server still built the assets itself). A game without
// assets serves {}. After a deliberate change to a game's content, run
// go test -run TestAssetsGolden -assets.update ./server and review the diff.
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
