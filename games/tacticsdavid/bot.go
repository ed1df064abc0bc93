package tacticsdavid

// LevelSearch names the search each level plays in Tactics David
// (ai.LevelSearch): "normal" and "hard" are rollouts of the rules of
// thumb (Suggest), 600 and 1,800 per decision, each cut after the game's
// Horizon and judged by Evaluate, kept to the action the rules of thumb
// suggest unless another does better; "easy" is mcts at its 100
// iterations. mcts at 1,000 iterations won about half its battles against
// the rules of thumb and drew a quarter against random play, walking its
// units about the field; the rollouts play every unit as the rules of
// thumb do and judge each choice by what follows (docs/STATUS.md, Bots).
// Against the rules of thumb, 600 rollouts won 68 of 100 seeded battles
// where 200 won 60 of the same 100, and 125 of 200 on four batches in
// all (1,500 did no better); the rules of thumb's moves, scored eight
// times faster, made the larger budget affordable.
func (s *State) LevelSearch(level string) string {
	switch level {
	case "normal":
		return "rollout:iters=600"
	case "hard":
		return "rollout:iters=1800"
	}
	return ""
}
