package wintergrim

import (
	"testing"

	"skald/ai"
	"skald/engine"
	"skald/engine/enginetest"
)

// BenchmarkRandomPlayout plays whole random games of Destroy, Asheim
// against Vanheim, from the setup roll to the end.
func BenchmarkRandomPlayout(b *testing.B) { enginetest.BenchmarkPlayout(b, newState(b, 1, nil)) }

// BenchmarkApply measures one random action, legal actions included.
func BenchmarkApply(b *testing.B) { enginetest.BenchmarkApply(b, newState(b, 1, nil)) }

func BenchmarkClone(b *testing.B) { enginetest.BenchmarkClone(b, newState(b, 1, nil)) }

func BenchmarkDeterminize(b *testing.B) { enginetest.BenchmarkDeterminize(b, newState(b, 1, nil), 0) }

// BenchmarkLongPlayout plays whole random games with 300 turns each, as
// the balance figures do.
func BenchmarkLongPlayout(b *testing.B) {
	enginetest.BenchmarkPlayout(b, newState(b, 1, engine.Options{"turns": "300"}))
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
