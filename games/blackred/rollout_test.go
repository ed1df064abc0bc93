package blackred

import (
	"testing"

	"skald/ai/aitest"
	"skald/engine"
	"skald/engine/enginetest"
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

// TestRolloutConformance runs the kernel's conformance suite with the
// rollout bot as its search: it chooses from the real match, and must
// choose a legal action and leave the match as it was.
func TestRolloutConformance(t *testing.T) {
	enginetest.Run(t, New(), enginetest.Config{
		Matches:  8,
		Every:    8,
		Seed:     2,
		Search:   aitest.Rollout(12),
		Searches: 4,
	})
}
