package ai

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"time"

	"skald/engine"
)

// Bot chooses actions for a seat.
type Bot interface {
	// Name returns the bot's kind, such as "random" or "mcts".
	Name() string
	// Choose returns one of seat's legal actions in s. seat must be one of
	// s.Deciders(). Choose does not change s.
	Choose(s engine.State, seat engine.Seat) engine.Action
}

// Names returns the kinds of bots that [New] makes, in sorted order: the
// levels "easy", "normal" and "hard" (see [Levels]) and the kinds
// "heuristic", "mcts", "random" and "rollout".
func Names() []string {
	return []string{"easy", "hard", "heuristic", "mcts", "normal", "random", "rollout"}
}

// A Level is a strength a player chooses from: an mcts bot with a number
// of iterations per decision, or the search a game names for the level
// ([LevelSearch]; in Black & Red and Wintergrim, normal and hard are
// rollouts of the game's rules of thumb).
type Level struct {
	Name       string
	Iterations int
	// About says what playing it is like, for a list of opponents.
	About string
}

// Levels are the strengths offered to players, weakest first. A level is
// a bot kind of its own ("normal") and a parameter of mcts
// ("mcts:level=normal"); either takes mcts's other parameters too
// ("hard:time=2s" thinks two seconds instead). Their budgets are
// iterations, so that a level plays alike on any machine and a seeded
// match replays; normal decides within a second on one core in every
// game (docs/STATUS.md, Bots). Iterations is mcts's budget; a game that
// names its own search for a level gives it its own.
var Levels = []Level{
	{"easy", 100, "a quick opponent that misses what is not obvious"},
	{"normal", DefaultIterations, "the default: sees the likely outcomes of its choices"},
	{"hard", 5000, "searches five times as long as normal"},
}

// level returns the level called name.
func level(name string) (Level, bool) {
	for _, l := range Levels {
		if l.Name == name {
			return l, true
		}
	}
	return Level{}, false
}

// Limits bounds what a bot's spec may ask for; a zero field is no bound.
// A server takes bots' specs from its users, and a search's memory and
// time grow with its budget: see [NewLimited].
type Limits struct {
	MaxIterations int           // mcts iters
	MaxTime       time.Duration // mcts time
	MaxDepth      int           // mcts depth
}

// CommandLimits are the bounds of the command line: generous, but they
// refuse absurd budgets, such as a tree of a billion iterations that no
// memory holds.
var CommandLimits = Limits{MaxIterations: 10_000_000, MaxTime: time.Hour, MaxDepth: 1_000_000}

// New makes a bot from spec as [NewLimited] does, within [CommandLimits].
func New(spec string, seed uint64) (Bot, error) {
	return NewLimited(spec, seed, CommandLimits)
}

// NewLimited makes a bot from spec, a kind optionally followed by a colon
// and comma-separated parameters:
//
//	random
//	heuristic
//	mcts
//	mcts:iters=2000
//	mcts:time=250ms
//	mcts:iters=500,c=0.7
//	mcts:depth=0
//	mcts:level=hard
//	normal
//	hard:time=2s
//	rollout
//	rollout:iters=300,noise=10
//
// The parameters of "mcts" are iters (iterations per choice), time (a
// thinking time per choice, as a Go duration, used instead of iters),
// level (a strength of [Levels]: its iterations), c (the exploration
// constant), guide (the share of a playout's actions, in percent, that
// the game's rules of thumb choose, in a game that has them; 0, the
// default, plays at random) and depth (the random actions a playout plays before it asks
// a game that can evaluate a position; 0 plays to the end; without it, a
// game's [Horizon] or [DefaultDepth]). The levels "easy", "normal" and
// "hard" are kinds too, taking the same parameters: without any, or with
// a budget only (iters or time), a level plays the search its game names
// for it ([LevelSearch]), with that budget, and mcts in a game that names
// none. The parameters of "rollout" ([Rollout]) are iters (rollouts per
// choice), time, depth (as mcts's), noise (the share of a rollout's
// actions, in percent, played at random), margin (how much more an
// action's rollouts must score than the suggested action's, from 0 to 1),
// top (in a game whose rules of thumb rank actions, [Ranker], how many
// of the best ranked a choice rolls out; 0, the default, rolls out all),
// blend (the weight, from 0 to 1, of the evaluation of the position an
// action leads to in its score; 0, the default, scores by rollouts
// alone), z (how many standard errors of the paired differences an
// action's lead over the suggested action's must also be; 0, the
// default, asks only the margin) and infer (1 deals the hidden
// information with the game's model of its players, [Inferrer], where it
// has one).
// seed seeds the bot's own random stream, so that a bot with a fixed
// number of iterations chooses reproducibly.
//
// A budget over lim is refused with an error that names the limit, such as
// `bot "mcts:iters=999999999": iters=999999999 is over the limit of
// 10000000`. The budget is what the bot would use, defaults included: the
// iterations (or, with time, the thinking time) and the playout depth,
// where depth=0, a playout to the end, counts as [PlayoutLimit] actions.
func NewLimited(spec string, seed uint64, lim Limits) (Bot, error) {
	kind, params, colon := strings.Cut(strings.TrimSpace(spec), ":")
	if colon && strings.TrimSpace(params) == "" {
		return nil, fmt.Errorf("bot %q: no parameters after the colon", spec)
	}
	switch kind {
	case "random":
		if colon {
			return nil, fmt.Errorf("bot %q: random takes no parameters", spec)
		}
		return NewRandom(seed), nil
	case "heuristic":
		if colon {
			return nil, fmt.Errorf("bot %q: heuristic takes no parameters", spec)
		}
		return NewHeuristic(seed), nil
	case "mcts", "easy", "normal", "hard":
		m := NewMCTS(seed)
		if l, ok := level(kind); ok {
			m.Iterations, m.name = l.Iterations, l.Name
		}
		given, err := m.parse(params)
		if err == nil {
			err = lim.check(m, given)
		}
		if err != nil {
			return nil, fmt.Errorf("bot %q: %w", spec, err)
		}
		if _, ok := level(kind); ok && budgetOnly(given) {
			return &leveled{mcts: m, budget: given, seed: seed, lim: lim}, nil
		}
		return m, nil
	case "rollout":
		b := NewRollout(seed)
		err := b.parse(params)
		if err == nil {
			err = lim.checkRollout(b)
		}
		if err != nil {
			return nil, fmt.Errorf("bot %q: %w", spec, err)
		}
		return b, nil
	case "human":
		return nil, fmt.Errorf("bot %q: humans are not bots; the command line seats them", spec)
	}
	return nil, fmt.Errorf("bot %q: unknown kind %q (known: %s)", spec, kind, strings.Join(Names(), ", "))
}

// budgetOnly reports whether given names no parameter but a budget
// (iters or time): a level so given plays its game's search.
func budgetOnly(given map[string]string) bool {
	for k := range given {
		if k != "iters" && k != "time" {
			return false
		}
	}
	return true
}

// checkRollout refuses b's budget if it is over l.
func (l Limits) checkRollout(b *Rollout) error {
	if b.Iterations > 0 && l.MaxIterations > 0 && b.Iterations > l.MaxIterations {
		return fmt.Errorf("iters=%d is over the limit of %d", b.Iterations, l.MaxIterations)
	}
	if b.Iterations <= 0 && l.MaxTime > 0 && b.Time > l.MaxTime {
		return fmt.Errorf("time=%v is over the limit of %v", b.Time, l.MaxTime)
	}
	if depth := cmp.Or(b.Depth, PlayoutLimit); l.MaxDepth > 0 && depth > l.MaxDepth {
		return fmt.Errorf("depth=%d is over the limit of %d", b.Depth, l.MaxDepth)
	}
	return nil
}

// parse sets b's parameters from "k=v,k=v".
func (b *Rollout) parse(params string) error {
	if params == "" {
		return nil
	}
	var iters, limit bool
	for _, kv := range strings.Split(params, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || v == "" {
			return fmt.Errorf("parameter %q: want name=value", kv)
		}
		switch k {
		case "iters":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("iters=%s: want a whole number of at least 1", v)
			}
			b.Iterations, iters = n, true
		case "time":
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return fmt.Errorf("time=%s: want a positive duration such as 250ms or 2s", v)
			}
			b.Time, limit = d, true
		case "depth":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return fmt.Errorf("depth=%s: want a whole number of at least 0 (0 plays out to the end)", v)
			}
			b.Depth, b.depthGiven = n, true
		case "noise":
			n, err := strconv.Atoi(strings.TrimSuffix(v, "%"))
			if err != nil || n < 0 || n > 100 {
				return fmt.Errorf("noise=%s: want a share in percent, from 0 to 100", v)
			}
			b.Noise = n
		case "margin":
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || !(x >= 0 && x <= 1) { // NaN too
				return fmt.Errorf("margin=%s: want a reward from 0 to 1", v)
			}
			b.Margin = x
		case "blend":
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || !(x >= 0 && x <= 1) { // NaN too
				return fmt.Errorf("blend=%s: want a weight from 0 to 1", v)
			}
			b.Blend = x
		case "z":
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || !(x >= 0 && x <= 10) { // NaN too
				return fmt.Errorf("z=%s: want a number of standard errors from 0 to 10", v)
			}
			b.Z = x
		case "top":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return fmt.Errorf("top=%s: want a whole number of at least 0 (0 rolls out every action)", v)
			}
			b.Top = n
		case "infer":
			switch v {
			case "0":
				b.Infer = false
			case "1":
				b.Infer = true
			default:
				return fmt.Errorf("infer=%s: want 0 or 1", v)
			}
		default:
			return fmt.Errorf("unknown parameter %q (known: blend, depth, infer, iters, margin, noise, time, top, z)", k)
		}
	}
	if iters && limit {
		return fmt.Errorf("give iters or time, not both")
	}
	if limit {
		b.Iterations = 0
	}
	return nil
}

// check refuses m's budget if it is over l. given holds the parameters
// the spec named, so that an error tells a default from a value given.
func (l Limits) check(m *MCTS, given map[string]string) error {
	over := func(name string, v, limit any) error {
		text, ok := given[name]
		if !ok {
			text = fmt.Sprint(v) + " (the default)"
		}
		if name == "depth" && v == 0 {
			text += fmt.Sprintf(" (playouts to the end, up to %d actions)", PlayoutLimit)
		}
		return fmt.Errorf("%s=%s is over the limit of %v", name, text, limit)
	}
	if m.Iterations > 0 && l.MaxIterations > 0 && m.Iterations > l.MaxIterations {
		return over("iters", m.Iterations, l.MaxIterations)
	}
	if m.Iterations <= 0 && l.MaxTime > 0 && m.Time > l.MaxTime {
		return over("time", m.Time, l.MaxTime)
	}
	if depth := cmp.Or(m.Depth, PlayoutLimit); l.MaxDepth > 0 && depth > l.MaxDepth {
		return over("depth", m.Depth, l.MaxDepth)
	}
	return nil
}

// parse sets m's parameters from "k=v,k=v" and returns them by name.
func (m *MCTS) parse(params string) (map[string]string, error) {
	given := map[string]string{}
	if params == "" {
		return given, nil
	}
	var iters, limit, lvl bool
	for _, kv := range strings.Split(params, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || v == "" {
			return nil, fmt.Errorf("parameter %q: want name=value", kv)
		}
		given[k] = v
		switch k {
		case "iters":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("iters=%s: want a whole number of at least 1", v)
			}
			m.Iterations, iters = n, true
		case "time":
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return nil, fmt.Errorf("time=%s: want a positive duration such as 250ms or 2s", v)
			}
			m.Time, limit = d, true
		case "depth":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("depth=%s: want a whole number of at least 0 (0 plays out to the end)", v)
			}
			m.Depth, m.depthGiven = n, true
		case "guide":
			n, err := strconv.Atoi(strings.TrimSuffix(v, "%"))
			if err != nil || n < 0 || n > 100 {
				return nil, fmt.Errorf("guide=%s: want a share in percent, from 0 to 100", v)
			}
			m.Guide, m.guideGiven = n, true
		case "level":
			l, ok := level(v)
			if !ok {
				return nil, fmt.Errorf("level=%s: want %s", v, levelNames())
			}
			if m.name != "mcts" {
				return nil, fmt.Errorf("level=%s: %s is a level already", v, m.name)
			}
			m.Iterations, lvl = l.Iterations, true
		case "c":
			c, err := strconv.ParseFloat(v, 64)
			if err != nil || c < 0 || c != c || c > 1e6 {
				return nil, fmt.Errorf("c=%s: want a number of at least 0", v)
			}
			m.C, m.cGiven = c, true
		default:
			return nil, fmt.Errorf("unknown parameter %q (known: c, depth, guide, iters, level, time)", k)
		}
	}
	if iters && limit {
		return nil, fmt.Errorf("give iters or time, not both")
	}
	if lvl && (iters || limit) {
		return nil, fmt.Errorf("give a level or a budget (iters or time), not both")
	}
	if limit {
		m.Iterations = 0
	}
	return given, nil
}

// Reward returns what r is worth to seat, the reward bots maximise:
// [engine.Result.Reward], the share of the other seats that seat finished
// ahead of, a tie counting half. With n seats and seat's place p shared by
// t seats it is (n - p - (t-1)/2)/(n - 1): 1 alone in first place, 0
// alone in last, 0.5 for a draw; at two seats 1 for a win, 0.5 for a draw
// and 0 for a loss.
func Reward(r engine.Result, seat engine.Seat) float64 { return r.Reward(seat) }

// levelNames lists the levels' names: "easy, normal or hard".
func levelNames() string {
	names := make([]string, len(Levels))
	for i, l := range Levels {
		names[i] = l.Name
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Think returns spec with a thinking time of d per decision, for a search
// bot whose spec names no budget of its own (mcts, rollout, or a level): the spec
// with time=d added, such as "normal:time=500ms". Other specs (random,
// heuristic, human, or a search bot with iters or time given) are
// returned as they are. A d of zero or less returns spec. The result is
// checked as [New] would check it.
func Think(spec string, d time.Duration) (string, error) {
	if d <= 0 {
		return spec, nil
	}
	kind, params, _ := strings.Cut(strings.TrimSpace(spec), ":")
	switch kind {
	case "mcts", "easy", "normal", "hard", "rollout":
	default:
		return spec, nil
	}
	for _, kv := range strings.Split(params, ",") {
		switch k, _, _ := strings.Cut(kv, "="); strings.TrimSpace(k) {
		case "iters", "time":
			return spec, nil
		case "level":
			// The level's iterations give way to the time.
			params = strings.Replace(params, kv, "", 1)
		}
	}
	var parts []string
	for _, kv := range strings.Split(params, ",") {
		if strings.TrimSpace(kv) != "" {
			parts = append(parts, kv)
		}
	}
	parts = append(parts, "time="+d.String())
	out := kind + ":" + strings.Join(parts, ",")
	if _, err := New(out, 0); err != nil {
		return "", fmt.Errorf("--think %v: %w", d, err)
	}
	return out, nil
}
