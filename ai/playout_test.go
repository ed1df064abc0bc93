package ai

import (
	"testing"

	"skald/engine"
)

func TestPlayout(t *testing.T) {
	tests := []struct {
		name    string
		seats   int
		opts    engine.Options
		actions int
	}{
		{"simultaneous", 2, nil, 10},
		{"sequential", 3, engine.Options{"order": "sequential"}, 15},
		{"dealt", 4, engine.Options{"hands": "dealt", "cards": "12"}, 48},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := engine.NewRand(1)
			for seed := range uint64(20) {
				s := newGame(t, tt.seats, seed, tt.opts)
				res, n := Playout(s, &r, nil)
				if n != tt.actions {
					t.Errorf("seed %d: %d actions, want %d", seed, n, tt.actions)
				}
				if got, ok := s.Result(); !ok || got != res {
					t.Errorf("seed %d: Playout returned %v, state says %v, %v", seed, res, got, ok)
				}
				if res2, n2 := Playout(s, &r, nil); n2 != 0 || res2 != res {
					t.Errorf("playout of a finished game: %v, %d", res2, n2)
				}
			}
		})
	}
}

func TestPlayoutLimit(t *testing.T) {
	r := engine.NewRand(1)
	e := &endless{}
	res, n := Playout(e, &r, nil)
	if n != PlayoutLimit || e.n != PlayoutLimit || !res.Winners.Empty() || res.Reason == "" {
		t.Errorf("endless playout: %v after %d actions (state: %d), want a draw after %d", res, n, e.n, PlayoutLimit)
	}
}

func TestPlayoutAllocs(t *testing.T) {
	const runs = 100
	states := make([]engine.State, runs+1)
	for i := range states {
		states[i] = newGame(t, 4, uint64(i), engine.Options{"cards": "12"})
	}
	r := engine.NewRand(1)
	buf := make([]engine.Action, 0, 16)
	i := 0
	allocs := testing.AllocsPerRun(runs, func() {
		Playout(states[i], &r, buf)
		i++
	})
	if allocs != 0 {
		t.Errorf("a playout of 48 actions allocates %v times", allocs)
	}
}
