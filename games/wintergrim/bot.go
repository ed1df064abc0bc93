package wintergrim

// LevelSearch names the search each level plays in Wintergrim
// (ai.LevelSearch): "normal" and "hard" are rollouts of the rules of
// thumb (Suggest) cut after 80 actions, about four turns, and judged by
// Evaluate, 500 and 2,000 per decision, kept to the action the rules of
// thumb suggest unless another does better; "easy" is mcts at its 100
// iterations. Against the rules of thumb, mcts at 1,000 iterations won
// 30%; rollouts cut after 40 actions (mcts's horizon) 67.5%, after 20
// actions 30% (docs/STATUS.md, Bots). With Evaluate fitted to games
// played out to the end, normal won 79 of 100 against them (seeds 4 and
// 5); rollouts to the end, or cut after 160 actions, were no stronger and
// twice as slow.
func (s *State) LevelSearch(level string) string {
	switch level {
	case "normal":
		return "rollout:iters=500,depth=80"
	case "hard":
		return "rollout:iters=2000,depth=80"
	}
	return ""
}
