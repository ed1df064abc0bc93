package store

import (
	"context"
	"database/sql"
	"errors"
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

// pgBatchSQL stores a batch of actions in one statement: each action
// moves its match's counter from seq-1 to seq, if it is there and the
// match is being played, and is inserted only then; the statement returns
// the actions stored.
const pgBatchSQL = `WITH input AS (
	SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[])
		AS i(id, seq, seat, action, hash, at, status, result)
), upd AS (
	UPDATE matches m SET actions = i.seq, status = i.status, result = i.result, updated = i.at
	FROM input i WHERE m.id = i.id AND m.actions = i.seq - 1 AND m.status = 'playing'
	RETURNING m.id, m.actions
), ins AS (
	INSERT INTO actions (match_id, seq, seat, action, hash, at)
	SELECT i.id, i.seq, i.seat, i.action, i.hash, i.at FROM input i JOIN upd u ON u.id = i.id AND u.actions = i.seq
	RETURNING match_id, seq
)
SELECT match_id, seq FROM ins`

// maxNotify is the most bytes of one notification's payload (PostgreSQL
// allows a little under 8000).
const maxNotify = 7000

// appendBatchPG writes a batch of actions to PostgreSQL in a few round
// trips whatever its size: it locks the batch's matches in the order of
// their ids (so that two servers never deadlock), stores every action
// that is its match's next step in one statement, and announces them in
// as few notifications as fit. It returns each action's refusal, if it
// was refused; an error fails the batch.
func (s *sqlStore) appendBatchPG(ctx context.Context, tx *sql.Tx, batch []*appendReq) ([]error, error) {
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
	if _, err := tx.ExecContext(ctx, `SELECT id FROM matches WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`, ids); err != nil {
		return nil, fmt.Errorf("store %d actions: lock: %w", n, err)
	}
	rows, err := tx.QueryContext(ctx, pgBatchSQL, ids, seqs, seats, texts, hashes, ats, statuses, results)
	if err != nil {
		return nil, fmt.Errorf("store %d actions: %w", n, err)
	}
	stored := map[string]int{}
	for rows.Next() {
		var id string
		var seq int
		if err := rows.Scan(&id, &seq); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store %d actions: %w", n, err)
		}
		stored[id] = seq
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store %d actions: %w", n, err)
	}
	refused := make([]error, n)
	var payload strings.Builder
	notify := func() error {
		if payload.Len() == 0 {
			return nil
		}
		// Delivered to the listening servers when the transaction commits.
		_, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, notifyChannel, payload.String())
		payload.Reset()
		return err
	}
	for i, r := range batch {
		if seq, ok := stored[r.id]; ok && seq == r.a.Seq && first[r.id] == i {
			if payload.Len() > maxNotify {
				if err := notify(); err != nil {
					return nil, fmt.Errorf("store %d actions: notify: %w", n, err)
				}
			}
			if payload.Len() > 0 {
				payload.WriteByte('\n')
			}
			payload.WriteString(r.id + " " + strconv.Itoa(r.a.Seq))
			continue
		}
		// Refused: say why, as appendOne does.
		m, err := s.matchIn(ctx, tx, r.id)
		switch {
		case errors.Is(err, ErrNotFound):
			refused[i] = err
		case err != nil:
			return nil, err
		case m.Status != Playing && m.Actions == r.a.Seq-1:
			refused[i] = fmt.Errorf("store action %d of match %s (%s): %w", r.a.Seq, r.id, m.Status, ErrClosed)
		default:
			refused[i] = fmt.Errorf("store action %d of match %s: %w", r.a.Seq, r.id, ErrConflict)
		}
	}
	if err := notify(); err != nil {
		return nil, fmt.Errorf("store %d actions: notify: %w", n, err)
	}
	return refused, nil
}
