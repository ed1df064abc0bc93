package blackred

import (
	"context"
	"flag"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"skald/ai"
	"skald/engine"
	"skald/sim"
)

// The oracle experiment (test-only, a measurement and never a bot level):
// how often a player that sees everything hidden beats the heuristic. It
// bounds what an honest bot can reach in a game whose battles turn on
// cards neither side sees.
//
//	go test -run TestOracle -v ./games/blackred -args -broracle -broracle.bot=oracle -broracle.n=200
var (
	brOracle     = flag.Bool("broracle", false, "run the oracle experiment (TestOracle)")
	brOracleBot  = flag.String("broracle.bot", "oracle", "the player against the heuristic: oracle (rollouts on the true state), cheat (the heuristic reading the enemy's next cards), infer (the heuristic sampling the enemy's cards by Infer), or a bot spec")
	brOracleSpec = flag.String("broracle.spec", "rollout:iters=1000", "the search the oracle runs on the true state")
	brOracleN    = flag.Int("broracle.n", 200, "games, seats rotating")
	brOracleSeed = flag.Uint64("broracle.seed", 1, "seed of the batch: game i is dealt by sim.GameSeed(seed, i)")
	brOracleJobs = flag.Int("broracle.workers", 2, "games played at once")
	brInferStrat = flag.Bool("broracle.inferstrategy", true, "Infer weighs its deals by the enemy's strategy card too")
	brInferTries = flag.Int("broracle.infertries", 16, "the most deals Infer draws")
	brOracleCPU  = flag.Bool("broracle.cpu", false, "log the tested player's processor time per decision (its thread's, so not the machine's load), median and p95")
	brCheatWhat  = flag.String("broracle.cheat", "both", "what the cheating heuristic is told: cards (the enemy's next battle cards), force (its face-down force card) or both")
)

// exact is a match whose determinization is the match itself: a search
// run on it sees the enemy's hand, its face-down cards and its deck in
// order (the future reshuffles of BR-14 still come from a fresh stream).
type exact struct{ *State }

func (e exact) Determinize(engine.Seat, *engine.Rand) engine.State { return e.State.Clone() }

// oracleBot runs a search on the exact match.
type oracleBot struct{ search ai.Bot }

func (b oracleBot) Name() string { return "oracle " + b.search.Name() }

func (b oracleBot) Choose(s engine.State, seat engine.Seat) engine.Action {
	return b.search.Choose(exact{s.(*State)}, seat)
}

// cheatBot is the heuristic told the enemy's next battle cards in order
// (every sample of its draws is the true one) and a force card the enemy
// has placed face down (or only one of them: -broracle.cheat).
type cheatBot struct{ r engine.Rand }

func (b *cheatBot) Name() string { return "cheating heuristic" }

func (b *cheatBot) Choose(s engine.State, seat engine.Seat) engine.Action {
	c := s.Clone().(*State)
	en := &c.side[1-seat]
	if c.phase == phaseForce && en.force != 0 && *brCheatWhat != "cards" {
		en.revealed = true
	}
	legal := c.Legal(seat, nil)
	if len(legal) == 1 {
		return legal[0]
	}
	h := c.newHeur(seat, &b.r)
	var next [maxUse]uint8
	n := 0
	for k := 0; k < int(en.nDeck) && n < maxUse; k++ {
		if card := en.top(k); !c.t.unit[1-seat][card] {
			next[n] = card
			n++
		}
	}
	if n == h.nSz && *brCheatWhat != "force" {
		for i := range h.nS {
			h.samp[i] = next
		}
	}
	best, bestV := legal[0], -1e18
	for _, a := range legal {
		if v := h.worth(a) + float64(b.r.IntN(1000))*1e-7; v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// inferHeurBot is the heuristic whose samples of the enemy's next battle
// cards are Infer's deals (an honest player: Infer sees only the seat's
// view), not draws from the cards left at random.
type inferHeurBot struct{ r engine.Rand }

func (b *inferHeurBot) Name() string { return "inferring heuristic" }

func (b *inferHeurBot) Choose(s engine.State, seat engine.Seat) engine.Action {
	c := engine.Determinize(s, seat, &b.r).(*State)
	legal := c.Legal(seat, nil)
	if len(legal) == 1 {
		return legal[0]
	}
	h := c.newHeur(seat, &b.r)
	for i := range h.nS {
		d := s.(*State).Infer(seat, &b.r).(*State)
		en := &d.side[1-seat]
		n := 0
		for k := 0; k < int(en.nDeck) && n < h.nSz; k++ {
			if card := en.top(k); !d.t.unit[1-seat][card] {
				h.samp[i][n] = card
				n++
			}
		}
	}
	best, bestV := legal[0], -1e18
	for _, a := range legal {
		if v := h.worth(a) + float64(b.r.IntN(1000))*1e-7; v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// threadCPU returns the processor time the calling thread has used.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuBot is a bot whose every decision's processor time (its thread's,
// so not the machine's load) is kept.
type cpuBot struct {
	ai.Bot
	mu  *sync.Mutex
	cpu *[]time.Duration
}

func (b cpuBot) Choose(s engine.State, seat engine.Seat) engine.Action {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := threadCPU()
	a := b.Bot.Choose(s, seat)
	d := threadCPU() - t0
	b.mu.Lock()
	*b.cpu = append(*b.cpu, d)
	b.mu.Unlock()
	return a
}

// TestOracle plays the chosen player against the heuristic through
// sim.Run, seats rotating, and logs its wins with the 95% Wilson
// interval. Without -broracle it plays each player of the experiment in
// two games with a small search, so that the experiment stays a working
// one: every game ends, and nothing fails.
func TestOracle(t *testing.T) {
	inferStrategy, inferTries = *brInferStrat, *brInferTries
	players := []string{*brOracleBot}
	spec, n, seed, workers := *brOracleSpec, *brOracleN, *brOracleSeed, *brOracleJobs
	if !*brOracle {
		players = []string{"oracle", "cheat", "infer"}
		spec, n, seed, workers = "rollout:iters=20", 2, 5, 1
	}
	var mu sync.Mutex
	var cpu []time.Duration
	newBot := func(s string, botSeed uint64) (ai.Bot, error) {
		var b ai.Bot
		switch s {
		case "heuristic":
			return ai.New(s, botSeed)
		case "oracle":
			sb, err := ai.New(spec, botSeed)
			if err != nil {
				return nil, err
			}
			b = oracleBot{sb}
		case "infer":
			b = &inferHeurBot{r: engine.NewRand(botSeed)}
		case "cheat":
			b = &cheatBot{r: engine.NewRand(botSeed)}
		default:
			sb, err := ai.New(s, botSeed)
			if err != nil {
				return nil, err
			}
			b = sb
		}
		if *brOracleCPU {
			b = cpuBot{b, &mu, &cpu}
		}
		return b, nil
	}
	for _, player := range players {
		rep, err := sim.Run(context.Background(), sim.Options{
			Game: New(), Config: engine.Config{Seats: 2},
			Bots: []string{player, "heuristic"}, N: n, Seed: seed, Workers: workers, NewBot: newBot,
		})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Games != n || rep.Failed != 0 {
			t.Fatalf("%s: %d of %d games ended, %d failed: %v", player, rep.Games, n, rep.Failed, rep.Failures)
		}
		b := rep.Bots[0]
		t.Logf("%s against heuristic, seed %d: %d of %d won, %d drawn: %.1f%% [%.1f%%, %.1f%%]",
			player, seed, b.Wins, b.Games, b.Draws, 100*b.WinRate, 100*b.WinRateLow, 100*b.WinRateHigh)
	}
	if len(cpu) > 0 {
		slices.Sort(cpu)
		t.Logf("processor time per decision over %d decisions: median %v, p95 %v, max %v",
			len(cpu), cpu[len(cpu)/2].Round(time.Millisecond), cpu[len(cpu)*95/100].Round(time.Millisecond), cpu[len(cpu)-1].Round(time.Millisecond))
	}
}
