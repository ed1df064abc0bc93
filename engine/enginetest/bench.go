package enginetest

import (
	"math"
	"testing"

	"skald/engine"
)

// The benchmarks below are the ones every game has; a game's bench_test.go
// calls them with a position of its own, such as:
//
//	func BenchmarkRandomPlayout(b *testing.B) { enginetest.BenchmarkPlayout(b, newState(b, 1, nil)) }
//
// They choose uniformly among the lowest deciding seat's legal actions
// with a stream of fixed seed, so that two runs play the same matches.

// sink keeps benchmark results alive so that they are not optimised away.
var sink engine.State

// BenchmarkPlayout plays whole random matches from a copy of start to
// their end, as the ai package's playouts do: by the state's
// [engine.RandomPlayer], [engine.FastPath] and [engine.Copier] when it has
// them (its own loop, or one NextLegal and one ApplyLegal an action; each
// match copied into the last one's memory), else by Deciders, Legal,
// Apply and Clone. It reports the
// actions of a match (actions/op).
func BenchmarkPlayout(b *testing.B, start engine.State) {
	b.Helper()
	r := engine.NewRand(2)
	buf := make([]engine.Action, 0, 64)
	actions := 0
	var s engine.State
	b.ReportAllocs()
	for b.Loop() {
		s = engine.CloneInto(s, start)
		if p, ok := s.(engine.RandomPlayer); ok {
			var n int
			n, buf = p.PlayRandom(&r, buf, math.MaxInt)
			actions += n
			continue
		}
		if f, ok := s.(engine.FastPath); ok {
			for buf = f.NextLegal(buf[:0]); len(buf) > 0; buf = f.NextLegal(buf[:0]) {
				f.ApplyLegal(buf[r.IntN(len(buf))])
				actions++
			}
			continue
		}
		for buf = engine.NextLegal(s, buf[:0]); len(buf) > 0; buf = engine.NextLegal(s, buf[:0]) {
			if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
				b.Fatalf("a legal action is refused: %v", err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/op")
}

// BenchmarkApply measures one random action, its deciders and legal list
// included, by the checked path that actions from outside take (Legal and
// Apply, never a fast path), along random matches played from start; a
// match that ends starts again from a clone of start (one clone per
// match, not per action).
func BenchmarkApply(b *testing.B, start engine.State) {
	b.Helper()
	s := start.Clone()
	r := engine.NewRand(2)
	buf := make([]engine.Action, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		d := s.Deciders()
		if d.Empty() {
			s = start.Clone()
			d = s.Deciders()
		}
		buf = s.Legal(d.First(), buf[:0])
		if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
			b.Fatalf("a legal action is refused: %v", err)
		}
	}
}

// BenchmarkClone measures State.Clone of s.
func BenchmarkClone(b *testing.B, s engine.State) {
	b.Helper()
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Clone()
	}
}

// BenchmarkDeterminize measures a search bot's determinized copy of s for
// seat, made by [engine.Determinize].
func BenchmarkDeterminize(b *testing.B, s engine.State, seat engine.Seat) {
	b.Helper()
	r := engine.NewRand(3)
	b.ReportAllocs()
	for b.Loop() {
		sink = engine.Determinize(s, seat, &r)
	}
}
