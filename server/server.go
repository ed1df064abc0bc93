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
	// MaxMessage is the largest WebSocket message read, in bytes; 0 means
	// DefaultMaxMessage.
	MaxMessage int64
}

// DefaultMaxMessage is the default limit on a WebSocket message's size.
const DefaultMaxMessage = 8 << 10

// Server serves matches. Create it with New; it is an http.Handler.
type Server struct {
	cfg     Config
	store   store.Store
	log     *slog.Logger
	metrics *metrics
	mux     *http.ServeMux

	ctx    context.Context // canceled by Close
	cancel context.CancelFunc
	wg     sync.WaitGroup // bots and listeners

	mu   sync.Mutex
	live map[string]*live
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
	if cfg.MaxMessage <= 0 {
		cfg.MaxMessage = DefaultMaxMessage
	}
	s := &Server{cfg: cfg, store: cfg.Store, log: cfg.Logger, live: map[string]*live{}}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.metrics = newMetrics(s)
	s.routes()
	if n, ok := cfg.Store.(store.Notifier); ok {
		s.wg.Add(1)
		go s.listen(n)
	}
	return s, nil
}

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
// connects.
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
		l.kickBots()
		idle := !l.botBusy && len(l.conns) == 0
		l.mu.Unlock()
		if idle {
			s.evict(l)
		}
	}
	return nil
}

// get returns the live match id, loading it if need be.
func (s *Server) get(ctx context.Context, id string) (*live, error) {
	s.mu.Lock()
	l := s.live[id]
	s.mu.Unlock()
	if l != nil {
		return l, nil
	}
	l, err := s.load(ctx, id)
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
	return l, nil
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
			s.mu.Lock()
			l := s.live[id]
			s.mu.Unlock()
			if l == nil {
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

// lookupGame returns the registered game called name.
func lookupGame(name string) (engine.Game, error) {
	g, err := games.Lookup(name)
	if err != nil {
		return nil, &Error{Code: EINVALID, Message: err.Error()}
	}
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
