package ai

import (
	"strings"

	"skald/engine"
)

// LevelSearch is implemented by states whose game plays a level by a
// search of its own choosing: a level is the strength a player picks, not
// an algorithm. In Black & Red, whose rules of thumb count the cards
// better than mcts's random playouts judge them, "normal" is rollouts of
// the rules of thumb.
type LevelSearch interface {
	// LevelSearch returns the spec of the bot that plays level ("easy",
	// "normal" or "hard") in this game, such as "rollout:iters=300", or
	// "" for mcts at the level's iterations. The spec's kind is "mcts" or
	// "rollout".
	LevelSearch(level string) string
}

// leveled is the bot of a level without parameters, or with a budget
// only: mcts at the level's iterations, unless the game names a search of
// its own for the level ([LevelSearch]), which it learns on its first
// choice.
type leveled struct {
	mcts   *MCTS             // the bot when the game names none
	budget map[string]string // iters or time, as the spec gave them
	seed   uint64
	lim    Limits
	bot    Bot // the bot that chooses, once known
}

// Name returns the level's name.
func (l *leveled) Name() string { return l.mcts.Name() }

// Choose chooses as the level's search in s's game does.
func (l *leveled) Choose(s engine.State, seat engine.Seat) engine.Action {
	if l.bot == nil {
		l.bot = l.resolve(s)
	}
	return l.bot.Choose(s, seat)
}

// resolve returns the bot that plays the level in s's game: its
// [LevelSearch], with the spec's budget in place of the game's, or mcts.
// A spec the game names that cannot be made within the limits gives mcts.
func (l *leveled) resolve(s engine.State) Bot {
	g, ok := s.(LevelSearch)
	if !ok {
		return l.mcts
	}
	spec := strings.TrimSpace(g.LevelSearch(l.mcts.Name()))
	kind, params, _ := strings.Cut(spec, ":")
	if kind != "mcts" && kind != "rollout" {
		return l.mcts
	}
	var parts []string
	for _, kv := range strings.Split(params, ",") {
		k, _, _ := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if k == "" || len(l.budget) > 0 && (k == "iters" || k == "time") {
			continue // the spec's budget replaces the game's
		}
		parts = append(parts, kv)
	}
	for _, k := range []string{"iters", "time"} {
		if v, ok := l.budget[k]; ok {
			parts = append(parts, k+"="+v)
		}
	}
	if len(parts) > 0 {
		kind += ":" + strings.Join(parts, ",")
	}
	b, err := NewLimited(kind, l.seed, l.lim)
	if err != nil {
		return l.mcts
	}
	switch b := b.(type) {
	case *MCTS:
		b.name = l.mcts.Name()
	case *Rollout:
		b.name = l.mcts.Name()
	}
	return b
}

// unwrap returns the bot that chooses once known, else the level's mcts.
// Tests use it to look at a level's parameters.
func (l *leveled) unwrap() Bot {
	if l.bot != nil {
		return l.bot
	}
	return l.mcts
}
