package wintergrim

import (
	"encoding/binary"

	"skald/engine"
	"skald/engine/decide"
)

// MaxSeats is the most players a match may have (seed 000: "2 or more
// players"; WG-1).
const MaxSeats = 4

const (
	maxCards       = DeckSize * MaxSeats
	none     int16 = -1
	maxChain       = 16
)

// Zones a card may be in.
const (
	zDeck     = iota // its owner's deck
	zHand            // its owner's hand
	zPlay            // on the table: an area, a structure, a unit or the weather
	zOn              // a curse, item or sickness on a unit
	zRemoved         // its owner's removed-pile
	zCaptured        // a captor's captured-pile
	zLimbo           // being paid for, waiting in a chain of tactics, or defeated and waiting for its captor's choice
)

var zoneNames = [...]string{"deck", "hand", "play", "on", "removed", "captured", "limbo"}

// Flags of a card.
const (
	fAttacked uint8 = 1 << iota // a unit that used its attack step this turn
	fUsed                       // a start-phase text used this turn
	fShown                      // a card in hand its owner has shown (searched for)
	fMarked                     // Assassinate: the marked worker/leader
	fConquer                    // Conquer: a path put into play at setup
	fSetup                      // an HQ or worker placed at setup
	fHasOn                      // a unit with a curse, item or sickness on it
)

// card is one card of the match. Its id is its index in State.c: the
// owner's seat times 50 plus its place in the owner's deck list.
type card struct {
	def    uint8
	zone   uint8
	holder int8  // zCaptured: the captor
	area   int16 // zPlay: the area it is in (an area card: itself); zOn: the unit it is on
	in     int16 // a unit in play: the structure it is inside, or none
	dmg    int8  // permanent health damage
	moves  int8  // move steps used this turn
	flags  uint8
	stuck  int8 // turns of its owner in which it can't move or attack (Net Trap)
	boost  int8 // extra dice in battle this turn (War Horn)
}

// player is one seat's deck order and standing.
type player struct {
	deck  [DeckSize]int16 // bottom first: the top card is deck[n-1]
	n     uint8
	roll  int8 // setup roll, 0 before rolling
	out   bool // lost (Destroy, Assassinate) and takes no more turns
	turns int16
}

// Stages of a match.
const (
	stRoll   = iota // each player rolls a die (seed 000, Setting up the game)
	stSearch        // players search their decks, winner first
	stPlay          // turns
	stOver
)

// Phases of a turn (seed 000: "1: Start, 2: Move, 3: Attack, 4: End").
const (
	phStart = iota
	phMove
	phAttack
	phEnd
)

var phaseNames = [...]string{"start", "move", "attack", "end"}

// Setup steps of one player's search.
const (
	ssHQ = iota
	ssWorker1
	ssWorker2
	ssMark
	ssPath
)

// payment is a card being paid for: its player removes cost cards from
// hand, one decision each (seed 000, "4: End": "Remove 3 cards to pay a
// cost of 3").
type payment struct {
	on     bool
	seat   int8
	card   int16
	left   int8
	where  int16 // structure or area it goes to
	at     bool  // where is an area: outside in it, or a structure built there
	target int16 // a tactic's target
}

// Stages of a declared attack.
const (
	atkIntercept = iota // the defender may choose a Patrol or Protect unit
	atkWindow           // tactics before the dice roll
)

// attack is a declared attack waiting for the defender's choices and the
// dice.
type attack struct {
	on       bool
	stage    uint8
	kind     int8
	attacker int16
	target   int16
}

// Window triggers (WG-6).
const (
	trigTactic  = iota // a tactic was played
	trigMove           // a move step was made
	trigAttack         // an attack was declared
	trigEndTurn        // the active player ended the turn
	trigSteal          // a unit stole an item: an attack step without dice
)

// window is a reaction window: the players other than the one who acted
// may play a tactic or pass, in seat order after it (WG-6). Who is asked
// now, in what order, who has passed and who may answer an answer is the
// shared decide.Window; the game keeps what opened the window and when it
// is played out.
type window struct {
	decide.Window
	on      bool  // opened and not yet played out (its chain, what it waited for)
	trigger uint8 // what opened it
	moved   int16 // trigMove: the unit that moved
	from    int16 // trigMove: the area it came from
}

// link is one tactic in a chain of tactics played in answer to each other
// (seed 000, "Tactic": they are played out at the same time; WG-7).
type link struct {
	card      int16
	seat      int8
	target    int16
	area      int16 // where it is played (for Vanguard), or none
	cancelled bool
}

// State is a match of Wintergrim in progress.
type State struct {
	g      *Game
	conf   *config
	rng    engine.Rand
	seats  int8
	stage  uint8
	c      [maxCards]card
	p      [MaxSeats]player
	search struct {
		order [MaxSeats]int8 // seats in search order, winner first
		at    int8           // index into order
		step  uint8
	}
	active  int8
	phase   uint8
	turn    int16
	weather int16
	berserk int16 // a Berserk unit that may attack again now
	pay     payment
	atk     attack
	win     window
	chain   [maxChain]link
	nchain  uint8
	capture struct {
		victim int16
		captor int8
	}
	finder int16           // a searching unit that has left; its player takes a card from the deck (WG-44)
	ended  bool            // the active player ended its turn; the end window is open
	fed    [MaxSeats]int16 // each seat's food: the F of its cards on the table (derived)
	nhand  [MaxSeats]uint8 // each seat's hand size (derived)
	cont   uint8           // a closed window's trigger to carry on with, plus 1
	result engine.Result
	rolls  [2]rolled // the dice of the last rolls, for their events (scratch, not hashed)
}

// owner returns the seat whose deck card id came from.
func owner(id int16) int8 { return int8(id / DeckSize) }

func (s *State) def(id int16) *Card { return &s.g.c.Cards[s.c[id].def] }

// n returns the number of cards of the match.
func (s *State) n() int16 { return int16(s.seats) * DeckSize }

// inPlay reports whether card id is on the table, or on a unit there.
func (s *State) inPlay(id int16) bool {
	if id < 0 || id >= s.n() {
		return false
	}
	z := s.c[id].zone
	return z == zPlay || z == zOn
}

func (s *State) onTable(id int16) bool { return id >= 0 && id < s.n() && s.c[id].zone == zPlay }

func (s *State) isUnit(id int16) bool { return s.onTable(id) && s.def(id).Type == TypeUnit }

func (s *State) isStructure(id int16) bool { return s.onTable(id) && s.def(id).Type == TypeStructure }

func (s *State) isArea(id int16) bool { return s.onTable(id) && s.def(id).Area }

// Clone returns an independent copy of the match.
func (s *State) Clone() engine.State {
	c := *s
	c.rng = s.rng.Clone()
	return &c
}

// Rand returns the match's random stream.
func (s *State) Rand() *engine.Rand { return &s.rng }

// Result reports whether the match is over and how it ended.
func (s *State) Result() (engine.Result, bool) { return s.result, s.stage == stOver }

// Hash returns a hash of the whole state.
func (s *State) Hash() uint64 {
	var buf [maxCards*12 + 512]byte
	b := buf[:0]
	b = append(b, byte(s.seats), s.stage, byte(s.active), s.phase)
	b = binary.LittleEndian.AppendUint16(b, uint16(s.turn))
	b = binary.LittleEndian.AppendUint16(b, uint16(s.weather))
	b = binary.LittleEndian.AppendUint16(b, uint16(s.berserk))
	b = append(b, byte(s.search.at), s.search.step)
	for i := 0; i < int(s.seats); i++ {
		p := &s.p[i]
		b = append(b, byte(s.search.order[i]), p.n, byte(p.roll), boolByte(p.out))
		b = binary.LittleEndian.AppendUint16(b, uint16(p.turns))
		for _, id := range p.deck[:p.n] {
			b = binary.LittleEndian.AppendUint16(b, uint16(id))
		}
	}
	for id := int16(0); id < s.n(); id++ {
		c := &s.c[id]
		b = append(b, c.def, c.zone, byte(c.holder), byte(c.dmg), byte(c.moves), c.flags, byte(c.stuck), byte(c.boost))
		b = binary.LittleEndian.AppendUint16(b, uint16(c.area))
		b = binary.LittleEndian.AppendUint16(b, uint16(c.in))
	}
	p := &s.pay
	b = append(b, boolByte(p.on), byte(p.seat), byte(p.left), boolByte(p.at))
	b = binary.LittleEndian.AppendUint64(b, uint64(uint16(p.card))|uint64(uint16(p.where))<<16|uint64(uint16(p.target))<<32)
	a := &s.atk
	b = append(b, boolByte(a.on), a.stage, byte(a.kind))
	b = binary.LittleEndian.AppendUint32(b, uint32(uint16(a.attacker))|uint32(uint16(a.target))<<16)
	w := &s.win
	b = append(b, boolByte(w.on), w.trigger)
	b = w.AppendState(b)
	b = binary.LittleEndian.AppendUint32(b, uint32(uint16(w.moved))|uint32(uint16(w.from))<<16)
	b = append(b, s.nchain)
	for _, l := range s.chain[:s.nchain] {
		b = binary.LittleEndian.AppendUint32(b, uint32(uint16(l.card))|uint32(uint16(l.target))<<16)
		b = binary.LittleEndian.AppendUint16(b, uint16(l.area))
		b = append(b, byte(l.seat), boolByte(l.cancelled))
	}
	b = binary.LittleEndian.AppendUint16(b, uint16(s.capture.victim))
	b = binary.LittleEndian.AppendUint16(b, uint16(s.finder))
	b = append(b, byte(s.capture.captor), boolByte(s.ended), s.cont, byte(s.result.Winners))
	b = s.rng.AppendState(b)
	return engine.HashBytes(b)
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}
