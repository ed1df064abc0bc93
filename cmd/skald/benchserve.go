package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"skald/engine"
	"skald/server"
	"skald/store"
)

// runBenchServe measures the server under load: N concurrent matches of
// bots playing random legal actions through the WebSocket API of a server
// started in this process on loopback. The bots run in a child process
// (this command again, with --load-url), so that the CPU time of each
// side is measured apart: the load client must not be what bounds the
// figures.
func runBenchServe(e *env, args []string) error {
	fs := newFlags(e, "bench serve")
	game := fs.String("game", "blackred", "the game the matches play")
	matches := fs.Int("matches", 20, "matches played at once")
	d := fs.Duration("time", 10*time.Second, "how long to run")
	maxActions := fs.Int("max-actions", 0, "stop after this many actions (0: no limit)")
	offered := fs.Float64("rate", 0, "actions per second offered over all matches, each on a fixed schedule, latency counted from the time due (0: a closed loop, each as soon as the last is acknowledged)")
	warmup := fs.Duration("warmup", time.Minute, "the most time to create the matches and connect their clients before the measured window opens")
	db := fs.String("db", "", "a postgres:// URL, or a SQLite file (default: a new file in a temporary directory)")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the server to `file`")
	clientProcs := fs.Int("client-procs", 1, "GOMAXPROCS of the load client's process (0: as many as the machine has)")
	memProfile := fs.String("memprofile", "", "write the server's allocations over the run (an allocs profile) to `file`")
	pace := fs.Duration("commit-pace", 0, "SQLite: the least time from the start of one group commit to the start of the next (0: the store's default, "+store.DefaultCommitPace.String()+"; negative: none)")
	inProcess := fs.Bool("in-process", false, "run the load client in this process rather than a child")
	loadURL := fs.String("load-url", "", "run only the load client against the server at `url` (used by bench serve itself)")
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
	if *offered < 0 {
		return usagef("--rate: want 0 or more actions per second")
	}
	if *clientProcs < 0 {
		return usagef("--client-procs: want 0 (as many as the machine has) or more")
	}
	if *warmup <= 0 || *warmup > 10*time.Minute {
		return usagef("--warmup: want up to 10m")
	}
	ctx := context.Background()
	loadCfg := server.LoadConfig{Game: *game, Options: engine.Options(opts), Matches: *matches, Duration: *d,
		MaxActions: *maxActions, Rate: *offered, Warmup: *warmup, Seed: 1}
	serverGC() // as skald serve does; the load client too
	if *loadURL != "" {
		return runLoadClient(ctx, e, *loadURL, loadCfg)
	}
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
	var st store.Store
	if kind == "SQLite" {
		st, err = store.OpenSQLiteWith(ctx, dsn, store.SQLiteOptions{CommitPace: *pace})
	} else {
		st, err = store.Open(ctx, dsn)
	}
	if err != nil {
		return err
	}
	defer st.Close()
	// The group commits of the measured window, where the store counts
	// them.
	type commitCounter interface {
		CommitStats() (commits, written int64)
	}
	var commits0, written0, commits1, written1 int64
	cc, _ := st.(commitCounter)
	// The load client creates every match from one address at once: the
	// limits on creations would measure themselves, not the server.
	lim := server.DefaultLimits()
	lim.CreatesPerMinute, lim.CreateBurst, lim.Unstarted = 1<<30, 2**matches, 2**matches
	lim.ConnsPerMatch = max(lim.ConnsPerMatch, 64)
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
	loadCfg.URL = "http://" + ln.Addr().String()

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
	// The server's CPU time is counted over the measured window, from
	// when every match plays to when the window closes.
	var cpu0, cpu1 time.Duration
	// The heap live with every match playing is the one the collector
	// found at its last cycle in the window: forcing a collection when the
	// window opens (as this did) stalled the server for the window's
	// first tenth of a second and set its p99.
	onLive := func() {
		cpu0 = processCPU()
		live = srv.LiveMatches()
		if cc != nil {
			commits0, written0 = cc.CommitStats()
		}
	}
	onEnd := func() {
		cpu1 = processCPU()
		liveHeap = heapLive()
		if cc != nil {
			commits1, written1 = cc.CommitStats()
		}
	}
	var res *server.LoadResult
	var clientCPU time.Duration
	if *inProcess {
		loadCfg.Live, loadCfg.End = onLive, onEnd
		res, err = server.Load(ctx, loadCfg)
	} else {
		res, clientCPU, err = runLoadChild(ctx, loadCfg, opts, *clientProcs, onLive, onEnd)
	}
	if err != nil {
		return err
	}
	serverCPU := cpu1 - cpu0
	if *memProfile != "" {
		if err := writeAllocs(*memProfile); err != nil {
			return err
		}
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
	share := 0.0
	if clientCPU+serverCPU > 0 {
		share = float64(clientCPU) / float64(clientCPU+serverCPU)
	}
	perAction := func(c time.Duration) time.Duration { return c / time.Duration(max(res.Actions, 1)) }
	perCommit := 0.0
	if commits1 > commits0 {
		perCommit = float64(written1-written0) / float64(commits1-commits0)
	}
	if *asJSON {
		return json.NewEncoder(e.stdout).Encode(struct {
			*server.LoadResult
			Game           string  `json:"game"`
			Store          string  `json:"store"`
			BytesPerMatch  float64 `json:"bytes_per_live_match"`
			ServerCPU      float64 `json:"server_cpu_s"`
			ClientCPU      float64 `json:"client_cpu_s"`
			ClientCPUShare float64 `json:"client_cpu_share"`
			OfferedRate    float64 `json:"offered_rate"`
			Commits        int64   `json:"commits,omitempty"`
			PerCommit      float64 `json:"written_per_commit,omitempty"`
		}{res, *game, kind, perMatch, serverCPU.Seconds(), clientCPU.Seconds(), share, *offered, commits1 - commits0, perCommit})
	}
	load := "closed loop (each action as soon as the last is acknowledged)"
	if *offered > 0 {
		load = fmt.Sprintf("open load, %.0f actions/s offered (%.1f a match), achieved %.0f", *offered, *offered/float64(*matches), res.ActionsPerSec)
	}
	held := "server state and its connections"
	if *inProcess {
		held += ", and the bot clients' ends"
	}
	procs := fmt.Sprintf("GOMAXPROCS %d", runtime.GOMAXPROCS(0))
	if !*inProcess && *clientProcs > 0 {
		procs += fmt.Sprintf(" (load client %d)", *clientProcs)
	}
	fmt.Fprintf(e.stdout, "%s, %s store, %s, %s; measured over %.1fs after a warm-up of %.1fs (matches created, clients connected)\n%s\nmemory per live match (%s): %.0f KiB\n",
		*game, kind, procs, load, res.Elapsed.Seconds(), res.Warmup.Seconds(), res, held, perMatch/1024)
	if perCommit > 0 {
		fmt.Fprintf(e.stdout, "group commits: %d, %.1f actions or new matches each\n", commits1-commits0, perCommit)
	}
	if *inProcess {
		fmt.Fprintf(e.stdout, "CPU: %.2fs, %v per action (server and load client in one process), in the measured window\n", serverCPU.Seconds(), perAction(serverCPU).Round(time.Microsecond))
	} else {
		fmt.Fprintf(e.stdout, "CPU: server %.2fs (%v per action), load client %.2fs (%v per action, %.0f%% of the CPU used), in the measured window\n",
			serverCPU.Seconds(), perAction(serverCPU).Round(time.Microsecond), clientCPU.Seconds(), perAction(clientCPU).Round(time.Microsecond), 100*share)
	}
	return nil
}

// writeAllocs writes the allocations made so far to the file at path.
func writeAllocs(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("memprofile: %w", err)
	}
	return f.Close()
}

// heapLive returns the heap the garbage collector found live at the end
// of its last cycle.
func heapLive() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return sample[0].Value.Uint64()
}

// runLoadClient is the child's side of bench serve: it plays the load
// against url, prints "live" when the measured window opens and "end"
// when it closes, then the figures as JSON with its own CPU time in the
// window.
func runLoadClient(ctx context.Context, e *env, url string, cfg server.LoadConfig) error {
	cfg.URL = url
	var cpu0, cpu1 time.Duration
	cfg.Live = func() { cpu0 = processCPU(); fmt.Fprintln(e.stdout, "live") }
	cfg.End = func() { cpu1 = processCPU(); fmt.Fprintln(e.stdout, "end") }
	res, err := server.Load(ctx, cfg)
	if err != nil {
		return err
	}
	b, err := json.Marshal(childResult{LoadResult: res, CPU: cpu1 - cpu0})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s\n", b)
	return nil
}

// childResult is what the load client's process reports.
type childResult struct {
	*server.LoadResult
	CPU time.Duration `json:"client_cpu_ns"` // in the measured window
}

// runLoadChild runs the load client as a child process (this command
// with --load-url) and returns its figures and the CPU time it used in
// the measured window; onLive and onEnd are called when it says the
// window opens and closes.
func runLoadChild(ctx context.Context, cfg server.LoadConfig, opts optionFlags, procs int, onLive, onEnd func()) (*server.LoadResult, time.Duration, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, 0, fmt.Errorf("load client: %w", err)
	}
	args := []string{"bench", "serve", "--load-url", cfg.URL, "--game", cfg.Game, "--matches", strconv.Itoa(cfg.Matches),
		"--time", cfg.Duration.String(), "--max-actions", strconv.Itoa(cfg.MaxActions), "--rate", strconv.FormatFloat(cfg.Rate, 'f', -1, 64),
		"--warmup", cfg.Warmup.String()}
	for k, v := range opts {
		args = append(args, "--option", k+"="+v)
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	if procs > 0 {
		// One P by default: the client needs about half a core at 5,000
		// actions a second, and with two Ps of its own beside the server's
		// two, the machine's two cores ran four threads that each held a P,
		// and a server thread descheduled in the middle of an action made
		// the actions behind it late (p99 about three times as high).
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+strconv.Itoa(procs))
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, 0, fmt.Errorf("load client: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, 0, fmt.Errorf("load client: %w", err)
	}
	var res *childResult
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		switch string(line) {
		case "live":
			onLive()
			continue
		case "end":
			onEnd()
			continue
		}
		res = new(childResult)
		if err := json.Unmarshal(line, res); err != nil || res.LoadResult == nil {
			res = nil
		}
	}
	if err := cmd.Wait(); err != nil {
		return nil, 0, fmt.Errorf("load client: %w: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	if res == nil {
		return nil, 0, fmt.Errorf("load client: no figures: %s", bytes.TrimSpace(stderr.Bytes()))
	}
	return res.LoadResult, res.CPU, nil
}
