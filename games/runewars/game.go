package runewars

import (
	_ "embed"
	"fmt"
	"strconv"

	"skald/engine"
)

// RulesVersion is the version of the rules and content this package plays.
const RulesVersion = "runewars-1"

//go:embed rules.md
var rulesText string

// Game is Runewars (Revised Edition) with the Banners of War rules the
// seed summarises; this part plays the map, the factions, the seasons,
// the orders, the battles and the dragon runes.
type Game struct {
	c *Content
}

// New returns Runewars played with the embedded content.
func New() *Game { return NewWithContent(DefaultContent()) }

// NewWithContent returns Runewars played with other content, such as the
// printed tiles and faction sheets entered by an owner of the game.
func NewWithContent(c *Content) *Game { return &Game{c: c} }

// Name returns "runewars".
func (g *Game) Name() string { return "runewars" }

// Title returns the game's full name.
func (g *Game) Title() string { return "Runewars" }

// RulesVersion returns the version of the rules played.
func (g *Game) RulesVersion() string { return RulesVersion }

// Seats returns 2 and 4 (Runewars rules: 2-4 players).
func (g *Game) Seats() (min, max int) { return 2, maxPlayers }

// SeatName returns the faction of seat: seat 0 plays the first faction of
// the content (the Daqan Lords), seat 1 the second, and so on (RW-R2).
func (g *Game) SeatName(seat engine.Seat) string {
	if seat >= 0 && int(seat) < len(g.c.Factions) {
		return g.c.Factions[seat].ID
	}
	return "spectator"
}

// Rules returns the rules reference.
func (g *Game) Rules() string { return rulesText }

// Options lists the match options.
func (g *Game) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "years", Default: "6", Min: 1, Max: 7,
			Help: "years played before the most dragon runes win (Runewars rules, Victory: the published game plays 6, the summary says the 7th winter; RW-R1)"},
		{Name: "runes", Default: "6", Min: 3, Max: 8,
			Help: "dragon runes that win the game (Runewars rules, Victory: 6)"},
		{Name: "freecities", Default: "off", Choices: []string{"off", "on"},
			Help: "Banners of War, Rise of the Free Cities: the Alternate City tokens, with more resources and dragon runes immune to what moves or shows rune tokens; 1 more dragon rune wins (RFC; RW-D17, RW-R43)"},
		{Name: "developments", Default: "off", Choices: []string{"off", "on"},
			Help: "Banners of War, Development Cards: Harvest's Supremacy Bonus may buy a Development card of one's faction (Capital, Undead tokens), beside or instead of the development token (DEV; RW-D18, RW-R44)"},
		{Name: "commanders", Default: "off", Choices: []string{"off", "on"},
			Help: "Commanders of the Battlefield: two heroes each at setup, one made Commander with a Commander card whose ability helps his troops in battle; Commanders never attempt quests and do not count against the 3-hero limit (CMD; RW-D19, RW-R46)"},
		{Name: "lostcity", Default: "off", Choices: []string{"off", "on"},
			Help: "Banners of War: tile 12 with its yellow border, laid by the first player among his setup tiles; a quest passed there makes the Lost City appear (LC; RW-D16, RW-R41)"},
	}
}

// New starts a match: the setup quests' tiles are dealt and the first
// player lays the first tile (Runewars rules, Setup).
func (g *Game) New(cfg engine.Config) (engine.State, error) {
	n := cfg.Seats
	if n == 0 {
		n = maxPlayers
	}
	if n < 2 || n > maxPlayers {
		return nil, fmt.Errorf("runewars is played by 2 to 4 players, not %d", n)
	}
	opts, err := engine.Resolve(g.Options(), cfg.Options)
	if err != nil {
		return nil, err
	}
	years, _ := strconv.Atoi(opts["years"])
	runes, _ := strconv.Atoi(opts["runes"])
	s := &State{g: g, c: g.c, rng: engine.NewRand(cfg.Seed), n: int8(n), years: int8(years), runesToWin: int8(runes),
		lost: opts["lostcity"] == "on" && g.c.LostTile >= 0, free: opts["freecities"] == "on" && g.c.NumFree > 0,
		devs: opts["developments"] == "on" && len(g.c.Developments) > 0,
		cmds: opts["commanders"] == "on" && len(g.c.Commanders) > 0}
	if s.free {
		s.runesToWin++ // RFC, Victory: one rune more (7 in the published game)
	}
	s.setup()
	return s, nil
}
