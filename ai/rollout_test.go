package ai

import (
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

// thumb is the test game with rules of thumb: the first legal action.
type thumb struct{ engine.State }

func (s thumb) Suggest(seat engine.Seat, r *engine.Rand) engine.Action {
	return s.Legal(seat, nil)[0]
}

func (s thumb) Clone() engine.State { return thumb{s.State.Clone()} }

func (s thumb) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	return thumb{s.State.Determinize(seat, r)}
}

// leveledGame is the test game naming its own search for a level.
type leveledGame struct {
	engine.State
	spec string
}

func (s leveledGame) LevelSearch(level string) string {
	if level == "normal" {
		return s.spec
	}
	return ""
}

func TestRolloutLegalAndDeterministic(t *testing.T) {
	for _, opts := range []engine.Options{{}, {"order": "sequential"}, {"hands": "dealt", "cards": "7"}} {
		for seed := range uint64(3) {
			s := newGame(t, 3, seed, opts)
			b := NewRollout(seed)
			b.Iterations = 60
			for !s.Deciders().Empty() {
				seat := s.Deciders().First()
				a := b.Choose(sealed{s, t}, seat)
				if !slices.Contains(s.Legal(seat, nil), a) {
					t.Fatalf("%v: rollout chose %v, not legal", opts, a)
				}
				if b.Iters() > b.Iterations+len(s.Legal(seat, nil)) {
					t.Errorf("%v: %d rollouts, over the budget of %d", opts, b.Iters(), b.Iterations)
				}
				again := NewRollout(seed)
				again.Iterations = 60
				again.rng = b.rng.Clone() // the stream that will choose next
				next := NewRollout(seed)
				next.Iterations = 60
				next.rng = b.rng.Clone()
				if c, d := again.Choose(sealed{s, t}, seat), next.Choose(sealed{s, t}, seat); c != d {
					t.Fatalf("%v: the same stream chose %v then %v", opts, c, d)
				}
				if err := s.Apply(a, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestRolloutBeatsBase plays rollouts of the rules of thumb (first legal
// action) against the rules of thumb themselves, and of random play
// against random play, in the sequential test game: rollouts must beat
// the player they roll out.
func TestRolloutBeatsBase(t *testing.T) {
	const games = 60
	for _, tt := range []struct {
		name  string
		base  func(seed uint64) Bot
		wrap  func(engine.State) engine.State
		noise int
	}{
		{"thumb", func(seed uint64) Bot { return NewHeuristic(seed) }, func(s engine.State) engine.State { return thumb{s} }, 0},
		{"random", func(seed uint64) Bot { return NewRandom(seed) }, func(s engine.State) engine.State { return s }, 0},
	} {
		wins, losses := 0, 0
		for g := range games {
			seed := uint64(g)
			b := NewRollout(seed)
			b.Iterations = 100
			bots := []Bot{b, tt.base(seed + 1e6)}
			seat := engine.Seat(g % 2)
			if seat == 1 {
				bots[0], bots[1] = bots[1], bots[0]
			}
			r := play(t, tt.wrap(newGame(t, 2, seed, engine.Options{"order": "sequential"})), bots)
			switch Reward(r, seat) {
			case 1:
				wins++
			case 0:
				losses++
			}
		}
		t.Logf("%s: rollouts won %d, lost %d of %d", tt.name, wins, losses, games)
		if wins < 2*losses || wins < games/4 {
			t.Errorf("%s: rollouts won %d and lost %d of %d against their base player", tt.name, wins, losses, games)
		}
	}
}

// TestLevelSearch checks that a level plays the search its game names,
// with the spec's budget, and mcts where the game names none.
func TestLevelSearch(t *testing.T) {
	s := newGame(t, 2, 1, engine.Options{"order": "sequential"})
	tests := []struct {
		spec, game string
		want       string // the kind of bot that chose
		iters      int
	}{
		{"normal", "rollout:iters=30", "rollout", 30},
		{"normal:iters=20", "rollout:iters=30", "rollout", 20},
		{"normal:c=1", "rollout:iters=30", "mcts", DefaultIterations},
		{"hard", "rollout:iters=30", "mcts", 5000},
		{"normal", "", "mcts", DefaultIterations},
		{"normal", "alphabeta", "mcts", DefaultIterations},
		{"normal", "rollout:bogus=1", "mcts", DefaultIterations},
	}
	for _, tt := range tests {
		b, err := New(tt.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		st := leveledGame{s.Clone(), tt.game}
		b.Choose(st, st.Deciders().First())
		if l, ok := b.(*leveled); ok {
			b = l.unwrap()
		}
		var kind string
		var iters int
		switch b := b.(type) {
		case *Rollout:
			kind, iters = "rollout", b.Iterations
		case *MCTS:
			kind, iters = "mcts", b.Iterations
		}
		if kind != tt.want || iters != tt.iters {
			t.Errorf("%q in a game naming %q: %s at %d iterations, want %s at %d", tt.spec, tt.game, kind, iters, tt.want, tt.iters)
		}
		if name := strings.Split(tt.spec, ":")[0]; b.Name() != name {
			t.Errorf("%q plays as %q", tt.spec, b.Name())
		}
	}
}

// ranked is the test game whose rules of thumb rank the legal actions in
// their list's order, the first best, and suggest the first.
type ranked struct{ thumb }

func (s ranked) Rank(seat engine.Seat, legal []engine.Action, score []float64) {
	for i := range legal {
		score[i] = -float64(i)
	}
}

func (s ranked) Clone() engine.State { return ranked{thumb{s.State.Clone()}} }

func (s ranked) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	return ranked{thumb{s.State.Determinize(seat, r)}}
}

// TestRolloutTop checks that a rollout bot with Top set chooses among the
// actions the rules of thumb rank best, within its budget.
func TestRolloutTop(t *testing.T) {
	for seed := range uint64(3) {
		s := newGame(t, 2, seed, engine.Options{"order": "sequential"})
		b := NewRollout(seed)
		b.Iterations, b.Top = 40, 2
		for !s.Deciders().Empty() {
			seat := s.Deciders().First()
			legal := s.Legal(seat, nil)
			a := b.Choose(ranked{thumb{s}}, seat)
			if k := slices.Index(legal, a); k < 0 || k >= 2 {
				t.Fatalf("seed %d: rollout with top=2 chose action %d of %d", seed, k, len(legal))
			}
			if b.Iters() > b.Iterations+2 {
				t.Errorf("seed %d: %d rollouts, over the budget of %d", seed, b.Iters(), b.Iterations)
			}
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// blindClimb is a climb whose rules of thumb step down and whose
// evaluation tells positions apart only from sees actions on (Judge).
type blindClimb struct {
	climb
	sees  int
	asked *int // the depth CanJudge was last asked about
}

func (c *blindClimb) Suggest(engine.Seat, *engine.Rand) engine.Action { return engine.Action{} }
func (c *blindClimb) CanJudge(depth int) bool                         { *c.asked = depth; return depth >= c.sees }
func (c *blindClimb) Clone() engine.State                             { d := *c; return &d }
func (c *blindClimb) Determinize(engine.Seat, *engine.Rand) engine.State {
	return c.Clone()
}

// TestRolloutJudge checks that a rollout bot plays the rules of thumb
// without rolling out where the game says rollouts cut at its depth are
// not worth running, and rolls out (and climbs) where they are.
func TestRolloutJudge(t *testing.T) {
	for _, tt := range []struct {
		depth, sees int
		wantKind    uint8
		rollouts    bool
	}{{depth: 4, sees: 5, wantKind: 0}, {depth: 5, sees: 5, wantKind: 1, rollouts: true}, {depth: 8, sees: 5, wantKind: 1, rollouts: true}} {
		evals, asked := 0, 0
		b := NewRollout(1)
		b.Iterations, b.Depth, b.depthGiven = 40, tt.depth, true
		a := b.Choose(&blindClimb{climb: climb{evals: &evals}, sees: tt.sees, asked: &asked}, 0)
		if asked != tt.depth {
			t.Errorf("depth %d: CanJudge asked about %d actions on", tt.depth, asked)
		}
		if a.Kind != tt.wantKind || (b.Iters() > 0) != tt.rollouts || (evals > 0) != tt.rollouts {
			t.Errorf("depth %d, judged from %d: chose step %d after %d rollouts and %d evaluations, want step %d, rollouts %v",
				tt.depth, tt.sees, a.Kind, b.Iters(), evals, tt.wantKind, tt.rollouts)
		}
	}
}

// mirage is a climb whose first step misleads its evaluation: one step
// on, down looks as good as up will prove, and up as bad; every later
// position is judged by its height.
type mirage struct{ climb }

func (m *mirage) Evaluate(seat engine.Seat) float64 {
	v := m.climb.Evaluate(seat)
	if m.n == 1 {
		return 1 - v
	}
	return v
}
func (m *mirage) Clone() engine.State                                { d := *m; return &d }
func (m *mirage) Determinize(engine.Seat, *engine.Rand) engine.State { return m.Clone() }

// TestRolloutBlend checks that Blend weighs the evaluation of the
// position an action leads to against its rollouts: alone it is misled
// by the mirage's first step, and at a third the rollouts still find the
// way up.
func TestRolloutBlend(t *testing.T) {
	for _, tt := range []struct {
		blend float64
		want  uint8
	}{{0, 1}, {0.3, 1}, {1, 0}} {
		evals := 0
		b := NewRollout(1)
		b.Iterations, b.Depth, b.depthGiven, b.Blend = 40, 3, true, tt.blend
		if a := b.Choose(&mirage{climb{evals: &evals}}, 0); a.Kind != tt.want {
			t.Errorf("blend %v: chose step %d, want %d", tt.blend, a.Kind, tt.want)
		}
	}
}

// TestRolloutZ checks that Z keeps the suggested action unless another
// leads it by Z standard errors of their differences deal by deal: the
// same lead is sure when the pairs agree and luck when they scatter.
func TestRolloutZ(t *testing.T) {
	for _, tt := range []struct {
		name string
		z    float64
		base []float64 // the suggested action's reward on each deal
		alt  []float64 // the other action's
		want int       // index of the action chosen
	}{
		{"steady lead", 2, []float64{0.5, 0.6, 0.4, 0.5}, []float64{0.52, 0.63, 0.42, 0.51}, 1},
		{"scattered lead", 2, []float64{0.5, 0.6, 0.4, 0.5}, []float64{0.9, 0.2, 0.8, 0.18}, 0},
		{"scattered lead, no z", 0, []float64{0.5, 0.6, 0.4, 0.5}, []float64{0.9, 0.2, 0.8, 0.18}, 1},
		{"behind", 2, []float64{0.5, 0.6, 0.4, 0.5}, []float64{0.49, 0.59, 0.39, 0.49}, 0},
		{"one deal", 2, []float64{0.5}, []float64{0.9}, 0},
	} {
		b := NewRollout(1)
		b.Z = tt.z
		b.base = 0
		b.alive = []int{0, 1}
		b.sum, b.sq, b.runs = make([]float64, 2), make([]float64, 2), make([]int, 2)
		for k := range tt.base {
			b.sum[0] += tt.base[k]
			b.sum[1] += tt.alt[k]
			d := tt.alt[k] - tt.base[k]
			b.sq[1] += d * d
			b.runs[0]++
			b.runs[1]++
		}
		if got := b.best(); got != tt.want {
			t.Errorf("%s: chose %d, want %d", tt.name, got, tt.want)
		}
	}
}

// gamble is an endless game whose first pick decides its worth: kind 0
// is worth 0.5; kind 1 is worth 0.52 on every deal (steady), or 1 on the
// deals whose hidden coin falls under 0.52 and 0 on the others.
type gamble struct {
	endless
	coin    float64
	first   int
	scatter bool
}

func (g *gamble) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	return append(buf, engine.Action{Seat: seat, Kind: 0}, engine.Action{Seat: seat, Kind: 1})
}
func (g *gamble) Apply(a engine.Action, _ *engine.Log) error {
	if g.n == 0 {
		g.first = int(a.Kind)
	}
	g.n++
	return nil
}
func (g *gamble) Suggest(seat engine.Seat, _ *engine.Rand) engine.Action {
	return engine.Action{Seat: seat, Kind: 0}
}
func (g *gamble) Clone() engine.State { d := *g; return &d }
func (g *gamble) Determinize(_ engine.Seat, r *engine.Rand) engine.State {
	d := *g
	d.coin = float64(r.IntN(1000)) / 1000
	return &d
}
func (g *gamble) Evaluate(engine.Seat) float64 {
	switch {
	case g.first == 0:
		return 0.5
	case !g.scatter:
		return 0.52
	case g.coin < 0.52:
		return 1
	}
	return 0
}

// TestRolloutZChoose checks Z through Choose, over 100 bots seeded 1 to
// 100: the rollouts keep each deal's difference, so a steady lead of 0.02
// is always taken, and the same lead scattered over wins and losses seldom
// (a bot without Z takes it more often than not).
func TestRolloutZChoose(t *testing.T) {
	for _, tt := range []struct {
		scatter bool
		z       float64
		lo, hi  int // how many of the 100 bots may take the gamble
	}{
		{false, 2, 100, 100},
		{true, 2, 0, 15},
		{true, 0, 50, 100},
	} {
		took := 0
		for seed := uint64(1); seed <= 100; seed++ {
			b := NewRollout(seed)
			b.Iterations, b.Depth, b.depthGiven, b.Z = 400, 1, true, tt.z
			if b.Choose(&gamble{scatter: tt.scatter}, 0).Kind == 1 {
				took++
			}
		}
		if took < tt.lo || took > tt.hi {
			t.Errorf("scattered %v, z %v: %d of 100 bots took the lead, want %d to %d", tt.scatter, tt.z, took, tt.lo, tt.hi)
		}
	}
}
