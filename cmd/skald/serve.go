package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"skald/engine"
	"skald/games"
	"skald/internal/testgame"
	"skald/server"
	"skald/store"
)

func init() {
	register(command{
		name: "serve",
		args: "[--addr localhost:8080] [--db skald.db|postgres://…] [--bot-delay 400ms] [--log text|json] [--LIMIT VALUE]...",
		help: "serve the games in the browser and over WebSocket; prints the address to open; every limit has a flag (skald serve -h)",
		run:  runServe,
	})
}

func runServe(e *env, args []string) error {
	fs := newFlags(e, "serve")
	addr := fs.String("addr", "localhost:8080", "address to listen on")
	db := fs.String("db", "skald.db", "a SQLite file, or a postgres:// URL that several servers may share")
	botDelay := fs.Duration("bot-delay", 400*time.Millisecond, "how long a bot waits before it acts, so people can follow")
	logFormat := fs.String("log", "text", "log format on stderr: text or json")
	testGames := fs.Bool("test-games", false, "also serve the kernel's test game (bids), whose option panic=search|apply makes it fail on purpose: for fault tests")
	lim := server.DefaultLimits()
	lim.Flags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	var h slog.Handler
	switch *logFormat {
	case "text":
		h = slog.NewTextHandler(e.stderr, nil)
	case "json":
		h = slog.NewJSONHandler(e.stderr, nil)
	default:
		return usagef("--log: want text or json, not %q", *logFormat)
	}
	log := slog.New(h)
	if err := lim.Check(); err != nil {
		return usagef("%v", err)
	}

	serverGC()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	unlock, err := store.Lock(*db)
	if err != nil {
		return err
	}
	defer unlock()
	st, err := store.Open(ctx, *db)
	if err != nil {
		return fmt.Errorf("%w\nthe database may be damaged: restore a backup, or serve another file", err)
	}
	defer st.Close()
	if err := st.Check(ctx); err != nil {
		return fmt.Errorf("%s: %w\nrestore a backup, or serve another file", *db, err)
	}
	cfg := server.Config{Store: st, Logger: log, BotDelay: *botDelay, Limits: lim}
	if *testGames {
		cfg.Games = func(name string) (engine.Game, error) {
			if name == (testgame.Game{}).Name() {
				return testgame.Game{}, nil
			}
			return games.Lookup(name)
		}
	}
	srv, err := server.New(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	hs := srv.HTTPServer()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(srv.Listener(ln)) }()
	if err := srv.Resume(ctx); err != nil {
		log.Error("resume", "err", err)
	}
	open := ln.Addr().String()
	if host, port, err := net.SplitHostPort(*addr); err == nil && port != "0" && (host == "localhost" || host == "") {
		open = "localhost:" + port
	}
	where := *db
	if strings.HasPrefix(where, "postgres") {
		where = "PostgreSQL"
	}
	fmt.Fprintf(e.stdout, "skald is serving on http://%s (matches kept in %s); press Ctrl-C to stop\n", open, where)
	log.Info("serving", "addr", ln.Addr().String(), "db", where)
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("serve: %w", err)
		}
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Close()
	hs.Shutdown(sctx)
	return nil
}

// serverGC lets the heap grow to five times what is live between
// collections (GOGC=400) unless GOGC says otherwise: a server's live heap
// is small (a match in memory is about 100 KiB), and collecting at twice
// it cost about a fifth of the CPU of every action (docs/STATUS.md,
// Server).
func serverGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}
