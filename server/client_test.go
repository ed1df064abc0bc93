package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"skald/engine"
	"skald/games"
	"skald/internal/testgame"
	"skald/store"
)

// testServer is a server on a fresh SQLite file, listening on loopback.
type testServer struct {
	*Server
	url   string
	store store.Store
	http  *httptest.Server
}

func newTestServer(t testing.TB) *testServer {
	t.Helper()
	return newTestServerWith(t, nil)
}

// newTestServerWith is newTestServer with a Config that configure may
// change first; the server serves the test game too.
func newTestServerWith(t testing.TB, configure func(*Config)) *testServer {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "skald.db"))
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(0)
	var mu sync.Mutex
	cfg := Config{Store: st, Seed: func() uint64 { mu.Lock(); defer mu.Unlock(); seed++; return seed }, Games: withTestGame}
	if configure != nil {
		configure(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv)
	hs.Config = srv.HTTPServer()
	hs.Start()
	t.Cleanup(func() {
		hs.CloseClientConnections()
		srv.Close()
		hs.Close()
		st.Close()
	})
	return &testServer{Server: srv, url: hs.URL, store: st, http: hs}
}

// withTestGame looks up the registered games and the test game.
func withTestGame(name string) (engine.Game, error) {
	if name == (testgame.Game{}).Name() {
		return testgame.Game{}, nil
	}
	return games.Lookup(name)
}

// create creates a match and returns the answer.
func create(t *testing.T, url string, game string, opts engine.Options, seats ...string) *CreateResponse {
	t.Helper()
	body, _ := json.Marshal(CreateRequest{Game: game, Options: opts, Seats: seats})
	resp, err := http.Post(url+"/api/matches", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create %s: %s: %s", game, resp.Status, b)
	}
	var cr CreateResponse
	if err := json.Unmarshal(b, &cr); err != nil {
		t.Fatal(err)
	}
	return &cr
}

// frame is any frame a client receives.
type frame struct {
	Type      string          `json:"type"`
	ID        int64           `json:"id"`
	Seq       int             `json:"seq"`
	Code      string          `json:"code"`
	Message   string          `json:"message"`
	Rule      string          `json:"rule"`
	Match     string          `json:"match"`
	Seat      string          `json:"seat"`
	SeatIndex int             `json:"seat_index"`
	Reset     bool            `json:"reset"`
	Events    []eventInfo     `json:"events"`
	View      json.RawMessage `json:"view"`
	Legal     []string        `json:"legal"`
	Actions   []actionInfo    `json:"actions"`
	Deciders  []string        `json:"deciders"`
	Over      bool            `json:"over"`
	Result    string          `json:"result"`
	Rematch   string          `json:"rematch"`
	Status    string          `json:"status"`
	raw       []byte
}

// client is a WebSocket client of one seat that keeps every frame it
// receives.
type client struct {
	t      testing.TB
	ws     *websocket.Conn
	frames chan *frame
	mu     sync.Mutex
	all    []*frame // every frame received, in order
	state  *frame   // the latest state frame
	nextID int64
	closed chan struct{}
	err    error // why reading stopped
}

func dial(t testing.TB, base, match, token string) *client {
	t.Helper()
	c, err := dialErr(base, match, token)
	if err != nil {
		t.Fatalf("dial %s: %v", match, err)
	}
	c.t = t
	if f := c.waitState(func(f *frame) bool { return f.Reset }); f == nil {
		t.Fatalf("dial %s: no first state", match)
	}
	return c
}

func dialErr(base, match, token string) (*client, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(base, "http") + "/api/matches/" + match + "/ws?token=" + token
	ws, resp, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		if resp != nil {
			b, _ := io.ReadAll(resp.Body)
			return nil, fmt.Errorf("%w: %s %s", err, resp.Status, b)
		}
		return nil, err
	}
	ws.SetReadLimit(64 << 20)
	c := &client{ws: ws, frames: make(chan *frame, 4096), closed: make(chan struct{})}
	go c.read()
	return c, nil
}

func (c *client) read() {
	defer close(c.closed)
	defer close(c.frames)
	for {
		_, b, err := c.ws.Read(context.Background())
		if err != nil {
			c.err = err
			return
		}
		f := &frame{raw: b}
		if err := json.Unmarshal(b, f); err != nil {
			c.err = err
			return
		}
		c.mu.Lock()
		c.all = append(c.all, f)
		if f.Type == "state" {
			c.state = f
		}
		c.mu.Unlock()
		c.frames <- f
	}
}

// next returns the next frame, or nil after a timeout or a close.
func (c *client) next() *frame {
	select {
	case f := <-c.frames:
		return f
	case <-time.After(20 * time.Second):
		return nil
	}
}

// waitState returns the first state frame for which ok is true.
func (c *client) waitState(ok func(*frame) bool) *frame {
	for {
		f := c.next()
		if f == nil {
			return nil
		}
		if f.Type == "state" && ok(f) {
			return f
		}
	}
}

// waitSeq waits for a state frame of step seq or later.
func (c *client) waitSeq(seq int) *frame {
	c.mu.Lock()
	if c.state != nil && c.state.Seq >= seq {
		f := c.state
		c.mu.Unlock()
		return f
	}
	c.mu.Unlock()
	return c.waitState(func(f *frame) bool { return f.Seq >= seq })
}

// send sends a raw message.
func (c *client) send(msg any) {
	var b []byte
	switch m := msg.(type) {
	case string:
		b = []byte(m)
	case []byte:
		b = m
	default:
		b, _ = json.Marshal(m)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c.ws.Write(ctx, websocket.MessageText, b)
}

// act plays text with the given seq (negative: none) and returns the ack
// or error frame answering it.
func (c *client) act(text string, seq int) *frame {
	c.nextID++
	id := c.nextID
	m := ClientMessage{Type: "act", ID: id, Action: text}
	if seq >= 0 {
		m.Seq = &seq
	}
	c.send(m)
	for {
		f := c.next()
		if f == nil {
			c.t.Fatalf("no answer to %q: %v", text, c.err)
		}
		if (f.Type == "ack" || f.Type == "error") && f.ID == id {
			return f
		}
	}
}

// latest returns the latest state frame.
func (c *client) latest() *frame {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.state
}

// received returns every frame received so far.
func (c *client) received() []*frame {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]*frame(nil), c.all...)
}

func (c *client) close() {
	c.ws.Close(websocket.StatusNormalClosure, "")
	<-c.closed
}
