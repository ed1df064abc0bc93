//go:build unix

package store

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkAppend measures SQLite's group commit: writers goroutines
// each append to a match of their own, spread over 200 matches as
// skald bench serve spreads them, so that a batch holds about writers
// actions. It reports the process's CPU time an action (cpu-µs/op) and
// the actions a commit.
func BenchmarkAppend(b *testing.B) {
	for _, writers := range []int{1, 4, 16} {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			ctx := context.Background()
			st, err := OpenSQLite(ctx, filepath.Join(b.TempDir(), "skald.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			const matches = 200
			ids := createMatches(b, st, matches, "bench")
			seqs := make([]int, matches)
			var mu sync.Mutex
			next := 0
			// take returns the next match to append to and its step.
			take := func() (string, int) {
				mu.Lock()
				defer mu.Unlock()
				i := next % matches
				next++
				seqs[i]++
				return ids[i], seqs[i]
			}
			work := make(chan struct{}, b.N)
			for range b.N {
				work <- struct{}{}
			}
			close(work)
			b.ResetTimer()
			c0 := cpuTime()
			var wg sync.WaitGroup
			for range writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range work {
						id, seq := take()
						if err := st.Append(ctx, id, Action{Seq: seq, Action: "force 2", Hash: "0123456789abcdef"}, Playing, ""); err != nil {
							b.Error(err)
							return
						}
					}
				}()
			}
			wg.Wait()
			b.ReportMetric(float64((cpuTime()-c0).Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
}
