package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"skald/engine"
	"skald/internal/testgame"
	"skald/store"
)

// TestBotPanicFailsOnlyItsMatch checks that a bot that panics in a served
// match stops that match only: it is marked failed with its record kept,
// the failure is counted, and another match goes on.
func TestBotPanicFailsOnlyItsMatch(t *testing.T) {
	ts := newTestServer(t)
	other := create(t, ts.url, "blackred", nil, "human", "human")
	// The test game's panic=search makes a searching bot panic.
	bad := create(t, ts.url, "bids", engine.Options{"panic": "search"}, "human", "mcts:iters=10")
	human := dial(t, ts.url, bad.ID, bad.Seats[0].Token)
	defer human.close()
	got := waitStatus(t, ts.store, bad.ID, store.Failed)
	if !strings.Contains(got.Result, "bot") || !strings.Contains(got.Result, "panic") {
		t.Errorf("result %q does not say a bot panicked", got.Result)
	}
	f := human.latest()
	if f.Status != store.Failed { // it failed after the player came
		f = human.waitState(func(f *frame) bool { return f.Status == store.Failed })
	}
	if f == nil || len(f.Legal) != 0 || f.Result == "" {
		t.Fatalf("the player was not told the match failed: %+v", f)
	}
	// An action in the failed match is refused as the match's failure,
	// not as the player's mistake.
	if a := human.act("bid 1", -1); a.Type != "error" || a.Code != EFAILED {
		t.Errorf("action in a failed match: %+v, want a failed error", a)
	}
	if n := testutil.ToFloat64(ts.metrics.failures.WithLabelValues("bids", "bot")); n != 1 {
		t.Errorf("skald_match_failures_total{game=bids,cause=bot} = %v, want 1", n)
	}
	// The other match plays on.
	black := dial(t, ts.url, other.ID, other.Seats[0].Token)
	defer black.close()
	red := dial(t, ts.url, other.ID, other.Seats[1].Token)
	defer red.close()
	for step := 0; step < 4; step++ {
		c := black
		if len(c.latest().Legal) == 0 {
			c = red
		}
		if a := c.act(c.latest().Legal[0], c.latest().Seq); a.Type != "ack" {
			t.Fatalf("the other match, step %d: %+v", step, a)
		}
		black.waitSeq(step + 1)
		red.waitSeq(step + 1)
	}
	// The failed match's record is there to download.
	resp, err := http.Get(ts.url + "/api/matches/" + bad.ID + "/record?format=jsonl&token=" + bad.Seats[0].Token)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), `"game":"bids"`) {
		t.Errorf("record of the failed match: %s %s", resp.Status, b)
	}
	// A restart does not resume it, and comes up.
	if err := ts.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	h := ts.Health(context.Background())
	if h.Status != "ok" || h.Failed != 1 || len(h.FailedIDs) != 1 || h.FailedIDs[0] != bad.ID {
		t.Errorf("health %+v, want ok with the failed match listed", h)
	}
}

// TestGamePanicOnAction checks that a game that panics on a player's
// action fails its match, and the player is told so, not that the action
// was illegal.
func TestGamePanicOnAction(t *testing.T) {
	ts := newTestServer(t)
	cr := create(t, ts.url, "bids", engine.Options{"panic": "apply", "order": "sequential"}, "human", "human")
	seats := []*client{dial(t, ts.url, cr.ID, cr.Seats[0].Token), dial(t, ts.url, cr.ID, cr.Seats[1].Token)}
	defer seats[0].close()
	defer seats[1].close()
	var last *frame
	for step := 0; step < 10; step++ {
		var c *client
		for _, s := range seats {
			if s.latest().Status == store.Playing && len(s.latest().Legal) > 0 {
				c = s
			}
		}
		if c == nil {
			break
		}
		last = c.act(c.latest().Legal[0], c.latest().Seq)
		if last.Type == "error" {
			break
		}
		for _, s := range seats {
			s.waitSeq(step + 1)
		}
	}
	if last == nil || last.Type != "error" || last.Code != EFAILED {
		t.Fatalf("the panicking action was answered %+v, want a failed error", last)
	}
	m := waitStatus(t, ts.store, cr.ID, store.Failed)
	if !strings.Contains(m.Result, "panic") {
		t.Errorf("result %q", m.Result)
	}
	acts, _ := ts.store.Actions(context.Background(), cr.ID, 0)
	if len(acts) != m.Actions || m.Actions == 0 {
		t.Errorf("%d actions stored, match says %d", len(acts), m.Actions)
	}
}

// TestDamagedStepFailsMatch checks that a stored action that no longer
// applies marks its match failed when it is loaded, is logged, and is
// never reported to a player as their own illegal move.
func TestDamagedStepFailsMatch(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "skald.db")
	st, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{Store: st, Games: withTestGame})
	if err != nil {
		t.Fatal(err)
	}
	hs := httpTestServer(t, srv)
	cr := create(t, hs, "bids", engine.Options{"order": "sequential"}, "human", "human")
	seats := []*client{dial(t, hs, cr.ID, cr.Seats[0].Token), dial(t, hs, cr.ID, cr.Seats[1].Token)}
	for step := 0; step < 3; step++ {
		for _, c := range seats {
			if l := c.latest(); len(l.Legal) > 0 {
				if a := c.act(l.Legal[0], l.Seq); a.Type != "ack" {
					t.Fatal(a)
				}
				break
			}
		}
		seats[0].waitSeq(step + 1)
		seats[1].waitSeq(step + 1)
	}
	seats[0].close()
	seats[1].close()
	srv.Close()
	// Damage step 2 behind the server's back.
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE actions SET action = 'bid 99' WHERE match_id = ? AND seq = 2`, cr.ID); err != nil {
		t.Fatal(err)
	}
	db.Close()

	var logs strings.Builder
	srv2, err := New(Config{Store: st, Games: withTestGame, Logger: jsonLogger(&logs)})
	if err != nil {
		t.Fatal(err)
	}
	hs2 := httpTestServer(t, srv2)
	if err := srv2.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	m := waitStatus(t, st, cr.ID, store.Failed)
	if !strings.Contains(m.Result, "step 2") {
		t.Errorf("result %q does not name the damaged step", m.Result)
	}
	if strings.Contains(m.Result, "recorded under rules") {
		t.Errorf("result %q blames the rules version, which has not changed", m.Result)
	}
	if !strings.Contains(logs.String(), `"msg":"match failed"`) || !strings.Contains(logs.String(), cr.ID) {
		t.Errorf("the failure was not logged:\n%s", logs.String())
	}
	c := dial(t, hs2, cr.ID, cr.Seats[0].Token)
	defer c.close()
	if f := c.latest(); f.Status != store.Failed || f.Seq != 1 {
		t.Errorf("the player sees %s at step %d, want failed at step 1 (the last that replays)", f.Status, f.Seq)
	}
	if a := c.act("bid 2", -1); a.Code != EFAILED {
		t.Errorf("an action in the damaged match: %+v, want a failed error, not the player's mistake", a)
	}
	// Its record holds every stored action and says where replay stops.
	var rec struct {
		Steps   []recordStep `json:"steps"`
		Replays int          `json:"replays"`
		Failure string       `json:"failure"`
	}
	resp, err := http.Get(hs2 + "/api/matches/" + cr.ID + "/record")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&rec)
	resp.Body.Close()
	if len(rec.Steps) != 3 || rec.Replays != 1 || rec.Failure == "" {
		t.Errorf("record: %d steps, %d replay, failure %q; want 3, 1 and the reason", len(rec.Steps), rec.Replays, rec.Failure)
	}
	// The operator retries it: it fails again, and is logged again.
	if err := st.SetStatus(context.Background(), cr.ID, []string{store.Failed}, store.Playing, ""); err != nil {
		t.Fatal(err)
	}
	c2, err := dialErr(hs2, cr.ID, cr.Seats[1].Token)
	if err == nil {
		c2.t = t
		c2.close()
	}
	waitStatus(t, st, cr.ID, store.Failed)
}

// TestEndIdle checks that matches nobody started, and those abandoned,
// are ended with their records kept, and take no more actions.
func TestEndIdle(t *testing.T) {
	ts := newTestServerWith(t, func(c *Config) { c.Limits.UnstartedAge = 50 * time.Millisecond })
	cr := create(t, ts.url, "blackred", nil, "human", "human")
	m := waitStatus(t, ts.store, cr.ID, store.Ended)
	if !strings.Contains(m.Result, "nobody played it") {
		t.Errorf("result %q", m.Result)
	}
	c := dial(t, ts.url, cr.ID, cr.Seats[0].Token)
	defer c.close()
	if f := c.latest(); f.Status != store.Ended || len(f.Legal) != 0 {
		t.Errorf("an ended match shows %s with %d legal actions", f.Status, len(f.Legal))
	}
	if a := c.act("x", -1); a.Type != "error" || a.Code != ECONFLICT {
		t.Errorf("an action in an ended match: %+v", a)
	}
}

// TestHealth checks that /healthz says what is wrong: a database that
// does not answer, or one that reported damage.
func TestHealth(t *testing.T) {
	ts := newTestServer(t)
	get := func() (int, Health) {
		resp, err := http.Get(ts.url + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var h Health
		json.NewDecoder(resp.Body).Decode(&h)
		return resp.StatusCode, h
	}
	if code, h := get(); code != 200 || h.Status != "ok" || h.Database != "ok" {
		t.Errorf("a sound server: %d %+v", code, h)
	}
	ts.health.storeError(io.ErrUnexpectedEOF) // not damage
	if code, _ := get(); code != 200 {
		t.Errorf("an error that is not damage: %d", code)
	}
	ts.health.storeError(sqliteMalformed)
	if code, h := get(); code != 503 || h.Status != "damaged" || !strings.Contains(h.Damage, "malformed") {
		t.Errorf("after the store reported damage: %d %+v", code, h)
	}
	ts.store.Close()
	if code, h := get(); code != 503 || h.Database == "ok" {
		t.Errorf("with the database closed: %d %+v", code, h)
	}
}

// sqliteMalformed is the error SQLite gives for a damaged file.
var sqliteMalformed = errorString("database disk image is malformed (11)")

type errorString string

func (e errorString) Error() string { return string(e) }

// httpTestServer serves srv on loopback until the test ends and returns
// its URL.
func httpTestServer(t *testing.T, srv *Server) string {
	t.Helper()
	hs := httptest.NewUnstartedServer(srv)
	hs.Config = srv.HTTPServer()
	hs.Start()
	t.Cleanup(func() {
		hs.CloseClientConnections()
		srv.Close()
		hs.Close()
	})
	return hs.URL
}

// jsonLogger logs JSON lines to w, safe for concurrent use.
func jsonLogger(w *strings.Builder) *slog.Logger {
	return slog.New(slog.NewJSONHandler(&lockedWriter{w: w}, nil))
}

type lockedWriter struct {
	mu sync.Mutex
	w  *strings.Builder
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// refusingGame is the test game, but for seat 1 it refuses every action
// its legal lists offer: a game that breaks the kernel's contract.
type refusingGame struct{ testgame.Game }

func (refusingGame) Name() string { return "refusing" }

func (g refusingGame) New(cfg engine.Config) (engine.State, error) {
	st, err := g.Game.New(cfg)
	return &refusingState{st}, err
}

type refusingState struct{ engine.State }

func (s *refusingState) Apply(a engine.Action, events *engine.Log) error {
	if a.Seat == 1 {
		return engine.Illegal("test", "refused")
	}
	return s.State.Apply(a, events)
}

func (s *refusingState) Clone() engine.State { return &refusingState{s.State.Clone()} }

// TestBotActionRefused checks that a match whose game refuses the legal
// action its bot chose fails, rather than waits for that bot for ever.
func TestBotActionRefused(t *testing.T) {
	ts := newTestServerWith(t, func(c *Config) {
		c.Games = func(name string) (engine.Game, error) {
			if name == "refusing" {
				return refusingGame{}, nil
			}
			return withTestGame(name)
		}
	})
	cr := create(t, ts.url, "refusing", engine.Options{"order": "sequential"}, "random", "random")
	m := waitStatus(t, ts.store, cr.ID, store.Failed)
	if !strings.Contains(m.Result, "legal action") || !strings.Contains(m.Result, "refused") {
		t.Errorf("result %q", m.Result)
	}
}

// TestOldRulesNamed checks that a stored match made under another version
// of its game's rules, whose steps no longer replay, fails with the
// versions named: the likely cause, for the operator.
func TestOldRulesNamed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "skald.db")
	st, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := &store.Match{ID: "oldrules", Game: "bids", Rules: "0", Options: engine.Options{"order": "sequential"}, Seed: 1,
		Seats: []store.Seat{{Player: "human", Token: "a"}, {Player: "human", Token: "b"}}, Spectator: "s"}
	if err := st.CreateMatch(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	// A step whose hash this version of the game does not reach.
	if err := st.Append(context.Background(), m.ID, store.Action{Seq: 1, Seat: 0, Action: "bid 1", Hash: "0000000000000000"}, store.Playing, ""); err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{Store: st, Games: withTestGame})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if err := srv.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := waitStatus(t, st, m.ID, store.Failed)
	if !strings.Contains(got.Result, "recorded under rules 0; this server plays 1") {
		t.Errorf("result %q does not name the rules versions", got.Result)
	}
}
