package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"skald/ai"
	"skald/engine"
	"skald/store"
)

// Clock kinds and what happens when a seat's time runs out.
const (
	// ClockRealtime gives each person minutes for the whole match, and
	// seconds more after each move (an increment).
	ClockRealtime = "realtime"
	// ClockTurn gives each person days for each move.
	ClockTurn = "turn"
	// TimeoutBot: a bot plays the seat's moves once its time is out (for
	// the rest of the match with a real-time clock, for that move with a
	// turn-based one).
	TimeoutBot = "bot"
	// TimeoutLose: the seat loses the match when its time runs out.
	TimeoutLose = "lose"
)

// timeoutBotSpec is the bot that plays for a person whose time ran out,
// when the game supports it; random otherwise.
const timeoutBotSpec = "mcts:iters=200"

// ClockSettings is a match's clock, as a client asks for it.
type ClockSettings struct {
	Kind string `json:"kind"` // realtime or turn
	// Minutes per person and Increment, seconds added after each of
	// their moves, for a real-time clock.
	Minutes   float64 `json:"minutes,omitempty"`
	Increment float64 `json:"increment,omitempty"`
	// Days per move, for a turn-based clock.
	Days float64 `json:"days,omitempty"`
	// Timeout says what happens when a person's time runs out: bot or
	// lose.
	Timeout string `json:"timeout"`
}

// check returns an EINVALID error naming what is wrong with c.
func (c *ClockSettings) check() error {
	switch c.Kind {
	case ClockRealtime:
		if !(c.Minutes > 0 && c.Minutes <= 600) {
			return Errorf(EINVALID, "clock: minutes: want more than 0 and at most 600, not %g", c.Minutes)
		}
		if !(c.Increment >= 0 && c.Increment <= 600) {
			return Errorf(EINVALID, "clock: increment: want 0 to 600 seconds, not %g", c.Increment)
		}
		if c.Days != 0 {
			return Errorf(EINVALID, "clock: days are for a turn-based clock, not a real-time one")
		}
	case ClockTurn:
		if !(c.Days > 0 && c.Days <= 60) {
			return Errorf(EINVALID, "clock: days: want more than 0 and at most 60, not %g", c.Days)
		}
		if c.Minutes != 0 || c.Increment != 0 {
			return Errorf(EINVALID, "clock: minutes and increment are for a real-time clock, not a turn-based one")
		}
	default:
		return Errorf(EINVALID, "clock: kind: want %s or %s, not %q", ClockRealtime, ClockTurn, c.Kind)
	}
	if c.Timeout != TimeoutBot && c.Timeout != TimeoutLose {
		return Errorf(EINVALID, "clock: timeout: want %s (a bot plays on) or %s (the seat loses), not %q", TimeoutBot, TimeoutLose, c.Timeout)
	}
	return nil
}

func (c *ClockSettings) total() time.Duration {
	return time.Duration(c.Minutes * float64(time.Minute))
}

func (c *ClockSettings) increment() time.Duration {
	return time.Duration(c.Increment * float64(time.Second))
}

func (c *ClockSettings) perMove() time.Duration {
	return time.Duration(c.Days * 24 * float64(time.Hour))
}

// clockRecord is a match's clock as stored (store.Match.Clock): its
// settings, when it started (Unix milliseconds; 0 while a public match
// waits for players), and the seats that lost on time. Everything else
// follows from the times of the stored actions, so a clock survives a
// restart of the server.
type clockRecord struct {
	ClockSettings
	Start   int64 `json:"start,omitempty"`
	Flagged []int `json:"flagged,omitempty"`
}

func parseClock(s string) (*clockRecord, error) {
	if s == "" {
		return nil, nil
	}
	var c clockRecord
	if err := json.Unmarshal([]byte(s), &c); err != nil {
		return nil, fmt.Errorf("clock %q: %w", s, err)
	}
	return &c, nil
}

func (c *clockRecord) String() string {
	b, _ := json.Marshal(c)
	return string(b)
}

func (c *clockRecord) start() time.Time {
	if c.Start == 0 {
		return time.Time{}
	}
	return time.UnixMilli(c.Start)
}

// freshClock returns the clock s for a new match: started now unless it
// waits for players; nobody has lost on time.
func freshClock(s string, waiting bool) string {
	c, err := parseClock(s)
	if err != nil || c == nil {
		return s
	}
	c.Start, c.Flagged = 0, nil
	if !waiting {
		c.Start = now().UnixMilli()
	}
	return c.String()
}

// now is the time, to the millisecond, as stored.
func now() time.Time { return time.UnixMilli(time.Now().UnixMilli()) }

// clockState is the running state of a match's clock, brought up to date
// step by step (clockAdvance).
type clockState struct {
	// remaining is each seat's time left (real-time) not counting the
	// decision it is making now.
	remaining []time.Duration
	// since is when each deciding seat began its decision.
	since    []time.Time
	deciding engine.SeatSet
}

// initClock sets up l's clock from its stored record, at the start of
// the match. l.mu is held (or l is not yet shared).
func (l *live) initClock(deciders engine.SeatSet) error {
	c, err := parseClock(l.meta.Clock)
	if err != nil || c == nil {
		return err
	}
	n := len(l.meta.Seats)
	l.clock = c
	l.ck = clockState{remaining: make([]time.Duration, n), since: make([]time.Time, n), deciding: deciders}
	for i := range n {
		l.ck.remaining[i] = c.total()
	}
	return nil
}

// decisionStart is when seat's current decision began, for the clock:
// never before the clock started.
func (l *live) decisionStart(seat engine.Seat) time.Time {
	t, start := l.ck.since[seat], l.clock.start()
	if t.Before(start) {
		return start
	}
	return t
}

// charge is the time seat's current decision has taken at t.
func (l *live) charge(seat engine.Seat, t time.Time) time.Duration {
	if l.clock.Start == 0 {
		return 0 // waiting for players: the clock has not started
	}
	if d := t.Sub(l.decisionStart(seat)); d > 0 {
		return d
	}
	return 0
}

// clockAdvance brings the clock up to date with the steps from from on.
// l.mu is held.
func (l *live) clockAdvance(from int) {
	if l.clock == nil {
		return
	}
	for _, st := range l.steps[from:] {
		before, after := l.ck.deciding, st.deciders
		for _, s := range before.List() {
			if int(s) >= len(l.ck.remaining) {
				continue
			}
			if s == st.seat || !after.Has(s) {
				// The decision ended: its time is spent.
				l.ck.remaining[s] -= l.charge(s, st.at)
				// A move in time earns the increment; one made by a bot
				// for a person out of time does not, so the bot plays on.
				if s == st.seat && l.clock.Start != 0 && l.ck.remaining[s] > 0 {
					l.ck.remaining[s] += l.clock.increment()
				}
			}
		}
		for _, s := range after.List() {
			if int(s) < len(l.ck.since) && (s == st.seat || !before.Has(s)) {
				l.ck.since[s] = st.at // a new decision
			}
		}
		l.ck.deciding = after
	}
}

// timed reports whether seat is a person's, whose time the clock counts.
func (l *live) timed(seat engine.Seat) bool {
	return l.clock != nil && seat >= 0 && int(seat) < len(l.meta.Seats) && l.meta.Seats[seat].Player == "human"
}

// left returns seat's time left at t: of the match with a real-time
// clock, of this move with a turn-based one. l.mu is held.
func (l *live) left(seat engine.Seat, t time.Time) time.Duration {
	switch l.clock.Kind {
	case ClockRealtime:
		d := l.ck.remaining[seat]
		if l.ck.deciding.Has(seat) {
			d -= l.charge(seat, t)
		}
		return d
	default:
		if !l.ck.deciding.Has(seat) || l.clock.Start == 0 {
			return l.clock.perMove()
		}
		return l.clock.perMove() - l.charge(seat, t)
	}
}

// outOfTime reports whether seat, a person's, has run out of time at t:
// with a real-time clock once its time is spent (for good), with a
// turn-based one while it makes a move past its deadline. l.mu is held.
func (l *live) outOfTime(seat engine.Seat, t time.Time) bool {
	if !l.timed(seat) || l.clock.Start == 0 {
		return false
	}
	if l.clock.Kind == ClockTurn && !l.ck.deciding.Has(seat) {
		return false
	}
	return l.left(seat, t) <= 0
}

// result is the match's result: the game's, or the clock's when a seat
// lost on time. l.mu is held.
func (l *live) result() (engine.Result, bool) {
	if l.forfeit != nil {
		return *l.forfeit, true
	}
	return l.state.Result()
}

// forfeitResult is the result of a match in which the flagged seats lost
// on time: they share the last place, the others the first.
func (l *live) forfeitResult(flagged []int) engine.Result {
	n := len(l.meta.Seats)
	scores := make([]float64, n)
	var names []string
	for i := range scores {
		scores[i] = 1
	}
	for _, s := range flagged {
		if s >= 0 && s < n {
			scores[s] = 0
			names = append(names, engine.SeatName(l.game, engine.Seat(s)))
		}
	}
	return engine.Ranked(scores, strings.Join(names, " and ")+" ran out of time")
}

// armClock sets the timer that wakes the match when the next person's
// time runs out. l.mu is held.
func (l *live) armClock() {
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
	if l.clock == nil || l.clock.Start == 0 || l.meta.Status != store.Playing || l.evicted {
		return
	}
	t := now()
	var next time.Duration
	found := false
	for _, s := range l.ck.deciding.List() {
		if !l.timed(s) {
			continue
		}
		d := l.left(s, t)
		if d <= 0 && l.clock.Timeout == TimeoutBot {
			continue // a bot plays for it already (kickBots)
		}
		if !found || d < next {
			next, found = d, true
		}
	}
	if !found {
		return
	}
	l.timer = time.AfterFunc(max(next, 0)+time.Millisecond, l.onClock)
}

// onClock runs when a person's time may have run out: the seat loses, or
// a bot plays for it, as the match's clock says.
func (l *live) onClock() {
	if l.s.ctx.Err() != nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.evicted || l.clock == nil || l.meta.Status != store.Playing {
		return
	}
	l.timesUp(now())
}

// timesUp deals with the persons out of time at t. It reports whether
// anyone was. l.mu is held.
func (l *live) timesUp(t time.Time) bool {
	var flagged []int
	for _, s := range l.ck.deciding.List() {
		if l.outOfTime(s, t) {
			flagged = append(flagged, int(s))
		}
	}
	if len(flagged) == 0 {
		l.armClock()
		return false
	}
	if l.clock.Timeout == TimeoutBot {
		l.s.log.Info("time out: a bot plays on", "match", l.id, "seats", flagged)
		l.kickBots()
		l.publish(len(l.steps)) // the clocks show who is out of time; the timer skips them
		return true
	}
	l.endByClock(flagged)
	return true
}

// endByClock ends the match: the flagged seats lost on time. l.mu is held.
func (l *live) endByClock(flagged []int) {
	r := l.forfeitResult(flagged)
	result := outcome(l.game, r)
	rec := *l.clock
	rec.Flagged = flagged
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := l.s.store.EndByClock(ctx, l.id, len(l.steps), rec.String(), result)
	if errors.Is(err, store.ErrConflict) {
		// Another server stored an action or ended it first: catch up.
		from := len(l.steps)
		if _, err := l.catchUp(ctx); err == nil {
			l.publish(from)
		}
		if m, err := l.s.store.Match(ctx, l.id); err == nil && m.Status != store.Playing {
			l.meta.Status, l.meta.Result = m.Status, m.Result
			if c, err := parseClock(m.Clock); err == nil && c != nil && len(c.Flagged) > 0 {
				l.clock = c
				fr := l.forfeitResult(c.Flagged)
				l.forfeit = &fr
			}
			l.publish(len(l.steps))
		}
		return
	}
	if err != nil {
		l.s.log.Error("end match on time", "match", l.id, "err", err)
		l.s.health.storeError(err)
		l.timer = time.AfterFunc(time.Second, l.onClock) // try again
		return
	}
	l.s.log.Info("match lost on time", "match", l.id, "result", result)
	l.clock = &rec
	l.forfeit = &r
	l.meta.Status, l.meta.Result = store.Over, result
	l.publish(len(l.steps))
	if l.meta.Rated {
		l.rateLater()
	}
}

// timeoutSpec is the bot that plays for seat, a person's out of time.
func (l *live) timeoutSpec() string {
	if ai.Supports(timeoutBotSpec, l.game) == nil {
		return timeoutBotSpec
	}
	return "random"
}

// clockFrame is a match's clock as a frame shows it.
type clockFrame struct {
	ClockSettings
	// Started is false while a public match waits for its players.
	Started bool        `json:"started"`
	Seats   []clockSeat `json:"seats"`
}

// clockSeat is one seat's clock: its time left when the frame was made
// (of the match, or of this move), whether it runs, and whether the seat
// is out of time.
type clockSeat struct {
	LeftMS  int64 `json:"left_ms"`
	Running bool  `json:"running,omitempty"`
	Out     bool  `json:"out,omitempty"`
	Timed   bool  `json:"timed"`
}

// clockView returns the clock for a frame, nil for a match without one.
// l.mu is held.
func (l *live) clockView() *clockFrame {
	if l.clock == nil {
		return nil
	}
	t := now()
	cf := &clockFrame{ClockSettings: l.clock.ClockSettings, Started: l.clock.Start != 0}
	playing := l.meta.Status == store.Playing
	for i := range l.meta.Seats {
		s := engine.Seat(i)
		cs := clockSeat{Timed: l.timed(s)}
		if cs.Timed {
			cs.LeftMS = max(l.left(s, t), 0).Milliseconds()
			cs.Running = playing && cf.Started && l.ck.deciding.Has(s)
			cs.Out = l.outOfTime(s, t) && playing
			for _, f := range l.clock.Flagged {
				cs.Out = cs.Out || f == i
			}
		}
		cf.Seats = append(cf.Seats, cs)
	}
	return cf
}
