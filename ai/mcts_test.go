package ai

import (
	"errors"
	"slices"
	"testing"
	"time"

	"skald/engine"
)

func TestMCTSDeterministic(t *testing.T) {
	for _, opts := range []engine.Options{{}, {"order": "sequential"}, {"hands": "dealt"}} {
		s := newGame(t, 3, 5, opts)
		choose := func(m *MCTS) engine.Action {
			m.Iterations = 400
			return m.Choose(sealed{s, t}, s.Deciders().First())
		}
		a := choose(NewMCTS(9))
		if b := choose(NewMCTS(9)); a != b {
			t.Errorf("%v: same seed chose %v then %v", opts, a, b)
		}
		// A bot's tree is reset between choices.
		m := NewMCTS(9)
		m.Choose(newGame(t, 3, 6, opts), 0)
		m.rng = engine.NewRand(9)
		if b := choose(m); a != b {
			t.Errorf("%v: reused bot chose %v, fresh bot %v", opts, b, a)
		}
	}
}

func TestMCTSLegal(t *testing.T) {
	for _, opts := range []engine.Options{{}, {"order": "sequential"}, {"hands": "dealt", "cards": "7"}} {
		for seed := range uint64(5) {
			s := newGame(t, 3, seed, opts)
			m := NewMCTS(seed)
			m.Iterations = 50
			for !s.Deciders().Empty() {
				seat := s.Deciders().First()
				a := m.Choose(sealed{s, t}, seat)
				if !slices.Contains(s.Legal(seat, nil), a) {
					t.Fatalf("mcts chose %v, not legal", a)
				}
				if err := s.Apply(a, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestMCTSBeatsRandom plays seeded matches of MCTS against Random, seats
// alternating, and asks for a win rate that a bot choosing blindly does
// not reach: two random bots win about 45% (simultaneous and sequential,
// where a tenth of the games are drawn) or 50% (dealt) each.
func TestMCTSBeatsRandom(t *testing.T) {
	tests := []struct {
		name string
		opts engine.Options
		min  float64 // wins/games
	}{
		{"simultaneous", nil, 0.70},
		{"sequential", engine.Options{"order": "sequential"}, 0.85},
		{"dealt", engine.Options{"hands": "dealt"}, 0.60},
	}
	const games = 200
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			wins := 0
			for g := range games {
				seed := uint64(g)
				m := NewMCTS(seed)
				m.Iterations = 300
				bots := []Bot{m, NewRandom(seed + 1e6)}
				seat := engine.Seat(g % 2)
				if seat == 1 {
					bots[0], bots[1] = bots[1], bots[0]
				}
				if play(t, newGame(t, 2, seed, tt.opts), bots).Winners.Has(seat) {
					wins++
				}
			}
			rate := float64(wins) / games
			t.Logf("mcts won %d of %d (%.0f%%)", wins, games, 100*rate)
			if rate < tt.min {
				t.Errorf("mcts won %d of %d against random, want at least %.0f%%", wins, games, 100*tt.min)
			}
		})
	}
}

// TestMCTSSimultaneous checks that the search does not let a later seat of
// a simultaneous choice react to an earlier seat's secret choice: in the
// matrix game seat 0 must mix A and B rather than take the safe C.
func TestMCTSSimultaneous(t *testing.T) {
	picks := func(coupled bool) (safe int) {
		for seed := range uint64(20) {
			m := NewMCTS(seed)
			m.coupled = coupled
			m.Iterations = 2000
			if m.Choose(sealed{&matrix{}, t}, 0).Kind == 3 {
				safe++
			}
		}
		return safe
	}
	if n := picks(false); n > 4 {
		t.Errorf("mcts chose the safe C %d times in 20, want it to mix A and B", n)
	}
	// The test can tell: a search that lets seat 1 see seat 0's choice
	// plays C.
	if n := picks(true); n < 16 {
		t.Errorf("coupled mcts chose the safe C only %d times in 20", n)
	}
	// As the later seat, seat 1 cannot know seat 0's choice and should
	// not favour X or Y by much.
	s := &matrix{}
	if err := s.Apply(engine.Action{Seat: 0, Kind: 1}, nil); err != nil {
		t.Fatal(err)
	}
	ys := 0
	for seed := range uint64(40) {
		m := NewMCTS(seed)
		m.Iterations = 200
		if m.Choose(sealed{s, t}, 1).Kind == 2 {
			ys++
		}
	}
	if ys < 8 || ys > 32 {
		t.Errorf("seat 1 answered A with Y %d times in 40, as if it saw A", ys)
	}
}

func TestMCTSTime(t *testing.T) {
	m, err := New("mcts:time=30ms", 1)
	if err != nil {
		t.Fatal(err)
	}
	s := newGame(t, 2, 1, nil)
	start := time.Now()
	a := m.Choose(s, 0)
	if d := time.Since(start); d < 30*time.Millisecond || d > 2*time.Second {
		t.Errorf("search with time=30ms took %v", d)
	}
	if !slices.Contains(s.Legal(0, nil), a) {
		t.Errorf("chose %v, not legal", a)
	}
	if n := m.(*MCTS).Iters(); n < 10 {
		t.Errorf("%d iterations in 30ms", n)
	}
}

func TestMCTSSingleAction(t *testing.T) {
	s := newGame(t, 2, 1, engine.Options{"order": "sequential"})
	for !s.Deciders().Empty() {
		seat := s.Deciders().First()
		if len(s.Legal(seat, nil)) == 1 {
			break
		}
		s.Apply(s.Legal(seat, nil)[0], nil)
	}
	m := NewMCTS(1)
	seat := s.Deciders().First()
	if a := m.Choose(s, seat); a != s.Legal(seat, nil)[0] || m.Iters() != 0 {
		t.Errorf("single legal action: chose %v after %d iterations", a, m.Iters())
	}
}

func TestMCTSEndless(t *testing.T) {
	m := NewMCTS(1)
	m.Iterations = 3
	if a := m.Choose(&endless{}, 0); a.Kind > 1 {
		t.Errorf("chose %v", a)
	}
}

// TestMCTSDepth checks that in a game that can evaluate a position, a
// playout stops after Depth actions and the evaluation guides the choice;
// with depth 0 it plays to the end, here the playout limit, and never
// evaluates.
func TestMCTSDepth(t *testing.T) {
	for _, tt := range []struct {
		depth     int
		wantEvals bool
	}{{5, true}, {DefaultDepth, true}, {0, false}} {
		evals := 0
		m := NewMCTS(1)
		m.Iterations, m.Depth = 40, tt.depth
		a := m.Choose(&climb{evals: &evals}, 0)
		if (evals > 0) != tt.wantEvals {
			t.Errorf("depth %d: %d evaluations", tt.depth, evals)
		}
		if tt.wantEvals && (a.Kind != 1 || evals != m.Iters()) {
			t.Errorf("depth %d: chose step %d after %d evaluations in %d iterations, want up (1), one evaluation each", tt.depth, a.Kind, evals, m.Iters())
		}
	}
	if NewMCTS(1).Depth != DefaultDepth {
		t.Errorf("NewMCTS depth %d, want %d", NewMCTS(1).Depth, DefaultDepth)
	}
}

// TestMCTSDuplicateLegal checks that a legal list naming an action twice,
// in an order that changes between determinizations, neither throws the
// search nor splits the action's statistics: each node has one child per
// action, and the search finds the one winning line.
func TestMCTSDuplicateLegal(t *testing.T) {
	for seed := range uint64(10) {
		m := NewMCTS(seed)
		m.Iterations = 300
		if a := m.Choose(sealed{&echo{}, t}, 0); a.Kind != 2 {
			t.Errorf("seed %d: chose %d, want 2", seed, a.Kind)
		}
		for i := range m.nodes {
			var kinds []uint8
			for c := m.nodes[i].child; c >= 0; c = m.nodes[c].next {
				kinds = append(kinds, m.nodes[c].action.Kind)
			}
			slices.Sort(kinds)
			if len(slices.Compact(slices.Clone(kinds))) != len(kinds) {
				t.Fatalf("seed %d: node %d has children %v, an action twice", seed, i, kinds)
			}
		}
		// Every root child was available at every iteration but its first.
		for c := m.nodes[0].child; c >= 0; c = m.nodes[c].next {
			if n := &m.nodes[c]; n.avail > int32(m.Iters()) {
				t.Errorf("seed %d: action %d counted available %d times in %d iterations", seed, n.action.Kind, n.avail, m.Iters())
			}
		}
	}
}

// stopAfter is a state whose Determinize panics with errStopSearch once it
// has been called n times, which stops a search from outside.
type stopAfter struct {
	engine.State
	n *int
}

var errStopSearch = errors.New("search stopped")

func (s stopAfter) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	if *s.n == 0 {
		panic(errStopSearch)
	}
	*s.n--
	return s.State.Determinize(seat, r)
}

// TestMCTSGrowsTree checks that a search's memory grows with the tree it
// builds, not with the budget it was given: a budget of a million
// iterations stopped after ten holds a tree of about twenty nodes.
func TestMCTSGrowsTree(t *testing.T) {
	m := NewMCTS(1)
	m.Iterations = 1_000_000
	n := 10
	func() {
		defer func() {
			if p := recover(); p != errStopSearch {
				panic(p)
			}
		}()
		m.Choose(stopAfter{newGame(t, 2, 1, nil), &n}, 0)
		t.Fatal("the search was not stopped")
	}()
	if c := cap(m.nodes); c > 1000 {
		t.Errorf("after 10 iterations of a budget of %d the tree holds room for %d nodes", m.Iterations, c)
	}
}

// near is a climb whose game trusts its evaluation after 3 random actions
// (a Horizon); deepest records the most actions played before an
// evaluation.
type near struct {
	climb
	deepest *int
}

func (c *near) Clone() engine.State                                { d := *c; return &d }
func (c *near) Determinize(engine.Seat, *engine.Rand) engine.State { return c.Clone() }
func (c *near) Horizon() int                                       { return 3 }
func (c *near) Evaluate(seat engine.Seat) float64 {
	*c.deepest = max(*c.deepest, c.n)
	return c.climb.Evaluate(seat)
}

// TestMCTSHorizon checks that a game's Horizon sets how far a playout
// goes before the evaluation, unless the spec names a depth.
func TestMCTSHorizon(t *testing.T) {
	for _, tt := range []struct {
		spec  string
		short bool
	}{{"mcts:iters=40", true}, {"normal:iters=40", true}, {"mcts:iters=40,depth=200", false}} {
		b, err := New(tt.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		evals, deepest := 0, 0
		a := b.Choose(&near{climb: climb{evals: &evals}, deepest: &deepest}, 0)
		// 40 iterations grow a tree at most 40 deep; a playout adds 3.
		if short := deepest <= 43; short != tt.short {
			t.Errorf("%s: playouts reach %d actions", tt.spec, deepest)
		}
		if a.Kind != 1 {
			t.Errorf("%s: chose step %d, want up (1)", tt.spec, a.Kind)
		}
	}
}

// guidedClimb is a climb whose rules of thumb (always step up) guide a
// share of the playouts' actions (a PlayoutGuide); suggested counts them.
type guidedClimb struct {
	near
	share     int
	suggested *int
}

func (c *guidedClimb) Clone() engine.State                                { d := *c; return &d }
func (c *guidedClimb) Determinize(engine.Seat, *engine.Rand) engine.State { return c.Clone() }
func (c *guidedClimb) PlayoutGuide() int                                  { return c.share }
func (c *guidedClimb) Suggest(seat engine.Seat, _ *engine.Rand) engine.Action {
	*c.suggested++
	return engine.Action{Seat: seat, Kind: 1}
}

// TestMCTSGuide checks that a game's PlayoutGuide sets the share of
// playout actions its rules of thumb choose, unless the spec names one.
func TestMCTSGuide(t *testing.T) {
	for _, tt := range []struct {
		spec  string
		share int
		want  func(suggested, played int) bool
	}{
		{"mcts:iters=40", 100, func(s, p int) bool { return s == p }},
		{"mcts:iters=40", 0, func(s, p int) bool { return s == 0 }},
		{"mcts:iters=40,guide=0", 100, func(s, p int) bool { return s == 0 }},
		{"mcts:iters=40,guide=50", 0, func(s, p int) bool { return s > p/4 && s < 3*p/4 }},
	} {
		b, err := New(tt.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		evals, deepest, suggested := 0, 0, 0
		s := &guidedClimb{near: near{climb: climb{evals: &evals}, deepest: &deepest}, share: tt.share, suggested: &suggested}
		if a := b.Choose(s, 0); a.Kind != 1 {
			t.Errorf("%s, share %d: chose step %d, want up (1)", tt.spec, tt.share, a.Kind)
		}
		played := 3 * b.(*MCTS).Iters() // every playout plays the horizon's 3 actions
		if !tt.want(suggested, played) {
			t.Errorf("%s, share %d: %d of %d playout actions suggested", tt.spec, tt.share, suggested, played)
		}
	}
}

// wide is a climb whose game sets the exploration constant (an
// Exploration).
type wide struct {
	near
	c float64
}

func (c *wide) Clone() engine.State                                { d := *c; return &d }
func (c *wide) Determinize(engine.Seat, *engine.Rand) engine.State { return c.Clone() }
func (c *wide) Exploration() float64                               { return c.c }

// TestMCTSExploration checks that a game's Exploration sets the
// exploration constant, unless the spec names one: the search of a climb
// (up is worth more than down) splits its visits about evenly between the
// two steps at a very high constant, and goes up nearly always at a low
// one.
func TestMCTSExploration(t *testing.T) {
	for _, tt := range []struct {
		spec string
		c    float64
		even bool
	}{
		{"mcts:iters=400", 1000, true},
		{"mcts:iters=400", 0.01, false},
		{"mcts:iters=400,c=0.01", 1000, false},
		{"mcts:iters=400,c=1000", 0.01, true},
	} {
		b, err := New(tt.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		evals, deepest := 0, 0
		m := b.(*MCTS)
		m.Choose(&wide{near: near{climb: climb{evals: &evals}, deepest: &deepest}, c: tt.c}, 0)
		var up, down int32
		for c := m.nodes[0].child; c >= 0; c = m.nodes[c].next {
			if m.nodes[c].action.Kind == 1 {
				up = m.nodes[c].visits
			} else {
				down = m.nodes[c].visits
			}
		}
		if even := down > up/2; even != tt.even {
			t.Errorf("%s, game's constant %v: %d visits up, %d down", tt.spec, tt.c, up, down)
		}
	}
}
