package server

import (
	"context"
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

// TestLoadRate checks that an offered rate bounds the actions played.
func TestLoadRate(t *testing.T) {
	ts := newTestServer(t)
	res, err := Load(context.Background(), LoadConfig{URL: ts.url, Game: "blackred", Matches: 2, Duration: 2 * time.Second, Rate: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// 20 a second for 2 seconds, and the limiter's first token: at most 41.
	if res.Actions > 41 || res.Actions == 0 {
		t.Errorf("%d actions at 20 a second for 2 seconds", res.Actions)
	}
}
