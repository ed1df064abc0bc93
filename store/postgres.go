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
	// As many kept as may be open: a connection closed and opened again
	// costs PostgreSQL a new backend and its prepared statements.
	db.SetMaxIdleConns(16)
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
	f("", 0) // listening from here on
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("listen: %w", err)
		}
		// One line per action stored: "MATCHID SEQ".
		for _, line := range strings.Split(n.Payload, "\n") {
			id, seq, ok := strings.Cut(line, " ")
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
}

// pgBatchSQL stores a batch of actions in one statement, which is its
// own transaction: it locks the batch's matches in the order of their
// ids (so that two servers' batches never wait on each other in a cycle;
// the UPDATE waits for the locks, which the scalar subquery takes before
// it changes a row); each action moves its match's counter from seq-1 to
// seq, if it is there and the match is being played, and is inserted
// only then; every action stored is announced (a line "MATCHID SEQ"
// each, delivered to the listening servers on commit, in as many
// notifications as the 8,000-byte payload needs). It returns, for each
// action of the batch, whether it was stored and the match's counter and
// status as they were before the statement (NULL for a match that does
// not exist), which say why an action was refused.
const pgBatchSQL = `WITH input AS (
	SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[])
		AS i(id, seq, seat, action, hash, at, status, result)
), locked AS (
	SELECT id FROM matches WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE
), upd AS (
	UPDATE matches m SET actions = i.seq, status = i.status, result = i.result, updated = i.at
	FROM input i WHERE m.id = i.id AND m.actions = i.seq - 1 AND m.status = 'playing'
		AND (SELECT count(*) FROM locked) > 0
	RETURNING m.id, m.actions
), ins AS (
	INSERT INTO actions (match_id, seq, seat, action, hash, at)
	SELECT i.id, i.seq, i.seat, i.action, i.hash, i.at FROM input i JOIN upd u ON u.id = i.id AND u.actions = i.seq
	RETURNING match_id, seq
), note AS (
	SELECT pg_notify('` + notifyChannel + `', string_agg(match_id || ' ' || seq, E'\n')) FROM (
		SELECT match_id, seq, (row_number() OVER () - 1) / 200 AS chunk FROM ins
	) c GROUP BY chunk
)
SELECT i.id, i.seq, ins.seq IS NOT NULL, m.actions, m.status, (SELECT count(*) FROM note)
FROM input i LEFT JOIN ins ON ins.match_id = i.id AND ins.seq = i.seq LEFT JOIN matches m ON m.id = i.id`

// appendBatchPG writes a batch of actions to PostgreSQL in one round trip
// whatever its size (pgBatchSQL). It returns each action's refusal, if it
// was refused; an error fails the batch, none of which is stored.
func (s *sqlStore) appendBatchPG(ctx context.Context, batch []*appendReq) ([]error, error) {
	n := len(batch)
	var ids, texts, hashes, statuses, results []string
	var seqs, seats []int32
	var ats []int64
	// One action per match goes in: two for one match (two servers, or
	// two writers, racing) would both find its step free. The others are
	// refused, as they would be one after the other.
	first := make(map[string]int, n)
	for i, r := range batch {
		if _, dup := first[r.id]; dup {
			continue
		}
		first[r.id] = i
		ids, seqs, seats = append(ids, r.id), append(seqs, int32(r.a.Seq)), append(seats, int32(r.a.Seat))
		texts, hashes, ats = append(texts, r.a.Action), append(hashes, r.a.Hash), append(ats, ms(r.a.At))
		statuses, results = append(statuses, r.status), append(results, r.result)
	}
	rows, err := s.db.QueryContext(ctx, pgBatchSQL, ids, seqs, seats, texts, hashes, ats, statuses, results)
	if err != nil {
		return nil, fmt.Errorf("store %d actions: %w", n, err)
	}
	type outcome struct {
		stored  bool
		actions sql.NullInt64
		status  sql.NullString
	}
	out := make(map[string]outcome, len(ids))
	for rows.Next() {
		var id string
		var seq int
		var o outcome
		var notes int
		if err := rows.Scan(&id, &seq, &o.stored, &o.actions, &o.status, &notes); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store %d actions: %w", n, err)
		}
		out[id] = o
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store %d actions: %w", n, err)
	}
	refused := make([]error, n)
	for i, r := range batch {
		o, ok := out[r.id]
		switch {
		case ok && o.stored && first[r.id] == i:
		case !ok || !o.actions.Valid:
			refused[i] = fmt.Errorf("match %s: %w", r.id, ErrNotFound)
		case o.status.String != Playing && int(o.actions.Int64) == r.a.Seq-1:
			// A match that moved on is a conflict even if it then ended:
			// the writer must catch up to see how.
			refused[i] = fmt.Errorf("store action %d of match %s (%s): %w", r.a.Seq, r.id, o.status.String, ErrClosed)
		default:
			refused[i] = fmt.Errorf("store action %d of match %s: %w", r.a.Seq, r.id, ErrConflict)
		}
	}
	return refused, nil
}
