package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"skald/engine"
	"skald/lab"
	"skald/lab/queue"
)

func init() {
	register(command{
		name: "lab",
		args: "GAME [-n N] [--seats random,random] [--shard K] [--seed N] [--option k=v]... [--vary k=v1,v2]... [--out DIR] [--workers W] [--queue postgres://…]",
		help: "a balance study by self-play: win rates by seat, first player, deck and variant, Ludii's quality measures, the worth of each unit and card fitted against its cost; writes DIR/report.html and DIR/report.json; stopped, it resumes from DIR/results.jsonl; with --queue, skald worker processes play its shards",
		run:  runLab,
	})
}

// varyFlags collects --vary k=v1,v2: values starting with @ are deck or
// battlefield files, read and labelled by their base name.
type varyFlags []lab.Vary

func (v *varyFlags) String() string { return fmt.Sprint(*v) }

func (v *varyFlags) Set(s string) error {
	k, vals, ok := strings.Cut(s, "=")
	if !ok || k == "" || vals == "" {
		return fmt.Errorf("want k=v1,v2,…")
	}
	var vary lab.Vary
	vary.Option = k
	for _, val := range strings.Split(vals, ",") {
		label := ""
		if file, ok := strings.CutPrefix(val, "@"); ok {
			b, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			val = string(b)
			label = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		}
		vary.Values = append(vary.Values, val)
		vary.Labels = append(vary.Labels, label)
	}
	*v = append(*v, vary)
	return nil
}

func runLab(e *env, args []string) error {
	fs := newFlags(e, "lab")
	n := fs.Int("n", 200, "number of matches")
	seats := fs.String("seats", "", "bot spec per seat, rotated between matches (default: random at the game's fewest seats)")
	shard := fs.Int("shard", 10, "matches a shard")
	seed := fs.Uint64("seed", 1, "seed of the study")
	out := fs.String("out", "", "directory of the report and results (default lab-GAME)")
	workers := fs.Int("workers", 0, "shards played at once in this process (0: one per core)")
	dsn := fs.String("queue", "", "PostgreSQL URL: enqueue the shards for skald worker processes and build the report from their results")
	asJSON := fs.Bool("json", false, "print the report as JSON instead of a summary")
	opts := optionFlags{}
	fs.Var(opts, "option", "game option k=v (repeatable)")
	var vary varyFlags
	fs.Var(&vary, "vary", "option k=v1,v2,… varied between matches, every combination played (repeatable; @FILE reads a value from a file)")
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
	bots := splitSeats(*seats)
	if *seats == "" {
		lo, _ := g.Seats()
		bots = nil
		for range lo {
			bots = append(bots, "random")
		}
	}
	if err := seatCount(g, len(bots)); err != nil {
		return usagef("--seats: %v", err)
	}
	s := &lab.Study{Game: g.Name(), Options: engine.Options(opts), Vary: vary, Seats: bots, Matches: *n, ShardSize: min(*shard, *n), Seed: *seed}
	if len(s.Options) == 0 {
		s.Options = nil
	}
	if _, err := s.Check(); err != nil {
		return usagef("%v", err)
	}
	dir := *out
	if dir == "" {
		dir = "lab-" + g.Name()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	progress := labProgress(e, s)
	start := time.Now()
	var shards []*lab.Shard
	if *dsn != "" {
		shards, err = runQueued(ctx, e, *dsn, s, progress)
	} else {
		var res *lab.Results
		res, err = lab.OpenResults(filepath.Join(dir, "results.jsonl"), s)
		if err != nil {
			return err
		}
		shards, err = lab.RunLocal(ctx, s, res, *workers, progress)
		res.Close()
	}
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("stopped; run the same command again to resume: %w", err)
	}
	if err != nil {
		return err
	}
	wall := time.Since(start)
	rep, err := lab.Build(s, shards)
	if err != nil {
		return err
	}
	if err := writeReport(dir, rep); err != nil {
		return err
	}
	if *asJSON {
		b, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, string(b))
		return nil
	}
	labSummary(e.stdout, rep)
	fmt.Fprintf(e.stdout, "%d shards in %.1fs; report: %s\n", s.Shards(), wall.Seconds(), filepath.Join(dir, "report.html"))
	return nil
}

// runQueued enqueues the study's shards in PostgreSQL and waits for
// skald worker processes to play them.
func runQueued(ctx context.Context, e *env, dsn string, s *lab.Study, progress func(int)) ([]*lab.Shard, error) {
	q, err := queue.Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	defer q.Close()
	added, err := q.Submit(ctx, s)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(e.stderr, "study %s: %d shards enqueued (%d already done); waiting for skald worker --queue …\n", s.ID(), added, s.Shards()-added)
	return q.Wait(ctx, s, progress)
}

// labProgress returns a progress callback: a bar with rate and time left
// when stderr is a terminal, nothing otherwise.
func labProgress(e *env, s *lab.Study) func(int) {
	f, ok := e.stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	bar := progressbar.NewOptions(s.Matches, progressbar.OptionSetWriter(f), progressbar.OptionSetDescription(s.Game),
		progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString("matches"),
		progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
	return func(done int) { bar.Set(done) }
}

// writeReport writes DIR/report.json and DIR/report.html.
func writeReport(dir string, rep *lab.Report) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "report.json"), append(b, '\n'), 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "report.html"))
	if err != nil {
		return err
	}
	if err := rep.WriteHTML(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// labSummary prints the report's main figures.
func labSummary(w io.Writer, r *lab.Report) {
	fmt.Fprintf(w, "%s: %d matches ended, %d failed, %.1f%% drawn\n", r.Study.Game, r.Matches, r.Failed, 100*r.Draws.Rate)
	row := func(x lab.Rate) {
		fmt.Fprintf(w, "  %-14s %5.1f%% [%5.1f%%, %5.1f%%] of %d\n", x.Name, 100*x.Rate, 100*x.Low, 100*x.High, x.Games)
	}
	fmt.Fprintln(w, "win rate by seat:")
	for _, x := range r.Seats {
		row(x)
	}
	first := r.First
	first.Name = "first to act"
	row(first)
	if len(r.Bots) > 1 {
		fmt.Fprintln(w, "by bot:")
		for _, x := range r.Bots {
			row(x)
		}
	}
	if len(r.Factions) > 0 {
		fmt.Fprintln(w, "by deck, clan or faction:")
		for _, x := range r.Factions {
			row(x)
		}
	}
	q := r.Quality
	fmt.Fprintf(w, "quality: balance %.3f, drawishness %.3f, duration %.1f actions, branching %.1f", q.Balance, q.Drawishness, q.Duration, q.BranchingFactor)
	if q.Decisiveness != nil {
		fmt.Fprintf(w, ", decisiveness %.3f", *q.Decisiveness)
	}
	if q.LeadChange != nil {
		fmt.Fprintf(w, ", lead change %.3f", *q.LeadChange)
	}
	fmt.Fprintln(w)
	if a := r.Attribution; a != nil {
		fmt.Fprintf(w, "attribution: %d things fielded, %d fitted\n", len(a.Things), a.Fitted)
		if c := a.Calibration; c != nil {
			if c.Valid {
				fmt.Fprintf(w, "calibration: one unit of cost is worth %.4f reward; most over-priced:", c.PerCost.Est)
				for _, p := range c.OverPriced[:min(3, len(c.OverPriced))] {
					fmt.Fprintf(w, " %s (%.0f, worth %.1f)", p.Name, p.Cost, p.Worth.Est)
				}
				fmt.Fprintln(w)
			} else {
				fmt.Fprintf(w, "calibration: %s\n", c.Note)
			}
		}
	}
}
