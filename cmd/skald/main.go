// Command skald plays tabletop war games with every rule enforced, by
// people and bots, and studies them through self-play.
//
// Usage:
//
//	skald serve [--addr localhost:8080] [--db skald.db|postgres://…]   play in the browser
//	skald games                                   list the games and their options
//	skald rules GAME                              a concise rules reference, with the rulings
//	skald units GAME [--filter TEXT]              a game's units with their costs and profiles
//	skald play GAME [--seats human,mcts] [--seed N] [--option k=v]... [--record FILE] [--failures DIR]
//	skald replay FILE                             print the events, verify every state hash
//	skald scenario run PATH...                    run scenario files
//	skald sim GAME -n N [--seats mcts,random] [--workers W] [--seed N] [--json] [--failures DIR]
//	skald bench GAME [--seats N]                  playouts/s, actions/s, allocs/action, clone cost
//	skald bench serve [--matches N] [--db …]      the server under load
//	skald match list|record|end|retry [ID] [--db …]   a server's failed or stuck matches
//	skald lab GAME [-n N] [--seats …] [--vary k=v1,v2]... [--out DIR] [--queue postgres://…]   a balance study
//	skald worker --queue postgres://… [--workers W]   play a queued study's shards
//
// A match that a game or bot breaks (a panic, a bot's illegal action) ends
// with exit code 1 and a record that skald replay replays up to the break:
// skald play names the game, options, seed and step; skald sim plays the
// rest of its batch and lists each failure in its report. The records go
// to --record FILE in play, else to a file in --failures DIR (default
// skald-failures, made when a match fails).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// command is one subcommand, in a file of its own.
type command struct {
	name, args, help string
	run              func(env *env, args []string) error
}

// env is what a command reads and writes, so tests can run commands
// without a process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

var commands []command

func register(c command) { commands = append(commands, c) }

// Exit codes (in the style of benbjohnson/wtf's error codes).
const (
	exitOK      = 0
	exitFailure = 1 // a test, scenario or replay failed; a game or bot broke a match
	exitUsage   = 2 // the command line is wrong
)

// usageError is an error in how skald was called.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// failedError reports a failure already described on the output.
var errFailed = errors.New("failed")

func main() {
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func run(e *env, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(e.stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			err := c.run(e, args[1:])
			var ue *usageError
			switch {
			case err == nil:
				return exitOK
			case errors.Is(err, flag.ErrHelp):
				return exitOK
			case errors.As(err, &ue):
				fmt.Fprintf(e.stderr, "skald %s: %v\nusage: skald %s %s\n", c.name, err, c.name, c.args)
				return exitUsage
			case errors.Is(err, errFailed):
				return exitFailure
			default:
				fmt.Fprintf(e.stderr, "skald %s: %v\n", c.name, err)
				return exitFailure
			}
		}
	}
	fmt.Fprintf(e.stderr, "skald: unknown command %q\n", args[0])
	usage(e.stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "skald plays tabletop war games with every rule enforced.")
	fmt.Fprintln(w, "\nusage:")
	for _, c := range commands {
		fmt.Fprintf(w, "  skald %s %s\n      %s\n", c.name, c.args, c.help)
	}
}

// newFlags returns a flag set for a subcommand whose errors go to e.
// A wrong flag is reported by parseFlags as a usage error, without the
// flag package's list of every flag; -h prints that list.
func newFlags(e *env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet("skald "+name, flag.ContinueOnError)
	fs.SetOutput(&helpWriter{w: e.stderr})
	fs.Usage = func() {}
	return fs
}

// helpWriter is a flag set's output: it drops what the flag package
// writes for a wrong flag, which parseFlags reports itself, and passes on
// the list of flags that -h asks for.
type helpWriter struct {
	w  io.Writer
	on bool
}

func (h *helpWriter) Write(b []byte) (int, error) {
	if !h.on {
		return len(b), nil
	}
	return h.w.Write(b)
}

// parseFlags parses args, allowing flags after positional arguments, and
// returns the positional ones.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				if h, ok := fs.Output().(*helpWriter); ok {
					h.on = true
				}
				fmt.Fprintf(fs.Output(), "usage of %s:\n", fs.Name())
				fs.PrintDefaults()
				return nil, err
			}
			return nil, flagError(fs, err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// flagError turns the flag package's error for a flag into a usage error
// that names the flag as it is typed and says what it wants, such as
// "--seed -1: want a whole number, 0 or more" for its "invalid value "-1"
// for flag -seed: parse error".
func flagError(fs *flag.FlagSet, err error) error {
	dash := func(name string) string {
		if len(name) == 1 {
			return "-" + name
		}
		return "--" + name
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return usagef("%s needs a value", dash(name))
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return usagef("there is no flag %s", dash(name))
	}
	rest, ok := strings.CutPrefix(msg, "invalid value ")
	if !ok {
		return usagef("%v", err)
	}
	value, rest, _ := strings.Cut(rest[1:], "\" for flag -")
	name, why, _ := strings.Cut(rest, ": ")
	f := fs.Lookup(name)
	if f == nil {
		return usagef("%v", err)
	}
	if g, ok := f.Value.(flag.Getter); ok {
		switch g.Get().(type) {
		case uint, uint64:
			why = "want a whole number, 0 or more"
		case int, int64:
			why = "want a whole number"
		case float64:
			why = "want a number"
		case bool:
			why = "want true or false"
		case time.Duration:
			why = "want a duration such as 30s or 2m"
		}
	}
	return usagef("%s %s: %s", dash(name), value, why)
}
