package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"skald/engine"
	"skald/sim"
)

func init() {
	register(command{
		name: "sim",
		args: "GAME -n N [--seats mcts,random] [--workers W] [--seed N] [--option k=v]... [--json]",
		help: "play N bot matches; win rates per seat and per bot with 95% intervals, game lengths, first-player advantage",
		run:  runSim,
	})
}

func runSim(e *env, args []string) error {
	fs := newFlags(e, "sim")
	n := fs.Int("n", 100, "number of matches")
	seats := fs.String("seats", "mcts,random", "bot spec per seat; seats rotate between matches")
	workers := fs.Int("workers", 0, "matches played at once (0: one per core); results do not depend on it")
	seed := fs.Uint64("seed", 1, "seed of the batch")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	opts := optionFlags{}
	fs.Var(opts, "option", "game option k=v (repeatable)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *n < 1 {
		return usagef("-n must be at least 1")
	}
	g, err := gameArg(pos)
	if err != nil {
		return err
	}
	if err := fileOptions(g, opts); err != nil {
		return err
	}
	bots := splitSeats(*seats)
	o := sim.Options{
		Game:    g,
		Config:  engine.Config{Seats: len(bots), Options: engine.Options(opts)},
		Bots:    bots,
		N:       *n,
		Workers: *workers,
		Seed:    *seed,
	}
	if f, ok := e.stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		bar := progressbar.NewOptions(*n, progressbar.OptionSetWriter(f), progressbar.OptionSetDescription(g.Name()),
			progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
		o.Progress = func(done int) { bar.Set(done) }
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := sim.Run(ctx, o)
	if err != nil {
		return usagef("%v", err)
	}
	if *asJSON {
		b, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, string(b))
		return nil
	}
	fmt.Fprint(e.stdout, rep.Text())
	return nil
}
