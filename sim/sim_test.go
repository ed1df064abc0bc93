package sim

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"skald/engine"
	"skald/internal/testgame"
)

func TestWilson(t *testing.T) {
	// Bounds solved independently as the roots of
	// (p̂-p)² = z²p(1-p)/n.
	tests := []struct {
		wins, n int
		z       float64
		lo, hi  float64
	}{
		{50, 100, 1.96, 0.403830, 0.596170},
		{0, 10, 1.96, 0, 0.277540},
		{10, 10, 1.96, 0.722460, 1},
		{1, 2, 1.96, 0.094529, 0.905471},
		{81, 263, 1.96, 0.255288, 0.366211},
		{9, 10, 2.576, 0.492742, 0.988150},
		{0, 0, 1.96, 0, 1},
	}
	for _, tt := range tests {
		lo, hi := Wilson(tt.wins, tt.n, tt.z)
		if math.Abs(lo-tt.lo) > 1e-6 || math.Abs(hi-tt.hi) > 1e-6 {
			t.Errorf("Wilson(%d, %d, %v) = %.6f, %.6f, want %.6f, %.6f", tt.wins, tt.n, tt.z, lo, hi, tt.lo, tt.hi)
		}
	}
}

func options(n, workers int, bots ...string) Options {
	return Options{Game: testgame.Game{}, Bots: bots, N: n, Workers: workers, Seed: 42}
}

func run(t *testing.T, o Options) *Report {
	t.Helper()
	r, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestWorkers(t *testing.T) {
	var want *Report
	for _, w := range []int{1, 2, 5, 0} {
		r := run(t, options(40, w, "mcts:iters=30", "random", "random"))
		r.WallSeconds, r.GamesPerSecond = 0, 0
		if want == nil {
			want = r
		} else if !reflect.DeepEqual(r, want) {
			t.Errorf("workers=%d: report\n%+v\nwant (workers=1)\n%+v", w, r, want)
		}
	}
}

func TestReport(t *testing.T) {
	o := options(60, 3, "mcts:iters=100", "random")
	o.Config.Options = engine.Options{"order": "sequential"}
	calls, last := 0, 0
	o.Progress = func(done int) {
		calls++
		if done != last+1 {
			t.Errorf("progress %d after %d", done, last)
		}
		last = done
	}
	r := run(t, o)
	if r.Games != 60 || calls != 60 {
		t.Errorf("games %d, progress calls %d, want 60", r.Games, calls)
	}
	if r.Options["order"] != "sequential" || r.Options["cards"] != "5" {
		t.Errorf("options %v", r.Options)
	}
	if r.Bots[0].Name != "mcts:iters=100" || r.Bots[1].Name != "random" {
		t.Errorf("bot names %q, %q", r.Bots[0].Name, r.Bots[1].Name)
	}
	seatWins, botWins := 0, 0
	for i := range 2 {
		for _, tl := range []Tally{r.Seats[i].Tally, r.Bots[i].Tally} {
			if tl.Games != 60 || tl.Draws != r.Draws {
				t.Errorf("tally %+v: want 60 games and %d draws", tl, r.Draws)
			}
			if tl.WinRateLow > tl.WinRate || tl.WinRate > tl.WinRateHigh {
				t.Errorf("tally %+v: win rate outside its interval", tl)
			}
		}
		seatWins += r.Seats[i].Wins
		botWins += r.Bots[i].Wins
	}
	if seatWins != botWins || seatWins+r.Draws != 60 {
		t.Errorf("seats won %d, bots %d, %d draws", seatWins, botWins, r.Draws)
	}
	if r.Bots[0].WinRateLow < 0.7 {
		t.Errorf("mcts won %d of 60 against random", r.Bots[0].Wins)
	}
	if r.FirstPlayer.Games != 60 {
		t.Errorf("first player tally %+v", r.FirstPlayer)
	}
	if l := r.Length; l.Min != 10 || l.Max != 10 || l.Mean != 10 || l.P50 != 10 || l.P90 != 10 {
		t.Errorf("lengths %+v, want all 10", l)
	}

	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(&back, r) {
		t.Errorf("JSON round trip: %v\n%s", err, b)
	}
	for _, field := range []string{`"games":60`, `"draws":`, `"seats":[{"seat":0,"name":"0","games":60,`, `"bots":[{"name":"mcts:iters=100","spec":"mcts:iters=100","games":60,`, `"win_rate_low":`, `"first_player":{`, `"length":{"mean":10,"min":10,"p50":10,"p90":10,"max":10}`, `"games_per_second":`} {
		if !strings.Contains(string(b), field) {
			t.Errorf("JSON lacks %s:\n%s", field, b)
		}
	}

	text := r.Text()
	for _, want := range []string{"bids (cards=5 hands=equal order=sequential panic=none), seed 42\n60 games", "mcts:iters=100", "first to act", "95% interval", "length in actions: mean 10.0"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	t.Logf("\n%s", text)
}

// TestRotation checks that each bot plays each seat equally often: with
// three seats and a game that seat 0 always wins, each bot wins a third.
func TestRotation(t *testing.T) {
	r := run(t, Options{Game: firstWins{}, Bots: []string{"random", "random", "mcts"}, N: 9, Seed: 1})
	if r.Seats[0].Wins != 9 || r.Seats[1].Wins != 0 {
		t.Errorf("seat wins %d, %d", r.Seats[0].Wins, r.Seats[1].Wins)
	}
	for i, want := range []string{"random#1", "random#2", "mcts"} {
		if b := r.Bots[i]; b.Name != want || b.Wins != 3 || b.Games != 9 {
			t.Errorf("bot %d: %+v, want %s with 3 wins of 9", i, b, want)
		}
	}
	if got := Lineup([]string{"a", "b", "c"}, 4); !reflect.DeepEqual(got, []string{"b", "c", "a"}) {
		t.Errorf("Lineup(a b c, 4) = %v", got)
	}
}

func TestSeeds(t *testing.T) {
	seen := map[uint64]bool{}
	for i := range 1000 {
		for _, s := range []uint64{GameSeed(1, i), GameSeed(2, i), BotSeed(1, i, 0), BotSeed(1, i, 1)} {
			if seen[s] {
				t.Fatalf("seed %d repeats", s)
			}
			seen[s] = true
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		want string
	}{
		{"no game", Options{Bots: []string{"random", "random"}, N: 1}, "no game"},
		{"unknown bot", options(1, 1, "random", "minimax"), `unknown kind "minimax"`},
		{"too few seats", options(1, 1, "random"), "played by 2 to 4 seats, not 1"},
		{"bots for seats", Options{Game: testgame.Game{}, Config: engine.Config{Seats: 3}, Bots: []string{"random", "random"}, N: 1}, "2 bots for 3 seats"},
		{"no matches", options(0, 1, "random", "random"), "0 matches"},
		{"bad option", Options{Game: testgame.Game{}, Config: engine.Config{Options: engine.Options{"cards": "99"}}, Bots: []string{"random", "random"}, N: 1}, "option cards=99"},
		{"panic", Options{Game: firstWins{panicAt: 2}, Bots: []string{"random", "random"}, N: 5, Workers: 2}, "panic: boom"},
		{"stuck", Options{Game: firstWins{stuck: true}, Bots: []string{"random", "random"}, N: 5, Workers: 2}, "not over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Run(context.Background(), tt.o)
			if err == nil || !strings.Contains(err.Error(), tt.want) || r != nil {
				t.Errorf("Run: %v, %v; want an error with %q", r, err, tt.want)
			}
		})
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	o := options(1000, 2, "mcts:iters=50", "random")
	o.Progress = func(done int) {
		if done == 10 {
			cancel()
		}
	}
	r, err := Run(ctx, o)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if r == nil || r.Games < 10 || r.Games > 20 || r.Bots[0].Games != r.Games {
		t.Fatalf("report after cancel: %+v", r)
	}
}
