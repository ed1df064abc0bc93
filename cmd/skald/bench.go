package main

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"skald/ai"
	"skald/engine"
)

func init() {
	register(command{name: "bench", args: "GAME [--seats N] [--time 2s] [--json] [--cpuprofile FILE] [--option k=v]... | serve [--matches N] [--db …]", help: "measure playouts/s, actions/s, allocs/action, clone cost and mcts iterations/s on one core", run: runBench})
}

// The command is built with profile-guided optimisation from
// default.pgo, beside this file: CPU profiles of skald bench on every game,
// merged. To make it again after the hot paths change:
//
//	for g in blackred wintergrim tacticsdavid; do
//		GOMAXPROCS=1 skald bench $g --time 3s --cpuprofile $g.pprof
//	done
//	go tool pprof -proto blackred.pprof wintergrim.pprof tacticsdavid.pprof > cmd/skald/default.pgo

// benchReport is what skald bench measures.
type benchReport struct {
	Game            string  `json:"game"`
	Seats           int     `json:"seats"`
	Options         string  `json:"options"`
	Playouts        int     `json:"playouts"`
	PlayoutsPerSec  float64 `json:"playouts_per_sec"`
	ActionsPerSec   float64 `json:"actions_per_sec"`
	ActionsPerGame  float64 `json:"actions_per_game"`
	AllocsPerAction float64 `json:"allocs_per_action"`
	CloneNs         float64 `json:"clone_ns"`
	AllocsPerClone  float64 `json:"allocs_per_clone"`
	BytesPerClone   float64 `json:"bytes_per_clone"`
	MCTSItersPerSec float64 `json:"mcts_iterations_per_sec"`
	// MCTSStep and MCTSChoices say where the search was measured: after
	// MCTSStep random actions, the first position at which a seat has
	// MCTSChoices (at least 2) legal actions.
	MCTSStep    int    `json:"mcts_from_step"`
	MCTSChoices int    `json:"mcts_choices"`
	GoVersion   string `json:"go"`
	CPU         string `json:"gomaxprocs"`
}

func runBench(e *env, args []string) error {
	if len(args) > 0 && args[0] == "serve" {
		return runBenchServe(e, args[1:]) // the server's load benchmark, in benchserve.go
	}
	fs := newFlags(e, "bench")
	d := fs.Duration("time", 2*time.Second, "how long to measure each figure")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the measurements to `file` (for go tool pprof, or as cmd/skald/default.pgo)")
	opts := optionFlags{}
	fs.Var(opts, "option", "game option k=v (repeatable)")
	seats := fs.Int("seats", 0, "number of seats; the game's fewest when 0")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, err := gameArg(pos)
	if err != nil {
		return err
	}
	if err := fileOptions(g, opts); err != nil {
		return err
	}
	lo, _ := g.Seats()
	if *seats != 0 {
		if err := seatCount(g, *seats); err != nil {
			return usagef("--seats %d: %v", *seats, err)
		}
		lo = *seats
	}
	resolved, err := engine.Resolve(g.Options(), engine.Options(opts))
	if err != nil {
		return usagef("%v", err)
	}
	start, err := g.New(engine.Config{Seats: lo, Seed: 1, Options: resolved})
	if err != nil {
		return err
	}
	rep := benchReport{Game: g.Name(), Seats: lo, Options: resolved.String(), GoVersion: runtime.Version(), CPU: fmt.Sprint(runtime.GOMAXPROCS(0))}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}

	// Random playouts from the starting position, on one goroutine.
	r := engine.NewRand(2)
	buf := make([]engine.Action, 0, 64)
	var ms0, ms1 runtime.MemStats
	actions := 0
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	t0 := time.Now()
	var s engine.State // each playout is copied into the last one's memory when the state allows
	for time.Since(t0) < *d {
		for k := 0; k < 64; k++ {
			s = engine.CloneInto(s, start)
			_, n := ai.Playout(s, &r, buf)
			actions += n
			rep.Playouts++
		}
	}
	el := time.Since(t0).Seconds()
	runtime.ReadMemStats(&ms1)
	rep.PlayoutsPerSec = float64(rep.Playouts) / el
	rep.ActionsPerSec = float64(actions) / el
	rep.ActionsPerGame = float64(actions) / float64(rep.Playouts)
	rep.AllocsPerAction = float64(ms1.Mallocs-ms0.Mallocs) / float64(actions)

	// Clone cost on a position a few actions in.
	mid := start.Clone()
	for k := 0; k < 10 && !mid.Deciders().Empty(); k++ {
		buf = mid.Legal(mid.Deciders().First(), buf[:0])
		mid.Apply(buf[r.IntN(len(buf))], nil)
	}
	clones := 0
	runtime.ReadMemStats(&ms0)
	t0 = time.Now()
	var sink engine.State
	for time.Since(t0) < *d/4 {
		for k := 0; k < 1024; k++ {
			sink = mid.Clone()
		}
		clones += 1024
	}
	el = time.Since(t0).Seconds()
	runtime.ReadMemStats(&ms1)
	_ = sink
	rep.CloneNs = el * 1e9 / float64(clones)
	rep.AllocsPerClone = float64(ms1.Mallocs-ms0.Mallocs) / float64(clones)
	rep.BytesPerClone = float64(ms1.TotalAlloc-ms0.TotalAlloc) / float64(clones)

	// MCTS iterations per second at the bot's defaults (playouts to the
	// end, or cut at the default depth in a game with an Evaluator), from
	// the first position with a real choice: a bot takes a lone legal
	// action without searching.
	bot, err := ai.New("mcts:time="+d.String(), 3)
	if err != nil {
		return err
	}
	m := bot.(*ai.MCTS)
	at, seat, step, choices := choicePosition(start, &r, buf)
	if seat == engine.Spectator {
		return fmt.Errorf("bench %s: no seat had two legal actions in a random match of %d actions: nothing to search", g.Name(), step)
	}
	rep.MCTSStep, rep.MCTSChoices = step, choices
	t0 = time.Now()
	m.Choose(at, seat)
	rep.MCTSItersPerSec = float64(m.Iters()) / time.Since(t0).Seconds()

	if *asJSON {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintln(e.stdout, string(b))
		return nil
	}
	fmt.Fprintf(e.stdout, "%s, %d seats (%s), %s, one goroutine:\n", rep.Game, rep.Seats, rep.Options, rep.GoVersion)
	fmt.Fprintf(e.stdout, "  random playouts/s   %12.0f  (%d playouts, %.1f actions each)\n", rep.PlayoutsPerSec, rep.Playouts, rep.ActionsPerGame)
	fmt.Fprintf(e.stdout, "  actions/s           %12.0f\n", rep.ActionsPerSec)
	fmt.Fprintf(e.stdout, "  allocs/action       %12.3f\n", rep.AllocsPerAction)
	fmt.Fprintf(e.stdout, "  clone               %12.0f ns, %.1f allocs, %.0f bytes\n", rep.CloneNs, rep.AllocsPerClone, rep.BytesPerClone)
	fmt.Fprintf(e.stdout, "  mcts iterations/s   %12.0f  (after %d random actions, a choice of %d)\n", rep.MCTSItersPerSec, rep.MCTSStep, rep.MCTSChoices)
	return nil
}

// choicePosition plays random actions (from r) on a clone of start until a
// deciding seat has at least two legal actions, and returns that
// position, the seat, the number of actions played and the seat's number
// of legal actions. The seat is engine.Spectator if the match ends first.
func choicePosition(start engine.State, r *engine.Rand, buf []engine.Action) (engine.State, engine.Seat, int, int) {
	s := start.Clone()
	for step := 0; ; step++ {
		dec := s.Deciders()
		if dec.Empty() {
			return s, engine.Spectator, step, 0
		}
		for _, seat := range dec.List() {
			if buf = s.Legal(seat, buf[:0]); len(buf) >= 2 {
				return s, seat, step, len(buf)
			}
		}
		buf = s.Legal(dec.First(), buf[:0])
		if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
			panic(fmt.Sprintf("bench: a legal action is refused: %v", err))
		}
	}
}
