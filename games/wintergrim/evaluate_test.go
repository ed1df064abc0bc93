package wintergrim

import (
	"math"
	"testing"

	"skald/engine"
)

// TestEvaluate checks that the bots' evaluation favours the player ahead
// in what the mode is won by, and that two players' values add up to 1.
func TestEvaluate(t *testing.T) {
	tests := []struct {
		name, mode, setup string
		ahead             engine.Seat
	}{
		{"enslave: a captured unit", "enslave", `{"start":"one","table":[
			{"seat":"one","card":"tundra-and-village","as":"v"},
			{"seat":"one","card":"farmer","in":"v"},
			{"seat":"two","card":"forest-and-cabin","as":"c"},
			{"seat":"two","card":"woodsman","in":"c"}],
			"captured":{"two":["one:farmer"]}}`, 1},
		{"destroy: a damaged HQ", "destroy", `{"start":"one","table":[
			{"seat":"one","card":"tundra-and-village","as":"v","damage":4},
			{"seat":"one","card":"farmer","in":"v"},
			{"seat":"two","card":"forest-and-cabin","as":"c"},
			{"seat":"two","card":"woodsman","in":"c"}]}`, 1},
		{"conquer: both paths held", "conquer", `{"start":"one","table":[
			{"seat":"one","card":"tundra-and-village","as":"v"},
			{"seat":"one","card":"frozen-hills","as":"h","conquer":true},
			{"seat":"one","card":"farmer","at":"h"},
			{"seat":"two","card":"forest-and-cabin","as":"c"},
			{"seat":"two","card":"overgrown-forest","as":"f","conquer":true},
			{"seat":"one","card":"farmer","at":"f"},
			{"seat":"two","card":"woodsman","in":"c"},
			{"seat":"two","card":"herbalist","in":"c"}]}`, 0},
		{"assassinate: the marked leader counts", "assassinate", `{"start":"one","table":[
			{"seat":"one","card":"tundra-and-village","as":"v"},
			{"seat":"one","card":"village-elder","in":"v","marked":true},
			{"seat":"two","card":"forest-and-cabin","as":"c"},
			{"seat":"two","card":"ranger","in":"c"}]}`, 0},
	}
	for _, tt := range tests {
		st, err := New().New(engine.Config{Seats: 2, Options: engine.Options{"mode": tt.mode}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if err := s.Arrange([]byte(tt.setup)); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		a, b := s.Evaluate(tt.ahead), s.Evaluate(1-tt.ahead)
		if a <= 0.5 || b >= 0.5 || math.Abs(a+b-1) > 1e-9 {
			t.Errorf("%s: the player ahead is worth %.3f, the other %.3f", tt.name, a, b)
		}
	}
}

// TestEvaluateOver checks that a finished match is worth its result's
// reward, what ai.Reward says: at two seats 1 to the winner and 0 to the
// loser; at more, 1 to the winner and to each other player what sharing
// second place is worth.
func TestEvaluateOver(t *testing.T) {
	tests := []struct {
		seats  int
		winner engine.Seat
		loser  float64 // what each other player is worth
	}{
		{2, 1, 0},
		{3, 0, 0.25},
		{4, 2, 1.0 / 3},
	}
	for _, tt := range tests {
		st, err := New().New(engine.Config{Seats: tt.seats, Seed: 1, Options: engine.Options{"mode": "destroy"}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		s.finish(engine.Seats(tt.winner), "test", nil)
		r, over := s.Result()
		if err := r.Check(tt.seats); !over || err != nil {
			t.Fatalf("%d seats: over %v, result %+v: %v", tt.seats, over, r, err)
		}
		for seat := range engine.Seat(tt.seats) {
			want := tt.loser
			if seat == tt.winner {
				want = 1
			}
			if got := s.Evaluate(seat); math.Abs(got-want) > 1e-12 || got != r.Reward(seat) {
				t.Errorf("%d seats: seat %d is worth %v, want %v (reward %v)", tt.seats, seat, got, want, r.Reward(seat))
			}
		}
	}
}

// TestEvaluateSeats checks that at every seat count the start of a match
// is worth no less than losing and no more than winning, and a player out
// of the game what losing is worth.
func TestEvaluateSeats(t *testing.T) {
	for seats := 2; seats <= MaxSeats; seats++ {
		st, err := New().New(engine.Config{Seats: seats, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		lose := engine.Won(seats, engine.Seats(engine.Seat(seats-1)), "").Reward(0)
		for seat := range engine.Seat(seats) {
			v := s.Evaluate(seat)
			if v < lose || v > 1 {
				t.Errorf("%d seats: seat %d is worth %v at the start, outside [%v, 1]", seats, seat, v, lose)
			}
		}
		s.p[0].out = true
		if v := s.Evaluate(0); v != lose {
			t.Errorf("%d seats: a player out is worth %v, want %v, what losing is", seats, v, lose)
		}
	}
}
