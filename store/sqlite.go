package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

// DefaultCommitPace is the least time from the start of one group commit
// of a SQLite store to the start of the next, unless SQLiteOptions say
// otherwise: under load a commit gathers the actions of about this long,
// and an action waits at most this long for its commit to begin.
const DefaultCommitPace = 2 * time.Millisecond

// SQLiteOptions tune a SQLite store.
type SQLiteOptions struct {
	// CommitPace is the least time from the start of one group commit to
	// the start of the next: 0 is DefaultCommitPace, a negative duration
	// none (each commit starts as soon as the last ended).
	CommitPace time.Duration
}

// OpenSQLite opens (creating it if need be) the SQLite database in the
// file at path. It runs in WAL mode with full synchronous commits, so a
// committed action survives the process being killed and the machine
// losing power; transactions take the write lock when they begin, so
// concurrent writers wait (busy_timeout) rather than fail.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	return OpenSQLiteWith(ctx, path, SQLiteOptions{})
}

// OpenSQLiteWith is OpenSQLite with options.
func OpenSQLiteWith(ctx context.Context, path string, o SQLiteOptions) (Store, error) {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(ON)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	db.SetMaxOpenConns(8)
	// As many kept as may be open: a connection opened again costs its
	// pragmas and its prepared statements.
	db.SetMaxIdleConns(8)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	s := &sqlStore{db: db, dialect: goose.DialectSQLite3, pace: o.CommitPace}
	if s.pace == 0 {
		s.pace = DefaultCommitPace
	}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	return s, nil
}
