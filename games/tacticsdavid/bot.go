package tacticsdavid

// LevelSearch names the search each level plays in Tactics David
// (ai.LevelSearch): "normal" and "hard" are rollouts of the rules of
// thumb (Suggest), 600 and 2,400 per decision, each cut after 10 actions
// and judged by Evaluate, kept to the action the rules of thumb suggest
// unless another scores 0.03 more; "easy" is mcts at its 100 iterations.
// mcts at 1,000 iterations won about half its battles against the rules
// of thumb and drew a quarter against random play, walking its units
// about the field; the rollouts play every unit as the rules of thumb do
// and judge each choice by what follows (docs/STATUS.md, Bots). Cut
// after 2 actions (the game's Horizon, for random playouts), 600
// rollouts won 62.5% against the rules of thumb; after 10, with the
// enemy's reply played, 70.5%, and 2,400 rollouts 71.5%, but those drew
// 9 of 100 against random play, where 600 drew 4. Deeper rollouts score
// each action less surely, and the best of dozens of noisy means is
// often luck: without the margin, rollouts cut after 10 actions drew 6 of
// 80 battles against random play, and after 30 actions 22 of 50, ending
// turns with an enemy in reach. While the armies are built, and until the
// battle is within 10 actions of deployment, Evaluate is an even 0.5 and
// the levels build and deploy by the rules of thumb without rolling out
// (CanJudge): at the defaults, rollouts there took 1.2–1.7 s a purchase.
func (s *State) LevelSearch(level string) string {
	switch level {
	case "normal":
		return "rollout:iters=600,depth=10,margin=0.03"
	case "hard":
		return "rollout:iters=2400,depth=10,margin=0.03"
	}
	return ""
}
