package engine

import (
	"fmt"
	"io"
)

// Match is a match being played and, when it has a writer, recorded.
type Match struct {
	Game  Game
	State State
	// Record holds every action accepted so far.
	Record Record
	rec    *Recorder
}

// NewMatch starts a match of g. seats names who plays each seat (a bot's
// name or "human"). When w is not nil, the record is written to it as the
// match goes.
func NewMatch(g Game, cfg Config, seats []string, w io.Writer) (*Match, error) {
	lo, hi := g.Seats()
	if cfg.Seats == 0 {
		cfg.Seats = len(seats)
	}
	if cfg.Seats < lo || cfg.Seats > hi {
		return nil, fmt.Errorf("%s is played by %d to %d seats, not %d", g.Name(), lo, hi, cfg.Seats)
	}
	if len(seats) != cfg.Seats {
		return nil, fmt.Errorf("%d seats named for %d seats", len(seats), cfg.Seats)
	}
	opts, err := Resolve(g.Options(), cfg.Options)
	if err != nil {
		return nil, err
	}
	cfg.Options = opts
	st, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	m := &Match{Game: g, State: st}
	m.Record.Header = Header{Format: RecordFormat, Game: g.Name(), Rules: g.RulesVersion(), Options: opts.ForSeats(g.Options(), cfg.Seats), Seed: cfg.Seed, Seats: seats}
	if w != nil {
		if m.rec, err = NewRecorder(w, m.Record.Header); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Play applies a and records it. An illegal action changes nothing.
func (m *Match) Play(a Action, log *Log) error {
	text := m.State.FormatAction(a)
	if err := m.State.Apply(a, log); err != nil {
		return err
	}
	s := Step{Seat: a.Seat, Action: text, Hash: FormatHash(m.State.Hash())}
	m.Record.Steps = append(m.Record.Steps, s)
	if m.rec != nil {
		return m.rec.Add(s)
	}
	return nil
}
