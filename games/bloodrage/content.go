package bloodrage

// The content of Blood Rage: the board, the clans' tracks, the setup by
// player count and every card, loaded from data/board.yaml and
// data/cards.yaml (see LoadContent). Code holds the mechanics; this holds
// what a designer or an owner of the printed game would edit.

// Card types (reference §1.9: red Battle, green Quest, black Upgrade for
// the Leader, Warriors, Ship, Clan or a Monster).
const (
	Battle = iota
	Quest
	LeaderUp
	WarriorUp
	ShipUp
	ClanUp
	MonsterUp
	numTypes
)

var typeNames = [numTypes]string{"battle", "quest", "leader", "warrior", "ship", "clan", "monster"}

// Card sets (reference §1.9, §1.11): the base game, the fifth player's box
// (its "5+" cards, used at five players) and the Kickstarter monsters
// (used with the option monsters=kickstarter).
const (
	SetBase = iota
	SetFifth
	SetKickstarter
	numSets
)

var setNames = [numSets]string{"base", "fifth", "kickstarter"}

// Quest goals (reference §1.9).
const (
	NoGoal        = iota
	GoalRegion    // most STR in at least one province of the region
	GoalValhalla  // Glorious Death: at least Count of your figures in Valhalla
	GoalYggdrasil // most STR in Yggdrasil
	GoalWidespread
	numGoals
)

var goalNames = [numGoals]string{"", "region", "valhalla", "yggdrasil", "widespread"}

// Card is one card as printed. Each physical copy is its own Card in the
// content's list; copies share ID, and cards of one ID play alike.
type Card struct {
	// ID is the card's one-word name in actions ("tyrs-smite"); cards with
	// one name but other values (the quests of each Age) have other IDs
	// ("alfheim-5", "alfheim-7").
	ID   string
	Name string
	Age  int8 // 1, 2 or 3
	Type int8 // Battle, Quest, ... MonsterUp
	Set  int8 // SetBase, SetFifth or SetKickstarter
	// Min is the fewest players with whom the card is used: 2 for an
	// unmarked card, 3 for "3+", 4 for "4+", 5 for the fifth player's.
	Min int8
	// Str is a battle card's +STR, an upgrade's printed STR (its Rage
	// cost, and a monster's strength).
	Str int8
	// Cost is the Rage an upgrade costs when it differs from Str (the
	// Dwarf Chieftain and the Soldier of Hel are free: 0); -1 when it is
	// Str.
	Cost int8
	// Late marks a battle card that may also be added after the reveal
	// (Heimdall's Eye and Gaze).
	Late bool
	// Glory is a quest's Glory, or the Glory a ship upgrade gives when one
	// of the clan's ships dies (the Dragons).
	Glory int8
	// Goal, Region and Count say what a quest asks (Count: figures in
	// Valhalla for Glorious Death, provinces for Widespread).
	Goal   int8
	Region int8 // a region index, for GoalRegion
	Count  int8
	// Effect is the rule the card adds, named by its ID for most cards; ""
	// for a battle card with no text.
	Effect string
	// Text is the card's effect, paraphrased.
	Text string
}

// RageCost returns the Rage the card costs as an upgrade, before Frigga's
// Charm.
func (c *Card) RageCost() int {
	if c.Cost >= 0 {
		return int(c.Cost)
	}
	return int(c.Str)
}

// Province is one province of the board.
type Province struct {
	ID       string // one word: "elvagar"
	Name     string
	Region   int8 // -1 for Yggdrasil
	Villages int8 // 0 for Yggdrasil: no limit
	// Ring is the province's place on the ring of outer provinces,
	// clockwise from 0; -1 for Yggdrasil.
	Ring int8
}

// Fjord is one fjord, lying between two outer provinces and supporting
// both.
type Fjord struct {
	ID        string // "north-fjord"
	Name      string
	Provinces [2]int8
}

// Reward is what a pillage token gives.
type Reward struct {
	ID    string // "rage", "axes", "horns", "glory", "all"
	Stats [3]int8
	Glory int8
}

// Content is everything the rules read: the board and the cards.
type Content struct {
	Regions   []string   // region names, in index order
	Provinces []Province // the outer ones in ring order, then Yggdrasil
	Fjords    []Fjord
	// Rewards are the eight outer provinces' pillage tokens, shuffled onto
	// them at setup, and Yggdrasil's fixed one.
	Rewards   []Reward
	Yggdrasil Reward
	// Tracks are the clan sheet's stat tracks: Rage, Axes and Horns, six
	// steps each.
	Tracks [3][6]int8
	// Destroyed is the number of provinces destroyed at setup by player
	// count (index: players).
	Destroyed [6]int8
	// Ragnarok is the Glory per figure each Age's Ragnarök gives.
	Ragnarok [3]int8
	// StatGlory is the Glory at the end of the game per stat on each step.
	StatGlory [6]int8
	Cards     []Card
}
