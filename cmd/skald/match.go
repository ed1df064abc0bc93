package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"skald/engine"
	"skald/store"
)

func init() {
	register(command{
		name: "match",
		args: "list [--status failed] | record ID [-o FILE] | end ID [--reason TEXT] | retry ID   [--db skald.db|postgres://…]",
		help: "for a server's operator: list the stored matches by status, write one's record, end one, or retry a failed one",
		run:  runMatch,
	})
}

func runMatch(e *env, args []string) error {
	if len(args) == 0 {
		return usagef("name what to do: list, record, end or retry")
	}
	verb := args[0]
	fs := newFlags(e, "match "+verb)
	db := fs.String("db", "skald.db", "the server's database: a SQLite file, or a postgres:// URL")
	status := fs.String("status", store.Failed, "list: the status of the matches listed ("+strings.Join(store.Statuses, ", ")+")")
	limit := fs.Int("n", 100, "list: the most matches listed, the most recently updated first")
	reason := fs.String("reason", "", "end: why the match is ended, shown to its players")
	out := fs.String("o", "", "record: the file to write (default: standard output)")
	pos, err := parseFlags(fs, args[1:])
	if err != nil {
		return err
	}
	ctx := context.Background()
	if !slices.Contains([]string{"list", "record", "end", "retry"}, verb) {
		return usagef("match: unknown %q (list, record, end, retry)", verb)
	}
	var id string
	switch {
	case verb == "list" && len(pos) > 0:
		return usagef("match list: unexpected argument %q", pos[0])
	case verb == "list" && *limit < 1:
		return usagef("-n: want at least 1")
	case verb == "list" && !slices.Contains(store.Statuses, *status):
		return usagef("--status: want one of %s", strings.Join(store.Statuses, ", "))
	case verb != "list" && len(pos) != 1:
		return usagef("match %s: name one match id", verb)
	case verb != "list":
		id = pos[0]
	}
	if !strings.Contains(*db, "://") {
		if _, err := os.Stat(*db); err != nil {
			return fmt.Errorf("no database %s: %w", *db, err)
		}
	}
	st, err := store.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	switch verb {
	case "list":
		ms, err := st.Matches(ctx, *status, *limit)
		if err != nil {
			return err
		}
		if len(ms) == 0 {
			fmt.Fprintf(e.stdout, "no %s matches\n", *status)
			return nil
		}
		for _, m := range ms {
			fmt.Fprintf(e.stdout, "%s  %s  %d actions  updated %s\n", m.ID, m.Game, m.Actions, m.Updated.Format("2006-01-02 15:04:05"))
			if m.Result != "" {
				fmt.Fprintf(e.stdout, "    %s\n", m.Result)
			}
		}
	case "record":
		w := e.stdout
		if *out != "" {
			f, err := os.Create(*out)
			if err != nil {
				return err
			}
			defer f.Close()
			w = f
		}
		return writeRecord(ctx, st, id, w)
	case "end":
		why := "ended by the server's operator"
		if *reason != "" {
			why += ": " + *reason
		}
		if err := st.SetStatus(ctx, id, []string{store.Playing, store.Failed}, store.Ended, why); err != nil {
			return explainStatus(err, "end", "only a match being played or failed can be ended")
		}
		fmt.Fprintf(e.stdout, "match %s ended; its record is kept\n", id)
	case "retry":
		if err := st.SetStatus(ctx, id, []string{store.Failed}, store.Playing, ""); err != nil {
			return explainStatus(err, "retry", "only a failed match can be retried")
		}
		fmt.Fprintf(e.stdout, "match %s is being played again: a running server resumes it when it is next opened, and every server when it starts; if it fails again it is marked failed again\n", id)
	}
	return nil
}

// explainStatus adds what may be done to a store's ErrConflict.
func explainStatus(err error, verb, hint string) error {
	if errors.Is(err, store.ErrConflict) {
		return fmt.Errorf("%s: %w (%s)", verb, err, hint)
	}
	return err
}

// writeRecord writes the record of match id, every stored action with its
// state hash, in the format skald replay reads.
func writeRecord(ctx context.Context, st store.Store, id string, w io.Writer) error {
	m, err := st.Match(ctx, id)
	if err != nil {
		return err
	}
	acts, err := st.Actions(ctx, id, 0)
	if err != nil {
		return err
	}
	h := engine.Header{Format: engine.RecordFormat, Game: m.Game, Rules: m.Rules, Options: m.Options, Seed: m.Seed}
	for _, s := range m.Seats {
		h.Seats = append(h.Seats, s.Player)
	}
	rec, err := engine.NewRecorder(w, h)
	if err != nil {
		return fmt.Errorf("record of match %s: %w", id, err)
	}
	for _, a := range acts {
		if err := rec.Add(engine.Step{Seat: a.Seat, Action: a.Action, Hash: a.Hash}); err != nil {
			return fmt.Errorf("record of match %s: %w", id, err)
		}
	}
	return nil
}
