// Package queue plays a balance study's shards on many machines through
// River (github.com/riverqueue/river), a job queue in PostgreSQL.
//
// [Queue.Submit] stores the study and, in the same transaction, enqueues
// one job per shard not yet played (unique by study and shard, so a study
// submitted twice is enqueued once). Workers ([Queue.Work], skald worker)
// take jobs, play the shard, and in one transaction store its result under
// the primary key (study, shard) and complete the job: a shard whose
// worker dies before that commit is played again, once River rescues its
// job, and a shard played twice is stored once. [Queue.Wait] waits for
// every shard's result and returns them in order, for lab.Build: the
// report is the one the same study played in one process gives.
package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"skald/lab"
)

// ShardArgs is a job: one shard of a stored study.
type ShardArgs struct {
	Study string `json:"study"`
	Shard int    `json:"shard"`
}

// Kind names the job's kind in River.
func (ShardArgs) Kind() string { return "skald_lab_shard" }

// Queue is a connection to the database holding studies, their shards'
// jobs and their results.
type Queue struct {
	pool   *pgxpool.Pool
	log    *slog.Logger // River's logs
	shards *slog.Logger // a line per shard played
}

// schema is the lab's own tables, beside River's.
const schema = `
CREATE TABLE IF NOT EXISTS lab_studies (
	id text PRIMARY KEY,
	spec text NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS lab_shards (
	study text NOT NULL REFERENCES lab_studies (id),
	shard integer NOT NULL,
	matches integer NOT NULL,
	result text NOT NULL,
	worker text NOT NULL,
	PRIMARY KEY (study, shard)
);`

// migrateLock is the advisory lock that serializes processes migrating
// the database at once.
const migrateLock = 0x736b616c646c6162 // "skaldlab"

// Open connects to the PostgreSQL database at dsn and brings River's
// schema and the lab's tables up to date.
func Open(ctx context.Context, dsn string) (*Queue, error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("queue: %w", err)
	}
	discard := slog.New(slog.NewTextHandler(io.Discard, nil))
	q := &Queue{pool: pool, log: discard, shards: discard}
	if err := q.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return q, nil
}

func (q *Queue) migrate(ctx context.Context) error {
	conn, err := q.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("queue: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", int64(migrateLock)); err != nil {
		return fmt.Errorf("queue: migrating: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", int64(migrateLock))
	m, err := rivermigrate.New(riverpgxv5.New(q.pool), nil)
	if err != nil {
		return fmt.Errorf("queue: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("queue: migrating River's schema: %w", err)
	}
	if _, err := conn.Exec(ctx, schema); err != nil {
		return fmt.Errorf("queue: creating the lab's tables: %w", err)
	}
	return nil
}

// SetLogger makes River log to l (nothing by default).
func (q *Queue) SetLogger(l *slog.Logger) { q.log = l }

// SetShardLogger makes q's workers log each shard they play to l
// (nothing by default).
func (q *Queue) SetShardLogger(l *slog.Logger) { q.shards = l }

// Close closes the connections.
func (q *Queue) Close() { q.pool.Close() }

// Submit stores study s and enqueues a job for each of its shards whose
// result is not stored yet, in one transaction, and returns how many.
func (q *Queue) Submit(ctx context.Context, s *lab.Study) (int, error) {
	if _, err := s.Check(); err != nil {
		return 0, err
	}
	spec, err := json.Marshal(s)
	if err != nil {
		return 0, fmt.Errorf("queue: %w", err)
	}
	client, err := river.NewClient(riverpgxv5.New(q.pool), &river.Config{Logger: q.log})
	if err != nil {
		return 0, fmt.Errorf("queue: %w", err)
	}
	id := s.ID()
	tx, err := q.pool.Begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("queue: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if _, err := tx.Exec(ctx, "INSERT INTO lab_studies (id, spec) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", id, string(spec)); err != nil {
		return 0, fmt.Errorf("queue: storing study %s: %w", id, err)
	}
	done := map[int]bool{}
	rows, err := tx.Query(ctx, "SELECT shard FROM lab_shards WHERE study = $1", id)
	if err != nil {
		return 0, fmt.Errorf("queue: %w", err)
	}
	for rows.Next() {
		var k int
		if err := rows.Scan(&k); err != nil {
			return 0, fmt.Errorf("queue: %w", err)
		}
		done[k] = true
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("queue: %w", err)
	}
	var jobs []river.InsertManyParams
	for k := range s.Shards() {
		if !done[k] {
			jobs = append(jobs, river.InsertManyParams{Args: ShardArgs{Study: id, Shard: k}, InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}})
		}
	}
	if len(jobs) > 0 {
		if _, err := client.InsertManyTx(ctx, tx, jobs); err != nil {
			return 0, fmt.Errorf("queue: enqueuing study %s: %w", id, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, fmt.Errorf("queue: %w", err)
	}
	return len(jobs), nil
}

// Done returns the number of shards of study s whose results are stored,
// and the matches they hold.
func (q *Queue) Done(ctx context.Context, s *lab.Study) (shards, matches int, err error) {
	err = q.pool.QueryRow(ctx, "SELECT count(*), coalesce(sum(matches), 0) FROM lab_shards WHERE study = $1", s.ID()).Scan(&shards, &matches)
	if err != nil {
		return 0, 0, fmt.Errorf("queue: %w", err)
	}
	return shards, matches, nil
}

// pollEvery is how often Wait looks for results.
const pollEvery = 200 * time.Millisecond

// Wait waits until every shard of study s is stored, calling progress (if
// not nil) with the matches played whenever it changes, and returns the
// shards in order.
func (q *Queue) Wait(ctx context.Context, s *lab.Study, progress func(matches int)) ([]*lab.Shard, error) {
	last := -1
	for {
		shards, matches, err := q.Done(ctx, s)
		if err != nil {
			return nil, err
		}
		if progress != nil && matches != last {
			progress(matches)
			last = matches
		}
		if shards == s.Shards() {
			return q.Results(ctx, s)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(pollEvery):
		}
	}
}

// Results returns the stored shards of study s, in order.
func (q *Queue) Results(ctx context.Context, s *lab.Study) ([]*lab.Shard, error) {
	rows, err := q.pool.Query(ctx, "SELECT shard, result FROM lab_shards WHERE study = $1 ORDER BY shard", s.ID())
	if err != nil {
		return nil, fmt.Errorf("queue: %w", err)
	}
	defer rows.Close()
	var out []*lab.Shard
	for rows.Next() {
		var k int
		var text string
		if err := rows.Scan(&k, &text); err != nil {
			return nil, fmt.Errorf("queue: %w", err)
		}
		var sh lab.Shard
		if err := json.Unmarshal([]byte(text), &sh); err != nil {
			return nil, fmt.Errorf("queue: shard %d of study %s: %w", k, s.ID(), err)
		}
		out = append(out, &sh)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("queue: %w", err)
	}
	return out, nil
}

// WorkOptions configures a worker.
type WorkOptions struct {
	// Workers is the number of shards played at once.
	Workers int
	// RescueAfter is how long a shard's job may run before River takes it
	// for stuck (its worker died) and has it played again, and how long a
	// shard may take before its worker gives it up: longer than any shard
	// takes.
	RescueAfter time.Duration
	// Name names the worker in the results it stores.
	Name string
}

// Work plays shards of any stored study until ctx is canceled, then stops
// taking jobs and lets the shards being played finish.
func (q *Queue) Work(ctx context.Context, o WorkOptions) error {
	if o.Workers < 1 {
		return fmt.Errorf("queue: %d workers: want at least 1", o.Workers)
	}
	if o.RescueAfter <= 0 {
		return fmt.Errorf("queue: rescue after %v: want a positive duration", o.RescueAfter)
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &shardWorker{q: q, name: o.Name, runners: map[string]*lab.Runner{}})
	client, err := river.NewClient(riverpgxv5.New(q.pool), &river.Config{
		Queues:  map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: o.Workers}},
		Workers: workers,
		// River rescues only a job that has a timeout and ran past it.
		JobTimeout:           o.RescueAfter,
		RescueStuckJobsAfter: o.RescueAfter,
		Logger:               q.log,
	})
	if err != nil {
		return fmt.Errorf("queue: %w", err)
	}
	if err := client.Start(ctx); err != nil {
		return fmt.Errorf("queue: %w", err)
	}
	<-ctx.Done()
	stop, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Hour)
	defer cancel()
	if err := client.Stop(stop); err != nil {
		return fmt.Errorf("queue: stopping: %w", err)
	}
	return nil
}

// shardWorker plays one shard a job.
type shardWorker struct {
	river.WorkerDefaults[ShardArgs]
	q    *Queue
	name string

	mu      sync.Mutex
	runners map[string]*lab.Runner
}

// NextRetry plays a shard that failed (cut off at its timeout on a loaded
// machine, say) again a second later, instead of River's default backoff,
// which grows to minutes by the fourth attempt.
func (w *shardWorker) NextRetry(*river.Job[ShardArgs]) time.Time { return time.Now().Add(time.Second) }

// runner returns the runner of a stored study.
func (w *shardWorker) runner(ctx context.Context, id string) (*lab.Runner, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if r, ok := w.runners[id]; ok {
		return r, nil
	}
	var spec string
	err := w.q.pool.QueryRow(ctx, "SELECT spec FROM lab_studies WHERE id = $1", id).Scan(&spec)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("study %s is not stored", id)
	}
	if err != nil {
		return nil, err
	}
	var s lab.Study
	if err := json.Unmarshal([]byte(spec), &s); err != nil {
		return nil, fmt.Errorf("study %s: %w", id, err)
	}
	if s.ID() != id {
		return nil, fmt.Errorf("study %s is stored with the spec of study %s", id, s.ID())
	}
	r, err := lab.NewRunner(&s)
	if err != nil {
		return nil, err
	}
	w.runners[id] = r
	return r, nil
}

// Work plays the job's shard, then stores its result and completes the
// job in one transaction.
func (w *shardWorker) Work(ctx context.Context, job *river.Job[ShardArgs]) error {
	start := time.Now()
	r, err := w.runner(ctx, job.Args.Study)
	if err != nil {
		return fmt.Errorf("shard %d: %w", job.Args.Shard, err)
	}
	sh, err := r.Shard(ctx, job.Args.Shard)
	if err != nil {
		return err
	}
	b, err := json.Marshal(sh)
	if err != nil {
		return err
	}
	tx, err := w.q.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	tag, err := tx.Exec(ctx, "INSERT INTO lab_shards (study, shard, matches, result, worker) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (study, shard) DO NOTHING",
		sh.Study, sh.Index, len(sh.Matches), string(b), w.name)
	if err != nil {
		return fmt.Errorf("storing shard %d of study %s: %w", sh.Index, sh.Study, err)
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return fmt.Errorf("completing shard %d of study %s: %w", sh.Index, sh.Study, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("storing shard %d of study %s: %w", sh.Index, sh.Study, err)
	}
	w.q.shards.Info("shard", "study", sh.Study, "shard", sh.Index, "matches", len(sh.Matches), "seconds", time.Since(start).Seconds(), "stored", tag.RowsAffected() == 1, "attempt", job.Attempt)
	return nil
}
