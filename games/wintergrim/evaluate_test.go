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

// TestEvaluateOver checks that a finished match is worth what ai.Reward
// says: 1 to the winner, 0 to the loser.
func TestEvaluateOver(t *testing.T) {
	s := newState(t, 1, engine.Options{"mode": "destroy"})
	s.finish(engine.Seats(1), "test", nil)
	if s.Evaluate(1) != 1 || s.Evaluate(0) != 0 {
		t.Errorf("over: winner %v, loser %v", s.Evaluate(1), s.Evaluate(0))
	}
}
