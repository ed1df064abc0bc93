// Package games lists the games skald plays.
package games

import (
	"fmt"
	"strings"

	"skald/engine"
	"skald/games/blackred"
	"skald/games/bloodrage"
	"skald/games/runewars"
	"skald/games/tacticsdavid"
	"skald/games/wintergrim"
)

// All returns every game, in the order they are listed to players.
func All() []engine.Game {
	return []engine.Game{blackred.New(), tacticsdavid.New(), wintergrim.New(), bloodrage.New(), runewars.New()}
}

// Lookup returns the game with the given name.
func Lookup(name string) (engine.Game, error) {
	var names []string
	for _, g := range All() {
		if g.Name() == name {
			return g, nil
		}
		names = append(names, g.Name())
	}
	return nil, fmt.Errorf("no game %q (games: %s)", name, strings.Join(names, ", "))
}
