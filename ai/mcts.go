package ai

import (
	"cmp"
	"fmt"
	"math"
	"time"

	"skald/engine"
)

const (
	// DefaultIterations is the number of iterations per choice of a bot
	// made by [NewMCTS].
	DefaultIterations = 1000
	// DefaultC is the exploration constant of a bot made by [NewMCTS].
	DefaultC = 0.7
	// DefaultDepth is how many random actions a playout of a bot made by
	// [NewMCTS] plays before it asks an [engine.Evaluator], in games that
	// have one.
	DefaultDepth = 200
)

// MCTS is a bot that searches with single-observer Information Set Monte
// Carlo Tree Search (Cowling, Powley and Whitehouse, 2012).
//
// Each iteration deals the hidden information again from the seat's point
// of view with [engine.Determinize], descends a tree whose edges are
// actions, choosing among the actions legal in that determinization by UCB
// with availability counts, adds one node, plays the game out at random
// with [Playout] and credits every node on the way with the result as seen
// by the seat whose action led to it, its [Reward] (at two seats 1 for a
// win, 0.5 for a draw, 0 for a loss; at more, by its place). In a game
// whose states are an [engine.Evaluator], a playout stops after Depth
// actions and the credit is the evaluation instead. The choice is the root
// action visited most.
//
// When several seats decide at once (a simultaneous choice), the lowest
// acts first in the tree and in playouts; determinized copies hide the
// choices already made. At the root the bot's own seat acts first. So that
// the tree does not let a later seat of a simultaneous choice react to the
// earlier seats' secret choices, the later seat chooses by statistics kept
// at the node where the choice began, shared by all the earlier choices (as
// in decoupled UCT); the nodes that follow are still reached by the whole
// sequence of choices.
//
// An MCTS keeps its tree between calls to reuse memory, so it must not be
// used by several goroutines at once.
type MCTS struct {
	// Iterations is the number of iterations per choice. When it is zero,
	// Time bounds the search instead.
	Iterations int
	// Time is the thinking time per choice, used when Iterations is zero.
	// At least one iteration is always run.
	Time time.Duration
	// C is the exploration constant of UCB. A state that is an
	// [Exploration] sets it instead, unless the spec named one.
	C float64
	// Depth is the most random actions a playout plays before it asks the
	// state's [engine.Evaluator], if it has one; zero plays to the end.
	// A state that is a [Horizon] sets it instead, unless the spec named
	// a depth.
	Depth int

	// Guide is the share, in percent, of a playout's actions that the
	// game's rules of thumb ([engine.Heuristic]) choose, in a game that
	// has them; the others are uniformly random. Guided playouts are
	// slower but tell a good move from a bad one where random play cannot.
	// A state that is a [PlayoutGuide] sets it instead, unless the spec
	// named a share.
	Guide int

	name       string  // "mcts", or the level it plays at
	depthGiven bool    // the spec named Depth: a game's Horizon does not set it
	guideGiven bool    // the spec named Guide: a game's PlayoutGuide does not set it
	cGiven     bool    // the spec named C: a game's Exploration does not set it
	c          float64 // the exploration constant of this search

	rng     engine.Rand
	nodes   []node          // nodes[0] is the root
	path    []int32         // nodes descended in this iteration
	legal   []engine.Action // legal actions at the current node
	slot    []int32         // slot[i]: child for legal[i], -1 if none, or dup
	iters   int             // iterations of the last search
	coupled bool            // later seats of simultaneous choices see earlier ones (for tests)
}

// node is a tree node: the action that leads to it, its statistics and its
// children as a list threaded through the arena.
type node struct {
	action engine.Action // the action leading here; action.Seat earns reward
	hint   uint16        // where action was last found in a legal list
	child  int32         // first child, or -1
	next   int32         // next sibling, or -1
	visits int32
	avail  int32 // times the parent was visited with action legal
	reward float64
}

// NewMCTS returns an MCTS bot seeded with seed that runs
// [DefaultIterations] iterations per choice with exploration constant
// [DefaultC] and playouts cut at [DefaultDepth] where a game can evaluate.
func NewMCTS(seed uint64) *MCTS {
	return &MCTS{Iterations: DefaultIterations, C: DefaultC, Depth: DefaultDepth, name: "mcts", rng: engine.NewRand(seed)}
}

// Horizon is implemented by states whose evaluation is trusted after
// fewer (or more) random actions than [DefaultDepth]: in a game where
// random play seldom decides anything, such as Tactics David, a long
// random playout only blurs what the evaluation sees.
type Horizon interface {
	engine.Evaluator
	// Horizon returns how many random actions a search's playout plays
	// before it asks Evaluate; at least 1.
	Horizon() int
}

// PlayoutGuide is implemented by states whose rules of thumb are good and
// cheap enough to guide a search's playouts: in Wintergrim, random play
// seldom reaches an objective, and the evaluation after it says little.
type PlayoutGuide interface {
	engine.Heuristic
	// PlayoutGuide returns the share, in percent, of a playout's actions
	// that Suggest chooses, from 0 to 100.
	PlayoutGuide() int
}

// Exploration is implemented by states whose evaluation tells moves
// apart by less than a win from a loss: in Tactics David, a grid space
// closer to the enemy is worth a hundredth, and the default exploration
// constant, made for rewards of 0 to 1, would spread the search evenly
// over a hundred moves.
type Exploration interface {
	engine.Evaluator
	// Exploration returns the exploration constant of UCB for a search
	// from this state; more than 0.
	Exploration() float64
}

// Name returns "mcts", or the level the bot was made at, such as
// "normal".
func (m *MCTS) Name() string { return cmp.Or(m.name, "mcts") }

// Iters returns the number of iterations the last search ran.
func (m *MCTS) Iters() int { return m.iters }

// Choose searches and returns the action of seat visited most. A seat
// with a single legal action gets it without a search. Choose panics if
// seat has nothing to decide.
func (m *MCTS) Choose(s engine.State, seat engine.Seat) engine.Action {
	m.legal = s.Legal(seat, m.legal[:0])
	switch len(m.legal) {
	case 0:
		panic(fmt.Sprintf("ai: mcts bot asked to choose for seat %d, which has nothing to decide", seat))
	case 1:
		m.iters = 0
		return m.legal[0]
	}
	// The tree grows as the search uses it, in memory kept from the last
	// search: a budget, which a spec may set very high, sizes nothing.
	m.nodes = append(m.nodes[:0], node{child: -1, next: -1})
	m.c = m.C
	if e, ok := s.(Exploration); ok && !m.cGiven {
		m.c = e.Exploration()
	}
	start := time.Now()
	m.iters = 0
	for m.Iterations > 0 && m.iters < m.Iterations ||
		m.Iterations <= 0 && (m.iters == 0 || time.Since(start) < m.Time) {
		m.iterate(s, seat)
		m.iters++
	}
	// The most visited root action that is legal in the real state.
	m.legal = s.Legal(seat, m.legal[:0])
	best, most := m.legal[0], int32(-1)
	for c := m.nodes[0].child; c >= 0; c = m.nodes[c].next {
		n := &m.nodes[c]
		if n.visits > most && index(m.legal, n.action) >= 0 {
			best, most = n.action, n.visits
		}
	}
	return best
}

// iterate runs one iteration of the search for seat from s.
func (m *MCTS) iterate(s engine.State, seat engine.Seat) {
	d := engine.Determinize(s, seat, &m.rng)
	m.path = m.path[:0]
	cur := int32(0)
	// A simultaneous choice is a block of steps, one per seat, from the
	// node where it began; left holds the seats yet to act in it.
	block, left := int32(0), engine.SeatSet(0)
	for {
		dec := d.Deciders()
		if dec.Empty() {
			break
		}
		later := left != 0 && dec&^left == 0 && !m.coupled
		if !later {
			block, left = cur, 0
			if dec.Len() > 1 {
				left = dec
			}
		}
		actor := dec.First()
		if cur == 0 && dec.Has(seat) {
			actor = seat
		}
		left = left.Without(actor)
		m.legal = d.Legal(actor, m.legal[:0])
		if len(m.legal) == 0 {
			panic(fmt.Sprintf("ai: seat %d decides but has no legal action", actor))
		}
		var next int32
		var expanded bool
		if later {
			// A later seat of a simultaneous choice must not know the
			// earlier seats' choices: it chooses by statistics kept at
			// the node where the choice began, shared by all of them.
			var stat int32
			stat, expanded = m.descend(block)
			m.path = append(m.path, stat)
			a := m.nodes[stat].action
			if next = m.child(cur, a); next < 0 {
				next, expanded = m.add(cur, a), true
			}
		} else {
			next, expanded = m.descend(cur)
		}
		if err := d.Apply(m.nodes[next].action, nil); err != nil {
			panic(fmt.Sprintf("ai: legal action does not apply: %v", err))
		}
		m.path = append(m.path, next)
		cur = next
		if expanded {
			break
		}
	}
	ev, judge := d.(engine.Evaluator)
	depth := m.Depth
	if h, ok := d.(Horizon); ok && !m.depthGiven {
		depth = max(1, h.Horizon())
	}
	limit := PlayoutLimit
	if judge && depth > 0 {
		limit = depth
	}
	var res engine.Result
	var over bool
	guide := m.Guide
	if g, ok := d.(PlayoutGuide); ok && !m.guideGiven {
		guide = min(100, max(0, g.PlayoutGuide()))
	}
	if h, ok := d.(engine.Heuristic); ok && guide > 0 {
		res, over = m.guided(d, h, limit, guide)
	} else {
		res, over, m.legal = playoutTo(d, &m.rng, m.legal, limit)
	}
	var worth [engine.MaxSeats]float64
	var known engine.SeatSet
	m.nodes[0].visits++
	for _, i := range m.path {
		n := &m.nodes[i]
		n.visits++
		seat := n.action.Seat
		if !known.Has(seat) {
			if over || !judge || depth <= 0 {
				worth[seat] = Reward(res, seat)
			} else {
				worth[seat] = ev.Evaluate(seat)
			}
			known = known.With(seat)
		}
		n.reward += worth[seat]
	}
}

// child returns the child of parent reached by a, or -1.
func (m *MCTS) child(parent int32, a engine.Action) int32 {
	for c := m.nodes[parent].child; c >= 0; c = m.nodes[c].next {
		if m.nodes[c].action == a {
			return c
		}
	}
	return -1
}

// descend picks the child of cur to follow among m.legal: a new child for
// an action not tried yet if there is one, else the child with the best UCB
// score. It counts every legal child as available. An action the list
// names twice is one action: it has one child, counted once.
func (m *MCTS) descend(cur int32) (next int32, expanded bool) {
	m.slot = m.slot[:0]
	for range m.legal {
		m.slot = append(m.slot, -1)
	}
	untried, seat := len(m.legal), m.legal[0].Seat
	for c := m.nodes[cur].child; c >= 0; c = m.nodes[c].next {
		n := &m.nodes[c]
		if n.action.Seat != seat {
			continue
		}
		// Legal lists tend to come in the same order: look where the
		// action was last time first.
		i := int(n.hint)
		if i >= len(m.legal) || m.legal[i] != n.action {
			if i = index(m.legal, n.action); i < 0 {
				continue
			}
			n.hint = uint16(i)
		}
		m.slot[i] = c
		n.avail++
		untried--
	}
	for untried > 0 {
		i := m.untried(m.rng.IntN(untried))
		if m.child(cur, m.legal[i]) >= 0 {
			// A second place of an action that has a child: a game's
			// legal list should not name an action twice, but a search
			// must not be thrown by one that does.
			m.slot[i] = dup
			untried--
			continue
		}
		next := m.add(cur, m.legal[i])
		m.nodes[next].hint = uint16(i)
		return next, true
	}
	best, bestScore := int32(-1), math.Inf(-1)
	for _, c := range m.slot {
		if c < 0 {
			continue // a duplicate
		}
		n := &m.nodes[c]
		v := float64(n.visits)
		score := n.reward/v + m.c*math.Sqrt(math.Log(float64(n.avail))/v)
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best, false
}

// dup marks in m.slot a place of m.legal whose action has its child at
// another place: the list names the action twice.
const dup = -2

// untried returns the index in m.legal of the k-th action (from 0) with
// no child.
func (m *MCTS) untried(k int) int {
	for i, c := range m.slot {
		if c != -1 {
			continue
		}
		if k == 0 {
			return i
		}
		k--
	}
	panic("ai: fewer untried actions than counted")
}

// add appends a child of parent reached by a and returns it.
func (m *MCTS) add(parent int32, a engine.Action) int32 {
	i := int32(len(m.nodes))
	m.nodes = append(m.nodes, node{action: a, child: -1, next: m.nodes[parent].child, avail: 1})
	m.nodes[parent].child = i
	return i
}

// index returns the index of a in actions, or -1.
func index(actions []engine.Action, a engine.Action) int {
	for i, b := range actions {
		if a == b {
			return i
		}
	}
	return -1
}

// guided plays d on for at most limit actions, each chosen by h with
// chance guide percent and at random otherwise, and reports whether the
// game ended; if it did not, the result is a draw.
func (m *MCTS) guided(d engine.State, h engine.Heuristic, limit, guide int) (engine.Result, bool) {
	for n := 0; ; n++ {
		dec := d.Deciders()
		if dec.Empty() {
			res, ok := d.Result()
			if !ok {
				panic("ai: no seat decides but the game is not over")
			}
			return res, true
		}
		if n == limit {
			return engine.Result{Reason: "playout limit reached"}, false
		}
		seat := dec.First()
		var a engine.Action
		if m.rng.IntN(100) < guide {
			a = h.Suggest(seat, &m.rng)
		} else {
			m.legal = d.Legal(seat, m.legal[:0])
			if len(m.legal) == 0 {
				panic(fmt.Sprintf("ai: seat %d decides but has no legal action", seat))
			}
			a = m.legal[m.rng.IntN(len(m.legal))]
		}
		if err := d.Apply(a, nil); err != nil {
			panic(fmt.Sprintf("ai: a suggested or legal action does not apply: %v", err))
		}
	}
}
