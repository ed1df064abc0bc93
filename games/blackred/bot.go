package blackred

// LevelSearch names the search each level plays in Black & Red
// (ai.LevelSearch): "normal" and "hard" are rollouts of the rules of
// thumb (Suggest), 1,000 and 2,000 per decision; "easy" is mcts at its
// 100 iterations. mcts's random playouts credit the enemy with random
// play, and at any budget it was even with the rules of thumb (54% at
// 20,000 iterations); rollouts, in which both sides count the cards, beat
// them, 61–69% from 1,000 rollouts on (docs/STATUS.md, Bots).
func (s *State) LevelSearch(level string) string {
	switch level {
	case "normal":
		return "rollout:iters=1000"
	case "hard":
		return "rollout:iters=2000"
	}
	return ""
}
