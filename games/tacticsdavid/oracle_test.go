package tacticsdavid

import (
	goflag "flag"
	"fmt"
	"sync"
	"sync/atomic"
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
//	go test -run TestOracle ./games/tacticsdavid -args -tdoracle -tdoracle.n=100
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

func TestOracle(t *testing.T) {
	if !*tdOracle {
		t.Skip("the oracle experiment runs with -tdoracle")
	}
	g := New()
	opts, err := engine.Resolve(g.Options(), engine.Options{"armies": "auto"})
	if err != nil {
		t.Fatal(err)
	}
	n := *tdOracleN
	var wins, draws, next atomic.Int64
	var wg sync.WaitGroup
	for range *tdOracleJobs {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				me := engine.Seat(i % 2)
				var bots [2]ai.Bot
				bots[1-me] = ai.NewHeuristic(sim.BotSeed(*tdOracleSeed, i, 1-me))
				sb, err := ai.New(*tdOracleSpec, sim.BotSeed(*tdOracleSeed, i, me))
				if err != nil {
					panic(err)
				}
				bots[me] = oracleBot{sb}
				if *tdOracleFair {
					bots[me] = sb
				}
				st, err := g.New(engine.Config{Seats: 2, Seed: sim.GameSeed(*tdOracleSeed, i), Options: opts})
				if err != nil {
					panic(err)
				}
				for {
					seat := st.Deciders().First()
					if seat == engine.Spectator {
						break
					}
					if err := st.Apply(bots[seat].Choose(st, seat), nil); err != nil {
						panic(err)
					}
				}
				res, _ := st.Result()
				switch ai.Reward(res, me) {
				case 1:
					wins.Add(1)
				case 0.5:
					draws.Add(1)
				}
			}
		})
	}
	wg.Wait()
	w := int(wins.Load())
	lo, hi := sim.Wilson(w, n, 1.96)
	who := "oracle " + *tdOracleSpec
	if *tdOracleFair {
		who = *tdOracleSpec
	}
	fmt.Printf("%s against heuristic, seed %d: %d of %d won, %d drawn: %.1f%% [%.1f%%, %.1f%%]\n",
		who, *tdOracleSeed, w, n, draws.Load(), 100*float64(w)/float64(n), 100*lo, 100*hi)
}
