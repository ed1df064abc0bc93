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
	// ErrNameTaken: another player has that name.
	ErrNameTaken = errors.New("the name is taken")
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
	// Public matches are listed in the lobby, where anyone may take an
	// open seat (JoinSeat) and, once finished, watch their replay.
	Public bool
	// Rated matches change their players' ratings when they end;
	// RatingsCounted says that SaveRatings has done so.
	Rated, RatingsCounted bool
	// Clock is the match's clock settings as the server encodes them;
	// empty for a match without a clock.
	Clock string
}

// Seat is who plays one seat of a match.
type Seat struct {
	// Player is "human" or a bot's spec, such as "mcts:iters=500".
	Player string `json:"player"`
	// Token is the hash of the seat's token; empty for a bot, and for a
	// person's seat of a public match that nobody has taken yet.
	Token string `json:"token,omitempty"`
	// Name is the name of the player in the seat, if they gave one;
	// Account is the hash of their player key, which owns the name.
	Name    string `json:"name,omitempty"`
	Account string `json:"account,omitempty"`
}

// Open reports whether the seat is a person's that nobody has taken.
func (s Seat) Open() bool { return s.Player == "human" && s.Token == "" }

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
	// JoinSeat gives the open seat of a public match to st (its token's
	// hash, name and account), or returns ErrConflict if it is taken
	// and ErrNotFound if there is no such match or seat. A clock that is
	// not empty replaces the match's (its clock starts when the last
	// seat is taken).
	JoinSeat(ctx context.Context, id string, seat int, st Seat, clock string) error
	// EndByClock ends the match as Over with result, and stores its
	// clock, if it is being played and has exactly actions actions
	// stored; ErrConflict otherwise.
	EndByClock(ctx context.Context, id string, actions int, clock, result string) error
	// PublicMatches returns the public matches with the given status,
	// the most recently updated first, at most limit of them.
	PublicMatches(ctx context.Context, status string, limit int) ([]*Match, error)
	// ClaimName gives name to player (a hash of a player's key), who
	// loses any name they had; ErrNameTaken if another player has it.
	ClaimName(ctx context.Context, player, name string) error
	// Name returns player's name, or ErrNotFound.
	Name(ctx context.Context, player string) (string, error)
	// Ratings returns the ratings in game of the given players that have
	// one.
	Ratings(ctx context.Context, game string, players []string) (map[string]Rating, error)
	// SaveRatings stores the ratings a rated match that is over gave its
	// players, once: ErrConflict if the match is not rated, not over, or
	// its ratings were counted already.
	SaveRatings(ctx context.Context, match string, rs []Rating) error
	// RateMatch counts a rated match that is over in its players'
	// ratings in game, once: in one transaction that holds the players
	// (so that two servers rating one player at once take turns), it
	// reads their ratings, calls update with them (a player without one
	// is missing from the map) and stores the ratings update returns,
	// marking the match counted. ErrConflict if the match is not rated,
	// not over, or was counted already.
	RateMatch(ctx context.Context, match, game string, players []string, update func(map[string]Rating) ([]Rating, error)) error
	// PlayerRatings returns player's ratings in every game they were
	// rated in, the most recently updated first.
	PlayerRatings(ctx context.Context, player string) ([]Rating, error)
	// Leaderboard returns the ratings in game, the highest first, at
	// most limit of them.
	Leaderboard(ctx context.Context, game string, limit int) ([]Rating, error)
	// Check checks the database: SQLite's integrity check of every page,
	// or a query on PostgreSQL. It returns an error saying what is wrong.
	Check(ctx context.Context) error
	// Close releases the store's connections.
	Close() error
}

// Rating is a player's Glicko-2 rating in one game.
type Rating struct {
	Player string // the hash of the player's key
	Name   string // the player's name (read only)
	Game   string
	// Rating, Deviation and Volatility on Glicko's scale (a new player
	// is 1500, 350, 0.06).
	Rating, Deviation, Volatility float64
	Matches                       int // rated matches counted
	Updated                       time.Time
}

// Notifier is implemented by stores shared by several server processes: it
// tells one process of the actions another stored.
type Notifier interface {
	// Listen calls f with the match id and step of every action stored by
	// any process, and with step 0 when a match's seats changed (a player
	// joined it), until ctx is done or the connection fails. It calls
	// f("", 0) once it listens: what was stored before may have been
	// missed, and a caller holding matches reads them again.
	Listen(ctx context.Context, f func(match string, seq int)) error
}

//go:embed migrations/*.sql
var migrations embed.FS
