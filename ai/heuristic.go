package ai

import (
	"fmt"

	"skald/engine"
)

// Heuristic is the bot that plays by its game's rules of thumb
// ([engine.Heuristic]): fast, without search, reproducible for a seed. It
// asks them on a copy determinized for its seat, so that it sees only
// what the seat sees.
type Heuristic struct {
	r engine.Rand
}

// NewHeuristic returns a heuristic bot seeded with seed.
func NewHeuristic(seed uint64) *Heuristic { return &Heuristic{r: engine.NewRand(seed)} }

// Name returns "heuristic".
func (h *Heuristic) Name() string { return "heuristic" }

// Choose returns the game's suggestion for seat. A game without rules of
// thumb is refused when the bot is seated (see [Supports]); if one reaches
// Choose anyway, the bot plays its seat's first legal action.
func (h *Heuristic) Choose(s engine.State, seat engine.Seat) engine.Action {
	d := engine.Determinize(s, seat, &h.r)
	if hs, ok := d.(engine.Heuristic); ok {
		return hs.Suggest(seat, &h.r)
	}
	return s.Legal(seat, nil)[0]
}

// Supports reports whether the bot of spec can play game g: every bot
// can, but the heuristic and rollout ones only for a game whose states
// have rules of thumb. Those who seat bots (the command, the server, sim) check it.
func Supports(spec string, g engine.Game) error {
	kind := spec
	for i, c := range spec {
		if c == ':' {
			kind = spec[:i]
			break
		}
	}
	if kind != "heuristic" && kind != "rollout" {
		return nil
	}
	lo, _ := g.Seats()
	st, err := g.New(engine.Config{Seats: lo, Seed: 1})
	if err != nil {
		return fmt.Errorf("bot %q: %w", spec, err)
	}
	if _, ok := st.(engine.Heuristic); !ok {
		return fmt.Errorf("bot %q: %s has no heuristic player yet (bots: easy, normal, hard, mcts, random)", spec, g.Name())
	}
	return nil
}
