package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Game describes one game and starts matches of it.
type Game interface {
	// Name is the short name used on the command line, such as "blackred".
	Name() string
	// Title is the game's full name.
	Title() string
	// RulesVersion names the version of the rules the code implements; a
	// record made under another version may not replay.
	RulesVersion() string
	// Seats returns the smallest and largest number of seats.
	Seats() (min, max int)
	// Options lists the options a match may set.
	Options() []OptionSpec
	// New starts a match. It returns an error naming the option at fault
	// when cfg is not acceptable.
	New(cfg Config) (State, error)
	// Rules returns a concise rules reference with the rulings made.
	Rules() string
}

// Config is what a match is started from: with the same Config and the same
// actions, a match is reproduced exactly.
type Config struct {
	Seats   int
	Seed    uint64
	Options Options
}

// Options holds a match's option values by name, as text.
type Options map[string]string

// String returns the options as sorted k=v pairs.
func (o Options) String() string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		v := o[k]
		if n := strings.Count(v, "\n"); n > 0 {
			v = fmt.Sprintf("(text of %d lines)", n+1) // a file's text, such as a battlefield
		}
		parts[i] = k + "=" + v
	}
	return strings.Join(parts, " ")
}

// OptionSpec describes one option of a game.
type OptionSpec struct {
	Name    string
	Default string
	// Min and Max bound an integer option; both zero means the option is
	// not an integer.
	Min, Max int
	// Choices lists the allowed values of a non-integer option.
	Choices []string
	// File marks an option whose value may also be given as a file: the
	// command reads the file named by a value that is not a built-in one
	// (a deck list, a battlefield drawn by hand), so that its text goes
	// into the match's options and a record replays without the file.
	File bool
	// Seats is the fewest seats at which the option means anything (a
	// fourth seat's deck: 4); 0 means at every count. A match's record
	// leaves out the options its table is too small for (see
	// [Options.ForSeats]).
	Seats int
	Help  string
}

// ForSeats returns the options of o that mean something at a table of n
// seats: those whose spec asks for more seats are left out. Resolve puts
// their defaults back, so a record that leaves them out replays the same.
func (o Options) ForSeats(specs []OptionSpec, n int) Options {
	out := Options{}
	for k, v := range o {
		out[k] = v
	}
	for _, s := range specs {
		if s.Seats > n {
			delete(out, s.Name)
		}
	}
	return out
}

// Resolve checks opts against specs and returns them with defaults filled
// in. An unknown option or a bad value is an error naming the option.
func Resolve(specs []OptionSpec, opts Options) (Options, error) {
	out := Options{}
	known := map[string]OptionSpec{}
	for _, s := range specs {
		known[s.Name] = s
		out[s.Name] = s.Default
	}
	// Check in sorted order, so that with several bad options the error is
	// always about the same one.
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := opts[k]
		s, ok := known[k]
		if !ok {
			return nil, fmt.Errorf("option %q: unknown (known: %s)", k, specNames(specs))
		}
		if err := s.check(v); err != nil {
			return nil, fmt.Errorf("option %s=%s: %w", k, v, err)
		}
		out[k] = v
	}
	return out, nil
}

func (s OptionSpec) check(v string) error {
	if s.Min != 0 || s.Max != 0 {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("not a whole number")
		}
		if n < s.Min || n > s.Max {
			return fmt.Errorf("must be from %d to %d", s.Min, s.Max)
		}
		return nil
	}
	if len(s.Choices) > 0 {
		for _, c := range s.Choices {
			if c == v {
				return nil
			}
		}
		return fmt.Errorf("must be one of %s", strings.Join(s.Choices, ", "))
	}
	return nil
}

func specNames(specs []OptionSpec) string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// State is one match in progress. Methods that take a seat answer for that
// seat alone.
type State interface {
	// Deciders returns the seats that must act now; empty when the game is
	// over. Several seats means a simultaneous choice: each acts in any
	// order, and no seat sees another's choice before all have chosen.
	Deciders() SeatSet
	// Legal appends seat's legal actions to buf and returns it. It is
	// empty when seat has nothing to decide.
	Legal(seat Seat, buf []Action) []Action
	// Apply plays a. A legal action changes the state and adds what
	// happened to log, each event addressed to the seats that may see it
	// (see [Log]); a nil log records nothing. An illegal action returns an
	// *IllegalError and leaves the state exactly as it was.
	Apply(a Action, log *Log) error
	// View returns what seat may see, as a value that marshals to JSON;
	// Spectator sees what every player may see.
	View(seat Seat) any
	// Result reports whether the game is over and, if so, how it ended:
	// the winners and every seat's place and score (see [Result]).
	Result() (Result, bool)
	// Clone returns an independent copy, random stream included.
	Clone() State
	// Determinize returns a copy in which everything seat may not see has
	// been dealt again at random from what seat cannot rule out, using r
	// only. The copy shows seat exactly the view it has of the match and
	// depends on nothing seat cannot see. Search bots plan on such copies,
	// obtained through the kernel's [Determinize], which also gives each
	// copy a fresh random stream.
	Determinize(seat Seat, r *Rand) State
	// Hash returns a hash of the whole state, hidden parts included.
	Hash() uint64
	// Rand returns the match's random stream, so that a scenario can force
	// its next results.
	Rand() *Rand
	// FormatAction returns the stable text form of a.
	FormatAction(a Action) string
	// ParseAction parses the text form of one of seat's actions. It does
	// not check that the action is legal now.
	ParseAction(seat Seat, text string) (Action, error)
}

// SeatNamer is implemented by games whose seats have names, such as
// "black" and "red". Scenarios and the command line accept the names.
type SeatNamer interface {
	SeatName(seat Seat) string
}

// SeatName returns g's name for seat, or the seat's number. Spectator is
// always "spectator", the name [ParseSeat] accepts for it; a SeatNamer is
// asked only about real seats.
func SeatName(g Game, seat Seat) string {
	if seat == Spectator {
		return "spectator"
	}
	if n, ok := g.(SeatNamer); ok {
		return n.SeatName(seat)
	}
	return strconv.Itoa(int(seat))
}

// ParseSeat parses a seat's name or number for g with n seats.
func ParseSeat(g Game, n int, text string) (Seat, error) {
	if text == "spectator" {
		return Spectator, nil
	}
	for i := 0; i < n; i++ {
		if SeatName(g, Seat(i)) == text || strconv.Itoa(i) == text {
			return Seat(i), nil
		}
	}
	return 0, fmt.Errorf("no seat %q in %s", text, g.Name())
}

// Describer is implemented by states that can draw a seat's view as text
// for a terminal. Like View, it shows seat only what seat may see.
type Describer interface {
	Describe(seat Seat) string
}

// Counter is implemented by states that count named happenings of a
// match, such as how often each ability acted; the simulator adds the
// counts up over a batch, so that a designer sees what never happens.
// Clones need not count.
type Counter interface {
	Counts(add func(name string, n int))
}

// CountNamer is implemented by games whose states are Counters: it lists
// every name a match may count, so that what never happened shows.
type CountNamer interface {
	CountNames() []string
}

// Evaluator is implemented by states that can judge a position without
// playing it out, for games whose random playouts seldom end. Search bots
// cut their playouts short and ask it instead.
type Evaluator interface {
	// Evaluate returns what the position is worth to seat, from 0 (sure
	// to finish alone in last place) to 1 (sure to finish alone in
	// first): the expected [Result.Reward], the scale on which the ai
	// package scores a finished match (a draw is 0.5; at two seats, 1 is
	// a sure win and 0 a sure loss). It may look at everything in the
	// state: it is called on determinized copies.
	Evaluate(seat Seat) float64
}

// ActionParts is what an action names, for a renderer that offers a
// unit's or a card's actions when it is clicked, without parsing the
// action's text.
type ActionParts struct {
	// Kind is the action's verb, the first word of its text form, such as
	// "move" or "play".
	Kind string `json:"kind"`
	// Refs are the things the action names — cards, units, places — by the
	// ids the game's views give them, in the order the text names them.
	Refs []string `json:"refs,omitempty"`
}

// ActionDescriber is implemented by states that say what each of their
// actions names (see [ActionParts]). The server sends it beside each
// legal action's text.
type ActionDescriber interface {
	ActionParts(a Action) ActionParts
}

// Heuristic is implemented by states whose game has a scripted player:
// the rules of thumb a good player uses, fast and without search. The
// ai package's "heuristic" bot asks it on a copy determinized for the
// seat (see [Determinize]), so it may look at the whole state it is given
// without learning anything the seat cannot see.
type Heuristic interface {
	// Suggest returns one of seat's legal actions, drawing any choice
	// among equals from r.
	Suggest(seat Seat, r *Rand) Action
}

// Arranger is implemented by states that a scenario may set up: hands,
// deck orders, units. setup is the scenario's setup mapping as JSON.
type Arranger interface {
	Arrange(setup []byte) error
}

// IllegalError is the error of an action that the rules forbid.
type IllegalError struct {
	// Rule cites the rule broken: the seed file and section.
	Rule string
	// Why says what is wrong with the action.
	Why string
}

func (e *IllegalError) Error() string { return e.Why + " [" + e.Rule + "]" }

// Illegal returns an *IllegalError citing rule.
func Illegal(rule, format string, args ...any) *IllegalError {
	return &IllegalError{Rule: rule, Why: fmt.Sprintf(format, args...)}
}
