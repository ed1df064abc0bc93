package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

// OpenSQLite opens (creating it if need be) the SQLite database in the
// file at path. It runs in WAL mode with full synchronous commits, so a
// committed action survives the process being killed and the machine
// losing power; transactions take the write lock when they begin, so
// concurrent writers wait (busy_timeout) rather than fail.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
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
	s := &sqlStore{db: db, dialect: goose.DialectSQLite3}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	return s, nil
}
