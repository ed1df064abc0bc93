package main

import (
	"fmt"
	"os"
	"strings"

	"skald/engine"
	"skald/games"
)

// optionFlags collects repeated --option k=v flags. A value @FILE stands
// for the text of the file, such as a battlefield a player drew: the text
// goes into the match's options, so that a record replays without the file.
type optionFlags engine.Options

func (o optionFlags) String() string { return engine.Options(o).String() }

func (o optionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		if k == "" {
			return fmt.Errorf("want name=value, with the option's name before the =")
		}
		return fmt.Errorf("want name=value, such as --option %s=… (skald games lists each game's options)", v)
	}
	if name, ok := strings.CutPrefix(val, "@"); ok {
		b, err := os.ReadFile(name)
		if err != nil {
			return fmt.Errorf("option %s: %w", k, err)
		}
		val = string(b)
	}
	o[k] = val
	return nil
}

// fileOptions reads, for each of g's options marked File, the file a
// value names when it names one ("--option deck=my.deck"), as if written
// "@my.deck". A value that names no file is left to the game (a built-in
// deck or battlefield).
func fileOptions(g engine.Game, o optionFlags) error {
	for _, spec := range g.Options() {
		v, ok := o[spec.Name]
		if !spec.File || !ok || v == "" || strings.ContainsAny(v, "\n") {
			continue
		}
		if st, err := os.Stat(v); err != nil || !st.Mode().IsRegular() {
			continue
		}
		b, err := os.ReadFile(v)
		if err != nil {
			return fmt.Errorf("option %s: %w", spec.Name, err)
		}
		o[spec.Name] = string(b)
	}
	return nil
}

// lookupGame finds a game by name for the commands that take one; tests
// add the kernel's test game to it.
var lookupGame = games.Lookup

// gameArg returns the one game named by the positional arguments.
func gameArg(pos []string) (engine.Game, error) {
	if len(pos) != 1 {
		return nil, usagef("name one game")
	}
	g, err := lookupGame(pos[0])
	if err != nil {
		return nil, usagef("%v", err)
	}
	return g, nil
}

// splitSeats splits a --seats list at its commas, except that a piece
// like "depth=0", with no kind before its "=", continues the bot spec
// before it: "mcts:iters=50,depth=0,random" is two seats.
func splitSeats(list string) []string {
	var seats []string
	for _, p := range strings.Split(list, ",") {
		eq, colon := strings.IndexByte(p, '='), strings.IndexByte(p, ':')
		if len(seats) > 0 && eq >= 0 && (colon < 0 || colon > eq) && strings.Contains(seats[len(seats)-1], ":") {
			seats[len(seats)-1] += "," + p
			continue
		}
		seats = append(seats, p)
	}
	return seats
}

// seatCount checks that g is played by n seats, or says how many it is
// played by: "blackred is played by 2 seats, not 3", "… by 2 to 4 seats …".
func seatCount(g engine.Game, n int) error {
	lo, hi := g.Seats()
	if n >= lo && n <= hi {
		return nil
	}
	if lo == hi {
		return fmt.Errorf("%s is played by %d seats, not %d", g.Name(), lo, n)
	}
	return fmt.Errorf("%s is played by %d to %d seats, not %d", g.Name(), lo, hi, n)
}
