package tacticsdavid

import (
	"testing"

	"skald/engine"
)

// benchStart is a 100-point Deathmatch on the 14x11 open field with random
// armies, before deployment: the start of the playouts the benchmark
// measures.
func benchStart(b *testing.B) engine.State {
	s, err := New().New(engine.Config{Seed: 1, Options: engine.Options{"armies": "auto", "limit": "100", "battlefield": "open-field-14x11"}})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkPlayout measures random playouts of a 100-point Deathmatch on a
// 14x11 battlefield, from deployment to the end (issue 3's target: 1,000 a
// second on one core).
func BenchmarkPlayout(b *testing.B) {
	start := benchStart(b)
	r := engine.NewRand(7)
	var legal []engine.Action
	actions := 0
	b.ReportAllocs()
	for b.Loop() {
		s := start.Clone()
		for !s.Deciders().Empty() {
			legal = s.Legal(s.Deciders().First(), legal[:0])
			s.Apply(legal[r.IntN(len(legal))], nil)
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/op")
}
