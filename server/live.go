package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"skald/ai"
	"skald/engine"
	"skald/store"
)

// live is a match held in memory: its state, the steps that led to it, and
// the connections watching it. The store is the authority: the state only
// ever advances by actions that have been committed to it.
type live struct {
	s    *Server
	id   string
	game engine.Game

	mu      sync.Mutex
	meta    *store.Match
	state   engine.State
	steps   []step
	conns   map[*conn]struct{}
	botBusy bool // a goroutine is playing the bots' seats
	evicted bool // dropped from the server's map; get it again
	// damage says why the stored steps after l.steps do not replay, in a
	// match loaded for its record.
	damage string
	// static is the JSON every frame shares (staticJSON); nil when it
	// must be made again.
	static []byte
	// frameSize is the size of each seat's last frame (frame), the room
	// made for its next one.
	frameSize map[engine.Seat]int
	// clock is the match's clock, nil for none (clock.go): ck its state,
	// timer the wake-up for the next person to run out of time, and
	// forfeit the result of a match lost on time.
	clock   *clockRecord
	ck      clockState
	timer   *time.Timer
	forfeit *engine.Result
}

// step is one applied action and what it caused.
type step struct {
	seat   engine.Seat
	action string
	hash   string
	events []engine.Event
	// at is when it was stored; deciders are the seats to decide after
	// it. The clock is counted from both.
	at       time.Time
	deciders engine.SeatSet
}

// load builds the match id from the store, replaying its actions and
// checking every state hash. A stored step that does not replay is a
// *replayError.
func (s *Server) load(ctx context.Context, id string) (*live, error) {
	m, err := s.store.Match(ctx, id)
	if err != nil {
		return nil, err
	}
	l, err := s.newLive(m)
	if err != nil {
		return nil, err
	}
	if _, err := l.catchUp(ctx); err != nil {
		return nil, err
	}
	return l, nil
}

// loadRecord builds the match id as far as its stored actions replay, and
// returns them all.
func (s *Server) loadRecord(ctx context.Context, id string) (*live, []store.Action, error) {
	m, err := s.store.Match(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	acts, err := s.store.Actions(ctx, id, 0)
	if err != nil {
		return nil, nil, err
	}
	l, err := s.newLive(m)
	if err != nil {
		return nil, nil, err
	}
	for i := range acts {
		if err := l.apply(acts[i : i+1]); err != nil {
			l.damage = err.Error()
			break
		}
	}
	return l, acts, nil
}

// newLive starts the match m from its configuration.
func (s *Server) newLive(m *store.Match) (*live, error) {
	g, err := s.lookupGame(m.Game)
	if err != nil {
		return nil, &replayError{match: m.ID, err: err}
	}
	var st engine.State
	err = guard(func() error {
		st, err = g.New(engine.Config{Seats: len(m.Seats), Seed: m.Seed, Options: m.Options})
		return err
	})
	if err != nil {
		return nil, &replayError{match: m.ID, err: err}
	}
	l := &live{s: s, id: m.ID, game: g, meta: m, state: st, conns: map[*conn]struct{}{}}
	var deciders engine.SeatSet
	if err := guard(func() error { deciders = st.Deciders(); return nil }); err != nil {
		return nil, &replayError{match: m.ID, err: err}
	}
	if err := l.initClock(deciders); err != nil {
		return nil, &replayError{match: m.ID, err: err}
	}
	if l.clock != nil && len(l.clock.Flagged) > 0 && m.Status == store.Over {
		r := l.forfeitResult(l.clock.Flagged)
		l.forfeit = &r
	}
	return l, nil
}

// replayError is a stored match that does not replay: its game is not
// served, its options are refused, or a stored step is refused, panics or
// leads to another state hash than the one stored. The match is damaged:
// it is marked failed, never reported to a player as a mistake of theirs.
type replayError struct {
	match  string
	seq    int // 0: the match does not start
	action string
	err    error
}

func (e *replayError) Error() string {
	if e.seq == 0 {
		return fmt.Sprintf("match %s does not start: %v", e.match, e.err)
	}
	return fmt.Sprintf("match %s: stored step %d (%s) does not replay: %v", e.match, e.seq, e.action, e.err)
}

func (e *replayError) Unwrap() error { return e.err }

// panicError is a panic recovered from a game or a bot.
type panicError struct {
	value any
	stack []byte
}

func (e *panicError) Error() string { return fmt.Sprintf("panic: %v", e.value) }

// guard calls f and returns its error, or a *panicError if it panics.
func guard(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &panicError{value: p, stack: debug.Stack()}
		}
	}()
	return f()
}

// catchUp applies the actions stored since the last one l knows, which
// other server processes may have stored. It reports how many it applied.
// l.mu is held (or l is not yet shared).
func (l *live) catchUp(ctx context.Context) (int, error) {
	acts, err := l.s.store.Actions(ctx, l.id, len(l.steps))
	if err != nil || len(acts) == 0 {
		return 0, err
	}
	if err := l.apply(acts); err != nil {
		return 0, err
	}
	return len(acts), nil
}

// apply applies stored actions to l, all or none: a step that does not
// replay is a *replayError and leaves l as it was.
func (l *live) apply(acts []store.Action) error {
	// Apply to a copy, so that a step that does not replay leaves the
	// match as it was.
	var st engine.State
	steps := l.steps
	for _, a := range acts {
		if a.Seq != len(steps)+1 {
			return &replayError{match: l.id, seq: a.Seq, action: a.Action, err: fmt.Errorf("it follows step %d", len(steps))}
		}
		var evs engine.Log
		var deciders engine.SeatSet
		err := guard(func() error {
			if st == nil {
				st = l.state.Clone()
			}
			act, err := st.ParseAction(a.Seat, a.Action)
			if err != nil {
				return err
			}
			if err := st.Apply(act, &evs); err != nil {
				return err
			}
			if h := engine.FormatHash(st.Hash()); h != a.Hash {
				return fmt.Errorf("state hash %s, stored %s", h, a.Hash)
			}
			deciders = st.Deciders()
			return nil
		})
		if err != nil {
			if l.meta.Rules != l.game.RulesVersion() {
				// The likely cause, said where the operator reads it.
				err = fmt.Errorf("%w (the match was recorded under rules %s; this server plays %s)", err, l.meta.Rules, l.game.RulesVersion())
			}
			return &replayError{match: l.id, seq: a.Seq, action: a.Action, err: err}
		}
		steps = append(steps, step{seat: a.Seat, action: a.Action, hash: a.Hash, events: evs, at: a.At, deciders: deciders})
	}
	if st == nil {
		return nil
	}
	from := len(l.steps)
	l.state, l.steps = st, steps
	l.clockAdvance(from)
	l.meta.Actions = len(l.steps)
	if r, over := l.state.Result(); over {
		l.meta.Status, l.meta.Result = store.Over, outcome(l.game, r)
	}
	return nil
}

// fail marks l failed because of err: in the store, in memory and to its
// connections; its bots stop and it takes no more actions. It logs the
// failure once, with what reproduces it, and counts it. l.mu is held.
func (l *live) fail(cause string, err error) {
	if l.meta.Status == store.Failed {
		return
	}
	reason := fmt.Sprintf("%s failed at step %d: %v", cause, len(l.steps), err)
	history := make([]string, len(l.steps))
	for i, st := range l.steps {
		history[i] = engine.SeatName(l.game, st.seat) + ": " + st.action
	}
	args := []any{"match", l.id, "game", l.game.Name(), "options", l.meta.Options.String(), "seed", l.meta.Seed,
		"seats", seatPlayers(l.meta), "step", len(l.steps), "cause", cause, "err", err.Error(), "actions", history}
	var pe *panicError
	if errors.As(err, &pe) {
		args = append(args, "stack", string(pe.stack))
	}
	l.s.log.Error("match failed", args...)
	l.s.metrics.failures.WithLabelValues(l.game.Name(), cause).Inc()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if serr := l.s.store.SetStatus(ctx, l.id, []string{store.Playing}, store.Failed, reason); serr != nil && !errors.Is(serr, store.ErrConflict) {
		l.s.log.Error("mark match failed", "match", l.id, "err", serr)
	}
	l.meta.Status, l.meta.Result = store.Failed, reason
	l.publish(len(l.steps))
}

// seatPlayers returns who plays each seat of m, as "human,mcts".
func seatPlayers(m *store.Match) string {
	var b []byte
	for i, st := range m.Seats {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, st.Player...)
	}
	return string(b)
}

// failedError is the error of an action in a failed match.
func (l *live) failedError() error {
	return Errorf(EFAILED, "match %s has stopped: %s; the server's operator can retry it", l.id, l.meta.Result)
}

// refresh catches up and, if anything was applied, tells the connections
// and wakes the bots. It is called when another process stored an action.
func (l *live) refresh(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.meta.Status == store.Failed || l.meta.Status == store.Ended {
		return nil
	}
	from := len(l.steps)
	n, err := l.catchUp(ctx)
	var re *replayError
	if errors.As(err, &re) {
		l.fail("replay", err)
		return nil
	}
	if err != nil || n == 0 {
		return err
	}
	l.publish(from)
	l.kickBots()
	return nil
}

// submit plays text as seat's action. want, if not negative, is the number
// of steps the client saw: if the match has moved on since, the action is
// refused (ECONFLICT) rather than applied to a state the client did not
// see. The action is committed to the store before the state changes and
// before anyone is told. ack, if not nil, is called with the new step
// number while l.mu is held, and returns the connection to acknowledge
// the action to and the ack: it is queued there just before the new
// state's frame, with it.
//
// A person out of time is refused (byServer says that the server itself
// acts, for a bot or for a person out of time).
func (l *live) submit(ctx context.Context, seat engine.Seat, text string, want int, byServer bool, ack func(seq int) (*conn, []byte)) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.evicted {
		return 0, errEvicted
	}
	for attempt := 0; ; attempt++ {
		if l.meta.Status == store.Failed {
			return 0, l.failedError()
		}
		if l.meta.Status == store.Ended {
			return 0, Errorf(ECONFLICT, "match %s has ended: %s", l.id, l.meta.Result)
		}
		if want >= 0 && want != len(l.steps) {
			from := len(l.steps)
			if n, err := l.catchUp(ctx); err != nil {
				return 0, l.damaged(err)
			} else if n > 0 {
				l.publish(from)
			}
			if want != len(l.steps) {
				return 0, Errorf(ECONFLICT, "the match moved on (step %d, not %d); look again", len(l.steps), want)
			}
		}
		if _, over := l.result(); over {
			return 0, Errorf(ECONFLICT, "the match is over")
		}
		if !byServer && l.outOfTime(seat, now()) {
			l.timesUp(now())
			return 0, Errorf(ECONFLICT, "%s is out of time", engine.SeatName(l.game, seat))
		}
		var a engine.Action
		var next engine.State
		var evs engine.Log
		var sa store.Action
		var deciders engine.SeatSet
		status, result := store.Playing, ""
		seq := len(l.steps) + 1
		err := guard(func() error {
			var err error
			if a, next, evs, err = l.try(seat, text); err != nil {
				return err
			}
			sa = store.Action{Seq: seq, Seat: seat, Action: next.FormatAction(a), Hash: engine.FormatHash(next.Hash()), At: now()}
			deciders = next.Deciders()
			if r, over := next.Result(); over {
				status, result = store.Over, outcome(l.game, r)
			}
			return nil
		})
		var pe *panicError
		if errors.As(err, &pe) {
			l.fail("game", fmt.Errorf("on %s's action %q: %w", engine.SeatName(l.game, seat), text, err))
			return 0, l.failedError()
		}
		if err != nil {
			l.s.metrics.actions.WithLabelValues(l.game.Name(), "refused").Inc()
			return 0, err
		}
		t0 := time.Now()
		err = l.s.store.Append(ctx, l.id, sa, status, result)
		l.s.metrics.storeSeconds.Observe(time.Since(t0).Seconds())
		if errors.Is(err, store.ErrConflict) && attempt < 8 {
			// Another server stored this step first: catch up and judge
			// the action again on the new state.
			l.s.metrics.actions.WithLabelValues(l.game.Name(), "conflict").Inc()
			from := len(l.steps)
			if _, err := l.catchUp(ctx); err != nil {
				return 0, l.damaged(err)
			}
			l.publish(from)
			l.kickBots()
			continue
		}
		if errors.Is(err, store.ErrClosed) {
			// Another server or an operator stopped the match at this
			// step.
			if m, merr := l.s.store.Match(ctx, l.id); merr == nil && (m.Status == store.Failed || m.Status == store.Ended) {
				l.meta.Status, l.meta.Result = m.Status, m.Result
				l.publish(len(l.steps))
			}
			return 0, Errorf(ECONFLICT, "match %s is not being played any more", l.id)
		}
		if err != nil {
			l.s.metrics.actions.WithLabelValues(l.game.Name(), "error").Inc()
			l.s.health.storeError(err)
			return 0, err
		}
		l.s.metrics.actions.WithLabelValues(l.game.Name(), "accepted").Inc()
		l.state = next
		l.steps = append(l.steps, step{seat: seat, action: sa.Action, hash: sa.Hash, events: evs, at: sa.At, deciders: deciders})
		l.meta.Actions, l.meta.Status, l.meta.Result = seq, status, result
		l.clockAdvance(seq - 1)
		if status == store.Over && l.meta.Rated {
			l.rateLater()
		}
		var ackTo *conn
		var ackMsg []byte
		if ack != nil {
			ackTo, ackMsg = ack(seq)
		}
		l.publishAck(seq-1, ackTo, ackMsg)
		l.kickBots()
		return seq, nil
	}
}

var errEvicted = errors.New("match evicted from memory")

// damaged turns an error of catching up into what a client is told: a
// stored step that does not replay fails the match (it is never the
// client's mistake); other errors pass. l.mu is held.
func (l *live) damaged(err error) error {
	var re *replayError
	if errors.As(err, &re) {
		l.fail("replay", err)
		return l.failedError()
	}
	return err
}

// try judges seat's action text on the current state and returns the
// action, the state after it (a copy) and its events.
func (l *live) try(seat engine.Seat, text string) (engine.Action, engine.State, engine.Log, error) {
	a, err := l.state.ParseAction(seat, text)
	if err != nil {
		return engine.Action{}, nil, nil, &Error{Code: EINVALID, Message: err.Error()}
	}
	next := l.state.Clone()
	var evs engine.Log
	if err := next.Apply(a, &evs); err != nil {
		return engine.Action{}, nil, nil, err // an *engine.IllegalError citing its rule
	}
	if !l.state.Deciders().Has(seat) {
		who := []string{}
		for _, d := range l.state.Deciders().List() {
			who = append(who, engine.SeatName(l.game, d))
		}
		return engine.Action{}, nil, nil, Errorf(EILLEGAL, "%s has nothing to decide now (deciding: %s)", engine.SeatName(l.game, seat), joinOr(who))
	}
	if !slices.Contains(l.state.Legal(seat, nil), a) {
		return engine.Action{}, nil, nil, Errorf(EILLEGAL, "%q is not among the legal actions now", text)
	}
	return a, next, evs, nil
}

func joinOr(names []string) string {
	if len(names) == 0 {
		return "nobody"
	}
	out := names[0]
	for _, n := range names[1:] {
		out += ", " + n
	}
	return out
}

// publish sends every connection its frame for the steps from step from
// on, and sets the clock's timer anew. l.mu is held.
func (l *live) publish(from int) { l.publishAck(from, nil, nil) }

// publishAck is publish, with ack queued to the connection ackTo just
// before its frame, if ackTo is not nil. l.mu is held.
func (l *live) publishAck(from int, ackTo *conn, ack []byte) {
	frames := map[engine.Seat][]byte{} // made once per seat
	frameFor := func(seat engine.Seat) []byte {
		b, ok := frames[seat]
		if !ok {
			b = l.frame(seat, from, false)
			frames[seat] = b
		}
		return b
	}
	acked := false
	for c := range l.conns {
		b := frameFor(c.seat)
		if c == ackTo {
			c.enqueueTwo(ack, b)
			acked = true
			continue
		}
		c.enqueue(b)
	}
	if ackTo != nil && !acked {
		ackTo.enqueue(ack)
	}
	l.armClock()
}

// actionInfo is one legal action as a frame sends it: its text, and what
// it names.
type actionInfo struct {
	Text string `json:"text"`
	engine.ActionParts
}

// describeAction returns a's text and what it names: the game's
// engine.ActionDescriber says; for a game without one, the kind is the
// text's first word and it names nothing.
func describeAction(st engine.State, a engine.Action) actionInfo {
	text := st.FormatAction(a)
	if d, ok := st.(engine.ActionDescriber); ok {
		return actionInfo{Text: text, ActionParts: d.ActionParts(a)}
	}
	verb, _, _ := strings.Cut(text, " ")
	return actionInfo{Text: text, ActionParts: engine.ActionParts{Kind: verb}}
}

// stateFrame is what a seat or a spectator is sent: its view, its legal
// actions and the events it may see. It carries no state hash and no seed:
// both depend on what the seat may not see.
type stateFrame struct {
	// The small fields come first and the view last, so that a client
	// that wants only the legal actions may stop reading early.
	Type      string   `json:"type"` // "state"
	Match     string   `json:"match"`
	Seq       int      `json:"seq"`
	Over      bool     `json:"over"`
	Legal     []string `json:"legal"`
	Deciders  []string `json:"deciders"`
	Seat      string   `json:"seat"`
	SeatIndex int      `json:"seat_index"` // -1 for a spectator
	// Status is the match's status: playing, over, failed (its game or a
	// bot broke; Result says how) or ended (without a result; Result
	// says why). Only a playing match has legal actions.
	Status    string      `json:"status"`
	Result    string      `json:"result,omitempty"`
	Winners   []string    `json:"winners,omitempty"`
	Places    []int       `json:"places,omitempty"` // per seat, in the order of Seats, once over: 1 the best
	Scores    []float64   `json:"scores,omitempty"` // per seat, in the order of Seats, once over
	Rematch   string      `json:"rematch,omitempty"`
	RematchOf string      `json:"rematch_of,omitempty"`
	Reset     bool        `json:"reset,omitempty"` // Events is the whole log
	Events    []eventInfo `json:"events"`
	// Actions are the legal actions with what each names (its kind and
	// the ids of the cards, units and places of the view it names), in
	// the order of Legal, so that a renderer offers a unit's actions when
	// it is clicked without parsing text.
	Actions []actionInfo `json:"actions"`
	// Clock is the match's clock, if it has one.
	Clock *clockFrame `json:"clock,omitempty"`
	// Static holds the fields that stay the same all match long, as JSON
	// members made once per match (matchStatic): the game, its title,
	// the seats and the options.
	Static []byte `json:"-"`
	// View is the seat's view, already JSON: it is written last, as it
	// is, rather than checked and compacted again by encoding/json.
	View json.RawMessage `json:"-"`
	// viewSize is the room to make for the view when View is not set: the
	// size of the seat's last frame.
	viewSize int
}

// matchStatic is the part of every state frame that stays the same all
// match long.
type matchStatic struct {
	Game    string         `json:"game"`
	Title   string         `json:"title"`
	Seats   []seatInfo     `json:"seats"`
	Options engine.Options `json:"options"`
}

// marshal returns f as JSON: its own fields, in the order of stateFrame
// and as encoding/json writes them (TestFrameJSON), the static ones, then
// the view. It is written out by hand: every seat gets a frame after
// every step, and encoding/json's walk of the struct by reflection was a
// tenth of the server's work.
func (f *stateFrame) marshal(view any) ([]byte, error) {
	b := make([]byte, 0, 256+len(f.Static)+len(f.View)+f.viewSize+64*(len(f.Legal)+len(f.Events)))
	b = append(b, `{"type":`...)
	b = appendJSONString(b, f.Type)
	b = append(b, `,"match":`...)
	b = appendJSONString(b, f.Match)
	b = append(b, `,"seq":`...)
	b = strconv.AppendInt(b, int64(f.Seq), 10)
	b = append(b, `,"over":`...)
	b = strconv.AppendBool(b, f.Over)
	b = append(b, `,"legal":`...)
	b = appendStrings(b, f.Legal)
	b = append(b, `,"deciders":`...)
	b = appendStrings(b, f.Deciders)
	b = append(b, `,"seat":`...)
	b = appendJSONString(b, f.Seat)
	b = append(b, `,"seat_index":`...)
	b = strconv.AppendInt(b, int64(f.SeatIndex), 10)
	b = append(b, `,"status":`...)
	b = appendJSONString(b, f.Status)
	if f.Result != "" {
		b = append(b, `,"result":`...)
		b = appendJSONString(b, f.Result)
	}
	if len(f.Winners) > 0 {
		b = append(b, `,"winners":`...)
		b = appendStrings(b, f.Winners)
	}
	if len(f.Places) > 0 {
		b = append(b, `,"places":[`...)
		for i, p := range f.Places {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(p), 10)
		}
		b = append(b, ']')
	}
	if len(f.Scores) > 0 {
		b = append(b, `,"scores":[`...)
		for i, sc := range f.Scores {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendFloat(nil, b, sc, 64); err != nil {
				b = append(b, "null"...) // not a number: encoding/json would refuse the frame
			}
		}
		b = append(b, ']')
	}
	if f.Rematch != "" {
		b = append(b, `,"rematch":`...)
		b = appendJSONString(b, f.Rematch)
	}
	if f.RematchOf != "" {
		b = append(b, `,"rematch_of":`...)
		b = appendJSONString(b, f.RematchOf)
	}
	if f.Reset {
		b = append(b, `,"reset":true`...)
	}
	b = append(b, `,"events":`...)
	if f.Events == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, e := range f.Events {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"seq":`...)
			b = strconv.AppendInt(b, int64(e.Seq), 10)
			b = append(b, `,"type":`...)
			b = appendJSONString(b, e.Type)
			b = append(b, `,"text":`...)
			b = appendJSONString(b, e.Text)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"actions":`...)
	if f.Actions == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, a := range f.Actions {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"text":`...)
			b = appendJSONString(b, a.Text)
			b = append(b, `,"kind":`...)
			b = appendJSONString(b, a.Kind)
			if len(a.Refs) > 0 {
				b = append(b, `,"refs":`...)
				b = appendStrings(b, a.Refs)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if f.Clock != nil {
		c, err := json.Marshal(f.Clock)
		if err != nil {
			panic(err) // every field marshals
		}
		b = append(b, `,"clock":`...)
		b = append(b, c...)
	}
	if len(f.Static) > 0 {
		b = append(b, ',')
		b = append(b, f.Static...)
	}
	b = append(b, `,"view":`...)
	switch {
	case len(f.View) > 0:
		b = append(b, f.View...)
	case view != nil:
		// Encoded in place, not into a buffer of its own and copied.
		var err error
		if b, err = appendView(b, view); err != nil {
			return nil, err
		}
	default:
		b = append(b, "null"...)
	}
	return append(b, '}'), nil
}

// appendStrings writes ss as a JSON array, or null for a nil slice.
func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
	}
	return append(b, ']')
}

// staticJSON returns the members every frame of the match shares, made
// once. l.mu is held.
func (l *live) staticJSON() []byte {
	if l.static != nil {
		return l.static
	}
	ms := matchStatic{Game: l.game.Name(), Title: l.game.Title(), Options: l.meta.Options}
	for i, s := range l.meta.Seats {
		ms.Seats = append(ms.Seats, seatInfo{Name: engine.SeatName(l.game, engine.Seat(i)), Player: s.Player, PlayerName: s.Name,
			Open: l.meta.Public && s.Open()})
	}
	b, err := json.Marshal(ms)
	if err != nil {
		panic(err) // every field marshals
	}
	l.static = b[1 : len(b)-1] // the members, without the braces
	return l.static
}

type seatInfo struct {
	Name   string `json:"name"`
	Player string `json:"player"` // human or a bot's spec
	// PlayerName is the name of the person in the seat, if they gave
	// one; Open says that a public match's seat waits for someone.
	PlayerName string `json:"player_name,omitempty"`
	Open       bool   `json:"open,omitempty"`
}

type eventInfo struct {
	Seq  int    `json:"seq"`
	Type string `json:"type"`
	Text string `json:"text"`
}

// frame returns the JSON frame for seat with the events of steps from on.
func (l *live) frame(seat engine.Seat, from int, reset bool) []byte {
	f := stateFrame{Type: "state", Match: l.id, Static: l.staticJSON(),
		Seat: engine.SeatName(l.game, seat), SeatIndex: int(seat),
		Seq: len(l.steps), Reset: reset, Events: []eventInfo{}, Legal: []string{}, Actions: []actionInfo{}, Deciders: []string{},
		Rematch: l.meta.Rematch, RematchOf: l.meta.RematchOf, Clock: l.clockView()}
	for i := from; i < len(l.steps); i++ {
		for _, e := range l.steps[i].events {
			if e.Visible(seat) {
				f.Events = append(f.Events, eventInfo{Seq: i + 1, Type: e.Type, Text: e.Text})
			}
		}
	}
	f.Status = l.meta.Status
	var view any
	err := guard(func() error {
		view = l.state.View(seat)
		if seat != engine.Spectator && l.meta.Status == store.Playing {
			for _, a := range l.state.Legal(seat, nil) {
				info := describeAction(l.state, a)
				f.Legal = append(f.Legal, info.Text)
				f.Actions = append(f.Actions, info)
			}
		}
		if l.meta.Status == store.Playing {
			for _, d := range l.state.Deciders().List() {
				f.Deciders = append(f.Deciders, engine.SeatName(l.game, d))
			}
		}
		if r, over := l.result(); over {
			f.Over, f.Result = true, r.Reason
			for _, w := range r.Winners.List() {
				f.Winners = append(f.Winners, engine.SeatName(l.game, w))
			}
			n := len(l.meta.Seats)
			if r = r.Complete(n); r.Check(n) == nil { // a broken result shows no places
				for i := range n {
					f.Places = append(f.Places, r.Place(engine.Seat(i)))
					f.Scores = append(f.Scores, r.Score(engine.Seat(i)))
				}
			}
		}
		return nil
	})
	if l.meta.Status == store.Failed || l.meta.Status == store.Ended {
		f.Result = l.meta.Result
	}
	f.viewSize = l.frameSize[seat]
	var b []byte
	if err == nil {
		err = guard(func() error {
			var err error
			if b, err = f.marshal(view); err != nil {
				return fmt.Errorf("view of seat %d: %w", seat, err)
			}
			return nil
		})
	}
	if err != nil {
		f.View, f.Legal, f.Actions, f.Deciders = json.RawMessage("null"), []string{}, []actionInfo{}, []string{}
		l.fail("game", err)
		f.Status = l.meta.Status
		if l.meta.Status == store.Failed || l.meta.Status == store.Ended {
			f.Result = l.meta.Result
		}
		b, _ = f.marshal(nil)
	}
	// The next frame of this seat is made in a buffer of about this
	// one's size: growing it as it is written cost as much as the rest.
	if l.frameSize == nil {
		l.frameSize = map[engine.Seat]int{}
	}
	l.frameSize[seat] = len(b)
	return b
}

// kickBots starts the goroutine that plays the bots' seats if a bot must
// decide now and none is running. l.mu is held.
func (l *live) kickBots() {
	if l.botBusy || l.evicted || l.botSeat() == engine.Spectator {
		return
	}
	l.botBusy = true
	l.s.wg.Add(1)
	go l.runBots()
}

// botSeat returns a seat played by a bot that must decide now, or
// Spectator. l.mu is held.
func (l *live) botSeat() engine.Seat {
	if l.meta.Status != store.Playing {
		return engine.Spectator
	}
	seat := engine.Spectator
	err := guard(func() error {
		if _, over := l.result(); over {
			return nil
		}
		t := now()
		for _, d := range l.state.Deciders().List() {
			if int(d) < len(l.meta.Seats) && l.meta.Seats[d].Player != "human" {
				seat = d
				return nil
			}
			// A person out of time whose clock lets a bot play on.
			if l.clock != nil && l.clock.Timeout == TimeoutBot && l.outOfTime(d, t) {
				seat = d
				return nil
			}
		}
		return nil
	})
	if err != nil {
		l.fail("game", err)
		return engine.Spectator
	}
	return seat
}

// runBots plays the bots' seats until no bot must decide. A bot thinks on a
// copy of the state without holding the match's lock, so people may watch
// and other matches go on; its action is then submitted as a person's is.
// At most Limits.BotSearches bots think at once; the others wait their
// turn. A bot whose spec is over the server's limits, or a game or a bot
// that panics, fails the match and nothing else.
func (l *live) runBots() {
	defer l.s.wg.Done()
	ctx := l.s.ctx
	stop := func() {
		l.mu.Lock()
		l.botBusy = false
		idle := len(l.conns) == 0
		l.mu.Unlock()
		if idle {
			l.s.evict(l)
		}
	}
	for {
		l.mu.Lock()
		seat := l.botSeat()
		if seat == engine.Spectator || ctx.Err() != nil || l.evicted {
			l.mu.Unlock()
			stop()
			return
		}
		spec := l.meta.Seats[seat].Player
		if spec == "human" {
			spec = l.timeoutSpec() // plays for a person out of time
		}
		seq := len(l.steps)
		var st engine.State
		err := guard(func() error { st = l.state.Clone(); return nil })
		if err != nil {
			l.fail("game", err)
			l.mu.Unlock()
			stop()
			return
		}
		l.mu.Unlock()

		if d := l.s.cfg.BotDelay; d > 0 {
			select {
			case <-time.After(d):
			case <-ctx.Done():
				continue
			}
		}
		bot, err := ai.NewLimited(spec, l.meta.Seed^uint64(seq+1)*0x9e3779b97f4a7c15^uint64(seat), l.s.limits.Bot)
		if err != nil {
			l.mu.Lock()
			l.fail("bot", fmt.Errorf("seat %s: %w", engine.SeatName(l.game, seat), err))
			l.mu.Unlock()
			stop()
			return
		}
		var text string
		err = l.s.think(ctx, func() error {
			return guard(func() error {
				text = st.FormatAction(bot.Choose(st, seat))
				return nil
			})
		})
		if ctx.Err() != nil {
			stop()
			return
		}
		if err != nil {
			l.mu.Lock()
			l.fail("bot", fmt.Errorf("seat %s (%s): %w", engine.SeatName(l.game, seat), spec, err))
			l.mu.Unlock()
			stop()
			return
		}
		_, err = l.submit(ctx, seat, text, seq, true, nil)
		switch code := ErrorCode(err); {
		case err == nil, code == ECONFLICT:
		case code == EILLEGAL || code == EINVALID:
			// The bot chose among the game's legal actions on the very
			// state it was submitted to: the game broke its contract,
			// and the match would wait for this bot for ever.
			l.mu.Lock()
			if len(l.steps) == seq {
				l.fail("game", fmt.Errorf("seat %s's legal action %q was refused: %w", engine.SeatName(l.game, seat), text, err))
			}
			l.mu.Unlock()
			stop()
			return
		default:
			if !errors.Is(err, errEvicted) && ctx.Err() == nil && code != EFAILED {
				l.s.log.Error("bot action", "match", l.id, "seat", seat, "action", text, "err", err)
			}
			stop()
			return
		}
	}
}

// think runs f when one of the slots for thinking bots is free, waiting
// for one, and returns f's error; it returns ctx's error if ctx is done
// first.
func (s *Server) think(ctx context.Context, f func() error) error {
	s.metrics.botsWaiting.Inc()
	select {
	case s.thinking <- struct{}{}:
		s.metrics.botsWaiting.Dec()
	case <-ctx.Done():
		s.metrics.botsWaiting.Dec()
		return ctx.Err()
	}
	s.metrics.botsThinking.Inc()
	defer func() {
		<-s.thinking
		s.metrics.botsThinking.Dec()
	}()
	return f()
}

// join adds c to the match's connections and sends it the whole match as
// its seat sees it.
func (l *live) join(c *conn) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.evicted {
		return errEvicted
	}
	l.conns[c] = struct{}{}
	c.enqueue(l.frame(c.seat, 0, true))
	l.kickBots()
	return nil
}

// leave removes c; a match nobody watches and no bot plays is dropped from
// memory.
func (l *live) leave(c *conn) {
	l.mu.Lock()
	delete(l.conns, c)
	idle := len(l.conns) == 0 && !l.botBusy
	l.mu.Unlock()
	if idle {
		l.s.evict(l)
	}
}

// setRematch records the match's rematch and tells the connections.
func (l *live) setRematch(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.meta.Rematch == id {
		return
	}
	l.meta.Rematch = id
	b, _ := json.Marshal(map[string]string{"type": "rematch", "match": id})
	for c := range l.conns {
		c.enqueue(b)
	}
}

// outcome is how a finished match is stored and listed: who won and how,
// such as "red won: black lost all units", or "a draw: …".
func outcome(g engine.Game, r engine.Result) string {
	var names []string
	for _, s := range r.Winners.List() {
		names = append(names, engine.SeatName(g, s))
	}
	head := "a draw"
	switch n := len(names); {
	case n == 1:
		head = names[0] + " won"
	case n > 1:
		head = strings.Join(names[:n-1], ", ") + " and " + names[n-1] + " won"
	}
	if r.Reason == "" {
		return head
	}
	return head + ": " + r.Reason
}
