package lab

import (
	"context"
	"fmt"
	"runtime"
	"skald/engine"
	"sync"
	"sync/atomic"
)

// Shard is the result of one shard of a study: its matches in order. It
// depends only on the study and the shard's index.
type Shard struct {
	// Study is the study's ID and Index the shard's, from 0.
	Study string `json:"study"`
	Index int    `json:"shard"`
	// Matches are the shard's matches, in order.
	Matches []Match `json:"matches"`
}

// Runner plays the shards of one study. Make it with [NewRunner]; it may
// play shards from several goroutines at once.
type Runner struct {
	study    *Study
	id       string
	game     engine.Game
	variants []Variant
}

// NewRunner checks s and returns a runner of its shards.
func NewRunner(s *Study) (*Runner, error) {
	g, err := s.Check()
	if err != nil {
		return nil, err
	}
	return &Runner{study: s, id: s.ID(), game: g, variants: s.Variants()}, nil
}

// Study returns the runner's study.
func (r *Runner) Study() *Study { return r.study }

// Shard plays shard k. A match that fails is kept, with why, and does
// not stop the shard; ctx's cancellation does, with its error.
func (r *Runner) Shard(ctx context.Context, k int) (*Shard, error) {
	if k < 0 || k >= r.study.Shards() {
		return nil, fmt.Errorf("shard %d: the study has shards 0 to %d", k, r.study.Shards()-1)
	}
	lo, hi := r.study.Range(k)
	sh := &Shard{Study: r.id, Index: k, Matches: make([]Match, 0, hi-lo)}
	for i := lo; i < hi; i++ {
		m, err := play(ctx, r.game, r.study, r.variants, i)
		if err != nil {
			return nil, fmt.Errorf("shard %d: %w", k, err)
		}
		sh.Matches = append(sh.Matches, m)
	}
	return sh, nil
}

// Play plays the shards listed in todo on workers goroutines (zero or
// less: one per core), calling done with each shard as it ends (never
// concurrently). It stops at the first error of done or of ctx.
func (r *Runner) Play(ctx context.Context, todo []int, workers int, done func(*Shard) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(todo)))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type ended struct {
		sh  *Shard
		err error
	}
	ch := make(chan ended)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for ctx.Err() == nil {
				j := int(next.Add(1) - 1)
				if j >= len(todo) {
					return
				}
				sh, err := r.Shard(ctx, todo[j])
				select {
				case ch <- ended{sh, err}:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		wg.Wait()
		close(ch)
	}()
	var first error
	for e := range ch {
		if first != nil {
			continue
		}
		if e.err == nil {
			e.err = done(e.sh)
		}
		if e.err != nil {
			first = e.err
			cancel()
		}
	}
	if first == nil {
		first = ctx.Err()
	}
	return first
}
