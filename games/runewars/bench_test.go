package runewars

import (
	"fmt"
	"testing"

	"skald/ai"
	"skald/engine"
	"skald/engine/enginetest"
)

// newState starts a match of n players for a benchmark.
func newState(tb testing.TB, n int, seed uint64) *State {
	tb.Helper()
	st, err := New().New(engine.Config{Seats: n, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	return st.(*State)
}

// BenchmarkRandomPlayout plays whole random games, from the first tile
// laid to the last Winter: the target at four players is 2,000 playouts
// per second on one core (issue "Runewars, part 1").
func BenchmarkRandomPlayout(b *testing.B) {
	for _, n := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) { enginetest.BenchmarkPlayout(b, newState(b, n, 1)) })
	}
}

// BenchmarkApply measures one random action, legal actions included.
func BenchmarkApply(b *testing.B) { enginetest.BenchmarkApply(b, newState(b, 4, 1)) }

func BenchmarkClone(b *testing.B) { enginetest.BenchmarkClone(b, newState(b, 4, 1)) }

func BenchmarkDeterminize(b *testing.B) { enginetest.BenchmarkDeterminize(b, newState(b, 4, 1), 0) }

// BenchmarkMCTS measures mcts iterations at four players from the first
// choice of orders: the target is 5,000 iterations per second on one
// core.
func BenchmarkMCTS(b *testing.B) {
	s := newState(b, 4, 1)
	r := engine.NewRand(2)
	for s.stage != stOrders {
		seat := s.Deciders().First()
		legal := s.Legal(seat, nil)
		s.Apply(legal[r.IntN(len(legal))], nil)
	}
	bot, err := ai.New("mcts:iters=100", 3)
	if err != nil {
		b.Fatal(err)
	}
	seat := s.Deciders().First()
	iters := 0
	for b.Loop() {
		bot.Choose(s.Clone(), seat)
		iters += 100
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
}

// BenchmarkMCTSSetup measures mcts iterations at four players from the
// first tile laid, where skald bench measures them.
func BenchmarkMCTSSetup(b *testing.B) {
	s := newState(b, 4, 1)
	bot, err := ai.New("mcts:iters=100", 3)
	if err != nil {
		b.Fatal(err)
	}
	seat := s.Deciders().First()
	iters := 0
	for b.Loop() {
		bot.Choose(s.Clone(), seat)
		iters += 100
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
}
