// Package ai holds bots that play any skald game through the engine's
// interfaces alone.
//
// A [Bot] chooses an action for one seat. It may use only what that seat
// may see: the seat's legal actions, who decides now, whether the game is
// over, and copies of the state made by [engine.Determinize] for the
// seat, in which everything hidden from the seat has been dealt again. A bot
// never applies actions to, hashes or views the real state.
//
// [Random] chooses uniformly among the legal actions. [MCTS] searches with
// single-observer Information Set Monte Carlo Tree Search; in a game whose
// states are an [engine.Evaluator] it cuts its playouts short and asks the
// state. [New] makes either from a short text spec such as
// "mcts:iters=500,c=0.7"; [NewLimited] does the same within [Limits] on
// the budget a spec may ask for (a server takes specs from its users), and
// New within the generous [CommandLimits]. A search's tree grows with the
// iterations it runs, never sized from its budget, and a legal list that
// names an action twice counts as naming it once.
//
// A bot plays for the reward [Reward] gives a finished match, which
// [engine.Result.Reward] defines from the seats' places: the share of the
// other seats a seat finished ahead of, a seat tied with it counting half,
// (n - p - (t-1)/2)/(n - 1) for place p shared by t of n seats. It is 1
// alone in first place, 0 alone in last and 0.5 for a draw, at any number
// of seats; at two seats it is 1 for a win, 0.5 for a draw and 0 for a
// loss. The rewards of a match add up to n/2, so a gain of one seat is a
// loss of the others. A score counts only through the place it earns: a
// bot does not trade a surer first place for a bigger margin. An
// [engine.Evaluator] judges an unfinished position on the same scale.
//
// Humans are not bots: the command line seats them.
package ai
