// Package server serves skald's matches over HTTP and WebSocket: a lobby
// API to create matches and rematches, live play in which each seat
// receives only its own view and legal actions, bots playing their seats
// on the server, a replay API for finished matches, the embedded browser
// client (package web), /metrics for Prometheus and structured logs.
//
// The server is authoritative: it checks every action with the game's
// rules and stores it (package store) before anyone sees its result.
// Several servers may share one PostgreSQL database and serve the same
// matches; each action takes the next step of its match in the database
// or none.
package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"skald/engine"
	"skald/games"
	"skald/store"
)

// Config configures a Server.
type Config struct {
	// Store keeps the matches. Required.
	Store store.Store
	// Logger receives structured logs; nil discards them.
	Logger *slog.Logger
	// BotDelay is how long a bot waits before it acts, so that people
	// can follow a bot's moves; 0 for none.
	BotDelay time.Duration
	// Seed returns a new match's seed; nil picks a random one.
	Seed func() uint64
	// Limits bounds what clients may ask for; a zero field takes its
	// value from DefaultLimits.
	Limits Limits
	// Games looks up a game by name; nil means games.Lookup. Tests serve
	// test games with it.
	Games func(name string) (engine.Game, error)
}

// Server serves matches. Create it with New; it is an http.Handler.
type Server struct {
	cfg      Config
	limits   Limits
	store    store.Store
	log      *slog.Logger
	metrics  *metrics
	mux      *http.ServeMux
	creators *creators
	thinking chan struct{} // a slot per bot that may think at once
	health   health

	ctx    context.Context // canceled by Close
	cancel context.CancelFunc
	wg     sync.WaitGroup // bots and listeners

	games sync.Map // name → engine.Game, as looked up (lookupGame)

	mu         sync.Mutex
	live       map[string]*live
	tokens     map[string]int // open WebSockets by token hash
	matchConns map[string]int // open WebSockets by match
}

// New returns a server for cfg. Call Resume to restart the bots of
// matches in progress, and Close when done.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Games == nil {
		cfg.Games = games.Lookup
	}
	lim := cfg.Limits.withDefaults()
	if err := lim.Check(); err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s := &Server{cfg: cfg, limits: lim, store: cfg.Store, log: cfg.Logger, live: map[string]*live{}, tokens: map[string]int{},
		creators: newCreators(lim.CreatesPerMinute, lim.CreateBurst), thinking: make(chan struct{}, lim.BotSearches)}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.metrics = newMetrics(s)
	s.routes()
	if n, ok := cfg.Store.(store.Notifier); ok {
		s.wg.Add(1)
		go s.listen(n)
	}
	s.wg.Add(1)
	go s.janitor()
	return s, nil
}

// Limits returns the server's limits.
func (s *Server) Limits() Limits { return s.limits }

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Close stops the bots and the listener and waits for them. It does not
// close the store.
func (s *Server) Close() error {
	s.cancel()
	s.mu.Lock()
	for _, l := range s.live {
		l.mu.Lock()
		for c := range l.conns {
			c.close()
		}
		l.mu.Unlock()
	}
	s.mu.Unlock()
	s.wg.Wait()
	return nil
}

// Resume loads the matches in progress so that their bots play on.
// Matches in which only people are to move are loaded when someone
// connects. A match that cannot be resumed (a stored action that no
// longer applies, a game that panics) is marked failed and listed in the
// log and in /healthz, and the others are resumed; failed matches are not
// resumed until an operator retries them (skald match retry).
func (s *Server) Resume(ctx context.Context) error {
	ids, err := s.store.Playing(ctx)
	if err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	for _, id := range ids {
		l, err := s.get(ctx, id)
		if err != nil {
			s.log.Error("resume", "match", id, "err", err)
			continue
		}
		l.mu.Lock()
		failed := l.meta.Status == store.Failed
		l.mu.Unlock()
		if failed {
			s.evict(l)
			continue
		}
		l.mu.Lock()
		l.kickBots()
		idle := !l.botBusy && len(l.conns) == 0
		l.mu.Unlock()
		if idle {
			s.evict(l)
		}
	}
	if err := s.rateMissed(ctx); err != nil {
		s.log.Error("resume: ratings", "err", err)
	}
	failed, err := s.store.Matches(ctx, store.Failed, 1000)
	if err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	for _, m := range failed {
		s.log.Warn("not resumed: the match failed", "match", m.ID, "game", m.Game, "step", m.Actions, "reason", m.Result)
	}
	return nil
}

// get returns the live match id, loading it if need be. A match whose
// stored steps do not replay is marked failed and returned as far as it
// replays.
func (s *Server) get(ctx context.Context, id string) (*live, error) {
	s.mu.Lock()
	l := s.live[id]
	s.mu.Unlock()
	if l != nil {
		l.mu.Lock()
		failed := l.meta.Status == store.Failed
		l.mu.Unlock()
		if !failed {
			return l, nil
		}
		// An operator may have retried it since.
		if m, err := s.store.Match(ctx, id); err != nil || m.Status == store.Failed {
			return l, nil
		}
		s.drop(l)
	}
	l, err := s.load(ctx, id)
	var re *replayError
	if errors.As(err, &re) {
		l, err = s.loadFailed(ctx, id, re)
	}
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if prev := s.live[id]; prev != nil {
		return prev, nil
	}
	s.live[id] = l
	s.metrics.live.Set(float64(len(s.live)))
	l.mu.Lock()
	l.armClock() // a clock that ran out while the match was not held is dealt with now
	l.mu.Unlock()
	return l, nil
}

// loadFailed loads match id as far as its stored steps replay and marks
// it failed because of re.
func (s *Server) loadFailed(ctx context.Context, id string, re *replayError) (*live, error) {
	l, _, err := s.loadRecord(ctx, id)
	if err != nil {
		if errors.As(err, &re) {
			// It does not even start: mark it failed without a state.
			s.log.Error("match failed", "match", id, "cause", "replay", "err", err.Error())
			s.metrics.failures.WithLabelValues("", "replay").Inc()
			if serr := s.store.SetStatus(ctx, id, []string{store.Playing}, store.Failed, err.Error()); serr != nil && !errors.Is(serr, store.ErrConflict) {
				s.log.Error("mark match failed", "match", id, "err", serr)
			}
			return nil, Errorf(EFAILED, "match %s has stopped: %v; the server's operator can retry it", id, err)
		}
		return nil, err
	}
	l.mu.Lock()
	l.fail("replay", re)
	l.mu.Unlock()
	return l, nil
}

// drop removes l from memory, whoever watches it: they are disconnected
// and reconnect to the match as stored.
func (s *Server) drop(l *live) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l.mu.Lock()
	defer l.mu.Unlock()
	if s.live[l.id] == l {
		delete(s.live, l.id)
		s.metrics.live.Set(float64(len(s.live)))
	}
	l.evicted = true
	for c := range l.conns {
		c.close()
	}
}

// evict drops l from memory if nobody watches it and no bot plays in it.
func (s *Server) evict(l *live) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.conns) > 0 || l.botBusy || s.live[l.id] != l {
		return
	}
	if l.clock != nil && l.clock.Start != 0 && l.meta.Status == store.Playing {
		return // kept in memory, where its clock's timer runs
	}
	l.evicted = true
	delete(s.live, l.id)
	s.metrics.live.Set(float64(len(s.live)))
}

// listen applies the actions other processes store to the matches held
// here, reconnecting when the connection fails.
func (s *Server) listen(n store.Notifier) {
	defer s.wg.Done()
	for s.ctx.Err() == nil {
		err := n.Listen(s.ctx, func(id string, seq int) {
			if id == "" {
				// Listening (again): what another server stored before
				// may have been missed. Read every match held again.
				s.rereadAll()
				return
			}
			s.mu.Lock()
			l := s.live[id]
			s.mu.Unlock()
			if l == nil {
				return
			}
			if seq == 0 {
				// A player joined the match on another server.
				l.reseat(s.ctx)
				return
			}
			l.mu.Lock()
			behind := len(l.steps) < seq
			l.mu.Unlock()
			if behind {
				if err := l.refresh(s.ctx); err != nil {
					s.log.Error("refresh", "match", id, "err", err)
				}
			}
		})
		if s.ctx.Err() != nil {
			return
		}
		s.log.Warn("listen for other servers' actions", "err", err)
		select {
		case <-time.After(time.Second):
		case <-s.ctx.Done():
		}
	}
}

// rereadAll brings every match held up to date with the store: its
// seats and the actions other servers stored.
func (s *Server) rereadAll() {
	s.mu.Lock()
	held := make([]*live, 0, len(s.live))
	for _, l := range s.live {
		held = append(held, l)
	}
	s.mu.Unlock()
	for _, l := range held {
		l.reseat(s.ctx)
		if err := l.refresh(s.ctx); err != nil {
			s.log.Error("refresh", "match", l.id, "err", err)
		}
	}
}

// janitor ends, now and then, the matches nobody started and those
// abandoned (Limits.UnstartedAge and IdleAge), until the server closes.
func (s *Server) janitor() {
	defer s.wg.Done()
	every := min(time.Minute, s.limits.UnstartedAge/2, s.limits.IdleAge/2)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			if _, err := s.EndIdle(s.ctx); err != nil && s.ctx.Err() == nil {
				s.log.Error("end idle matches", "err", err)
			}
		}
	}
}

// EndIdle ends the matches nobody acted in since they were created
// Limits.UnstartedAge ago, and those nobody acted in for Limits.IdleAge.
// Their records are kept. It returns their ids.
func (s *Server) EndIdle(ctx context.Context) ([]string, error) {
	now := time.Now()
	ids, err := s.store.EndIdle(ctx, now.Add(-s.limits.UnstartedAge), now.Add(-s.limits.IdleAge),
		fmt.Sprintf("ended: nobody played it within %s of its creation", s.limits.UnstartedAge),
		fmt.Sprintf("ended: nobody played it for %s", s.limits.IdleAge))
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		s.log.Info("match ended idle", "match", id)
		s.metrics.ended.Inc()
		s.mu.Lock()
		l := s.live[id]
		s.mu.Unlock()
		if l != nil {
			if m, err := s.store.Match(ctx, id); err == nil {
				l.mu.Lock()
				l.meta.Status, l.meta.Result = m.Status, m.Result
				l.publish(len(l.steps))
				l.mu.Unlock()
			}
		}
	}
	return ids, nil
}

// lookupGame returns the game called name. Games are looked up once and
// kept: a lookup builds the registry's games, which cost more than the
// rest of creating a match.
func (s *Server) lookupGame(name string) (engine.Game, error) {
	if g, ok := s.games.Load(name); ok {
		return g.(engine.Game), nil
	}
	g, err := s.cfg.Games(name)
	if err != nil {
		return nil, &Error{Code: EINVALID, Message: err.Error()}
	}
	s.games.Store(name, g)
	return g, nil
}

// newID returns a match id: 12 random base32 letters.
func newID() string {
	var b [10]byte
	rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])[:12])
}

// newToken returns a new secret token.
func newToken() string {
	var b [24]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// hashToken returns the hash under which a token is stored.
func hashToken(t string) string {
	h := sha256.Sum256([]byte("skald token\x00" + t))
	return hex.EncodeToString(h[:])
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) & (1<<53 - 1) // exact in JSON numbers
}

// LiveMatches returns the number of matches held in memory.
func (s *Server) LiveMatches() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.live)
}
