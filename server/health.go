package server

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	"skald/store"
)

// health is what the server knows is wrong beyond what a query shows: a
// store error that says the database is damaged.
type health struct {
	mu     sync.Mutex
	damage string
}

// damageSigns are the words of the errors with which SQLite and
// PostgreSQL report a damaged database.
var damageSigns = []string{"malformed", "corrupt", "not a database", "disk I/O error", "SQLSTATE XX001", "SQLSTATE XX002"}

// storeError notes err, an error of the store, if it says the database is
// damaged.
func (h *health) storeError(err error) {
	if err == nil {
		return
	}
	msg := err.Error()
	for _, sign := range damageSigns {
		if strings.Contains(msg, sign) {
			h.mu.Lock()
			h.damage = msg
			h.mu.Unlock()
			return
		}
	}
}

// Health is the answer of /healthz: 200 when Status is "ok", 503 when it
// is "unavailable" (the database does not answer) or "damaged" (it
// reported damage since the server started).
type Health struct {
	Status   string `json:"status"`
	Database string `json:"database"`
	// Damage is the error that reported the database damaged.
	Damage string `json:"damage,omitempty"`
	// Failed counts the matches that failed and are not resumed until an
	// operator retries them (skald match list --status failed), and
	// FailedIDs names the most recent.
	Failed    int      `json:"failed_matches"`
	FailedIDs []string `json:"failed,omitempty"`
	Live      int      `json:"live_matches"`
}

// Health checks the database and reports the server's health.
func (s *Server) Health(ctx context.Context) Health {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	h := Health{Status: "ok", Database: "ok", Live: s.LiveMatches()}
	if _, err := s.store.Unstarted(ctx); err != nil {
		s.health.storeError(err)
		h.Status, h.Database = "unavailable", err.Error()
	} else if failed, err := s.store.Matches(ctx, store.Failed, 1000); err == nil {
		h.Failed = len(failed)
		for _, m := range failed[:min(len(failed), 20)] {
			h.FailedIDs = append(h.FailedIDs, m.ID)
		}
	}
	s.health.mu.Lock()
	if s.health.damage != "" {
		h.Status, h.Damage = "damaged", s.health.damage
	}
	s.health.mu.Unlock()
	return h
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	h := s.Health(r.Context())
	status := http.StatusOK
	if h.Status != "ok" {
		status = http.StatusServiceUnavailable
	}
	writeJSON(w, status, h)
}
