package sim

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"skald/engine"
	"skald/games/wintergrim"
	"skald/internal/testgame"
)

// TestFourSeats plays 4-seat batches of random bots and checks what the
// places and scores of any batch must come to: the seats and the bots
// share out the same matches, so their places, scores and wins add up
// alike; the places of a match add up to at most 1+2+3+4 (ties only lower
// them) and at least 4 (a draw); every mean lies in its interval, and a
// place's within 1 to 4.
func TestFourSeats(t *testing.T) {
	const seats = 4
	bots := []string{"random", "random", "random", "random"}
	tests := []struct {
		name string
		o    Options
		// winScore: the game counts no points, so a seat scores 1 for a
		// win and 0 otherwise (Wintergrim).
		winScore bool
		// oneWinner: a match has one winner or is a draw of every seat, so
		// a seat places first for a win or a draw and second otherwise
		// (Wintergrim's Enslave).
		oneWinner bool
	}{
		// Players go out and may draw at the limit of turns: the players
		// still in share the win.
		{"wintergrim assassinate", Options{Game: wintergrim.New(), Config: engine.Config{Options: engine.Options{"mode": "assassinate"}}}, true, false},
		{"wintergrim enslave", Options{Game: wintergrim.New(), Config: engine.Config{Options: engine.Options{"mode": "enslave", "turns": "200"}}}, true, true},
		{"goofspiel by points", Options{Game: testgame.Game{}}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.o
			o.Bots, o.N, o.Seed, o.Workers = bots, 12, 1, 2
			r := run(t, o)
			if r.Games != o.N || r.Failed != 0 || len(r.Seats) != seats || len(r.Bots) != seats {
				t.Fatalf("%d games, %d failed, %d seats and %d bots; want %d games of %d", r.Games, r.Failed, len(r.Seats), len(r.Bots), o.N, seats)
			}
			var seatSum, botSum, first struct{ place, score, wins float64 }
			for k, tl := range []Tally{r.Seats[0].Tally, r.Seats[1].Tally, r.Seats[2].Tally, r.Seats[3].Tally, r.Bots[0].Tally, r.Bots[1].Tally, r.Bots[2].Tally, r.Bots[3].Tally} {
				who := fmt.Sprintf("seat %d", k)
				sum := &seatSum
				if k >= seats {
					who, sum = fmt.Sprintf("bot %d", k-seats), &botSum
				}
				if tl.Games != o.N || tl.Draws != r.Draws {
					t.Errorf("%s: %d games, %d draws; want %d and %d", who, tl.Games, tl.Draws, o.N, r.Draws)
				}
				if tl.PlaceLow > tl.MeanPlace || tl.MeanPlace > tl.PlaceHigh || tl.PlaceLow < 1 || tl.PlaceHigh > seats {
					t.Errorf("%s: mean place %v, interval [%v, %v], want it inside and within 1 to %d", who, tl.MeanPlace, tl.PlaceLow, tl.PlaceHigh, seats)
				}
				if tl.ScoreLow > tl.MeanScore || tl.MeanScore > tl.ScoreHigh {
					t.Errorf("%s: mean score %v outside its interval [%v, %v]", who, tl.MeanScore, tl.ScoreLow, tl.ScoreHigh)
				}
				// A seat that wins or draws is first; one that loses is
				// second or after.
				place := float64(tl.Wins+tl.Draws+2*tl.Losses()) / float64(tl.Games)
				if tl.MeanPlace < place-1e-9 || tt.oneWinner && math.Abs(tl.MeanPlace-place) > 1e-9 {
					t.Errorf("%s: mean place %v with %d wins, %d draws and %d losses; want %v or more (exactly, with one winner)", who, tl.MeanPlace, tl.Wins, tl.Draws, tl.Losses(), place)
				}
				if tt.winScore && math.Abs(tl.MeanScore-tl.WinRate) > 1e-9 {
					t.Errorf("%s: mean score %v, want the win rate, %v", who, tl.MeanScore, tl.WinRate)
				}
				sum.place += tl.MeanPlace
				sum.score += tl.MeanScore
				sum.wins += float64(tl.Wins)
			}
			first.place, first.score = r.FirstPlayer.MeanPlace, r.FirstPlayer.MeanScore
			if math.Abs(seatSum.place-botSum.place) > 1e-9 || math.Abs(seatSum.score-botSum.score) > 1e-9 || seatSum.wins != botSum.wins {
				t.Errorf("the seats' mean places add up to %v, scores %v, wins %v; the bots' to %v, %v, %v",
					seatSum.place, seatSum.score, seatSum.wins, botSum.place, botSum.score, botSum.wins)
			}
			if seatSum.place < seats || seatSum.place > seats*(seats+1)/2 {
				t.Errorf("the places of a match add up to %v on average, want 4 to 10", seatSum.place)
			}
			if r.Draws == r.Games && seatSum.place != seats {
				t.Errorf("every match drawn, but the places add up to %v, not 4", seatSum.place)
			}
			if r.Draws < r.Games && seatSum.wins == 0 {
				t.Errorf("%d of %d matches drawn, but no seat won", r.Draws, r.Games)
			}
			if first.place < 1 || first.place > seats || r.FirstPlayer.Games != r.Games {
				t.Errorf("first to act: %+v", r.FirstPlayer)
			}

			text := r.Text()
			for _, want := range []string{"mean place", "mean score", "\n" + seatLabel(r.Seats[0]) + " ", "\n" + seatLabel(r.Seats[3]) + " ", "\nrandom#4 ", "places from 1, the best, to 4"} {
				if !strings.Contains(text, want) {
					t.Errorf("text lacks %q:\n%s", want, text)
				}
			}
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			var back Report
			if err := json.Unmarshal(b, &back); err != nil || len(back.Seats) != seats || back.Seats[3].MeanPlace != r.Seats[3].MeanPlace || back.Bots[3].ScoreHigh != r.Bots[3].ScoreHigh {
				t.Errorf("JSON lacks the places and scores of 4 seats: %v\n%s", err, b)
			}
			t.Logf("\n%s", text)
		})
	}
}

// TestSearchAtFourSeats checks that the search bot plays for a place at
// four seats: against three random bots at Goofspiel with open bids, it
// places better than each of them, beyond the intervals, and scores more.
func TestSearchAtFourSeats(t *testing.T) {
	r := run(t, Options{Game: testgame.Game{}, Config: engine.Config{Options: engine.Options{"cards": "8", "order": "sequential"}},
		Bots: []string{"mcts:iters=300", "random", "random", "random"}, N: 40, Seed: 3})
	m := r.Bots[0]
	for _, b := range r.Bots[1:] {
		if m.PlaceHigh >= b.PlaceLow || m.MeanScore <= b.MeanScore {
			t.Errorf("%s: mean place %.2f [%.2f, %.2f], score %.2f; %s: %.2f [%.2f, %.2f], score %.2f",
				m.Name, m.MeanPlace, m.PlaceLow, m.PlaceHigh, m.MeanScore, b.Name, b.MeanPlace, b.PlaceLow, b.PlaceHigh, b.MeanScore)
		}
	}
	t.Logf("\n%s", r.Text())
}
