package server

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	_ "modernc.org/sqlite" // the "sqlite" driver, to read the database read-only

	"skald/engine"
	"skald/games"
)

// The kill campaign's knobs: go test -run KillCampaign ./server
// -campaign.cycles=200 runs a longer one, -campaign.seed=N another one.
var (
	campaignCycles = flag.Int("campaign.cycles", 20, "kill-and-restart cycles of TestKillCampaign")
	campaignSeed   = flag.Uint64("campaign.seed", 20260501, "seed of TestKillCampaign's choices (when to kill, what to play)")
)

// TestKillCampaign plays several matches at once on the real `skald
// serve` (people against people, people against a random bot and against
// mcts:iters=20, and bots alone), SIGKILLs it at random moments and
// restarts it on the same SQLite file, -campaign.cycles times. Each time
// the server is dead it reads the database read-only: every action a
// client was sent an ack for is stored exactly once, at the step it was
// acknowledged as, with its text and seat; every step stored before is
// still there, unchanged; every step of a person's seat was sent by that
// person (acknowledged, or sent with no answer before the kill); the steps
// are numbered 1..n once each, and they replay with every state hash. Each
// time it is restarted: the server prints its address and /healthz
// answers; each match's API and, once it is over, its record agree with
// the database; each seat that reconnects finds its match at the stored
// step with the view and the events the referee computes; and the
// matches go on being played (a finished one by its rematch).
func TestKillCampaign(t *testing.T) {
	cycles := *campaignCycles
	seed := *campaignSeed
	t.Logf("kill campaign: seed %d, %d cycles (-campaign.seed, -campaign.cycles)", seed, cycles)
	rng := rand.New(rand.NewPCG(seed, 0x5ca1d))
	dir := t.TempDir()
	bin := buildSkald(t, dir)
	db := filepath.Join(dir, "skald.db")

	slots := []*slot{
		{name: "people, Black & Red", game: "blackred", players: []string{"human", "human"}},
		{name: "people, Tactics David", game: "tacticsdavid", opts: engine.Options{"armies": "auto", "battlefield": "open-field-7x11"}, players: []string{"human", "human"}},
		{name: "person against random, Wintergrim", game: "wintergrim", players: []string{"human", "random"}},
		{name: "person against mcts, Black & Red", game: "blackred", players: []string{"mcts:iters=20", "human"}},
		{name: "random against mcts, Black & Red", game: "blackred", opts: engine.Options{"units": "4"}, players: []string{"random", "mcts:iters=20"}},
	}
	c := &campaign{t: t, bin: bin, db: db, dir: dir, slots: slots}
	t.Cleanup(c.stop)

	c.start()
	for _, s := range slots {
		if !c.newMatch(s) {
			t.Fatalf("%s: no match", s.name)
		}
	}
	start := time.Now()
	for cycle := 1; cycle <= cycles; cycle++ {
		if cycle > 1 {
			c.start()
			c.checkServed()
		}
		var wait time.Duration
		if rng.IntN(6) == 0 {
			wait = time.Duration(rng.IntN(40)) * time.Millisecond // while the server resumes and clients connect
		} else {
			wait = 100*time.Millisecond + time.Duration(rng.IntN(700))*time.Millisecond
		}
		p := c.play(rng)
		time.Sleep(wait)
		c.kill()
		acked := p.wait(false, cycle > 1)
		c.checkStored()
		t.Logf("cycle %d: killed after %v, %d actions acknowledged", cycle, wait.Round(time.Millisecond), acked)
		if t.Failed() {
			t.FailNow()
		}
	}

	// Back once more: every match goes on; this time the players stop
	// before the server is killed and checked a last time.
	stepsBefore := map[*slot]int{}
	for _, s := range slots {
		stepsBefore[s] = s.steps()
	}
	c.start()
	c.checkServed()
	p := c.play(rng)
	time.Sleep(time.Second)
	acked := p.wait(true, true)
	c.kill()
	c.checkStored()
	for _, s := range slots {
		if s.cur.humans() > 0 && s.finalAcks == 0 {
			t.Errorf("%s: no action acknowledged after the last restart", s.name)
		}
		if s.steps() <= stepsBefore[s] {
			t.Errorf("%s: no step stored after the last restart", s.name)
		}
	}

	total, matches, steps := 0, 0, 0
	for _, s := range slots {
		n, k := 0, s.steps()
		for _, l := range s.ledgers() {
			n += len(l.acked)
		}
		total, matches, steps = total+n, matches+len(s.ledgers()), steps+k
		t.Logf("%s: %d matches, %d steps stored, %d actions acknowledged, played on after %d of %d restarts", s.name, len(s.ledgers()), k, n, s.playedOn, cycles)
	}
	if total == 0 {
		t.Fatal("no action was acknowledged")
	}
	t.Logf("kill campaign: %d cycles, %d acknowledged actions, %d lost, %d doubled (seed %d; %d matches, %d steps stored; %d actions acknowledged after the last restart; of the actions sent and unanswered when the server died, %d were stored and %d not; %v)",
		cycles, total, c.lost, c.doubled.Load(), seed, matches, steps, acked, c.unansweredStored, c.unansweredDropped, time.Since(start).Round(time.Millisecond))
	if c.lost > 0 || c.doubled.Load() > 0 {
		t.Fatalf("%d acknowledged actions lost, %d doubled", c.lost, c.doubled.Load())
	}
}

// campaign is the server process of TestKillCampaign and its matches.
type campaign struct {
	t     *testing.T
	bin   string
	db    string
	dir   string
	slots []*slot

	runs   int
	cmd    *exec.Cmd
	base   string
	log    string        // the server's stderr
	exited chan struct{} // closed when the process has ended
	hc     *http.Client

	lost    int
	doubled atomic.Int64
	// Actions sent and unanswered when the server died: stored (the ack
	// was lost with the server) or not.
	unansweredStored, unansweredDropped int
}

// start runs `skald serve` on the database and waits for its address and
// a healthy /healthz.
func (c *campaign) start() {
	t := c.t
	t.Helper()
	c.runs++
	c.log = filepath.Join(c.dir, fmt.Sprintf("serve-%03d.log", c.runs))
	logf, err := os.Create(c.log)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(c.bin, "serve", "--addr", "127.0.0.1:0", "--db", c.db, "--bot-delay", "0", "--log", "json")
	cmd.Stderr = logf
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); logf.Close(); close(exited) }()
	c.cmd, c.exited = cmd, exited
	c.hc = &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{}}

	line := make(chan string, 1)
	go func() {
		r := bufio.NewReader(out)
		l, _ := r.ReadString('\n')
		line <- l
		io.Copy(io.Discard, r)
	}()
	var l string
	select {
	case l = <-line:
	case <-time.After(30 * time.Second):
		t.Fatalf("start %d: skald serve printed no address in 30s\n%s", c.runs, c.logTail())
	}
	c.base = regexp.MustCompile(`http://\S+`).FindString(l)
	if c.base == "" {
		<-exited
		t.Fatalf("start %d: skald serve printed %q and ended: %v\n%s", c.runs, l, cmd.ProcessState, c.logTail())
	}
	resp, err := c.hc.Get(c.base + "/healthz")
	if err != nil {
		t.Fatalf("start %d: GET /healthz: %v\n%s", c.runs, err, c.logTail())
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("start %d: GET /healthz: %s %s\n%s", c.runs, resp.Status, b, c.logTail())
	}
}

// kill SIGKILLs the server, which must not have ended by itself, and
// checks its log.
func (c *campaign) kill() {
	t := c.t
	t.Helper()
	select {
	case <-c.exited:
		t.Fatalf("run %d: skald serve ended by itself: %v\n%s", c.runs, c.cmd.ProcessState, c.logTail())
	default:
	}
	if err := c.cmd.Process.Kill(); err != nil { // SIGKILL on Unix
		t.Fatal(err)
	}
	<-c.exited
	c.hc.CloseIdleConnections()
	c.checkLog()
}

func (c *campaign) stop() {
	if c.cmd != nil {
		c.cmd.Process.Kill()
		<-c.exited
	}
}

// checkLog fails the test for each error or panic the server logged.
func (c *campaign) checkLog() {
	b, err := os.ReadFile(c.log)
	if err != nil {
		c.t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if strings.Contains(line, `"level":"ERROR"`) || strings.Contains(line, "panic") {
			if n++; n <= 5 {
				c.t.Errorf("run %d logged: %.2000s", c.runs, line)
			}
		}
	}
}

// logTail returns the end of the server's log.
func (c *campaign) logTail() string {
	b, _ := os.ReadFile(c.log)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return "log " + c.log + ":\n" + string(b)
}

// slot is one of the campaign's matches: when it is over, its rematch (or,
// for bots alone, a new match) takes its place.
type slot struct {
	name    string
	game    string
	opts    engine.Options
	players []string

	cur       *ledger
	done      []*ledger
	playedOn  int // restarts after which one of its actions was acknowledged
	finalAcks int // actions acknowledged after the last restart
}

func (s *slot) ledgers() []*ledger { return append(append([]*ledger{}, s.done...), s.cur) }

// steps returns the number of steps stored in s's matches.
func (s *slot) steps() int {
	n := 0
	for _, l := range s.ledgers() {
		n += len(l.stored)
	}
	return n
}

// ledger is what the campaign knows of one match.
type ledger struct {
	id        string
	players   []string
	tokens    []string // a person's seat's token; "" for a bot's seat
	spectator string
	acked     map[int]played // acknowledged actions by step
	stored    []storedStep   // the steps as stored when the server last died
	over      bool           // as stored
	// What each seat may see after the last stored step, as the referee
	// computes it: its view (canonical JSON) and the events of every step.
	views  map[engine.Seat]string
	events map[engine.Seat][]eventInfo

	mu      sync.Mutex
	pending []pendingAct // sent and not answered when the server died
}

func (l *ledger) humans() int {
	n := 0
	for _, p := range l.players {
		if p == "human" {
			n++
		}
	}
	return n
}

type storedStep struct {
	seq    int
	seat   engine.Seat
	action string
	hash   string
}

// pendingAct is an action sent as step seq that got no answer.
type pendingAct struct {
	seq  int
	seat engine.Seat
	text string
}

// newMatch creates s's first match, or the rematch of its finished one
// (a new match for bots alone, which have no token to ask with). It
// reports false if the server refused for now (a rate limit).
func (c *campaign) newMatch(s *slot) bool {
	t := c.t
	t.Helper()
	var id string
	var cr CreateResponse
	if s.cur == nil || s.cur.humans() == 0 {
		body, _ := json.Marshal(CreateRequest{Game: s.game, Options: s.opts, Seats: s.players})
		b, status := c.do("POST", "/api/matches", body)
		if status == http.StatusTooManyRequests {
			return false
		}
		if status != http.StatusCreated {
			t.Fatalf("%s: create: %d %s", s.name, status, b)
		}
		if err := json.Unmarshal(b, &cr); err != nil {
			t.Fatal(err)
		}
		id = cr.ID
	} else {
		tok := ""
		for _, tk := range s.cur.tokens {
			if tk != "" {
				tok = tk
				break
			}
		}
		b, status := c.do("POST", "/api/matches/"+s.cur.id+"/rematch?token="+tok, nil)
		if status == http.StatusTooManyRequests {
			return false
		}
		var rm struct{ ID string }
		if status != http.StatusOK || json.Unmarshal(b, &rm) != nil || rm.ID == "" {
			t.Fatalf("%s: rematch of %s: %d %s", s.name, s.cur.id, status, b)
		}
		id = rm.ID
		// The rematch keeps the seats' tokens.
		cr.Seats = nil
		for i, tk := range s.cur.tokens {
			cr.Seats = append(cr.Seats, SeatLink{Seat: i, Player: s.players[i], Token: tk})
		}
		cr.Spectator.Token = s.cur.spectator
	}
	l := &ledger{id: id, players: s.players, acked: map[int]played{}, spectator: cr.Spectator.Token}
	for i, sl := range cr.Seats {
		if (sl.Token != "") != (s.players[i] == "human") {
			t.Fatalf("%s: seat %d of %s: %+v", s.name, i, id, sl)
		}
		l.tokens = append(l.tokens, sl.Token)
	}
	if s.cur != nil {
		s.done = append(s.done, s.cur)
	}
	s.cur = l
	return true
}

// do sends a request to the server and returns the body and status.
func (c *campaign) do(method, path string, body []byte) ([]byte, int) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v\n%s", method, path, err, c.logTail())
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return b, resp.StatusCode
}

// checkServed checks, after a restart, that the server serves each match
// as the database holds it; a finished match is replaced by its rematch.
func (c *campaign) checkServed() {
	t := c.t
	t.Helper()
	for _, s := range c.slots {
		l := s.cur
		b, status := c.do("GET", "/api/matches/"+l.id, nil)
		var mi struct {
			Status  string `json:"status"`
			Actions int    `json:"actions"`
		}
		if status != http.StatusOK || json.Unmarshal(b, &mi) != nil {
			t.Fatalf("%s: GET match %s: %d %s", s.name, l.id, status, b)
		}
		switch {
		case l.over && mi.Status != "over",
			!l.over && mi.Status != "playing" && mi.Status != "over": // bots may have ended it since
			t.Errorf("%s: match %s is %q; stored %d steps, over: %v", s.name, l.id, mi.Status, len(l.stored), l.over)
		case mi.Actions < len(l.stored) || l.humans() == len(l.players) && mi.Actions != len(l.stored):
			t.Errorf("%s: match %s has %d actions after the restart, %d stored", s.name, l.id, mi.Actions, len(l.stored))
		}
		if !l.over {
			continue
		}
		var rec struct {
			Steps []struct {
				Seq    int    `json:"seq"`
				Seat   int    `json:"seat"`
				Action string `json:"action"`
				Hash   string `json:"hash"`
			} `json:"steps"`
			Replays *int `json:"replays"`
		}
		b, status = c.do("GET", "/api/matches/"+l.id+"/record", nil)
		if status != http.StatusOK || json.Unmarshal(b, &rec) != nil {
			t.Fatalf("%s: record of %s: %d %.500s", s.name, l.id, status, b)
		}
		if len(rec.Steps) != len(l.stored) || rec.Replays != nil && *rec.Replays != len(l.stored) {
			t.Errorf("%s: the record of %s has %d steps (%v replay), %d stored", s.name, l.id, len(rec.Steps), rec.Replays, len(l.stored))
		}
		for i, st := range rec.Steps {
			if i < len(l.stored) && (st.Seq != i+1 || engine.Seat(st.Seat) != l.stored[i].seat || st.Action != l.stored[i].action || st.Hash != l.stored[i].hash) {
				t.Errorf("%s: step %d of the record of %s is %+v, stored %+v", s.name, i+1, l.id, st, l.stored[i])
			}
		}
		c.newMatch(s) // or later, if the server refuses for now
	}
}

// players are the goroutines playing the matches' people's seats.
type players struct {
	c      *campaign
	stop   chan struct{}
	wg     sync.WaitGroup
	counts []int
}

// play starts playing every slot's match.
func (c *campaign) play(rng *rand.Rand) *players {
	p := &players{c: c, stop: make(chan struct{}), counts: make([]int, len(c.slots))}
	for i, s := range c.slots {
		if s.cur.humans() == 0 || s.cur.over {
			continue
		}
		r := rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			p.counts[i] = c.drive(s, r, p.stop)
		}()
	}
	return p
}

// wait waits for the players, which end when the server dies, or when
// told to stop (stop), and reports how many actions were acknowledged.
func (p *players) wait(stop, restarted bool) int {
	if stop {
		close(p.stop)
	}
	done := make(chan struct{})
	go func() { p.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		p.c.t.Fatal("the players did not stop in 30s")
	}
	total := 0
	for i, s := range p.c.slots {
		total += p.counts[i]
		if p.counts[i] > 0 && restarted {
			s.playedOn++
		}
		if stop {
			s.finalAcks += p.counts[i]
		}
	}
	return total
}

// drive connects a person's seats of s's match and plays random legal
// actions, each with the step its player saw, until the connections fail
// or stop is closed; it records each acknowledged action in the ledger
// and returns how many there were.
func (c *campaign) drive(s *slot, rng *rand.Rand, stop <-chan struct{}) int {
	t := c.t
	l := s.cur
	changed := make(chan struct{}, 1)
	var clients []*campaignClient
	defer func() {
		for _, cl := range clients {
			cl.ws.CloseNow()
		}
	}()
	for seat, tok := range l.tokens {
		if tok == "" {
			continue
		}
		cl, err := dialCampaign(c.base, l.id, engine.Seat(seat), tok, changed)
		if err != nil {
			var he *httpError
			if errors.As(err, &he) {
				t.Errorf("%s: seat %d of %s refused: %v", s.name, seat, l.id, err)
			}
			return 0 // the server died
		}
		clients = append(clients, cl)
		// Reconnected: the match is at the stored step, or (a bot played
		// since the restart) after it; at it, the seat sees what the
		// referee computes.
		f := cl.first
		switch {
		case f.Seq < len(l.stored) || l.humans() == len(l.players) && f.Seq != len(l.stored):
			t.Errorf("%s: seat %d of %s reconnected at step %d, %d stored", s.name, seat, l.id, f.Seq, len(l.stored))
		case f.Seq == len(l.stored) && l.views != nil:
			var view bytes.Buffer
			json.Compact(&view, f.View)
			if want := l.views[engine.Seat(seat)]; view.String() != want {
				t.Errorf("%s: seat %d of %s at step %d:\nview %s\nwant %s", s.name, seat, l.id, f.Seq, view.String(), want)
			}
			if want := l.events[engine.Seat(seat)]; !slices.Equal(f.Events, want) {
				t.Errorf("%s: seat %d of %s at step %d was sent %d events, may see %d", s.name, seat, l.id, f.Seq, len(f.Events), len(want))
			}
		}
	}
	acks := 0
	var id int64
	for {
		select {
		case <-stop:
			return acks
		default:
		}
		var movers []*campaignClient
		for _, cl := range clients {
			f := cl.latest()
			if f.Over {
				return acks
			}
			if len(f.Legal) > 0 {
				movers = append(movers, cl)
			}
		}
		if len(movers) == 0 { // a bot thinks
			select {
			case <-changed:
			case <-stop:
				return acks
			case <-time.After(50 * time.Millisecond):
			}
			if anyClosed(clients) {
				return acks
			}
			continue
		}
		cl := movers[rng.IntN(len(movers))]
		f := cl.latest()
		text := f.Legal[rng.IntN(len(f.Legal))]
		id++
		seq := f.Seq
		l.mu.Lock()
		l.pending = append(l.pending, pendingAct{seq: seq + 1, seat: cl.seat, text: text})
		l.mu.Unlock()
		if err := cl.send(ClientMessage{Type: "act", ID: id, Action: text, Seq: &seq}); err != nil {
			return acks
		}
		ans := cl.answer(id)
		if ans == nil {
			return acks // the server died: the action is pending
		}
		l.mu.Lock()
		l.pending = l.pending[:len(l.pending)-1]
		l.mu.Unlock()
		switch {
		case ans.Type == "ack":
			if ans.Seq != seq+1 {
				t.Errorf("%s: %q sent at step %d acknowledged as step %d", s.name, text, seq, ans.Seq)
			}
			if p, dup := l.acked[ans.Seq]; dup {
				t.Errorf("%s: match %s: step %d acknowledged twice (%q, then %q)", s.name, l.id, ans.Seq, p.text, text)
				c.doubled.Add(1)
			}
			l.acked[ans.Seq] = played{cl.seat, text}
			acks++
			// Every seat sees the step before anyone plays again.
			for _, o := range clients {
				if !o.waitSeq(ans.Seq, 10*time.Second) {
					if !o.isClosed() {
						t.Errorf("%s: seat %d of %s never saw step %d", s.name, o.seat, l.id, ans.Seq)
					}
					return acks
				}
			}
		case ans.Type == "error" && ans.Code == "conflict": // a bot played first
			if !cl.waitSeq(seq+1, 10*time.Second) {
				if !cl.isClosed() {
					t.Errorf("%s: a conflict at step %d, and no step after it", s.name, seq)
				}
				return acks
			}
		default:
			t.Errorf("%s: %q, legal at step %d for seat %d of %s, refused: %s", s.name, text, seq, cl.seat, l.id, ans.raw)
			return acks
		}
	}
}

func anyClosed(cs []*campaignClient) bool {
	for _, c := range cs {
		if c.isClosed() {
			return true
		}
	}
	return false
}

// campaignClient is one seat's WebSocket connection: it keeps the latest
// state and hands over the answers to its actions.
type campaignClient struct {
	ws      *websocket.Conn
	seat    engine.Seat
	first   *frame
	changed chan struct{} // poked at each state and when the connection ends
	answers chan *frame
	done    chan struct{}

	mu    sync.Mutex
	state *frame
}

// httpError is a refused WebSocket handshake.
type httpError struct {
	status int
	body   string
}

func (e *httpError) Error() string { return fmt.Sprintf("%d %s", e.status, e.body) }

func dialCampaign(base, match string, seat engine.Seat, token string, changed chan struct{}) (*campaignClient, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(base, "http") + "/api/matches/" + match + "/ws?token=" + token
	ws, resp, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols {
			b, _ := io.ReadAll(resp.Body)
			return nil, &httpError{resp.StatusCode, string(b)}
		}
		return nil, err
	}
	ws.SetReadLimit(64 << 20)
	_, b, err := ws.Read(ctx)
	if err != nil {
		ws.CloseNow()
		return nil, err
	}
	f := &frame{raw: b}
	if err := json.Unmarshal(b, f); err != nil || f.Type != "state" || !f.Reset {
		ws.CloseNow()
		return nil, &httpError{0, "first frame: " + string(b)}
	}
	c := &campaignClient{ws: ws, seat: seat, first: f, state: f, changed: changed, answers: make(chan *frame, 16), done: make(chan struct{})}
	go c.read()
	return c, nil
}

func (c *campaignClient) read() {
	defer func() {
		close(c.done)
		c.poke()
	}()
	for {
		_, b, err := c.ws.Read(context.Background())
		if err != nil {
			return
		}
		f := &frame{raw: b}
		if json.Unmarshal(b, f) != nil {
			return
		}
		switch f.Type {
		case "state":
			c.mu.Lock()
			c.state = f
			c.mu.Unlock()
			c.poke()
		case "ack", "error":
			c.answers <- f
		}
	}
}

func (c *campaignClient) poke() {
	select {
	case c.changed <- struct{}{}:
	default:
	}
}

func (c *campaignClient) latest() *frame {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.state
}

func (c *campaignClient) isClosed() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

func (c *campaignClient) send(m ClientMessage) error {
	b, _ := json.Marshal(m)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// answer returns the ack or error frame of action id, or nil if the
// connection ended first.
func (c *campaignClient) answer(id int64) *frame {
	timeout := time.After(30 * time.Second)
	for {
		select {
		case f := <-c.answers:
			if f.ID == id {
				return f
			}
		case <-c.done:
			for {
				select {
				case f := <-c.answers:
					if f.ID == id {
						return f
					}
				default:
					return nil
				}
			}
		case <-timeout:
			c.ws.CloseNow() // no answer in 30s: the test reports the pending action
			return nil
		}
	}
}

// waitSeq waits until the client has seen step seq; false if the
// connection ended or the time ran out.
func (c *campaignClient) waitSeq(seq int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		if c.latest().Seq >= seq {
			return true
		}
		if c.isClosed() || time.Now().After(deadline) {
			return false
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// checkStored reads the database of the dead server, read-only, and checks
// every match the campaign played against what its clients were told.
func (c *campaign) checkStored() {
	t := c.t
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+c.db+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range c.slots {
		for _, l := range s.ledgers() {
			c.checkLedger(db, s, l)
		}
	}
}

func (c *campaign) checkLedger(db *sql.DB, s *slot, l *ledger) {
	t := c.t
	t.Helper()
	var game, options, seedText, seats, status string
	var count int
	err := db.QueryRow("SELECT game, options, seed, seats, status, actions FROM matches WHERE id = ?", l.id).Scan(&game, &options, &seedText, &seats, &status, &count)
	if err != nil {
		t.Fatalf("%s: match %s: %v", s.name, l.id, err)
	}
	var opts engine.Options
	var players []struct {
		Player string `json:"player"`
	}
	seed, err := strconv.ParseUint(seedText, 10, 64)
	if err != nil || json.Unmarshal([]byte(options), &opts) != nil || json.Unmarshal([]byte(seats), &players) != nil || len(players) != len(l.players) {
		t.Fatalf("%s: match %s: the stored match does not read: seed %q options %q seats %q", s.name, l.id, seedText, options, seats)
	}
	rows, err := db.Query("SELECT seq, seat, action, hash FROM actions WHERE match_id = ? ORDER BY seq", l.id)
	if err != nil {
		t.Fatal(err)
	}
	var stored []storedStep
	for rows.Next() {
		var st storedStep
		if err := rows.Scan(&st.seq, &st.seat, &st.action, &st.hash); err != nil {
			t.Fatal(err)
		}
		stored = append(stored, st)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows.Close()

	// Steps 1..n, each once, as many as the match counts.
	for i, st := range stored {
		if st.seq != i+1 {
			if i > 0 && st.seq == stored[i-1].seq {
				t.Errorf("%s: match %s: step %d stored twice", s.name, l.id, st.seq)
				c.doubled.Add(1)
			} else {
				t.Errorf("%s: match %s: step %d stored as the %dth", s.name, l.id, st.seq, i+1)
			}
		}
	}
	if count != len(stored) {
		t.Errorf("%s: match %s counts %d actions, %d stored", s.name, l.id, count, len(stored))
	}
	// Nothing stored before is lost or changed.
	for i, st := range l.stored {
		if i >= len(stored) || stored[i] != st {
			t.Errorf("%s: match %s: step %d, stored before as %+v, is gone or changed", s.name, l.id, i+1, st)
			c.lost++
		}
	}
	// Every acknowledged action is stored, once, at its step.
	for seq, p := range l.acked {
		switch {
		case seq > len(stored):
			t.Errorf("%s: match %s: step %d (%q) was acknowledged and is not stored (%d stored)", s.name, l.id, seq, p.text, len(stored))
			c.lost++
		case stored[seq-1].seat != p.seat || stored[seq-1].action != p.text:
			t.Errorf("%s: match %s: step %d stored as seat %d %q, acknowledged as seat %d %q", s.name, l.id, seq, stored[seq-1].seat, stored[seq-1].action, p.seat, p.text)
			c.lost++
		}
	}
	// Every step of a person's seat was sent by that person: acknowledged,
	// or pending when the server died.
	l.mu.Lock()
	pending := l.pending
	l.pending = nil
	l.mu.Unlock()
	for _, p := range pending {
		if p.seq <= len(stored) && stored[p.seq-1] == (storedStep{seq: p.seq, seat: p.seat, action: p.text, hash: stored[p.seq-1].hash}) {
			c.unansweredStored++
		} else {
			c.unansweredDropped++
		}
	}
	for _, st := range stored[min(len(l.stored), len(stored)):] {
		if int(st.seat) >= len(l.players) || l.players[st.seat] != "human" {
			continue
		}
		if p, ok := l.acked[st.seq]; ok && p.seat == st.seat && p.text == st.action {
			continue
		}
		if slices.Contains(pending, pendingAct{seq: st.seq, seat: st.seat, text: st.action}) {
			continue
		}
		t.Errorf("%s: match %s: step %d, seat %d %q, is stored but was never sent as that step", s.name, l.id, st.seq, st.seat, st.action)
		c.doubled.Add(1)
	}

	// The steps replay, hash by hash; the referee's view of each seat.
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	state, err := g.New(engine.Config{Seats: len(players), Seed: seed, Options: opts})
	if err != nil {
		t.Fatalf("%s: match %s does not start: %v", s.name, l.id, err)
	}
	events := map[engine.Seat][]eventInfo{}
	for _, st := range stored {
		a, err := state.ParseAction(st.seat, st.action)
		var evs engine.Log
		if err == nil {
			err = state.Apply(a, &evs)
		}
		if err != nil {
			t.Fatalf("%s: match %s: step %d (%q) does not replay: %v", s.name, l.id, st.seq, st.action, err)
		}
		if h := engine.FormatHash(state.Hash()); h != st.hash {
			t.Fatalf("%s: match %s: step %d (%q): hash %s, stored %s", s.name, l.id, st.seq, st.action, h, st.hash)
		}
		for seat := range engine.Seat(len(players)) {
			for _, e := range evs {
				if e.Visible(seat) {
					events[seat] = append(events[seat], eventInfo{Seq: st.seq, Type: e.Type, Text: e.Text})
				}
			}
		}
	}
	_, over := state.Result()
	if want := map[bool]string{true: "over", false: "playing"}[over]; status != want {
		t.Errorf("%s: match %s is stored as %q after %d steps, want %q", s.name, l.id, status, len(stored), want)
	}
	l.views = map[engine.Seat]string{}
	for seat := range engine.Seat(len(players)) {
		b, _ := json.Marshal(state.View(seat))
		l.views[seat] = string(b)
		if events[seat] == nil {
			events[seat] = []eventInfo{}
		}
	}
	l.stored, l.events, l.over = stored, events, over
}
