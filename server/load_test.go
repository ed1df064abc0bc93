package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestLoad(t *testing.T) {
	ts := newTestServer(t)
	live := 0
	res, err := Load(context.Background(), LoadConfig{URL: ts.url, Game: "blackred", Matches: 3, Duration: 5 * time.Second, MaxActions: 150, Seed: 1,
		Live: func() { live = ts.LiveMatches() }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Actions < 150 || res.P50 <= 0 || res.P99 < res.P50 || res.Max < res.P99 || res.ActionsPerSec <= 0 {
		t.Errorf("figures: %+v", res)
	}
	if live < 3 {
		t.Errorf("%d matches live while 3 were played", live)
	}
	t.Log(res)
}

func TestLoadLoopbackOnly(t *testing.T) {
	for _, u := range []string{"http://192.168.1.1:8080", "http://example.com", "http://10.0.0.1"} {
		_, err := Load(context.Background(), LoadConfig{URL: u, Game: "blackred", Matches: 1, Duration: time.Second})
		if err == nil || !strings.Contains(err.Error(), "loopback") {
			t.Errorf("%s: got %v, want a refusal", u, err)
		}
	}
}

// BenchmarkLoad plays b.N actions in 8 concurrent matches of bots through
// the WebSocket API of a server on a SQLite file; `skald bench serve` is
// the same with more knobs.
func BenchmarkLoad(b *testing.B) {
	ts := newTestServer(b)
	b.ResetTimer()
	res, err := Load(context.Background(), LoadConfig{URL: ts.url, Game: "blackred", Matches: 8, Duration: time.Minute, MaxActions: b.N, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(res.ActionsPerSec, "actions/s")
	b.ReportMetric(float64(res.P50.Microseconds()), "p50-µs")
	b.ReportMetric(float64(res.P99.Microseconds()), "p99-µs")
}

// TestLoadRate checks that an offered rate bounds the actions played and
// that the figures say what was offered.
func TestLoadRate(t *testing.T) {
	ts := newTestServer(t)
	res, err := Load(context.Background(), LoadConfig{URL: ts.url, Game: "blackred", Matches: 2, Duration: 2 * time.Second, Rate: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Each match 10 a second for the 2 seconds of the window: at most 21
	// due in it.
	if res.Actions > 42 || res.Actions == 0 {
		t.Errorf("%d actions at 20 a second for 2 seconds", res.Actions)
	}
	if res.Offered != 20 || !strings.Contains(res.String(), "20 actions/s offered") {
		t.Errorf("offered %v: %s", res.Offered, res)
	}
}

// TestPacer checks an open load's schedule: actions are due at fixed
// intervals whenever they are asked for, so that a late answer makes the
// next one late rather than put off; the time a finished match takes to
// be replaced shifts the schedule.
func TestPacer(t *testing.T) {
	t0 := time.Unix(1000, 0)
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }
	p := &pacer{every: 40 * time.Millisecond, next: ms(5)}
	steps := []struct {
		op       string // "due", "pause", "resume"
		now, due int    // in ms from t0
	}{
		{"due", 0, 5},
		{"due", 10, 45},   // asked early: due later
		{"due", 200, 85},  // the server was slow: due long ago
		{"due", 201, 125}, // and the next one too
		{"pause", 300, 0},
		{"resume", 350, 0}, // 50 ms to replace the match
		{"due", 351, 215},
		{"due", 352, 255},
	}
	for i, st := range steps {
		switch st.op {
		case "due":
			if got := p.due(ms(st.now)); !got.Equal(ms(st.due)) {
				t.Errorf("step %d: due at %v, want %dms", i, got.Sub(t0), st.due)
			}
		case "pause":
			p.pause(ms(st.now))
		case "resume":
			p.resume(ms(st.now))
		}
	}
	closed := &pacer{}
	if got := closed.due(ms(7)); !got.Equal(ms(7)) {
		t.Errorf("a closed loop's action is due when it is sent, not at %v", got.Sub(t0))
	}
}

// TestLoadWindow checks that the figures cover the measured window only:
// the time to create and connect the matches is the warm-up's, and no
// action due before the window is counted.
func TestLoadWindow(t *testing.T) {
	run := &loadRun{cfg: LoadConfig{MaxActions: 100}, full: make(chan struct{})}
	t0 := time.Unix(1000, 0)
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }
	run.record(ms(0), ms(5)) // before the window opens: not counted
	run.start.Store(ms(10).UnixNano())
	run.record(ms(8), ms(12))  // due before it opened: not counted
	run.record(ms(10), ms(13)) // 3 ms
	run.record(ms(20), ms(90)) // 70 ms: due on time, answered late
	run.stop.Store(ms(100).UnixNano())
	run.record(ms(95), ms(120)) // answered after the window: unanswered
	run.unanswered(ms(98))      // never answered
	run.unanswered(ms(101))     // due after the window: not counted
	if run.res.Actions != 2 || run.res.Unanswered != 2 {
		t.Errorf("%d actions, %d unanswered; want 2 and 2", run.res.Actions, run.res.Unanswered)
	}
	if want := []time.Duration{3 * time.Millisecond, 70 * time.Millisecond}; !slices.Equal(run.latencies, want) {
		t.Errorf("latencies %v, want %v", run.latencies, want)
	}
}

// TestScanFast checks the load client's quick reader against
// encoding/json on every frame of played matches, and on frames it must
// leave to encoding/json.
func TestScanFast(t *testing.T) {
	ts := newTestServer(t)
	var frames [][]byte
	for i := range 3 {
		cr := create(t, ts.url, "blackred", nil, "human", "human")
		a, b := dial(t, ts.url, cr.ID, cr.Seats[0].Token), dial(t, ts.url, cr.ID, cr.Seats[1].Token)
		playRandom(t, rand.New(rand.NewPCG(uint64(i), 7)), []*client{a, b}, nil, 60)
		a.act("no such action", -1) // an error frame
		for _, c := range []*client{a, b} {
			for _, f := range c.received() {
				frames = append(frames, f.raw)
			}
		}
	}
	frames = append(frames, []byte(`{"type":"state","match":"x","seq":3,"over":false,"legal":["a \u003c b","c"],"view":null}`),
		[]byte(`{"type":"ack","id":1,"seq":2,"extra":1}`), []byte(`{"type":"state","match":"x","seq":1,"over":false,"legal":[],"view":{}}`))
	fast := 0
	for _, b := range frames {
		var want loadFrame
		full := json.NewDecoder(bytes.NewReader(b))
		var m map[string]json.RawMessage
		if err := full.Decode(&m); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(m["type"], &want.Type)
		json.Unmarshal(m["id"], &want.ID)
		json.Unmarshal(m["seq"], &want.Seq)
		json.Unmarshal(m["over"], &want.Over)
		json.Unmarshal(m["code"], &want.Code)
		json.Unmarshal(m["legal"], &want.Legal)
		var got loadFrame
		if scanFast(b, &got) {
			fast++
		}
		got = loadFrame{}
		if err := scanFrame(b, &got); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if len(got.Legal) == 0 && len(want.Legal) == 0 {
			got.Legal, want.Legal = nil, nil
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%.200s:\nread   %+v\nwant %+v", b, got, want)
		}
	}
	if fast < len(frames)/2 {
		t.Errorf("the quick reader read %d of %d frames", fast, len(frames))
	}
}
