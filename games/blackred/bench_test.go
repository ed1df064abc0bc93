package blackred

import (
	"testing"

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
