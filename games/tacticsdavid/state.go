package tacticsdavid

import (
	"encoding/binary"
	"fmt"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Event is the kernel's event.
type Event = engine.Event

// Stages of a match (seed 004, "Typical Game Flow").
const (
	stageBuild  = iota // each player builds an army ("Building Your Army")
	stageDeploy        // players take turns placing one unit ("Deploying")
	stageBattle        // turns ("Turns, Engagements, Phases, and Procedures")
	stageOver
)

// Phases of an engagement, in the only order they may be entered: "Item
// Phase, Movement Phase, Combat Phase, Item Phase 2. Once a Phase is done
// the Unit may not enter it again." (seed 004)
const (
	phaseNone = iota
	phaseItem
	phaseMove
	phaseCombat
	phaseItem2
)

var phaseNames = [...]string{"", "Item Phase", "Movement Phase", "Combat Phase", "Item Phase 2"}

// Piece flags.
const (
	fEngaged       = 1 << iota // engaged this turn ("No Unit shall ever be Engaged more than once in a Turn")
	fLockActed                 // attacked or escaped this turn while locked
	fCombatEntered             // entered the Combat Phase this turn (no team may be formed with it)
	fLuckyUsed                 // used its Lucky reroll this turn
	fFearDiscarded             // discarded Fearful this turn
	fMustLeave                 // its team partner died: it must leave the grid space
	fShifted                   // used the Amulet of Shifting this engagement
	fRemoved                   // off the battlefield
)

// piece is one unit (or stacked unit) on the battlefield.
type piece struct {
	prof     int16 // index in State.info and State.profs
	owner    int8
	x, y     int8
	facing   battlefield.Facing
	utype    uint8 // the Unit Type now (the Amulet of Shifting changes it)
	status   uint32
	items    [numSlots]int8 // item number by slot, 0 for none
	belt     [numSlots]int8 // a second item of each type, held in the Work Belt (TD-124), 0 for none
	lock     int8           // the piece it is Locked in Combat with, or -1
	team     int8           // its Unit Team partner, or -1
	half     uint8          // in a team: 0 the north (or west) half, 1 the south (or east)
	orient   uint8          // in a team: 0 vertical (north and south halves), 1 horizontal
	lockTurn int16          // the turn the lock began
	flags    uint16
	kills    int16
	ab       pieceAb // what abilities remember about it
}

// info is what the rules read from a piece's profile, as small numbers.
type info struct {
	str      [4]int8
	class    int8 // 0 Light, 1 Medium, 2 Heavy
	utype    uint8
	ranged   bool
	moveType uint8
	move     int8
	rng      int8
	rmod     int8
	area     *battlefield.Area
	cost     int16
	pup      bool   // the top unit is of the Pup Root
	abil     abSet  // the abilities of its units (TD-20: "the Abilities of each unit")
	special  uint8  // its Special: spSwarm, spRelentless, spHulking, or 0
	fold     uint64 // abil and special folded (abSet.fold): a quick test for none of a set
	// holds has bit n for each item number n the profile may equip when it
	// holds no other (Content.CheckItem), and slots is how many of each
	// item type it may hold.
	holds uint32
	slots int8
}

// Movement types (seed 004, "Movement Type").
const (
	moveLand = iota
	moveHover
	moveSoar
	moveAqua
)

// engagement is the engaged unit and what it has done (seed 004, "Unit
// Engagement").
type engagement struct {
	p, q      int8 // the engaged piece and its engaged team partner, or -1
	phase     uint8
	moved     bool // entered the Movement Phase: moving, charging, facing, escaping
	moveDone  bool // performed its Movement or Charging Procedure
	faced     bool // performed a Facing Procedure
	escaped   bool // escaped a Combat Lock: no Combat Phase this turn
	noCombat  bool // Blinded: "may not enter the Combat Phase that Turn"
	petrified bool // acquired Petrified: "immediately Disengaged"
	attacked  [2]bool
	tradeWith int8 // the partner of this Item Phase's Trade Procedure, or -1
	traded    uint8
	looted    int8 // the Dead unit looted this Item Phase 2, or -1
	lootTried uint8
	haste     int8
	whipped   bool
	oriented  bool     // performed an Orientation Procedure
	charged   bool     // performed a Charge Procedure (Razor's Charge)
	forced    uint8    // forcedEnraged: the moves it may make are limited
	abUsed    [2]abSet // the abilities each engaged unit has used as actions
	moveEnd   bool     // the reactions to the end of its Movement Phase were offered (Autofire)
	passed    bool     // passed its Charge Test (Maneuver: a Facing Procedure after the charge)
	refaced   bool     // performed the Facing Procedure after its charge (Maneuver, Manuever)
	again     [2]bool  // made its second attack (Beast Whisperer)
}

var noEngagement = engagement{p: -1, q: -1, tradeWith: -1, looted: -1}

const forcedEnraged = 1

// Pending decisions inside a procedure.
const (
	pendNone     = iota
	pendCharge   // how far to charge, after a passed Charge Test
	pendOrient   // the Orientation Procedure of a new Unit Team
	pendEquip    // which unit equips an acquired item
	pendDefender // which unit of a Unit Team receives a Ranged Attack
	pendPotion   // which statuses a potion removes
	pendReact    // a reaction offered to a player (s.windows[0])
	pendAbility  // an ability's next step, chosen by its player (followUps[ab])
)

// pending is a decision the procedure under way waits for.
type pending struct {
	kind uint8
	seat int8
	n    int8  // pendCharge: the greatest distance; pendPotion: statuses left to remove
	item int8  // pendEquip: the acquired item; pendPotion: the potion used
	who  int8  // pendPotion: the unit healed; pendReact: the unit that may react
	ab   int16 // pendReact, pendAbility: the ability
	atk  attack
	t    int8 // pendAbility: a unit the ability remembers, or -1
	x    int8 // pendAbility: a value the ability remembers (a status...)
}

// State is a match of Tactics David in progress.
type State struct {
	g    *Game
	bf   *battlefield.Battlefield
	conf *config
	rng  engine.Rand

	stage  uint8
	first  int8
	player int8 // the Attacking Player
	turn   int16
	turns  [2]int16 // turns each player has begun

	// Building: each player's army, and whether it is done.
	armies [2]Army
	built  [2]bool

	// The battle. profs and info are shared by clones once the battle
	// begins: they never change after deployment starts.
	profs  []Profile
	info   []info
	pieces []piece
	board  []int8 // per grid space: 1 + the first piece standing there, 0 empty

	eng       engagement
	pend      pending
	killsTurn int16
	locks     int16 // pieces Locked in Combat (setLock): none owes its lock anything when 0
	kills     [2]int16
	deck      []int8 // the Item Deck, top first
	result    engine.Result
	over      bool

	// Abilities (ability.go).
	present abSet // the abilities on the battlefield
	// hookers are, by hook kind, the pieces (of the first 64) with an
	// ability that has it (refreshPresent).
	hookers [numHookKinds]uint64
	windows []window   // reactions still to offer, the first offered now
	fight   fight      // an attack waiting for reactions before its strikes
	cause   cause      // what is changing statuses now (within one action)
	marks   []mark     // markers on grid spaces (trails, Shed)
	mucous  int16      // the Mucous Trail markers among them: moveTables looks for them only when there are
	markers uint64     // bit i: piece i (of the first 64) may have laid markers (markBy); none of the others lies
	dues    bool       // a piece may have due bits (owe): none has when false
	hired   [2]int16   // the Root each player declared for Hired Hit, or 0
	peek    [2][2]int8 // the top two items of the Item Deck each player saw (Study), 0 for none
	tally   *tally     // how often each ability fired; nil in clones

	scratch *scratch // search buffers; not cloned
	quiet   bool     // listing legal actions: errors need no text
	trusted bool     // ApplyLegal: the action was just listed, its costly checks are skipped
}

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	c.pieces = append([]piece(nil), s.pieces...)
	c.board = append([]int8(nil), s.board...)
	c.deck = append([]int8(nil), s.deck...)
	// Nil when empty: an empty slice with room left would be shared, and
	// the marks are filtered in place.
	c.windows = append([]window(nil), s.windows...)
	c.marks = append([]mark(nil), s.marks...)
	c.tally = nil
	if s.stage == stageBuild {
		for i := range c.armies {
			c.armies[i] = cloneArmy(s.armies[i])
		}
	}
	c.scratch = nil
	return &c
}

// CloneInto makes dst, a Tactics David state, a copy of s as Clone does,
// in dst's own memory: its pieces, board, Item Deck, reactions and
// markers, and its search buffers (names of its own pieces, the flood
// cache forgotten) when it is on the same battlefield (engine.Copier).
func (s *State) CloneInto(dst engine.State) bool {
	d, ok := dst.(*State)
	if !ok || d == nil {
		return false
	}
	if d == s {
		return true
	}
	// dst's own memory: no other state shares it (Clone copies).
	pieces, board, deck, windows, marks := d.pieces[:0], d.board[:0], d.deck[:0], d.windows[:0], d.marks[:0]
	var scr *scratch
	if d.bf == s.bf && d.scratch != nil {
		scr = d.scratch
		scr.ab.flood.valid = false
		scr.listed.ok = false // listed from dst, not s
	}
	*d = *s
	d.rng = s.rng.Clone()
	d.pieces = append(pieces, s.pieces...)
	d.board = append(board, s.board...)
	d.deck = append(deck, s.deck...)
	d.windows = append(windows, s.windows...)
	d.marks = append(marks, s.marks...)
	d.tally = nil
	if s.stage == stageBuild {
		for i := range d.armies {
			d.armies[i] = cloneArmy(s.armies[i])
		}
	}
	d.scratch = scr
	return true
}

func cloneArmy(a Army) Army {
	out := make(Army, len(a))
	for i, e := range a {
		out[i] = Entry{Units: append([]int(nil), e.Units...), Items: append([]int(nil), e.Items...)}
	}
	return out
}

// Rand returns the match's random stream.
func (s *State) Rand() *engine.Rand { return &s.rng }

// Result reports whether the battle is over.
func (s *State) Result() (engine.Result, bool) { return s.result, s.over }

// Deciders returns the seats that must act now.
func (s *State) Deciders() engine.SeatSet {
	if s.over {
		return 0
	}
	if s.pend.kind != pendNone {
		return engine.SeatSet(0).With(engine.Seat(s.pend.seat))
	}
	switch s.stage {
	case stageBuild:
		var set engine.SeatSet
		for i, done := range s.built {
			if !done {
				set = set.With(engine.Seat(i))
			}
		}
		return set
	}
	return engine.SeatSet(0).With(engine.Seat(s.player))
}

// Hash returns a hash of the whole state.
func (s *State) Hash() uint64 {
	b := make([]byte, 0, 256+len(s.pieces)*32)
	b = append(b, s.stage, byte(s.first), byte(s.player))
	b = binary.LittleEndian.AppendUint16(b, uint16(s.turn))
	for i := range s.armies {
		b = append(b, byte(len(s.armies[i])))
		for _, e := range s.armies[i] {
			for _, u := range e.Units {
				b = binary.LittleEndian.AppendUint16(b, uint16(u))
			}
			b = append(b, 0xff)
			for _, it := range e.Items {
				b = append(b, byte(it))
			}
			b = append(b, 0xfe)
		}
		if s.built[i] {
			b = append(b, 1)
		}
	}
	for _, p := range s.pieces {
		b = binary.LittleEndian.AppendUint16(b, uint16(p.prof))
		b = append(b, byte(p.owner), byte(p.x), byte(p.y), byte(p.facing), p.utype)
		b = binary.LittleEndian.AppendUint32(b, p.status)
		b = append(b, byte(p.items[0]), byte(p.items[1]), byte(p.items[2]), byte(p.lock), byte(p.team), p.half, p.orient)
		b = append(b, byte(p.belt[0]), byte(p.belt[1]), byte(p.belt[2]))
		b = binary.LittleEndian.AppendUint16(b, uint16(p.lockTurn))
		b = binary.LittleEndian.AppendUint16(b, p.flags)
		b = binary.LittleEndian.AppendUint16(b, uint16(p.kills))
		b = p.ab.append(b)
	}
	e := s.eng
	b = append(b, byte(e.p), byte(e.q), e.phase, flag(e.moved), flag(e.moveDone), flag(e.faced), flag(e.escaped),
		flag(e.noCombat), flag(e.petrified), flag(e.attacked[0]), flag(e.attacked[1]),
		byte(e.tradeWith), e.traded, byte(e.looted), e.lootTried, byte(e.haste), flag(e.whipped), e.forced, flag(e.oriented), flag(e.charged), flag(e.moveEnd))
	b = append(b, flag(e.passed), flag(e.refaced), flag(e.again[0]), flag(e.again[1]))
	for k := range e.abUsed {
		for _, w := range e.abUsed[k] {
			b = binary.LittleEndian.AppendUint64(b, w)
		}
	}
	pd := s.pend
	b = append(b, pd.kind, byte(pd.seat), byte(pd.n), byte(pd.item), byte(pd.who), byte(pd.ab), byte(pd.ab>>8), byte(pd.t), byte(pd.x))
	b = pd.atk.append(b)
	b = binary.LittleEndian.AppendUint16(b, uint16(s.killsTurn))
	b = binary.LittleEndian.AppendUint16(b, uint16(s.kills[0]))
	b = binary.LittleEndian.AppendUint16(b, uint16(s.kills[1]))
	for _, it := range s.deck {
		b = append(b, byte(it))
	}
	b = append(b, flag(s.over), byte(s.result.Winners))
	for _, w := range s.windows {
		b = append(b, byte(w.holder), byte(w.ab), byte(w.ab>>8))
	}
	b = s.fight.append(b)
	for _, m := range s.marks {
		b = append(b, byte(m.sq), byte(m.sq>>8), m.kind, byte(m.by), byte(m.held))
	}
	b = append(b, byte(s.hired[0]), byte(s.hired[1]))
	b = append(b, byte(s.peek[0][0]), byte(s.peek[0][1]), byte(s.peek[1][0]), byte(s.peek[1][1]))
	b = s.rng.AppendState(b)
	return engine.HashBytes(b)
}

func flag(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// event adds an event every seat sees. On a nil log (playouts) it does
// nothing, but its arguments are made all the same: they are names and
// words that box without allocating (s.name, words.go).
func (s *State) event(ev *engine.Log, typ, format string, args ...any) {
	ev.Add(engine.Everyone, typ, format, args...)
}

// name names piece i for events and errors: "one's Knight (3,4)". The
// text is made only when printed. Events call it in playouts too, where no
// one reads them: it is a lookup, the names made once per search buffers.
func (s *State) name(i int) *unitName {
	if sc := s.scratch; sc != nil && i < len(sc.names) {
		return &sc.names[i] // a pointer: passing it to fmt allocates nothing
	}
	return s.newNames(i)
}

// newNames makes the names of the pieces there are, at one go, and returns
// piece i's.
func (s *State) newNames(i int) *unitName {
	sc := s.scr()
	if n := len(sc.names); n < len(s.pieces) {
		if cap(sc.names) < len(s.pieces) {
			sc.names = append(make([]unitName, 0, len(s.pieces)+8), sc.names...)
		}
		for k := n; k < len(s.pieces); k++ {
			sc.names = append(sc.names, unitName{s, k})
		}
	}
	return &sc.names[i]
}

// unitName is a piece's name, printed with %s.
type unitName struct {
	s *State
	i int
}

func (n *unitName) String() string {
	p := &n.s.pieces[n.i]
	return fmt.Sprintf("%s's %s (%d,%d)", n.s.g.SeatName(engine.Seat(p.owner)), n.s.profs[p.prof].Name, p.x, p.y)
}

// pt is piece i's grid space.
func (s *State) pt(i int) battlefield.Point {
	return battlefield.Point{X: int(s.pieces[i].x), Y: int(s.pieces[i].y)}
}

// at returns the first piece on grid space p, or -1.
func (s *State) at(p battlefield.Point) int {
	if !s.bf.In(p) {
		return -1
	}
	return int(s.board[p.Y*s.bf.W+p.X]) - 1
}

// roll rolls one die of the given sides for piece i's owner's procedure,
// with the Necklace of Negativity: "Enemy Units within 2 Grid Spaces of
// this Unit reduce any rolled result by 1" (item 11; TD-35: once, whatever
// the number of necklaces, never below 1).
//
// why says what the roll is for: a constant string, or a word that boxes
// without allocating (an abLabel, a statusWord); n says what it needs, and
// the event says whether it got it (need, words.go).
func (s *State) roll(i int, sides int, ev *engine.Log, why any, n need) int {
	r := s.rng.Roll(sides)
	r = s.necklace(i, r)
	s.event(ev, "roll", "%s rolls %d on 1 D%d (%s)%v", s.name(i), r, sides, why, s.rolled(n, r))
	return r
}

// necklace applies the Necklace of Negativity to a result rolled for piece
// i (TD-35).
func (s *State) necklace(i int, r int) int {
	if i < 0 || r <= 1 {
		return r
	}
	p := &s.pieces[i]
	for j := range s.pieces {
		q := &s.pieces[j]
		if q.owner != p.owner && q.items[slotAccessory] == itemNecklace && q.flags&fRemoved == 0 && !q.has(Dead) &&
			battlefield.Distance(s.pt(i), s.pt(j)) <= 2 {
			return r - 1
		}
	}
	return r
}

// adjacent reports whether a and b are in "direct Grid Space contact":
// orthogonal neighbours (TD-27).
func adjacent(a, b battlefield.Point) bool {
	return battlefield.Distance(a, b) == 1
}

// alive reports whether piece i is on the battlefield without the Dead
// Status.
func (s *State) alive(i int) bool {
	p := &s.pieces[i]
	return p.flags&fRemoved == 0 && !p.has(Dead)
}

// errQuiet is the error check functions return while legal actions are
// listed: only whether an action is legal matters then, not why.
var errQuiet = &engine.IllegalError{Rule: "Tactics David rules", Why: "not legal now"}

// illegal returns the error of an action the rules forbid, naming the rule.
func (s *State) illegal(rule, format string, args ...any) error {
	if s.quiet {
		return errQuiet
	}
	return engine.Illegal(rule, format, args...)
}
