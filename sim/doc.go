// Package sim plays batches of bot-against-bot matches and reports win
// rates, places and scores with confidence intervals, at any number of
// seats.
//
// [Run] plays Options.N matches of one game on several goroutines. Match i
// is started with a seed derived from the batch's seed and i ([GameSeed]),
// and its bots with seeds derived the same way ([BotSeed]), so a batch is
// reproduced exactly by its seed whatever the number of workers. Seats are
// rotated: in match i, seat s is played by Bots[(s+i) mod seats]
// ([Lineup]), so that each bot plays every seat equally often and its win
// rate does not carry a seat's advantage.
//
// A [Report] gives, per bot and per seat, the wins, draws and win rate
// (wins/games, draws not counted as half wins, a shared win a win of each)
// with its 95% Wilson score interval ([Wilson]); the mean place (1 the
// best; seats that tie share a place) and the mean score (the game's
// points, or 1 for a win and 0 otherwise: see [engine.Result]), each with
// its 95% interval by the normal approximation ([Mean]); the same of the
// seat that made each match's first action; and the lengths of the
// matches in actions. A game whose result gives no places gets them from
// its winners ([engine.Result.Complete]); a result that breaks the
// kernel's contract ([engine.Result.Check]) fails its match.
//
// A match whose game or bot panics, or whose bot chooses an illegal action,
// fails alone: the batch plays on, and the report counts the failures and
// lists each ([Failure]) with its match, seed, lineup and error, and a
// record of the match up to the failure that replays with every state hash
// checked ([engine.Replay]).
package sim
