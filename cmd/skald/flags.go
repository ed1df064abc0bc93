package main

import (
	"fmt"
	"strings"

	"skald/engine"
	"skald/games"
)

// optionFlags collects repeated --option k=v flags.
type optionFlags engine.Options

func (o optionFlags) String() string { return engine.Options(o).String() }

func (o optionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("option %q: want k=v", v)
	}
	o[k] = val
	return nil
}

// gameArg returns the one game named by the positional arguments.
func gameArg(pos []string) (engine.Game, error) {
	if len(pos) != 1 {
		return nil, usagef("name one game")
	}
	g, err := games.Lookup(pos[0])
	if err != nil {
		return nil, usagef("%v", err)
	}
	return g, nil
}
