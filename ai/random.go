package ai

import (
	"fmt"

	"skald/engine"
)

// Random is a bot that chooses uniformly among the legal actions, with its
// own seeded random stream.
type Random struct {
	rng   engine.Rand
	legal []engine.Action
}

// NewRandom returns a Random bot seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rng: engine.NewRand(seed)} }

// Name returns "random".
func (b *Random) Name() string { return "random" }

// Choose returns a legal action of seat chosen uniformly at random. It
// panics if seat has nothing to decide.
func (b *Random) Choose(s engine.State, seat engine.Seat) engine.Action {
	b.legal = s.Legal(seat, b.legal[:0])
	if len(b.legal) == 0 {
		panic(fmt.Sprintf("ai: random bot asked to choose for seat %d, which has nothing to decide", seat))
	}
	return b.legal[b.rng.IntN(len(b.legal))]
}
