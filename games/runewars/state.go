package runewars

import (
	"skald/engine"
	"skald/engine/decide"
)

// Sizes of the state's arrays.
const (
	maxFigs           = 192 // figures on the board and in battle
	maxPlayers        = 4
	maxRunes          = 48 // rune tokens ever placed
	unitLimit         = 8  // units in one area (Runewars rules, Limits 2)
	numOrders         = 8
	handLimit         = 10 // Tactics cards (Limits 7)
	maxSeasonCards    = 12
	maxAsk            = 32
	strongholdSupply  = 4 // [D] RW-D6
	developmentSupply = 3 // [D] RW-D6
)

// noArea marks a figure or token that is not on the board.
const noArea = -1

// fig is one figure on the board.
type fig struct {
	typ    uint8
	owner  int8 // a seat, or -1 for a neutral not allied to anyone
	area   int8 // noArea when the figure is back in the supply
	routed bool
	dmg    int8
	battle bool // takes part in the battle being fought
	moved  bool // moved by the order being resolved
}

// rune is a rune token on the board.
type runeTok struct {
	area   int8
	dragon bool
	up     bool           // face up: everyone sees it
	known  engine.SeatSet // seats that have seen its face
}

// keep is a stronghold on an area.
type keep struct {
	owner   int8 // -1: none
	damaged bool
	dev     bool // a development token on it (Runewars rules, Harvest)
	capital bool // its owner's Capital (DEV-CAP; RW-R44)
}

// player is one seat's faction, dials and hand.
type player struct {
	faction   int8
	dials     [numResources]int8
	influence int16
	tactics   int8      // Tactics cards in hand (Limits 7)
	played    [9]bool   // order cards on the table this year, by value
	victory   int8      // the season deck his Victory card is on, or -1
	runeHand  [2]int8   // setup: his dragon and false rune still to place (1 each)
	toPlace   [24]uint8 // setup and Recruit: unit types still to place
	nPlace    int8
	devCards  uint8 // the Development cards bought, a bit each (DEV)
	capLost   bool  // his Capital was destroyed and may be rebuilt (DEV-CAP)
	lieut     int8  // his Lieutenant General in play: its card plus 1, or 0 (CMD-LG)
}

// stage is what the match is doing.
type stage uint8

const (
	stTiles   stage = iota // laying the quest tiles
	stHomes                // laying the home realms
	stRunes                // placing the setup runes
	stKeep                 // placing the setup stronghold
	stStart                // placing the starting units
	stHero                 // placing the hero dealt at setup
	stSeason               // a season card's abilities
	stOrders               // choosing orders
	stResolve              // resolving orders
	stOver
)

// State is a match of Runewars.
type State struct {
	g   *Game
	c   *Content
	rng engine.Rand
	n   int8

	stage      stage
	b          *board
	lays       layCache // the legal placements of the tiles to lay (setup only)
	tal        tally    // who holds each area, kept until something changes
	year       int8     // 1..years
	season     int8     // 0 spring .. 3 winter
	years      int8
	runesToWin int8

	players [maxPlayers]player
	figs    [maxFigs]fig
	nfigs   int16
	runes   [maxRunes]runeTok
	nrunes  int8
	keeps   [maxAreas]keep
	city    [maxAreas]int8 // city token on a city space, or -1
	frost   [maxAreas]int8
	desol   [maxAreas]bool // desolation tokens (Desolation tokens; RW-R40)
	peasant [maxAreas]int8 // a Peasant token: its owner's seat + 1, or 0 (DEV-PEA)
	// The Lost City (LC; RW-D16): played with tile 12, the seat still to
	// lay it (-1 when laid or not played).
	lost     bool
	lostHand int8
	free     bool                     // Rise of the Free Cities (RFC; RW-D17)
	devs     bool                     // Development Cards (DEV; RW-D18)
	cmds     bool                     // Commanders of the Battlefield (CMD; RW-D19)
	cdeck    [maxCommanders]int8      // the Commander deck, top first (CMD-REC)
	ncdeck   int8                     //
	cOut     uint8                    // Commander cards discarded (CMD-BAT)
	active   [maxAreas]engine.SeatSet // activation tokens

	// setup
	tileHand  [maxPlayers][2]int8 // quest tiles still to lay, -1 when laid
	turn      int8                // the seat to act in setup and sequential steps
	setupStep int16

	// seasons: each deck's cards, top first; a drawn card goes to the bottom
	decks     [seasonsCount][maxSeasonCards]int8
	ndeck     [seasonsCount]int8
	card      int8               // the season card being resolved
	victoryOn [seasonsCount]int8 // the seat whose Victory card is on top, or -1

	// fate deck: the cards to draw, top first, and the discards
	fate    [fateCards]int8
	nfate   int8
	fateOut [fateCards]int8
	nout    int8

	// orders
	picks    decide.Picks
	queue    [maxPlayers]int8 // seats in resolution order
	nqueue   int8
	revealed [maxPlayers]int8 // each seat's order this season
	qpos     int8
	ord      orderStep

	// season steps, bids and queued choices
	sea  seasonStep
	ask  [maxAsk]choice // choices queued before play goes on, first first
	nask int8
	bat  battle

	// heroes, quests and rewards (Runewars rules, Heroes)
	heroes  [maxHeroCards]heroFig // by hero card
	hdeck   [2][maxHeroCards]int8 // the hero decks, evil and good, top first
	nhdeck  [2]int8               //
	qAt     [maxQuests]int8       // who holds each quest card: a seat, qDeck, qDiscard or qOut
	qdeck   [maxQuests]int8       // the quest deck, top first
	nqdeck  int8                  //
	rdeck   [maxRewards]int8      // the reward deck, top first
	nrdeck  int8                  //
	rOut    uint32                // reward cards discarded face up
	dropped [maxAreas]uint32      // reward cards on a Defeated Hero marker
	qph     questPhase            // Summer's quest phase
	dl      duelFight             // the duel being fought (Heroes 1b)

	// objectives (Setup 7; Limits 3; RW-D12)
	objAt  [maxObjectives]int8    // who holds each objective card: a seat, oDeck, oDone or oDiscard
	objBy  [maxObjectives]int8    // who completed it, or -1
	odeck  [2][maxObjectives]int8 // the objective decks, evil and good, top first
	nodeck [2]int8

	// titles (Acquire Power; RW-D13): each title's holder, or -1, and the
	// Influence on it
	titleBy  [maxTitles]int8
	titleInf [maxTitles]int8

	// Tactics cards (RW-D14): who holds each card (a seat, tDeck or
	// tDiscard), the season each was drawn in (stamp), the deck, top first
	tAt    [maxTactics]int8
	tNew   [maxTactics]int8
	tdeck  [maxTactics]int8
	ntdeck int8

	winner int8 // the Road to Victory winner, or -1
	over   bool

	// the fate cards of the last draw, for its event
	drawnCards [maxSupply + 8]int8
	ndrawn     int8
	drawnShape Shape
}
