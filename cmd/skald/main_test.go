package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"skald/engine"
	"skald/games"
	"skald/internal/testgame"
)

func TestMain(m *testing.M) {
	// The commands that take a game know the kernel's test game too (bids,
	// whose option panic breaks it on purpose), in tests and in the
	// scripts' skald alike.
	lookupGame = func(name string) (engine.Game, error) {
		if name == (testgame.Game{}).Name() {
			return testgame.Game{}, nil
		}
		return games.Lookup(name)
	}
	testscript.Main(m, map[string]func(){
		"skald": func() { os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:])) },
	})
}

// TestScripts runs the txtar scripts in testdata/script, which drive the
// skald command as a user would.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}

// runCmd runs skald with args and returns its exit code and output.
func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, args)
	return code, out.String(), errOut.String()
}

// replayFile replays the record in path, which skald replay cannot do
// for the test game, and returns it and the state it leads to.
func replayFile(t *testing.T, path string) (*engine.Record, engine.State) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := engine.ReadRecord(f, path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.Replay(testgame.Game{}, rec, nil)
	if err != nil {
		t.Fatalf("%s does not replay: %v", path, err)
	}
	return rec, st
}

// panicsNext reports whether the next action of the first deciding seat
// of st, given as text, panics.
func panicsNext(st engine.State, text string) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	a, err := st.ParseAction(st.Deciders().First(), text)
	if err != nil {
		return false
	}
	st.Apply(a, nil)
	return false
}

// TestSimFailures checks that a batch whose matches fail is still
// reported, exits with code 1 and not the usage code, and leaves a record
// of each failed match that replays to the failure.
func TestSimFailures(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "failed")
	code, out, errOut := runCmd("sim", "bids", "-n", "4", "--seats", "random,random", "--seed", "9", "--option", "panic=apply", "--failures", dir)
	if code != exitFailure || strings.Contains(errOut, "usage") {
		t.Fatalf("exit code %d, stderr %q; want %d and no usage", code, errOut, exitFailure)
	}
	if !strings.Contains(out, "0 games, 0 drawn, 4 failed") || !strings.Contains(errOut, "4 of 4 matches failed") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", out, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) != 4 {
		t.Fatalf("records %v, want 4", files)
	}
	for _, path := range files {
		if !strings.Contains(out, "record: "+path+" (the 2 actions before") {
			t.Errorf("the report does not name %s:\n%s", path, out)
		}
		rec, st := replayFile(t, path)
		if len(rec.Steps) != 2 || rec.Header.Options["panic"] != "apply" {
			t.Errorf("%s: %d steps, options %v", path, len(rec.Steps), rec.Header.Options)
		}
		legal := st.Legal(st.Deciders().First(), nil)
		if !panicsNext(st, st.FormatAction(legal[0])) {
			t.Errorf("%s: the match goes on after the record", path)
		}
	}
	// A second batch does not overwrite the first's records.
	if code, _, _ := runCmd("sim", "bids", "-n", "4", "--seats", "random,random", "--seed", "9", "--option", "panic=apply", "--failures", dir); code != exitFailure {
		t.Fatalf("second batch: exit code %d", code)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl")); len(files) != 8 {
		t.Errorf("after two batches: %d records, want 8", len(files))
	}
}

// TestPlayFailures checks that a match that panics in skald play ends
// with a message naming the game, options, seed and step, a record that
// replays it, and exit code 1.
func TestPlayFailures(t *testing.T) {
	for _, withRecord := range []bool{false, true} {
		dir := t.TempDir()
		args := []string{"play", "bids", "--seats", "random,random", "--seed", "5", "--option", "panic=apply", "--option", "order=sequential", "--failures", filepath.Join(dir, "f")}
		want := filepath.Join(dir, "f", "bids-seed5.jsonl")
		if withRecord {
			want = filepath.Join(dir, "match.jsonl")
			args = append(args, "--record", want)
		}
		code, _, errOut := runCmd(args...)
		if code != exitFailure {
			t.Fatalf("exit code %d, want %d; stderr:\n%s", code, exitFailure, errOut)
		}
		for _, s := range []string{
			`skald play: the match is broken at step 3: the game applying "bid `,
			"panic: testgame: panic=apply",
			"game bids, options cards=5 hands=equal order=sequential panic=apply variant=standard, seed 5, seats random,random",
			"record: " + want + " (the 2 actions before step 3; skald replay " + want + ")",
			"goroutine ",
		} {
			if !strings.Contains(errOut, s) {
				t.Errorf("record %v: stderr lacks %q:\n%s", withRecord, s, errOut)
			}
		}
		rec, st := replayFile(t, want)
		text := errOut[strings.Index(errOut, `applying "`)+len(`applying "`):]
		text = text[:strings.Index(text, `"`)]
		if len(rec.Steps) != 2 || !panicsNext(st, text) {
			t.Errorf("record %v: %d steps, and %q does not panic after them", withRecord, len(rec.Steps), text)
		}
	}
}
