package server

// Fuzz targets of the fault campaign ("skald serve survives every request
// and every bot"). Each runs a real Server in the test process, on a SQLite
// file in a temporary directory, behind an httptest server, and feeds it
// what a hostile or broken client might send:
//
//   - FuzzCreateMatch: the body of POST /api/matches.
//   - FuzzActions: a sequence of actions sent over WebSocket by the two
//     seats of a match, one line each.
//   - FuzzFrames: one raw WebSocket message, text or binary, on a seat's
//     (or the spectator's) connection.
//
// Each asserts that the server never dies and never answers "internal" or
// 500, that every refusal is a JSON error with a known code and changes
// nothing, and that what it accepts is stored and replays.
//
// Plain `go test ./server` runs every seed, in about a second: the corpora
// in testdata/fuzz/<FuzzName>/ and the seeds added with f.Add (a valid
// match of every game in games.All, and each option's values). The seeds
// of FuzzActions that play whole matches were made by random legal play of
// the fuzzSeed matches. The long campaign runs one target at a time:
//
//	go test -run '^$' -fuzz '^FuzzCreateMatch$' -fuzztime 10m -fuzzminimizetime 50x ./server
//	go test -run '^$' -fuzz '^FuzzActions$' -fuzztime 10m -fuzzminimizetime 50x ./server
//	go test -run '^$' -fuzz '^FuzzFrames$' -fuzztime 10m -fuzzminimizetime 50x ./server
//
// (-fuzzminimizetime 50x: the default, a minute of minimizing each new
// interesting input, stalls FuzzActions, whose cases take milliseconds.)
// On two cores they run some 600, 40 and 150 cases a second. An input that
// fails is written to testdata/fuzz/<FuzzName>/; commit it, it is a
// regression test from then on. Run one input again with
// go test -run 'FuzzFrames/<file>' -v ./server.

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	_ "modernc.org/sqlite" // the "sqlite" driver, to count rows read-only

	"skald/ai"
	"skald/engine"
	"skald/games"
	"skald/store"
)

// wireCodes are the error codes a client may be sent for what it did, with
// the HTTP status of each: "internal" (500) is not among them, and
// "limited" (429) is a rate or quota refusal.
var wireCodes = map[string]int{
	"invalid":      http.StatusBadRequest,
	"not_found":    http.StatusNotFound,
	"unauthorized": http.StatusUnauthorized,
	"forbidden":    http.StatusForbidden,
	"illegal":      http.StatusUnprocessableEntity,
	"conflict":     http.StatusConflict,
	"too_large":    http.StatusRequestEntityTooLarge,
	"limited":      http.StatusTooManyRequests,
}

// wireMaxMessage is the server's default limit on a WebSocket message, in
// bytes: a longer one closes the connection with StatusMessageTooBig.
var wireMaxMessage = int(DefaultLimits().Message)

// fuzzSeed is the seed of every match the fuzz targets create, so that an
// input plays the same match each time it runs.
const fuzzSeed = 1

// errorAnswer checks that an HTTP answer that is not a success is a JSON
// error body with a known code and the status of that code.
func errorAnswer(status int, header http.Header, body []byte) error {
	var e struct {
		Type    string `json:"type"`
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(body, &e); err != nil {
		return fmt.Errorf("status %d with a body that is not JSON (%v): %.300q", status, err, body)
	}
	want, known := wireCodes[e.Code]
	switch {
	case !known:
		return fmt.Errorf("status %d with unknown error code %q: %.300s", status, e.Code, body)
	case status != want:
		return fmt.Errorf("status %d for code %q, which is %d: %.300s", status, e.Code, want, body)
	case e.Type != "error" || e.Message == "":
		return fmt.Errorf("status %d: an error body wants type \"error\" and a message: %.300s", status, body)
	case !strings.HasPrefix(header.Get("Content-Type"), "application/json"):
		return fmt.Errorf("status %d: content type %q, want JSON", status, header.Get("Content-Type"))
	}
	return nil
}

// checkHealth fails t unless GET /healthz answers 200.
func checkHealth(t *testing.T, hc *http.Client, base string) {
	t.Helper()
	resp, err := hc.Get(base + "/healthz")
	if err != nil {
		t.Fatalf("the server is down: GET /healthz: %v", err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /healthz: %s", resp.Status)
	}
}

// fuzzStore is a SQLite store in a fresh directory and a second, read-only
// handle on its file to count what is stored behind the server's back.
type fuzzStore struct {
	store.Store
	ro *sql.DB
}

// openFuzzStore opens a store in a new directory under dir.
func openFuzzStore(dir string) (*fuzzStore, error) {
	dir, err := os.MkdirTemp(dir, "store")
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "skald.db")
	st, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		return nil, err
	}
	ro, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		st.Close()
		return nil, err
	}
	return &fuzzStore{Store: st, ro: ro}, nil
}

func (s *fuzzStore) close() {
	s.ro.Close()
	s.Store.Close()
}

// matches returns the number of matches stored.
func (s *fuzzStore) matches(t *testing.T) int {
	t.Helper()
	var n int
	if err := s.ro.QueryRow("SELECT count(*) FROM matches").Scan(&n); err != nil {
		t.Fatalf("count the matches: %v", err)
	}
	return n
}

// steps returns the number of actions stored in match id, as the store
// says and as its rows are.
func (s *fuzzStore) steps(t *testing.T, id string) int {
	t.Helper()
	m, err := s.Match(context.Background(), id)
	if err != nil {
		t.Fatalf("match %s: %v", id, err)
	}
	var rows int
	if err := s.ro.QueryRow("SELECT count(*) FROM actions WHERE match_id = ?", id).Scan(&rows); err != nil {
		t.Fatalf("count the actions of %s: %v", id, err)
	}
	if rows != m.Actions {
		t.Fatalf("match %s: %d actions counted, %d rows stored", id, m.Actions, rows)
	}
	return rows
}

// FuzzCreateMatch posts the fuzzer's bytes as the body of POST
// /api/matches. The server must answer 201 with a match that is then
// stored (and only that one), or a JSON error with a known code and its
// status (never 500) having stored nothing; and it must stay up.
//
// A bot seat is accepted only with a budget within the server's default
// limits. Bots never think here all the same: every case gets a new Server
// with a bot delay of an hour, closed at the end of the case, so that a
// budget the server should not have accepted costs nothing. A new
// Server per case also starts each case with fresh rate limits; the store
// is replaced every few hundred cases, so that a quota on the matches
// stored is not what every later case runs into.
func FuzzCreateMatch(f *testing.F) {
	for _, g := range games.All() {
		lo, hi := g.Seats()
		humans, bots := []string{}, []string{}
		for i := 0; i < hi; i++ {
			if i < lo {
				humans = append(humans, "human")
			}
			bots = append(bots, []string{"human", "random", "mcts:iters=10", "mcts:time=50ms,c=0.7,depth=0"}[i%4])
		}
		f.Add(mustJSON(CreateRequest{Game: g.Name(), Seats: humans}))
		f.Add(mustJSON(CreateRequest{Game: g.Name(), Seats: bots}))
		f.Add(mustJSON(CreateRequest{Game: g.Name(), Seats: append(humans[:0:0], "random", "mcts:iters=999999999")}))
		for _, o := range g.Options() {
			for _, v := range append([]string{o.Default, strconv.Itoa(o.Min - 1), strconv.Itoa(o.Max + 1)}, o.Choices...) {
				f.Add(mustJSON(CreateRequest{Game: g.Name(), Options: engine.Options{o.Name: v}, Seats: humans}))
			}
		}
	}

	var (
		cur   atomic.Pointer[Server]
		st    *fuzzStore
		cases int
		dir   = f.TempDir()
	)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { cur.Load().ServeHTTP(w, r) }))
	hc := &http.Client{Timeout: time.Minute, Transport: &http.Transport{}}
	f.Cleanup(func() {
		hs.CloseClientConnections()
		hs.Close()
		hc.CloseIdleConnections()
		if st != nil {
			st.close()
		}
	})

	f.Fuzz(func(t *testing.T, body []byte) {
		defer watchdog("FuzzCreateMatch", body)()
		if cases%300 == 0 {
			if st != nil {
				st.close()
			}
			var err error
			if st, err = openFuzzStore(dir); err != nil {
				t.Fatal(err)
			}
		}
		cases++
		srv, err := New(Config{Store: st, BotDelay: time.Hour, Seed: func() uint64 { return fuzzSeed }})
		if err != nil {
			t.Fatal(err)
		}
		cur.Store(srv)
		defer srv.Close()

		before := st.matches(t)
		resp, err := hc.Post(hs.URL+"/api/matches", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatalf("POST /api/matches: no answer (did the server die?): %v", err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("POST /api/matches: the answer broke off: %v", err)
		}
		after := st.matches(t)
		if resp.StatusCode != http.StatusCreated {
			if err := errorAnswer(resp.StatusCode, resp.Header, b); err != nil {
				t.Fatalf("POST /api/matches %.300q: %v", body, err)
			}
			if after != before {
				t.Fatalf("refused with %s, yet %d matches are stored, %d before", b, after, before)
			}
			t.Logf("%s: %.200s", resp.Status, b)
			checkHealth(t, hc, hs.URL)
			return
		}

		// Created: exactly one match more, which is what was answered.
		var cr CreateResponse
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&cr); err != nil {
			t.Fatalf("201 with a body that is not a CreateResponse (%v): %s", err, b)
		}
		if after != before+1 {
			t.Fatalf("201, and %d matches stored, %d before", after, before)
		}
		m, err := st.Match(context.Background(), cr.ID)
		if err != nil {
			t.Fatalf("201 for match %q, which is not stored: %v", cr.ID, err)
		}
		g, err := games.Lookup(m.Game)
		if err != nil {
			t.Fatalf("201 for a match of game %q: %v", m.Game, err)
		}
		if lo, hi := g.Seats(); len(m.Seats) < lo || len(m.Seats) > hi || len(cr.Seats) != len(m.Seats) {
			t.Fatalf("201 for %d seats (%d answered) of %s, which is played by %d to %d", len(m.Seats), len(cr.Seats), m.Game, lo, hi)
		}
		if m.Status != store.Playing || m.Actions != 0 {
			t.Fatalf("a new match is %s with %d actions", m.Status, m.Actions)
		}
		if _, err := g.New(engine.Config{Seats: len(m.Seats), Seed: m.Seed, Options: m.Options}); err != nil {
			t.Fatalf("201 for a match that does not start: %v", err)
		}
		for i, s := range cr.Seats {
			if s.Seat != i || (s.Player == "human") != (s.Token != "") || s.Player != m.Seats[i].Player {
				t.Fatalf("seat %d answered as %+v, stored as %+v", i, s, m.Seats[i])
			}
			// A bot's budget is within the server's limits.
			if s.Player != "human" {
				if _, err := ai.NewLimited(s.Player, 1, DefaultLimits().Bot); err != nil {
					t.Fatalf("seat %d: 201 for a bot over the limits: %v", i, err)
				}
			}
		}
		if cr.Spectator.Token == "" {
			t.Fatal("no spectator token")
		}
		var mi struct {
			ID      string `json:"id"`
			Status  string `json:"status"`
			Actions int    `json:"actions"`
		}
		resp, err = hc.Get(hs.URL + "/api/matches/" + cr.ID)
		if err != nil {
			t.Fatalf("GET the new match: %v", err)
		}
		b, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || json.Unmarshal(b, &mi) != nil || mi.ID != cr.ID || mi.Status != store.Playing {
			t.Fatalf("GET the new match: %s %s", resp.Status, b)
		}
		checkHealth(t, hc, hs.URL)
		t.Logf("created %s: %s %v", m.Game, m.Options, cr.Seats)
	})
}

// watchdog panics, with every goroutine's stack, if a case takes longer
// than a minute: a server that hangs fails the fuzz target (and the fuzzer
// keeps the input) instead of stalling it. Call the function it returns
// when the case is done.
func watchdog(what string, input []byte) (stop func()) {
	tm := time.AfterFunc(time.Minute, func() {
		buf := make([]byte, 8<<20)
		buf = buf[:runtime.Stack(buf, true)]
		fmt.Fprintf(os.Stderr, "%s: a case has taken a minute; input %.500q\n%s\n", what, input, buf)
		panic(what + ": a case has taken a minute: the server hangs")
	})
	return func() { tm.Stop() }
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// playServer is a Server with no bots to run, shared by the cases of a
// fuzz target, whose matches are created straight in its store (so that
// no limit on creating matches is in the way).
type playServer struct {
	st  *fuzzStore
	srv *Server
	url string
	hc  *http.Client
}

func newPlayServer(f *testing.F) *playServer {
	st, err := openFuzzStore(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	srv, err := New(Config{Store: st, BotDelay: time.Hour, Seed: func() uint64 { return fuzzSeed }})
	if err != nil {
		f.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	ps := &playServer{st: st, srv: srv, url: hs.URL, hc: &http.Client{Timeout: time.Minute, Transport: &http.Transport{}}}
	f.Cleanup(func() {
		hs.CloseClientConnections()
		srv.Close()
		hs.Close()
		ps.hc.CloseIdleConnections()
		st.close()
	})
	return ps
}

// fuzzGames are the matches the fuzz targets play: two people, seed
// fuzzSeed.
var fuzzGames = map[string]engine.Options{
	"blackred":     {"first": "black"},
	"tacticsdavid": {"armies": "auto", "battlefield": "open-field-7x11", "first": "one"},
	"wintergrim":   {},
}

// newMatch stores a new match of game for two people, as POST
// /api/matches would, and returns its id, the seats' tokens and the
// spectator's.
func (ps *playServer) newMatch(t *testing.T, game string) (id string, seats []string, spectator string) {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := engine.Resolve(g.Options(), fuzzGames[game])
	if err != nil {
		t.Fatal(err)
	}
	m := &store.Match{ID: newID(), Game: g.Name(), Rules: g.RulesVersion(), Options: opts, Seed: fuzzSeed}
	for range 2 {
		tok := newToken()
		seats = append(seats, tok)
		m.Seats = append(m.Seats, store.Seat{Player: "human", Token: hashToken(tok)})
	}
	spectator = newToken()
	m.Spectator = hashToken(spectator)
	if err := ps.st.CreateMatch(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	return m.ID, seats, spectator
}

// fuzzAct is an "act" message; Seq is sent as given, negative or not.
type fuzzAct struct {
	Type   string `json:"type"`
	ID     int64  `json:"id"`
	Action string `json:"action"`
	Seq    *int64 `json:"seq,omitempty"`
}

// parseActionLines reads FuzzActions' input: the game, if the first line
// is "game=NAME" naming one of fuzzGames, else blackred; then one message
// a line, sent by the first seat, the second, the first and so on. A line
// is "SEQ<TAB>ACTION", an action with the step the client says it saw, or
// just an action, sent with no seq. An empty line sends nothing: that seat
// passes its turn to send.
func parseActionLines(input []byte) (game string, msgs []*fuzzAct) {
	const maxLines, maxText = 100, 1000 // an action stays far below the message limit
	lines := strings.Split(string(input), "\n")
	game = "blackred"
	if name, ok := strings.CutPrefix(lines[0], "game="); ok {
		if _, ok := fuzzGames[name]; ok {
			game = name
		}
		lines = lines[1:]
	}
	for i, line := range lines {
		if i == maxLines {
			break
		}
		if line == "" {
			msgs = append(msgs, nil)
			continue
		}
		m := &fuzzAct{Type: "act", ID: int64(i + 1), Action: line}
		if s, text, ok := strings.Cut(line, "\t"); ok {
			if n, err := strconv.ParseInt(s, 10, 64); err == nil {
				m.Seq, m.Action = &n, text
			}
		}
		if len(m.Action) > maxText {
			m.Action = m.Action[:maxText]
		}
		msgs = append(msgs, m)
	}
	return game, msgs
}

// FuzzActions plays a match of two people with the fuzzer's actions (see
// parseActionLines), each sent once the previous one is answered. Each
// must be answered by an ack of the next step (only if the seq sent, if
// any, was the number of steps) or an error with a known code other than
// internal, after which the match has as many steps as before. At the end
// the match replays from the store, step by step and hash by hash, each
// seat was sent exactly what it may see, and a new connection finds the
// match at its last step.
func FuzzActions(f *testing.F) {
	ps := newPlayServer(f)
	f.Fuzz(func(t *testing.T, input []byte) {
		defer watchdog("FuzzActions", input)()
		game, msgs := parseActionLines(input)
		id, tokens, spectator := ps.newMatch(t, game)
		seats := []*client{dial(t, ps.url, id, tokens[0]), dial(t, ps.url, id, tokens[1])}
		defer func() {
			for _, c := range seats {
				c.close()
			}
		}()
		steps := 0
		for i, m := range msgs {
			if m == nil {
				continue
			}
			c := seats[i%2]
			c.send(m)
			var ans *frame
			for ans == nil {
				f := c.next()
				if f == nil {
					t.Fatalf("line %d (%q): no answer: %v", i+1, m.Action, c.err)
				}
				if (f.Type == "ack" || f.Type == "error") && f.ID == m.ID {
					ans = f
				}
			}
			seq := "none"
			if m.Seq != nil {
				seq = strconv.FormatInt(*m.Seq, 10)
			}
			now := ps.st.steps(t, id)
			switch ans.Type {
			case "ack":
				if m.Seq != nil && *m.Seq != int64(steps) {
					t.Fatalf("line %d: %s acted %q with seq %s at step %d and got an ack: a stale or negative seq must be refused", i+1, c.latest().Seat, m.Action, seq, steps)
				}
				if ans.Seq != steps+1 || now != steps+1 {
					t.Fatalf("line %d: ack of step %d, after step %d; %d stored", i+1, ans.Seq, steps, now)
				}
				steps++
			case "error":
				if _, ok := wireCodes[ans.Code]; !ok || ans.Message == "" {
					t.Fatalf("line %d: %q (seq %s) answered with code %q: %s", i+1, m.Action, seq, ans.Code, ans.raw)
				}
				if now != steps {
					t.Fatalf("line %d: %q refused (%s), yet %d steps are stored, %d before", i+1, m.Action, ans.Code, now, steps)
				}
			}
		}
		checkHealth(t, ps.hc, ps.url)
		t.Logf("%s: %d messages, %d steps", game, len(msgs), steps)

		// The match as stored replays; the seats saw exactly it.
		for _, c := range seats {
			if c.waitSeq(steps) == nil {
				t.Fatalf("%s never saw step %d: %v", c.latest().Seat, steps, c.err)
			}
		}
		ref := newReferee(t, ps.st, id)
		if len(ref.hashes) != steps {
			t.Fatalf("%d steps replayed from the store, %d acknowledged", len(ref.hashes), steps)
		}
		spec := dial(t, ps.url, id, spectator)
		seats = append(seats, spec)
		again := dial(t, ps.url, id, tokens[0])
		seats = append(seats, again)
		for _, c := range seats {
			if l := c.latest(); l.Seq != steps {
				t.Fatalf("%s at step %d, %d stored", l.Seat, l.Seq, steps)
			}
			ref.check(t, c)
			if check := secretChecks[game]; check != nil {
				checkSecrets(t, game, c)
			}
		}
	})
}

// frameMessage mirrors ClientMessage, to know what the server read.
type frameMessage struct {
	Type   string `json:"type"`
	ID     int64  `json:"id,omitempty"`
	Action string `json:"action,omitempty"`
	Seq    *int   `json:"seq,omitempty"`
}

// FuzzFrames sends one raw WebSocket message, text or binary, on the
// connection of a new match's first seat, second seat or spectator (who
// modulo 3), to Black & Red's first step, where the first seat may play
// "weapon bow". The answer must be an error with a known code other than
// internal (and then the match has no step), an ack of step 1 (to an act
// with no seq or seq 0), or the state (to a sync); a message over the
// limit must close the connection with StatusMessageTooBig and change
// nothing. An act whose seq is negative is refused as invalid. The
// server answers /healthz after each.
func FuzzFrames(f *testing.F) {
	ps := newPlayServer(f)
	f.Fuzz(func(t *testing.T, who uint8, binary bool, data []byte) {
		defer watchdog("FuzzFrames", data)()
		id, tokens, spectator := ps.newMatch(t, "blackred")
		token := append(tokens, spectator)[who%3]

		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		u := "ws" + strings.TrimPrefix(ps.url, "http") + "/api/matches/" + id + "/ws?token=" + token
		ws, _, err := websocket.Dial(ctx, u, nil)
		if err != nil {
			t.Fatalf("dial: %v", err)
		}
		defer ws.CloseNow()
		ws.SetReadLimit(64 << 20)
		read := func() (*frame, error) {
			_, b, err := ws.Read(ctx)
			if err != nil {
				return nil, err
			}
			f := &frame{raw: b}
			if err := json.Unmarshal(b, f); err != nil {
				t.Fatalf("the server sent a frame that is not JSON (%v): %.300q", err, b)
			}
			return f, nil
		}
		if f, err := read(); err != nil || f.Type != "state" || !f.Reset {
			t.Fatalf("no first state: %v %+v", err, f)
		}

		typ := websocket.MessageText
		if binary {
			typ = websocket.MessageBinary
		}
		if err := ws.Write(ctx, typ, data); err != nil {
			t.Fatalf("write %d bytes: %v", len(data), err)
		}
		var ans *frame
		for ans == nil {
			f, err := read()
			if err != nil {
				if len(data) > wireMaxMessage && websocket.CloseStatus(err) == websocket.StatusMessageTooBig {
					break
				}
				t.Fatalf("%d bytes (%.200q): the connection failed with %v, not an answer", len(data), data, err)
			}
			switch {
			case f.Type == "ack" || f.Type == "error":
				ans = f
			case f.Type == "state" && f.Reset:
				ans = f
			case f.Type == "state":
				// Another step's news: an ack came first.
			default:
				t.Fatalf("a frame of unknown type %q: %.300s", f.Type, f.raw)
			}
		}

		steps := ps.st.steps(t, id)
		var msg frameMessage
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		decoded := !binary && dec.Decode(&msg) == nil && !dec.More()
		switch {
		case ans == nil: // closed: too big
			if steps != 0 {
				t.Fatalf("a message over the limit closed the connection, and %d steps are stored", steps)
			}
		case len(data) > wireMaxMessage:
			t.Fatalf("a message of %d bytes, over the limit of %d, was answered with %s", len(data), wireMaxMessage, ans.raw)
		case ans.Type == "error":
			if _, ok := wireCodes[ans.Code]; !ok || ans.Message == "" {
				t.Fatalf("%.300q answered with code %q: %s", data, ans.Code, ans.raw)
			}
			if steps != 0 {
				t.Fatalf("%.300q refused (%s), yet %d steps are stored", data, ans.Code, steps)
			}
			if decoded && msg.Type == "act" && msg.Seq != nil && *msg.Seq < 0 && ans.Code != "invalid" && !(who%3 == 2 && ans.Code == "forbidden") {
				t.Fatalf("a seat's act with seq %d was refused as %s, want invalid: %s", *msg.Seq, ans.Code, ans.raw)
			}
		case ans.Type == "ack":
			if !decoded || msg.Type != "act" {
				t.Fatalf("%.300q (binary %v) is no act, yet it was acknowledged: %s", data, binary, ans.raw)
			}
			if msg.Seq != nil && *msg.Seq != 0 {
				t.Fatalf("an act with seq %d at step 0 was acknowledged (%s): a stale or negative seq must be refused", *msg.Seq, ans.raw)
			}
			if ans.Seq != 1 || steps != 1 {
				t.Fatalf("ack of step %d, %d steps stored", ans.Seq, steps)
			}
		default: // a state
			if !decoded || msg.Type != "sync" {
				t.Fatalf("%.300q (binary %v) was answered with a state, not an error", data, binary)
			}
			if steps != 0 || ans.Seq != 0 {
				t.Fatalf("a sync: step %d, %d steps stored", ans.Seq, steps)
			}
		}
		if ans != nil && binary && (ans.Type != "error" || ans.Code != "invalid") {
			t.Fatalf("a binary message was answered with %s, want an invalid error", ans.raw)
		}
		checkHealth(t, ps.hc, ps.url)
		if ans != nil {
			// The connection still works.
			if err := ws.Write(ctx, websocket.MessageText, []byte(`{"type":"sync"}`)); err != nil {
				t.Fatalf("the connection failed after an answer: %v", err)
			}
			for {
				f, err := read()
				if err != nil {
					t.Fatalf("no state after a sync: %v", err)
				}
				if f.Type == "state" && f.Reset {
					if f.Seq != steps {
						t.Fatalf("sync: step %d, %d stored", f.Seq, steps)
					}
					break
				}
			}
		}
		ws.Close(websocket.StatusNormalClosure, "")
	})
}
