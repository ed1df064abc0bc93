// Package scenario runs scenario files: executable tests of game rules,
// written in YAML by people, most of them a rulebook's own examples.
//
// A scenario starts a match of one game with a fixed seed, options and
// optionally an arranged position, forces dice and shuffles where the
// example needs them, and then plays its steps: actions that must be
// legal and have given events, actions that must be rejected for a given
// reason, and checks of seats' views, legal actions, who decides and the
// result. docs/scenarios.md describes the file format.
//
// Every error names the file, the line, the step and the field at fault.
package scenario

import (
	"encoding/json"
	"strconv"
	"strings"

	"skald/engine"
)

// Lookup finds a game by its short name.
type Lookup func(game string) (engine.Game, error)

// Scenario is one parsed scenario file.
type Scenario struct {
	// Path is the file's name, used in errors.
	Path string
	// Name says what the scenario shows.
	Name string
	// Rule cites the rule or the rulebook example the scenario checks.
	Rule string
	// Game is the short name of the game.
	Game string
	// Seats is the number of seats; 0 means the game's minimum.
	Seats int
	// Seed seeds the match's random stream and random play.
	Seed uint64
	// Options are the match options, before defaults are filled in.
	Options engine.Options
	// Setup is the setup mapping as JSON, handed to the state's
	// [engine.Arranger]; nil when the scenario has none.
	Setup json.RawMessage
	// Force holds the dice and shuffles forced right after setup.
	Force *Force
	// Steps are played in order.
	Steps []Step
	// Result, if not nil, is checked after the last step.
	Result *ResultCheck

	lines map[string]int // line of each top-level field
}

// Force holds results forced on the match's random stream: the next dice
// rolls show Dice in order, and the next shuffles apply Shuffles in order
// (see [engine.Rand.ForceShuffle]).
type Force struct {
	Dice     []int
	Shuffles [][]int

	diceLines    []int // line of each die
	shuffleLines []int // line of each shuffle
}

// Step is one step of a scenario. Exactly one of Do, Illegal, Force, View,
// Legal, Deciders, Play and Result is set; it is the step's kind.
type Step struct {
	// Line is the step's line in the file.
	Line int

	// Seat names the seat that acts in a Do or Illegal step: its name or
	// number. Empty means the one seat that decides now.
	Seat string
	// Do is an action that must be legal; it is applied.
	Do string
	// Events must each be a substring (ignoring case) of the String of
	// some event of the Do action.
	Events []string
	// NoEvents must not be a substring of any event of the Do action.
	NoEvents []string
	// Illegal is an action that must be rejected with an
	// [*engine.IllegalError], leaving the state as it was.
	Illegal string
	// Error must be a substring (ignoring case) of the Illegal action's
	// error; empty means any reason will do.
	Error string

	// Force forces more dice and shuffles.
	Force *Force
	// View checks what one seat sees.
	View *ViewCheck
	// Legal checks one seat's legal actions.
	Legal *LegalCheck
	// Deciders, when not nil, must equal the set of seats that decide now;
	// an empty, non-nil slice means nobody decides.
	Deciders []string
	// Play is "random": play random legal actions until the game is over
	// or Max actions have been played.
	Play string
	// Max bounds a Play step; 0 means 10000.
	Max int
	// Result checks how the game stands now.
	Result *ResultCheck

	lines map[string]int // line of each field
}

// ViewCheck checks one value in a seat's view, marshalled to JSON. Exactly
// one of Equals, Contains and Absent is set.
type ViewCheck struct {
	// Seat is the seat's name or number, or "spectator".
	Seat string
	// Path is a dot-separated list of object keys and array indices into
	// the view; empty means the whole view.
	Path string
	// Equals, when not nil, is the JSON value the path must hold. Numbers
	// compare by value: 3 equals 3.0.
	Equals json.RawMessage
	// Contains must be a substring (ignoring case) of the string at Path.
	Contains string
	// Absent means that the last element of Path must not exist, while
	// the object or array that would hold it does.
	Absent bool

	lines map[string]int
}

// LegalCheck checks one seat's legal actions, compared as parsed actions.
type LegalCheck struct {
	// Seat is the seat's name or number; empty means the one seat that
	// decides now.
	Seat string
	// Includes must all be legal.
	Includes []string
	// Excludes must all be illegal.
	Excludes []string
	// Exactly, when not nil, must be the legal actions, in any order; an
	// empty, non-nil slice means none.
	Exactly []string

	lines map[string]int
}

// ResultCheck checks whether and how the game is over.
type ResultCheck struct {
	// Over, when not nil, must be whether the game is over. Winners and
	// Reason imply that it is.
	Over *bool
	// Winners, when not nil, must be the winning seats; an empty, non-nil
	// slice means a draw.
	Winners []string
	// Reason must be a substring (ignoring case) of the result's reason.
	Reason string

	lines map[string]int
}

// Kind returns the step's kind: "do", "illegal", "force", "view", "legal",
// "deciders", "play" or "result".
func (s *Step) Kind() string {
	switch {
	case s.Do != "":
		return "do"
	case s.Illegal != "":
		return "illegal"
	case s.Force != nil:
		return "force"
	case s.View != nil:
		return "view"
	case s.Legal != nil:
		return "legal"
	case s.Deciders != nil:
		return "deciders"
	case s.Play != "":
		return "play"
	case s.Result != nil:
		return "result"
	}
	return ""
}

// Describe returns a short description of the step for messages, such as
// `do "add 2" by north`.
func (s *Step) Describe() string {
	by := ""
	if s.Seat != "" {
		by = " by " + s.Seat
	}
	switch s.Kind() {
	case "do":
		return "do " + strconv.Quote(s.Do) + by
	case "illegal":
		return "illegal " + strconv.Quote(s.Illegal) + by
	case "view":
		if s.View.Path == "" {
			return "view as " + s.View.Seat
		}
		return "view " + strconv.Quote(s.View.Path) + " as " + s.View.Seat
	case "legal":
		if s.Legal.Seat != "" {
			return "legal for " + s.Legal.Seat
		}
		return "legal"
	case "play":
		return "play " + s.Play
	}
	return s.Kind()
}

// Error is a mistake in a scenario file or a failed scenario: where it is
// and what is wrong.
type Error struct {
	// File is the scenario file.
	File string
	// Line is the 1-based line in File; 0 when it is not known.
	Line int
	// Step is the 1-based step number; 0 outside the steps.
	Step int
	// What describes the step, as [Step.Describe] does.
	What string
	// Field is the field at fault, such as "events" or "view.equals";
	// empty when there is none.
	Field string
	// Msg says what is wrong.
	Msg string
	// Err is the underlying error, if any; its text follows Msg.
	Err error
}

// Error returns "file:line: step N (what): field: message".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		b.WriteString(":" + strconv.Itoa(e.Line))
	}
	b.WriteString(": ")
	if e.Step > 0 {
		b.WriteString("step " + strconv.Itoa(e.Step))
		if e.What != "" {
			b.WriteString(" (" + e.What + ")")
		}
		b.WriteString(": ")
	}
	if e.Field != "" {
		b.WriteString(e.Field + ": ")
	}
	b.WriteString(e.Msg)
	if e.Err != nil {
		if e.Msg != "" {
			b.WriteString(": ")
		}
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }
