package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"skald/ai"
	"skald/engine"
	"skald/sim"
)

func init() {
	register(command{
		name: "sim",
		args: "GAME -n N [--seats mcts,random] [--think 500ms] [--workers W] [--seed N] [--option k=v]... [--json] [--failures DIR]",
		help: "play N bot matches; win rates, mean places and mean scores per seat and per bot with 95% intervals, game lengths, first-player advantage; a match whose game or bot fails is reported with a record in DIR (default skald-failures), and the exit code is 1",
		run:  runSim,
	})
}

func runSim(e *env, args []string) error {
	fs := newFlags(e, "sim")
	n := fs.Int("n", 100, "number of matches")
	seats := fs.String("seats", "mcts,random", "bot spec per seat, such as normal, heuristic or mcts:iters=200; seats rotate between matches")
	think := fs.Duration("think", 0, "thinking time per decision of each search bot (mcts, easy, normal, hard) whose spec names no budget, such as 500ms")
	workers := fs.Int("workers", 0, "matches played at once (0: one per core); results do not depend on it")
	seed := fs.Uint64("seed", 1, "seed of the batch")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	failures := fs.String("failures", defaultFailures, "directory for the record of each match that fails, made when one does")
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
	if err := seatCount(g, len(bots)); err != nil {
		return usagef("--seats: %v", err)
	}
	for i, spec := range bots {
		if bots[i], err = ai.Think(spec, *think); err != nil {
			return usagef("%v", err)
		}
	}
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
	if rep == nil {
		return usagef("%v", err) // the batch was not played: its options are wrong
	}
	var saveErr error
	for k := range rep.Failures {
		f := &rep.Failures[k]
		name := fmt.Sprintf("%s-match%d-seed%d", rep.Game, f.Match, f.Seed)
		if f.RecordFile, saveErr = saveRecord(*failures, name, f.Record); saveErr != nil {
			break
		}
	}
	if *asJSON {
		b, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, string(b))
	} else {
		fmt.Fprint(e.stdout, rep.Text())
	}
	switch {
	case saveErr != nil:
		return fmt.Errorf("%d of %d matches failed, and their records could not be saved: %w", rep.Failed, *n, saveErr)
	case err != nil:
		return fmt.Errorf("stopped after %d of %d matches: %w", rep.Games+rep.Failed, *n, err)
	case rep.Failed > 0:
		fmt.Fprintf(e.stderr, "skald sim: %d of %d matches failed; the record of each, in %s, replays it to the failure (skald replay FILE)\n", rep.Failed, *n, *failures)
		return errFailed
	}
	return nil
}

// defaultFailures is where sim and play save the records of matches that
// fail.
const defaultFailures = "skald-failures"

// saveRecord writes rec to a new file dir/name.jsonl (dir/name-2.jsonl if
// that exists, and so on), making dir if need be, and returns its path.
func saveRecord(dir, name string, rec *engine.Record) (string, error) {
	if rec == nil {
		return "", errors.New("no record")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	var f *os.File
	var path string
	for k := 1; f == nil; k++ {
		path = filepath.Join(dir, name+".jsonl")
		if k > 1 {
			path = filepath.Join(dir, fmt.Sprintf("%s-%d.jsonl", name, k))
		}
		var err error
		f, err = os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err != nil && (!errors.Is(err, os.ErrExist) || k == 1000) {
			return "", err
		}
	}
	// One sync at the end rather than one a line: a Recorder syncs a
	// writer that can.
	w := bufio.NewWriter(f)
	r, err := engine.NewRecorder(w, rec.Header)
	for _, s := range rec.Steps {
		if err != nil {
			break
		}
		err = r.Add(s)
	}
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("record %s: %w", path, err)
	}
	return path, nil
}
