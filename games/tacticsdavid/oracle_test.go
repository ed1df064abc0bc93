package tacticsdavid

import (
	"context"
	goflag "flag"
	"fmt"
	"testing"

	"skald/ai"
	"skald/engine"
	"skald/sim"
)

// The oracle experiment (test-only, a measurement and never a bot level):
// how often a search that knows the dice beats the rules of thumb, to tell
// how much of the rollout bot's shortfall against them is the game's
// chance. Run as
//
//	go test -run TestOracle -v ./games/tacticsdavid -args -tdoracle -tdoracle.n=100
var (
	tdOracle     = goflag.Bool("tdoracle", false, "run the oracle experiment (TestOracle)")
	tdOracleSpec = goflag.String("tdoracle.spec", "rollout:iters=200", "the search run on the exact match, dice and all")
	tdOracleN    = goflag.Int("tdoracle.n", 100, "battles, seats rotating")
	tdOracleSeed = goflag.Uint64("tdoracle.seed", 1, "seed of the batch: battle i is dealt by sim.GameSeed(seed, i)")
	tdOracleJobs = goflag.Int("tdoracle.workers", 2, "battles played at once")
	tdOracleFair = goflag.Bool("tdoracle.fair", false, "run the search on the seat's own determinizations instead (the honest bot, for comparison on the same battles)")
)

// exact is a battle whose determinization is the battle itself, its
// random stream included: a search on it sees the items' order and the
// very dice each action will roll.
type exact struct{ *State }

func (e exact) Determinize(engine.Seat, *engine.Rand) engine.State {
	return exactCopy{e.State.Clone().(*State)}
}

// exactCopy is a copy that engine.Determinize does not give a stream of
// its own (it has none to give), so that its copies roll the battle's own
// dice.
type exactCopy struct{ *State }

func (exactCopy) Rand() *engine.Rand { return nil }

// oracleBot runs a search on the exact battle.
type oracleBot struct{ search ai.Bot }

func (b oracleBot) Name() string { return "oracle " + b.search.Name() }

func (b oracleBot) Choose(s engine.State, seat engine.Seat) engine.Action {
	return b.search.Choose(exact{s.(*State)}, seat)
}

// TestExactSeesTheDice checks the oracle's premise: an attack played on the
// oracle's copy rolls what the battle itself then rolls.
func TestExactSeesTheDice(t *testing.T) {
	g := New()
	opts, err := engine.Resolve(g.Options(), engine.Options{"armies": "auto"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(engine.Config{Seats: 2, Seed: 5, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRand(9)
	same := 0
	for step := 0; step < 400; step++ {
		seat := st.Deciders().First()
		if seat == engine.Spectator {
			break
		}
		legal := st.Legal(seat, nil)
		a := legal[rng.IntN(len(legal))]
		c := engine.Determinize(exact{st.(*State)}, seat, &rng).Clone()
		var want, got engine.Log
		if err := c.Apply(a, &want); err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(a, &got); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(want) != fmt.Sprint(got) {
			t.Fatalf("step %d, %s: the oracle's copy saw %v, the battle %v", step, st.FormatAction(a), want, got)
		}
		same++
	}
	if same < 50 {
		t.Fatalf("only %d actions compared", same)
	}
}

// TestOracle plays the oracle against the rules of thumb through sim.Run.
// Without -tdoracle it plays two short battles with a small search, so
// that the experiment stays a working one: both end, and nothing fails.
func TestOracle(t *testing.T) {
	spec, n, seed, workers := *tdOracleSpec, *tdOracleN, *tdOracleSeed, *tdOracleJobs
	opts := engine.Options{"armies": "auto"}
	if !*tdOracle {
		spec, n, seed, workers = "rollout:iters=8", 2, 5, 1
		opts = engine.Options{"armies": "auto", "battlefield": "open-field-7x11", "turns": "4"}
	}
	player := "oracle"
	if *tdOracleFair {
		player = spec
	}
	rep, err := sim.Run(context.Background(), sim.Options{
		Game: New(), Config: engine.Config{Seats: 2, Options: opts},
		Bots: []string{player, "heuristic"}, N: n, Seed: seed, Workers: workers,
		NewBot: func(s string, botSeed uint64) (ai.Bot, error) {
			if s != "oracle" {
				return ai.New(s, botSeed)
			}
			sb, err := ai.New(spec, botSeed)
			return oracleBot{sb}, err
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != n || rep.Failed != 0 {
		t.Fatalf("%d of %d battles ended, %d failed: %v", rep.Games, n, rep.Failed, rep.Failures)
	}
	b := rep.Bots[0]
	t.Logf("%s against heuristic, seed %d: %d of %d won, %d drawn: %.1f%% [%.1f%%, %.1f%%]",
		player+" "+spec, seed, b.Wins, b.Games, b.Draws, 100*b.WinRate, 100*b.WinRateLow, 100*b.WinRateHigh)
}
