// Package wintergrim is Wintergrim – A Nattsmyg Card Game (seed 000): two
// or more players, each with a deck of 50 cards, build structures in their
// areas, hire units, move them along paths into enemy areas and attack,
// with tactics played at any time and weather over every area. The first
// edition's two decks, Asheim and Vanheim, are data in data/; the rules
// the manual leaves open are decided in docs/rulings/wintergrim.md.
package wintergrim

import (
	_ "embed"
	"fmt"
	"strconv"

	"skald/engine"
)

// RulesVersion is the version of the rules and content this package plays.
// Version 2: the tactic window is a decide.Window (the state hash covers
// it differently) and a draw with 3–4 players is between the players
// still in (WG-40), so records of version 1 do not replay.
const RulesVersion = "wintergrim-3"

//go:embed rules.md
var rulesText string

// Game is Wintergrim.
type Game struct {
	c *Content
}

// New returns Wintergrim played with the embedded cards and decks.
func New() *Game { return &Game{c: DefaultContent()} }

// NewWithContent returns Wintergrim played with other cards, such as a
// designer's variant.
func NewWithContent(c *Content) *Game { return &Game{c: c} }

// Content returns the cards the game is played with.
func (g *Game) Content() *Content { return g.c }

// Name returns "wintergrim".
func (g *Game) Name() string { return "wintergrim" }

// Title returns the game's full name.
func (g *Game) Title() string { return "Wintergrim – A Nattsmyg Card Game" }

// RulesVersion returns the version of the rules played.
func (g *Game) RulesVersion() string { return RulesVersion }

// Seats returns 2 and 4 (seed 000: "designed for 2 or more players"; WG-1).
func (g *Game) Seats() (min, max int) { return 2, MaxSeats }

var seatNames = [MaxSeats]string{"one", "two", "three", "four"}

// SeatName returns "one", "two", "three" or "four".
func (g *Game) SeatName(seat engine.Seat) string {
	if seat >= 0 && int(seat) < MaxSeats {
		return seatNames[seat]
	}
	return "spectator"
}

// Rules returns the rules reference.
func (g *Game) Rules() string { return rulesText }

// Options lists the match options.
func (g *Game) Options() []engine.OptionSpec {
	deckHelp := "(asheim, vanheim, or FILE (also @FILE): a deck list of 50 cards, \"N Name\" a line; at most 4 with one name, realms may be mixed: Wintergrim rules, General Questions)"
	return []engine.OptionSpec{
		{Name: "deck", File: true, Default: "asheim", Help: "seat one's deck " + deckHelp},
		{Name: "deck2", File: true, Default: "vanheim", Help: "seat two's deck " + deckHelp},
		{Name: "deck3", File: true, Default: "asheim", Seats: 3, Help: "seat three's deck, in a game of three or four"},
		{Name: "deck4", File: true, Default: "vanheim", Seats: 4, Help: "seat four's deck, in a game of four"},
		{Name: "mode", Default: modeNames[ModeDestroy], Choices: modeNames[:],
			Help: "game mode (Wintergrim rules, Game modes): destroy (no HQ left loses), assassinate (losing the marked worker/leader loses), conquer (control every path put into play at setup), enslave (first to capture 2 units)"},
		{Name: "turns", Default: "40", Min: 1, Max: 1000,
			Help: "turns each player plays before the game ends in a draw (ruling WG-40; the rules: a game \"could theoretically last forever\")"},
	}
}

// config is a match's resolved options, shared by its clones.
type config struct {
	mode  int
	turns int
	decks [MaxSeats]Deck
}

// New starts a match: the decks are dealt to their seats, and the players
// roll for who searches first.
func (g *Game) New(cfg engine.Config) (engine.State, error) {
	seats := cfg.Seats
	if seats == 0 {
		seats = 2
	}
	if seats < 2 || seats > MaxSeats {
		return nil, fmt.Errorf("wintergrim is played by 2 to %d seats, not %d", MaxSeats, seats)
	}
	opts, err := engine.Resolve(g.Options(), cfg.Options)
	if err != nil {
		return nil, err
	}
	conf := &config{}
	conf.mode = index(modeNames[:], opts["mode"])
	conf.turns, _ = strconv.Atoi(opts["turns"])
	for i := 0; i < seats; i++ {
		name := "deck"
		if i > 0 {
			name = "deck" + strconv.Itoa(i+1)
		}
		d, err := g.c.deckOption(name, opts[name])
		if err != nil {
			return nil, err
		}
		if err := g.c.checkSetup(d, conf.mode); err != nil {
			return nil, fmt.Errorf("option %s: %w", name, err)
		}
		conf.decks[i] = d
	}
	s := &State{g: g, conf: conf, rng: engine.NewRand(cfg.Seed), seats: int8(seats)}
	s.reset()
	return s, nil
}

// reset deals the decks, unshuffled, and starts the setup roll.
func (s *State) reset() {
	for i := range s.c {
		s.c[i] = card{area: none, in: none, holder: -1}
	}
	for i := 0; i < int(s.seats); i++ {
		p := &s.p[i]
		*p = player{}
		for k, def := range s.conf.decks[i].Cards {
			id := int16(i*DeckSize + k)
			s.c[id].def = def
			// The list's first card ends at the bottom: the deck is
			// shuffled after the search anyway.
			p.deck[k] = id
		}
		p.n = DeckSize
	}
	s.stage, s.active, s.phase, s.turn = stRoll, 0, phStart, 0
	s.weather, s.berserk = none, none
	s.pay = payment{card: none, where: none, target: none}
	s.atk = attack{attacker: none, target: none}
	s.win = window{moved: none, from: none}
	s.nchain = 0
	s.capture.victim, s.capture.captor = none, -1
	s.finder = none
	s.ended = false
	s.result = engine.Result{}
}
