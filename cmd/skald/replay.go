package main

import (
	"errors"
	"fmt"
	"os"

	"skald/engine"
	"skald/games"
)

func init() {
	register(command{name: "replay", args: "FILE", help: "print the events of a recorded match and verify every state hash", run: runReplay})
}

func runReplay(e *env, args []string) error {
	fs := newFlags(e, "replay")
	quiet := fs.Bool("q", false, "print only the verdict")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("name one record file")
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return err
	}
	defer f.Close()
	rec, err := engine.ReadRecord(f, pos[0])
	if err != nil {
		return err
	}
	g, err := games.Lookup(rec.Header.Game)
	if err != nil {
		return fmt.Errorf("record %s: %w", pos[0], err)
	}
	if !*quiet {
		fmt.Fprintf(e.stdout, "%s, seed %d, options %s, seats %v\n", g.Title(), rec.Header.Seed, rec.Header.Options, rec.Header.Seats)
	}
	st, err := engine.Replay(g, rec, func(i int, s engine.Step, events []engine.Event) {
		if *quiet {
			return
		}
		fmt.Fprintf(e.stdout, "%d. %s: %s\n", i, engine.SeatName(g, s.Seat), s.Action)
		for _, ev := range events {
			if ev.Public() {
				fmt.Fprintf(e.stdout, "     %s\n", ev.Text)
			} else {
				fmt.Fprintf(e.stdout, "     (%s only) %s\n", ev.Audience(g, len(rec.Header.Seats)), ev.Text)
			}
		}
	})
	var div *engine.DivergenceError
	if errors.As(err, &div) {
		fmt.Fprintf(e.stdout, "replay FAILED: %v\n", div)
		return errFailed
	}
	if err != nil {
		return err
	}
	verdict := "not finished"
	r, over := st.Result()
	if over {
		verdict = outcome(g, r)
	}
	fmt.Fprintf(e.stdout, "replay ok: %d actions, every state hash matches; %s\n", len(rec.Steps), verdict)
	if over && !*quiet {
		fmt.Fprint(e.stdout, standings(g, r, rec.Header.Seats))
	}
	return nil
}
