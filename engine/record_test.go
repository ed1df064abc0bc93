package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"skald/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const goldenRecord = "testdata/record.golden.jsonl"

func sampleRecord() *engine.Record {
	return &engine.Record{
		Header: engine.Header{
			Format:  engine.RecordFormat,
			Game:    "race",
			Rules:   raceRules,
			Options: engine.Options{"target": "15", "die": "d6"},
			Seed:    1<<64 - 1, // the largest seed survives JSON
			Seats:   []string{"human", "random"},
		},
		Steps: []engine.Step{
			{Seat: 0, Action: "add 3", Hash: "00000000000000ff"},
			{Seat: 1, Action: "add 1", Hash: "0123456789abcdef"},
			{Seat: 0, Action: "say \"hi\"\tthere ü", Hash: ""},
		},
	}
}

func writeRecord(t testing.TB, rec *engine.Record) []byte {
	t.Helper()
	var buf bytes.Buffer
	r, err := engine.NewRecorder(&buf, rec.Header)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rec.Steps {
		if err := r.Add(s); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

func TestRecordRoundTrip(t *testing.T) {
	want := sampleRecord()
	data := writeRecord(t, want)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 1+len(want.Steps) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), 1+len(want.Steps), data)
	}
	if !strings.HasPrefix(lines[0], `{"skald_record":1,"game":"race",`) {
		t.Errorf("header line = %s", lines[0])
	}
	got, err := engine.ReadRecord(bytes.NewReader(data), "x")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ReadRecord =\n%+v\nwant\n%+v", got, want)
	}
	if c := got.Config(); c.Seats != 2 || c.Seed != want.Header.Seed || !reflect.DeepEqual(c.Options, want.Header.Options) {
		t.Errorf("Config() = %+v", c)
	}
}

func TestRecorderSetsFormat(t *testing.T) {
	rec := sampleRecord()
	rec.Header.Format = 0
	got, err := engine.ReadRecord(bytes.NewReader(writeRecord(t, rec)), "x")
	if err != nil {
		t.Fatal(err)
	}
	if got.Header.Format != engine.RecordFormat {
		t.Errorf("Format = %d", got.Header.Format)
	}
}

func TestReadRecordTolerates(t *testing.T) {
	header := `{"skald_record":1,"game":"race","rules":"race-1","options":{"target":"15","die":"d6"},"seed":3,"seats":["a","b"]}`
	step1 := `{"seat":0,"action":"add 1","hash":"01"}`
	step2 := `{"seat":1,"action":"add 2"}`
	tests := []struct {
		name  string
		in    string
		steps int
	}{
		{"header only", header + "\n", 0},
		{"no final newline", header + "\n" + step1, 1},
		{"crlf", header + "\r\n" + step1 + "\r\n" + step2 + "\r\n", 2},
		{"blank lines between", header + "\n\n" + step1 + "\n\n\n" + step2 + "\n\n", 2},
		{"blank lines before the header", "\n\n" + header + "\n" + step1 + "\n", 1},
		{"space lines", header + "\n  \t\n" + step1 + "\n", 1},
		{"indented", "  " + header + "\n\t" + step1 + "  \n", 1},
		{"seat and hash may be omitted", header + "\n" + `{"action":"add 1"}` + "\n", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := engine.ReadRecord(strings.NewReader(tt.in), "x")
			if err != nil {
				t.Fatal(err)
			}
			if rec.Header.Game != "race" || rec.Header.Seed != 3 || len(rec.Header.Seats) != 2 {
				t.Errorf("header = %+v", rec.Header)
			}
			if len(rec.Steps) != tt.steps {
				t.Errorf("%d steps, want %d", len(rec.Steps), tt.steps)
			}
		})
	}
}

func TestReadRecordErrors(t *testing.T) {
	header := `{"skald_record":1,"game":"race","rules":"race-1","options":{},"seed":3,"seats":["a","b"]}`
	step := `{"seat":0,"action":"add 1","hash":"01"}`
	long := `{"seat":0,"action":"` + strings.Repeat("x", 2<<20) + `"}`
	tests := []struct {
		name string
		in   string
		want []string // substrings of the error
	}{
		{"empty file", "", []string{"record rec.jsonl", "empty"}},
		{"only blank lines", "\n\n \n", []string{"record rec.jsonl", "empty"}},
		{"bad header json", "{\n", []string{"line 1 (header)"}},
		{"header not an object", "[1,2]\n", []string{"line 1 (header)"}},
		{"header null", "null\n", []string{"line 1 (header)", "skald_record"}},
		{"header unknown field", `{"skald_record":1,"game":"race","colour":"red"}`, []string{"line 1 (header)", `"colour"`}},
		{"header field of wrong type", `{"skald_record":1,"game":"race","seed":"three"}`, []string{"line 1 (header)", "seed"}},
		{"missing game", `{"skald_record":1,"rules":"x"}`, []string{"line 1 (header)", "field game: missing"}},
		{"empty game", `{"skald_record":1,"game":""}`, []string{"line 1 (header)", "field game"}},
		{"missing format", `{"game":"race"}`, []string{"line 1 (header)", "field skald_record", "format 0, want 1"}},
		{"wrong format", `{"skald_record":2,"game":"race"}`, []string{"line 1 (header)", "field skald_record", "format 2, want 1"}},
		{"header is a step", step + "\n", []string{"line 1 (header)"}},
		{"header after blank lines", "\n\n{\n", []string{"line 3 (header)"}},
		{"header trailing data", header + ` {"x":1}` + "\n", []string{"line 1 (header)", "after"}},
		{"bad step json", header + "\n" + step + "\n{\"seat\":\n", []string{"line 3"}},
		{"step unknown field", header + "\n" + `{"seat":0,"action":"add 1","why":"x"}`, []string{"line 2", `"why"`}},
		{"step field of wrong type", header + "\n" + `{"seat":"north","action":"add 1"}`, []string{"line 2", "seat"}},
		{"step seat out of range", header + "\n" + `{"seat":300,"action":"add 1"}`, []string{"line 2", "seat"}},
		{"missing action", header + "\n" + `{"seat":0,"hash":"01"}`, []string{"line 2", "field action: missing"}},
		{"empty action", header + "\n" + step + "\n" + `{"seat":0,"action":""}`, []string{"line 3", "field action: missing"}},
		{"step null", header + "\n" + "null", []string{"line 2", "field action"}},
		{"step line numbers count blank lines", header + "\n\n" + step + "\n\n" + `{"seat":0}`, []string{"line 5", "field action"}},
		{"two steps on a line", header + "\n" + step + step + "\n", []string{"line 2", "after"}},
		{"step trailing garbage", header + "\n" + step + " x\n", []string{"line 2", "after"}},
		{"second header", header + "\n" + header + "\n", []string{"line 2", `"skald_record"`}},
		{"line too long", header + "\n" + long + "\n", []string{"line 2", "too long"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := engine.ReadRecord(strings.NewReader(tt.in), "rec.jsonl")
			if err == nil {
				t.Fatalf("ReadRecord = %+v, want an error", rec)
			}
			if rec != nil {
				t.Errorf("ReadRecord returned a record with its error")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "record rec.jsonl") {
				t.Errorf("error %q does not start by naming the record", msg)
			}
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not say %q", msg, w)
				}
			}
		})
	}
}

type failReader struct{ err error }

func (r failReader) Read([]byte) (int, error) { return 0, r.err }

func TestReadRecordReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	_, err := engine.ReadRecord(failReader{boom}, "r")
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "record r line 1") {
		t.Errorf("err = %v", err)
	}
}

// failWriter fails every write after the first ok ones.
type failWriter struct {
	ok    int
	calls int
}

var errWrite = errors.New("no space left")

func (w *failWriter) Write(b []byte) (int, error) {
	w.calls++
	if w.calls > w.ok {
		return 0, errWrite
	}
	return len(b), nil
}

// syncBuffer is a buffer with a Sync method, like an *os.File.
type syncBuffer struct {
	bytes.Buffer
	syncs int
	err   error
}

func (b *syncBuffer) Sync() error { b.syncs++; return b.err }

func TestRecorderErrors(t *testing.T) {
	h := sampleRecord().Header
	if _, err := engine.NewRecorder(&failWriter{}, h); !errors.Is(err, errWrite) {
		t.Errorf("NewRecorder on a failing writer: %v", err)
	}

	w := &failWriter{ok: 2}
	r, err := engine.NewRecorder(w, h)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Add(engine.Step{Action: "add 1"}); err != nil {
		t.Fatal(err)
	}
	err = r.Add(engine.Step{Action: "add 2"})
	if !errors.Is(err, errWrite) || !strings.HasPrefix(err.Error(), "record: ") {
		t.Fatalf("Add = %v, want the write error", err)
	}
	// The error sticks; nothing more is written.
	if err2 := r.Add(engine.Step{Action: "add 3"}); err2 != err {
		t.Errorf("second Add = %v, want %v", err2, err)
	}
	if w.calls != 3 {
		t.Errorf("%d writes, want 3", w.calls)
	}

	// A writer with Sync is synced after every line.
	sb := &syncBuffer{}
	r, err = engine.NewRecorder(sb, h)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := r.Add(engine.Step{Action: "add 1"}); err != nil {
			t.Fatal(err)
		}
	}
	if sb.syncs != 4 {
		t.Errorf("%d syncs, want 4", sb.syncs)
	}
	sb.err = errors.New("sync failed")
	if err := r.Add(engine.Step{Action: "add 1"}); err == nil || !strings.Contains(err.Error(), "sync failed") {
		t.Errorf("Add with failing Sync = %v", err)
	}
}

// TestRecordGolden checks the exact bytes of a recorded match of race, and
// that the golden record still replays: a change to the record format, to
// the random stream or to hashing shows here. Run with -update to rewrite.
func TestRecordGolden(t *testing.T) {
	var buf bytes.Buffer
	m, err := engine.NewMatch(race{}, engine.Config{Seed: 2024, Options: engine.Options{"die": "d3"}}, []string{"alice", "bot"}, &buf)
	if err != nil {
		t.Fatal(err)
	}
	p := newPolicy(7)
	for !m.State.Deciders().Empty() {
		if err := m.Play(p.pick(m.State), nil); err != nil {
			t.Fatal(err)
		}
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(goldenRecord), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenRecord, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(goldenRecord)
	if err != nil {
		t.Fatalf("%v (run go test ./engine -run TestRecordGolden -update)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("record differs from %s (run with -update if intended):\ngot:\n%s\nwant:\n%s", goldenRecord, buf.Bytes(), want)
	}

	f, err := os.Open(goldenRecord)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := engine.ReadRecord(f, goldenRecord)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Steps) < 5 {
		t.Errorf("golden record has only %d steps", len(rec.Steps))
	}
	st, err := engine.Replay(race{}, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, over := st.Result(); !over {
		t.Error("the golden match does not end")
	}
	if got, want := engine.FormatHash(st.Hash()), rec.Steps[len(rec.Steps)-1].Hash; got != want {
		t.Errorf("final hash %s, record says %s", got, want)
	}
}

func FuzzReadRecord(f *testing.F) {
	f.Add([]byte(""))
	f.Add([]byte("\n"))
	f.Add([]byte("{}"))
	f.Add([]byte(`{"skald_record":1,"game":"g"}`))
	f.Add([]byte(`{"skald_record":1,"game":"g","options":{"a":"b"},"seats":["x"]}` + "\n" + `{"seat":1,"action":"a","hash":"h"}` + "\n"))
	f.Add([]byte(`{"skald_record":1,"game":"g"}` + "\n" + `{"seat":-1,"action":"\u00e9\ud800"}` + "\r\n\n"))
	f.Add([]byte(`{"skald_record":1.5,"game":"g"}`))
	if data, err := os.ReadFile(goldenRecord); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := engine.ReadRecord(bytes.NewReader(data), "fuzz")
		if err != nil {
			if rec != nil {
				t.Fatal("a record with an error")
			}
			if !strings.HasPrefix(err.Error(), "record fuzz") {
				t.Fatalf("error %q does not name the record", err)
			}
			return
		}
		if rec.Header.Format != engine.RecordFormat || rec.Header.Game == "" {
			t.Fatalf("accepted header %+v", rec.Header)
		}
		for i, s := range rec.Steps {
			if s.Action == "" {
				t.Fatalf("step %d has no action", i+1)
			}
		}
		// What was read writes out and reads back the same.
		var buf bytes.Buffer
		w, err := engine.NewRecorder(&buf, rec.Header)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range rec.Steps {
			if err := w.Add(s); err != nil {
				t.Fatal(err)
			}
		}
		again, err := engine.ReadRecord(bytes.NewReader(buf.Bytes()), "again")
		if err != nil {
			t.Fatalf("rewritten record does not read: %v\n%s", err, buf.Bytes())
		}
		if !reflect.DeepEqual(again, rec) {
			t.Fatalf("round trip changed the record:\n%+v\n%+v", rec, again)
		}
		// Every line is one JSON object.
		for _, line := range bytes.Split(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("\n")) {
			var m map[string]any
			if err := json.Unmarshal(line, &m); err != nil {
				t.Fatalf("line %s: %v", line, err)
			}
		}
	})
}
