package wintergrim

// LevelSearch names the search each level plays in Wintergrim
// (ai.LevelSearch): "normal" and "hard" are rollouts of the rules of
// thumb (Suggest) cut at the horizon and judged by Evaluate, 500 and
// 2,000 per decision, kept to the action the rules of thumb suggest
// unless another does better; "easy" is mcts at its 100 iterations. mcts
// at 1,000 iterations won 30% against the rules of thumb, rollouts 67.5%
// (docs/STATUS.md, Bots).
func (s *State) LevelSearch(level string) string {
	switch level {
	case "normal":
		return "rollout:iters=500"
	case "hard":
		return "rollout:iters=2000"
	}
	return ""
}
