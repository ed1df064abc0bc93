// Package store keeps skald's matches durably: each match's configuration
// and every action accepted in it, in order, with the state hash after it.
//
// Two implementations share one SQL schema (embedded goose migrations in
// migrations/): SQLite, a file next to the server that needs nothing
// installed, and PostgreSQL, which several server processes can share. An
// action is stored as step seq of its match only if the match has exactly
// seq-1 steps stored; the row of the match is locked while it is checked
// and (match_id, seq) is unique, so two servers can never both store an
// action as the same step, and a server that loses the race learns it
// (ErrConflict) and catches up.
package store

import (
	"context"
	"embed"
	"errors"
	"time"

	"skald/engine"
)

// Errors the stores return, wrapped with context.
var (
	// ErrNotFound: no such match.
	ErrNotFound = errors.New("not found")
	// ErrConflict: another action was stored first as that step of the
	// match; catch up and try again.
	ErrConflict = errors.New("conflict: the match moved on")
	// ErrClosed: the match is not being played (it is over, failed or
	// ended), so no action may be stored in it.
	ErrClosed = errors.New("the match is not being played")
	// ErrLocked: another server holds the database.
	ErrLocked = errors.New("locked by another skald serve")
)

// Status of a match.
const (
	// Playing: the match goes on; actions may be stored.
	Playing = "playing"
	// Over: the game ended by its rules.
	Over = "over"
	// Failed: the game or a bot failed (a panic, or a stored action that no
	// longer applies); its actions are kept and it is not resumed until an
	// operator retries it.
	Failed = "failed"
	// Ended: ended without a result by the server (a match nobody started,
	// or one abandoned) or by an operator; the result says why.
	Ended = "ended"
)

// Statuses lists every status a match may have.
var Statuses = []string{Playing, Over, Failed, Ended}

// Match is one match's configuration and progress.
type Match struct {
	ID      string
	Game    string
	Rules   string // the game's rules version when the match was created
	Options engine.Options
	Seed    uint64
	Seats   []Seat
	// Spectator is the hash of the spectator token.
	Spectator string
	// RematchOf and Rematch link a match with the one before and after it.
	RematchOf, Rematch string
	Status             string
	Result             string
	// Actions is the number of actions stored.
	Actions int
	Created time.Time
	Updated time.Time
}

// Seat is who plays one seat of a match.
type Seat struct {
	// Player is "human" or a bot's spec, such as "mcts:iters=500".
	Player string `json:"player"`
	// Token is the hash of the seat's token; empty for a bot.
	Token string `json:"token,omitempty"`
}

// Action is one stored action of a match.
type Action struct {
	Seq    int // 1 for the first action
	Seat   engine.Seat
	Action string // the action's text form
	Hash   string // the state hash after it, as in records
	At     time.Time
}

// PlayerMatch is a match a player created or joined.
type PlayerMatch struct {
	Match *Match
	Seat  engine.Seat
}

// Store keeps matches. Its methods are safe for concurrent use.
type Store interface {
	// CreateMatch stores a new match with no actions.
	CreateMatch(ctx context.Context, m *Match) error
	// Match returns the match with the given id, or ErrNotFound.
	Match(ctx context.Context, id string) (*Match, error)
	// Actions returns the match's actions after step after, in order.
	Actions(ctx context.Context, id string, after int) ([]Action, error)
	// Append stores a as step a.Seq of the match, which must have exactly
	// a.Seq-1 steps stored (else ErrConflict), and sets the match's status
	// and result. It returns only once the action is committed.
	Append(ctx context.Context, id string, a Action, status, result string) error
	// Rematch stores m as the rematch of match old unless old already has
	// one, and returns the id of old's rematch.
	Rematch(ctx context.Context, old string, m *Match) (string, error)
	// AddPlayer notes that player (a hash of a player's key) plays seat of
	// the match; it is a no-op if already noted.
	AddPlayer(ctx context.Context, player, match string, seat engine.Seat) error
	// PlayerMatches returns the player's matches, the newest first.
	PlayerMatches(ctx context.Context, player string, limit int) ([]PlayerMatch, error)
	// Playing returns the ids of the matches not yet over.
	Playing(ctx context.Context) ([]string, error)
	// SetStatus sets the status and result of the match if its status is
	// one of from, and returns ErrConflict if it is not.
	SetStatus(ctx context.Context, id string, from []string, status, result string) error
	// Matches returns the matches with the given status, the most
	// recently updated first, at most limit of them.
	Matches(ctx context.Context, status string, limit int) ([]*Match, error)
	// Unstarted returns the number of matches being played in which no
	// action has been stored.
	Unstarted(ctx context.Context) (int, error)
	// EndIdle ends, with status Ended, the matches being played that were
	// created before unstarted and have no action, and those whose last
	// action was before idle, with the given results; it returns their ids.
	EndIdle(ctx context.Context, unstarted, idle time.Time, unstartedResult, idleResult string) ([]string, error)
	// Check checks the database: SQLite's integrity check of every page,
	// or a query on PostgreSQL. It returns an error saying what is wrong.
	Check(ctx context.Context) error
	// Close releases the store's connections.
	Close() error
}

// Notifier is implemented by stores shared by several server processes: it
// tells one process of the actions another stored.
type Notifier interface {
	// Listen calls f with the match id and step of every action stored by
	// any process, until ctx is done or the connection fails.
	Listen(ctx context.Context, f func(match string, seq int)) error
}

//go:embed migrations/*.sql
var migrations embed.FS
