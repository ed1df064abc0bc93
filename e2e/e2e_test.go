//go:build e2e

package e2e

import (
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"skald/engine"
	"skald/games"
	"skald/internal/testgame"
	"skald/server"
	"skald/store"
)

// serve starts a skald server on a loopback port with a fresh SQLite file
// and returns its base URL. It serves the registered games and the test
// game ("bids").
func serve(t *testing.T) string {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "skald.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, BotDelay: 20 * time.Millisecond, Games: withTestGame})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv}
	go hs.Serve(ln)
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		st.Close()
	})
	return "http://" + ln.Addr().String()
}

// withTestGame looks up the registered games and the test game.
func withTestGame(name string) (engine.Game, error) {
	if name == (testgame.Game{}).Name() {
		return testgame.Game{}, nil
	}
	return games.Lookup(name)
}

// node runs one browser test script against a new server.
func node(t *testing.T, script string) {
	t.Helper()
	if _, err := os.Stat("node_modules/playwright-core"); err != nil {
		t.Fatal("playwright-core is not installed: run `npm ci` in e2e/ (./test does)")
	}
	if _, err := os.Stat("/usr/bin/chromium"); err != nil && os.Getenv("CHROMIUM") == "" {
		t.Fatal("no /usr/bin/chromium: apt-get install chromium (./test does)")
	}
	url := serve(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", script)
	cmd.Env = append(os.Environ(), "SKALD_URL="+url)
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("node %s: %v", script, err)
	}
}

func TestBlackRedTwoPlayers(t *testing.T) { node(t, "blackred_two_players.mjs") }
func TestTacticsDavidBot(t *testing.T)    { node(t, "tacticsdavid_bot.mjs") }
func TestRefusedAction(t *testing.T)      { node(t, "refused.mjs") }
func TestReload(t *testing.T)             { node(t, "reload.mjs") }
func TestSpectator(t *testing.T)          { node(t, "spectator.mjs") }
func TestWintergrimBot(t *testing.T)      { node(t, "wintergrim.mjs") }
func TestBidsFiveSeats(t *testing.T)      { node(t, "bids_five_seats.mjs") }
func TestBloodRage(t *testing.T)          { node(t, "bloodrage.mjs") }
func TestWinnerNamed(t *testing.T)        { node(t, "winner.mjs") }
func TestRunewars(t *testing.T)           { node(t, "runewars.mjs") }
