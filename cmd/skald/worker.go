package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"skald/lab/queue"
)

func init() {
	register(command{
		name: "worker",
		args: "--queue postgres://… [--workers W] [--rescue-after 10m]",
		help: "play the shards of balance studies that skald lab --queue enqueued, on any number of machines, until stopped (Ctrl-C lets the shards being played finish)",
		run:  runWorker,
	})
}

func runWorker(e *env, args []string) error {
	fs := newFlags(e, "worker")
	dsn := fs.String("queue", "", "PostgreSQL URL of the queue (the one given to skald lab --queue)")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "shards played at once")
	rescue := fs.Duration("rescue-after", 10*time.Minute, "a shard running this long is taken for the work of a dead worker and played again: longer than any shard takes")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("skald worker takes no arguments, only flags")
	case *dsn == "":
		return usagef("--queue: give the PostgreSQL URL of the queue")
	case *workers < 1:
		return usagef("--workers %d: want at least 1", *workers)
	case *rescue <= 0:
		return usagef("--rescue-after %v: want a positive duration", *rescue)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	q, err := queue.Open(ctx, *dsn)
	if err != nil {
		return err
	}
	defer q.Close()
	q.SetLogger(slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn + 1})))
	host, _ := os.Hostname()
	name := fmt.Sprintf("%s/%d", host, os.Getpid())
	shardLog := slog.New(slog.NewTextHandler(e.stderr, nil))
	q.SetShardLogger(shardLog)
	fmt.Fprintf(e.stderr, "skald worker %s: playing shards with %d workers; Ctrl-C to stop\n", name, *workers)
	return q.Work(ctx, queue.WorkOptions{Workers: *workers, RescueAfter: *rescue, Name: name})
}
