package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"github.com/pressly/goose/v3"
)

// notifyChannel is the PostgreSQL channel on which every stored action is
// announced as "MATCHID SEQ".
const notifyChannel = "skald_actions"

// pgStore is the PostgreSQL store: the SQL store plus notifications.
type pgStore struct {
	*sqlStore
	dsn string
}

// OpenPostgres connects to the PostgreSQL database at the URL dsn and
// brings its schema up to date. Several servers may share the database.
func OpenPostgres(ctx context.Context, dsn string) (Store, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	db.SetMaxOpenConns(16)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	s := &pgStore{sqlStore: &sqlStore{db: db, dialect: goose.DialectPostgres, postgres: true}, dsn: dsn}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	return s, nil
}

// Listen implements Notifier with PostgreSQL's LISTEN on a connection of
// its own.
func (s *pgStore) Listen(ctx context.Context, f func(match string, seq int)) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("listen: %w", err)
		}
		id, seq, ok := strings.Cut(n.Payload, " ")
		if !ok {
			continue
		}
		k, err := strconv.Atoi(seq)
		if err != nil {
			continue
		}
		f(id, k)
	}
}
