package server

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"skald/engine"
	"skald/store"
)

// startServe runs `skald serve` with args after the usual test flags and
// returns the process, the base URL it prints and the file its log goes
// to.
func startServe(t testing.TB, bin, db string, args ...string) (*exec.Cmd, string, string) {
	t.Helper()
	logPath := filepath.Join(t.TempDir(), "serve.log")
	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--bot-delay", "0", "--log", "json"}, args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait(); logf.Close() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		b, _ := os.ReadFile(logPath)
		t.Fatalf("skald serve printed no address: %v\n%s", err, b)
	}
	u := regexp.MustCompile(`http://\S+`).FindString(line)
	if u == "" {
		t.Fatalf("skald serve printed %q", line)
	}
	return cmd, u, logPath
}

// alive reports whether the process has not exited.
func alive(cmd *exec.Cmd) bool {
	return cmd.ProcessState == nil && cmd.Process.Signal(syscall.Signal(0)) == nil
}

// health gets /healthz.
func getHealth(t testing.TB, base string) (int, Health) {
	t.Helper()
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatalf("healthz: %v", err)
	}
	defer resp.Body.Close()
	var h Health
	json.NewDecoder(resp.Body).Decode(&h)
	return resp.StatusCode, h
}

// TestServedBotPanic runs a real `skald serve` in which a bot panics on
// purpose in one match (the test game's panic=search): the process stays
// up, another match keeps playing, the failed match is listed, a restart
// comes up without resuming it, and a second server on the same SQLite
// file is refused.
func TestServedBotPanic(t *testing.T) {
	dir := t.TempDir()
	bin := buildSkald(t, dir)
	db := filepath.Join(dir, "skald.db")
	cmd, base, logPath := startServe(t, bin, db, "--test-games")

	good := create(t, base, "blackred", nil, "human", "human")
	bads := []*CreateResponse{
		create(t, base, "bids", engine.Options{"panic": "search"}, "human", "mcts:iters=20"),
		create(t, base, "bids", engine.Options{"panic": "search"}, "mcts:iters=20", "mcts:iters=20"),
	}
	seats := []*client{dial(t, base, good.ID, good.Seats[0].Token), dial(t, base, good.ID, good.Seats[1].Token)}
	// Play the good match while the bad ones fail.
	for step := 0; step < 12; step++ {
		c := seats[0]
		if len(c.latest().Legal) == 0 {
			c = seats[1]
		}
		if len(c.latest().Legal) == 0 {
			break
		}
		if a := c.act(c.latest().Legal[0], c.latest().Seq); a.Type != "ack" {
			t.Fatalf("the good match, step %d: %+v", step, a)
		}
		seats[0].waitSeq(step + 1)
		seats[1].waitSeq(step + 1)
	}
	var h Health
	deadline := time.Now().Add(20 * time.Second)
	for {
		var code int
		code, h = getHealth(t, base)
		if code == 200 && h.Failed == len(bads) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("healthz after the panics: %d %+v", code, h)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !alive(cmd) {
		t.Fatal("skald serve died of a bot's panic")
	}
	// The failure was logged once per match, with what reproduces it.
	logs, _ := os.ReadFile(logPath)
	for _, b := range bads {
		n := 0
		for _, line := range strings.Split(string(logs), "\n") {
			if strings.Contains(line, `"msg":"match failed"`) && strings.Contains(line, b.ID) {
				n++
				for _, want := range []string{`"game":"bids"`, `"seed":`, `"options":`, `"actions":`, `"stack":`} {
					if !strings.Contains(line, want) {
						t.Errorf("the failure's log line lacks %s: %s", want, line)
					}
				}
			}
		}
		if n != 1 {
			t.Errorf("match %s: its failure was logged %d times, want once", b.ID, n)
		}
	}
	for _, c := range seats {
		c.close()
	}

	// A second server on the same file is refused, and says why.
	out, err := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "already served by another skald serve") {
		t.Errorf("a second server on the same file: %v\n%s", err, out)
	}

	// Killed and restarted, it comes up, does not resume the failed
	// matches, and lists them.
	cmd.Process.Kill()
	cmd.Wait()
	cmd, base, logPath = startServe(t, bin, db, "--test-games")
	if code, h := getHealth(t, base); code != 200 || h.Failed != len(bads) {
		t.Errorf("healthz after restart: %d %+v", code, h)
	}
	time.Sleep(300 * time.Millisecond)
	logs, _ = os.ReadFile(logPath)
	if strings.Contains(string(logs), `"msg":"match failed"`) {
		t.Errorf("a failed match was resumed (and failed again) on restart:\n%s", logs)
	}
	if n := strings.Count(string(logs), `"msg":"not resumed: the match failed"`); n != len(bads) {
		t.Errorf("%d failed matches listed at start, want %d", n, len(bads))
	}
	// The good match goes on after the restart.
	c := dial(t, base, good.ID, good.Seats[0].Token)
	defer c.close()
	if c.latest().Status != store.Playing {
		t.Errorf("the good match is %s after restart", c.latest().Status)
	}
	// The operator's list shows the failed matches.
	out, err = exec.Command(bin, "match", "list", "--db", db).CombinedOutput()
	if err != nil {
		t.Fatalf("skald match list: %v\n%s", err, out)
	}
	for _, b := range bads {
		if !strings.Contains(string(out), b.ID) {
			t.Errorf("skald match list does not list %s:\n%s", b.ID, out)
		}
	}
}
