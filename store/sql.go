package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"skald/engine"
)

// Open opens the store named by dsn and brings its schema up to date: a
// postgres:// or postgresql:// URL is a PostgreSQL database, anything else
// the path of a SQLite file (created if missing).
func Open(ctx context.Context, dsn string) (Store, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return OpenPostgres(ctx, dsn)
	}
	return OpenSQLite(ctx, dsn)
}

// sqlStore is the Store of both databases, over database/sql.
type sqlStore struct {
	db      *sql.DB
	dialect goose.Dialect
	// postgres numbers placeholders $1, $2…; SQLite takes ?.
	postgres bool
	// wmu serializes this process's writes to SQLite, which has one writer
	// at a time anyway: waiting here is fair and prompt, where writers
	// contending for the file's lock poll and back off.
	wmu sync.Mutex
	// The group commit of Append: one goroutine writes every action
	// waiting, of any match, in one transaction (see commitLoop).
	startOnce sync.Once
	appends   chan *appendReq
	stop      chan struct{}
	stopped   chan struct{}
	// cmu guards closed: Append queues only under the read lock and while
	// the store is open, so that Close, taking the write lock, knows that
	// nothing is queued after it and the committer answers all.
	cmu    sync.RWMutex
	closed bool
	// The statements of Append, prepared once: parsing them for every
	// action cost more than running them.
	prepOnce         sync.Once
	prepErr          error
	updStmt, insStmt *sql.Stmt
	// updPlaying is updStmt for an action after which the match is
	// still played: it leaves status and result, and so their index, as
	// they are (SQLite rewrites the index entries of every column set,
	// even to the value it had).
	updPlaying *sql.Stmt
	notifyStmt *sql.Stmt
	stmts      sync.Map // query → *sql.Stmt (prepared)
	// pace is the least time from the start of one group commit to the
	// start of the next (0: none); see commitLoop.
	pace time.Duration
	// commits and committed count the group commits and the actions and
	// creations they wrote, for CommitStats.
	commits, committed atomic.Int64
}

// appendReq is one Append, or one CreateMatch (SQLite), waiting for the
// group commit.
type appendReq struct {
	id             string
	a              Action
	status, result string
	create         *Match // the match to create, instead of an action
	done           chan error
}

// String says what r stores, for its errors.
func (r *appendReq) String() string {
	if r.create != nil {
		return "create match " + r.id
	}
	return fmt.Sprintf("store action %d of match %s", r.a.Seq, r.id)
}

// maxBatch is the most actions one group commit writes.
const maxBatch = 256

// paceFrom is the rate of actions, in actions a pace, from which group
// commits are paced (see commitLoop): with the default pace of 2 ms, 2,000
// actions a second.
const paceFrom = 4

// writing locks out this process's other SQLite writers until the
// returned function is called.
func (s *sqlStore) writing() func() {
	if s.postgres {
		return func() {}
	}
	s.wmu.Lock()
	return s.wmu.Unlock
}

// migrate applies the embedded migrations.
func (s *sqlStore) migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	var opts []goose.ProviderOption
	if s.postgres {
		// Several servers may start at once: one migrates, the others wait.
		l, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(l))
	}
	p, err := goose.NewProvider(s.dialect, s.db, sub, opts...)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	return nil
}

// q rewrites ? placeholders as $n for PostgreSQL.
func (s *sqlStore) q(query string) string {
	if !s.postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func ms(t time.Time) int64     { return t.UnixMilli() }
func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

const matchColumns = `id, game, rules, options, seed, seats, spectator, rematch_of, rematch, status, result, actions, created, updated, public, rated, clock`

// CreateMatch stores the new match m. On SQLite it is written by the
// group commit, with the actions waiting (one fsync for them all): a
// transaction of its own would hold the one writer's lock, and an fsync,
// while every match's actions waited behind it.
func (s *sqlStore) CreateMatch(ctx context.Context, m *Match) error {
	if !s.postgres {
		return s.queue(ctx, &appendReq{id: m.ID, create: m})
	}
	defer s.writing()()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("create match: %w", err)
	}
	defer tx.Rollback()
	if err := s.insertMatch(ctx, tx, m); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("create match %s: %w", m.ID, err)
	}
	return nil
}

func (s *sqlStore) insertMatch(ctx context.Context, tx *sql.Tx, m *Match) error {
	opts, err := json.Marshal(m.Options)
	if err != nil {
		return fmt.Errorf("create match %s: %w", m.ID, err)
	}
	seats, err := json.Marshal(m.Seats)
	if err != nil {
		return fmt.Errorf("create match %s: %w", m.ID, err)
	}
	if m.Status == "" {
		m.Status = Playing
	}
	now := time.Now().UTC()
	if m.Created.IsZero() {
		m.Created = now
	}
	m.Updated = m.Created
	rated := 0
	if m.Rated {
		rated = 1
	}
	_, err = tx.ExecContext(ctx, s.q(`INSERT INTO matches (`+matchColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		m.ID, m.Game, m.Rules, string(opts), strconv.FormatUint(m.Seed, 10), string(seats), m.Spectator,
		m.RematchOf, m.Rematch, m.Status, m.Result, m.Actions, ms(m.Created), ms(m.Updated), boolInt(m.Public), rated, m.Clock)
	if err != nil {
		return fmt.Errorf("create match %s: %w", m.ID, err)
	}
	return nil
}

type scanner interface{ Scan(dest ...any) error }

func scanMatch(r scanner) (*Match, error) {
	var m Match
	var opts, seed, seats string
	var created, updated int64
	var public, rated int
	err := r.Scan(&m.ID, &m.Game, &m.Rules, &opts, &seed, &seats, &m.Spectator, &m.RematchOf, &m.Rematch,
		&m.Status, &m.Result, &m.Actions, &created, &updated, &public, &rated, &m.Clock)
	if err != nil {
		return nil, err
	}
	m.Public, m.Rated, m.RatingsCounted = public == 1, rated > 0, rated == 2
	if err := json.Unmarshal([]byte(opts), &m.Options); err != nil {
		return nil, fmt.Errorf("match %s: options: %w", m.ID, err)
	}
	if err := json.Unmarshal([]byte(seats), &m.Seats); err != nil {
		return nil, fmt.Errorf("match %s: seats: %w", m.ID, err)
	}
	if m.Seed, err = strconv.ParseUint(seed, 10, 64); err != nil {
		return nil, fmt.Errorf("match %s: seed: %w", m.ID, err)
	}
	m.Created, m.Updated = fromMS(created), fromMS(updated)
	return &m, nil
}

// matchIn reads the match in transaction tx.
func (s *sqlStore) matchIn(ctx context.Context, tx *sql.Tx, id string) (*Match, error) {
	m, err := scanMatch(tx.QueryRowContext(ctx, s.q(`SELECT `+matchColumns+` FROM matches WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("match %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("match %s: %w", id, err)
	}
	return m, nil
}

func (s *sqlStore) Match(ctx context.Context, id string) (*Match, error) {
	st, err := s.prepared(ctx, `SELECT `+matchColumns+` FROM matches WHERE id = ?`)
	if err != nil {
		return nil, fmt.Errorf("match %s: %w", id, err)
	}
	m, err := scanMatch(st.QueryRowContext(ctx, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("match %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("match %s: %w", id, err)
	}
	return m, nil
}

func (s *sqlStore) Actions(ctx context.Context, id string, after int) ([]Action, error) {
	st, err := s.prepared(ctx, `SELECT seq, seat, action, hash, at FROM actions WHERE match_id = ? AND seq > ? ORDER BY seq`)
	if err != nil {
		return nil, fmt.Errorf("actions of match %s: %w", id, err)
	}
	rows, err := st.QueryContext(ctx, id, after)
	if err != nil {
		return nil, fmt.Errorf("actions of match %s: %w", id, err)
	}
	defer rows.Close()
	var out []Action
	for rows.Next() {
		var a Action
		var seat int
		var at int64
		if err := rows.Scan(&a.Seq, &seat, &a.Action, &a.Hash, &at); err != nil {
			return nil, fmt.Errorf("actions of match %s: %w", id, err)
		}
		a.Seat, a.At = engine.Seat(seat), fromMS(at)
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("actions of match %s: %w", id, err)
	}
	return out, nil
}

// Append stores a by group commit: the actions of every match waiting to
// be stored are written in one transaction, where an action refused (a
// conflict) writes nothing and leaves the others, and all are made
// durable by one commit — one fsync for many matches instead of
// one each. Each Append returns once its own action is committed (or
// refused); an action is never acknowledged before its commit.
func (s *sqlStore) Append(ctx context.Context, id string, a Action, status, result string) error {
	if a.At.IsZero() {
		a.At = time.Now().UTC()
	}
	return s.queue(ctx, &appendReq{id: id, a: a, status: status, result: result})
}

// queue hands r to the group commit and waits for its commit.
func (s *sqlStore) queue(ctx context.Context, r *appendReq) error {
	r.done = make(chan error, 1)
	s.cmu.RLock()
	if s.closed {
		s.cmu.RUnlock()
		return fmt.Errorf("%s: the store is closed", r)
	}
	s.startOnce.Do(s.startCommitter)
	select {
	case s.appends <- r:
		s.cmu.RUnlock()
	case <-ctx.Done():
		s.cmu.RUnlock()
		return fmt.Errorf("%s: %w", r, ctx.Err())
	}
	// Once queued, it is waited for whatever ctx says: it may be
	// committed, and the caller must know.
	return <-r.done
}

// prepared returns query prepared, once for the store's life: SQLite
// parsed the statements that every connection and every loaded match
// runs again each time.
func (s *sqlStore) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := s.stmts.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := s.db.PrepareContext(ctx, s.q(query))
	if err != nil {
		return nil, err
	}
	if prev, loaded := s.stmts.LoadOrStore(query, st); loaded {
		st.Close()
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

// startCommitter starts the group commit's goroutine.
func (s *sqlStore) startCommitter() {
	s.appends = make(chan *appendReq, maxBatch)
	s.stop = make(chan struct{})
	s.stopped = make(chan struct{})
	go s.commitLoop()
}

// commitLoop writes the waiting actions, a batch at a time: it takes the
// first action waiting and every other one queued by then, up to
// maxBatch. While a batch commits, the next one gathers.
//
// Under load, with a pace, a commit starts no sooner than pace after the
// last one started: an action that comes sooner waits for the rest of
// that time, and every action that comes meanwhile joins it. A commit
// costs SQLite about 200 µs of CPU whatever its size (the fsync alone
// about 60) and each action in it about 20 more, so the pace makes
// batches larger and every action cheaper, for at most pace of latency.
// "Under load" is when actions have been coming at paceFrom or more a
// pace (the rate smoothed over the last commits): below that the CPU is
// not what bounds a server, and an action is committed as soon as the
// last commit ends, as without a pace.
func (s *sqlStore) commitLoop() {
	defer close(s.stopped)
	batch := make([]*appendReq, 0, maxBatch)
	var started time.Time
	var timer *time.Timer
	rate := 0.0 // actions and creations a second, smoothed
	for {
		select {
		case r := <-s.appends:
			batch = append(batch[:0], r)
		case <-s.stop:
			// Refuse what is still queued: it was never committed.
			for {
				select {
				case r := <-s.appends:
					r.done <- fmt.Errorf("%s: the store is closed", r)
				default:
					return
				}
			}
		}
		if wait := s.pace - time.Since(started); s.pace > 0 && wait > 0 && rate*s.pace.Seconds() >= paceFrom {
			if timer == nil {
				timer = time.NewTimer(wait)
			} else {
				timer.Reset(wait)
			}
		gather:
			for len(batch) < maxBatch {
				select {
				case r := <-s.appends:
					batch = append(batch, r)
				case <-timer.C:
					break gather
				}
			}
			timer.Stop()
		}
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-s.appends:
				batch = append(batch, r)
			default:
				break more
			}
		}
		// What came since the last commit started, over that time: after
		// a quiet spell the rate is down within a few commits.
		now := time.Now()
		if !started.IsZero() {
			rate = 0.7*rate + 0.3*float64(len(batch))/max(now.Sub(started).Seconds(), 1e-6)
		}
		started = now
		s.commitBatch(batch)
		s.commits.Add(1)
		s.committed.Add(int64(len(batch)))
	}
}

// CommitStats returns how many group commits the store has made and how
// many actions and new matches they wrote, for benchmarks.
func (s *sqlStore) CommitStats() (commits, written int64) {
	return s.commits.Load(), s.committed.Load()
}

// Append's statements.
const (
	updateActionsSQL = `UPDATE matches SET actions = ?, status = ?, result = ?, updated = ? WHERE id = ? AND actions = ? AND status = ?`
	updatePlayingSQL = `UPDATE matches SET actions = ?, updated = ? WHERE id = ? AND actions = ? AND status = ?`
	insertActionSQL  = `INSERT INTO actions (match_id, seq, seat, action, hash, at) VALUES (?, ?, ?, ?, ?, ?)`
)

// prepare prepares Append's statements once.
func (s *sqlStore) prepare(ctx context.Context) error {
	s.prepOnce.Do(func() {
		if s.updStmt, s.prepErr = s.db.PrepareContext(ctx, s.q(updateActionsSQL)); s.prepErr != nil {
			return
		}
		if s.updPlaying, s.prepErr = s.db.PrepareContext(ctx, s.q(updatePlayingSQL)); s.prepErr != nil {
			return
		}
		if s.insStmt, s.prepErr = s.db.PrepareContext(ctx, s.q(insertActionSQL)); s.prepErr != nil {
			return
		}
		if s.postgres {
			s.notifyStmt, s.prepErr = s.db.PrepareContext(ctx, `SELECT pg_notify($1, $2)`)
		}
	})
	if s.prepErr != nil {
		return fmt.Errorf("prepare statements: %w", s.prepErr)
	}
	return nil
}

// batchTx is a group commit's transaction with Append's statements
// bound to it.
type batchTx struct {
	*sql.Tx
	upd, updPlaying, ins, notify *sql.Stmt
}

// commitBatch writes a batch of actions in one transaction and answers
// each. The actions are written in the order of their matches' ids, so
// that two servers' batches lock the matches' rows in one order and never
// deadlock (PostgreSQL).
func (s *sqlStore) commitBatch(batch []*appendReq) {
	errs := make([]error, len(batch))
	err := func() error {
		defer s.writing()()
		ctx := context.Background()
		if s.postgres {
			// One statement, its own transaction: one round trip.
			refused, err := s.appendBatchPG(ctx, batch)
			if err != nil {
				return err
			}
			copy(errs, refused)
			return nil
		}
		if err := s.prepare(ctx); err != nil {
			return err
		}
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		btx := &batchTx{Tx: tx, upd: tx.StmtContext(ctx, s.updStmt), updPlaying: tx.StmtContext(ctx, s.updPlaying), ins: tx.StmtContext(ctx, s.insStmt)}
		if s.notifyStmt != nil {
			btx.notify = tx.StmtContext(ctx, s.notifyStmt)
		}
		order := make([]int, 0, len(batch))
		for i, r := range batch {
			if r.create == nil {
				order = append(order, i)
				continue
			}
			// A new match, written first. One whose id is taken is
			// refused alone (SQLite goes on with the transaction after a
			// constraint fails a statement); any other error fails the
			// batch, as it may have ended the transaction.
			if err := s.insertMatch(ctx, tx, r.create); err != nil {
				if !isUniqueViolation(err) {
					clear(errs)
					return err
				}
				errs[i] = err
			}
		}
		slices.SortFunc(order, func(i, j int) int { return strings.Compare(batch[i].id, batch[j].id) })
		for _, i := range order {
			refused, err := s.appendOne(ctx, btx, batch[i])
			if err != nil {
				// Not a refusal but a failure: nothing of the batch is
				// committed, and every action of it is answered so.
				clear(errs)
				return err
			}
			errs[i] = refused
		}
		return tx.Commit()
	}()
	for i, r := range batch {
		switch {
		case errs[i] != nil:
			r.done <- errs[i]
		case err != nil:
			if isUniqueViolation(err) || isSerialization(err) {
				err = ErrConflict
			}
			r.done <- fmt.Errorf("%s: commit: %w", r, err)
		default:
			r.done <- nil
		}
	}
}

// appendOne writes one action of a batch. The update locks the match's
// row (PostgreSQL) or the database (SQLite, immediate transactions) and
// changes it only if the action is the next step; if not, nothing is
// written and the action is refused (ErrConflict, or ErrClosed for a
// match no longer played), the batch's other actions going on. An error
// (err) fails the whole batch.
func (s *sqlStore) appendOne(ctx context.Context, tx *batchTx, r *appendReq) (refused, err error) {
	id, a := r.id, r.a
	var res sql.Result
	if r.status == Playing && r.result == "" {
		res, err = tx.updPlaying.ExecContext(ctx, a.Seq, ms(a.At), id, a.Seq-1, Playing)
	} else {
		res, err = tx.upd.ExecContext(ctx, a.Seq, r.status, r.result, ms(a.At), id, a.Seq-1, Playing)
	}
	if err != nil {
		return nil, fmt.Errorf("store action %d of match %s: %w", a.Seq, id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, fmt.Errorf("store action %d of match %s: %w", a.Seq, id, err)
	} else if n != 1 {
		m, err := s.matchIn(ctx, tx.Tx, id)
		if errors.Is(err, ErrNotFound) {
			return err, nil
		}
		if err != nil {
			return nil, err
		}
		// A match that moved on is a conflict even if it then ended: the
		// writer must catch up to see how.
		if m.Status != Playing && m.Actions == a.Seq-1 {
			return fmt.Errorf("store action %d of match %s (%s): %w", a.Seq, id, m.Status, ErrClosed), nil
		}
		return fmt.Errorf("store action %d of match %s: %w", a.Seq, id, ErrConflict), nil
	}
	// The match's counter says this step is free: an action stored as it
	// already would be damage, and fails the batch.
	if _, err := tx.ins.ExecContext(ctx, id, a.Seq, int(a.Seat), a.Action, a.Hash, ms(a.At)); err != nil {
		return nil, fmt.Errorf("store action %d of match %s: %w", a.Seq, id, err)
	}
	if s.postgres {
		// Delivered to the listening servers when the transaction commits.
		if _, err := tx.notify.ExecContext(ctx, notifyChannel, id+" "+strconv.Itoa(a.Seq)); err != nil {
			return nil, fmt.Errorf("store action %d of match %s: notify: %w", a.Seq, id, err)
		}
	}
	return nil, nil
}

func isUniqueViolation(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "UNIQUE constraint") || strings.Contains(msg, "SQLSTATE 23505") ||
		strings.Contains(msg, "duplicate key")
}

func isSerialization(err error) bool {
	return strings.Contains(err.Error(), "SQLSTATE 40001")
}

func (s *sqlStore) Rematch(ctx context.Context, old string, m *Match) (string, error) {
	defer s.writing()()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return "", fmt.Errorf("rematch of %s: %w", old, err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`UPDATE matches SET rematch = ? WHERE id = ? AND rematch = ''`), m.ID, old)
	if err != nil {
		return "", fmt.Errorf("rematch of %s: %w", old, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return "", fmt.Errorf("rematch of %s: %w", old, err)
	} else if n == 0 {
		prev, err := s.Match(ctx, old)
		if err != nil {
			return "", err
		}
		return prev.Rematch, nil
	}
	m.RematchOf = old
	if err := s.insertMatch(ctx, tx, m); err != nil {
		return "", err
	}
	if err := tx.Commit(); err != nil {
		return "", fmt.Errorf("rematch of %s: %w", old, err)
	}
	return m.ID, nil
}

func (s *sqlStore) AddPlayer(ctx context.Context, player, match string, seat engine.Seat) error {
	defer s.writing()()
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO players (player, match_id, seat, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`),
		player, match, int(seat), ms(time.Now()))
	if err != nil {
		return fmt.Errorf("add player to match %s: %w", match, err)
	}
	return nil
}

func (s *sqlStore) PlayerMatches(ctx context.Context, player string, limit int) ([]PlayerMatch, error) {
	cols := strings.ReplaceAll("m."+matchColumns, ", ", ", m.")
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+cols+`, p.seat FROM players p JOIN matches m ON m.id = p.match_id
		WHERE p.player = ? ORDER BY m.created DESC, m.id LIMIT ?`), player, limit)
	if err != nil {
		return nil, fmt.Errorf("player's matches: %w", err)
	}
	defer rows.Close()
	var out []PlayerMatch
	for rows.Next() {
		var seat int
		var pm PlayerMatch
		m, err := scanMatch(rowWithSeat{rows, &seat})
		if err != nil {
			return nil, fmt.Errorf("player's matches: %w", err)
		}
		pm.Match, pm.Seat = m, engine.Seat(seat)
		out = append(out, pm)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("player's matches: %w", err)
	}
	return out, nil
}

// rowWithSeat scans a match row followed by one more column.
type rowWithSeat struct {
	r    *sql.Rows
	seat *int
}

func (r rowWithSeat) Scan(dest ...any) error { return r.r.Scan(append(dest, r.seat)...) }

func (s *sqlStore) Playing(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id FROM matches WHERE status = ? ORDER BY created`), Playing)
	if err != nil {
		return nil, fmt.Errorf("matches playing: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("matches playing: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func (s *sqlStore) SetStatus(ctx context.Context, id string, from []string, status, result string) error {
	defer s.writing()()
	if len(from) == 0 {
		return fmt.Errorf("set status of match %s: no status to change from", id)
	}
	args := []any{status, result, ms(time.Now()), id}
	marks := make([]string, len(from))
	for i, f := range from {
		marks[i] = "?"
		args = append(args, f)
	}
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE matches SET status = ?, result = ?, updated = ? WHERE id = ? AND status IN (`+strings.Join(marks, ", ")+`)`), args...)
	if err != nil {
		return fmt.Errorf("set status of match %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("set status of match %s: %w", id, err)
	} else if n != 1 {
		m, err := s.Match(ctx, id)
		if err != nil {
			return err
		}
		return fmt.Errorf("set status of match %s: it is %s, not %s: %w", id, m.Status, strings.Join(from, " or "), ErrConflict)
	}
	return nil
}

func (s *sqlStore) Matches(ctx context.Context, status string, limit int) ([]*Match, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+matchColumns+` FROM matches WHERE status = ? ORDER BY updated DESC, id LIMIT ?`), status, limit)
	if err != nil {
		return nil, fmt.Errorf("%s matches: %w", status, err)
	}
	defer rows.Close()
	var out []*Match
	for rows.Next() {
		m, err := scanMatch(rows)
		if err != nil {
			return nil, fmt.Errorf("%s matches: %w", status, err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s matches: %w", status, err)
	}
	return out, nil
}

func (s *sqlStore) Unstarted(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM matches WHERE status = ? AND actions = 0`), Playing).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("unstarted matches: %w", err)
	}
	return n, nil
}

func (s *sqlStore) EndIdle(ctx context.Context, unstarted, idle time.Time, unstartedResult, idleResult string) ([]string, error) {
	defer s.writing()()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("end idle matches: %w", err)
	}
	defer tx.Rollback()
	var ids []string
	for _, q := range []struct {
		where  string
		before time.Time
		result string
	}{
		{"actions = 0 AND created < ?", unstarted, unstartedResult},
		{"actions > 0 AND updated < ?", idle, idleResult},
	} {
		rows, err := tx.QueryContext(ctx, s.q(`SELECT id FROM matches WHERE status = ? AND `+q.where), Playing, ms(q.before))
		if err != nil {
			return nil, fmt.Errorf("end idle matches: %w", err)
		}
		var some []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, fmt.Errorf("end idle matches: %w", err)
			}
			some = append(some, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("end idle matches: %w", err)
		}
		for _, id := range some {
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE matches SET status = ?, result = ?, updated = ? WHERE id = ? AND status = ?`),
				Ended, q.result, ms(time.Now()), id, Playing); err != nil {
				return nil, fmt.Errorf("end idle match %s: %w", id, err)
			}
		}
		ids = append(ids, some...)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("end idle matches: %w", err)
	}
	return ids, nil
}

func (s *sqlStore) Check(ctx context.Context) error {
	if s.postgres {
		var one int
		if err := s.db.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
			return fmt.Errorf("check database: %w", err)
		}
		return nil
	}
	// quick_check reads every page and checks its structure (all that
	// integrity_check does but compare indexes with their tables), in
	// time linear in the file's size.
	rows, err := s.db.QueryContext(ctx, `PRAGMA quick_check(20)`)
	if err != nil {
		return fmt.Errorf("check database: %w", err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return fmt.Errorf("check database: %w", err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("check database: %w", err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("check database: damaged: %s", strings.Join(problems, "; "))
	}
	return nil
}

// Close stops the group commit (actions still queued are refused, never
// half written) and releases the store's connections.
func (s *sqlStore) Close() error {
	s.cmu.Lock()
	was := s.closed
	s.closed = true
	s.cmu.Unlock()
	if !was {
		s.startOnce.Do(func() {}) // no committer starts after this
		if s.stop != nil {
			close(s.stop) // nothing is queued after this: the committer answers what is
			<-s.stopped
		}
	}
	s.stmts.Range(func(_, st any) bool { st.(*sql.Stmt).Close(); return true })
	return s.db.Close()
}
