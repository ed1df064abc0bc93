//go:build pg

package server

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"skald/engine"
	"skald/internal/pgtest"
	"skald/store"
)

// TestTwoServersOnePostgres runs two skald serve processes on one
// PostgreSQL database and sends actions for the same match to both at the
// same moment: the same action for the same step to both (exactly one
// applies it, the other answers that the match moved on), and the two
// players' simultaneous choices each to a different server (both are
// applied, neither is lost). Both servers' players see the same match,
// step for step, as the referee replays it from the database.
func TestTwoServersOnePostgres(t *testing.T) {
	dsn := pgtest.Database(t)
	bin := buildSkald(t, t.TempDir())
	_, a := startSkald(t, bin, dsn)
	_, b := startSkald(t, bin, dsn)

	for _, game := range []struct {
		name string
		opts engine.Options
	}{{"blackred", engine.Options{"units": "10"}}, {"tacticsdavid", engine.Options{"armies": "auto", "battlefield": "open-field-7x11"}}} {
		t.Run(game.name, func(t *testing.T) {
			cr := create(t, a, game.name, game.opts, "human", "human")
			// Each seat is connected to both servers.
			onA := []*client{dial(t, a, cr.ID, cr.Seats[0].Token), dial(t, a, cr.ID, cr.Seats[1].Token)}
			onB := []*client{dial(t, b, cr.ID, cr.Seats[0].Token), dial(t, b, cr.ID, cr.Seats[1].Token)}
			all := append(append([]*client{}, onA...), onB...)
			rng := rand.New(rand.NewPCG(8, 9))
			seq, dups, simul := 0, 0, 0
			for steps := 0; steps < 150; steps++ {
				for _, c := range all {
					if c.waitSeq(seq) == nil {
						t.Fatalf("no frame for step %d", seq)
					}
				}
				f := onA[0].latest()
				if f.Over {
					break
				}
				var deciders []int
				for i, c := range onA {
					if len(c.latest().Legal) > 0 {
						deciders = append(deciders, i)
					}
				}
				if len(deciders) == 2 && rng.IntN(2) == 0 {
					// Simultaneous choices, one to each server, no seq.
					texts := []string{pick(rng, onA[0].latest().Legal), pick(rng, onB[1].latest().Legal)}
					answers := race(func() *frame { return onA[0].act(texts[0], -1) }, func() *frame { return onB[1].act(texts[1], -1) })
					for i, ans := range answers {
						if ans.Type != "ack" {
							t.Fatalf("step %d: %s to server %c: %s %s", seq, texts[i], "AB"[i], ans.Code, ans.Message)
						}
					}
					if answers[0].Seq == answers[1].Seq {
						t.Fatalf("two actions stored as step %d", answers[0].Seq)
					}
					seq = max(answers[0].Seq, answers[1].Seq)
					simul++
					continue
				}
				// The same action for the same step, to both servers.
				seat := deciders[rng.IntN(len(deciders))]
				l := onA[seat].latest()
				text := pick(rng, l.Legal)
				answers := race(func() *frame { return onA[seat].act(text, l.Seq) }, func() *frame { return onB[seat].act(text, l.Seq) })
				acks := 0
				for _, ans := range answers {
					switch {
					case ans.Type == "ack":
						acks++
						seq = ans.Seq
					case ans.Code != ECONFLICT:
						t.Fatalf("step %d: %s: %s %s", l.Seq, text, ans.Code, ans.Message)
					}
				}
				if acks != 1 {
					t.Fatalf("step %d: %q applied by %d servers", l.Seq, text, acks)
				}
				dups++
			}
			for _, c := range all {
				c.waitSeq(seq)
			}
			st, err := store.OpenPostgres(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			ref := newReferee(t, st, cr.ID) // every stored step, its hash recomputed
			if len(ref.hashes) != seq {
				t.Fatalf("%d steps stored, %d acknowledged", len(ref.hashes), seq)
			}
			for _, c := range all {
				c.close()
				ref.check(t, c)
			}
			t.Logf("%d steps: %d raced duplicates, %d simultaneous pairs", seq, dups, simul)
		})
	}
}

func pick(rng *rand.Rand, list []string) string { return list[rng.IntN(len(list))] }

// race runs the functions at the same moment and returns their answers.
func race(fs ...func() *frame) []*frame {
	out := make([]*frame, len(fs))
	var start, done sync.WaitGroup
	start.Add(1)
	for i, f := range fs {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			out[i] = f()
		}()
	}
	start.Done()
	done.Wait()
	return out
}
