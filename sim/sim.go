package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"skald/ai"
	"skald/engine"
)

// Options describes a batch of matches.
type Options struct {
	// Game is the game to play.
	Game engine.Game
	// Config gives the number of seats (zero means one per bot) and the
	// options of every match. Its Seed is not used: each match has its
	// own, see [GameSeed].
	Config engine.Config
	// Bots holds one bot spec per seat, as taken by [ai.New]. Seats are
	// rotated between matches, see [Lineup].
	Bots []string
	// N is the number of matches.
	N int
	// Workers is the number of matches played at once; zero or less means
	// runtime.GOMAXPROCS(0). It does not change the results.
	Workers int
	// Seed is the seed of the batch.
	Seed uint64
	// Progress, when not nil, is called after each match ends with the
	// number of matches ended so far. Calls are never concurrent.
	Progress func(done int)
}

// outcome is how one match ended.
type outcome struct {
	played  bool
	winners engine.SeatSet
	length  int
	first   engine.Seat // seat of the first action, or Spectator
	counts  map[string]int
}

// Run plays the batch o describes and reports on it. The report does not
// depend on o.Workers; apart from its timings, it is the same for the same
// options as long as the bots choose reproducibly, which bots bounded by
// thinking time do not.
//
// When ctx is canceled, Run stops its matches at their next action and
// returns a report on the matches that ended, with ctx's error. A bot that
// chooses an illegal action, or a game or bot that panics, stops the batch
// with an error naming the match and its seed.
func Run(ctx context.Context, o Options) (*Report, error) {
	start := time.Now()
	g := o.Game
	if g == nil {
		return nil, errors.New("sim: no game")
	}
	cfg := o.Config
	if cfg.Seats == 0 {
		cfg.Seats = len(o.Bots)
	}
	if lo, hi := g.Seats(); cfg.Seats < lo || cfg.Seats > hi {
		return nil, fmt.Errorf("sim: %s is played by %d to %d seats, not %d", g.Name(), lo, hi, cfg.Seats)
	}
	if len(o.Bots) != cfg.Seats {
		return nil, fmt.Errorf("sim: %d bots for %d seats: give one bot per seat", len(o.Bots), cfg.Seats)
	}
	for _, spec := range o.Bots {
		if _, err := ai.New(spec, 0); err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
	}
	if o.N < 1 {
		return nil, fmt.Errorf("sim: %d matches: want at least 1", o.N)
	}
	opts, err := engine.Resolve(g.Options(), cfg.Options)
	if err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	cfg.Options = opts
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, o.N)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	outcomes := make([]outcome, o.N)
	type done struct {
		i   int
		err error
	}
	ch := make(chan done, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= o.N {
					return
				}
				out, err := playMatch(ctx, g, cfg, o.Bots, o.Seed, i)
				if err == nil {
					outcomes[i] = out
				}
				ch <- done{i, err}
			}
		})
	}
	go func() {
		wg.Wait()
		close(ch)
	}()
	var firstErr error
	ended := 0
	for d := range ch {
		switch {
		case d.err == nil:
			ended++
			if o.Progress != nil {
				o.Progress(ended)
			}
		case firstErr == nil && ctx.Err() == nil:
			firstErr = d.err
			cancel()
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	r := report(g, cfg, o, outcomes, time.Since(start))
	if ended < o.N {
		return r, ctx.Err()
	}
	return r, nil
}

// playMatch plays match i of a batch.
func playMatch(ctx context.Context, g engine.Game, cfg engine.Config, specs []string, seed uint64, i int) (out outcome, err error) {
	cfg.Seed = GameSeed(seed, i)
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
		if err != nil && ctx.Err() == nil {
			err = fmt.Errorf("sim: match %d (seed %d): %w", i, cfg.Seed, err)
		}
	}()
	lineup := Lineup(specs, i)
	bots := make([]ai.Bot, len(lineup))
	for s, spec := range lineup {
		if bots[s], err = ai.New(spec, BotSeed(seed, i, engine.Seat(s))); err != nil {
			return out, err
		}
	}
	st, err := g.New(cfg)
	if err != nil {
		return out, err
	}
	out.first = engine.Spectator
	for {
		seat := st.Deciders().First()
		if seat == engine.Spectator {
			break
		}
		if err := ctx.Err(); err != nil {
			return out, err
		}
		if int(seat) >= len(bots) {
			return out, fmt.Errorf("seat %d decides in a match of %d seats", seat, len(bots))
		}
		a := bots[seat].Choose(st, seat)
		if a.Seat != seat {
			return out, fmt.Errorf("bot %s of seat %d chose an action of seat %d", lineup[seat], seat, a.Seat)
		}
		text := st.FormatAction(a)
		if err := st.Apply(a, nil); err != nil {
			return out, fmt.Errorf("bot %s of seat %d chose %q after %d actions: %w", lineup[seat], seat, text, out.length, err)
		}
		if out.length == 0 {
			out.first = seat
		}
		out.length++
	}
	res, ok := st.Result()
	if !ok {
		return out, fmt.Errorf("no seat decides after %d actions but the game is not over", out.length)
	}
	out.winners, out.played = res.Winners, true
	if c, ok := st.(engine.Counter); ok {
		out.counts = map[string]int{}
		c.Counts(func(name string, n int) { out.counts[name] += n })
	}
	return out, nil
}

// Lineup returns the bot specs seated in match i: seat s gets
// bots[(s+i) mod len(bots)].
func Lineup(bots []string, i int) []string {
	n := len(bots)
	out := make([]string, n)
	for s := range out {
		out[s] = bots[(s+i%n)%n]
	}
	return out
}

// GameSeed returns the seed of match i of a batch seeded with seed.
func GameSeed(seed uint64, i int) uint64 { return mix(seed ^ mix(uint64(i))) }

// BotSeed returns the seed of the bot at seat in match i of a batch seeded
// with seed.
func BotSeed(seed uint64, i int, seat engine.Seat) uint64 {
	return mix(GameSeed(seed, i) + 1 + uint64(seat))
}

// mix is the SplitMix64 finalizer.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
