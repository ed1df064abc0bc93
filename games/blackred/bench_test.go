package blackred

import (
	"testing"

	"skald/engine"
)

// BenchmarkRandomPlayout plays whole random games from the start: the
// target is 50,000 playouts per second on one core.
func BenchmarkRandomPlayout(b *testing.B) {
	start := newState(b, 1, nil)
	r := engine.NewRand(2)
	buf := make([]engine.Action, 0, 16)
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

// BenchmarkApply measures one random action, legal moves included: the
// target is under one allocation per action.
func BenchmarkApply(b *testing.B) {
	start := newState(b, 1, nil)
	s := start.Clone()
	r := engine.NewRand(2)
	buf := make([]engine.Action, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		d := s.Deciders()
		if d.Empty() {
			*s.(*State) = *start // restart without allocating
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
		sink = s.Determinize(Black, &r)
	}
}
