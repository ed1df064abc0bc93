package ai

import (
	"slices"
	"strings"
	"testing"
	"time"

	"skald/engine"
)

func TestNew(t *testing.T) {
	tests := []struct {
		spec  string
		name  string
		iters int
		time  time.Duration
		c     float64
	}{
		{"random", "random", 0, 0, 0},
		{" random ", "random", 0, 0, 0},
		{"mcts", "mcts", DefaultIterations, 0, DefaultC},
		{"mcts:iters=2000", "mcts", 2000, 0, DefaultC},
		{"mcts:time=250ms", "mcts", 0, 250 * time.Millisecond, DefaultC},
		{"mcts:iters=500,c=0.7", "mcts", 500, 0, 0.7},
		{"mcts:c=1.4, time=2s", "mcts", 0, 2 * time.Second, 1.4},
		{"mcts:c=0", "mcts", DefaultIterations, 0, 0},
		{"mcts:depth=0", "mcts", DefaultIterations, 0, DefaultC},
	}
	for _, tt := range tests {
		b, err := New(tt.spec, 1)
		if err != nil {
			t.Errorf("New(%q): %v", tt.spec, err)
			continue
		}
		if b.Name() != tt.name {
			t.Errorf("New(%q).Name() = %q, want %q", tt.spec, b.Name(), tt.name)
		}
		if m, ok := b.(*MCTS); ok && (m.Iterations != tt.iters || m.Time != tt.time || m.C != tt.c) {
			t.Errorf("New(%q) = iters %d time %v c %v, want %d %v %v", tt.spec, m.Iterations, m.Time, m.C, tt.iters, tt.time, tt.c)
		}
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"", `unknown kind ""`},
		{"alphabeta", `unknown kind "alphabeta" (known: mcts, random)`},
		{"human", "humans are not bots"},
		{"random:iters=3", "random takes no parameters"},
		{"mcts:depth=-1", "depth=-1: want a whole number of at least 0"},
		{"mcts:width=3", `unknown parameter "width" (known: c, depth, iters, time)`},
		{"mcts:iters", `parameter "iters": want name=value`},
		{"mcts:iters=", `want name=value`},
		{"mcts:iters=0", "iters=0: want a whole number of at least 1"},
		{"mcts:iters=many", "iters=many"},
		{"mcts:time=5", "time=5: want a positive duration"},
		{"mcts:time=-1s", "time=-1s"},
		{"mcts:c=-1", "c=-1: want a number of at least 0"},
		{"mcts:c=NaN", "c=NaN"},
		{"mcts:iters=10,time=1s", "give iters or time, not both"},
		{"mcts:", "no parameters after the colon"},
		{"mcts:iters=5,", `parameter "": want name=value`},
	}
	for _, tt := range tests {
		_, err := New(tt.spec, 1)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%q) error = %v, want it to contain %q", tt.spec, err, tt.want)
		}
	}
}

func TestNames(t *testing.T) {
	names := Names()
	if !slices.IsSorted(names) {
		t.Errorf("Names() = %v, not sorted", names)
	}
	for _, n := range names {
		if b, err := New(n, 0); err != nil || b.Name() != n {
			t.Errorf("New(%q) = %v, %v", n, b, err)
		}
	}
}

func TestReward(t *testing.T) {
	tests := []struct {
		winners engine.SeatSet
		seat    engine.Seat
		want    float64
	}{
		{engine.Seats(0), 0, 1},
		{engine.Seats(0), 1, 0},
		{0, 1, 0.5},
		{engine.Seats(1, 2), 2, 1},
		{engine.Seats(1, 2), 0, 0},
	}
	for _, tt := range tests {
		if got := Reward(engine.Result{Winners: tt.winners}, tt.seat); got != tt.want {
			t.Errorf("Reward(%b, %d) = %v, want %v", tt.winners, tt.seat, got, tt.want)
		}
	}
}

func TestRandomLegal(t *testing.T) {
	for _, opts := range []engine.Options{{}, {"order": "sequential"}, {"hands": "dealt"}} {
		for seed := uint64(0); seed < 50; seed++ {
			s := newGame(t, 3, seed, opts)
			b := NewRandom(seed)
			for !s.Deciders().Empty() {
				seat := s.Deciders().First()
				legal := s.Legal(seat, nil)
				a := b.Choose(sealed{s, t}, seat)
				if !slices.Contains(legal, a) {
					t.Fatalf("%v seed %d: random chose %v, not in %v", opts, seed, a, legal)
				}
				if err := s.Apply(a, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestRandomUniform(t *testing.T) {
	s := newGame(t, 2, 1, nil)
	b := NewRandom(1)
	count := map[engine.Action]int{}
	for range 5000 {
		count[b.Choose(s, 0)]++
	}
	if len(count) != 5 {
		t.Fatalf("chose %d distinct actions, want 5", len(count))
	}
	for a, n := range count {
		if n < 850 || n > 1150 {
			t.Errorf("%v chosen %d times of 5000, want about 1000", a, n)
		}
	}
}

func TestRandomAllocs(t *testing.T) {
	s := newGame(t, 2, 1, engine.Options{"cards": "12"})
	b := NewRandom(1)
	b.Choose(s, 0)
	if n := testing.AllocsPerRun(100, func() { b.Choose(s, 0) }); n != 0 {
		t.Errorf("Random.Choose allocates %v times", n)
	}
}

func TestChooseNothingPanics(t *testing.T) {
	s := newGame(t, 2, 1, engine.Options{"order": "sequential"})
	for _, b := range []Bot{NewRandom(1), NewMCTS(1)} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s chose for a seat with nothing to decide", b.Name())
				}
			}()
			b.Choose(s, 1)
		}()
	}
}
