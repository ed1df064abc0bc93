package sim

import (
	"skald/engine"
)

// firstWins is a game of three passes each in turn that seat 0 wins. With
// panicAt, the panicAt-th action panics; with refuseAt, Apply refuses the
// refuseAt-th action, which Legal offered; with stuck, the game never says
// it is over. With odd, only matches of odd seeds break so. Its result
// names the winner alone, without places, unless scores gives each seat's
// score (engine.Ranked) or result gives the whole result.
type firstWins struct {
	panicAt, refuseAt int
	stuck, odd        bool
	scores            []float64
	result            *engine.Result
}

func (firstWins) Name() string                 { return "firstwins" }
func (firstWins) Title() string                { return "First Wins" }
func (firstWins) RulesVersion() string         { return "1" }
func (firstWins) Seats() (int, int)            { return 2, 5 }
func (firstWins) Options() []engine.OptionSpec { return nil }
func (firstWins) Rules() string                { return "Seat 0 wins after three rounds of passes." }
func (g firstWins) New(cfg engine.Config) (engine.State, error) {
	if g.odd && cfg.Seed%2 == 0 {
		g = firstWins{scores: g.scores, result: g.result}
	}
	return &firstState{g: g, seats: cfg.Seats}, nil
}

type firstState struct {
	g     firstWins
	seats int
	n     int
}

func (s *firstState) over() bool { return s.n >= 3*s.seats }

func (s *firstState) Deciders() engine.SeatSet {
	if s.over() {
		return 0
	}
	return engine.Seats(engine.Seat(s.n % s.seats))
}

func (s *firstState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if !s.Deciders().Has(seat) {
		return buf
	}
	return append(buf, engine.Action{Seat: seat})
}

func (s *firstState) Apply(a engine.Action, _ *engine.Log) error {
	if !s.Deciders().Has(a.Seat) {
		return engine.Illegal("turn", "not your turn")
	}
	if s.n+1 == s.g.refuseAt {
		return engine.Illegal("refuse", "refused on purpose")
	}
	s.n++
	if s.n == s.g.panicAt {
		panic("boom")
	}
	return nil
}

func (s *firstState) View(engine.Seat) any { return s.n }

func (s *firstState) Result() (engine.Result, bool) {
	over := s.over() && !s.g.stuck
	switch {
	case s.g.result != nil:
		return *s.g.result, over
	case s.g.scores != nil:
		return engine.Ranked(s.g.scores[:s.seats], "scores"), over
	}
	return engine.Result{Winners: engine.Seats(0)}, over
}

func (s *firstState) Clone() engine.State                                { c := *s; return &c }
func (s *firstState) Determinize(engine.Seat, *engine.Rand) engine.State { return s.Clone() }
func (s *firstState) Hash() uint64                                       { return uint64(s.n) }
func (s *firstState) Rand() *engine.Rand                                 { return nil }
func (s *firstState) FormatAction(engine.Action) string                  { return "pass" }
func (s *firstState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	return engine.Action{Seat: seat}, nil
}
