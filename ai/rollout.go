package ai

import (
	"fmt"
	"time"

	"skald/engine"
)

// DefaultRollouts is the number of rollouts per choice of a bot made by
// [NewRollout].
const DefaultRollouts = 400

// Rollout is a bot that improves on a game's rules of thumb
// ([engine.Heuristic]) by Monte Carlo rollouts: Bertsekas' rollout
// algorithm, as Tesauro and Galperin played backgammon with it. For each
// of its legal actions it deals the hidden information again from its
// seat's point of view ([engine.Determinize]), plays the action and then
// the game out with every seat following the rules of thumb (a share
// Noise of the actions at random), and it chooses the action whose
// rollouts scored best by [Reward]. A base player that is strong is
// reliably beaten by its rollouts, where a search that credits the enemy
// with random play (mcts's playouts) may not be.
//
// Every action is tried on the same determinizations with the same random
// stream (common random numbers), so that two actions are compared on the
// same deals and the same future chance. With an iteration budget the
// rollouts are spent by sequential halving (Karnin, Koren and Somekh,
// 2013): rounds that each give the actions still in the running an equal
// share, keeping the better half; with a thinking time, rounds of one
// rollout per action run until the time is up. In a game whose states are
// an [engine.Evaluator], a rollout stops after Depth actions and is
// credited with the evaluation, and with Blend an action's score mixes
// the evaluation of the position it leads to with its rollouts' (as
// AlphaGo mixed its value network's judgement of a leaf with its
// rollouts' result): a rollout deep enough to play the enemy's reply
// credits an action with what that reply does, and the position the
// action itself leaves keeps its weight.
//
// A Rollout keeps scratch space between calls, so it must not be used by
// several goroutines at once.
type Rollout struct {
	// Iterations is the number of rollouts per choice. When it is zero,
	// Time bounds the search instead.
	Iterations int
	// Time is the thinking time per choice, used when Iterations is zero.
	// At least one rollout per action is always run.
	Time time.Duration
	// Depth is the most actions a rollout plays before it asks the
	// state's [engine.Evaluator], if it has one; zero plays to the end.
	// A state that is a [Horizon] sets it instead, unless the spec named
	// a depth.
	Depth int
	// Noise is the share, in percent, of a rollout's actions chosen
	// uniformly at random instead of by the rules of thumb.
	Noise int
	// Margin is how much better, in reward, an action's rollouts must
	// score than those of the action the rules of thumb suggest for the
	// bot to prefer it: with many actions and few rollouts each, the best
	// mean is often luck.
	Margin float64
	// Top, when positive, is how many actions a choice rolls out in a game
	// whose rules of thumb rank the legal actions ([Ranker]): the Top they
	// score best, and the one they suggest. Zero rolls out every action.
	Top int
	// Infer deals the hidden information with the game's model of its
	// players ([Inferrer]) where it has one, instead of at random.
	Infer bool
	// Blend is the weight, from 0 to 1, of the evaluation of the
	// position an action leads to in its score, in a game whose states
	// are an [engine.Evaluator]; its rollouts' results weigh the rest.
	Blend float64
	// Z, when positive, is how many standard errors the best action's
	// lead over the action the rules of thumb suggest must also be for
	// the bot to prefer it. The lead is measured pair by pair: both
	// actions are rolled out on the same determinizations with the same
	// random stream, so the spread of their differences, not of their
	// scores, says how sure it is.
	Z float64

	name       string
	depthGiven bool

	rng   engine.Rand
	legal []engine.Action
	buf   []engine.Action
	sum   []float64 // sum[i]: rewards of legal[i]'s rollouts
	sq    []float64 // sq[i]: squares of legal[i]'s rewards less the suggested action's on the same deal
	val   []float64 // val[i]: legal[i]'s reward on the deal being rolled out
	score []float64 // score[i]: legal[i]'s worth by the rules of thumb (Top)
	runs  []int     // runs[i]: its rollouts
	alive []int     // indices into legal still in the running
	base  int       // index of the action the rules of thumb suggest, or -1
	iters int
}

// NewRollout returns a rollout bot seeded with seed that plays
// [DefaultRollouts] rollouts per choice, to the end of the game or, in a
// game that can evaluate a position, to its [Horizon] or [DefaultDepth]
// actions.
func NewRollout(seed uint64) *Rollout {
	return &Rollout{Iterations: DefaultRollouts, Depth: DefaultDepth, name: "rollout", rng: engine.NewRand(seed)}
}

// Name returns "rollout", or the level the bot plays at.
func (b *Rollout) Name() string { return b.name }

// Iters returns the number of rollouts the last choice ran.
func (b *Rollout) Iters() int { return b.iters }

// Choose returns the action of seat whose rollouts scored best. A seat
// with a single legal action gets it without a rollout. In a game without
// rules of thumb the rollouts play at random. Choose panics if seat has
// nothing to decide.
func (b *Rollout) Choose(s engine.State, seat engine.Seat) engine.Action {
	b.legal = s.Legal(seat, b.legal[:0])
	switch len(b.legal) {
	case 0:
		panic(fmt.Sprintf("ai: rollout bot asked to choose for seat %d, which has nothing to decide", seat))
	case 1:
		b.iters = 0
		return b.legal[0]
	}
	n := len(b.legal)
	b.sum = resize(b.sum, n)
	b.sq = resize(b.sq, n)
	b.val = resize(b.val, n)
	b.runs = resizeInt(b.runs, n)
	b.alive = b.alive[:0]
	for i := range n {
		b.alive = append(b.alive, i)
	}
	b.base = -1
	d := b.deal(s, seat)
	if h, ok := d.(engine.Heuristic); ok {
		b.base = index(b.legal, h.Suggest(seat, &b.rng))
	}
	if j, ok := d.(Judge); ok && b.base >= 0 {
		if cut := b.cutAt(d); cut > 0 && !j.CanJudge(cut) {
			// Rollouts cut short are not worth running here: the
			// rules of thumb choose.
			b.iters = 0
			return b.legal[b.base]
		}
	}
	if rk, ok := d.(Ranker); ok && b.Top > 0 && n > b.Top {
		b.keepTop(rk, seat)
		if len(b.alive) == 1 {
			b.iters = 0
			return b.legal[b.alive[0]]
		}
	}
	n = len(b.alive)
	b.iters = 0
	if b.Iterations <= 0 {
		start := time.Now()
		for b.iters == 0 || time.Since(start) < b.Time {
			b.round(s, seat, 1)
		}
		return b.legal[b.best()]
	}
	// Sequential halving: ceil(log2 n) rounds, each with an equal share
	// of the budget, the better half kept after each.
	rounds := 0
	for k := 1; k < n; k *= 2 {
		rounds++
	}
	for r := range rounds {
		if len(b.alive) == 1 {
			break
		}
		share := (b.Iterations - b.iters) / (rounds - r)
		b.round(s, seat, max(1, share/len(b.alive)))
		b.halve()
	}
	return b.legal[b.best()]
}

// Judge is implemented by states whose evaluation ([engine.Evaluator])
// judges rollouts cut short well enough to be worth running only once the
// match is far enough along: not where it tells no position apart, such
// as a game whose armies are still being built (rollouts cut after a few
// actions would all score the same), nor where it sees too little of
// what a choice leads to for its cost. There a rollout bot plays the
// action the rules of thumb suggest without rolling out.
type Judge interface {
	// CanJudge reports whether rollouts cut depth actions on from this
	// position are worth running.
	CanJudge(depth int) bool
}

// cutAt returns the number of actions after which rollouts from c stop
// to be judged by its evaluation: the bot's Depth, or the game's
// [Horizon]; 0 if they play to the end.
func (b *Rollout) cutAt(c engine.State) int {
	if _, ok := c.(engine.Evaluator); !ok {
		return 0
	}
	if h, ok := c.(Horizon); ok && !b.depthGiven {
		return max(1, h.Horizon())
	}
	return b.Depth
}

// Ranker is implemented by states whose rules of thumb score every legal
// action, so that a rollout bot with [Rollout.Top] set spends its
// rollouts on the few they score best.
type Ranker interface {
	// Rank sets score[i] to the worth the rules of thumb see for seat in
	// legal[i], higher better; legal and score have the same length.
	Rank(seat engine.Seat, legal []engine.Action, score []float64)
}

// keepTop keeps in the running the Top actions rk scores best, the first
// in the legal list among equals, and the suggested action.
func (b *Rollout) keepTop(rk Ranker, seat engine.Seat) {
	n := len(b.legal)
	b.score = resize(b.score, n)
	rk.Rank(seat, b.legal, b.score)
	b.keepBest(b.Top, func(i int) float64 { return b.score[i] })
}

// keepBest keeps in the running the keep actions worth most, the first
// among equals, and the action the rules of thumb suggest. An insertion
// sort, best first and stable: the lists are a few hundred actions at
// most.
func (b *Rollout) keepBest(keep int, worth func(int) float64) {
	a := b.alive
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && worth(a[j]) > worth(a[j-1]); j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
	for k := keep; k < len(a); k++ {
		if a[k] == b.base {
			a[keep], a[k] = a[k], a[keep]
			keep++
			break
		}
	}
	b.alive = a[:keep]
}

// round runs k determinizations, each playing one rollout of every action
// still in the running.
func (b *Rollout) round(s engine.State, seat engine.Seat, k int) {
	for range k {
		d := b.deal(s, seat)
		stream := b.rng.Uint64()
		for _, i := range b.alive {
			c := d.Clone()
			if err := c.Apply(b.legal[i], nil); err != nil {
				panic(fmt.Sprintf("ai: an action legal in the match does not apply to its determinization: %v", err))
			}
			r := engine.NewRand(stream)
			w, now := 0.0, 0.0 // Blend, and the position the action leaves
			if ev, ok := c.(engine.Evaluator); ok && b.Blend > 0 {
				w, now = b.Blend, ev.Evaluate(seat)
			}
			b.val[i] = w*now + (1-w)*b.play(c, seat, &r)
			b.sum[i] += b.val[i]
			b.runs[i]++
			b.iters++
		}
		if b.base >= 0 {
			for _, i := range b.alive {
				d := b.val[i] - b.val[b.base]
				b.sq[i] += d * d
			}
		}
	}
}

// deal returns a copy of s with what seat cannot see dealt again.
func (b *Rollout) deal(s engine.State, seat engine.Seat) engine.State {
	if b.Infer {
		return infer(s, seat, &b.rng)
	}
	return engine.Determinize(s, seat, &b.rng)
}

// play plays c on by the rules of thumb and returns what it is worth to
// seat.
func (b *Rollout) play(c engine.State, seat engine.Seat, r *engine.Rand) float64 {
	ev, judge := c.(engine.Evaluator)
	limit := PlayoutLimit
	if depth := b.cutAt(c); depth > 0 {
		limit = depth
	}
	h, guided := c.(engine.Heuristic)
	for n := 0; ; n++ {
		dec := c.Deciders()
		if dec.Empty() {
			res, ok := c.Result()
			if !ok {
				panic("ai: no seat decides but the game is not over")
			}
			return Reward(res, seat)
		}
		if n == limit {
			if judge {
				return ev.Evaluate(seat)
			}
			return 0.5
		}
		actor := dec.First()
		var a engine.Action
		if guided && (b.Noise <= 0 || r.IntN(100) >= b.Noise) {
			a = h.Suggest(actor, r)
		} else {
			b.buf = c.Legal(actor, b.buf[:0])
			if len(b.buf) == 0 {
				panic(fmt.Sprintf("ai: seat %d decides but has no legal action", actor))
			}
			a = b.buf[r.IntN(len(b.buf))]
		}
		if err := c.Apply(a, nil); err != nil {
			panic(fmt.Sprintf("ai: a suggested or legal action does not apply: %v", err))
		}
	}
}

// halve keeps the better half of the actions in the running, by mean,
// and the action the rules of thumb suggest.
func (b *Rollout) halve() {
	b.keepBest((len(b.alive)+1)/2, b.mean)
}

// best returns the action in the running with the best mean, the first
// in the legal list among equals; the suggested action unless another
// scores Margin more.
func (b *Rollout) best() int {
	best := -1
	for _, i := range b.alive {
		if i == b.base {
			continue
		}
		if best < 0 || b.mean(i) > b.mean(best) || b.mean(i) == b.mean(best) && i < best {
			best = i
		}
	}
	if b.base >= 0 && (best < 0 || b.mean(best) <= b.mean(b.base)+b.Margin || !b.sure(best)) {
		return b.base
	}
	return best
}

// sure reports whether action i's lead over the suggested action is Z
// standard errors of their paired differences or more; always, if Z is
// not positive. Every action still in the running was rolled out on
// every deal the suggested action was, so its lead is the mean of their
// differences deal by deal.
func (b *Rollout) sure(i int) bool {
	if b.Z <= 0 || b.base < 0 {
		return true
	}
	n := float64(b.runs[i])
	if n < 2 || b.runs[b.base] != b.runs[i] {
		return false
	}
	lead := b.mean(i) - b.mean(b.base)
	v := (b.sq[i] - n*lead*lead) / (n - 1) // sample variance of the differences
	return lead > 0 && lead*lead*n > b.Z*b.Z*max(v, 0)
}

func (b *Rollout) mean(i int) float64 {
	if b.runs[i] == 0 {
		return 0
	}
	return b.sum[i] / float64(b.runs[i])
}

// resize returns s with n zeroed elements, reusing its memory.
func resize(s []float64, n int) []float64 {
	s = s[:0]
	for range n {
		s = append(s, 0)
	}
	return s
}

// resizeInt is resize for ints.
func resizeInt(s []int, n int) []int {
	s = s[:0]
	for range n {
		s = append(s, 0)
	}
	return s
}
