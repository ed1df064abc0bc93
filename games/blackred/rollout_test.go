package blackred

import (
	"testing"

	"skald/engine"
)

// BenchmarkHeuristicPlayout plays whole games from the start with both
// seats following the rules of thumb, as the rollout bot's rollouts do.
func BenchmarkHeuristicPlayout(b *testing.B) {
	start := newState(b, 1, nil)
	r := engine.NewRand(1)
	actions := 0
	for b.Loop() {
		s := start.Clone().(*State)
		for {
			dec := s.Deciders()
			if dec.Empty() {
				break
			}
			seat := dec.First()
			if err := s.Apply(s.Suggest(seat, &r), nil); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/op")
}
