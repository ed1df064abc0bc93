// Package lab is skald's balance lab: large self-play studies of a game,
// split into shards that any number of processes or machines may play,
// and the report a designer reads — balance by seat, by who acts first,
// by faction or deck and by variant, Ludii's game-quality measures, the
// attribution of results to the units and cards each side fielded, and
// the calibration of printed costs against what the matches say they are
// worth.
//
// A [Study] is a game, its options (and options varied between matches),
// one bot spec per seat, a number of matches and a seed. It is split into
// shards of Study.ShardSize matches. Match i of a study is played with
// the seeds and lineup of match i of a [sim] batch with the study's seed
// ([sim.GameSeed], [sim.BotSeed], [sim.Lineup]), so a shard's result
// depends only on the study and the shard's index: a shard played twice,
// on any machine, gives the same [Shard] byte for byte. [Build] merges
// shards in index order, so a study played in one process ([RunLocal])
// and one played by workers through a job queue (package lab/queue) give
// the same [Report].
//
// A game tells the lab what each seat fielded through two optional
// methods of its state, found by type assertion (the lab needs no import
// of a game): [Fielder] lists, at the end of a match, what a seat had (an
// army, the cards it played, its deck), and [ActionFielder] names what an
// action plays as the match goes. Each thing is a kind ("unit", "item",
// "card", "deck"), a name and its printed cost (0 when it has none).
package lab
