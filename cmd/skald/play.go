package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"skald/ai"
	"skald/engine"
)

func init() {
	register(command{
		name: "play",
		args: "GAME [--seats human,normal] [--think 500ms] [--seed N] [--option k=v]... [--record FILE] [--failures DIR]",
		help: "play a match in the terminal; seats are human or a bot (" + strings.Join(ai.Names(), ", ") + "); a match a panic ends leaves a record (FILE, or one in DIR) and exit code 1",
		run:  runPlay,
	})
}

func runPlay(e *env, args []string) error {
	fs := newFlags(e, "play")
	seatsFlag := fs.String("seats", "human,mcts", "who plays each seat: human or a bot spec such as normal, hard or mcts:iters=2000")
	think := fs.Duration("think", 0, "thinking time per decision of each search bot (mcts, easy, normal, hard) whose spec names no budget, such as 500ms")
	seed := fs.Uint64("seed", 0, "random seed (0: pick one and print it)")
	record := fs.String("record", "", "write the match record to this file as it goes")
	failures := fs.String("failures", defaultFailures, "without --record, directory for the record of a match that breaks, made when one does")
	opts := optionFlags{}
	fs.Var(opts, "option", "game option k=v (repeatable)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, err := gameArg(pos)
	if err != nil {
		return err
	}
	if err := fileOptions(g, opts); err != nil {
		return err
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano()) & (1<<53 - 1)
	}
	seats := splitSeats(*seatsFlag)
	if err := seatCount(g, len(seats)); err != nil {
		return usagef("--seats: %v", err)
	}
	bots := make([]ai.Bot, len(seats))
	humans := 0
	for i, spec := range seats {
		if spec == "human" {
			humans++
			continue
		}
		if spec, err = ai.Think(spec, *think); err != nil {
			return usagef("%v", err)
		}
		if bots[i], err = ai.New(spec, *seed+uint64(i)+1); err != nil {
			return usagef("--seats: %v", err)
		}
		if err := ai.Supports(spec, g); err != nil {
			return usagef("--seats: %v", err)
		}
	}
	var w io.Writer
	if *record != "" {
		f, err := os.OpenFile(*record, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err != nil {
			return fmt.Errorf("record: %w", err)
		}
		defer f.Close()
		w = f
	}
	m, err := engine.NewMatch(g, engine.Config{Seats: len(seats), Seed: *seed, Options: engine.Options(opts)}, seats, w)
	if err != nil {
		return usagef("%v", err)
	}
	fmt.Fprintf(e.stdout, "%s, seed %d, options %s\n", g.Title(), *seed, m.Record.Header.Options)
	for i, s := range seats {
		fmt.Fprintf(e.stdout, "  %s: %s\n", engine.SeatName(g, engine.Seat(i)), s)
	}
	if *record != "" {
		fmt.Fprintf(e.stdout, "recording to %s\n", *record)
	}
	p := &player{e: e, m: m, bots: bots, hotSeat: humans > 1, in: bufio.NewScanner(e.stdin)}
	err = p.playSafely()
	var broke *brokenError
	if !errors.As(err, &broke) {
		return err
	}
	// The match is broken: say where, and keep a record that replays
	// every action before the one that broke it.
	path := *record
	if path == "" {
		if path, err = saveRecord(*failures, fmt.Sprintf("%s-seed%d", g.Name(), *seed), &m.Record); err != nil {
			path = fmt.Sprintf("none (%v)", err)
		}
	}
	fmt.Fprintf(e.stderr, "skald play: the match is broken at step %d: %v\n", broke.step, broke)
	fmt.Fprintf(e.stderr, "  game %s, options %s, seed %d, seats %s\n", g.Name(), m.Record.Header.Options, *seed, strings.Join(seats, ","))
	fmt.Fprintf(e.stderr, "  record: %s (the %d actions before step %d; skald replay %[1]s)\n", path, len(m.Record.Steps), broke.step)
	if broke.stack != nil {
		fmt.Fprintf(e.stderr, "\n%s", broke.stack)
	}
	return errFailed
}

// brokenError reports a match that cannot go on: its game or a bot
// panicked, or a bot chose an illegal action.
type brokenError struct {
	step  int    // the step that broke, from 1
	where string // what was done then
	why   string // the panic's value or the error
	stack []byte // a panic's stack
}

func (e *brokenError) Error() string { return e.where + ": " + e.why }

// playSafely plays the match, turning a panic of the game or a bot into a
// *brokenError.
func (p *player) playSafely() (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &brokenError{step: len(p.m.Record.Steps) + 1, where: p.doing, why: fmt.Sprintf("panic: %v", v), stack: debug.Stack()}
		}
	}()
	return p.play()
}

// player runs a match at a terminal.
type player struct {
	e       *env
	m       *engine.Match
	bots    []ai.Bot
	hotSeat bool // several humans share the screen: hide secrets between turns
	in      *bufio.Scanner
	last    engine.Seat // the human seat shown last, for hot-seat play
	doing   string      // what the match is doing, for a panic
}

func (p *player) play() error {
	st := p.m.State
	p.last = engine.Spectator
	var events engine.Log
	for {
		p.doing = "the game"
		if r, over := st.Result(); over {
			fmt.Fprintf(p.e.stdout, "\n== game over: %s\n", outcome(p.m.Game, r))
			if v := p.viewer(); v != engine.Spectator {
				fmt.Fprintf(p.e.stdout, "== %s\n", yourResult(p.m.Game, r, v, len(p.m.Record.Header.Seats)))
			}
			fmt.Fprint(p.e.stdout, standings(p.m.Game, r, p.m.Record.Header.Seats))
			if p.m.Record.Steps != nil {
				fmt.Fprintf(p.e.stdout, "%d actions played\n", len(p.m.Record.Steps))
			}
			return nil
		}
		d := st.Deciders()
		seat := d.First()
		for _, s := range d.List() { // bots first: their choice is hidden anyway
			if p.bots[s] != nil {
				seat = s
				break
			}
		}
		var a engine.Action
		name := engine.SeatName(p.m.Game, seat)
		if b := p.bots[seat]; b != nil {
			p.doing = fmt.Sprintf("bot %s of %s choosing", p.m.Record.Header.Seats[seat], name)
			a = b.Choose(st.Clone(), seat)
		} else {
			p.doing = fmt.Sprintf("the game showing %s its choices", name)
			var err error
			if a, err = p.ask(seat); err == errStopped {
				return nil
			} else if err != nil {
				return err
			}
		}
		p.doing = "the game"
		text := st.FormatAction(a)
		p.doing = fmt.Sprintf("the game applying %q of %s", text, name)
		events = events[:0]
		if err := p.m.Play(a, &events); err != nil {
			var ill *engine.IllegalError
			if p.bots[seat] != nil && errors.As(err, &ill) {
				return &brokenError{step: len(p.m.Record.Steps) + 1, where: fmt.Sprintf("bot %s of %s chose %q", p.m.Record.Header.Seats[seat], name, text), why: err.Error()}
			}
			return fmt.Errorf("%s by %s: %w", text, name, err)
		}
		p.doing = "the game telling what happened"
		for _, ev := range events.For(p.viewer()) {
			fmt.Fprintf(p.e.stdout, "  %s\n", ev.Text)
		}
	}
}

// viewer is the seat whose events are printed: a lone human's, whose
// secrets may show on the screen; Spectator when several people share the
// screen or bots play alone, so that only what every seat sees shows.
func (p *player) viewer() engine.Seat {
	if p.hotSeat {
		return engine.Spectator
	}
	for i, b := range p.bots {
		if b == nil {
			return engine.Seat(i)
		}
	}
	return engine.Spectator
}

func (p *player) ask(seat engine.Seat) (engine.Action, error) {
	st := p.m.State
	name := engine.SeatName(p.m.Game, seat)
	if p.hotSeat && p.last != seat {
		fmt.Fprint(p.e.stdout, "\033[H\033[2J")
		fmt.Fprintf(p.e.stdout, "Pass the screen to %s and press Enter.\n", strings.ToUpper(name))
		if !p.in.Scan() {
			return engine.Action{}, p.inputEnded()
		}
		fmt.Fprint(p.e.stdout, "\033[H\033[2J")
	}
	p.last = seat
	p.show(seat)
	for {
		fmt.Fprintf(p.e.stdout, "%s> ", name)
		if !p.in.Scan() {
			return engine.Action{}, p.inputEnded()
		}
		line := strings.TrimSpace(p.in.Text())
		switch line {
		case "":
			continue
		case "?", "help":
			fmt.Fprintln(p.e.stdout, "Type the number of an action or its text; 'view' shows the table again; 'quit' stops (the record keeps every action).")
			continue
		case "view":
			p.show(seat)
			continue
		case "quit":
			return engine.Action{}, p.inputEnded()
		}
		a, err := engine.FindLegal(st, seat, line)
		if err != nil {
			var ill *engine.IllegalError
			if errors.As(err, &ill) {
				fmt.Fprintf(p.e.stdout, "Not allowed: %s\n  rule: %s\n", ill.Why, ill.Rule)
			} else {
				fmt.Fprintf(p.e.stdout, "%v\n", err)
			}
			continue
		}
		return a, nil
	}
}

func (p *player) show(seat engine.Seat) {
	st := p.m.State
	fmt.Fprintln(p.e.stdout)
	if d, ok := st.(engine.Describer); ok {
		fmt.Fprint(p.e.stdout, d.Describe(seat))
	}
	fmt.Fprintf(p.e.stdout, "\n%s, choose:\n", strings.ToUpper(engine.SeatName(p.m.Game, seat)))
	legal := st.Legal(seat, nil)
	shown := len(legal)
	if shown > maxListed {
		shown = maxListed / 2
	}
	for i, a := range legal[:shown] {
		fmt.Fprintf(p.e.stdout, "  %d. %s\n", i+1, st.FormatAction(a))
	}
	if shown < len(legal) {
		// A long list (a grid's moves, a unit list) is summed up by its
		// first word, with an example of each.
		var words []string
		count := map[string]int{}
		example := map[string]string{}
		for _, a := range legal[shown:] {
			text := st.FormatAction(a)
			w, _, _ := strings.Cut(text, " ")
			if count[w] == 0 {
				words = append(words, w)
				example[w] = text
			}
			count[w]++
		}
		fmt.Fprintf(p.e.stdout, "  ... and %d more (numbers %d to %d); type the action's text:\n", len(legal)-shown, shown+1, len(legal))
		for _, w := range words {
			fmt.Fprintf(p.e.stdout, "      %s: %d, such as %q\n", w, count[w], example[w])
		}
	}
}

// maxListed is the longest list of legal actions shown in full.
const maxListed = 40

// errStopped reports that the person at the terminal stopped the match.
var errStopped = errors.New("stopped")

func (p *player) inputEnded() error {
	fmt.Fprintf(p.e.stdout, "\nstopped after %d actions; seed %d\n", len(p.m.Record.Steps), p.m.Record.Header.Seed)
	return errStopped
}
