package tacticsdavid

import (
	"bytes"
	flagpkg "flag"
	"fmt"
	"os"
	"strconv"
	"testing"

	"skald/engine"
)

// traceFile names the file TestTraceReplays writes its trace to: with it,
// a change meant to keep play as it was (an optimisation) is checked by
// comparing the traces written before and after it, byte for byte:
//
//	go test -run TestTraceReplays -tdtrace /tmp/before.txt ./games/tacticsdavid
var traceFile = flagpkg.String("tdtrace", "", "write the trace of TestTraceReplays's 400 battles to this file")

// traceOptions are the option sets of the traced battles.
var traceOptions = []engine.Options{
	{"armies": "auto"},
	{"armies": "auto", "battlefield": "bramble-creek-crossing"},
	{"armies": "auto", "limit": "200", "deploy": "free"},
	{"armies": "auto", "mission": "kills", "turns": "8"},
	{},
}

// traceBattle plays one seeded battle between random and heuristic
// players (heur[seat] says which), writing to w every action, its events,
// the state's hash, and at every tenth action both seats' Evaluate and a
// random playout of a copy (PlayRandom, as a search plays it). It returns
// the actions played and, for each, the hash and event texts it led to.
func traceBattle(tb testing.TB, w *bytes.Buffer, opts engine.Options, seed uint64, heur [2]bool) ([]engine.Action, []string) {
	st, err := New().New(engine.Config{Seats: 2, Seed: seed, Options: opts})
	if err != nil {
		tb.Fatalf("%v seed %d: %v", opts, seed, err)
	}
	fmt.Fprintf(w, "battle %v seed %d heuristic %v\n", opts, seed, heur)
	r := engine.NewRand(seed ^ 0x9e3779b97f4a7c15)
	var played []engine.Action
	var steps []string
	var buf []engine.Action
	for step := 0; ; step++ {
		d := st.Deciders()
		if d == 0 {
			break
		}
		seat := d.First()
		var a engine.Action
		if heur[seat] {
			a = engine.Determinize(st, seat, &r).(engine.Heuristic).Suggest(seat, &r)
		} else {
			buf = st.Legal(seat, buf[:0])
			if len(buf) == 0 {
				break
			}
			a = buf[r.IntN(len(buf))]
			fmt.Fprintf(w, "legal %d\n", len(buf))
		}
		var log engine.Log
		if err := st.Apply(a, &log); err != nil {
			tb.Fatalf("%v seed %d step %d: %s refused: %v", opts, seed, step, st.FormatAction(a), err)
		}
		played = append(played, a)
		fmt.Fprintf(w, "%d %s %x\n", seat, st.FormatAction(a), st.Hash())
		for _, e := range log {
			fmt.Fprintf(w, "  %s %d %s\n", e.Type, e.To, e.Text)
		}
		steps = append(steps, stepLine(st, log))
		if step%10 == 0 {
			s := st.(*State)
			fmt.Fprintf(w, "eval %s %s\n", strconv.FormatFloat(s.Evaluate(0), 'g', -1, 64), strconv.FormatFloat(s.Evaluate(1), 'g', -1, 64))
			c := st.Clone()
			pr := engine.NewRand(seed + uint64(step))
			n, _ := c.(engine.RandomPlayer).PlayRandom(&pr, nil, 100000)
			fmt.Fprintf(w, "playout %d %x\n", n, c.Hash())
		}
	}
	res, over := st.Result()
	fmt.Fprintf(w, "result %v %v\n", res, over)
	return played, steps
}

// stepLine is the hash of st and the texts of log, on one line.
func stepLine(st engine.State, log engine.Log) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%x", st.Hash())
	for _, e := range log {
		fmt.Fprintf(&b, " | %s", e.Text)
	}
	return b.String()
}

// TestTraceReplays plays up to 400 seeded battles (five option sets, random and
// heuristic players in every pairing) and checks that each battle's
// actions, played again on a new state, reach the same states with the
// same events. With -tdtrace it writes the battles' trace to a file;
// without it, it plays 3 seeds of each, not 20 (60 battles, not 400, which
// take half a minute).
func TestTraceReplays(t *testing.T) {
	seeds := uint64(3)
	if *traceFile != "" {
		seeds = 20
	}
	var all bytes.Buffer
	for _, opts := range traceOptions {
		for _, heur := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
			for seed := uint64(1); seed <= seeds; seed++ {
				var w bytes.Buffer
				played, steps := traceBattle(t, &w, opts, seed, heur)
				all.Write(w.Bytes())
				st, _ := New().New(engine.Config{Seats: 2, Seed: seed, Options: opts})
				for i, a := range played {
					var log engine.Log
					if err := st.Apply(a, &log); err != nil {
						t.Fatalf("%v seed %d: action %d (%s) refused in the replay: %v", opts, seed, i, st.FormatAction(a), err)
					}
					if got := stepLine(st, log); got != steps[i] {
						t.Fatalf("%v seed %d heuristic %v: action %d (%s) replayed gives %s, played %s", opts, seed, heur, i, st.FormatAction(a), got, steps[i])
					}
				}
			}
		}
	}
	if *traceFile != "" {
		if err := os.WriteFile(*traceFile, all.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
