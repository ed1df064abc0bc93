package bloodrage

import (
	"math/bits"

	"skald/engine"
	"skald/engine/decide"
)

// Clans, one a seat in this order (reference §1.1: Wolf, Raven, Serpent,
// Bear; Ram for the fifth player).
const maxClans = 5

var clanNames = [maxClans]string{"wolf", "raven", "serpent", "bear", "ram"}

// Stats on the clan sheet (reference §1.4).
const (
	Rage = iota
	Axes
	Horns
	numStats
)

var statNames = [numStats]string{"rage", "axes", "horns"}

// Figures of a clan (reference §1.1: 1 Leader, 8 Warriors, 1 Ship, and up
// to two monsters), by index in clan.fig.
const (
	figLeader   = 0
	figWarrior  = 1 // warriors are figures 1 to 8
	numWarriors = 8
	figShip     = 9
	figMonster  = 10 // monster slots 0 and 1 are figures 10 and 11
	numFigs     = 12
)

// Figure kinds, as actions name them: leader, warrior, ship, or the
// monster of slot 0 or 1.
const (
	kindLeader = iota
	kindWarrior
	kindShip
	kindMonster0
	kindMonster1
	numKinds
)

// Locations of figures: the provinces (the outer ones in ring order, then
// Yggdrasil), the fjords, the reserve, Valhalla, and out of the game.
const (
	numOuter   = 8
	yggdrasil  = 8
	numProv    = 9
	fjord0     = 9 // fjord f is location fjord0+f
	numFjords  = 4
	locReserve = 13
	locValhal  = 14
	locGone    = 15
)

// Upgrade slots on the clan sheet (reference §1.4: 1 Leader, 1 Warrior,
// 1 Ship, 2 Monster, 3 Clan).
const (
	slotLeader   = 0
	slotWarrior  = 1
	slotShip     = 2
	slotMonster  = 3 // 3 and 4
	slotClan     = 5 // 5, 6 and 7
	numSlots     = 8
	numClanSlots = 3
)

// cardSet is a set of cards by index into Content.Cards.
type cardSet [4]uint64

func (c cardSet) has(i int16) bool { return i >= 0 && c[i>>6]&(1<<(i&63)) != 0 }
func (c *cardSet) add(i int16)     { c[i>>6] |= 1 << (i & 63) }
func (c *cardSet) del(i int16)     { c[i>>6] &^= 1 << (i & 63) }
func (c cardSet) len() int {
	return bits.OnesCount64(c[0]) + bits.OnesCount64(c[1]) + bits.OnesCount64(c[2]) + bits.OnesCount64(c[3])
}

// each calls f for each card of the set in increasing order until f
// returns false.
func (c cardSet) each(f func(i int16) bool) {
	for w := range c {
		for x := c[w]; x != 0; x &= x - 1 {
			if !f(int16(w*64 + bits.TrailingZeros64(x))) {
				return
			}
		}
	}
}

// with returns the set with card i added.
func (c cardSet) with(i int16) cardSet { c.add(i); return c }

// fromHand takes card c from clan p's hand.
func (s *State) fromHand(p int, c int16) {
	s.clans[p].hand.del(c)
	s.shown.del(c)
}

// toHand puts cards into clan p's hand in sight of every clan: cards
// taken back after a battle.
func (s *State) toHand(p int, cards cardSet) {
	for w := range cards {
		s.clans[p].hand[w] |= cards[w]
		s.shown[w] |= cards[w]
	}
}

// place moves clan p's figure f to location loc, keeping the counts of
// figures by location and on the board.
func (s *State) place(p, f int, loc uint8) {
	old := s.clans[p].fig[f]
	s.occ[old]--
	s.occ[loc]++
	if old < locReserve {
		s.board[p]--
	}
	if loc < locReserve {
		s.board[p]++
	}
	s.clans[p].fig[f] = loc
}

// recount counts the figures by location and on the board again, after a
// setup.
func (s *State) recount() {
	s.occ, s.board = [16]int8{}, [maxClans]int8{}
	for p := range int(s.n) {
		for _, l := range s.clans[p].fig {
			s.occ[l]++
			if l < locReserve {
				s.board[p]++
			}
		}
	}
}

// clan is one player's clan: sheet, figures and cards.
type clan struct {
	glory int16
	rage  int8           // Rage left this Age
	stat  [numStats]int8 // step 0..5 on each track
	fig   [numFigs]uint8 // the location of each figure
	up    [numSlots]int16
	hand  cardSet
	quest cardSet // quests committed face down this Age
}

// phases of an Age (reference §1.6), and the end.
const (
	phDraft   = iota
	phAction  // also the battles of pillages
	phDiscard // the secret choice of the card to keep
	phQuests  // the stat raises of fulfilled quests, then Ragnarök and Release
	phOver
)

// State is a Blood Rage match.
type State struct {
	g     *Game
	c     *Content
	rng   engine.Rand
	n     int8 // clans
	age   int8 // 0, 1, 2
	phase int8
	first int8 // first player this Age
	turn  int8 // whose action it is
	clans [maxClans]clan

	destroyed   uint16           // provinces destroyed, one bit each
	pillaged    uint16           // provinces pillaged this Age
	token       [numOuter]int8   // the pillage token on each outer province
	doom        [3]int8          // the province each Age's Ragnarök destroys
	deck        [64]int16        // the Age's deck, draft index → card
	nDeck       int8             // cards in the Age's deck
	draft       decide.Draft     // the Gods' Gifts
	undealt     decide.Cards     // the deck positions not dealt in the draft
	picks       decide.Picks     // battle cards, and the cards kept at Discard
	win         decide.Window    // call to battle, late cards
	discard     cardSet          // cards out of play, face up
	unseen      cardSet          // cards out of play no clan has seen: left out of the Age, discarded face down
	shown       cardSet          // cards in hands that every clan saw taken back
	occ         [16]int8         // figures of every clan at each location
	board       [maxClans]int8   // each clan's figures on the board
	doomed      [maxClans]uint16 // figures marked for destruction, waiting for their owner's choices
	doomAt      [maxClans]int8   // the battle they die in, or -1
	ask         [maxAsk]choice   // choices waiting, the first asked now
	nAsk        int8             //
	act         pendingAct       // an action being completed
	bat         battle           // the battle being fought
	result      engine.Result    //
	kickstarter bool             // the Kickstarter monsters are in the decks
	// For the designer's counts (not hashed: they decide nothing): the
	// cards drafted, and the cards each clan played as an upgrade, a quest
	// or in battle.
	drafted  cardSet
	playedBy [maxClans]cardSet
}

// pendingAct is an action that needs more decisions of its seat: the
// figures of a march, the free invasion of an upgrade.
type pendingAct struct {
	kind int8 // actNone, actMarch or actFreeInvade
	seat int8
	a, b int8 // march: from and to; free invasion: the figure kind
	n    int8 // march: figures moved so far
}

const (
	actNone = iota
	actMarch
	actFreeInvade
)

func (s *State) clan(seat engine.Seat) *clan { return &s.clans[seat] }

// card returns the card of index i.
func (s *State) card(i int16) *Card { return &s.c.Cards[i] }

// statValue returns the value of clan p's stat on its track.
func (s *State) statValue(p int, stat int) int { return int(s.c.Tracks[stat][s.clans[p].stat[stat]]) }

// raise raises clan p's stat by one step; a stat on its last step stays
// there (ruling BR-R3).
func (s *State) raise(p, stat int, log *engine.Log) {
	cl := &s.clans[p]
	if cl.stat[stat] >= 5 {
		log.Add(engine.Everyone, "stat.max", "%v's %v is at its last step already", clanName(p), statName(stat))
		return
	}
	cl.stat[stat]++
	log.Add(engine.Everyone, "stat.raise", "%v raises %v to %d", clanName(p), statName(stat), s.statValue(p, stat))
}

// gain adds Glory to clan p.
func (s *State) gain(p int, glory int, why string, log *engine.Log) {
	if glory == 0 {
		return
	}
	s.clans[p].glory += int16(glory)
	log.Add(engine.Everyone, "glory", "%v gains %d Glory (%s)", clanName(p), glory, why)
}

// destroyedAt reports whether province p is destroyed.
func (s *State) destroyedAt(p int) bool { return s.destroyed&(1<<p) != 0 }

// clanName and statName print names lazily in events.
type clanName int8

func (c clanName) String() string { return clanNames[c] }

type statName int8

func (t statName) String() string { return statNames[t] }

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// Rand returns the match's random stream.
func (s *State) Rand() *engine.Rand { return &s.rng }

// Result reports the end of the game.
func (s *State) Result() (engine.Result, bool) { return s.result, s.phase == phOver }
