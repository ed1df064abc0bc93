package ai

import (
	"testing"

	"skald/engine"
)

var benchOpts = engine.Options{"cards": "12", "hands": "dealt"}

// BenchmarkPlayout measures random playouts of the test game with two
// seats and 12 cards: 24 actions each. The copies played out are made
// outside the timer.
func BenchmarkPlayout(b *testing.B) {
	b.ReportAllocs()
	start := newGame(b, 2, 1, benchOpts)
	states := make([]engine.State, 256)
	r := engine.NewRand(1)
	buf := make([]engine.Action, 0, 16)
	actions := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%len(states) == 0 {
			b.StopTimer()
			for j := range states {
				states[j] = start.Clone()
			}
			b.StartTimer()
		}
		_, n := Playout(states[i%len(states)], &r, buf)
		actions += n
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(actions), "ns/action")
}

// BenchmarkMCTSIteration measures one search iteration (determinize,
// descend, expand, play out, back up) from the start of the test game with
// two seats and 12 cards, in trees of up to 1000 iterations.
func BenchmarkMCTSIteration(b *testing.B) {
	for _, tt := range []struct {
		name string
		opts engine.Options
	}{
		{"simultaneous", benchOpts},
		{"sequential", engine.Options{"cards": "12", "hands": "dealt", "order": "sequential"}},
	} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			s := newGame(b, 2, 1, tt.opts)
			m := NewMCTS(1)
			m.Iterations = 1000
			m.Choose(s, 0) // warm up the buffers
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i%m.Iterations == 0 {
					m.nodes = append(m.nodes[:0], node{child: -1, next: -1})
				}
				m.iterate(s, 0)
			}
		})
	}
}

// BenchmarkMCTSChoose measures a whole choice of 1000 iterations.
func BenchmarkMCTSChoose(b *testing.B) {
	b.ReportAllocs()
	s := newGame(b, 2, 1, benchOpts)
	m := NewMCTS(1)
	for i := 0; i < b.N; i++ {
		m.Choose(s, 0)
	}
}

func BenchmarkRandomChoose(b *testing.B) {
	b.ReportAllocs()
	s := newGame(b, 2, 1, benchOpts)
	r := NewRandom(1)
	for i := 0; i < b.N; i++ {
		r.Choose(s, 0)
	}
}
