// Package enginetest is the kernel's conformance suite: checks that any
// game keeps the contract of [engine.Game] and [engine.State], for the
// tests of the game packages, in the spirit of testing/fstest and
// net/nettest. A game's tests call [Run] with every number of seats and
// option set it supports, [FuzzParseAction] from a Fuzz target, and the
// Benchmark functions from their benchmarks; a new game gets the whole
// suite by doing the same.
//
// [Run] plays seeded random matches through the interfaces alone and
// checks, at every position:
//
//   - the game ends, or reaches its own cap, without a panic, and a match
//     with no deciding seat is over (and one that is over has none);
//   - every deciding seat has legal actions and every other seat none;
//     no legal list names an action twice or two actions with one text;
//     every legal action's text parses back to it (and its JSON form);
//   - a clone is independent: its hash is the original's, an action
//     applied to it (with events asked for) changes neither the
//     original's hash nor any of its views, and the same action applied
//     to the original (without events) reaches the clone's hash;
//
// and at a sample of positions (every one by default, see [Config.Every]):
//
//   - every legal action of every deciding seat is accepted by Apply;
//   - forged actions (a legal action given to a seat that does not
//     decide, to no seat, with another kind or an argument out of range,
//     and the action just played) that no legal list names are refused
//     with an *[engine.IllegalError] citing a rule, and leave the hash as
//     it was;
//   - the determinization contract, for every seat: the copy that
//     [engine.Determinize] makes shows the seat byte for byte the view it
//     has of the real match (the JSON of View), with the same deciders,
//     the same legal actions for the seat and the same end; the real
//     match is left as it was; the copy's random stream is not the real
//     one; and the copy depends on nothing the seat cannot see: from a
//     second match the seat cannot tell from the first — a
//     determinization of it for the seat — and the same searcher's
//     stream, the copy is the same (the same hash);
//   - no view changes when only what a seat cannot see changes: the copy
//     differs from the real match in the other seats' secrets and the
//     hidden piles alone, and the seat's view and the spectator's of it
//     are the real match's, byte for byte.
//
// The dependence check finds a copy that depends on how the hidden things
// lie (an order shuffled again rather than dealt from a canonical one, the
// real stream); it cannot find a secret that a game's Determinize leaves
// where it is, since the second match keeps it too. A game's own tests
// cover that by building two matches that differ in a secret by hand.
//
// Each match is recorded as it is played and its record, read back from
// its JSON lines, replays with [engine.Replay] to every state hash; and a
// search bot ([Config.Search], such as ai.MCTS with a few iterations)
// chooses at a few positions of every seat count and option set, from
// the real match: its choice must be legal, the match left as it was.
//
// A failure names the game, the seats, the options, the match's seed and
// the step, and is reproduced by running the test again; matches are
// seeded, match i of a set with [Config.Seed]+i. The number of matches is
// small by default so that go test stays quick; the flag
// -enginetest.matches=N (given to the test binary, as in
// go test ./games/... -enginetest.matches=500) plays N matches of every
// set instead, for a longer run. Like the kernel, the package does no I/O.
package enginetest

import (
	"flag"
	"fmt"
	"testing"

	"skald/engine"
)

// MaxSteps is the most actions the suite plays in one match before it
// reports that the match does not end. Games end sooner by their own caps
// (a turn limit, a number of battles).
const MaxSteps = 100_000

// DefaultMatches is the number of matches [Run] plays per seat count and
// option set when [Config.Matches] is zero; with -short it plays
// [ShortMatches].
const (
	DefaultMatches = 8
	ShortMatches   = 2
)

// DefaultSearches is the number of positions per seat count and option
// set at which [Run] has the search bot choose when [Config.Searches] is
// zero.
const DefaultSearches = 2

// matchesFlag overrides every Config.Matches: a longer (or shorter) run.
var matchesFlag = flag.Int("enginetest.matches", 0,
	"play this many random matches of every seat count and option set in the conformance suite (0: each game's own number)")

// Config says what of a game [Run] plays.
type Config struct {
	// Seats lists the numbers of seats to play; empty means every number
	// from the game's least to its most.
	Seats []int
	// Options lists the option sets to play at every number of seats,
	// each completed with the defaults; empty means the defaults alone.
	Options []engine.Options
	// Matches is the number of random matches of every seat count and
	// option set; zero means [DefaultMatches]. With -short a quarter of it
	// is played (at least one), and the flag -enginetest.matches=N plays N.
	Matches int
	// Seed is the seed of each set's first match; match i is played with
	// seed Seed+i.
	Seed uint64
	// Every makes the checks that cost most (every legal action applied,
	// forged actions, determinizations) run at one position in Every, at
	// random, and at every match's first and last position; zero or one
	// means at every position. Games with long matches and long legal
	// lists use it to keep their tests quick.
	Every int
	// Search makes the search bot that chooses at a few positions, seeded
	// with seed; it is required. Package ai's MCTS with a few iterations
	// fits, as skald/ai/aitest makes it (enginetest may not import ai,
	// whose own tests may use the suite):
	//
	//	Search: aitest.MCTS(8),
	Search func(seed uint64) Searcher
	// Searches is the number of positions of every seat count and option
	// set at which the search bot chooses; zero means [DefaultSearches].
	Searches int
}

// Searcher chooses an action for a seat that decides, as the bots of
// package ai do, without changing s.
type Searcher interface {
	Choose(s engine.State, seat engine.Seat) engine.Action
}

// Run runs the conformance suite on g: for every number of seats and
// option set of cfg, a parallel subtest plays cfg's matches and checks
// them as the package documentation says. Each subtest stops at its first
// failure.
func Run(t *testing.T, g engine.Game, cfg Config) {
	t.Helper()
	if cfg.Search == nil {
		t.Fatalf("%s: Config.Search is nil: the suite needs a search bot (aitest.MCTS(8), say)", g.Name())
	}
	for _, seats := range cfg.seats(g) {
		for _, opts := range cfg.options() {
			name := fmt.Sprintf("%d seats", seats)
			if len(opts) > 0 {
				name += " " + opts.String()
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				checkSet(t, g, seats, opts, cfg)
			})
		}
	}
}

// seats returns the numbers of seats to play.
func (cfg Config) seats(g engine.Game) []int {
	if len(cfg.Seats) > 0 {
		return cfg.Seats
	}
	lo, hi := g.Seats()
	var all []int
	for n := lo; n <= hi; n++ {
		all = append(all, n)
	}
	return all
}

// options returns the option sets to play.
func (cfg Config) options() []engine.Options {
	if len(cfg.Options) > 0 {
		return cfg.Options
	}
	return []engine.Options{{}}
}

// matches returns the number of matches of a set, the flag and -short
// considered.
func (cfg Config) matches() int {
	if *matchesFlag > 0 {
		return *matchesFlag
	}
	n := cfg.Matches
	if n <= 0 {
		n = DefaultMatches
		if testing.Short() {
			n = ShortMatches
		}
		return n
	}
	if testing.Short() {
		n = max(1, n/4)
	}
	return n
}
