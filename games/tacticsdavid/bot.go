package tacticsdavid

// LevelSearch names the search each level plays in Tactics David
// (ai.LevelSearch): "normal" and "hard" are rollouts of the rules of
// thumb (Suggest), 600 and 1,800 per decision, each played 30 actions on
// (about a turn of each side) and then judged by Evaluate, kept to the
// action the rules of thumb suggest unless another does better; "easy" is
// mcts at its 100 iterations, its random playouts cut at the game's
// Horizon. mcts at 1,000 iterations won about half its battles against
// the rules of thumb and drew a quarter against random play, walking its
// units about the field; the rollouts play every unit as the rules of
// thumb do and judge each choice by what follows (docs/STATUS.md, Bots).
// Cut after the Horizon of two actions, 600 rollouts won 125 of 200
// seeded battles against the rules of thumb (1,500 did no better); cut
// after 30, with Evaluate fitted to data, 35 of 40 on the seeds they
// were tried on.
func (s *State) LevelSearch(level string) string {
	switch level {
	case "normal":
		return "rollout:iters=600,depth=30"
	case "hard":
		return "rollout:iters=1800,depth=30"
	}
	return ""
}
