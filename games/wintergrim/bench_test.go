package wintergrim

import (
	"testing"

	"skald/ai"
	"skald/engine"
)

// BenchmarkRandomPlayout plays whole random games of Destroy, Asheim
// against Vanheim, from the setup roll to the end.
func BenchmarkRandomPlayout(b *testing.B) {
	start := newState(b, 1, nil)
	r := engine.NewRand(2)
	buf := make([]engine.Action, 0, 64)
	actions := 0
	b.ReportAllocs()
	for b.Loop() {
		s := start.Clone()
		for d := s.Deciders(); !d.Empty(); d = s.Deciders() {
			buf = s.Legal(d.First(), buf[:0])
			s.Apply(buf[r.IntN(len(buf))], nil)
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/op")
}

// BenchmarkApply measures one random action, legal actions included.
func BenchmarkApply(b *testing.B) {
	start := newState(b, 1, nil)
	s := start.Clone()
	r := engine.NewRand(2)
	buf := make([]engine.Action, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		d := s.Deciders()
		if d.Empty() {
			*s.(*State) = *start
			d = s.Deciders()
		}
		buf = s.Legal(d.First(), buf[:0])
		s.Apply(buf[r.IntN(len(buf))], nil)
	}
}

// sink keeps benchmark results alive so that they are not optimised away.
var sink engine.State

func BenchmarkClone(b *testing.B) {
	s := newState(b, 1, nil)
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Clone()
	}
}

func BenchmarkDeterminize(b *testing.B) {
	s := newState(b, 1, nil)
	r := engine.NewRand(3)
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Determinize(0, &r)
	}
}

// BenchmarkLongPlayout plays whole random games with 300 turns each, as
// the balance figures do.
func BenchmarkLongPlayout(b *testing.B) {
	start := newState(b, 1, engine.Options{"turns": "300"})
	r := engine.NewRand(2)
	buf := make([]engine.Action, 0, 64)
	actions := 0
	b.ReportAllocs()
	for b.Loop() {
		s := start.Clone()
		for d := s.Deciders(); !d.Empty(); d = s.Deciders() {
			buf = s.Legal(d.First(), buf[:0])
			s.Apply(buf[r.IntN(len(buf))], nil)
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/op")
}

// BenchmarkMCTS measures mcts iterations from the first turn's start phase
// (the setup roll before it is a decision with one choice, which a bot
// takes without searching): playouts cut at the default depth and asking
// Evaluate, and playouts to the end.
func BenchmarkMCTS(b *testing.B) {
	s := newState(b, 1, nil)
	r := engine.NewRand(2)
	for s.stage != stPlay {
		legal := s.Legal(s.Deciders().First(), nil)
		s.Apply(legal[r.IntN(len(legal))], nil)
	}
	for _, spec := range []string{"mcts:iters=100", "mcts:iters=100,depth=0"} {
		b.Run(spec, func(b *testing.B) {
			bot, err := ai.New(spec, 3)
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
		})
	}
}
