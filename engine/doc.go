// Package engine is skald's game-agnostic kernel.
//
// Every game implements [Game] and [State]: who must decide now
// ([State.Deciders]), between which actions ([State.Legal]), what applying
// one does ([State.Apply] with its [Event]s, or an [*IllegalError] naming the
// rule that forbids it), what each seat may see ([State.View]), whether the
// game is over ([State.Result]), and a cheap [State.Clone] for search.
//
// Simultaneous secret choices are decision points that name several seats
// at once: each seat submits its action in any order, the state keeps the
// submitted ones hidden, and resolves when the last one arrives. Reaction
// windows are decision points offered to other seats whose legal actions
// include a pass.
//
// All randomness flows through one seeded [Rand] per match, whose next
// results a scenario can force. A [Record] (game, rules version, options,
// seed, seats and actions, as JSON lines) replays to the same events and the
// same [State.Hash] after every action.
//
// The package does no I/O of its own: records are written to and read from
// an [io.Writer] or [io.Reader] that the caller provides.
package engine
