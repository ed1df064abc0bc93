package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
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
}

// step is one applied action and what it caused.
type step struct {
	seat   engine.Seat
	action string
	hash   string
	events []engine.Event
}

// load builds the match id from the store, replaying its actions and
// checking every state hash.
func (s *Server) load(ctx context.Context, id string) (*live, error) {
	m, err := s.store.Match(ctx, id)
	if err != nil {
		return nil, err
	}
	g, err := lookupGame(m.Game)
	if err != nil {
		return nil, fmt.Errorf("match %s: %w", id, err)
	}
	st, err := g.New(engine.Config{Seats: len(m.Seats), Seed: m.Seed, Options: m.Options})
	if err != nil {
		return nil, fmt.Errorf("match %s: %w", id, err)
	}
	l := &live{s: s, id: id, game: g, meta: m, state: st, conns: map[*conn]struct{}{}}
	if _, err := l.catchUp(ctx); err != nil {
		return nil, err
	}
	return l, nil
}

// catchUp applies the actions stored since the last one l knows, which
// other server processes may have stored. It reports how many it applied.
// l.mu is held (or l is not yet shared).
func (l *live) catchUp(ctx context.Context) (int, error) {
	acts, err := l.s.store.Actions(ctx, l.id, len(l.steps))
	if err != nil || len(acts) == 0 {
		return 0, err
	}
	// Apply to a copy, so that a step that does not replay leaves the
	// match as it was.
	st := l.state.Clone()
	steps := l.steps
	for _, a := range acts {
		if a.Seq != len(steps)+1 {
			return 0, fmt.Errorf("match %s: stored step %d follows step %d", l.id, a.Seq, len(steps))
		}
		act, err := st.ParseAction(a.Seat, a.Action)
		if err != nil {
			return 0, fmt.Errorf("match %s step %d (%s): %w", l.id, a.Seq, a.Action, err)
		}
		var evs []engine.Event
		if err := st.Apply(act, &evs); err != nil {
			return 0, fmt.Errorf("match %s step %d (%s): %w", l.id, a.Seq, a.Action, err)
		}
		if h := engine.FormatHash(st.Hash()); h != a.Hash {
			return 0, fmt.Errorf("match %s step %d (%s): state hash %s, stored %s", l.id, a.Seq, a.Action, h, a.Hash)
		}
		steps = append(steps, step{seat: a.Seat, action: a.Action, hash: a.Hash, events: evs})
	}
	l.state, l.steps = st, steps
	l.meta.Actions = len(l.steps)
	if r, over := l.state.Result(); over {
		l.meta.Status, l.meta.Result = store.Over, r.Reason
	}
	return len(acts), nil
}

// refresh catches up and, if anything was applied, tells the connections
// and wakes the bots. It is called when another process stored an action.
func (l *live) refresh(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	from := len(l.steps)
	n, err := l.catchUp(ctx)
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
// number while l.mu is held, before the new state is published.
func (l *live) submit(ctx context.Context, seat engine.Seat, text string, want int, ack func(seq int)) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.evicted {
		return 0, errEvicted
	}
	for attempt := 0; ; attempt++ {
		if want >= 0 && want != len(l.steps) {
			from := len(l.steps)
			if n, err := l.catchUp(ctx); err != nil {
				return 0, err
			} else if n > 0 {
				l.publish(from)
			}
			if want != len(l.steps) {
				return 0, Errorf(ECONFLICT, "the match moved on (step %d, not %d); look again", len(l.steps), want)
			}
		}
		if _, over := l.state.Result(); over {
			return 0, Errorf(ECONFLICT, "the match is over")
		}
		a, next, evs, err := l.try(seat, text)
		if err != nil {
			l.s.metrics.actions.WithLabelValues(l.game.Name(), "refused").Inc()
			return 0, err
		}
		seq := len(l.steps) + 1
		sa := store.Action{Seq: seq, Seat: seat, Action: next.FormatAction(a), Hash: engine.FormatHash(next.Hash())}
		status, result := store.Playing, ""
		if r, over := next.Result(); over {
			status, result = store.Over, r.Reason
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
				return 0, err
			}
			l.publish(from)
			l.kickBots()
			continue
		}
		if err != nil {
			l.s.metrics.actions.WithLabelValues(l.game.Name(), "error").Inc()
			return 0, err
		}
		l.s.metrics.actions.WithLabelValues(l.game.Name(), "accepted").Inc()
		l.state = next
		l.steps = append(l.steps, step{seat: seat, action: sa.Action, hash: sa.Hash, events: evs})
		l.meta.Actions, l.meta.Status, l.meta.Result = seq, status, result
		if ack != nil {
			ack(seq)
		}
		l.publish(seq - 1)
		l.kickBots()
		return seq, nil
	}
}

var errEvicted = errors.New("match evicted from memory")

// try judges seat's action text on the current state and returns the
// action, the state after it (a copy) and its events.
func (l *live) try(seat engine.Seat, text string) (engine.Action, engine.State, []engine.Event, error) {
	a, err := l.state.ParseAction(seat, text)
	if err != nil {
		return engine.Action{}, nil, nil, &Error{Code: EINVALID, Message: err.Error()}
	}
	next := l.state.Clone()
	var evs []engine.Event
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
// on. l.mu is held.
func (l *live) publish(from int) {
	frames := map[engine.Seat][]byte{}
	for c := range l.conns {
		b, ok := frames[c.seat]
		if !ok {
			b = l.frame(c.seat, from, false)
			frames[c.seat] = b
		}
		c.enqueue(b)
	}
}

// stateFrame is what a seat or a spectator is sent: its view, its legal
// actions and the events it may see. It carries no state hash and no seed:
// both depend on what the seat may not see.
type stateFrame struct {
	Type      string          `json:"type"` // "state"
	Match     string          `json:"match"`
	Game      string          `json:"game"`
	Title     string          `json:"title"`
	Seat      string          `json:"seat"`
	SeatIndex int             `json:"seat_index"` // -1 for a spectator
	Seats     []seatInfo      `json:"seats"`
	Options   engine.Options  `json:"options"`
	Seq       int             `json:"seq"`
	Reset     bool            `json:"reset,omitempty"` // Events is the whole log
	Events    []eventInfo     `json:"events"`
	View      json.RawMessage `json:"view"`
	Legal     []string        `json:"legal"`
	Deciders  []string        `json:"deciders"`
	Over      bool            `json:"over"`
	Result    string          `json:"result,omitempty"`
	Winners   []string        `json:"winners,omitempty"`
	Rematch   string          `json:"rematch,omitempty"`
	RematchOf string          `json:"rematch_of,omitempty"`
}

type seatInfo struct {
	Name   string `json:"name"`
	Player string `json:"player"` // human or a bot's spec
}

type eventInfo struct {
	Seq  int    `json:"seq"`
	Type string `json:"type"`
	Text string `json:"text"`
}

// frame returns the JSON frame for seat with the events of steps from on.
func (l *live) frame(seat engine.Seat, from int, reset bool) []byte {
	f := stateFrame{Type: "state", Match: l.id, Game: l.game.Name(), Title: l.game.Title(),
		Seat: engine.SeatName(l.game, seat), SeatIndex: int(seat), Options: l.meta.Options,
		Seq: len(l.steps), Reset: reset, Events: []eventInfo{}, Legal: []string{}, Deciders: []string{},
		Rematch: l.meta.Rematch, RematchOf: l.meta.RematchOf}
	for i, s := range l.meta.Seats {
		f.Seats = append(f.Seats, seatInfo{Name: engine.SeatName(l.game, engine.Seat(i)), Player: s.Player})
	}
	for i := from; i < len(l.steps); i++ {
		for _, e := range l.steps[i].events {
			if e.Visible(seat) {
				f.Events = append(f.Events, eventInfo{Seq: i + 1, Type: e.Type, Text: e.Text})
			}
		}
	}
	view, err := json.Marshal(l.state.View(seat))
	if err != nil {
		l.s.log.Error("view", "match", l.id, "err", err)
		view = []byte("null")
	}
	f.View = view
	if seat != engine.Spectator {
		for _, a := range l.state.Legal(seat, nil) {
			f.Legal = append(f.Legal, l.state.FormatAction(a))
		}
	}
	for _, d := range l.state.Deciders().List() {
		f.Deciders = append(f.Deciders, engine.SeatName(l.game, d))
	}
	if r, over := l.state.Result(); over {
		f.Over, f.Result = true, r.Reason
		for _, w := range r.Winners.List() {
			f.Winners = append(f.Winners, engine.SeatName(l.game, w))
		}
	}
	b, err := json.Marshal(f)
	if err != nil {
		panic(err) // every field marshals
	}
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
	if _, over := l.state.Result(); over {
		return engine.Spectator
	}
	for _, d := range l.state.Deciders().List() {
		if int(d) < len(l.meta.Seats) && l.meta.Seats[d].Player != "human" {
			return d
		}
	}
	return engine.Spectator
}

// runBots plays the bots' seats until no bot must decide. A bot thinks on a
// copy of the state without holding the match's lock, so people may watch
// and other matches go on; its action is then submitted as a person's is.
func (l *live) runBots() {
	defer l.s.wg.Done()
	ctx := l.s.ctx
	for {
		l.mu.Lock()
		seat := l.botSeat()
		if seat == engine.Spectator || ctx.Err() != nil || l.evicted {
			l.botBusy = false
			idle := len(l.conns) == 0
			l.mu.Unlock()
			if idle {
				l.s.evict(l)
			}
			return
		}
		spec := l.meta.Seats[seat].Player
		seq := len(l.steps)
		st := l.state.Clone()
		l.mu.Unlock()

		if d := l.s.cfg.BotDelay; d > 0 {
			select {
			case <-time.After(d):
			case <-ctx.Done():
				continue
			}
		}
		bot, err := ai.New(spec, l.meta.Seed^uint64(seq+1)*0x9e3779b97f4a7c15^uint64(seat))
		if err != nil {
			l.s.log.Error("bot", "match", l.id, "seat", seat, "bot", spec, "err", err)
			l.mu.Lock()
			l.botBusy = false
			l.mu.Unlock()
			return
		}
		text := st.FormatAction(bot.Choose(st, seat))
		if _, err := l.submit(ctx, seat, text, seq, nil); err != nil && ErrorCode(err) != ECONFLICT {
			if !errors.Is(err, errEvicted) && ctx.Err() == nil {
				l.s.log.Error("bot action", "match", l.id, "seat", seat, "action", text, "err", err)
			}
			l.mu.Lock()
			l.botBusy = false
			l.mu.Unlock()
			return
		}
	}
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
