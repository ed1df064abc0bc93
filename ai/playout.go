package ai

import (
	"fmt"

	"skald/engine"
)

// PlayoutLimit is the most actions [Playout] plays before it gives up and
// calls the game a draw, a safety net for games that may not end under
// random play.
const PlayoutLimit = 10000

// Playout plays s to its end with uniformly random legal actions drawn from
// r, changing s, and returns the result and the number of actions played.
// When several seats decide at once, the lowest acts first. After
// [PlayoutLimit] actions it stops and returns a draw whose reason says so.
//
// buf is scratch space for legal actions; given enough capacity, Playout
// does not allocate. It panics if a deciding seat has no legal action or a
// legal action does not apply, as both are bugs in the game.
func Playout(s engine.State, r *engine.Rand, buf []engine.Action) (engine.Result, int) {
	res, n, _ := playout(s, r, buf)
	return res, n
}

// playout is [Playout] that returns buf, grown as needed, for reuse.
func playout(s engine.State, r *engine.Rand, buf []engine.Action) (engine.Result, int, []engine.Action) {
	res, n, _, buf := playUpTo(s, r, buf, PlayoutLimit)
	return res, n, buf
}

// playoutTo plays at most limit random actions and reports whether the
// game ended; if it did not, the result is a draw.
func playoutTo(s engine.State, r *engine.Rand, buf []engine.Action, limit int) (engine.Result, bool, []engine.Action) {
	res, _, over, buf := playUpTo(s, r, buf, limit)
	return res, over, buf
}

// playUpTo plays random actions until the game ends or limit actions.
// A state with an [engine.FastPath] is asked once per action for the
// lowest deciding seat's legal actions, and the chosen one (which it has
// just listed) is applied without being checked again; an
// [engine.RandomPlayer] runs that loop itself. The choices, and so the
// game, are the same.
func playUpTo(s engine.State, r *engine.Rand, buf []engine.Action, limit int) (engine.Result, int, bool, []engine.Action) {
	if p, ok := s.(engine.RandomPlayer); ok {
		n, buf := p.PlayRandom(r, buf, limit)
		res, over := s.Result()
		switch {
		case over:
			return res, n, true, buf
		case n < limit:
			if seat := s.Deciders().First(); seat != engine.Spectator {
				panic(fmt.Sprintf("ai: seat %d decides but has no legal action", seat))
			}
			panic("ai: no seat decides but the game is not over")
		}
		return engine.Result{Reason: "playout limit reached"}, n, false, buf
	}
	if f, ok := s.(engine.FastPath); ok {
		return fastUpTo(s, f, r, buf, limit)
	}
	return checkedUpTo(s, r, buf, limit)
}

// checkedUpTo is playUpTo by Deciders, Legal and Apply, for games without
// a fast path. It is a function of its own: left in playUpTo after the
// fast paths' branches, the loop ran 11% slower (the test game's playout
// benchmark).
func checkedUpTo(s engine.State, r *engine.Rand, buf []engine.Action, limit int) (engine.Result, int, bool, []engine.Action) {
	for n := 0; ; n++ {
		seat := s.Deciders().First()
		if seat == engine.Spectator {
			res, ok := s.Result()
			if !ok {
				panic("ai: no seat decides but the game is not over")
			}
			return res, n, true, buf
		}
		if n == limit {
			return engine.Result{Reason: "playout limit reached"}, n, false, buf
		}
		buf = s.Legal(seat, buf[:0])
		if len(buf) == 0 {
			panic(fmt.Sprintf("ai: seat %d decides but has no legal action", seat))
		}
		if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
			panic(fmt.Sprintf("ai: legal action does not apply: %v", err))
		}
	}
}

// fastUpTo is playUpTo by the state's fast path.
func fastUpTo(s engine.State, f engine.FastPath, r *engine.Rand, buf []engine.Action, limit int) (engine.Result, int, bool, []engine.Action) {
	for n := 0; ; n++ {
		buf = f.NextLegal(buf[:0])
		if len(buf) == 0 {
			res, ok := s.Result()
			if !ok {
				if seat := s.Deciders().First(); seat != engine.Spectator {
					panic(fmt.Sprintf("ai: seat %d decides but has no legal action", seat))
				}
				panic("ai: no seat decides but the game is not over")
			}
			return res, n, true, buf
		}
		if n == limit {
			return engine.Result{Reason: "playout limit reached"}, n, false, buf
		}
		f.ApplyLegal(buf[r.IntN(len(buf))])
	}
}
