package ai

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"skald/engine"
)

// Bot chooses actions for a seat.
type Bot interface {
	// Name returns the bot's kind, such as "random" or "mcts".
	Name() string
	// Choose returns one of seat's legal actions in s. seat must be one of
	// s.Deciders(). Choose does not change s.
	Choose(s engine.State, seat engine.Seat) engine.Action
}

// Names returns the kinds of bots that [New] makes, in sorted order.
func Names() []string { return []string{"mcts", "random"} }

// New makes a bot from spec, a kind optionally followed by a colon and
// comma-separated parameters:
//
//	random
//	mcts
//	mcts:iters=2000
//	mcts:time=250ms
//	mcts:iters=500,c=0.7
//	mcts:depth=0
//
// The parameters of "mcts" are iters (iterations per choice), time (a
// thinking time per choice, as a Go duration, used instead of iters), c
// (the exploration constant) and depth (the random actions a playout plays
// before it asks a game that can evaluate a position; 0 plays to the end).
// seed seeds the bot's own random stream, so that a bot with a fixed
// number of iterations chooses reproducibly.
func New(spec string, seed uint64) (Bot, error) {
	kind, params, colon := strings.Cut(strings.TrimSpace(spec), ":")
	if colon && strings.TrimSpace(params) == "" {
		return nil, fmt.Errorf("bot %q: no parameters after the colon", spec)
	}
	switch kind {
	case "random":
		if colon {
			return nil, fmt.Errorf("bot %q: random takes no parameters", spec)
		}
		return NewRandom(seed), nil
	case "mcts":
		m := NewMCTS(seed)
		if err := m.parse(params); err != nil {
			return nil, fmt.Errorf("bot %q: %w", spec, err)
		}
		return m, nil
	case "human":
		return nil, fmt.Errorf("bot %q: humans are not bots; the command line seats them", spec)
	}
	return nil, fmt.Errorf("bot %q: unknown kind %q (known: %s)", spec, kind, strings.Join(Names(), ", "))
}

// parse sets m's parameters from "k=v,k=v".
func (m *MCTS) parse(params string) error {
	if params == "" {
		return nil
	}
	var iters, limit bool
	for _, kv := range strings.Split(params, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || v == "" {
			return fmt.Errorf("parameter %q: want name=value", kv)
		}
		switch k {
		case "iters":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("iters=%s: want a whole number of at least 1", v)
			}
			m.Iterations, iters = n, true
		case "time":
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return fmt.Errorf("time=%s: want a positive duration such as 250ms or 2s", v)
			}
			m.Time, limit = d, true
		case "depth":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return fmt.Errorf("depth=%s: want a whole number of at least 0 (0 plays out to the end)", v)
			}
			m.Depth = n
		case "c":
			c, err := strconv.ParseFloat(v, 64)
			if err != nil || c < 0 || c != c || c > 1e6 {
				return fmt.Errorf("c=%s: want a number of at least 0", v)
			}
			m.C = c
		default:
			return fmt.Errorf("unknown parameter %q (known: c, depth, iters, time)", k)
		}
	}
	if iters && limit {
		return fmt.Errorf("give iters or time, not both")
	}
	if limit {
		m.Iterations = 0
	}
	return nil
}

// Reward returns what r is worth to seat: 1 for a win, 0.5 for a draw (no
// winners) and 0 for a loss.
func Reward(r engine.Result, seat engine.Seat) float64 {
	switch {
	case r.Winners.Empty():
		return 0.5
	case r.Winners.Has(seat):
		return 1
	}
	return 0
}
