package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"skald/store"
)

// clockOf returns the clock of a state frame.
func clockOf(t *testing.T, f *frame) *clockFrame {
	t.Helper()
	var x struct {
		Clock *clockFrame `json:"clock"`
	}
	if err := json.Unmarshal(f.raw, &x); err != nil {
		t.Fatal(err)
	}
	return x.Clock
}

func TestClockSettingsRefused(t *testing.T) {
	ts := newTestServer(t)
	for _, tc := range []struct {
		clock ClockSettings
		want  string
	}{
		{ClockSettings{Kind: "hourglass", Timeout: "lose"}, "kind"},
		{ClockSettings{Kind: ClockRealtime, Minutes: 0, Timeout: "lose"}, "minutes"},
		{ClockSettings{Kind: ClockRealtime, Minutes: 601, Timeout: "lose"}, "minutes"},
		{ClockSettings{Kind: ClockRealtime, Minutes: 5, Increment: -1, Timeout: "lose"}, "increment"},
		{ClockSettings{Kind: ClockRealtime, Minutes: 5, Days: 1, Timeout: "lose"}, "days"},
		{ClockSettings{Kind: ClockTurn, Days: 0, Timeout: "bot"}, "days"},
		{ClockSettings{Kind: ClockTurn, Days: 61, Timeout: "bot"}, "days"},
		{ClockSettings{Kind: ClockTurn, Days: 1, Minutes: 3, Timeout: "bot"}, "minutes"},
		{ClockSettings{Kind: ClockRealtime, Minutes: 5, Timeout: "pass"}, "timeout"},
	} {
		_, code := call(t, "POST", ts.url+"/api/matches", CreateRequest{Game: "blackred", Seats: []string{"human", "human"}, Clock: &tc.clock}, nil)
		if code != EINVALID {
			t.Errorf("%+v: %q, want invalid", tc.clock, code)
		}
	}
}

// createClocked creates a Black & Red match between two people with the
// given clock.
func createClocked(t *testing.T, url string, c ClockSettings) *CreateResponse {
	t.Helper()
	var cr CreateResponse
	if st, code := call(t, "POST", url+"/api/matches", CreateRequest{Game: "blackred", Seats: []string{"human", "human"}, Clock: &c}, &cr); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, code)
	}
	return &cr
}

// TestClockLose: a real-time clock whose timeout is "lose" ends the match
// when the person to decide runs out of time, the other winning; an
// action after that is refused; the result stands after a restart.
func TestClockLose(t *testing.T) {
	ts := newTestServer(t)
	cr := createClocked(t, ts.url, ClockSettings{Kind: ClockRealtime, Minutes: 0.01, Timeout: TimeoutLose}) // 600 ms
	a, b := dial(t, ts.url, cr.ID, cr.Seats[0].Token), dial(t, ts.url, cr.ID, cr.Seats[1].Token)
	first := a.latest()
	c := clockOf(t, first)
	if c == nil || c.Kind != ClockRealtime || !c.Started || len(c.Seats) != 2 || c.Seats[0].LeftMS > 600 {
		t.Fatalf("clock at the start: %+v", c)
	}
	running := -1
	for i, s := range c.Seats {
		if s.Running {
			running = i
		}
	}
	if running < 0 {
		t.Fatalf("no clock runs: %+v", c)
	}
	f := a.waitState(func(f *frame) bool { return f.Over })
	if f == nil {
		t.Fatal("the match did not end when the time ran out")
	}
	loser := []string{"black", "red"}[running]
	if !strings.Contains(f.Result, loser+" ran out of time") {
		t.Fatalf("result: %q", f.Result)
	}
	if c := clockOf(t, f); !c.Seats[running].Out || c.Seats[running].LeftMS != 0 {
		t.Fatalf("clock at the end: %+v", c)
	}
	m, err := ts.store.Match(context.Background(), cr.ID)
	if err != nil || m.Status != store.Over || !strings.Contains(m.Result, "ran out of time") {
		t.Fatalf("stored: %+v %v", m, err)
	}
	mover := []*client{a, b}[running]
	if len(first.Legal) == 0 && mover == a {
		mover = b
	}
	if l := mover.latest(); len(l.Legal) != 0 {
		t.Fatalf("legal actions after the end: %v", l.Legal)
	}
	if r := mover.act("force 1", -1); r.Type != "error" {
		t.Fatalf("an action after the time ran out: %+v", r)
	}
	a.close()
	b.close()

	// Another server on the same database shows the same end.
	srv2, err := New(Config{Store: ts.store, Games: withTestGame})
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Close()
	l, err := srv2.get(context.Background(), cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	l.mu.Lock()
	r, over := l.result()
	l.mu.Unlock()
	if !over || !strings.Contains(r.Reason, loser+" ran out of time") || r.Place(0) == r.Place(1) {
		t.Fatalf("after a restart: %+v, over %v", r, over)
	}
}

// TestClockBot: with timeout "bot", a bot plays for the person whose time
// is out, and the match goes on.
func TestClockBot(t *testing.T) {
	ts := newTestServer(t)
	// 300 ms and 60 s a move: a bot's moves earn no increment, or the
	// person would be given the seat back.
	cr := createClocked(t, ts.url, ClockSettings{Kind: ClockRealtime, Minutes: 0.005, Increment: 60, Timeout: TimeoutBot})
	a, b := dial(t, ts.url, cr.ID, cr.Seats[0].Token), dial(t, ts.url, cr.ID, cr.Seats[1].Token)
	// Nobody acts: the bots play both seats once their times are out.
	f := a.waitState(func(f *frame) bool { return f.Seq >= 4 || f.Over })
	if f == nil {
		t.Fatal("no bot played for the people out of time")
	}
	if f.Status == store.Over && strings.Contains(f.Result, "ran out of time") {
		t.Fatalf("the seat lost instead: %s", f.Result)
	}
	c := clockOf(t, f)
	if !c.Seats[0].Out && !c.Seats[1].Out {
		t.Fatalf("nobody is shown out of time: %+v", c)
	}
	b.close()
	a.close()
}

// TestClockTurnBased: a turn-based clock gives each move its own
// deadline; the time a seat took is not carried to its next move.
func TestClockTurnBased(t *testing.T) {
	ts := newTestServer(t)
	day := 24 * time.Hour
	cr := createClocked(t, ts.url, ClockSettings{Kind: ClockTurn, Days: 0.5 / float64(day/time.Second), Timeout: TimeoutBot}) // 500 ms a move
	a := dial(t, ts.url, cr.ID, cr.Seats[0].Token)
	f := a.waitState(func(f *frame) bool { return f.Seq >= 3 })
	if f == nil {
		t.Fatal("no bot played past the deadlines")
	}
	c := clockOf(t, f)
	if c.Kind != ClockTurn {
		t.Fatalf("clock: %+v", c)
	}
	for _, s := range c.Seats {
		if s.LeftMS > 500 {
			t.Fatalf("more than a move's time left: %+v", c)
		}
	}
	a.close()
}

// TestClockSurvivesRestart: the clock is counted from the stored times of
// the actions, so a server started on the same database finds each
// person's time as it was, and ends the match when it runs out even if
// nobody connects.
func TestClockSurvivesRestart(t *testing.T) {
	ts := newTestServer(t)
	cr := createClocked(t, ts.url, ClockSettings{Kind: ClockRealtime, Minutes: 0.05, Timeout: TimeoutLose}) // 3 s
	a, b := dial(t, ts.url, cr.ID, cr.Seats[0].Token), dial(t, ts.url, cr.ID, cr.Seats[1].Token)
	// One action, then the server stops.
	mover := a
	if len(a.latest().Legal) == 0 {
		mover = b
	}
	l := mover.latest()
	if r := mover.act(l.Legal[0], l.Seq); r.Type != "ack" {
		t.Fatalf("act: %+v", r)
	}
	left := clockOf(t, mover.waitSeq(1))
	a.close()
	b.close()
	ts.Server.Close()

	srv2, err := New(Config{Store: ts.store, Games: withTestGame})
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Close()
	if err := srv2.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	l2, err := srv2.get(context.Background(), cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	l2.mu.Lock()
	c := l2.clockView()
	l2.mu.Unlock()
	for i, s := range c.Seats {
		if s.LeftMS > left.Seats[i].LeftMS {
			t.Fatalf("seat %d has more time after the restart (%d ms) than before (%d ms)", i, s.LeftMS, left.Seats[i].LeftMS)
		}
	}
	// Nobody is connected: the restarted server ends the match on time.
	deadline := time.Now().Add(10 * time.Second)
	for {
		m, err := ts.store.Match(context.Background(), cr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status == store.Over {
			if !strings.Contains(m.Result, "ran out of time") {
				t.Fatalf("result: %s", m.Result)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the restarted server did not end the match on time")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestClockWaitsForPlayers: a public match's clock starts when its last
// open seat is taken.
func TestClockWaitsForPlayers(t *testing.T) {
	ts := newTestServer(t)
	var cr CreateResponse
	c := ClockSettings{Kind: ClockRealtime, Minutes: 0.01, Timeout: TimeoutLose}
	if st, code := call(t, "POST", ts.url+"/api/matches", CreateRequest{Game: "blackred", Seats: []string{"human", "human"},
		Public: true, Name: "Ann", Player: keyAnn, Clock: &c}, &cr); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, code)
	}
	a := dial(t, ts.url, cr.ID, cr.Seats[0].Token)
	time.Sleep(700 * time.Millisecond) // longer than the clock: it must not run
	if cl := clockOf(t, a.latest()); cl.Started || a.latest().Over {
		t.Fatalf("the clock runs before the match is full: %+v", cl)
	}
	if st, code := call(t, "POST", ts.url+"/api/matches/"+cr.ID+"/join", JoinRequest{Seat: 1, Name: "Bob", Player: keyBob}, nil); st != 200 {
		t.Fatalf("join: %d %s", st, code)
	}
	f := a.waitState(func(f *frame) bool { return clockOf(t, f).Started })
	if f == nil {
		t.Fatal("the clock did not start when the last seat was taken")
	}
	if f = a.waitState(func(f *frame) bool { return f.Over }); f == nil || !strings.Contains(f.Result, "ran out of time") {
		t.Fatalf("after the join the clock runs out: %+v", f)
	}
}

// TestClockStartsOnJoinUnwatched: the last seat taken starts a public
// match's clock, which runs out even if nobody ever connects.
func TestClockStartsOnJoinUnwatched(t *testing.T) {
	ts := newTestServer(t)
	var cr CreateResponse
	c := ClockSettings{Kind: ClockRealtime, Minutes: 0.005, Timeout: TimeoutLose}
	if st, code := call(t, "POST", ts.url+"/api/matches", CreateRequest{Game: "blackred", Seats: []string{"human", "human"},
		Public: true, Name: "Ann", Player: keyAnn, Clock: &c}, &cr); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, code)
	}
	if st, code := call(t, "POST", ts.url+"/api/matches/"+cr.ID+"/join", JoinRequest{Seat: 1, Name: "Bob", Player: keyBob}, nil); st != 200 {
		t.Fatalf("join: %d %s", st, code)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		m, err := ts.store.Match(context.Background(), cr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status == store.Over && strings.Contains(m.Result, "ran out of time") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the match nobody watches did not end on time: %s %q", m.Status, m.Result)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestClockBotTakesItsTime: while a bot thinks for a person out of time,
// the clock does not wake the match again and again (with a turn-based
// clock as with a real-time one): the watchers get a frame saying the
// seat is out of time, then the bot's move.
func TestClockBotTakesItsTime(t *testing.T) {
	for _, c := range []ClockSettings{
		{Kind: ClockTurn, Days: 0.2 / 86400, Timeout: TimeoutBot}, // 200 ms a move
		{Kind: ClockRealtime, Minutes: 0.2 / 60, Timeout: TimeoutBot},
	} {
		t.Run(c.Kind, func(t *testing.T) {
			ts := newTestServerWith(t, func(cfg *Config) { cfg.BotDelay = 500 * time.Millisecond })
			cr := createClocked(t, ts.url, c)
			a := dial(t, ts.url, cr.ID, cr.Seats[0].Token)
			if f := a.waitSeq(1); f == nil || f.Seq != 1 {
				t.Fatal("the bot did not move for the person out of time")
			}
			n := 0
			for _, f := range a.received() {
				if f.Type == "state" && f.Seq == 0 {
					n++
				}
			}
			// The first frame, and one saying who is out of time.
			if n > 3 {
				t.Fatalf("%d frames of step 0 while the bot thought: the clock woke the match again and again", n)
			}
			a.close()
		})
	}
}

// TestClockRanOutWhileDown: a person's time that ran out while no server
// ran is dealt with as soon as one resumes.
func TestClockRanOutWhileDown(t *testing.T) {
	ts := newTestServer(t)
	cr := createClocked(t, ts.url, ClockSettings{Kind: ClockRealtime, Minutes: 0.005, Timeout: TimeoutLose}) // 300 ms
	ts.Server.Close()
	m, err := ts.store.Match(context.Background(), cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	for time.Since(m.Created) < 400*time.Millisecond {
		time.Sleep(20 * time.Millisecond)
	}
	if m, _ := ts.store.Match(context.Background(), cr.ID); m.Status != store.Playing {
		t.Fatalf("ended with no server running: %s", m.Status)
	}
	srv2, err := New(Config{Store: ts.store, Games: withTestGame})
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Close()
	if err := srv2.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		m, err := ts.store.Match(context.Background(), cr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status == store.Over && strings.Contains(m.Result, "ran out of time") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("not ended on resuming: %s %q", m.Status, m.Result)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
