package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"skald/engine"
	"skald/games"
	"skald/store"
)

// playRandom plays the match with random legal actions of the human seats'
// clients until it is over or maxSteps actions were played, each sent with
// the step the client saw; it waits for every client to see each step.
func playRandom(t *testing.T, rng *rand.Rand, seats []*client, watchers []*client, maxSteps int) *frame {
	t.Helper()
	all := append(append([]*client{}, seats...), watchers...)
	seq := seats[0].latest().Seq
	for n := 0; n < maxSteps; n++ {
		var f *frame
		for _, c := range all {
			f = c.waitSeq(seq)
			if f == nil {
				t.Fatalf("no frame for step %d: %v", seq, c.err)
			}
		}
		if f.Over {
			return f
		}
		var movers []*client
		for _, c := range seats {
			if len(c.latest().Legal) > 0 {
				movers = append(movers, c)
			}
		}
		if len(movers) == 0 { // a bot is thinking
			for _, c := range all {
				if c.waitSeq(seq+1) == nil {
					t.Fatalf("nobody moves after step %d", seq)
				}
			}
			seq = seats[0].latest().Seq
			continue
		}
		c := movers[rng.IntN(len(movers))]
		l := c.latest()
		text := l.Legal[rng.IntN(len(l.Legal))]
		a := c.act(text, l.Seq)
		switch {
		case a.Type == "ack":
			seq = a.Seq
		case a.Code == ECONFLICT: // a bot acted first
			seq = l.Seq + 1
		default:
			t.Fatalf("%s played %q at step %d: %s %s [%s]", l.Seat, text, l.Seq, a.Code, a.Message, a.Rule)
		}
	}
	var f *frame
	for _, c := range all {
		if f = c.waitSeq(seq); f == nil {
			t.Fatalf("no frame for step %d: %v", seq, c.err)
		}
	}
	return f
}

// referee replays a match from the store and knows what each seat may be
// sent after each step.
type referee struct {
	g      engine.Game
	views  []map[engine.Seat]string // per step: the canonical JSON of each view
	legal  []map[engine.Seat][]string
	events [][]engine.Event // events[i]: those of step i+1
	hashes []string
	seats  int
}

func newReferee(t *testing.T, st store.Store, id string) *referee {
	t.Helper()
	ctx := context.Background()
	m, err := st.Match(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	acts, err := st.Actions(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := games.Lookup(m.Game)
	s, err := g.New(engine.Config{Seats: len(m.Seats), Seed: m.Seed, Options: m.Options})
	if err != nil {
		t.Fatal(err)
	}
	r := &referee{g: g, seats: len(m.Seats)}
	snap := func() {
		v, l := map[engine.Seat]string{}, map[engine.Seat][]string{}
		for seat := engine.Spectator; int(seat) < r.seats; seat++ {
			b, _ := json.Marshal(s.View(seat))
			v[seat] = string(b)
			l[seat] = []string{}
			if seat != engine.Spectator {
				for _, a := range s.Legal(seat, nil) {
					l[seat] = append(l[seat], s.FormatAction(a))
				}
			}
		}
		r.views, r.legal = append(r.views, v), append(r.legal, l)
	}
	snap()
	for _, a := range acts {
		act, err := s.ParseAction(a.Seat, a.Action)
		if err != nil {
			t.Fatal(err)
		}
		var evs engine.Log
		if err := s.Apply(act, &evs); err != nil {
			t.Fatalf("step %d %s: %v", a.Seq, a.Action, err)
		}
		if h := engine.FormatHash(s.Hash()); h != a.Hash {
			t.Fatalf("step %d: hash %s, stored %s", a.Seq, h, a.Hash)
		}
		r.events = append(r.events, evs)
		r.hashes = append(r.hashes, a.Hash)
		snap()
	}
	return r
}

// check checks every frame c received: each state frame is exactly what
// its seat may see after its step, and the events sent are exactly those
// the seat may see, each once.
func (r *referee) check(t *testing.T, c *client) {
	t.Helper()
	var got []eventInfo
	last := 0
	for i, f := range c.received() {
		for _, h := range r.hashes {
			if bytes.Contains(f.raw, []byte(h)) {
				t.Fatalf("frame %d to %s holds a state hash", i, f.Seat)
			}
		}
		if f.Type != "state" {
			continue
		}
		seat := engine.Seat(f.SeatIndex)
		if f.Seq >= len(r.views) {
			t.Fatalf("frame %d to %s: step %d, the store has %d", i, f.Seat, f.Seq, len(r.views)-1)
		}
		var view bytes.Buffer
		json.Compact(&view, f.View)
		if want := r.views[f.Seq][seat]; view.String() != want {
			t.Fatalf("frame %d to %s at step %d:\nview %s\nwant %s", i, f.Seat, f.Seq, view.String(), want)
		}
		if want := r.legal[f.Seq][seat]; !slices.Equal(f.Legal, want) {
			t.Fatalf("frame %d to %s at step %d: legal %v, want %v", i, f.Seat, f.Seq, f.Legal, want)
		}
		// Each legal action is also sent with what it names: its kind is
		// its text's first word.
		if len(f.Actions) != len(f.Legal) {
			t.Fatalf("frame %d to %s at step %d: %d actions for %d legal texts", i, f.Seat, f.Seq, len(f.Actions), len(f.Legal))
		}
		for k, a := range f.Actions {
			if verb, _, _ := strings.Cut(f.Legal[k], " "); a.Text != f.Legal[k] || a.Kind != verb {
				t.Fatalf("frame %d to %s at step %d: action %d is %+v, its text %q", i, f.Seat, f.Seq, k, a, f.Legal[k])
			}
		}
		if f.Reset {
			got = got[:0]
			last = 0
		}
		for _, e := range f.Events {
			if e.Seq <= last || e.Seq > f.Seq {
				t.Fatalf("frame %d to %s at step %d: an event of step %d after step %d", i, f.Seat, f.Seq, e.Seq, last)
			}
		}
		got = append(got, f.Events...)
		last = f.Seq
	}
	var want []eventInfo
	for i := 0; i < last; i++ {
		for _, e := range r.events[i] {
			if e.Visible(engine.Seat(c.latest().SeatIndex)) {
				want = append(want, eventInfo{Seq: i + 1, Type: e.Type, Text: e.Text})
			}
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s received %d events up to step %d, may see %d", c.latest().Seat, len(got), last, len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s event %d: got %+v, want %+v", c.latest().Seat, i, got[i], want[i])
		}
	}
}

// secretChecks look into the views sent for what each game hides, over and
// above the referee's comparison with the game's own View.
var secretChecks = map[string]func(t *testing.T, seat string, view map[string]any){
	"blackred": func(t *testing.T, seat string, v map[string]any) {
		for _, side := range []string{"black", "red"} {
			sv := v[side].(map[string]any)
			if side == seat {
				continue
			}
			if _, ok := sv["hand"]; ok {
				t.Fatalf("%s was sent %s's hand", seat, side)
			}
			if _, ok := sv["deck"]; ok {
				t.Fatalf("%s was sent %s's deck", seat, side)
			}
			if sv["force_face_down"] == true && sv["force"] != nil {
				t.Fatalf("%s was sent %s's face-down force card", seat, side)
			}
			if v["phase"] == "strategy" && sv["strategy"] != nil && sv["strategy"] != "face down" {
				t.Fatalf("%s was sent %s's face-down strategy card", seat, side)
			}
		}
	},
	"tacticsdavid": func(t *testing.T, seat string, v map[string]any) {
		armies, _ := v["armies"].([]any)
		for _, a := range armies {
			av := a.(map[string]any)
			if av["player"] != seat && av["list"] != nil {
				t.Fatalf("%s was sent %s's army while armies are built", seat, av["player"])
			}
		}
	},
}

func checkSecrets(t *testing.T, game string, c *client) {
	t.Helper()
	check := secretChecks[game]
	for _, f := range c.received() {
		if f.Type != "state" {
			continue
		}
		var v map[string]any
		if err := json.Unmarshal(f.View, &v); err != nil {
			t.Fatal(err)
		}
		check(t, f.Seat, v)
	}
}

// TestPlayAndSecrets plays matches through the WebSocket API and reads
// every frame sent to each seat and to a spectator.
func TestPlayAndSecrets(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		opts  engine.Options
		seats []string
		steps int
		over  bool
	}{
		{"black and red, two people", "blackred", nil, []string{"human", "human"}, 1000, true},
		{"black and red against a bot", "blackred", engine.Options{"units": "3"}, []string{"random", "human"}, 1000, true},
		{"tactics david battle", "tacticsdavid", engine.Options{"armies": "auto"}, []string{"human", "human"}, 60, false},
		{"tactics david building", "tacticsdavid", nil, []string{"human", "human"}, 30, false},
	}
	// Every registered game, with its defaults, whatever games there are
	// when the test runs.
	for _, g := range games.All() {
		lo, _ := g.Seats()
		seats := make([]string, lo)
		for i := range seats {
			seats[i] = "human"
		}
		tests = append(tests, struct {
			name  string
			game  string
			opts  engine.Options
			seats []string
			steps int
			over  bool
		}{g.Name() + " with its defaults", g.Name(), nil, seats, 40, false})
	}
	ts := newTestServer(t)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr := create(t, ts.url, tt.game, tt.opts, tt.seats...)
			var seats []*client
			for _, s := range cr.Seats {
				if s.Token != "" {
					seats = append(seats, dial(t, ts.url, cr.ID, s.Token))
				}
			}
			spec := dial(t, ts.url, cr.ID, cr.Spectator.Token)
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			last := playRandom(t, rng, seats, []*client{spec}, tt.steps)
			if tt.over && !last.Over {
				t.Fatalf("not over after %d steps", last.Seq)
			}
			if last.Over {
				checkPlaces(t, last, len(tt.seats))
			}
			for _, c := range append(seats, spec) {
				c.waitSeq(last.Seq)
				c.close()
			}
			ref := newReferee(t, ts.store, cr.ID)
			for _, c := range append(seats, spec) {
				ref.check(t, c)
				if secretChecks[tt.game] != nil {
					checkSecrets(t, tt.game, c)
				}
			}
		})
	}
}

// checkPlaces checks the places and scores of a finished match's frame:
// one of each per seat, and as winners the seats in place 1, none when
// every seat is (a draw).
func checkPlaces(t *testing.T, f *frame, seats int) {
	t.Helper()
	var end struct {
		Seats []struct {
			Name string `json:"name"`
		} `json:"seats"`
		Winners []string  `json:"winners"`
		Places  []int     `json:"places"`
		Scores  []float64 `json:"scores"`
	}
	if err := json.Unmarshal(f.raw, &end); err != nil {
		t.Fatal(err)
	}
	if len(end.Places) != seats || len(end.Scores) != seats || len(end.Seats) != seats {
		t.Fatalf("a finished match's frame has %d places and %d scores for %d seats: %s", len(end.Places), len(end.Scores), seats, f.raw)
	}
	var first []string
	for i, p := range end.Places {
		if p == 1 {
			first = append(first, end.Seats[i].Name)
		}
	}
	if len(first) == seats {
		first = nil
	}
	if !slices.Equal(first, end.Winners) {
		t.Errorf("winners %v, but the seats in place 1 are %v: %s", end.Winners, first, f.raw)
	}
}

// TestBadInput sends what a client should not and checks that each gets a
// clear error and changes nothing.
func TestBadInput(t *testing.T) {
	ts := newTestServer(t)
	cr := create(t, ts.url, "blackred", engine.Options{"first": "black"}, "human", "human")
	other := create(t, ts.url, "blackred", nil, "human", "human")
	black := dial(t, ts.url, cr.ID, cr.Seats[0].Token)
	red := dial(t, ts.url, cr.ID, cr.Seats[1].Token)
	spec := dial(t, ts.url, cr.ID, cr.Spectator.Token)

	unchanged := func(t *testing.T) {
		t.Helper()
		m, err := ts.store.Match(context.Background(), cr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if m.Actions != 0 {
			t.Fatalf("the match has %d actions", m.Actions)
		}
	}
	zero := 0
	tests := []struct {
		name string
		c    *client
		msg  any
		code string
		rule bool
	}{
		{"malformed JSON", black, `{"type":"act",`, EINVALID, false},
		{"not an object", black, `[1,2]`, EINVALID, false},
		{"unknown field", black, `{"type":"act","action":"weapon bow","seat":1}`, EINVALID, false},
		{"unknown type", black, `{"type":"fly"}`, EINVALID, false},
		{"no action", black, `{"type":"act"}`, EINVALID, false},
		{"gibberish action", black, ClientMessage{Type: "act", Action: "dance wildly"}, EINVALID, false},
		{"not your turn", red, ClientMessage{Type: "act", Action: "weapon bow"}, EILLEGAL, true},
		{"against the rules", black, ClientMessage{Type: "act", Action: "force 1"}, EILLEGAL, true},
		{"a spectator acts", spec, ClientMessage{Type: "act", Action: "weapon bow"}, EFORBIDDEN, false},
		{"a stale step", black, ClientMessage{Type: "act", Action: "weapon bow", Seq: &[]int{3}[0]}, ECONFLICT, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.c.send(tt.msg)
			for {
				f := tt.c.next()
				if f == nil {
					t.Fatal("no answer")
				}
				if f.Type != "error" {
					continue
				}
				if f.Code != tt.code || f.Message == "" || (f.Rule != "") != tt.rule {
					t.Fatalf("got %s %q [%s], want %s (rule: %v)", f.Code, f.Message, f.Rule, tt.code, tt.rule)
				}
				break
			}
			unchanged(t)
		})
	}
	t.Run("replayed action", func(t *testing.T) {
		if a := black.act("weapon bow", 0); a.Type != "ack" || a.Seq != 1 {
			t.Fatalf("first: %+v", a)
		}
		a := black.act("weapon bow", zero)
		if a.Type != "error" || a.Code != ECONFLICT {
			t.Fatalf("replayed: %+v", a)
		}
		if m, _ := ts.store.Match(context.Background(), cr.ID); m.Actions != 1 {
			t.Fatalf("%d actions", m.Actions)
		}
	})
	t.Run("huge message", func(t *testing.T) {
		c := dial(t, ts.url, cr.ID, cr.Seats[1].Token)
		c.send(`{"type":"act","action":"` + strings.Repeat("x", int(DefaultLimits().Message)+1) + `"}`)
		for c.next() != nil {
		}
		<-c.closed
		if !strings.Contains(c.err.Error(), "StatusMessageTooBig") {
			t.Fatalf("closed with %v, want status 1009 (message too big)", c.err)
		}
		if m, _ := ts.store.Match(context.Background(), cr.ID); m.Actions != 1 {
			t.Fatalf("%d actions", m.Actions)
		}
	})

	httpTests := []struct {
		name, method, path, body string
		status                   int
		code                     string
	}{
		{"unknown match", "GET", "/api/matches/nosuchmatch/ws?token=x", "", 404, ENOTFOUND},
		{"no token", "GET", "/api/matches/" + cr.ID + "/ws", "", 401, EUNAUTHORIZED},
		{"forged token", "GET", "/api/matches/" + cr.ID + "/ws?token=forged", "", 401, EUNAUTHORIZED},
		{"another match's token", "GET", "/api/matches/" + cr.ID + "/ws?token=" + other.Seats[0].Token, "", 401, EUNAUTHORIZED},
		{"malformed create", "POST", "/api/matches", `{"game":`, 400, EINVALID},
		{"unknown field in create", "POST", "/api/matches", `{"game":"blackred","seats":["human","human"],"seed":1}`, 400, EINVALID},
		{"unknown game", "POST", "/api/matches", `{"game":"chess","seats":["human","human"]}`, 400, EINVALID},
		{"bad option", "POST", "/api/matches", `{"game":"blackred","options":{"units":"99"},"seats":["human","human"]}`, 400, EINVALID},
		{"bad bot", "POST", "/api/matches", `{"game":"blackred","seats":["human","mcts:iters=-1"]}`, 400, EINVALID},
		{"huge create", "POST", "/api/matches", `{"game":"` + strings.Repeat("x", int(DefaultLimits().Body)) + `"}`, 413, ETOOLARGE},
		{"record of a match in progress", "GET", "/api/matches/" + cr.ID + "/record", "", 409, ECONFLICT},
		{"rematch of a match in progress", "POST", "/api/matches/" + cr.ID + "/rematch?token=" + cr.Seats[0].Token, "", 409, ECONFLICT},
		{"rematch by a spectator", "POST", "/api/matches/" + cr.ID + "/rematch?token=" + cr.Spectator.Token, "", 403, EFORBIDDEN},
		{"unknown API", "GET", "/api/nothing", "", 404, ENOTFOUND},
		{"player list without a key", "GET", "/api/matches?player=short", "", 400, EINVALID},
	}
	for _, tt := range httpTests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, ts.url+tt.path, strings.NewReader(tt.body))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var e errorBody
			b, _ := io.ReadAll(resp.Body)
			json.Unmarshal(b, &e)
			if resp.StatusCode != tt.status || e.Code != tt.code || e.Message == "" {
				t.Fatalf("got %d %s, want %d %s", resp.StatusCode, b, tt.status, tt.code)
			}
		})
	}
	if m, _ := ts.store.Match(context.Background(), cr.ID); m.Actions != 1 {
		t.Fatalf("%d actions", m.Actions)
	}
}

// TestReconnect drops a connection in the middle of a match and opens it
// again: the match resumes where it was, with the whole log.
func TestReconnect(t *testing.T) {
	ts := newTestServer(t)
	cr := create(t, ts.url, "blackred", nil, "human", "human")
	a, b := dial(t, ts.url, cr.ID, cr.Seats[0].Token), dial(t, ts.url, cr.ID, cr.Seats[1].Token)
	rng := rand.New(rand.NewPCG(1, 2))
	f := playRandom(t, rng, []*client{a, b}, nil, 15)
	a.close()
	a = dial(t, ts.url, cr.ID, cr.Seats[0].Token)
	g := a.latest()
	if g.Seq != f.Seq || !g.Reset || len(g.Events) == 0 {
		t.Fatalf("after reconnecting: step %d (want %d), reset %v, %d events", g.Seq, f.Seq, g.Reset, len(g.Events))
	}
	playRandom(t, rng, []*client{a, b}, nil, 5)
	ref := newReferee(t, ts.store, cr.ID)
	ref.check(t, a)
}

// TestBotsAndRematch: a match of bots plays itself to the end without any
// connection; a finished match's record and replay are served; a rematch
// keeps the seats' tokens.
func TestBotsAndRematch(t *testing.T) {
	ts := newTestServer(t)
	bots := create(t, ts.url, "blackred", engine.Options{"units": "2"}, "random", "mcts:iters=10")
	cr := create(t, ts.url, "blackred", engine.Options{"units": "2"}, "human", "mcts:iters=10")
	c := dial(t, ts.url, cr.ID, cr.Seats[0].Token)
	last := playRandom(t, rand.New(rand.NewPCG(3, 4)), []*client{c}, nil, 500)
	if !last.Over {
		t.Fatal("not over")
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		m, err := ts.store.Match(context.Background(), bots.ID)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status == store.Over {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bots' match is not over: %d actions", m.Actions)
		}
		time.Sleep(20 * time.Millisecond)
	}

	var rec struct {
		Header engine.Header `json:"header"`
		Steps  []recordStep  `json:"steps"`
	}
	// The match's players get every secret: the record file, each seat's
	// view and every event, named by who saw it.
	tok := "?token=" + cr.Seats[0].Token
	getJSON(t, ts.url+"/api/matches/"+cr.ID+"/record"+tok, &rec)
	if len(rec.Steps) != last.Seq || rec.Header.Game != "blackred" {
		t.Fatalf("record: %d steps, want %d", len(rec.Steps), last.Seq)
	}
	resp, err := http.Get(ts.url + "/api/matches/" + cr.ID + "/record" + tok + "&format=jsonl")
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.ReadRecord(resp.Body, "record")
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	g, _ := games.Lookup("blackred")
	if _, err := engine.Replay(g, r, nil); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	var rp struct {
		Step   int             `json:"step"`
		View   json.RawMessage `json:"view"`
		Legal  []string        `json:"legal"`
		Events []eventInfo     `json:"events"`
	}
	getJSON(t, ts.url+"/api/matches/"+cr.ID+"/replay"+tok+"&step=3&seat=black", &rp)
	ref := newReferee(t, ts.store, cr.ID)
	var view bytes.Buffer
	json.Compact(&view, rp.View)
	if rp.Step != 3 || view.String() != ref.views[3][0] {
		t.Fatalf("replay step 3: %s, want %s", view.String(), ref.views[3][0])
	}
	// The replay shows black the events black saw, and the record names
	// who saw each private event.
	var want []eventInfo
	private := 0
	for i, evs := range ref.events {
		for j, e := range evs {
			if i < 3 && e.Visible(0) {
				want = append(want, eventInfo{Seq: i + 1, Type: e.Type, Text: e.Text})
			}
			got := rec.Steps[i].Events[j]
			if e.Public() != (got.To == nil) || !e.Public() && strings.Join(got.To, ",") != strings.Join(e.Names(g, 2), ",") {
				t.Errorf("record step %d event %q: to %v, want %v", i+1, e.Text, got.To, e.Names(g, 2))
			}
			if !e.Public() {
				private++
			}
		}
	}
	if !slices.Equal(rp.Events, want) {
		t.Errorf("replay events for black up to step 3:\n%v\nwant\n%v", rp.Events, want)
	}
	if private == 0 {
		t.Error("the match had no private event to check")
	}

	var rm1, rm2 map[string]string
	postJSON(t, ts.url+"/api/matches/"+cr.ID+"/rematch?token="+cr.Seats[0].Token, &rm1)
	postJSON(t, ts.url+"/api/matches/"+cr.ID+"/rematch?token="+cr.Seats[0].Token, &rm2)
	if rm1["id"] == "" || rm1["id"] != rm2["id"] {
		t.Fatalf("rematches %v and %v", rm1, rm2)
	}
	for f := c.next(); ; f = c.next() { // the players still connected are told
		if f == nil {
			t.Fatal("no rematch frame")
		}
		if f.Type == "rematch" {
			if f.Match != rm1["id"] {
				t.Fatalf("rematch frame for %s, want %s", f.Match, rm1["id"])
			}
			break
		}
	}
	c2 := dial(t, ts.url, rm1["id"], cr.Seats[0].Token)
	if l := c2.latest(); l.Seq != 0 || l.Over || len(l.Legal)+len(l.Deciders) == 0 {
		t.Fatalf("rematch: %+v", l)
	}
	if _, err := dialErr(ts.url, rm1["id"], bots.Spectator.Token); err == nil {
		t.Fatal("another match's spectator token opened the rematch")
	}
}

func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %s %s", url, resp.Status, b)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

func postJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Post(url, "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("POST %s: %s %s", url, resp.Status, b)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// TestPlayerMatches: a player's list holds the matches the player opened.
func TestPlayerMatches(t *testing.T) {
	ts := newTestServer(t)
	key := "player-key-" + strconv.Itoa(int(time.Now().UnixNano()))
	cr := create(t, ts.url, "blackred", nil, "human", "human")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := dialErr(ts.url, cr.ID, cr.Seats[1].Token+"&player="+key)
	if err != nil {
		t.Fatal(err)
	}
	c.t = t
	c.next()
	c.close()
	_ = ctx
	var list []matchInfo
	getJSON(t, ts.url+"/api/matches?player="+key, &list)
	if len(list) != 1 || list[0].ID != cr.ID || list[0].SeatName != "red" {
		t.Fatalf("list: %+v", list)
	}
}

// TestMetrics: /metrics speaks Prometheus's text format.
func TestMetrics(t *testing.T) {
	ts := newTestServer(t)
	create(t, ts.url, "blackred", nil, "human", "human")
	resp, err := http.Get(ts.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, want := range []string{`skald_matches_created_total{game="blackred"} 1`, "skald_websocket_connections", "go_goroutines"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

// TestBotDoesNotBlock: while a bot thinks in one match, people play
// another without waiting for it.
func TestBotDoesNotBlock(t *testing.T) {
	ts := newTestServer(t)
	slow := create(t, ts.url, "blackred", engine.Options{"first": "red"}, "human", "mcts:time=3s")
	cr := create(t, ts.url, "blackred", nil, "human", "human")
	a, b := dial(t, ts.url, cr.ID, cr.Seats[0].Token), dial(t, ts.url, cr.ID, cr.Seats[1].Token)
	t0 := time.Now()
	f := playRandom(t, rand.New(rand.NewPCG(5, 6)), []*client{a, b}, nil, 10)
	if d := time.Since(t0); d > 2*time.Second {
		t.Fatalf("10 actions took %v while a bot thought for 3s in another match", d)
	}
	if f.Seq < 10 {
		t.Fatalf("step %d", f.Seq)
	}
	if m, _ := ts.store.Match(context.Background(), slow.ID); m.Actions != 0 {
		t.Fatalf("the bot acted already (%d actions): it did not think for 3s", m.Actions)
	}
}
