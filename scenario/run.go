package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"skald/engine"
)

// DefaultMax is how many actions a play step plays at most when it does
// not say.
const DefaultMax = 10000

// playSalt separates random play's stream from the match's own.
const playSalt = 0x706c61792d72616e // "play-ran"

// Run is a scenario being played, step by step.
type Run struct {
	sc     *Scenario
	game   engine.Game
	st     engine.State
	seats  int
	next   int         // index of the next step
	events engine.Log  // events of the last action applied
	rng    engine.Rand // random play's choices
	buf    []engine.Action

	// forced results not used yet, next first, with where they were forced
	dice, shuffles []origin
}

type origin struct {
	step int // 0 for the top-level force
	line int
	what string // the die face or the permutation
}

// Run plays the whole scenario and checks its result. It returns nil when
// the scenario passes and otherwise an *Error saying which step failed
// and why.
func (s *Scenario) Run(lookup Lookup) error {
	r, err := s.Start(lookup)
	if err != nil {
		return err
	}
	for !r.Done() {
		if err := r.Next(); err != nil {
			return err
		}
	}
	return r.Finish()
}

// Start looks the game up, starts the match with the scenario's seats,
// seed and options, arranges the setup and forces the top-level results.
func (s *Scenario) Start(lookup Lookup) (*Run, error) {
	if lookup == nil {
		return nil, s.topErr("game", "no game lookup given", nil)
	}
	g, err := lookup(s.Game)
	if err != nil {
		return nil, s.topErr("game", "", err)
	}
	if g == nil {
		return nil, s.topErr("game", fmt.Sprintf("unknown game %q", s.Game), nil)
	}
	lo, hi := g.Seats()
	n := s.Seats
	if n == 0 {
		n = lo
	}
	if n < lo || n > hi {
		return nil, s.topErr("seats", fmt.Sprintf("%s is played by %d to %d seats, not %d", g.Name(), lo, hi, n), nil)
	}
	opts, err := engine.Resolve(g.Options(), s.Options)
	if err != nil {
		return nil, s.topErr("options", "", err)
	}
	st, err := g.New(engine.Config{Seats: n, Seed: s.Seed, Options: opts})
	if err != nil {
		return nil, s.topErr("options", "cannot start the match", err)
	}
	if st == nil {
		return nil, s.topErr("game", "the game started no match", nil)
	}
	r := &Run{sc: s, game: g, st: st, seats: n, rng: engine.NewRand(s.Seed ^ playSalt)}
	if s.Setup != nil {
		a, ok := st.(engine.Arranger)
		if !ok {
			return nil, s.topErr("setup", fmt.Sprintf("%s cannot be set up: its State does not implement engine.Arranger", g.Name()), nil)
		}
		if err := a.Arrange(s.Setup); err != nil {
			return nil, s.topErr("setup", "", err)
		}
	}
	if s.Force != nil {
		r.force(s.Force, 0)
	}
	return r, nil
}

// topErr is an error in a top-level field.
func (s *Scenario) topErr(field, msg string, err error) *Error {
	l := s.lines[field]
	if l == 0 {
		l = s.lines["game"]
	}
	return &Error{File: s.Path, Line: l, Field: field, Msg: msg, Err: err}
}

// Game returns the game being played.
func (r *Run) Game() engine.Game { return r.game }

// State returns the match as it stands.
func (r *Run) State() engine.State { return r.st }

// Seats returns the number of seats.
func (r *Run) Seats() int { return r.seats }

// Step returns the number of steps played so far.
func (r *Run) Step() int { return r.next }

// Events returns the events of the last action applied.
func (r *Run) Events() []engine.Event { return r.events }

// Done reports whether every step has been played.
func (r *Run) Done() bool { return r.next >= len(r.sc.Steps) }

// Next plays the next step and checks it. It does nothing when Done.
func (r *Run) Next() error {
	if r.Done() {
		return nil
	}
	i := r.next
	r.next++
	s := &r.sc.Steps[i]
	c := &stepRun{r: r, n: i + 1, s: s}
	switch s.Kind() {
	case "do":
		return c.do()
	case "illegal":
		return c.illegal()
	case "force":
		r.force(s.Force, i+1)
		return nil
	case "view":
		return c.view()
	case "legal":
		return c.legal()
	case "deciders":
		return c.deciders()
	case "play":
		return c.play()
	case "result":
		return r.checkResult(s.Result, c.fail, "result")
	}
	return c.fail("", 0, "step has no kind", nil)
}

// Finish checks the scenario's result and that every forced result was
// used. Call it when Done.
func (r *Run) Finish() error {
	if r.sc.Result != nil {
		fail := func(field string, line int, msg string, err error) error {
			if line == 0 {
				line = r.sc.lines["result"]
			}
			return &Error{File: r.sc.Path, Line: line, Field: field, Msg: msg, Err: err}
		}
		if err := r.checkResult(r.sc.Result, fail, "result"); err != nil {
			return err
		}
	}
	d, sh := r.st.Rand().Forced()
	if d > 0 {
		return r.unused(r.tail(r.dice, d), "force.dice", "forced die", "never rolled")
	}
	if sh > 0 {
		return r.unused(r.tail(r.shuffles, sh), "force.shuffles", "forced shuffle", "never used")
	}
	return nil
}

func (r *Run) tail(o []origin, n int) []origin {
	if n > len(o) {
		return o
	}
	return o[len(o)-n:]
}

func (r *Run) unused(left []origin, field, what, never string) error {
	e := &Error{File: r.sc.Path, Field: field}
	var ws []string
	for _, o := range left {
		ws = append(ws, o.what)
	}
	if len(left) > 0 {
		e.Line, e.Step = left[0].line, left[0].step
		if e.Step > 0 {
			e.What = "force"
		}
	}
	s := ""
	if len(ws) != 1 {
		s = "s"
	}
	e.Msg = fmt.Sprintf("%d %s%s %s by the end of the scenario (%s): force only what the example uses", len(ws), what, s, never, strings.Join(ws, ", "))
	return e
}

// force forces f's results and remembers where they came from.
func (r *Run) force(f *Force, step int) {
	rd := r.st.Rand()
	rd.ForceDice(f.Dice...)
	for i, d := range f.Dice {
		r.dice = append(r.dice, origin{step: step, line: f.diceLines[i], what: strconv.Itoa(d)})
	}
	for i, p := range f.Shuffles {
		rd.ForceShuffle(p)
		r.shuffles = append(r.shuffles, origin{step: step, line: f.shuffleLines[i], what: fmt.Sprint(p)})
	}
}

// used drops the forced results the last action used and reports a
// misused one.
func (r *Run) used() error {
	d, s := r.st.Rand().Forced()
	var spent []origin
	if k := len(r.dice) - d; k > 0 {
		spent = append(spent, r.dice[:k]...)
		r.dice = r.dice[k:]
	}
	if k := len(r.shuffles) - s; k > 0 {
		spent = append(spent, r.shuffles[:k]...)
		r.shuffles = r.shuffles[k:]
	}
	err := r.st.Rand().Err()
	if err == nil {
		return nil
	}
	var from []string
	for _, o := range spent {
		from = append(from, fmt.Sprintf("%s from line %d", o.what, o.line))
	}
	msg := "a forced result was misused"
	if len(from) > 0 {
		msg += " (this action used " + strings.Join(from, ", ") + ")"
	}
	return &forcedError{msg: msg, err: err}
}

type forcedError struct {
	msg string
	err error
}

func (e *forcedError) Error() string { return e.msg + ": " + e.err.Error() }

// stepRun is one step being played.
type stepRun struct {
	r *Run
	n int
	s *Step
}

// fail returns the step's error in field; line 0 means the field's line.
func (c *stepRun) fail(field string, line int, msg string, err error) error {
	if line == 0 {
		top, _, _ := strings.Cut(field, ".")
		top, _, _ = strings.Cut(top, "[")
		line = c.s.lines[top]
		if sub, ok := c.sub(field); ok {
			line = sub
		}
	}
	if line == 0 {
		line = c.s.Line
	}
	return &Error{File: c.r.sc.Path, Line: line, Step: c.n, What: c.s.Describe(), Field: field, Msg: msg, Err: err}
}

// sub returns the line of a nested field such as "view.equals".
func (c *stepRun) sub(field string) (int, bool) {
	top, rest, ok := strings.Cut(field, ".")
	if !ok {
		return 0, false
	}
	rest, _, _ = strings.Cut(rest, "[")
	var lines map[string]int
	switch {
	case top == "view" && c.s.View != nil:
		lines = c.s.View.lines
	case top == "legal" && c.s.Legal != nil:
		lines = c.s.Legal.lines
	case top == "result" && c.s.Result != nil:
		lines = c.s.Result.lines
	}
	l, ok := lines[rest]
	return l, ok && l > 0
}

// seat parses a seat named in field.
func (c *stepRun) seat(text, field string, spectator bool) (engine.Seat, error) {
	if text == "" {
		ds := c.r.st.Deciders()
		if ds.Len() == 1 {
			return ds.First(), nil
		}
		return 0, c.fail(field, 0, "missing, and "+c.r.decide(ds)+": name the seat", nil)
	}
	seat, err := engine.ParseSeat(c.r.game, c.r.seats, text)
	if err != nil {
		return 0, c.fail(field, 0, "", err)
	}
	if seat == engine.Spectator && !spectator {
		return 0, c.fail(field, 0, "the spectator has no actions: name a player's seat", nil)
	}
	return seat, nil
}

// names returns the seats' names as "[a, b]".
func (r *Run) names(s engine.SeatSet) string {
	var ns []string
	for _, x := range s.List() {
		ns = append(ns, engine.SeatName(r.game, x))
	}
	return "[" + strings.Join(ns, ", ") + "]"
}

// decide says who decides now, as "north decides now".
func (r *Run) decide(s engine.SeatSet) string {
	switch s.Len() {
	case 0:
		return "no seat decides now"
	case 1:
		return engine.SeatName(r.game, s.First()) + " decides now"
	}
	return r.names(s) + " decide now"
}

func (r *Run) legalText(legal []engine.Action) string {
	if len(legal) == 0 {
		return "none"
	}
	ps := make([]string, len(legal))
	for i, a := range legal {
		ps[i] = r.st.FormatAction(a)
	}
	return strings.Join(ps, ", ")
}

func eventsText(evs []engine.Event) string {
	if len(evs) == 0 {
		return "none"
	}
	ps := make([]string, len(evs))
	for i, e := range evs {
		ps[i] = strconv.Quote(e.String())
	}
	return strings.Join(ps, "; ")
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

func has(legal []engine.Action, a engine.Action) bool {
	for _, l := range legal {
		if l == a {
			return true
		}
	}
	return false
}

func (c *stepRun) do() error {
	r, s := c.r, c.s
	seat, err := c.seat(s.Seat, "seat", false)
	if err != nil {
		return err
	}
	legal := r.st.Legal(seat, nil)
	a, err := r.st.ParseAction(seat, s.Do)
	if err != nil {
		return c.fail("do", 0, fmt.Sprintf("cannot parse (legal now: %s)", r.legalText(legal)), err)
	}
	r.events = r.events[:0]
	if err := r.st.Apply(a, &r.events); err != nil {
		return c.fail("do", 0, fmt.Sprintf("rejected (legal now: %s)", r.legalText(legal)), err)
	}
	if err := r.used(); err != nil {
		return c.fail("", 0, "", err)
	}
	if !has(legal, a) {
		return c.fail("do", 0, fmt.Sprintf("the game applied it, but its Legal did not list it (legal were: %s)", r.legalText(legal)), nil)
	}
	for i, want := range s.Events {
		found := false
		for _, e := range r.events {
			if containsFold(e.String(), want) {
				found = true
				break
			}
		}
		if !found {
			return c.fail(fmt.Sprintf("events[%d]", i), 0, fmt.Sprintf("expected event containing %q; events were: %s", want, eventsText(r.events)), nil)
		}
	}
	for i, bad := range s.NoEvents {
		for _, e := range r.events {
			if containsFold(e.String(), bad) {
				return c.fail(fmt.Sprintf("no_events[%d]", i), 0, fmt.Sprintf("event %q contains %q; events were: %s", e.String(), bad, eventsText(r.events)), nil)
			}
		}
	}
	return nil
}

func (c *stepRun) illegal() error {
	r, s := c.r, c.s
	seat, err := c.seat(s.Seat, "seat", false)
	if err != nil {
		return err
	}
	legal := r.st.Legal(seat, nil)
	a, err := r.st.ParseAction(seat, s.Illegal)
	if err != nil {
		return c.fail("illegal", 0, "cannot parse: an illegal step needs an action the game understands", err)
	}
	before := r.st.Hash()
	var evs engine.Log
	err = r.st.Apply(a, &evs)
	if err == nil {
		return c.fail("illegal", 0, fmt.Sprintf("the action was accepted, with events: %s", eventsText(evs)), nil)
	}
	var ie *engine.IllegalError
	if !errors.As(err, &ie) {
		return c.fail("illegal", 0, "rejected, but not with an *engine.IllegalError", err)
	}
	if after := r.st.Hash(); after != before {
		return c.fail("illegal", 0, fmt.Sprintf("rejected, but the state changed (hash %s, was %s)", engine.FormatHash(after), engine.FormatHash(before)), nil)
	}
	if len(evs) > 0 {
		return c.fail("illegal", 0, fmt.Sprintf("rejected, but events were reported: %s", eventsText(evs)), nil)
	}
	if has(legal, a) {
		return c.fail("illegal", 0, "rejected, but the game's Legal lists it", err)
	}
	if s.Error != "" && !containsFold(err.Error(), s.Error) {
		return c.fail("error", 0, fmt.Sprintf("expected an error containing %q; the error was %q", s.Error, err.Error()), nil)
	}
	return nil
}

func (c *stepRun) view() error {
	r, v := c.r, c.s.View
	seat, err := c.seat(v.Seat, "view.seat", true)
	if err != nil {
		return err
	}
	b, err := json.Marshal(r.st.View(seat))
	if err != nil {
		return c.fail("view", 0, "the view cannot be marshalled to JSON", err)
	}
	doc, err := decodeJSON(b)
	if err != nil {
		return c.fail("view", 0, "the view's JSON cannot be read back", err)
	}
	segs := splitPath(v.Path)
	if v.Absent {
		parent, msg := walk(doc, segs[:len(segs)-1])
		if msg != "" {
			return c.fail("view.path", 0, "cannot check absence: "+msg+"; absent needs the object or array that would hold the last element", nil)
		}
		last := segs[len(segs)-1]
		switch p := parent.(type) {
		case map[string]any:
			if x, ok := p[last]; ok {
				return c.fail("view.absent", 0, fmt.Sprintf("%q is present: %s", v.Path, short(x)), nil)
			}
		case []any:
			i, err := strconv.Atoi(last)
			if err != nil || i < 0 {
				return c.fail("view.path", 0, fmt.Sprintf("%q is not an index, and %s is an array", last, where(segs[:len(segs)-1])), nil)
			}
			if i < len(p) {
				return c.fail("view.absent", 0, fmt.Sprintf("%q is present: %s", v.Path, short(p[i])), nil)
			}
		default:
			return c.fail("view.path", 0, fmt.Sprintf("cannot check absence: %s is %s, not an object or array", where(segs[:len(segs)-1]), short(parent)), nil)
		}
		return nil
	}
	got, msg := walk(doc, segs)
	if msg != "" {
		return c.fail("view.path", 0, msg, nil)
	}
	if v.Equals != nil {
		want, err := decodeJSON(v.Equals)
		if err != nil {
			return c.fail("view.equals", 0, "", err)
		}
		if !jsonEqual(got, want) {
			return c.fail("view.equals", 0, fmt.Sprintf("%s is %s, want %s", where(segs), short(got), short(want)), nil)
		}
		return nil
	}
	s, ok := got.(string)
	if !ok {
		return c.fail("view.contains", 0, fmt.Sprintf("%s is %s, not text", where(segs), short(got)), nil)
	}
	if !containsFold(s, v.Contains) {
		return c.fail("view.contains", 0, fmt.Sprintf("%s is %q, which does not contain %q", where(segs), s, v.Contains), nil)
	}
	return nil
}

func (c *stepRun) legal() error {
	r, l := c.r, c.s.Legal
	seat, err := c.seat(l.Seat, "legal.seat", false)
	if err != nil {
		return err
	}
	legal := r.st.Legal(seat, nil)
	parse := func(field string, texts []string) ([]engine.Action, error) {
		out := make([]engine.Action, len(texts))
		for i, t := range texts {
			a, err := r.st.ParseAction(seat, t)
			if err != nil {
				return nil, c.fail(fmt.Sprintf("%s[%d]", field, i), 0, fmt.Sprintf("cannot parse %q", t), err)
			}
			out[i] = a
		}
		return out, nil
	}
	inc, err := parse("legal.includes", l.Includes)
	if err != nil {
		return err
	}
	for i, a := range inc {
		if !has(legal, a) {
			return c.fail(fmt.Sprintf("legal.includes[%d]", i), 0, fmt.Sprintf("%q is not legal (legal now: %s)", l.Includes[i], r.legalText(legal)), nil)
		}
	}
	exc, err := parse("legal.excludes", l.Excludes)
	if err != nil {
		return err
	}
	for i, a := range exc {
		if has(legal, a) {
			return c.fail(fmt.Sprintf("legal.excludes[%d]", i), 0, fmt.Sprintf("%q is legal (legal now: %s)", l.Excludes[i], r.legalText(legal)), nil)
		}
	}
	if l.Exactly == nil {
		return nil
	}
	ex, err := parse("legal.exactly", l.Exactly)
	if err != nil {
		return err
	}
	var missing, extra []string
	for i, a := range ex {
		if !has(legal, a) {
			missing = append(missing, strconv.Quote(l.Exactly[i]))
		}
	}
	for _, a := range legal {
		if !has(ex, a) {
			extra = append(extra, strconv.Quote(r.st.FormatAction(a)))
		}
	}
	if len(missing)+len(extra) > 0 {
		var parts []string
		if len(missing) > 0 {
			parts = append(parts, "not legal: "+strings.Join(missing, ", "))
		}
		if len(extra) > 0 {
			parts = append(parts, "legal but not listed: "+strings.Join(extra, ", "))
		}
		return c.fail("legal.exactly", 0, fmt.Sprintf("%s (legal now: %s)", strings.Join(parts, "; "), r.legalText(legal)), nil)
	}
	return nil
}

// seatSet parses a list of seat names given in field.
func (r *Run) seatSet(names []string, field string, fail failFunc) (engine.SeatSet, error) {
	var set engine.SeatSet
	for i, n := range names {
		seat, err := engine.ParseSeat(r.game, r.seats, n)
		if err == nil && seat == engine.Spectator {
			err = fmt.Errorf("the spectator is not a player")
		}
		if err != nil {
			return 0, fail(fmt.Sprintf("%s[%d]", field, i), 0, "", err)
		}
		set = set.With(seat)
	}
	return set, nil
}

type failFunc func(field string, line int, msg string, err error) error

func (c *stepRun) deciders() error {
	r := c.r
	want, err := r.seatSet(c.s.Deciders, "deciders", c.fail)
	if err != nil {
		return err
	}
	if got := r.st.Deciders(); got != want {
		return c.fail("deciders", 0, fmt.Sprintf("%s, want %s", r.decide(got), r.names(want)), nil)
	}
	return nil
}

// play plays random legal actions, checking the game's invariants as it
// goes.
func (c *stepRun) play() error {
	r := c.r
	max := c.s.Max
	if max == 0 {
		max = DefaultMax
	}
	for n := 1; n <= max; n++ {
		res, over := r.st.Result()
		ds := r.st.Deciders()
		if over {
			if !ds.Empty() {
				return c.fail("play", 0, fmt.Sprintf("%s the game is over (%s), but %s", after(n-1), res.Reason, r.decide(ds)), nil)
			}
			return nil
		}
		if ds.Empty() {
			return c.fail("play", 0, after(n-1)+" the game is not over, but no seat decides", nil)
		}
		list := ds.List()
		seat := list[r.rng.IntN(len(list))]
		r.buf = r.st.Legal(seat, r.buf[:0])
		if len(r.buf) == 0 {
			return c.fail("play", 0, fmt.Sprintf("random action %d: %s decides but has no legal action", n, engine.SeatName(r.game, seat)), nil)
		}
		a := r.buf[r.rng.IntN(len(r.buf))]
		text := r.st.FormatAction(a)
		if b, err := r.st.ParseAction(seat, text); err != nil || b != a {
			return c.fail("play", 0, fmt.Sprintf("random action %d: %q by %s does not parse back to the same action", n, text, engine.SeatName(r.game, seat)), err)
		}
		r.events = r.events[:0]
		if err := r.st.Apply(a, &r.events); err != nil {
			return c.fail("play", 0, fmt.Sprintf("random action %d: legal action %q by %s was rejected", n, text, engine.SeatName(r.game, seat)), err)
		}
		if err := r.used(); err != nil {
			return c.fail("play", 0, fmt.Sprintf("random action %d (%q by %s)", n, text, engine.SeatName(r.game, seat)), err)
		}
		if h, ch := r.st.Hash(), r.st.Clone().Hash(); h != ch {
			return c.fail("play", 0, fmt.Sprintf("random action %d (%q by %s): a clone hashes to %s, the state to %s", n, text, engine.SeatName(r.game, seat), engine.FormatHash(ch), engine.FormatHash(h)), nil)
		}
	}
	return nil
}

// after says when random play found a problem.
func after(n int) string {
	if n == 0 {
		return "before any random action,"
	}
	return fmt.Sprintf("after random action %d,", n)
}

// checkResult checks rc against the game's result; fields are named
// under prefix.
func (r *Run) checkResult(rc *ResultCheck, fail failFunc, prefix string) error {
	res, over := r.st.Result()
	line := func(k string) int { return rc.lines[k] }
	want := rc.Over == nil || *rc.Over
	if over != want {
		if over {
			return fail(prefix+".over", line("over"), fmt.Sprintf("the game is over (winners %s: %s), want it not over", r.names(res.Winners), res.Reason), nil)
		}
		return fail(prefix+".over", line("over"), fmt.Sprintf("the game is not over (%s)", r.decide(r.st.Deciders())), nil)
	}
	if rc.Winners != nil {
		ws, err := r.seatSet(rc.Winners, prefix+".winners", func(field string, _ int, msg string, err error) error {
			return fail(field, line("winners"), msg, err)
		})
		if err != nil {
			return err
		}
		if ws != res.Winners {
			return fail(prefix+".winners", line("winners"), fmt.Sprintf("the winners are %s, want %s (%s)", drawText(r, res.Winners), drawText(r, ws), res.Reason), nil)
		}
	}
	if rc.Reason != "" && !containsFold(res.Reason, rc.Reason) {
		return fail(prefix+".reason", line("reason"), fmt.Sprintf("the reason is %q, which does not contain %q", res.Reason, rc.Reason), nil)
	}
	return nil
}

func drawText(r *Run, s engine.SeatSet) string {
	if s.Empty() {
		return "[] (a draw)"
	}
	return r.names(s)
}

func decodeJSON(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}
