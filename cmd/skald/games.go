package main

import (
	"fmt"
	"strings"

	"skald/docs"
	"skald/games"
)

func init() {
	register(command{name: "games", help: "list the games and their options", run: runGames})
	register(command{name: "rules", args: "GAME", help: "a concise rules reference, with the rulings", run: runRules})
}

func runGames(e *env, args []string) error {
	if _, err := parseFlags(newFlags(e, "games"), args); err != nil {
		return err
	}
	for _, g := range games.All() {
		lo, hi := g.Seats()
		seats := fmt.Sprintf("%d", lo)
		if hi != lo {
			seats = fmt.Sprintf("%d-%d", lo, hi)
		}
		fmt.Fprintf(e.stdout, "%s\t%s (%s players, rules %s)\n", g.Name(), g.Title(), seats, g.RulesVersion())
		for _, o := range g.Options() {
			values := strings.Join(o.Choices, "|")
			if o.Min != 0 || o.Max != 0 {
				values = fmt.Sprintf("%d..%d", o.Min, o.Max)
			}
			fmt.Fprintf(e.stdout, "  --option %s=%s\t(default %s) %s\n", o.Name, values, o.Default, o.Help)
		}
	}
	return nil
}

func runRules(e *env, args []string) error {
	pos, err := parseFlags(newFlags(e, "rules"), args)
	if err != nil {
		return err
	}
	g, err := gameArg(pos)
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, g.Rules())
	if r := docs.Rulings(g.Name()); r != "" {
		fmt.Fprintf(e.stdout, "\n\n%s", r)
	}
	return nil
}
