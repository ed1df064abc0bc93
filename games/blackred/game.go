package blackred

import (
	_ "embed"
	"fmt"
	"strconv"

	"skald/engine"
)

// RulesVersion is the version of the rules and content this package plays.
// blackred-2: a deck holding only unit cards has run out (BR-14), which
// changes how some matches recorded under blackred-1 play on.
const RulesVersion = "blackred-2"

//go:embed rules.md
var rulesText string

// Game is Black & Red.
type Game struct {
	content *Content
	tab     *tables // the content as the rules read it
}

// New returns Black & Red played with the embedded content.
func New() *Game { return NewWithContent(DefaultContent()) }

// NewWithContent returns Black & Red played with other content, such as a
// designer's variant of the decks.
func NewWithContent(c *Content) *Game { return &Game{content: c, tab: newTables(c)} }

// Name returns "blackred".
func (g *Game) Name() string { return "blackred" }

// Title returns the game's full name.
func (g *Game) Title() string { return "Black & Red, a card battle game for two" }

// RulesVersion returns the version of the rules played.
func (g *Game) RulesVersion() string { return RulesVersion }

// Seats returns 2 and 2: Black and Red.
func (g *Game) Seats() (min, max int) { return 2, 2 }

// SeatName returns "black" or "red".
func (g *Game) SeatName(seat engine.Seat) string {
	if seat == Black || seat == Red {
		return colourNames[seat]
	}
	return "spectator"
}

// Rules returns the concise rules reference.
func (g *Game) Rules() string { return rulesText }

// Options lists the match options.
func (g *Game) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "units", Default: "6", Min: 1, Max: maxUnits,
			Help: "units per player, agreed before the game (Black & Red rules, Game setup: of the 48 unit cards)"},
		{Name: "first", Default: "random", Choices: []string{"random", "black", "red"},
			Help: "who attacks first (Black & Red rules, Game setup: \"Decide how will start being the attacker\"); random rolls a D2"},
	}
}

// New starts a match: the strategy deck is shuffled and each player draws
// three cards, then both battle decks are shuffled (seed 002, "Game setup").
func (g *Game) New(cfg engine.Config) (engine.State, error) {
	if cfg.Seats != 0 && cfg.Seats != 2 {
		return nil, fmt.Errorf("blackred is played by 2 seats, not %d", cfg.Seats)
	}
	opts, err := engine.Resolve(g.Options(), cfg.Options)
	if err != nil {
		return nil, err
	}
	units, _ := strconv.Atoi(opts["units"])
	s := &State{c: g.content, t: g.tab, rng: engine.NewRand(cfg.Seed), units: uint8(units), lastWinner: none, battleView: &battleViewCache{}}
	for i := range s.side {
		sd := &s.side[i]
		sd.alive = 1<<uint(units) - 1
		for k := range sd.hand {
			sd.hand[k] = none
		}
		sd.played, sd.weapon, sd.forced = none, none, none
		n := len(g.content.Decks[i])
		for k := range n {
			sd.deck[n-1-k] = uint8(k) // card k at place k from the top
		}
		sd.nDeck = uint8(n)
	}
	for k := range s.strat {
		s.strat[k] = uint8(k)
	}
	s.nStrat = numStrategy
	s.shuffleStrategy()
	for i := range s.side {
		for k := 0; k < maxHand; k++ {
			s.draw(engine.Seat(i), nil)
		}
	}
	s.shuffleDeck(Black)
	s.shuffleDeck(Red)
	// What happens before the first action is announced like any battle's
	// start, in the views (issue 21, item 5): the engine has no events
	// before the first action.
	var ev engine.Log
	switch opts["first"] {
	case "black":
		s.attacker = Black
		ev.Add(engine.Everyone, "battle.first", "black attacks first (option first=black)")
	case "red":
		s.attacker = Red
		ev.Add(engine.Everyone, "battle.first", "red attacks first (option first=red)")
	default:
		roll := s.rng.Roll(2)
		s.attacker = engine.Seat(roll - 1)
		ev.Add(engine.Everyone, "battle.first", "the D2 for the first attacker rolls %d: %s attacks first", roll, colour(s.attacker))
	}
	s.first = s.attacker
	s.startBattle(&ev)
	s.opening = ev
	return s, nil
}
