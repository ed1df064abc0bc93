package bloodrage

import (
	_ "embed"
	"fmt"

	"skald/engine"
)

// RulesVersion is the version of the rules and content this package plays.
const RulesVersion = "bloodrage-1"

//go:embed rules.md
var rulesText string

// Game is Blood Rage.
type Game struct {
	c      *Content
	names  [fjord0 + numFjords]provName // the printable names of the locations
	copies []cardSet                    // for each card, the cards with its id
}

// New returns Blood Rage played with the embedded content.
func New() *Game { return NewWithContent(DefaultContent()) }

// NewWithContent returns Blood Rage played with other content, such as the
// values of a printed copy entered by its owner.
func NewWithContent(c *Content) *Game {
	g := &Game{c: c}
	for p := range c.Provinces {
		g.names[p].p = &c.Provinces[p]
	}
	for f := range c.Fjords {
		g.names[fjord0+f].f = &c.Fjords[f]
	}
	g.copies = make([]cardSet, len(c.Cards))
	for i := range c.Cards {
		for j := range c.Cards {
			if c.Cards[i].ID == c.Cards[j].ID {
				g.copies[i].add(int16(j))
			}
		}
	}
	return g
}

// Name returns "bloodrage".
func (g *Game) Name() string { return "bloodrage" }

// Title returns the game's full name.
func (g *Game) Title() string { return "Blood Rage" }

// RulesVersion returns the version of the rules played.
func (g *Game) RulesVersion() string { return RulesVersion }

// Seats returns 2 and 5: two to four clans, and the Ram with the fifth
// player's box (reference §1.1).
func (g *Game) Seats() (min, max int) { return 2, maxClans }

// SeatName returns the clan of seat: wolf, raven, serpent, bear or ram.
func (g *Game) SeatName(seat engine.Seat) string {
	if seat >= 0 && int(seat) < maxClans {
		return clanNames[seat]
	}
	return "spectator"
}

// Rules returns the rules reference.
func (g *Game) Rules() string { return rulesText }

// Options lists the match options.
func (g *Game) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "monsters", Default: "base", Choices: []string{"base", "kickstarter"},
			Help: "kickstarter adds the Kickstarter monsters to the Age decks (Blood Rage, components)"},
	}
}

// New starts a match (reference §1.5): pillage tokens shuffled onto the
// outer provinces, three Ragnarök tokens on the Age track, provinces
// destroyed by player count, clans on the first step of each track with
// 6 Rage, and the first Age's draft dealt.
func (g *Game) New(cfg engine.Config) (engine.State, error) {
	n := cfg.Seats
	if n == 0 {
		n = 4
	}
	if n < 2 || n > maxClans {
		return nil, fmt.Errorf("bloodrage is played by 2 to 5 clans, not %d", n)
	}
	opts, err := engine.Resolve(g.Options(), cfg.Options)
	if err != nil {
		return nil, err
	}
	s := &State{g: g, c: g.c, rng: engine.NewRand(cfg.Seed), n: int8(n)}
	s.kickstarter = opts["monsters"] == "kickstarter"
	s.setup(nil)
	return s, nil
}
