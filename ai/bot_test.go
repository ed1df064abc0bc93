package ai

import (
	"math"
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
		{"easy", "easy", 100, 0, DefaultC},
		{"normal", "normal", DefaultIterations, 0, DefaultC},
		{"hard", "hard", 5000, 0, DefaultC},
		{"hard:time=2s", "hard", 0, 2 * time.Second, DefaultC},
		{"normal:c=1", "normal", DefaultIterations, 0, 1},
		{"mcts:level=hard", "mcts", 5000, 0, DefaultC},
		{"mcts:level=easy,c=0.5", "mcts", 100, 0, 0.5},
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
		if l, ok := b.(*leveled); ok {
			b = l.unwrap()
		}
		if m, ok := b.(*MCTS); ok && (m.Iterations != tt.iters || m.Time != tt.time || m.C != tt.c) {
			t.Errorf("New(%q) = iters %d time %v c %v, want %d %v %v", tt.spec, m.Iterations, m.Time, m.C, tt.iters, tt.time, tt.c)
		}
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"", `unknown kind ""`},
		{"alphabeta", `unknown kind "alphabeta" (known: easy, hard, heuristic, mcts, normal, random, rollout)`},
		{"human", "humans are not bots"},
		{"random:iters=3", "random takes no parameters"},
		{"mcts:depth=-1", "depth=-1: want a whole number of at least 0"},
		{"mcts:width=3", `unknown parameter "width" (known: c, depth, guide, iters, level, time)`},
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
		{"mcts:level=expert", "level=expert: want easy, normal or hard"},
		{"normal:level=hard", "level=hard: normal is a level already"},
		{"mcts:level=hard,iters=10", "give a level or a budget (iters or time), not both"},
		{"easy:", "no parameters after the colon"},
		{"rollout:blend=2", "blend=2: want a weight from 0 to 1"},
		{"rollout:blend=-0.1", "blend=-0.1"},
		{"rollout:blend=NaN", "blend=NaN: want a weight from 0 to 1"},
		{"rollout:margin=NaN", "margin=NaN: want a reward from 0 to 1"},
		{"rollout:z=NaN", "z=NaN: want a number of standard errors from 0 to 10"},
		{"rollout:z=-1", "z=-1: want a number of standard errors"},
		{"rollout:z=11", "z=11: want a number of standard errors"},
		{"rollout:width=3", `unknown parameter "width" (known: blend, depth, infer, iters, margin, noise, time, top, z)`},
	}
	for _, tt := range tests {
		_, err := New(tt.spec, 1)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%q) error = %v, want it to contain %q", tt.spec, err, tt.want)
		}
	}
}

func TestNewLimited(t *testing.T) {
	server := Limits{MaxIterations: 20000, MaxTime: 5 * time.Second, MaxDepth: 500}
	tests := []struct {
		spec string
		lim  Limits
		want string // "" if the bot is made
	}{
		{"random", server, ""},
		{"mcts", server, ""},
		{"mcts:iters=20000", server, ""},
		{"mcts:iters=20001", server, `bot "mcts:iters=20001": iters=20001 is over the limit of 20000`},
		{"mcts:time=5s", server, ""},
		{"mcts:time=5001ms", server, `bot "mcts:time=5001ms": time=5001ms is over the limit of 5s`},
		{"mcts:time=1h,c=2", server, "time=1h is over the limit of 5s"},
		{"mcts:depth=500", server, ""},
		{"mcts:depth=501", server, "depth=501 is over the limit of 500"},
		{"mcts:depth=0", server, "depth=0 (playouts to the end, up to 10000 actions) is over the limit of 500"},
		{"mcts:depth=0", Limits{MaxDepth: PlayoutLimit}, ""},
		// A default over a limit is named as one.
		{"mcts", Limits{MaxIterations: 999}, "iters=1000 (the default) is over the limit of 999"},
		{"mcts:c=1", Limits{MaxDepth: 100}, "depth=200 (the default) is over the limit of 100"},
		// Thinking time bounds a search given a time, not one given
		// iterations; iterations the other way round.
		{"mcts:iters=50", Limits{MaxTime: time.Millisecond}, ""},
		{"mcts:time=1h", Limits{MaxIterations: 1}, ""},
		// Zero fields are no bounds.
		{"mcts:iters=999999999,depth=999999999", Limits{}, ""},
		// Errors in the spec come first.
		{"mcts:iters=0", server, "iters=0: want a whole number of at least 1"},
		{"mcts:iters=999999,time=1h", server, "give iters or time, not both"},
	}
	for _, tt := range tests {
		b, err := NewLimited(tt.spec, 1, tt.lim)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("NewLimited(%q, %+v): %v", tt.spec, tt.lim, err)
		case tt.want == "" && b == nil:
			t.Errorf("NewLimited(%q, %+v) = nil", tt.spec, tt.lim)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("NewLimited(%q, %+v) error = %v, want it to contain %q", tt.spec, tt.lim, err, tt.want)
		}
	}
}

// TestNewCommandLimits checks that New refuses the absurd budgets of
// CommandLimits and takes generous ones.
func TestNewCommandLimits(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"mcts:iters=10000000", ""},
		{"mcts:iters=999999999", `bot "mcts:iters=999999999": iters=999999999 is over the limit of 10000000`},
		{"mcts:time=1h", ""},
		{"mcts:time=61m", "time=61m is over the limit of 1h0m0s"},
		{"mcts:depth=1000000", ""},
		{"mcts:depth=1000001", "depth=1000001 is over the limit of 1000000"},
		{"mcts:depth=0", ""},
	}
	for _, tt := range tests {
		_, err := New(tt.spec, 1)
		if _, lerr := NewLimited(tt.spec, 1, CommandLimits); (err == nil) != (lerr == nil) {
			t.Errorf("New(%q) = %v but NewLimited with CommandLimits = %v", tt.spec, err, lerr)
		}
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("New(%q): %v", tt.spec, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
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
		name string
		r    engine.Result
		seat engine.Seat
		want float64
	}{
		// Two seats: what bots have always played for.
		{"two seats, the winner", engine.Won(2, engine.Seats(0), ""), 0, 1},
		{"two seats, the loser", engine.Won(2, engine.Seats(0), ""), 1, 0},
		{"two seats, a draw", engine.Won(2, 0, ""), 1, 0.5},
		{"two seats ranked by points", engine.Ranked([]float64{3, 7}, ""), 1, 1},
		// More seats: by place, ties averaged.
		{"three seats, second", engine.Ranked([]float64{5, 3, 1}, ""), 1, 0.5},
		{"three seats, shared win", engine.Won(3, engine.Seats(1, 2), ""), 2, 0.75},
		{"three seats, shared win, the loser", engine.Won(3, engine.Seats(1, 2), ""), 0, 0},
		{"four seats, one of three losers", engine.Won(4, engine.Seats(3), ""), 0, 1.0 / 3},
		{"five seats, last", engine.Ranked([]float64{5, 4, 3, 2, 1}, ""), 4, 0},
		{"five seats, a draw", engine.Won(5, 0, ""), 3, 0.5},
		// A result that gives no places, such as a playout cut short.
		{"no places, a draw", engine.Result{Reason: "playout limit reached"}, 1, 0.5},
		{"no places, a winner", engine.Result{Winners: engine.Seats(1, 2)}, 2, 1},
		{"no places, a loser", engine.Result{Winners: engine.Seats(1, 2)}, 0, 0},
	}
	for _, tt := range tests {
		if got := Reward(tt.r, tt.seat); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: Reward(places %v, seat %d) = %v, want %v", tt.name, tt.r.Places, tt.seat, got, tt.want)
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

func TestThink(t *testing.T) {
	tests := []struct {
		spec string
		d    time.Duration
		want string
	}{
		{"mcts", 500 * time.Millisecond, "mcts:time=500ms"},
		{"normal", time.Second, "normal:time=1s"},
		{"hard:c=1", 2 * time.Second, "hard:c=1,time=2s"},
		{"mcts:level=hard", time.Second, "mcts:time=1s"},
		{"mcts:iters=50", time.Second, "mcts:iters=50"}, // its own budget stands
		{"mcts:time=3s", time.Second, "mcts:time=3s"},
		{"random", time.Second, "random"},
		{"heuristic", time.Second, "heuristic"},
		{"human", time.Second, "human"},
		{"normal", 0, "normal"},
	}
	for _, tt := range tests {
		got, err := Think(tt.spec, tt.d)
		if err != nil || got != tt.want {
			t.Errorf("Think(%q, %v) = %q, %v; want %q", tt.spec, tt.d, got, err, tt.want)
		}
	}
	if _, err := Think("mcts:c=-1", time.Second); err == nil || !strings.Contains(err.Error(), "c=-1") {
		t.Errorf("Think of a bad spec: error %v, want it to name c=-1", err)
	}
}

func TestLevelsAreNames(t *testing.T) {
	prev := 0
	for _, l := range Levels {
		if !slices.Contains(Names(), l.Name) {
			t.Errorf("level %s is not in Names()", l.Name)
		}
		if l.Iterations <= prev {
			t.Errorf("level %s has %d iterations, not more than the level below", l.Name, l.Iterations)
		}
		prev = l.Iterations
	}
}
