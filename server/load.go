package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"skald/engine"
	"skald/games"
)

// LoadConfig configures a load run: Matches matches played at once through
// the WebSocket API by bots that pick random legal actions, each a client
// of its own, for Duration or until MaxActions actions were acknowledged.
// A finished match is replaced by a new one, so that Matches stay live.
type LoadConfig struct {
	URL        string // the server's base URL; loopback addresses only
	Game       string
	Options    engine.Options
	Matches    int
	Duration   time.Duration
	MaxActions int
	Seed       uint64
	// Rate, if positive, is the load offered: actions per second over
	// all matches, each seat waiting its turn for one (an open load, as
	// people who think between moves make). 0 sends each action as soon
	// as the last was acknowledged and the new state arrived (a closed
	// loop, which measures the most the server can take).
	Rate float64
	// Live, if not nil, is called once every match has been created and
	// has played at least one action, with the clients still connected.
	Live func()

	wait func(context.Context) error // for the offered rate
}

// LoadResult holds a load run's figures.
type LoadResult struct {
	Matches       int           `json:"matches"`
	Actions       int           `json:"actions"`
	Finished      int           `json:"finished_matches"`
	Refused       int           `json:"refused"`
	Elapsed       time.Duration `json:"elapsed_ns"`
	ActionsPerSec float64       `json:"actions_per_sec"`
	P50           time.Duration `json:"p50_ns"`
	P99           time.Duration `json:"p99_ns"`
	Max           time.Duration `json:"max_ns"`
}

// String returns the figures in a sentence.
func (r *LoadResult) String() string {
	return fmt.Sprintf("%d matches at once: %d actions in %.1fs = %.0f actions/s; send→ack p50 %v, p99 %v, max %v; %d matches finished, %d actions refused",
		r.Matches, r.Actions, r.Elapsed.Seconds(), r.ActionsPerSec, r.P50.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond), r.Max.Round(10*time.Microsecond), r.Finished, r.Refused)
}

// checkLoopback refuses a URL whose host is not a loopback address: a load
// run is for the machine it runs on.
func checkLoopback(base string) error {
	u, err := url.Parse(base)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	host := u.Hostname()
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("load: %s is not a loopback address; load runs only against this machine", host)
	}
	return nil
}

// Load runs a bounded load against the server at cfg.URL.
func Load(ctx context.Context, cfg LoadConfig) (*LoadResult, error) {
	if err := checkLoopback(cfg.URL); err != nil {
		return nil, err
	}
	if cfg.Matches < 1 || cfg.Duration <= 0 {
		return nil, errors.New("load: want at least one match and a duration")
	}
	if cfg.MaxActions <= 0 {
		cfg.MaxActions = 1 << 30
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	if cfg.Rate > 0 {
		lim := rate.NewLimiter(rate.Limit(cfg.Rate), 1)
		cfg.wait = func(ctx context.Context) error {
			if err := lim.Wait(ctx); err != nil {
				// The next token comes after the run ends: it ends here.
				<-ctx.Done()
				return ctx.Err()
			}
			return nil
		}
	} else {
		cfg.wait = func(context.Context) error { return nil }
	}
	var (
		mu        sync.Mutex
		latencies []time.Duration
		res       = &LoadResult{Matches: cfg.Matches}
		started   sync.WaitGroup
		errOnce   sync.Once
		firstErr  error
	)
	fail := func(err error) {
		errOnce.Do(func() { firstErr = err })
		cancel()
	}
	record := func(d time.Duration) bool {
		mu.Lock()
		defer mu.Unlock()
		latencies = append(latencies, d)
		res.Actions++
		if res.Actions >= cfg.MaxActions {
			cancel()
		}
		return true
	}
	t0 := time.Now()
	var wg sync.WaitGroup
	started.Add(cfg.Matches)
	for i := range cfg.Matches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
			first := true
			for ctx.Err() == nil {
				n, over, err := loadMatch(ctx, cfg, rng, record, func() {
					if first {
						first = false
						started.Done()
					}
				})
				mu.Lock()
				res.Refused += n
				if over {
					res.Finished++
				}
				mu.Unlock()
				if err != nil && ctx.Err() == nil {
					fail(err)
				}
			}
			if first {
				started.Done()
			}
		}()
	}
	if cfg.Live != nil {
		done := make(chan struct{})
		go func() { started.Wait(); close(done) }()
		select {
		case <-done:
			if ctx.Err() == nil {
				cfg.Live()
			}
		case <-ctx.Done():
		}
	}
	wg.Wait()
	res.Elapsed = time.Since(t0)
	if firstErr != nil {
		return nil, firstErr
	}
	if len(latencies) == 0 {
		return nil, errors.New("load: no action was acknowledged")
	}
	slices.Sort(latencies)
	res.P50 = latencies[len(latencies)/2]
	res.P99 = latencies[len(latencies)*99/100]
	res.Max = latencies[len(latencies)-1]
	res.ActionsPerSec = float64(res.Actions) / res.Elapsed.Seconds()
	return res, nil
}

// loadMatch creates a match of people, connects a bot client for each seat
// and plays it until it is over or ctx is done. It returns the number of
// actions refused (a race between the seats of a simultaneous decision is
// not one: each acts for its own seat).
func loadMatch(ctx context.Context, cfg LoadConfig, rng *rand.Rand, record func(time.Duration) bool, playing func()) (refused int, over bool, err error) {
	g, err := games.Lookup(cfg.Game)
	if err != nil {
		return 0, false, err
	}
	lo, _ := g.Seats()
	seats := make([]string, lo)
	for i := range seats {
		seats[i] = "human"
	}
	body, _ := json.Marshal(CreateRequest{Game: cfg.Game, Options: cfg.Options, Seats: seats})
	req, _ := http.NewRequestWithContext(ctx, "POST", cfg.URL+"/api/matches", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, false, fmt.Errorf("load: create: %w", err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return 0, false, fmt.Errorf("load: create: %s %s", resp.Status, b)
	}
	var cr CreateResponse
	if err := json.Unmarshal(b, &cr); err != nil {
		return 0, false, fmt.Errorf("load: create: %w", err)
	}
	mctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		ended   bool
		errs    []error
		nRefuse int
		once    sync.Once
	)
	for i, s := range cr.Seats {
		wg.Add(1)
		seed := rng.Uint64()
		go func() {
			defer wg.Done()
			r, o, err := loadSeat(mctx, cfg.URL, cfg.wait, cr.ID, s.Token, rand.New(rand.NewPCG(seed, uint64(i))), record, func() { once.Do(playing) })
			mu.Lock()
			defer mu.Unlock()
			nRefuse += r
			if o {
				ended = true
			}
			if err != nil && mctx.Err() == nil {
				errs = append(errs, err)
			}
			cancel() // the other seats stop too
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		return nRefuse, ended, errs[0]
	}
	return nRefuse, ended, nil
}

// loadSeat plays one seat: on each state in which it has legal actions it
// sends one at random and waits for its acknowledgement.
func loadSeat(ctx context.Context, base string, wait func(context.Context) error, match, token string, rng *rand.Rand, record func(time.Duration) bool, playing func()) (refused int, over bool, err error) {
	u := "ws" + strings.TrimPrefix(base, "http") + "/api/matches/" + match + "/ws?token=" + url.QueryEscape(token)
	ws, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		return 0, false, fmt.Errorf("load: dial: %w", err)
	}
	defer ws.CloseNow()
	ws.SetReadLimit(64 << 20)
	var (
		pending int64
		sent    time.Time
		id      int64
		latest  loadFrame
	)
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			return refused, false, err
		}
		if err := scanFrame(b, &latest); err != nil {
			return refused, false, fmt.Errorf("load: frame: %w", err)
		}
		switch latest.Type {
		case "ack":
			if latest.ID == pending {
				record(time.Since(sent))
				playing()
				pending = 0
			}
			continue
		case "error":
			if latest.ID == pending {
				refused++
				pending = 0
				// Ask for the state again and choose anew.
				ws.Write(ctx, websocket.MessageText, []byte(`{"type":"sync"}`))
			}
			continue
		case "state":
		default:
			continue
		}
		if latest.Over {
			return refused, true, nil
		}
		if pending != 0 || len(latest.Legal) == 0 {
			continue
		}
		if err := wait(ctx); err != nil {
			return refused, false, err
		}
		id++
		pending = id
		// No seq: in a simultaneous decision the other seat's choice may
		// land first, and this seat's stays legal.
		msg, _ := json.Marshal(ClientMessage{Type: "act", ID: id, Action: latest.Legal[rng.IntN(len(latest.Legal))]})
		sent = time.Now()
		if err := ws.Write(ctx, websocket.MessageText, msg); err != nil {
			return refused, false, err
		}
	}
}

// loadFrame is what a load client reads of a frame.
type loadFrame struct {
	Type  string
	ID    int64
	Seq   int
	Legal []string
	Over  bool
	Code  string
}

// scanFrame reads into f the fields of frame b that a load client needs.
// It stops at a state frame's legal actions: what follows (the events,
// the structured actions, the view) is for people, and a load client that
// decoded it would measure itself rather than the server.
func scanFrame(b []byte, f *loadFrame) error {
	if scanFast(b, f) {
		return nil
	}
	*f = loadFrame{Legal: f.Legal[:0]}
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("not a JSON object: %.40q", b)
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		switch key {
		case "type":
			err = dec.Decode(&f.Type)
		case "id":
			err = dec.Decode(&f.ID)
		case "seq":
			err = dec.Decode(&f.Seq)
		case "over":
			err = dec.Decode(&f.Over)
		case "code":
			err = dec.Decode(&f.Code)
		case "legal":
			if err = dec.Decode(&f.Legal); err == nil && f.Type == "state" {
				return nil
			}
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return fmt.Errorf("field %s: %w", key, err)
		}
	}
	return nil
}

// scanFast reads the two frames a load client gets most, in the order the
// server writes their fields: an ack, {"type":"ack","id":N,"seq":S}, and
// the head of a state frame, {"type":"state","match":"ID","seq":S,
// "over":B,"legal":["…",…]. It reports false for anything else (an error
// frame, a string with an escape), which scanFrame then decodes with
// encoding/json.
func scanFast(b []byte, f *loadFrame) bool {
	num := func(b []byte) (int64, []byte, bool) {
		i := 0
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == 0 || i > 18 {
			return 0, nil, false
		}
		n, err := strconv.ParseInt(string(b[:i]), 10, 64)
		return n, b[i:], err == nil
	}
	if rest, ok := bytes.CutPrefix(b, []byte(`{"type":"ack","id":`)); ok {
		id, rest, ok := num(rest)
		if !ok {
			return false
		}
		if rest, ok = bytes.CutPrefix(rest, []byte(`,"seq":`)); !ok {
			return false
		}
		seq, rest, ok := num(rest)
		if !ok || string(rest) != "}" {
			return false
		}
		*f = loadFrame{Type: "ack", ID: id, Seq: int(seq), Legal: f.Legal[:0]}
		return true
	}
	rest, ok := bytes.CutPrefix(b, []byte(`{"type":"state","match":"`))
	if !ok {
		return false
	}
	end := bytes.IndexByte(rest, '"')
	if end < 0 || bytes.IndexByte(rest[:end], '\\') >= 0 {
		return false
	}
	if rest, ok = bytes.CutPrefix(rest[end+1:], []byte(`,"seq":`)); !ok {
		return false
	}
	seq, rest, ok := num(rest)
	if !ok {
		return false
	}
	var over bool
	switch {
	case bytes.HasPrefix(rest, []byte(`,"over":true`)):
		over, rest = true, rest[len(`,"over":true`):]
	case bytes.HasPrefix(rest, []byte(`,"over":false`)):
		rest = rest[len(`,"over":false`):]
	default:
		return false
	}
	if rest, ok = bytes.CutPrefix(rest, []byte(`,"legal":[`)); !ok {
		return false
	}
	legal := f.Legal[:0]
	for len(rest) > 0 && rest[0] != ']' {
		if rest[0] == ',' && len(legal) > 0 {
			rest = rest[1:]
		}
		if len(rest) == 0 || rest[0] != '"' {
			return false
		}
		end := bytes.IndexByte(rest[1:], '"')
		if end < 0 || bytes.IndexByte(rest[1:1+end], '\\') >= 0 {
			return false // an escape: encoding/json reads it
		}
		legal = append(legal, string(rest[1:1+end]))
		rest = rest[2+end:]
	}
	if len(rest) == 0 {
		return false
	}
	*f = loadFrame{Type: "state", Seq: int(seq), Over: over, Legal: legal}
	return true
}
