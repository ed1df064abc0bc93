package enginetest

import (
	"fmt"
	"testing"

	"skald/engine"
)

// NoDuplicateLegal (to be replaced by [Run] in the games' tests) plays random matches of g and checks that no
// legal list names one action twice: a bot choosing among them would
// weigh the action twice, and a search keyed by actions may count it
// twice. At every position it asks every seat of the match for its legal
// actions, not only the seats that decide.
//
// cfg gives the seats and the options (completed with their defaults);
// match i is started with seed cfg.Seed+i, and its actions are chosen
// uniformly among the deciding seat's legal actions (the lowest deciding
// seat first) with a stream seeded from that seed, so a failure is
// reproduced by its seed. The check stops at the first position with a
// duplicate and reports the game, the options, the seed, the step, the
// seat and the action's text; it also fails when a match cannot start, a
// chosen legal action does not apply, or a match has not ended after
// [MaxSteps] actions.
func NoDuplicateLegal(t testing.TB, g engine.Game, cfg engine.Config, matches int) {
	t.Helper()
	opts, err := engine.Resolve(g.Options(), cfg.Options)
	if err != nil {
		t.Fatalf("%s: %v", g.Name(), err)
	}
	cfg.Options = opts
	var legal []engine.Action
	seen := map[engine.Action]int{}
	positions := 0
	for i := range matches {
		mcfg := cfg
		mcfg.Seed = cfg.Seed + uint64(i)
		where := fmt.Sprintf("%s (%d seats, options %s) seed %d", g.Name(), mcfg.Seats, opts, mcfg.Seed)
		st, err := g.New(mcfg)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		rng := engine.NewRand(^mcfg.Seed)
		for step := 0; ; step++ {
			positions++
			for seat := range engine.Seat(mcfg.Seats) {
				legal = st.Legal(seat, legal[:0])
				if dups := duplicates(st, legal, seen); dups != "" {
					t.Errorf("%s, step %d: seat %s's legal list of %d actions names %s",
						where, step, engine.SeatName(g, seat), len(legal), dups)
					return
				}
			}
			seat := st.Deciders().First()
			if seat == engine.Spectator {
				break
			}
			if step == MaxSteps {
				t.Fatalf("%s: not over after %d actions", where, step)
			}
			legal = st.Legal(seat, legal[:0])
			if len(legal) == 0 {
				t.Fatalf("%s, step %d: seat %s decides but has no legal action", where, step, engine.SeatName(g, seat))
			}
			a := legal[rng.IntN(len(legal))]
			if err := st.Apply(a, nil); err != nil {
				t.Fatalf("%s, step %d: legal action %q of seat %s does not apply: %v",
					where, step, st.FormatAction(a), engine.SeatName(g, seat), err)
			}
		}
	}
	t.Logf("%s: %d matches, %d positions, no legal list names an action twice", g.Name(), matches, positions)
}
