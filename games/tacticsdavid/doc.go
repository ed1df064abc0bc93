// Package tacticsdavid holds the content of Tactics David V3.2, the grid
// tactics game of seed 004 (../shared/seeds/004_10748bf01204f971.txt): its
// 202 units, 202 abilities, 3 specials, 23 items, 20 statuses, attack area
// codes and terrain, and the eleven Unit Trees (reconstructed, the seed
// having lost their pictures), as data files embedded from data/*.yaml,
// with a loader that rejects malformed data and a validator that reports
// every discrepancy of the source. Each discrepancy is resolved by a ruling of
// docs/rulings/tacticsdavid.md, cited on the data entry.
//
// The game's rules are in progress (issue 3): the package does not yet
// implement engine.Game and is not registered in package games.
package tacticsdavid
