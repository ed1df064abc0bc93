package main

import (
	"skald/games"
	"skald/scenario"
)

func init() {
	register(command{name: "scenario", args: "run PATH...", help: "run scenario files (or directories of them); exit 1 on any failure", run: runScenario})
}

func runScenario(e *env, args []string) error {
	pos, err := parseFlags(newFlags(e, "scenario"), args)
	if err != nil {
		return err
	}
	if len(pos) < 2 || pos[0] != "run" {
		return usagef("scenario run PATH...")
	}
	results := scenario.RunFiles(pos[1:], games.Lookup)
	if failed := scenario.WriteReport(e.stdout, results); failed > 0 {
		return errFailed
	}
	return nil
}
