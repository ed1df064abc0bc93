package engine

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// places returns a Places array holding ps.
func places(ps ...int8) (a [MaxSeats]int8) {
	copy(a[:], ps)
	return a
}

// scores returns a Scores array holding vs.
func scores(vs ...float64) (a [MaxSeats]float64) {
	copy(a[:], vs)
	return a
}

func TestRanked(t *testing.T) {
	tests := []struct {
		name    string
		scores  []float64
		places  [MaxSeats]int8
		winners SeatSet
	}{
		{"two seats, one ahead", []float64{3, 5}, places(2, 1), Seats(1)},
		{"two seats tied", []float64{4, 4}, places(1, 1), 0},
		{"four seats, no tie", []float64{1, 9, 4, 6}, places(4, 1, 3, 2), Seats(1)},
		{"tie for second skips third", []float64{7, 5, 5, 1}, places(1, 2, 2, 4), Seats(0)},
		{"tie for first is a shared win", []float64{10, 10, 3}, places(1, 1, 3), Seats(0, 1)},
		{"every seat tied is a draw", []float64{2, 2, 2, 2, 2}, places(1, 1, 1, 1, 1), 0},
		{"negative and fractional scores", []float64{-1, 0.5, -1}, places(2, 1, 2), Seats(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Ranked(tt.scores, "why")
			want := Result{Winners: tt.winners, Reason: "why", Places: tt.places, Scores: scores(tt.scores...)}
			if r != want {
				t.Errorf("Ranked(%v) = %+v, want %+v", tt.scores, r, want)
			}
			if err := r.Check(len(tt.scores)); err != nil {
				t.Errorf("Check: %v", err)
			}
			if r.Seats() != len(tt.scores) {
				t.Errorf("Seats() = %d, want %d", r.Seats(), len(tt.scores))
			}
		})
	}
}

func TestWon(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		winners SeatSet
		places  [MaxSeats]int8
		scores  [MaxSeats]float64
		want    SeatSet
	}{
		{"two seats, black wins", 2, Seats(0), places(1, 2), scores(1, 0), Seats(0)},
		{"two seats, a draw", 2, 0, places(1, 1), scores(0, 0), 0},
		{"four seats, one winner", 4, Seats(2), places(2, 2, 1, 2), scores(0, 0, 1, 0), Seats(2)},
		{"four seats, two winners", 4, Seats(0, 3), places(1, 3, 3, 1), scores(1, 0, 0, 1), Seats(0, 3)},
		{"every seat winning is a draw", 3, Seats(0, 1, 2), places(1, 1, 1), scores(0, 0, 0), 0},
		{"winners past the seats are ignored", 2, Seats(1, 5), places(2, 1), scores(0, 1), Seats(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Won(tt.n, tt.winners, "why")
			want := Result{Winners: tt.want, Reason: "why", Places: tt.places, Scores: tt.scores}
			if r != want {
				t.Errorf("Won(%d, %v) = %+v, want %+v", tt.n, tt.winners.List(), r, want)
			}
			if err := r.Check(tt.n); err != nil {
				t.Errorf("Check: %v", err)
			}
		})
	}
}

func TestReward(t *testing.T) {
	tests := []struct {
		name string
		r    Result
		want []float64 // per seat
	}{
		// Two seats: the numbers bots have always played for.
		{"two seats, a win", Won(2, Seats(0), ""), []float64{1, 0}},
		{"two seats, a draw", Won(2, 0, ""), []float64{0.5, 0.5}},
		{"three seats in order", Ranked([]float64{3, 2, 1}, ""), []float64{1, 0.5, 0}},
		{"four seats, one winner", Won(4, Seats(1), ""), []float64{1.0 / 3, 1, 1.0 / 3, 1.0 / 3}},
		{"four seats, tie for second", Ranked([]float64{9, 5, 5, 1}, ""), []float64{1, 0.5, 0.5, 0}},
		{"five seats, shared win", Ranked([]float64{8, 8, 4, 2, 1}, ""), []float64{0.875, 0.875, 0.5, 0.25, 0}},
		{"five seats, a draw", Won(5, 0, ""), []float64{0.5, 0.5, 0.5, 0.5, 0.5}},
		// A result that gives no places reads as two seats would.
		{"no places, a winner", Result{Winners: Seats(1)}, []float64{0, 1, 0}},
		{"no places, a draw", Result{Reason: "playout limit reached"}, []float64{0.5, 0.5, 0.5, 0.5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for s, want := range tt.want {
				if got := tt.r.Reward(Seat(s)); math.Abs(got-want) > 1e-12 {
					t.Errorf("seat %d: Reward = %v, want %v", s, got, want)
				}
			}
		})
	}
}

// TestRewardSum checks over many random rankings that rewards are from 0
// to 1, add up to n/2 and order the seats as their places do.
func TestRewardSum(t *testing.T) {
	r := NewRand(1)
	for range 2000 {
		n := 2 + r.IntN(MaxSeats-1)
		var sc [MaxSeats]float64
		for s := range n {
			sc[s] = float64(r.IntN(4)) // small range: many ties
		}
		res := Ranked(sc[:n], "")
		if err := res.Check(n); err != nil {
			t.Fatalf("Ranked(%v): %v", sc[:n], err)
		}
		sum := 0.0
		for s := range n {
			w := res.Reward(Seat(s))
			if w < 0 || w > 1 {
				t.Fatalf("Ranked(%v): seat %d is worth %v", sc[:n], s, w)
			}
			for o := range n {
				if (res.Places[s] < res.Places[o]) != (w > res.Reward(Seat(o))) {
					t.Fatalf("Ranked(%v): seats %d and %d placed %d and %d are worth %v and %v", sc[:n], s, o, res.Places[s], res.Places[o], w, res.Reward(Seat(o)))
				}
			}
			sum += w
		}
		if math.Abs(sum-float64(n)/2) > 1e-9 {
			t.Fatalf("Ranked(%v): rewards add up to %v, want %v", sc[:n], sum, float64(n)/2)
		}
	}
}

func TestCheck(t *testing.T) {
	good := Won(3, Seats(0), "")
	tests := []struct {
		name string
		r    Result
		n    int
		want string // in the error; "" for none
	}{
		{"won", good, 3, ""},
		{"ranked", Ranked([]float64{1, 2, 2, 0}, ""), 4, ""},
		{"no places", Result{Winners: Seats(0)}, 2, "place 0, want 1 to 2"},
		{"too few seats placed", good, 4, "place 0, want 1 to 4"},
		{"too many seats placed", good, 2, "places seat 2 (place 2, score 0) in a match of 2 seats"},
		{"a score past the seats", Result{Places: places(1, 1), Scores: scores(0, 0, 3)}, 2, "places seat 2"},
		{"a place past the last", Result{Winners: Seats(0), Places: places(1, 3)}, 2, "place 3, want 1 to 2"},
		{"places not skipped after a tie", Result{Winners: Seats(0), Places: places(1, 2, 2, 3)}, 4, "seat 3 place 3 with 3 seats ahead, want place 4"},
		{"a gap in the places", Result{Winners: Seats(0), Places: places(1, 3, 3)}, 3, "seat 1 place 3 with 1 seats ahead, want place 2"},
		{"no one first", Result{Places: places(2, 2)}, 2, "place 2 with 0 seats ahead, want place 1"},
		{"winner not first", Result{Winners: Seats(1), Places: places(1, 2)}, 2, "winners are seats [1], want the seats in place 1, [0]"},
		{"draw with winners", Result{Winners: Seats(0, 1), Places: places(1, 1)}, 2, "winners are seats [0 1], want the seats in place 1, []"},
		{"shared win without winners", Result{Places: places(1, 1, 3)}, 3, "want the seats in place 1, [0 1]"},
		{"a score not a number", Result{Winners: Seats(0), Places: places(1, 2), Scores: scores(math.NaN(), 0)}, 2, "score NaN"},
		{"no seats", good, 0, "match of 0 seats"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.r.Check(tt.n)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Check(%d): %v", tt.n, err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Check(%d) = %v, want an error with %q", tt.n, err, tt.want)
			}
		})
	}
}

func TestComplete(t *testing.T) {
	tests := []struct {
		name string
		r    Result
		n    int
		want Result
	}{
		{"a winner", Result{Winners: Seats(2), Reason: "r"}, 3, Won(3, Seats(2), "r")},
		{"a draw", Result{Reason: "r"}, 4, Won(4, 0, "r")},
		{"places given are kept", Ranked([]float64{3, 9}, "r"), 2, Ranked([]float64{3, 9}, "r")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.r.Complete(tt.n)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Complete(%d) = %+v, want %+v", tt.n, got, tt.want)
			}
			if err := got.Check(tt.n); err != nil {
				t.Errorf("Check: %v", err)
			}
			if got.Place(Seat(tt.n)) != 0 || got.Place(-1) != 0 || got.Score(Seat(tt.n)) != 0 {
				t.Errorf("a seat past the match has a place or a score: %+v", got)
			}
		})
	}
}

// TestResultAllocs checks that making a result and reading it costs no
// allocation: results are made at the end of every playout.
func TestResultAllocs(t *testing.T) {
	var sc [MaxSeats]float64
	n := 4
	var sink float64
	allocs := testing.AllocsPerRun(100, func() {
		sc[1]++
		r := Ranked(sc[:n], "most points")
		w := Won(n, Seats(1), "last standing")
		sink += r.Reward(1) + w.Reward(2) + r.Score(1) + float64(w.Place(0))
	})
	if allocs != 0 {
		t.Errorf("%v allocations per result, want 0", allocs)
	}
	_ = sink
}
