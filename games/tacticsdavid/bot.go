package tacticsdavid

// LevelSearch names the search each level plays in Tactics David
// (ai.LevelSearch): "normal" and "hard" are rollouts of the rules of
// thumb (Suggest), 600 and 1,800 per decision, each cut after 30 actions
// and judged by Evaluate, an action's score half its rollouts' and half
// Evaluate's judgement of the position the action itself leaves (blend),
// kept to the action the rules of thumb suggest unless another scores
// 0.03 more and its lead is two standard errors of the two actions'
// differences rollout by rollout (z); "easy" is mcts at its 100
// iterations. mcts at 1,000
// iterations won about half its battles against the rules of thumb and
// drew a quarter against random play, walking its units about the field;
// the rollouts play every unit as the rules of thumb do and judge each
// choice by what follows (docs/STATUS.md, Bots). Cut after 2 actions (the
// game's Horizon, for random playouts), 600 rollouts won 62.5% against
// the rules of thumb; after 10, with the enemy's reply played, 70.5%;
// after 30, about three in four. But deep rollouts see the rules of thumb
// close in on the bot's units, whatever the bot does, and against random
// play, which does not, it waited: 30 actions deep it drew 22 of 50
// battles by the turn limit, ending turns with an enemy in reach, and 9
// of 50 with the margin (the best of dozens of noisy means is often luck).
// Half the weight on the position each action leaves, whose pressure term
// rewards closing in, brought that to 3 of 50. The levels build and
// deploy by the rules of thumb without rolling out (CanJudge): while the
// armies are built Evaluate is an even 0.5, and rollouts there took
// 1.2–1.7 s a purchase at the defaults; with rollouts of deployment the
// slowest decision there took 2.0–2.4 s (1.1 s without), and the bot won
// 49 of 80 battles against the rules of thumb, deploying by them 57.
// With a fixed margin of 0.05 and no z, the bot won 57 of 80 at the
// defaults against the rules of thumb; with z=2 and a margin of 0.01,
// 65 of 80, but it drew 8 of 30 against random play, waiting again; with
// z=2 and 0.03, 36 of 46, and 20 of 20 against random play
// (docs/STATUS.md, Bots, eleventh part).
func (s *State) LevelSearch(level string) string {
	switch level {
	case "normal":
		return "rollout:iters=600,depth=30,margin=0.03,blend=0.5,z=2"
	case "hard":
		return "rollout:iters=1800,depth=30,margin=0.03,blend=0.5,z=2"
	}
	return ""
}
