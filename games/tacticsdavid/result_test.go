package tacticsdavid

import (
	"strings"
	"testing"

	"skald/engine"
)

// TestResultScores plays seeded random battles of each mission and checks
// their results: two seats placed as the kernel requires; in a kills
// mission each player scores its kills, in a money mission the money in
// its surviving units (seed 004, "Mission Types"), and in a Deathmatch 1
// for a win; a battle ended by the turn limit is won by the higher score.
func TestResultScores(t *testing.T) {
	tests := []struct {
		mission string
		score   func(s *State, seat int) float64 // what the mission counts
	}{
		{Deathmatch, func(s *State, seat int) float64 {
			if s.result.Winners.Has(engine.Seat(seat)) {
				return 1
			}
			return 0
		}},
		{Kills, func(s *State, seat int) float64 { return float64(s.kills[seat]) }},
		{Money, func(s *State, seat int) float64 {
			money := 0
			for i := range s.pieces {
				if s.pieces[i].owner == int8(seat) && s.alive(i) {
					money += int(s.info[s.pieces[i].prof].cost)
				}
			}
			return float64(money)
		}},
	}
	g := New()
	for _, tt := range tests {
		t.Run(tt.mission, func(t *testing.T) {
			ended := map[string]int{}
			for seed := uint64(0); seed < 8; seed++ {
				st, err := g.New(engine.Config{Seats: 2, Seed: seed, Options: engine.Options{"battlefield": "open-field-7x11", "mission": tt.mission, "armies": "auto", "turns": "6"}})
				if err != nil {
					t.Fatal(err)
				}
				playRandom(t, st, seed, nil)
				r, over := st.Result()
				if !over {
					t.Fatalf("seed %d: not over", seed)
				}
				if err := r.Check(2); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				s := st.(*State)
				for seat := range 2 {
					if got, want := r.Score(engine.Seat(seat)), tt.score(s, seat); got != want {
						t.Errorf("seed %d (%s): seat %d scores %v, want %v", seed, r.Reason, seat, got, want)
					}
				}
				byTurns := strings.HasPrefix(r.Reason, "after the set number of turns")
				if byTurns && (r.Scores[0] > r.Scores[1]) != r.Winners.Has(0) {
					t.Errorf("seed %d (%s): scores %v, winners %v", seed, r.Reason, r.Scores[:2], r.Winners.List())
				}
				if byTurns {
					ended["turns"]++
				} else {
					ended["other"]++
				}
			}
			t.Logf("%s: %v", tt.mission, ended)
		})
	}
}
