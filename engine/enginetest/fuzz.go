package enginetest

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"skald/engine"
)

// maxFuzzPositions is the most positions of a match FuzzParseAction
// parses against.
const maxFuzzPositions = 12

// FuzzParseAction fuzzes the ParseAction of g's matches; call it from a
// game's Fuzz target, with the texts people type as seeds:
//
//	func FuzzParseAction(f *testing.F) {
//		enginetest.FuzzParseAction(f, New(), engine.Config{Seats: 2, Seed: 1}, "force 2", "weapon bow")
//	}
//
// It plays one seeded random match of cfg (its options completed with the
// defaults) and keeps positions along it (steps 0, 1, 2, 4, 8, … and the
// last). Each input names a position, a seat (from the spectator to one
// past the last) and a text. A text that parses must parse for that seat,
// and its action's text must parse back to the same action; applied to
// the position, the action must either be one of the seat's legal actions
// or be refused with an *engine.IllegalError citing a rule, leaving the
// hash as it was. Nothing may panic. The seed corpus holds seeds, at
// every position, and the texts of legal actions there; go test runs it,
// and go test -fuzz=FuzzParseAction explores from it.
func FuzzParseAction(f *testing.F, g engine.Game, cfg engine.Config, seeds ...string) {
	f.Helper()
	positions, texts, err := fuzzPositions(g, cfg)
	if err != nil {
		f.Fatalf("%s: %v", g.Name(), err)
	}
	for _, s := range seeds {
		f.Add(uint8(0), uint8(1), s)
	}
	for _, t := range texts {
		f.Add(t.pos, t.seat, t.text)
	}
	for _, s := range []string{"", " ", "\x00", "9999999999999999999999"} {
		f.Add(uint8(len(positions)-1), uint8(1), s)
	}
	seats := positions[0].seats
	f.Fuzz(func(t *testing.T, pos, seatByte uint8, text string) {
		p := positions[int(pos)%len(positions)]
		seat := engine.Seat(int(seatByte)%(seats+2) - 1)
		st := p.state.Clone()
		where := fmt.Sprintf("%s (%d seats, options %s) seed %d, step %d, seat %d: %q",
			g.Name(), seats, p.opts, cfg.Seed, p.step, seat, text)
		a, err := parse(st, seat, text)
		if err != nil {
			var pe panicked
			if errors.As(err, &pe) {
				t.Fatalf("%s: ParseAction panics: %v", where, err)
			}
			return
		}
		if a.Seat != seat {
			t.Fatalf("%s parses to an action of seat %d: %+v", where, a.Seat, a)
		}
		again := st.FormatAction(a)
		if b, err := parse(st, seat, again); err != nil || b != a {
			t.Fatalf("%s parses to %+v, whose text %q parses to %+v, %v", where, a, again, b, err)
		}
		legal := slices.Contains(st.Legal(seat, nil), a)
		h := st.Hash()
		err = apply(st, a)
		var ill *engine.IllegalError
		var pe panicked
		switch {
		case errors.As(err, &pe):
			t.Fatalf("%s: Apply panics on %+v: %v", where, a, err)
		case err == nil && !legal:
			t.Fatalf("%s: Apply accepts %+v, which is not a legal action of the seat", where, a)
		case err != nil && legal:
			t.Fatalf("%s: the legal action %+v is refused: %v", where, a, err)
		case err == nil:
		case !errors.As(err, &ill):
			t.Fatalf("%s: %+v is refused with %T %v, not an *engine.IllegalError", where, a, err, err)
		case ill.Rule == "" || ill.Why == "":
			t.Fatalf("%s: %+v is refused without a rule or a reason: %+v", where, a, ill)
		case st.Hash() != h:
			t.Fatalf("%s: %+v is refused but the hash changed", where, a)
		}
	})
}

// fuzzPosition is a position FuzzParseAction parses against.
type fuzzPosition struct {
	state engine.State
	step  int
	seats int
	opts  engine.Options
}

// fuzzText is a seed of the corpus.
type fuzzText struct {
	pos, seat uint8
	text      string
}

// fuzzPositions plays one random match of cfg and returns positions along
// it, and the texts of the first and last legal actions of each deciding
// seat there.
func fuzzPositions(g engine.Game, cfg engine.Config) ([]fuzzPosition, []fuzzText, error) {
	opts, err := engine.Resolve(g.Options(), cfg.Options)
	if err != nil {
		return nil, nil, err
	}
	cfg.Options = opts
	if cfg.Seats == 0 {
		cfg.Seats, _ = g.Seats()
	}
	s, err := g.New(cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("the match does not start: %w", err)
	}
	r := engine.NewRand(^cfg.Seed)
	var positions []fuzzPosition
	var texts []fuzzText
	keep := func(step int) {
		pos := uint8(len(positions))
		positions = append(positions, fuzzPosition{state: s.Clone(), step: step, seats: cfg.Seats, opts: opts})
		for _, seat := range s.Deciders().List() {
			legal := s.Legal(seat, nil)
			for _, a := range []engine.Action{legal[0], legal[len(legal)-1]} {
				texts = append(texts, fuzzText{pos, uint8(seat + 1), s.FormatAction(a)})
			}
		}
	}
	next := 0 // the next step to keep
	for step := 0; ; step++ {
		if step == next && len(positions) < maxFuzzPositions-1 {
			keep(step)
			next = max(1, 2*next)
		}
		seat := s.Deciders().First()
		if seat == engine.Spectator {
			if positions[len(positions)-1].step != step {
				keep(step)
			}
			return positions, texts, nil
		}
		if step == MaxSteps {
			return nil, nil, fmt.Errorf("seed %d: not over after %d actions", cfg.Seed, step)
		}
		legal := s.Legal(seat, nil)
		if len(legal) == 0 {
			return nil, nil, fmt.Errorf("seed %d, step %d: seat %d decides but has no legal action", cfg.Seed, step, seat)
		}
		if err := s.Apply(legal[r.IntN(len(legal))], nil); err != nil {
			return nil, nil, fmt.Errorf("seed %d, step %d: a legal action is refused: %w", cfg.Seed, step, err)
		}
	}
}

// panicked is the error of a call that panicked.
type panicked struct{ v any }

func (p panicked) Error() string { return fmt.Sprintf("panic: %v", p.v) }

// parse calls ParseAction, turning a panic into a panicked error.
func parse(s engine.State, seat engine.Seat, text string) (a engine.Action, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicked{p}
		}
	}()
	return s.ParseAction(seat, text)
}

// apply calls Apply, turning a panic into a panicked error.
func apply(s engine.State, a engine.Action) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicked{p}
		}
	}()
	return s.Apply(a, nil)
}
