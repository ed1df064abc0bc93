package blackred

import (
	"testing"

	"skald/engine"
	"skald/engine/enginetest"
)

// BenchmarkRandomPlayout plays whole random games from the start: the
// target is 50,000 playouts per second on one core.
func BenchmarkRandomPlayout(b *testing.B) { enginetest.BenchmarkPlayout(b, newState(b, 1, nil)) }

// BenchmarkApply measures one random action, legal moves included: the
// target is under one allocation per action.
func BenchmarkApply(b *testing.B) { enginetest.BenchmarkApply(b, newState(b, 1, nil)) }

func BenchmarkClone(b *testing.B) { enginetest.BenchmarkClone(b, newState(b, 1, nil)) }

func BenchmarkDeterminize(b *testing.B) {
	enginetest.BenchmarkDeterminize(b, newState(b, 1, nil), Black)
}

// BenchmarkView measures a seat's view of a match under way, as the server
// makes one for every seat after every action.
func BenchmarkView(b *testing.B) {
	s := newState(b, 1, nil)
	var buf []engine.Action
	r := engine.NewRand(3)
	for i := 0; i < 6; i++ {
		d := s.Deciders().List()
		buf = s.Legal(d[0], buf[:0])
		if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = s.View(Black)
	}
}
