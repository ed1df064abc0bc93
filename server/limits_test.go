package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"skald/engine"
	"skald/store"
)

// post sends body to path and returns the status and the decoded error,
// if any.
func post(t *testing.T, url, path string, body any) (int, errorBody) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url+path, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var eb errorBody
	raw, _ := io.ReadAll(resp.Body)
	json.Unmarshal(raw, &eb)
	return resp.StatusCode, eb
}

// countMatches returns the number of matches stored, by status.
func countMatches(t *testing.T, st store.Store) int {
	t.Helper()
	n := 0
	for _, status := range store.Statuses {
		ms, err := st.Matches(context.Background(), status, 100000)
		if err != nil {
			t.Fatal(err)
		}
		n += len(ms)
	}
	return n
}

// TestBotBudgetRefused checks that a bot asking for more than the
// server's limits is refused when the match is created, with the limit
// named, and that nothing is stored (the report: mcts:iters=999999999
// ran the server out of memory; mcts:time=100h pinned a core for good).
func TestBotBudgetRefused(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		bot, limit string
	}{
		{"mcts:iters=999999999", "bot-iters"},
		{"mcts:iters=20001", "bot-iters"},
		{"mcts:time=100h", "bot-time"},
		{"mcts:time=6s", "bot-time"},
		{"mcts:depth=5000", "bot-depth"},
	}
	for _, tt := range tests {
		status, eb := post(t, ts.url, "/api/matches", CreateRequest{Game: "blackred", Seats: []string{tt.bot, "random"}})
		if status != http.StatusBadRequest || eb.Code != EINVALID || !strings.Contains(eb.Message, tt.limit) {
			t.Errorf("%s: %d %s %q, want 400 invalid naming %s", tt.bot, status, eb.Code, eb.Message, tt.limit)
		}
	}
	if n := countMatches(t, ts.store); n != 0 {
		t.Errorf("%d matches stored after refused creations", n)
	}
	// Within the limits, the match is created and its bots play.
	if status, eb := post(t, ts.url, "/api/matches", CreateRequest{Game: "blackred", Seats: []string{"mcts:iters=20000", "mcts:time=5s"}}); status != http.StatusCreated {
		t.Errorf("a bot at the limits: %d %v", status, eb)
	}
}

// TestStoredBotOverLimits checks that a stored match whose bot asks for
// more than the server now allows (a limit lowered since) fails, rather
// than runs the search, and that the server goes on.
func TestStoredBotOverLimits(t *testing.T) {
	ts := newTestServerWith(t, func(c *Config) { c.Limits.Bot.MaxIterations = 50 })
	m := &store.Match{ID: "overbudget", Game: "blackred", Rules: "1", Options: engine.Options{}, Seed: 3,
		Seats: []store.Seat{{Player: "mcts:iters=999999999"}, {Player: "random"}}, Spectator: hashToken("spec")}
	if err := ts.store.CreateMatch(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if err := ts.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := waitStatus(t, ts.store, m.ID, store.Failed)
	if !strings.Contains(got.Result, "iters=999999999") {
		t.Errorf("result %q does not say which budget", got.Result)
	}
}

// waitStatus waits until match id has the given status and returns it.
func waitStatus(t *testing.T, st store.Store, id, status string) *store.Match {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		m, err := st.Match(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status == status {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("match %s is %s (%s), not %s", id, m.Status, m.Result, status)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestCreationLimits checks the rate of creations per address, the
// number of unstarted matches and the size of the options.
func TestCreationLimits(t *testing.T) {
	t.Run("rate", func(t *testing.T) {
		ts := newTestServerWith(t, func(c *Config) { c.Limits.CreatesPerMinute, c.Limits.CreateBurst = 1, 5 })
		req := CreateRequest{Game: "blackred", Seats: []string{"human", "human"}}
		for i := range 5 {
			if status, eb := post(t, ts.url, "/api/matches", req); status != http.StatusCreated {
				t.Fatalf("creation %d: %d %v", i, status, eb)
			}
		}
		status, eb := post(t, ts.url, "/api/matches", req)
		if status != http.StatusTooManyRequests || eb.Code != ELIMITED || !strings.Contains(eb.Message, "creates-per-minute=1") {
			t.Errorf("sixth creation: %d %s %q, want 429 limited naming creates-per-minute=1", status, eb.Code, eb.Message)
		}
		if n := countMatches(t, ts.store); n != 5 {
			t.Errorf("%d matches stored, want 5", n)
		}
	})
	t.Run("unstarted", func(t *testing.T) {
		ts := newTestServerWith(t, func(c *Config) { c.Limits.Unstarted = 3 })
		req := CreateRequest{Game: "blackred", Seats: []string{"human", "human"}}
		var first *CreateResponse
		for i := range 3 {
			cr := create(t, ts.url, req.Game, nil, req.Seats...)
			if i == 0 {
				first = cr
			}
		}
		status, eb := post(t, ts.url, "/api/matches", req)
		if status != http.StatusTooManyRequests || !strings.Contains(eb.Message, "unstarted=3") {
			t.Errorf("fourth unstarted match: %d %q, want 429 naming unstarted=3", status, eb.Message)
		}
		// Playing one frees a place.
		c := dial(t, ts.url, first.ID, first.Seats[0].Token)
		defer c.close()
		if len(c.latest().Legal) == 0 {
			c = dial(t, ts.url, first.ID, first.Seats[1].Token)
			defer c.close()
		}
		if f := c.act(c.latest().Legal[0], c.latest().Seq); f.Type != "ack" {
			t.Fatalf("act: %+v", f)
		}
		if status, eb := post(t, ts.url, "/api/matches", req); status != http.StatusCreated {
			t.Errorf("after one started: %d %v", status, eb)
		}
	})
	t.Run("options", func(t *testing.T) {
		ts := newTestServerWith(t, func(c *Config) { c.Limits.OptionBytes = 1000 })
		// A battlefield padded with comment lines (the report: 61 KB each,
		// stored as sent).
		padded := "# " + strings.Repeat("x", 2000) + "\n"
		status, eb := post(t, ts.url, "/api/matches", CreateRequest{Game: "tacticsdavid", Seats: []string{"human", "human"},
			Options: engine.Options{"battlefield": padded}})
		if status != http.StatusBadRequest || !strings.Contains(eb.Message, "max-options=1000") {
			t.Errorf("padded options: %d %q, want 400 naming max-options=1000", status, eb.Message)
		}
		if n := countMatches(t, ts.store); n != 0 {
			t.Errorf("%d matches stored", n)
		}
	})
}

// TestConnectionLimits checks the WebSockets per link and per match.
func TestConnectionLimits(t *testing.T) {
	ts := newTestServerWith(t, func(c *Config) { c.Limits.ConnsPerToken, c.Limits.ConnsPerMatch = 3, 5 })
	cr := create(t, ts.url, "blackred", nil, "human", "human")
	var open []*client
	defer func() {
		for _, c := range open {
			c.close()
		}
	}()
	for range 3 {
		open = append(open, dial(t, ts.url, cr.ID, cr.Spectator.Token))
	}
	if _, err := dialErr(ts.url, cr.ID, cr.Spectator.Token); err == nil || !strings.Contains(err.Error(), "429") || !strings.Contains(err.Error(), "conns-per-token=3") {
		t.Errorf("a fourth spectator: %v, want 429 naming conns-per-token=3", err)
	}
	for range 2 {
		open = append(open, dial(t, ts.url, cr.ID, cr.Seats[0].Token))
	}
	if _, err := dialErr(ts.url, cr.ID, cr.Seats[1].Token); err == nil || !strings.Contains(err.Error(), "conns-per-match=5") {
		t.Errorf("a sixth connection to the match: %v, want 429 naming conns-per-match=5", err)
	}
	// Closing one frees its place, once the server has seen it close.
	open[0].close()
	open = open[1:]
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := dialErr(ts.url, cr.ID, cr.Seats[1].Token)
		if err == nil {
			c.t = t
			open = append(open, c)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("5 s after one closed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBadSeq checks that every seq a client sends is validated: a
// negative one is refused and changes nothing (the report: it silently
// disabled the staleness check).
func TestBadSeq(t *testing.T) {
	ts := newTestServer(t)
	cr := create(t, ts.url, "blackred", nil, "human", "human")
	black := dial(t, ts.url, cr.ID, cr.Seats[0].Token)
	defer black.close()
	red := dial(t, ts.url, cr.ID, cr.Seats[1].Token)
	defer red.close()
	mover := black
	if len(mover.latest().Legal) == 0 {
		mover = red
	}
	text := mover.latest().Legal[0]
	for _, seq := range []string{"-1", "-9223372036854775808"} {
		mover.nextID++
		mover.send(fmt.Sprintf(`{"type":"act","id":%d,"action":%q,"seq":%s}`, mover.nextID, text, seq))
		var f *frame
		for f = mover.next(); f != nil && f.ID != mover.nextID; f = mover.next() {
		}
		if f == nil || f.Type != "error" || f.Code != EINVALID || !strings.Contains(f.Message, "seq") {
			t.Errorf("seq %s: %+v, want an invalid error about seq", seq, f)
		}
	}
	if m, _ := ts.store.Match(context.Background(), cr.ID); m.Actions != 0 {
		t.Errorf("%d actions stored after refused ones", m.Actions)
	}
}

// TestUnupgradedWebSocketStoresNothing checks that a GET of a match's
// WebSocket path that is not upgraded adds no player row (the report:
// each such GET added one, though it was answered 426).
func TestUnupgradedWebSocketStoresNothing(t *testing.T) {
	ts := newTestServer(t)
	cr := create(t, ts.url, "blackred", nil, "human", "human")
	key := "0123456789abcdef-player"
	for range 20 {
		resp, err := http.Get(ts.url + "/api/matches/" + cr.ID + "/ws?token=" + cr.Seats[0].Token + "&player=" + key)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusSwitchingProtocols || resp.StatusCode < 400 {
			t.Fatalf("a plain GET was answered %s", resp.Status)
		}
	}
	pms, err := ts.store.PlayerMatches(context.Background(), hashToken("player:"+key), 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(pms) != 0 {
		t.Errorf("%d player rows from requests that were never upgraded", len(pms))
	}
}

// TestTimeouts checks that a slow body, an idle keep-alive connection and
// a WebSocket whose peer does not answer pings are closed.
func TestTimeouts(t *testing.T) {
	ts := newTestServerWith(t, func(c *Config) {
		c.Limits.BodyTimeout, c.Limits.IdleTimeout = 500*time.Millisecond, 300*time.Millisecond
		c.Limits.PingInterval, c.Limits.PingTimeout = 100*time.Millisecond, 200*time.Millisecond
	})
	addr := strings.TrimPrefix(ts.url, "http://")
	closedWithin := func(t *testing.T, nc net.Conn, d time.Duration, feed func() bool) {
		t.Helper()
		start := time.Now()
		buf := make([]byte, 4096)
		for time.Since(start) < d {
			if feed != nil && !feed() {
				return // writing failed: closed
			}
			nc.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
			if _, err := nc.Read(buf); err != nil && !isTimeout(err) {
				return
			}
		}
		t.Errorf("the connection is still open after %s", d)
	}
	t.Run("slow body", func(t *testing.T) {
		nc, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		fmt.Fprintf(nc, "POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
		closedWithin(t, nc, 5*time.Second, func() bool {
			_, err := nc.Write([]byte(" "))
			return err == nil
		})
	})
	t.Run("idle keep-alive", func(t *testing.T) {
		nc, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		fmt.Fprintf(nc, "GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(nc), nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		closedWithin(t, nc, 5*time.Second, nil)
	})
	t.Run("unanswered pings", func(t *testing.T) {
		cr := create(t, ts.url, "blackred", nil, "human", "human")
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		u := "ws" + strings.TrimPrefix(ts.url, "http") + "/api/matches/" + cr.ID + "/ws?token=" + cr.Seats[0].Token
		ws, _, err := websocket.Dial(ctx, u, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		// This client never reads, so it never answers a ping: the
		// server closes it and lets the match go from memory.
		deadline := time.Now().Add(5 * time.Second)
		for testutil.ToFloat64(ts.metrics.conns) > 0 || ts.LiveMatches() > 0 {
			if time.Now().After(deadline) {
				t.Fatalf("after 5s: %v connections, %d live matches", testutil.ToFloat64(ts.metrics.conns), ts.LiveMatches())
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// TestBotSearchesBounded checks that no more bots think at once than the
// limit allows, over all matches (the report: 12 matches of
// mcts:iters=3000000 thinking at once ran the server out of memory).
func TestBotSearchesBounded(t *testing.T) {
	ts := newTestServerWith(t, func(c *Config) { c.Limits.BotSearches = 1 })
	for range 4 {
		create(t, ts.url, "blackred", nil, "mcts:iters=3000", "mcts:iters=3000")
	}
	most, waited := 0.0, 0.0
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		most = max(most, testutil.ToFloat64(ts.metrics.botsThinking))
		waited = max(waited, testutil.ToFloat64(ts.metrics.botsWaiting))
		time.Sleep(time.Millisecond)
	}
	if most != 1 {
		t.Errorf("at most %v bots thought at once, want 1", most)
	}
	if waited < 1 {
		t.Errorf("no bot waited for its turn among 4 matches with one slot")
	}
}

// TestLimitsFlags checks that every limit has a flag and is shown with
// its value.
func TestLimitsFlags(t *testing.T) {
	lim := DefaultLimits()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	lim.Flags(fs)
	if err := fs.Parse([]string{"--bot-iters=7", "--ping-timeout=3s", "--conns=9"}); err != nil {
		t.Fatal(err)
	}
	if lim.Bot.MaxIterations != 7 || lim.PingTimeout != 3*time.Second || lim.Conns != 9 {
		t.Errorf("flags not applied: %+v", lim)
	}
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n != strings.Count(lim.String(), "\n") {
		t.Errorf("%d flags for %d limits", n, strings.Count(lim.String(), "\n"))
	}
	bad := DefaultLimits()
	bad.Unstarted = 0
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), "unstarted") {
		t.Errorf("a zero limit: %v", err)
	}
	if _, err := New(Config{Store: nil}); err == nil {
		t.Error("a server without a store")
	}
}

// TestLimitsDocumented checks that docs/STATUS.md lists every limit with
// its default, as Limits.Markdown gives them.
func TestLimitsDocumented(t *testing.T) {
	b, err := os.ReadFile("../docs/STATUS.md")
	if err != nil {
		t.Fatal(err)
	}
	lim := DefaultLimits()
	if want := lim.Markdown(); !strings.Contains(string(b), want) {
		t.Errorf("docs/STATUS.md does not hold the table of limits; put in:\n%s", want)
	}
}
