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
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"skald/engine"
	"skald/games"
)

// LoadConfig configures a load run: Matches matches played at once through
// the WebSocket API by bots that pick random legal actions, each a client
// of its own, for Duration or until MaxActions actions were acknowledged.
// A finished match is replaced by a new one, so that Matches stay live.
//
// The figures cover a measured window only: it opens once every match has
// been created, its clients have connected and it has played an action
// (the warm-up, at most Warmup), and lasts Duration.
type LoadConfig struct {
	URL        string // the server's base URL; loopback addresses only
	Game       string
	Options    engine.Options
	Matches    int
	Duration   time.Duration
	MaxActions int
	Seed       uint64
	// Rate, if positive, is the load offered: actions per second over
	// all matches, each match offered Rate/Matches a second on a fixed
	// schedule (an open load, as people who think between moves make;
	// see pacer). 0 sends each action as soon as the last was
	// acknowledged and the new state arrived (a closed loop, which
	// measures the most the server can take).
	Rate float64
	// Warmup bounds the warm-up (default a minute).
	Warmup time.Duration
	// Live, if not nil, is called when the measured window opens, with
	// every match playing and its clients connected; End when it closes.
	Live, End func()
}

// LoadResult holds a load run's figures, over its measured window.
type LoadResult struct {
	Matches  int `json:"matches"`
	Actions  int `json:"actions"` // acknowledged in the window
	Finished int `json:"finished_matches"`
	Refused  int `json:"refused"`
	// Unanswered are the actions due in the window (sent, or waiting to
	// be sent because their seat's last action was not yet answered)
	// that were not acknowledged when it closed.
	Unanswered    int           `json:"unanswered"`
	Warmup        time.Duration `json:"warmup_ns"`
	Elapsed       time.Duration `json:"elapsed_ns"`
	Offered       float64       `json:"offered_per_sec"` // 0: a closed loop
	ActionsPerSec float64       `json:"actions_per_sec"`
	// The latencies are from the time an action was due (the closed
	// loop: sent) to its acknowledgement.
	P50 time.Duration `json:"p50_ns"`
	P99 time.Duration `json:"p99_ns"`
	Max time.Duration `json:"max_ns"`
}

// String returns the figures in a sentence.
func (r *LoadResult) String() string {
	load := "a closed loop"
	if r.Offered > 0 {
		load = fmt.Sprintf("%.0f actions/s offered", r.Offered)
	}
	return fmt.Sprintf("%d matches at once: %d actions in %.1fs = %.0f actions/s (%s); due→ack p50 %v, p99 %v, max %v; %d unanswered at the end; %d matches finished, %d actions refused (warm-up %.1fs)",
		r.Matches, r.Actions, r.Elapsed.Seconds(), r.ActionsPerSec, load, r.P50.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond), r.Max.Round(10*time.Microsecond),
		r.Unanswered, r.Finished, r.Refused, r.Warmup.Seconds())
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

// pacer is one match's schedule in an open load: its actions are due
// every interval, whatever happened to the earlier ones. A seat that may
// act takes the next time due and sends then, or at once if that time has
// passed (the server was slow to answer the last action): its latency is
// counted from the time due, not from the send, so a slow server is not
// excused by being asked less (the coordinated omission that wrk2
// corrects). The schedule is shifted by the time a finished match takes
// to be replaced, which is the load client's, not the server's.
type pacer struct {
	mu     sync.Mutex
	every  time.Duration // 0: a closed loop
	next   time.Time
	paused time.Time
}

// due returns when the next action is due and moves the schedule on.
func (p *pacer) due(now time.Time) time.Time {
	if p.every == 0 {
		return now
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	t := p.next
	p.next = t.Add(p.every)
	return t
}

// pause notes that the match ended at now; resume, that its replacement
// plays from now: the schedule is shifted by the time between.
func (p *pacer) pause(now time.Time) {
	p.mu.Lock()
	p.paused = now
	p.mu.Unlock()
}

func (p *pacer) resume(now time.Time) {
	p.mu.Lock()
	if !p.paused.IsZero() {
		p.next = p.next.Add(now.Sub(p.paused))
		p.paused = time.Time{}
	}
	p.mu.Unlock()
}

// loadRun is the state a load run's clients share.
type loadRun struct {
	cfg LoadConfig
	// seats is how many seats a match of cfg.Game has at least: looked up
	// once, since games.Lookup makes every game (a sixth of a millisecond,
	// for every match the client made).
	seats int
	// start and stop are the measured window, in UnixNano (0: not yet).
	start, stop atomic.Int64
	mu          sync.Mutex
	latencies   []time.Duration
	res         LoadResult
	full        chan struct{} // closed once MaxActions are measured
	fullOnce    sync.Once
}

// record counts an action due at due and acknowledged at acked, if it
// falls in the measured window.
func (r *loadRun) record(due, acked time.Time) {
	start := r.start.Load()
	if start == 0 || due.UnixNano() < start {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if stop := r.stop.Load(); stop != 0 && acked.UnixNano() > stop {
		if due.UnixNano() <= stop {
			r.res.Unanswered++ // answered only after the window closed
		}
		return
	}
	r.latencies = append(r.latencies, acked.Sub(due))
	r.res.Actions++
	if r.res.Actions >= r.cfg.MaxActions {
		r.fullOnce.Do(func() { close(r.full) })
	}
}

// unanswered counts an action due at due and not acknowledged when the
// run stopped, if it was due in the measured window.
func (r *loadRun) unanswered(due time.Time) {
	start, stop := r.start.Load(), r.stop.Load()
	if start == 0 || stop == 0 || due.UnixNano() < start || due.UnixNano() > stop {
		return
	}
	r.mu.Lock()
	r.res.Unanswered++
	r.mu.Unlock()
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
	if cfg.Warmup <= 0 {
		cfg.Warmup = time.Minute
	}
	g, err := games.Lookup(cfg.Game)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	run := &loadRun{cfg: cfg, full: make(chan struct{})}
	run.seats, _ = g.Seats()
	run.res.Matches, run.res.Offered = cfg.Matches, max(cfg.Rate, 0)
	var (
		started  sync.WaitGroup
		errOnce  sync.Once
		firstErr error
	)
	fail := func(err error) {
		errOnce.Do(func() { firstErr = err })
		cancel()
	}
	t0 := time.Now()
	var wg sync.WaitGroup
	started.Add(cfg.Matches)
	for i := range cfg.Matches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
			p := &pacer{}
			if cfg.Rate > 0 {
				// Each match's schedule starts at a random moment of its
				// first interval, so that the matches do not act in step.
				p.every = time.Duration(float64(time.Second) * float64(cfg.Matches) / cfg.Rate)
				p.next = time.Now().Add(time.Duration(rng.Int64N(int64(p.every))))
			}
			first := true
			for ctx.Err() == nil {
				n, over, err := loadMatch(ctx, run, p, rng, func() {
					if first {
						first = false
						started.Done()
					}
				})
				run.mu.Lock()
				run.res.Refused += n
				if over {
					run.res.Finished++
				}
				run.mu.Unlock()
				if err != nil && ctx.Err() == nil {
					fail(err)
				}
				p.pause(time.Now())
			}
			if first {
				started.Done()
			}
		}()
	}
	playing := make(chan struct{})
	go func() { started.Wait(); close(playing) }()
	warm := time.NewTimer(cfg.Warmup)
	defer warm.Stop()
	select {
	case <-playing:
	case <-warm.C:
		fail(fmt.Errorf("load: the %d matches were not all playing after the warm-up's %v", cfg.Matches, cfg.Warmup))
	case <-ctx.Done():
	}
	start := time.Now()
	run.start.Store(start.UnixNano())
	if ctx.Err() == nil && cfg.Live != nil {
		cfg.Live()
	}
	window := time.NewTimer(cfg.Duration)
	defer window.Stop()
	select {
	case <-window.C:
	case <-run.full:
	case <-ctx.Done():
	}
	stop := time.Now()
	run.stop.Store(stop.UnixNano())
	if cfg.End != nil {
		cfg.End()
	}
	cancel()
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	res := &run.res
	res.Warmup, res.Elapsed = start.Sub(t0), stop.Sub(start)
	if len(run.latencies) == 0 {
		return nil, errors.New("load: no action was acknowledged")
	}
	lat := run.latencies
	slices.Sort(lat)
	res.P50 = lat[len(lat)/2]
	res.P99 = lat[len(lat)*99/100]
	res.Max = lat[len(lat)-1]
	res.ActionsPerSec = float64(res.Actions) / res.Elapsed.Seconds()
	return res, nil
}

// loadMatch creates a match of people, connects a bot client for each seat
// and plays it until it is over or ctx is done. It returns the number of
// actions refused (a race between the seats of a simultaneous decision is
// not one: each acts for its own seat).
func loadMatch(ctx context.Context, run *loadRun, p *pacer, rng *rand.Rand, playing func()) (refused int, over bool, err error) {
	cfg := run.cfg
	seats := make([]string, run.seats)
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
	conns := make([]*websocket.Conn, len(cr.Seats))
	for i, s := range cr.Seats {
		u := "ws" + strings.TrimPrefix(cfg.URL, "http") + "/api/matches/" + cr.ID + "/ws?token=" + url.QueryEscape(s.Token)
		ws, _, err := websocket.Dial(mctx, u, nil)
		if err != nil {
			for _, c := range conns[:i] {
				c.CloseNow()
			}
			return 0, false, fmt.Errorf("load: dial: %w", err)
		}
		ws.SetReadLimit(64 << 20)
		conns[i] = ws
	}
	p.resume(time.Now())
	for i, ws := range conns {
		wg.Add(1)
		seed := rng.Uint64()
		go func() {
			defer wg.Done()
			defer ws.CloseNow()
			r, o, err := loadSeat(mctx, run, p, ws, rand.New(rand.NewPCG(seed, uint64(i))), func() { once.Do(playing) })
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
// takes the next time due on the match's schedule, sends one action at
// random then and waits for its acknowledgement.
func loadSeat(ctx context.Context, run *loadRun, p *pacer, ws *websocket.Conn, rng *rand.Rand, playing func()) (refused int, over bool, err error) {
	var (
		pending int64
		due     time.Time
		id      int64
		latest  loadFrame
	)
	defer func() {
		if pending != 0 {
			run.unanswered(due)
		}
	}()
	stop := context.AfterFunc(ctx, func() { ws.CloseNow() })
	defer stop()
	var in bytes.Buffer
	for {
		_, b, err := readMessage(ws, &in)
		if err != nil {
			if ctx.Err() != nil {
				err = ctx.Err()
			}
			return refused, false, err
		}
		if err := scanFrame(b, &latest); err != nil {
			return refused, false, fmt.Errorf("load: frame: %w", err)
		}
		switch latest.Type {
		case "ack":
			if latest.ID == pending {
				run.record(due, time.Now())
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
		id++
		pending = id
		due = p.due(time.Now())
		if d := time.Until(due); d > 0 {
			t := time.NewTimer(d)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				return refused, false, ctx.Err()
			}
		}
		// No seq: in a simultaneous decision the other seat's choice may
		// land first, and this seat's stays legal.
		msg, _ := json.Marshal(ClientMessage{Type: "act", ID: id, Action: latest.Legal[rng.IntN(len(latest.Legal))]})
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
