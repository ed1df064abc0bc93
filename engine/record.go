package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// RecordFormat is the version of the record file format.
const RecordFormat = 1

// Header is the first line of a match record.
type Header struct {
	Format  int      `json:"skald_record"`
	Game    string   `json:"game"`
	Rules   string   `json:"rules"`
	Options Options  `json:"options"`
	Seed    uint64   `json:"seed"`
	Seats   []string `json:"seats"`
}

// Step is one recorded action with the state hash after it.
type Step struct {
	Seat   Seat   `json:"seat"`
	Action string `json:"action"`
	Hash   string `json:"hash"`
}

// Record is a whole match: its header and every action in order. It is
// written as JSON lines, the header first and then one line per action.
type Record struct {
	Header Header
	Steps  []Step
}

// Config returns the configuration the record's match was started with.
func (r *Record) Config() Config {
	return Config{Seats: len(r.Header.Seats), Seed: r.Header.Seed, Options: r.Header.Options}
}

// FormatHash returns the text form of a state hash used in records.
func FormatHash(h uint64) string { return fmt.Sprintf("%016x", h) }

// Recorder writes a match record line by line as the match goes, so that
// nothing accepted is lost if the program stops.
type Recorder struct {
	w   io.Writer
	err error
}

// NewRecorder writes h to w and returns a recorder for the steps.
func NewRecorder(w io.Writer, h Header) (*Recorder, error) {
	h.Format = RecordFormat
	rec := &Recorder{w: w}
	if err := rec.line(h); err != nil {
		return nil, err
	}
	return rec, nil
}

// Add writes one step.
func (r *Recorder) Add(s Step) error { return r.line(s) }

func (r *Recorder) line(v any) error {
	if r.err != nil {
		return r.err
	}
	b, err := json.Marshal(v)
	if err != nil {
		r.err = fmt.Errorf("record: %w", err)
		return r.err
	}
	b = append(b, '\n')
	if _, err := r.w.Write(b); err != nil {
		r.err = fmt.Errorf("record: %w", err)
		return r.err
	}
	if s, ok := r.w.(interface{ Sync() error }); ok {
		if err := s.Sync(); err != nil {
			r.err = fmt.Errorf("record: sync: %w", err)
		}
	}
	return r.err
}

// ReadRecord reads a record written by a Recorder. name is used in errors.
// Blank lines are skipped; the first other line is the header.
func ReadRecord(rd io.Reader, name string) (*Record, error) {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var rec *Record
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if rec == nil {
			rec = &Record{}
			if err := decodeLine(b, &rec.Header); err != nil {
				return nil, fmt.Errorf("record %s line %d (header): %w", name, line, err)
			}
			if rec.Header.Format != RecordFormat {
				return nil, fmt.Errorf("record %s line %d (header): field skald_record: format %d, want %d", name, line, rec.Header.Format, RecordFormat)
			}
			if rec.Header.Game == "" {
				return nil, fmt.Errorf("record %s line %d (header): field game: missing", name, line)
			}
			continue
		}
		var s Step
		if err := decodeLine(b, &s); err != nil {
			return nil, fmt.Errorf("record %s line %d: %w", name, line, err)
		}
		if s.Action == "" {
			return nil, fmt.Errorf("record %s line %d: field action: missing", name, line)
		}
		rec.Steps = append(rec.Steps, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("record %s line %d: %w", name, line+1, err)
	}
	if rec == nil {
		return nil, fmt.Errorf("record %s: empty", name)
	}
	return rec, nil
}

// decodeLine decodes the one JSON value of a record line into v, refusing
// unknown fields and anything after the value.
func decodeLine(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

// DivergenceError reports the first step at which a record does not replay.
type DivergenceError struct {
	Step   int // 1-based index of the action
	Action string
	Why    string
}

func (e *DivergenceError) Error() string {
	return "replay diverges at action " + strconv.Itoa(e.Step) + " (" + e.Action + "): " + e.Why
}

// Replay plays rec's actions on a new match of g, checking the state hash
// after every action. The match is started as [NewMatch] starts one: the
// header's options are checked and completed with their defaults. step, if
// not nil, is called after each action with its events, in a slice of its
// own that step may keep. It returns the final state, or a
// *DivergenceError at the first action that is illegal or leads to another
// hash.
func Replay(g Game, rec *Record, step func(i int, s Step, events []Event)) (State, error) {
	if rec.Header.Game != g.Name() {
		return nil, fmt.Errorf("record is of game %q, not %q", rec.Header.Game, g.Name())
	}
	if rec.Header.Rules != g.RulesVersion() {
		return nil, fmt.Errorf("record was made under rules %q; this skald plays %s rules %q", rec.Header.Rules, g.Name(), g.RulesVersion())
	}
	cfg := rec.Config()
	opts, err := Resolve(g.Options(), cfg.Options)
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	cfg.Options = opts
	st, err := g.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	for i, s := range rec.Steps {
		a, err := st.ParseAction(s.Seat, s.Action)
		if err != nil {
			return st, &DivergenceError{Step: i + 1, Action: s.Action, Why: err.Error()}
		}
		var events Log // not reused: step may keep it
		if err := st.Apply(a, &events); err != nil {
			return st, &DivergenceError{Step: i + 1, Action: s.Action, Why: err.Error()}
		}
		if got := FormatHash(st.Hash()); s.Hash != "" && got != s.Hash {
			return st, &DivergenceError{Step: i + 1, Action: s.Action, Why: "state hash " + got + ", record says " + s.Hash}
		}
		if step != nil {
			step(i+1, s, events)
		}
	}
	return st, nil
}
