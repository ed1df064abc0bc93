package ai

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"testing"

	"skald/engine"
	"skald/internal/testgame"
)

// newGame starts a match of the test game.
func newGame(tb testing.TB, seats int, seed uint64, opts engine.Options) engine.State {
	tb.Helper()
	s, err := testgame.Game{}.New(engine.Config{Seats: seats, Seed: seed, Options: opts})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// play plays s to its end, seat i choosing with bots[i], the lowest
// deciding seat first.
func play(tb testing.TB, s engine.State, bots []Bot) engine.Result {
	tb.Helper()
	for !s.Deciders().Empty() {
		seat := s.Deciders().First()
		a := bots[seat].Choose(s, seat)
		if err := s.Apply(a, nil); err != nil {
			tb.Fatalf("%s for seat %d: %v", bots[seat].Name(), seat, err)
		}
	}
	r, _ := s.Result()
	return r
}

// sealed wraps a state and fails the test when a bot uses anything of it
// that the deciding seat may not see.
type sealed struct {
	engine.State
	tb testing.TB
}

func (s sealed) forbid(what string) { s.tb.Fatalf("bot called %s on the real state", what) }

func (s sealed) Apply(engine.Action, *engine.Log) error { s.forbid("Apply"); return nil }
func (s sealed) View(engine.Seat) any                   { s.forbid("View"); return nil }
func (s sealed) Clone() engine.State                    { s.forbid("Clone"); return nil }
func (s sealed) Hash() uint64                           { s.forbid("Hash"); return 0 }
func (s sealed) Rand() *engine.Rand                     { s.forbid("Rand"); return nil }

// matrix is a one-shot game of simultaneous secret choices. Seat 0 picks
// A, B or C and seat 1 picks X or Y. A wins against X and loses against Y;
// B the other way round; C wins with probability 1/3 whatever seat 1 does.
// Seat 0's best is to mix A and B, worth 1/2, over C, worth 1/3; but a
// search that lets seat 1 react to seat 0's secret choice finds A and B
// always lost and prefers C.
type matrix struct {
	pick   [2]int8 // 0: none yet
	winner engine.Seat
	over   bool
	rng    engine.Rand
}

func (m *matrix) Deciders() engine.SeatSet {
	var d engine.SeatSet
	for seat, p := range m.pick {
		if p == 0 && !m.over {
			d = d.With(engine.Seat(seat))
		}
	}
	return d
}

func (m *matrix) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if !m.Deciders().Has(seat) {
		return buf
	}
	for k := 1; k <= 3-int(seat); k++ {
		buf = append(buf, engine.Action{Seat: seat, Kind: uint8(k)})
	}
	return buf
}

func (m *matrix) Apply(a engine.Action, _ *engine.Log) error {
	if !m.Deciders().Has(a.Seat) || a.Kind < 1 || int(a.Kind) > 3-int(a.Seat) {
		return engine.Illegal("matrix", "not legal")
	}
	m.pick[a.Seat] = int8(a.Kind)
	if m.Deciders().Empty() {
		m.over = true
		switch {
		case m.pick[0] == 3:
			m.winner = engine.Seat(min(m.rng.D3()-1, 1))
		case m.pick[0] == m.pick[1]:
			m.winner = 0
		default:
			m.winner = 1
		}
	}
	return nil
}

func (m *matrix) View(seat engine.Seat) any { return nil }

func (m *matrix) Result() (engine.Result, bool) {
	return engine.Result{Winners: engine.Seats(m.winner)}, m.over
}

func (m *matrix) Clone() engine.State {
	c := *m
	c.rng = m.rng.Clone()
	return &c
}

func (m *matrix) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	c := *m
	c.rng = engine.NewRand(r.Uint64())
	if o := 1 - seat; !c.over && c.pick[o] != 0 {
		c.pick[o] = int8(1 + r.IntN(3-int(o)))
	}
	return &c
}

func (m *matrix) Hash() uint64 {
	return uint64(m.pick[0]) | uint64(m.pick[1])<<8 | uint64(m.winner)<<16
}

func (m *matrix) Rand() *engine.Rand { return &m.rng }

func (m *matrix) FormatAction(a engine.Action) string { return strconv.Itoa(int(a.Kind)) }

func (m *matrix) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	n, err := strconv.Atoi(text)
	return engine.Action{Seat: seat, Kind: uint8(n)}, err
}

// endless is a game that never ends: seat 0 always passes.
type endless struct{ n int }

func (e *endless) Deciders() engine.SeatSet { return engine.Seats(0) }
func (e *endless) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if seat != 0 {
		return buf
	}
	return append(buf, engine.Action{}, engine.Action{Kind: 1})
}
func (e *endless) Apply(engine.Action, *engine.Log) error             { e.n++; return nil }
func (e *endless) View(engine.Seat) any                               { return e.n }
func (e *endless) Result() (engine.Result, bool)                      { return engine.Result{}, false }
func (e *endless) Clone() engine.State                                { c := *e; return &c }
func (e *endless) Determinize(engine.Seat, *engine.Rand) engine.State { return e.Clone() }
func (e *endless) Hash() uint64                                       { return uint64(e.n) }
func (e *endless) Rand() *engine.Rand                                 { return nil }
func (e *endless) FormatAction(a engine.Action) string                { return fmt.Sprint(a.Kind) }
func (e *endless) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	return engine.Action{}, nil
}

// climb is an endless game that can judge itself: seat 0 steps up (kind 1)
// or down (kind 0), and a position is worth more the higher it stands.
// The first step counts tenfold, so the best first step is up.
type climb struct {
	endless
	height int
	evals  *int
}

func (c *climb) Apply(a engine.Action, _ *engine.Log) error {
	step := 1
	if c.n == 0 {
		step = 10
	}
	if a.Kind == 0 {
		step = -step
	}
	c.height += step
	c.n++
	return nil
}
func (c *climb) Clone() engine.State                                { d := *c; return &d }
func (c *climb) Determinize(engine.Seat, *engine.Rand) engine.State { return c.Clone() }
func (c *climb) Evaluate(seat engine.Seat) float64 {
	*c.evals++
	return 1 / (1 + math.Exp(-float64(c.height)/5))
}

// echo is a game whose legal lists name actions more than once, in an
// order that depends on what the deciding seat cannot see. Seat 0 picks
// kind 1, 2 or 3 three times from a list naming kind 1 three times, rotated
// by a hidden offset that Determinize deals again; it wins if it picks 2
// every time, and seat 1, which never decides, wins otherwise.
type echo struct {
	picks  []uint8
	offset int
}

const echoPicks = 3

var echoList = [5]uint8{1, 2, 1, 3, 1}

func (e *echo) Deciders() engine.SeatSet {
	if len(e.picks) == echoPicks {
		return 0
	}
	return engine.Seats(0)
}

func (e *echo) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if !e.Deciders().Has(seat) {
		return buf
	}
	for i := range echoList {
		buf = append(buf, engine.Action{Seat: 0, Kind: echoList[(i+e.offset)%len(echoList)]})
	}
	return buf
}

func (e *echo) Apply(a engine.Action, _ *engine.Log) error {
	if !e.Deciders().Has(a.Seat) || a.Kind < 1 || a.Kind > 3 {
		return engine.Illegal("echo", "not legal")
	}
	e.picks = append(e.picks, a.Kind)
	e.offset = (e.offset + 1) % len(echoList)
	return nil
}

func (e *echo) View(engine.Seat) any { return e.picks }

func (e *echo) Result() (engine.Result, bool) {
	if len(e.picks) < echoPicks {
		return engine.Result{}, false
	}
	for _, p := range e.picks {
		if p != 2 {
			return engine.Result{Winners: engine.Seats(1)}, true
		}
	}
	return engine.Result{Winners: engine.Seats(0)}, true
}

func (e *echo) Clone() engine.State {
	c := *e
	c.picks = slices.Clone(e.picks)
	return &c
}

func (e *echo) Determinize(_ engine.Seat, r *engine.Rand) engine.State {
	c := e.Clone().(*echo)
	c.offset = r.IntN(len(echoList))
	return c
}

func (e *echo) Hash() uint64                        { return uint64(len(e.picks)<<8 | e.offset) }
func (e *echo) Rand() *engine.Rand                  { return nil }
func (e *echo) FormatAction(a engine.Action) string { return strconv.Itoa(int(a.Kind)) }
func (e *echo) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	n, err := strconv.Atoi(text)
	return engine.Action{Seat: seat, Kind: uint8(n)}, err
}
