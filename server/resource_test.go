//go:build fault && linux

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"skald/engine"
)

// procStat returns the open file descriptors and the resident memory (in
// bytes) of process pid, read from /proc.
func procStat(pid int) (fds int, rss int64, err error) {
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return 0, 0, err
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			rss = kb << 10
		}
	}
	return len(ents), rss, nil
}

// niceAll sets the priority of every thread of this process (Linux sets
// it per thread; threads made later inherit their maker's).
func niceAll(n int) {
	ents, _ := os.ReadDir("/proc/self/task")
	for _, e := range ents {
		if tid, err := strconv.Atoi(e.Name()); err == nil {
			syscall.Setpriority(syscall.PRIO_PROCESS, tid, n)
		}
	}
}

// TestResourcesUnderAttack (Linux: it reads the server's descriptors and
// memory in /proc) runs a real `skald serve` while one client asks
// for everything the reports asked for at once, as fast as it can: bots
// with absurd budgets, a flood of match creations and of padded options,
// thousands of WebSockets on one link, connections that send nothing or
// send their body a byte at a time, and bot matches that all want to
// think. The requests are refused or bounded; the server's file
// descriptors, memory and database stay bounded; and two people playing a
// match meanwhile have their actions acknowledged promptly.
func TestResourcesUnderAttack(t *testing.T) {
	dir := t.TempDir()
	bin := buildSkald(t, dir)
	db := filepath.Join(dir, "skald.db")
	const conns = 300
	cmd, base, _ := startServe(t, bin, db, "--conns", strconv.Itoa(conns), "--header-timeout", "1s",
		"--body-timeout", "2s", "--idle-timeout", "1s", "--unstarted", "200", "--create-burst", "20")
	pid := cmd.Process.Pid
	addr := strings.TrimPrefix(base, "http://")
	// The attacker runs in this process, on the server's cores; a real one
	// would be on its own machine. Lower this process's priority (not the
	// server's, started before), so that the measure is of the server.
	niceAll(10)
	defer niceAll(0)

	// The players whose actions must go on being acknowledged.
	victim := create(t, base, "blackred", engine.Options{"units": "12"}, "human", "human")
	players := []*client{dial(t, base, victim.ID, victim.Seats[0].Token), dial(t, base, victim.ID, victim.Seats[1].Token)}
	// Bot matches that all want to think at once, within the budget.
	for range 8 {
		create(t, base, "blackred", nil, "mcts:iters=20000", "mcts:iters=20000")
	}

	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var problems []string
	problem := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(problems) < 20 {
			problems = append(problems, fmt.Sprintf(format, args...))
		}
	}
	postStatus := func(body any) int {
		b, _ := json.Marshal(body)
		resp, err := http.Post(base+"/api/matches", "application/json", bytes.NewReader(b))
		if err != nil {
			return 0
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}

	// Absurd bot budgets, over and over.
	wg.Go(func() {
		for ctx.Err() == nil {
			for _, bot := range []string{"mcts:iters=999999999", "mcts:time=100h", "mcts:iters=3000000"} {
				if s := postStatus(CreateRequest{Game: "blackred", Seats: []string{bot, "random"}}); s != 0 && s != 400 && s != 429 {
					problem("bot %s answered %d", bot, s)
				}
			}
		}
	})
	// A flood of creations, some with padded options.
	var created atomic.Int64
	padded := "# " + strings.Repeat("x", 60<<10) + "\n"
	wg.Go(func() {
		for i := 0; ctx.Err() == nil; i++ {
			req := CreateRequest{Game: "blackred", Seats: []string{"human", "human"}}
			if i%2 == 1 {
				req = CreateRequest{Game: "tacticsdavid", Seats: []string{"human", "human"}, Options: engine.Options{"battlefield": padded}}
			}
			switch s := postStatus(req); s {
			case 201:
				if i%2 == 1 {
					problem("a padded battlefield of 60 KiB was accepted")
				}
				created.Add(1)
			case 0, 400, 413, 429:
			default:
				problem("creation answered %d", s)
			}
		}
	})
	// WebSockets on the spectator link, as many as will open.
	var sockets atomic.Int64
	wg.Go(func() {
		var open []*client
		defer func() {
			for _, c := range open {
				c.ws.CloseNow()
			}
		}()
		for i := 0; i < 2000 && ctx.Err() == nil; i++ {
			c, err := dialErr(base, victim.ID, victim.Spectator.Token)
			if err != nil {
				continue
			}
			open = append(open, c)
			sockets.Store(int64(len(open)))
		}
		<-ctx.Done()
	})
	// Connections that send nothing, or a body a byte at a time.
	wg.Go(func() {
		var held []net.Conn
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for i := 0; i < 200 && ctx.Err() == nil; i++ {
			c, err := net.DialTimeout("tcp", addr, time.Second)
			if err != nil {
				continue
			}
			if i%2 == 1 {
				fmt.Fprintf(c, "POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{")
			}
			held = append(held, c)
		}
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				for _, c := range held {
					c.SetWriteDeadline(time.Now().Add(10 * time.Millisecond))
					c.Write([]byte(" "))
				}
			}
		}
	})
	// The measurements.
	var maxFDs int
	var maxRSS int64
	wg.Go(func() {
		for ctx.Err() == nil {
			if fds, rss, err := procStat(pid); err == nil {
				maxFDs, maxRSS = max(maxFDs, fds), max(maxRSS, rss)
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	// The players play on; each acknowledgement is timed.
	var latencies []time.Duration
	wg.Go(func() {
		for step := 0; ctx.Err() == nil; step++ {
			c := players[0]
			if len(c.latest().Legal) == 0 {
				c = players[1]
			}
			l := c.latest()
			if len(l.Legal) == 0 || l.Over {
				return
			}
			t0 := time.Now()
			a := c.act(l.Legal[0], l.Seq)
			latencies = append(latencies, time.Since(t0))
			if a.Type != "ack" {
				problem("the players' action was answered %+v", a)
				return
			}
			players[0].waitSeq(a.Seq)
			players[1].waitSeq(a.Seq)
			time.Sleep(20 * time.Millisecond)
		}
	})
	wg.Wait()

	for _, p := range problems {
		t.Error(p)
	}
	if !alive(cmd) {
		t.Fatal("skald serve died under the attack")
	}
	if code, h := getHealth(t, base); code != 200 {
		t.Errorf("healthz after the attack: %d %+v", code, h)
	}
	if len(latencies) < 20 {
		t.Fatalf("the players acted only %d times in 6 s", len(latencies))
	}
	slices.Sort(latencies)
	p50, p95, most := latencies[len(latencies)/2], latencies[len(latencies)*95/100], latencies[len(latencies)-1]
	var dbSize int64 // the file and its write-ahead log
	for _, f := range []string{db, db + "-wal"} {
		if info, err := os.Stat(f); err == nil {
			dbSize += info.Size()
		}
	}
	t.Logf("players: %d actions acknowledged, p50 %s, p95 %s, max %s; server: at most %d file descriptors, %d MiB resident; %d matches created by the flood, %d spectator sockets opened, database %d KiB",
		len(latencies), p50, p95, most, maxFDs, maxRSS>>20, created.Load(), sockets.Load(), dbSize>>10)
	if p95 > 100*time.Millisecond {
		t.Errorf("the players' actions took %s (p95) to be acknowledged, want at most 100 ms", p95)
	}
	if maxFDs > conns+64 {
		t.Errorf("the server held %d file descriptors, over its limit of %d connections and a margin of 64", maxFDs, conns)
	}
	if maxRSS > 512<<20 {
		t.Errorf("the server grew to %d MiB", maxRSS>>20)
	}
	if n := created.Load(); n > 20+5 {
		t.Errorf("one address created %d matches in 6 s; the limits allow 20 at once and 30 a minute", n)
	}
	if n := sockets.Load(); n > int64(DefaultLimits().ConnsPerToken) {
		t.Errorf("%d sockets opened on one spectator link; the limit is %d", n, DefaultLimits().ConnsPerToken)
	}
	if dbSize > 16<<20 {
		t.Errorf("the database grew to %d MiB", dbSize>>20)
	}
	for _, c := range players {
		c.close()
	}
}
