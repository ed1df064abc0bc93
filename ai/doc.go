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
// Humans are not bots: the command line seats them.
package ai
