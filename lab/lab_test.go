package lab

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"skald/engine"
)

func small(game string, seats ...string) *Study {
	return &Study{Game: game, Seats: seats, Matches: 12, ShardSize: 5, Seed: 7}
}

func TestStudyCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Study)
		want string
	}{
		{"ok", func(*Study) {}, ""},
		{"game", func(s *Study) { s.Game = "chess" }, "chess"},
		{"seats", func(s *Study) { s.Seats = []string{"random"} }, "2 to 2 seats, not 1"},
		{"bot", func(s *Study) { s.Seats[1] = "genius" }, "genius"},
		{"matches", func(s *Study) { s.Matches = 0 }, "0 matches"},
		{"shard", func(s *Study) { s.ShardSize = 13 }, "shard size 13"},
		{"option", func(s *Study) { s.Options = engine.Options{"units": "99"} }, "units"},
		{"vary twice", func(s *Study) {
			s.Vary = []Vary{{Option: "units", Values: []string{"3"}}, {Option: "units", Values: []string{"4"}}}
		}, "varied twice"},
		{"vary and set", func(s *Study) {
			s.Options = engine.Options{"units": "3"}
			s.Vary = []Vary{{Option: "units", Values: []string{"4"}}}
		}, "both set and varied"},
		{"vary bad value", func(s *Study) { s.Vary = []Vary{{Option: "units", Values: []string{"4", "99"}}} }, `variant "units=99"`},
		{"vary no values", func(s *Study) { s.Vary = []Vary{{Option: "units"}} }, "no values"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := small("blackred", "random", "random")
			tc.edit(s)
			_, err := s.Check()
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one naming %q", err, tc.want)
			}
		})
	}
}

func TestVariants(t *testing.T) {
	s := small("blackred", "random", "random")
	s.Vary = []Vary{{Option: "units", Values: []string{"3", "4"}}, {Option: "first", Values: []string{"black", "red"}, Labels: []string{"B"}}}
	var labels []string
	for _, v := range s.Variants() {
		labels = append(labels, v.Label)
	}
	if got, want := strings.Join(labels, "|"), "units=3 first=B|units=3 first=red|units=4 first=B|units=4 first=red"; got != want {
		t.Fatalf("variants %s, want %s", got, want)
	}
	// Each variant gets each lineup: match i's variant changes after a
	// rotation of the seats.
	for i, want := range []int{0, 0, 1, 1, 2, 2, 3, 3, 0} {
		if got := s.VariantOf(i, 4); got != want {
			t.Errorf("match %d plays variant %d, want %d", i, got, want)
		}
	}
}

// TestShardReproducible: a shard depends only on the study and its
// index, and a local run, stopped and resumed, reports exactly what an
// uninterrupted run reports.
func TestShardReproducible(t *testing.T) {
	for _, game := range []string{"blackred", "tacticsdavid", "bloodrage"} {
		t.Run(game, func(t *testing.T) {
			s := small(game, "random", "random")
			s.Matches, s.ShardSize = 4, 2
			if game == "tacticsdavid" {
				s.Options = engine.Options{"armies": "auto", "battlefield": "open-field-7x11", "turns": "8"}
			}
			r, err := NewRunner(s)
			if err != nil {
				t.Fatal(err)
			}
			a, err := r.Shard(context.Background(), 1)
			if err != nil {
				t.Fatal(err)
			}
			b, err := r.Shard(context.Background(), 1)
			if err != nil {
				t.Fatal(err)
			}
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if !bytes.Equal(ja, jb) {
				t.Fatalf("shard 1 played twice differs:\n%s\n%s", ja, jb)
			}
			for _, m := range a.Matches {
				if m.Failed != "" {
					t.Fatalf("match %d failed: %s", m.Index, m.Failed)
				}
			}
		})
	}
}

func TestRunLocalResume(t *testing.T) {
	s := small("blackred", "random", "heuristic")
	dir := t.TempDir()
	once := runLocal(t, s, filepath.Join(dir, "once.jsonl"))

	// Stopped after the first shard, with half a line written, then resumed.
	path := filepath.Join(dir, "resumed.jsonl")
	res, err := OpenResults(path, s)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	_, err = RunLocal(ctx, s, res, 1, func(played int) {
		if played > 0 {
			cancel()
		}
	})
	if err == nil {
		t.Fatal("a canceled run returned no error")
	}
	res.Close()
	b, _ := os.ReadFile(path)
	if n := bytes.Count(b, []byte("\n")); n != 1 {
		t.Fatalf("the stopped run left %d shards, want 1", n)
	}
	if err := os.WriteFile(path, append(b, `{"study":"`...), 0o644); err != nil {
		t.Fatal(err)
	}
	resumed := runLocal(t, s, path)
	if !bytes.Equal(once, resumed) {
		t.Fatalf("a resumed study reports otherwise than one run at once:\n%s\n%s", once, resumed)
	}
}

func runLocal(t *testing.T, s *Study, path string) []byte {
	t.Helper()
	res, err := OpenResults(path, s)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	shards, err := RunLocal(context.Background(), s, res, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Build(s, shards)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.MarshalIndent(rep, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestResultsRefuseAnotherStudy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	s := small("blackred", "random", "random")
	runLocal(t, s, path)
	other := small("blackred", "random", "random")
	other.Seed++
	_, err := OpenResults(path, other)
	if err == nil || !strings.Contains(err.Error(), "not of this study") {
		t.Fatalf("error %v, want a refusal of another study's file", err)
	}
}
