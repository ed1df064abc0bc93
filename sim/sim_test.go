package sim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"skald/ai"
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

func TestMean(t *testing.T) {
	// Worked by hand: mean, sample standard deviation s, and
	// mean ± z·s/√n.
	tests := []struct {
		name         string
		xs           []float64
		z            float64
		mean, lo, hi float64
	}{
		{"none", nil, 1.96, 0, 0, 0},
		{"one value", []float64{3}, 1.96, 3, 3, 3},
		{"no spread", []float64{2, 2, 2}, 1.96, 2, 2, 2},
		{"two values", []float64{0, 1}, 1.96, 0.5, -0.48, 1.48},
		{"four places", []float64{1, 2, 3, 4}, 1.96, 2.5, 1.234826, 3.765174},
		{"wider z", []float64{1, 2, 3, 4}, 2.576, 2.5, 0.837200, 4.162800},
		{"scores", []float64{10, 0, 5, 5, 5}, 1.96, 5, 1.900968, 8.099032},
	}
	for _, tt := range tests {
		mean, lo, hi := Mean(tt.xs, tt.z)
		if math.Abs(mean-tt.mean) > 1e-6 || math.Abs(lo-tt.lo) > 1e-6 || math.Abs(hi-tt.hi) > 1e-6 {
			t.Errorf("%s: Mean(%v, %v) = %.6f [%.6f, %.6f], want %.6f [%.6f, %.6f]", tt.name, tt.xs, tt.z, mean, lo, hi, tt.mean, tt.lo, tt.hi)
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
		untimed(r)
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
	var seatPoints, botPoints float64
	for i := range 2 {
		for _, tl := range []Tally{r.Seats[i].Tally, r.Bots[i].Tally} {
			if tl.Games != 60 || tl.Draws != r.Draws {
				t.Errorf("tally %+v: want 60 games and %d draws", tl, r.Draws)
			}
			if tl.WinRateLow > tl.WinRate || tl.WinRate > tl.WinRateHigh {
				t.Errorf("tally %+v: win rate outside its interval", tl)
			}
			// Two seats: first for a win or a draw, second for a loss.
			if want := float64(tl.Games+tl.Losses()) / float64(tl.Games); math.Abs(tl.MeanPlace-want) > 1e-9 {
				t.Errorf("tally %+v: mean place %v, want %v", tl, tl.MeanPlace, want)
			}
			if tl.PlaceLow > tl.MeanPlace || tl.MeanPlace > tl.PlaceHigh || tl.PlaceLow < 1 || tl.PlaceHigh > 2 {
				t.Errorf("tally %+v: mean place outside its interval or the places", tl)
			}
			if tl.ScoreLow > tl.MeanScore || tl.MeanScore > tl.ScoreHigh {
				t.Errorf("tally %+v: mean score outside its interval", tl)
			}
		}
		seatWins += r.Seats[i].Wins
		botWins += r.Bots[i].Wins
		seatPoints += r.Seats[i].MeanScore
		botPoints += r.Bots[i].MeanScore
	}
	if seatWins != botWins || seatWins+r.Draws != 60 {
		t.Errorf("seats won %d, bots %d, %d draws", seatWins, botWins, r.Draws)
	}
	// The scores are the prizes taken: the same for the seats as for the
	// bots, and no more than the prizes 1..5.
	if math.Abs(seatPoints-botPoints) > 1e-9 || seatPoints > 15 || seatPoints <= 0 {
		t.Errorf("mean points of a match: %v by seat, %v by bot; want the same, from 0 to 15", seatPoints, botPoints)
	}
	if r.Bots[0].MeanScore <= r.Bots[1].MeanScore || r.Bots[0].MeanPlace >= r.Bots[1].MeanPlace {
		t.Errorf("mcts scored %v placed %v, random %v placed %v", r.Bots[0].MeanScore, r.Bots[0].MeanPlace, r.Bots[1].MeanScore, r.Bots[1].MeanPlace)
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
	for _, field := range []string{`"games":60`, `"draws":`, `"seats":[{"seat":0,"name":"0","games":60,`, `"bots":[{"name":"mcts:iters=100","spec":"mcts:iters=100","games":60,`, `"win_rate_low":`, `"mean_place":`, `"place_low":`, `"place_high":`, `"mean_score":`, `"score_low":`, `"score_high":`, `"first_player":{`, `"length":{"mean":10,"min":10,"p50":10,"p90":10,"max":10}`, `"games_per_second":`} {
		if !strings.Contains(string(b), field) {
			t.Errorf("JSON lacks %s:\n%s", field, b)
		}
	}

	text := r.Text()
	for _, want := range []string{"bids (" + r.Options.String() + "), seed 42\n60 games", "mcts:iters=100", "first to act", "95% interval", "mean place", "mean score", "places from 1, the best, to 2", "length in actions: mean 10.0"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	t.Logf("\n%s", text)
}

// TestRotation checks that each bot plays each seat equally often: with
// three seats and a game that seat 0 always wins, each bot wins a third,
// and places first a third of the time and second (shared) otherwise.
func TestRotation(t *testing.T) {
	r := run(t, Options{Game: firstWins{}, Bots: []string{"random", "random", "mcts"}, N: 9, Seed: 1})
	if r.Seats[0].Wins != 9 || r.Seats[1].Wins != 0 {
		t.Errorf("seat wins %d, %d", r.Seats[0].Wins, r.Seats[1].Wins)
	}
	for i, want := range []string{"random#1", "random#2", "mcts"} {
		if b := r.Bots[i]; b.Name != want || b.Wins != 3 || b.Games != 9 || math.Abs(b.MeanPlace-5.0/3) > 1e-9 || math.Abs(b.MeanScore-1.0/3) > 1e-9 {
			t.Errorf("bot %d: %+v, want %s with 3 wins of 9, mean place 5/3 and mean score 1/3", i, b, want)
		}
	}
	if got := Lineup([]string{"a", "b", "c"}, 4); !reflect.DeepEqual(got, []string{"b", "c", "a"}) {
		t.Errorf("Lineup(a b c, 4) = %v", got)
	}
}

// TestPlacesAndScores checks the mean places and scores of seats and bots
// over batches whose every match ends alike: each seat's mean is its place
// and score, with no spread, and each bot's the mean over the seats, as
// the bots rotate.
func TestPlacesAndScores(t *testing.T) {
	tests := []struct {
		name   string
		g      firstWins
		seats  int
		places []float64
		scores []float64
		wins   []int // per seat, of every match
		draw   bool
	}{
		{"winner alone: places from the winners", firstWins{}, 3, []float64{1, 2, 2}, []float64{1, 0, 0}, []int{1, 0, 0}, false},
		{"places by score", firstWins{scores: []float64{3, 1, 2}}, 3, []float64{1, 3, 2}, []float64{3, 1, 2}, []int{1, 0, 0}, false},
		{"tie for second", firstWins{scores: []float64{9, 5, 5, 1}}, 4, []float64{1, 2, 2, 4}, []float64{9, 5, 5, 1}, []int{1, 0, 0, 0}, false},
		{"shared win", firstWins{scores: []float64{8, 8, 4, 2}}, 4, []float64{1, 1, 3, 4}, []float64{8, 8, 4, 2}, []int{1, 1, 0, 0}, false},
		{"a draw", firstWins{scores: []float64{2, 2}}, 2, []float64{1, 1}, []float64{2, 2}, []int{0, 0}, true},
		{"five seats", firstWins{scores: []float64{1, 2, 3, 4, 5}}, 5, []float64{5, 4, 3, 2, 1}, []float64{1, 2, 3, 4, 5}, []int{0, 0, 0, 0, 1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := 2 * tt.seats // each bot plays each seat twice
			bots := make([]string, tt.seats)
			for i := range bots {
				bots[i] = "random"
			}
			r := run(t, Options{Game: tt.g, Bots: bots, N: n, Seed: 5})
			if r.Games != n || r.Failed != 0 {
				t.Fatalf("%d games, %d failed, want %d games", r.Games, r.Failed, n)
			}
			if tt.draw != (r.Draws == n) || !tt.draw && r.Draws != 0 {
				t.Errorf("%d draws of %d", r.Draws, n)
			}
			var place, score, wins float64
			for s, st := range r.Seats {
				tl := st.Tally
				if tl.Games != n || tl.Wins != n*tt.wins[s] || tl.MeanPlace != tt.places[s] || tl.MeanScore != tt.scores[s] ||
					tl.PlaceLow != tl.MeanPlace || tl.PlaceHigh != tl.MeanPlace || tl.ScoreLow != tl.MeanScore || tl.ScoreHigh != tl.MeanScore {
					t.Errorf("seat %d: %+v, want %d wins of %d, place %v and score %v without spread", s, tl, n*tt.wins[s], n, tt.places[s], tt.scores[s])
				}
				place += tt.places[s] / float64(tt.seats)
				score += tt.scores[s] / float64(tt.seats)
				wins += float64(n*tt.wins[s]) / float64(tt.seats)
			}
			for b, bs := range r.Bots {
				tl := bs.Tally
				if tl.Games != n || float64(tl.Wins) != wins || math.Abs(tl.MeanPlace-place) > 1e-9 || math.Abs(tl.MeanScore-score) > 1e-9 {
					t.Errorf("bot %d: %+v, want %v wins of %d, mean place %v and score %v", b, tl, wins, n, place, score)
				}
				if tl.PlaceLow > tl.MeanPlace || tl.MeanPlace > tl.PlaceHigh || tl.PlaceLow < 1 || tl.PlaceHigh > float64(tt.seats) {
					t.Errorf("bot %d: mean place %v outside its interval [%v, %v] or the places 1 to %d", b, tl.MeanPlace, tl.PlaceLow, tl.PlaceHigh, tt.seats)
				}
			}
		})
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
	lo, hi := testgame.Game{}.Seats()
	tests := []struct {
		name string
		o    Options
		want string
	}{
		{"no game", Options{Bots: []string{"random", "random"}, N: 1}, "no game"},
		{"unknown bot", options(1, 1, "random", "minimax"), `unknown kind "minimax"`},
		{"too few seats", options(1, 1, "random"), fmt.Sprintf("played by %d to %d seats, not 1", lo, hi)},
		{"bots for seats", Options{Game: testgame.Game{}, Config: engine.Config{Seats: 3}, Bots: []string{"random", "random"}, N: 1}, "2 bots for 3 seats"},
		{"no matches", options(0, 1, "random", "random"), "0 matches"},
		{"bad option", Options{Game: testgame.Game{}, Config: engine.Config{Options: engine.Options{"cards": "99"}}, Bots: []string{"random", "random"}, N: 1}, "option cards=99"},
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

// TestFailures checks that a match whose game or bot panics, whose bot
// chooses an illegal action or whose game breaks the contract fails alone:
// the batch plays on, and the report names each failure with a record of
// the match that replays every action before the one that failed.
func TestFailures(t *testing.T) {
	bids := testgame.Game{}
	tests := []struct {
		name   string
		o      Options
		failed int
		// Of every failure: its step (from 1), the action's text, and
		// what the error says.
		step   func(f Failure) int
		action string
		err    string
	}{
		{
			name: "game panics", o: Options{Game: firstWins{panicAt: 2}, Bots: []string{"random", "random"}, N: 5},
			failed: 5, step: func(Failure) int { return 2 }, action: "",
			err: `the game applying "pass" of bot random of seat 1 at step 2: panic: boom`,
		},
		{
			name: "some matches panic", o: Options{Game: firstWins{panicAt: 4, odd: true}, Bots: []string{"random", "random"}, N: 20},
			failed: -1, step: func(Failure) int { return 4 },
			err: `the game applying "pass" of bot random of seat 1 at step 4: panic: boom`,
		},
		{
			name: "illegal action", o: Options{Game: firstWins{refuseAt: 3}, Bots: []string{"random", "random"}, N: 4},
			failed: 4, step: func(Failure) int { return 3 }, action: "pass",
			err: `bot random of seat 0 chose "pass" at step 3: refused on purpose [refuse]`,
		},
		{
			name: "not over", o: Options{Game: firstWins{stuck: true}, Bots: []string{"random", "random"}, N: 3},
			failed: 3, step: func(Failure) int { return 7 },
			err: "no seat decides after 6 actions but the game is not over",
		},
		{
			name: "broken result", o: Options{Game: firstWins{result: &engine.Result{Winners: engine.Seats(1), Places: [engine.MaxSeats]int8{1, 2}}}, Bots: []string{"random", "random"}, N: 3},
			failed: 3, step: func(Failure) int { return 7 },
			err: "the game ended after 6 actions with a broken result: result's winners are seats [1], want the seats in place 1, [0]",
		},
		{
			name: "result of too many seats", o: Options{Game: firstWins{result: func() *engine.Result { r := engine.Won(3, engine.Seats(0), ""); return &r }()}, Bots: []string{"random", "random"}, N: 2},
			failed: 2, step: func(Failure) int { return 7 },
			err: "broken result: result places seat 2 (place 2, score 0) in a match of 2 seats",
		},
		{
			// The searching bot alone panics, at its first choice: the
			// first action of a match where it sits first, else the second.
			name: "bot panics", o: Options{Game: bids, Config: engine.Config{Options: engine.Options{"panic": "search"}}, Bots: []string{"mcts:iters=10", "random"}, N: 6},
			failed: 6, step: func(f Failure) int { return 1 + f.Match%2 },
			err: "bot mcts:iters=10 of seat %d choosing at step %d: panic: testgame: panic=search: seat %[1]d searches",
		},
		{
			name: "no searching bot", o: Options{Game: bids, Config: engine.Config{Options: engine.Options{"panic": "search"}}, Bots: []string{"random", "random"}, N: 6},
			failed: 0,
		},
		{
			name: "game panics in round 2", o: Options{Game: bids, Config: engine.Config{Options: engine.Options{"panic": "apply", "order": "sequential"}}, Bots: []string{"random", "random"}, N: 4},
			failed: 4, step: func(Failure) int { return 3 },
			err: "the game applying \"bid ",
		},
		{
			// A search plays the game out: the panic is the bot's.
			name: "game panics in a search", o: Options{Game: bids, Config: engine.Config{Options: engine.Options{"panic": "apply"}}, Bots: []string{"mcts:iters=10", "mcts:iters=10"}, N: 2},
			failed: 2, step: func(Failure) int { return 1 },
			err: "bot mcts:iters=10 of seat 0 choosing at step 1: panic: testgame: panic=apply: bid",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, tt.o)
			if r.Failed != len(r.Failures) || r.Games+r.Failed != tt.o.N {
				t.Fatalf("%d games, %d failed (%d failures listed) of %d", r.Games, r.Failed, len(r.Failures), tt.o.N)
			}
			switch {
			case tt.failed >= 0 && r.Failed != tt.failed:
				t.Fatalf("%d failed, want %d", r.Failed, tt.failed)
			case tt.failed < 0 && (r.Failed == 0 || r.Games == 0):
				t.Fatalf("%d failed and %d played, want some of each", r.Failed, r.Games)
			}
			// The matches that ended are counted as before.
			if r.Seats[0].Games != r.Games || r.Bots[0].Games != r.Games || r.Length.Mean != 0 && r.Games == 0 {
				t.Errorf("tallies count %d and %d games of %d played", r.Seats[0].Games, r.Bots[0].Games, r.Games)
			}
			for k, f := range r.Failures {
				if k > 0 && f.Match <= r.Failures[k-1].Match {
					t.Errorf("failures out of order: match %d after %d", f.Match, r.Failures[k-1].Match)
				}
				lineup := Lineup(tt.o.Bots, f.Match)
				if f.Seed != GameSeed(tt.o.Seed, f.Match) || !reflect.DeepEqual(f.Lineup, lineup) {
					t.Errorf("match %d: seed %d, lineup %v; want %d, %v", f.Match, f.Seed, f.Lineup, GameSeed(tt.o.Seed, f.Match), lineup)
				}
				want := tt.err
				if strings.Contains(want, "%d") {
					mcts := engine.Seat(slices.Index(lineup, tt.o.Bots[0]))
					want = fmt.Sprintf(want, mcts, tt.step(f))
				}
				if f.Step != tt.step(f) || f.Action != tt.action || !strings.Contains(f.Error, want) {
					t.Errorf("match %d: step %d, action %q, error %q; want step %d, action %q, an error with %q", f.Match, f.Step, f.Action, f.Error, tt.step(f), tt.action, want)
				}
				if strings.Contains(f.Error, "panic:") != (f.Stack != "") {
					t.Errorf("match %d: error %q with a stack of %d bytes", f.Match, f.Error, len(f.Stack))
				}
				checkRecord(t, tt.o.Game, f)
			}
		})
	}
}

// checkRecord checks that f's record is of its match and replays, every
// state hash matching, to the step that failed; and that the action that
// failed, when it panicked, panics again there.
func checkRecord(t *testing.T, g engine.Game, f Failure) {
	t.Helper()
	rec := f.Record
	if rec == nil {
		t.Fatalf("match %d: no record", f.Match)
	}
	h := rec.Header
	if h.Game != g.Name() || h.Seed != f.Seed || !reflect.DeepEqual(h.Seats, f.Lineup) || len(rec.Steps) != f.Step-1 {
		t.Fatalf("match %d: record header %+v with %d steps; want the match's, with %d", f.Match, h, len(rec.Steps), f.Step-1)
	}
	for _, s := range rec.Steps {
		if s.Hash == "" {
			t.Fatalf("match %d: a step without its hash", f.Match)
		}
	}
	st, err := engine.Replay(g, rec, nil)
	if err != nil {
		t.Fatalf("match %d: the record does not replay: %v", f.Match, err)
	}
	if f.Stack == "" || f.Action == "" && !strings.Contains(f.Error, "applying") {
		return
	}
	text := f.Action
	if text == "" {
		text = f.Error[strings.Index(f.Error, "\"")+1:]
		text = text[:strings.Index(text, "\"")]
	}
	seat := st.Deciders().First()
	a, err := st.ParseAction(seat, text)
	if err != nil {
		t.Fatalf("match %d: %q: %v", f.Match, text, err)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("match %d: %q of seat %d applies after the record", f.Match, text, seat)
		}
	}()
	st.Apply(a, nil)
}

// TestFailuresWorkers checks that the failures of a batch, like its other
// figures, do not depend on the number of workers.
func TestFailuresWorkers(t *testing.T) {
	var want *Report
	for _, w := range []int{1, 3} {
		o := Options{Game: firstWins{panicAt: 5, odd: true}, Bots: []string{"random", "mcts:iters=5"}, N: 30, Workers: w, Seed: 7}
		r := run(t, o)
		untimed(r)
		for k := range r.Failures {
			r.Failures[k].Stack = ""
		}
		if want == nil {
			want = r
		} else if !reflect.DeepEqual(r, want) {
			t.Errorf("workers=%d: report\n%+v\nwant (workers=1)\n%+v", w, r, want)
		}
	}
}

// TestFailuresReport checks how a report shows its failures, as text and
// as JSON.
func TestFailuresReport(t *testing.T) {
	r := run(t, Options{Game: firstWins{panicAt: 2}, Bots: []string{"random", "random"}, N: 2, Seed: 3})
	r.Failures[1].RecordFile = "failures/firstwins-1.jsonl"
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{`"games":0`, `"failed":2`, `"failures":[{"match":0,"seed":` + fmt.Sprint(GameSeed(3, 0)) + `,"lineup":["random","random"],"step":2,"error":"the game applying \"pass\" of bot random of seat 1 at step 2: panic: boom","stack":"goroutine `, `"record_file":"failures/firstwins-1.jsonl"`} {
		if !strings.Contains(string(b), field) {
			t.Errorf("JSON lacks %s:\n%s", field, b)
		}
	}
	text := r.Text()
	for _, want := range []string{
		"0 games, 0 drawn, 2 failed, ",
		"\nfailed (2):\n  match 0, seed " + fmt.Sprint(GameSeed(3, 0)) + `, seats random random: the game applying "pass" of bot random of seat 1 at step 2: panic: boom` + "\n  match 1",
		"    record: failures/firstwins-1.jsonl (the 1 actions before; skald replay failures/firstwins-1.jsonl)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "goroutine") {
		t.Errorf("text shows a stack:\n%s", text)
	}
	if strings.Contains(run(t, options(2, 1, "random", "random")).Text(), "failed") {
		t.Errorf("a batch without failures mentions them")
	}
}

// untimed clears what a report measures of the clock, which depends on the
// machine: the wall time and the bots' decision times (their number stays).
func untimed(r *Report) {
	r.WallSeconds, r.GamesPerSecond = 0, 0
	for b := range r.Bots {
		r.Bots[b].Think.P50, r.Bots[b].Think.P95, r.Bots[b].Think.Max = 0, 0, 0
	}
}

// TestThink checks the decision times: each bot's decisions are the
// actions it chose, and its percentiles are in order.
func TestThink(t *testing.T) {
	r := run(t, options(20, 2, "mcts:iters=30", "random"))
	total := 0
	for _, b := range r.Bots {
		th := b.Think
		if th.Decisions == 0 || th.P50 > th.P95 || th.P95 > th.Max || th.P50 < 0 {
			t.Errorf("bot %s: %+v", b.Name, th)
		}
		total += th.Decisions
	}
	if want := int(r.Length.Mean*float64(r.Games) + 0.5); total != want {
		t.Errorf("%d decisions in all, want one per action: %d", total, want)
	}
	if text := r.Text(); !strings.Contains(text, "decision time:") || !strings.Contains(text, " decisions  median ") {
		t.Errorf("the report does not show decision times:\n%s", text)
	}
	if got := thinkStats([]time.Duration{3 * time.Millisecond, time.Millisecond, 2 * time.Millisecond}); got != (Think{Decisions: 3, P50: 2, P95: 3, Max: 3}) {
		t.Errorf("thinkStats = %+v", got)
	}
}

// TestNewBot checks that a batch's bots can come from a maker of the
// caller's (a test's oracle): its players play, with the seed each seat
// is given, and a spec it refuses fails the batch before it plays.
func TestNewBot(t *testing.T) {
	var mu sync.Mutex
	made := map[uint64]bool{}
	o := options(4, 2, "mine", "random")
	o.NewBot = func(spec string, seed uint64) (ai.Bot, error) {
		switch spec {
		case "mine":
			mu.Lock()
			made[seed] = true
			mu.Unlock()
			return ai.New("random", seed)
		case "random":
			return ai.New(spec, seed)
		}
		return nil, fmt.Errorf("no player %q", spec)
	}
	r, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if r.Games != 4 || r.Bots[0].Spec != "mine" || r.Bots[0].Games != 4 {
		t.Fatalf("report: %d games, %+v", r.Games, r.Bots)
	}
	for i := range 4 {
		seat := engine.Seat(slices.Index(Lineup(o.Bots, i), "mine"))
		if seed := BotSeed(o.Seed, i, seat); !made[seed] {
			t.Errorf("match %d: no player made with its seat's seed %d", i, seed)
		}
	}
	o.Bots = []string{"mine", "theirs"}
	if r, err := Run(context.Background(), o); err == nil || !strings.Contains(err.Error(), `no player "theirs"`) || r != nil {
		t.Errorf("a spec the maker refuses: %v, %v", r, err)
	}
}
