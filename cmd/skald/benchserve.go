package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"skald/engine"
	"skald/server"
	"skald/store"
)

// runBenchServe measures the server under load: N concurrent matches of
// bots playing random legal actions through the WebSocket API of a server
// started in this process on loopback.
func runBenchServe(e *env, args []string) error {
	fs := newFlags(e, "bench serve")
	game := fs.String("game", "blackred", "the game the matches play")
	matches := fs.Int("matches", 20, "matches played at once")
	d := fs.Duration("time", 10*time.Second, "how long to run")
	maxActions := fs.Int("max-actions", 0, "stop after this many actions (0: no limit)")
	db := fs.String("db", "", "a postgres:// URL, or a SQLite file (default: a new file in a temporary directory)")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the server and its load clients to `file`")
	opts := optionFlags{}
	fs.Var(opts, "option", "game option k=v (repeatable)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *matches < 1 || *matches > 2000 {
		return usagef("--matches: want 1 to 2000")
	}
	if *d <= 0 || *d > 10*time.Minute {
		return usagef("--time: want up to 10m")
	}
	ctx := context.Background()
	dsn, kind := *db, "PostgreSQL"
	if dsn == "" {
		dir, err := os.MkdirTemp("", "skald-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		dsn = filepath.Join(dir, "skald.db")
	}
	if !strings.HasPrefix(dsn, "postgres://") && !strings.HasPrefix(dsn, "postgresql://") {
		kind = "SQLite"
	}
	st, err := store.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	// The load client creates every match from one address at once: the
	// limits on creations would measure themselves, not the server.
	lim := server.DefaultLimits()
	lim.CreatesPerMinute, lim.CreateBurst, lim.Unstarted = 1<<30, 2**matches, 2**matches
	srv, err := server.New(server.Config{Store: st, Limits: lim})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	hs := srv.HTTPServer()
	go hs.Serve(srv.Listener(ln))
	defer hs.Close()

	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	var liveHeap uint64
	var live int
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
	res, err := server.Load(ctx, server.LoadConfig{
		URL: "http://" + ln.Addr().String(), Game: *game, Options: engine.Options(opts),
		Matches: *matches, Duration: *d, MaxActions: *maxActions, Seed: 1,
		Live: func() { live, liveHeap = srv.LiveMatches(), heap() },
	})
	if err != nil {
		return err
	}
	// The clients are gone: the server drops the matches from memory.
	for i := 0; i < 100 && srv.LiveMatches() > 0; i++ {
		time.Sleep(20 * time.Millisecond)
	}
	idleHeap := heap()
	perMatch := 0.0
	if live > 0 && liveHeap > idleHeap {
		perMatch = float64(liveHeap-idleHeap) / float64(live)
	}
	if *asJSON {
		return json.NewEncoder(e.stdout).Encode(struct {
			*server.LoadResult
			Game          string  `json:"game"`
			Store         string  `json:"store"`
			BytesPerMatch float64 `json:"bytes_per_live_match"`
		}{res, *game, kind, perMatch})
	}
	fmt.Fprintf(e.stdout, "%s, %s store, GOMAXPROCS %d\n%s\nmemory per live match (server state, its connections and the bot clients' ends): %.0f KiB\n",
		*game, kind, runtime.GOMAXPROCS(0), res, perMatch/1024)
	return nil
}
