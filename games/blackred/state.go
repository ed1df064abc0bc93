package blackred

import (
	"encoding/binary"
	"slices"

	"skald/engine"
)

// Seats: Black is seat 0 and Red seat 1 (seed 002, "Game setup": "One
// player will be black and the other player will be red").
const (
	Black engine.Seat = 0
	Red   engine.Seat = 1
)

var colourNames = [2]string{"black", "red"}

// Phases of a battle (seed 002, "Battle in short").
const (
	phaseAttackerWeapon = iota // the attacker states his weapon
	phaseStrategy              // both play a strategy card at the same time
	phaseDefenderWeapon        // the attacked player states his weapon
	phaseFeint                 // the holder of Feint may change weapon (ruling)
	phaseForce                 // both place a force card face down
	phaseOver
)

var phaseNames = [...]string{"attacker-weapon", "strategy", "defender-weapon", "feint", "force", "over"}

const (
	none      = -1
	maxHand   = 3    // seed 002: "Both players shall always have 3 strategy cards on their hand"
	maxUse    = 3    // seed 002: "you can choose to use up to 3 battle cards"
	maxUnits  = 24   // 48 unit cards shared by two players
	battleCap = 2000 // ruling: a match still going after this many battles is a draw
)

// side is one player's cards and units.
type side struct {
	deck     [maxDeck]uint8 // battle deck, top card last (at nDeck-1): cards leave the top without moving the others
	nDeck    uint8
	out      [maxDeck]uint8 // cards taken out of the game since the last shuffle, in order
	nOut     uint8
	alive    uint32 // bit i set: unit card i shows its unit side
	hand     [maxHand]int8
	played   int8 // strategy card on the table, or none
	weapon   int8
	force    int8 // number of battle cards chosen, 0 while not chosen
	forced   int8 // weapon this side must use this battle, or none
	active   [maxUnitCards]uint8
	nActive  uint8
	revealed bool // force card turned over early (Spy)
}

// State is a match of Black & Red in progress.
type State struct {
	c          *Content
	t          *tables // the rules' view of c
	rng        engine.Rand
	units      uint8 // agreed number of units per player
	phase      uint8
	attacker   engine.Seat
	first      engine.Seat // who attacks first by option first, before any Herald
	lastWinner int8
	battle     uint16
	side       [2]side
	pe         [2]eff             // the effects of the strategy cards turned over in this battle, zero until then
	strat      [numStrategy]uint8 // strategy deck, next card at index 0
	nStrat     uint8
	discard    [numStrategy]uint8
	nDiscard   uint8
	last       lastBattle
	result     ending
	// opening is what happened before the first action, all public: who
	// attacks first and why, and the start of battle 1 (unit cards
	// placed). Made once by New or Arrange and never changed, so clones
	// share it.
	opening engine.Log
	// battleView is the last battle's view, made once for all the views
	// that show it (every seat's, at every step until the next battle
	// ends). Made by New, shared by clones.
	battleView *battleViewCache
}

// ending is how the match ended: the winner, none for a draw, and why. The
// state keeps no more, so that a clone copies no more; Result makes the
// places and scores.
type ending struct {
	Winners engine.SeatSet
	Reason  string
}

// lastBattle is what the previous battle showed, for the views.
type lastBattle struct {
	number uint16
	weapon [2]int8
	force  [2]int8
	cards  [2][maxUse]uint8
	total  [2]int16
	winner int8
	// What else made the totals: the strategy cards turned over (none
	// for no card) and the unit cards in play.
	played  [2]int8
	active  [2][maxUnitCards]uint8
	nActive [2]uint8
}

func (s *State) defender() engine.Seat { return 1 - s.attacker }

func (sd *side) aliveCount() int {
	n := 0
	for a := sd.alive; a != 0; a &= a - 1 {
		n++
	}
	return n
}

// top returns the k-th card from the top of the battle deck, 0 the top.
func (sd *side) top(k int) uint8 { return sd.deck[int(sd.nDeck)-1-k] }

// flip reverses the battle deck, from top last (as it is kept) to top
// first (as the rules and the hash read it) and back.
func (sd *side) flip() {
	slices.Reverse(sd.deck[:sd.nDeck])
}

func (sd *side) handCount() int {
	n := 0
	for _, c := range sd.hand {
		if c != none {
			n++
		}
	}
	return n
}

// Clone returns an independent copy of the match.
func (s *State) Clone() engine.State {
	c := *s
	c.rng = s.rng.Clone()
	return &c
}

// Rand returns the match's random stream.
func (s *State) Rand() *engine.Rand { return &s.rng }

// Result reports whether the match is over and how it ended. Black & Red
// counts no points: the rules name a winner only (seed 002, Battle: "the
// first player that loses all his units has lost the game"), so the winner
// scores 1 and takes first place, the loser scores 0, and a draw places
// both first with 0.
func (s *State) Result() (engine.Result, bool) {
	if s.phase != phaseOver {
		return engine.Result{}, false
	}
	return engine.Won(2, s.result.Winners, s.result.Reason), true
}

// Hash returns a hash of the whole state.
func (s *State) Hash() uint64 {
	var buf [512]byte
	b := buf[:0]
	b = append(b, s.units, s.phase, byte(s.attacker), byte(s.lastWinner))
	b = binary.LittleEndian.AppendUint16(b, s.battle)
	for i := range s.side {
		sd := &s.side[i]
		b = append(b, sd.nDeck)
		for k := int(sd.nDeck) - 1; k >= 0; k-- { // top first
			b = append(b, sd.deck[k])
		}
		b = append(b, sd.nOut)
		b = append(b, sd.out[:sd.nOut]...)
		b = binary.LittleEndian.AppendUint32(b, sd.alive)
		for _, h := range sd.hand {
			b = append(b, byte(h))
		}
		b = append(b, byte(sd.played), byte(sd.weapon), byte(sd.force), byte(sd.forced), sd.nActive)
		b = append(b, sd.active[:sd.nActive]...)
		if sd.revealed {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	b = append(b, s.nStrat)
	b = append(b, s.strat[:s.nStrat]...)
	b = append(b, s.nDiscard)
	b = append(b, s.discard[:s.nDiscard]...)
	b = append(b, byte(s.result.Winners))
	b = s.rng.AppendState(b)
	return engine.HashBytes(b)
}

// CloneInto makes dst, a Black & Red state, a copy of s without
// allocating (engine.Copier).
func (s *State) CloneInto(dst engine.State) bool {
	d, ok := dst.(*State)
	if !ok || d == nil {
		return false
	}
	*d = *s
	d.rng = s.rng.Clone()
	return true
}
