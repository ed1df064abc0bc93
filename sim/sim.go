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
	// NewBot, when not nil, makes each seat's bot from its spec and seed
	// instead of [ai.New]: for players that are not ai's levels, such as a
	// test's oracle. The specs are then NewBot's to check.
	NewBot func(spec string, seed uint64) (ai.Bot, error)
}

// Failure is a match of a batch that did not reach its end: its game or a
// bot panicked, a bot chose an illegal action, or the game broke the
// kernel's contract. The batch goes on without it.
type Failure struct {
	// Match is the match's index in the batch and Seed its seed
	// ([GameSeed]).
	Match int    `json:"match"`
	Seed  uint64 `json:"seed"`
	// Lineup holds the bot spec of each seat ([Lineup]).
	Lineup []string `json:"lineup"`
	// Step is the action that failed, counted from 1: the actions before
	// it were played. It is 0 when the match could not start.
	Step int `json:"step"`
	// Action is the text of the action that failed, when a bot had chosen
	// one.
	Action string `json:"action,omitempty"`
	// Error says what went wrong and where; for a panic, with its value.
	Error string `json:"error"`
	// Stack is the stack of a panic.
	Stack string `json:"stack,omitempty"`
	// Record is the match up to the failure: its header (the game, the
	// options, the seed and the lineup) and every action before the one
	// that failed, with the state hash after each, so that it replays
	// exactly to where the match failed.
	Record *engine.Record `json:"-"`
	// RecordFile is where Record was written, for whoever writes it (skald
	// sim writes one file per failure).
	RecordFile string `json:"record_file,omitempty"`
}

// outcome is how one match ended.
type outcome struct {
	played bool
	result engine.Result // with every seat's place and score
	length int
	first  engine.Seat // seat of the first action, or Spectator
	counts map[string]int
	think  [][]time.Duration // each seat's time to choose, decision by decision
}

// Run plays the batch o describes and reports on it. The report does not
// depend on o.Workers; apart from its timings, it is the same for the same
// options as long as the bots choose reproducibly, which bots bounded by
// thinking time do not.
//
// A match whose game or bot panics, whose bot chooses an illegal action or
// whose game breaks the kernel's contract fails alone: the batch goes on,
// and the report lists the failure ([Failure]) with a record of the match
// up to it. Stacks of panics aside, failures too are the same whatever the
// number of workers.
//
// When ctx is canceled, Run stops its matches at their next action and
// returns a report on the matches that ended, with ctx's error. Any other
// error is in o, and Run returns it before it plays.
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
		if o.NewBot != nil {
			if _, err := o.NewBot(spec, 0); err != nil {
				return nil, fmt.Errorf("sim: %w", err)
			}
			continue
		}
		if _, err := ai.New(spec, 0); err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
		if err := ai.Supports(spec, g); err != nil {
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

	newBot := o.NewBot
	if newBot == nil {
		newBot = ai.New
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	outcomes := make([]outcome, o.N)
	failures := make([]*Failure, o.N)
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
				out, fail, err := playMatch(ctx, g, cfg, o.Bots, newBot, o.Seed, i)
				if err == nil {
					outcomes[i], failures[i] = out, fail
				}
				ch <- done{i, err}
			}
		})
	}
	go func() {
		wg.Wait()
		close(ch)
	}()
	ended := 0
	for d := range ch {
		if d.err == nil {
			ended++
			if o.Progress != nil {
				o.Progress(ended)
			}
		}
	}
	r := report(g, cfg, o, outcomes, time.Since(start))
	for _, f := range failures {
		if f != nil {
			r.Failures = append(r.Failures, *f)
		}
	}
	r.Failed = len(r.Failures)
	if ended < o.N {
		return r, ctx.Err()
	}
	return r, nil
}

// playMatch plays match i of a batch. A match that fails returns a
// Failure with the match's record up to it; err is ctx's error when ctx
// stopped the match.
func playMatch(ctx context.Context, g engine.Game, cfg engine.Config, specs []string, newBot func(string, uint64) (ai.Bot, error), seed uint64, i int) (out outcome, fail *Failure, err error) {
	cfg.Seed = GameSeed(seed, i)
	lineup := Lineup(specs, i)
	var actions []engine.Action // played so far, for the record of a failure
	defer func() {
		if fail != nil {
			fail.Match, fail.Seed, fail.Lineup = i, cfg.Seed, lineup
			fail.Record = record(g, cfg, lineup, actions, fail)
		}
	}()
	bots := make([]ai.Bot, len(lineup))
	for s, spec := range lineup {
		if bots[s], err = newBot(spec, BotSeed(seed, i, engine.Seat(s))); err != nil {
			return out, &Failure{Error: err.Error()}, nil // Run checked the specs: cannot happen
		}
	}
	out, fail = play(ctx, g, cfg, lineup, bots, &actions)
	if fail == nil && !out.played {
		return out, nil, ctx.Err()
	}
	return out, fail, nil
}

// play plays a match of bots, appending each action played to *actions. It
// returns a Failure if the match fails, and an outcome that is not played
// if ctx stopped it.
func play(ctx context.Context, g engine.Game, cfg engine.Config, lineup []string, bots []ai.Bot, actions *[]engine.Action) (out outcome, fail *Failure) {
	// What the match is doing, for a panic: said in words only then, as
	// words cost more than the actions of a fast game.
	const (
		starting = iota
		deciding
		choosing
		formatting
		applying
		ending
	)
	doing, seat, text := starting, engine.Spectator, ""
	where := func() string {
		step := len(*actions) + 1
		switch doing {
		case starting:
			return "starting the match"
		case choosing:
			return fmt.Sprintf("bot %s of seat %d choosing at step %d", lineup[seat], seat, step)
		case formatting:
			return fmt.Sprintf("the game formatting the action of bot %s of seat %d at step %d", lineup[seat], seat, step)
		case applying:
			return fmt.Sprintf("the game applying %q of bot %s of seat %d at step %d", text, lineup[seat], seat, step)
		case ending:
			return fmt.Sprintf("the game ending after %d actions", out.length)
		}
		return fmt.Sprintf("the game at step %d", step)
	}
	failed := func(format string, args ...any) *Failure {
		return &Failure{Step: len(*actions) + 1, Action: text, Error: fmt.Sprintf(format, args...)}
	}
	defer func() {
		if p := recover(); p != nil {
			fail = &Failure{Step: len(*actions) + 1, Error: fmt.Sprintf("%s: panic: %v", where(), p), Stack: string(debug.Stack())}
			if doing == starting {
				fail.Step = 0
			}
		}
	}()
	st, err := g.New(cfg)
	if err != nil {
		return out, &Failure{Error: fmt.Sprintf("starting the match: %v", err)}
	}
	out.first = engine.Spectator
	out.think = make([][]time.Duration, len(bots))
	for {
		step := len(*actions) + 1
		doing, text = deciding, ""
		seat = st.Deciders().First()
		if seat == engine.Spectator {
			break
		}
		if ctx.Err() != nil {
			return outcome{}, nil
		}
		if int(seat) >= len(bots) {
			return out, failed("seat %d decides at step %d in a match of %d seats", seat, step, len(bots))
		}
		doing = choosing
		t0 := time.Now()
		a := bots[seat].Choose(st, seat)
		out.think[seat] = append(out.think[seat], time.Since(t0))
		doing = formatting
		text = st.FormatAction(a)
		if a.Seat != seat {
			return out, failed("bot %s of seat %d chose %q, an action of seat %d, at step %d", lineup[seat], seat, text, a.Seat, step)
		}
		doing = applying
		if err := st.Apply(a, nil); err != nil {
			return out, failed("bot %s of seat %d chose %q at step %d: %v", lineup[seat], seat, text, step, err)
		}
		*actions = append(*actions, a)
		if out.length == 0 {
			out.first = seat
		}
		out.length++
	}
	doing = ending
	res, ok := st.Result()
	if !ok {
		return out, failed("no seat decides after %d actions but the game is not over", out.length)
	}
	// A game that gives no places gets them from its winners; one that
	// gives them must give them right.
	res = res.Complete(cfg.Seats)
	if err := res.Check(cfg.Seats); err != nil {
		return out, failed("the game ended after %d actions with a broken result: %v", out.length, err)
	}
	out.result, out.played = res, true
	if c, ok := st.(engine.Counter); ok {
		out.counts = map[string]int{}
		c.Counts(func(name string, n int) { out.counts[name] += n })
	}
	return out, nil
}

// record plays actions again on a new match of g and returns its record,
// every state hash included. Should the game not replay them as it played
// them, the record ends where it stops and f's Error says so.
func record(g engine.Game, cfg engine.Config, lineup []string, actions []engine.Action, f *Failure) (rec *engine.Record) {
	rec = &engine.Record{Header: engine.Header{Format: engine.RecordFormat, Game: g.Name(), Rules: g.RulesVersion(), Options: cfg.Options, Seed: cfg.Seed, Seats: lineup}}
	fail := func(why string) {
		f.Error += fmt.Sprintf("; the record stops after %d actions: %s", len(rec.Steps), why)
	}
	defer func() {
		if p := recover(); p != nil {
			fail(fmt.Sprintf("playing them again panics: %v", p))
		}
	}()
	m, err := engine.NewMatch(g, cfg, lineup, nil)
	if err != nil {
		fail(err.Error())
		return rec
	}
	rec.Header = m.Record.Header
	for _, a := range actions {
		if err := m.Play(a, nil); err != nil {
			fail(err.Error())
			break
		}
		rec.Steps = m.Record.Steps
	}
	return rec
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
