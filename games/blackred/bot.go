package blackred

// LevelSearch names the search each level plays in Black & Red
// (ai.LevelSearch): "normal" and "hard" are rollouts of the rules of
// thumb (Suggest), 1,000 and 2,000 per decision, on deals weighed by what
// the enemy has shown (Infer: rollout's infer=1); "easy" is mcts at its
// 100 iterations. mcts's random playouts credit the enemy with random
// play, and at any budget it was even with the rules of thumb (54% at
// 20,000 iterations); rollouts, in which both sides count the cards, beat
// them 61–69% on deals at random, and 75.9% over 320 games (seeds
// 101–116) on deals in which the enemy's weapon and strategy card say
// what its next battle cards are (docs/STATUS.md, Bots).
func (s *State) LevelSearch(level string) string {
	switch level {
	case "normal":
		return "rollout:iters=1000,infer=1"
	case "hard":
		return "rollout:iters=2000,infer=1"
	}
	return ""
}
