package lab

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
)

// Results is a study's results file: one [Shard] a line, in the order the
// shards ended, so that a study stopped at any moment resumes where it
// was. A line cut short by a stop is dropped when the file is opened.
type Results struct {
	path   string
	f      *os.File
	shards map[int]*Shard
}

// OpenResults opens (or creates) the results file at path for study s,
// reading the shards it holds. A file that holds another study's shards is
// refused, with both studies named.
func OpenResults(path string, s *Study) (*Results, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	r := &Results{path: path, f: f, shards: map[int]*Shard{}}
	id := s.ID()
	br := bufio.NewReader(f)
	var good int64
	for line := 1; ; line++ {
		b, err := br.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			break // a last line with no newline was cut short: dropped
		}
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("results %s: %w", path, err)
		}
		var sh Shard
		if err := json.Unmarshal(bytes.TrimSpace(b), &sh); err != nil {
			f.Close()
			return nil, fmt.Errorf("results %s: line %d: %w", path, line, err)
		}
		switch {
		case sh.Study != id:
			f.Close()
			return nil, fmt.Errorf("results %s: line %d is a shard of study %s, not of this study (%s): give another file", path, line, sh.Study, id)
		case sh.Index < 0 || sh.Index >= s.Shards():
			f.Close()
			return nil, fmt.Errorf("results %s: line %d: shard %d, but the study has %d", path, line, sh.Index, s.Shards())
		}
		if _, ok := r.shards[sh.Index]; !ok {
			r.shards[sh.Index] = &sh
		}
		good += int64(len(b))
	}
	if err := f.Truncate(good); err != nil {
		f.Close()
		return nil, fmt.Errorf("results %s: %w", path, err)
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("results %s: %w", path, err)
	}
	return r, nil
}

// Has reports whether shard k is in the file.
func (r *Results) Has(k int) bool { _, ok := r.shards[k]; return ok }

// Len returns the number of shards in the file.
func (r *Results) Len() int { return len(r.shards) }

// Add appends sh to the file and syncs it. A shard already there is not
// written again.
func (r *Results) Add(sh *Shard) error {
	if r.Has(sh.Index) {
		return nil
	}
	b, err := json.Marshal(sh)
	if err != nil {
		return fmt.Errorf("results %s: %w", r.path, err)
	}
	if _, err := r.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("results %s: %w", r.path, err)
	}
	if err := r.f.Sync(); err != nil {
		return fmt.Errorf("results %s: %w", r.path, err)
	}
	r.shards[sh.Index] = sh
	return nil
}

// Shards returns the shards in the file, in index order.
func (r *Results) Shards() []*Shard {
	out := make([]*Shard, 0, len(r.shards))
	for _, k := range slices.Sorted(maps.Keys(r.shards)) {
		out = append(out, r.shards[k])
	}
	return out
}

// Close closes the file.
func (r *Results) Close() error { return r.f.Close() }

// RunLocal plays, in this process on workers goroutines, the shards of
// study s that the results file does not hold yet, adding each to it as
// it ends, and returns every shard of the study in order. progress, when
// not nil, is called with the number of the study's matches played so far
// (those found in the file included) after each shard. When ctx is
// canceled, the shards that ended are in the file, and RunLocal returns
// ctx's error: run it again with the same file to resume.
func RunLocal(ctx context.Context, s *Study, results *Results, workers int, progress func(matches int)) ([]*Shard, error) {
	r, err := NewRunner(s)
	if err != nil {
		return nil, err
	}
	var todo []int
	played := 0
	for k := range s.Shards() {
		if results.Has(k) {
			lo, hi := s.Range(k)
			played += hi - lo
		} else {
			todo = append(todo, k)
		}
	}
	if progress != nil {
		progress(played)
	}
	if len(todo) > 0 {
		err = r.Play(ctx, todo, workers, func(sh *Shard) error {
			if err := results.Add(sh); err != nil {
				return err
			}
			played += len(sh.Matches)
			if progress != nil {
				progress(played)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return results.Shards(), nil
}
