package bloodrage

import (
	"fmt"
	"testing"

	"skald/ai"
	"skald/engine"
	"skald/engine/enginetest"
)

// newState starts a match of n clans for a benchmark.
func newState(tb testing.TB, n int, seed uint64) *State {
	tb.Helper()
	st, err := New().New(engine.Config{Seats: n, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	return st.(*State)
}

// BenchmarkRandomPlayout plays whole random games of four clans, from the
// first draft to the end of the third Age: the target is 5,000 playouts
// per second on one core.
func BenchmarkRandomPlayout(b *testing.B) {
	for _, n := range []int{2, 4, 5} {
		b.Run(fmt.Sprintf("clans=%d", n), func(b *testing.B) { enginetest.BenchmarkPlayout(b, newState(b, n, 1)) })
	}
}

// BenchmarkApply measures one random action, legal actions included: the
// target is well under one allocation per action.
func BenchmarkApply(b *testing.B) { enginetest.BenchmarkApply(b, newState(b, 4, 1)) }

func BenchmarkClone(b *testing.B) { enginetest.BenchmarkClone(b, newState(b, 4, 1)) }

func BenchmarkDeterminize(b *testing.B) { enginetest.BenchmarkDeterminize(b, newState(b, 4, 1), 0) }

// BenchmarkMCTS measures mcts iterations at four clans from a position of
// the first Action phase: playouts cut at the default depth and asking
// Evaluate. The target is 10,000 iterations per second on one core.
func BenchmarkMCTS(b *testing.B) {
	s := newState(b, 4, 1)
	r := engine.NewRand(2)
	for s.phase != phAction || s.bat.on || len(s.Legal(s.Deciders().First(), nil)) < 2 {
		legal := s.Legal(s.Deciders().First(), nil)
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
