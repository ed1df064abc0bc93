package server

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, in a registry of its own so
// that several servers can live in one process (tests).
type metrics struct {
	reg          *prometheus.Registry
	requests     *prometheus.CounterVec
	actions      *prometheus.CounterVec
	created      *prometheus.CounterVec
	storeSeconds prometheus.Histogram
	conns        prometheus.Gauge
	live         prometheus.Gauge
	failures     *prometheus.CounterVec
	panics       *prometheus.CounterVec
	limited      prometheus.Counter
	ended        prometheus.Counter
	botsWaiting  prometheus.Gauge
	botsThinking prometheus.Gauge
}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "skald_http_requests_total", Help: "HTTP requests by status.",
		}, []string{"status"}),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "skald_actions_total", Help: "Actions submitted, by game and outcome (accepted, refused, conflict, error).",
		}, []string{"game", "outcome"}),
		created: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "skald_matches_created_total", Help: "Matches created, rematches included.",
		}, []string{"game"}),
		storeSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "skald_action_store_seconds", Help: "Time to commit an action to the store.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 2, 16),
		}),
		conns: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "skald_websocket_connections", Help: "Open WebSocket connections.",
		}),
		live: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "skald_live_matches", Help: "Matches held in memory.",
		}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "skald_match_failures_total", Help: "Matches marked failed, by game and cause (game, bot, replay).",
		}, []string{"game", "cause"}),
		panics: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "skald_http_panics_total", Help: "HTTP handlers that panicked and were recovered.",
		}, []string{"where"}),
		limited: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "skald_limited_total", Help: "Requests refused because they were over a limit.",
		}),
		ended: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "skald_matches_ended_idle_total", Help: "Matches ended because nobody started or played them.",
		}),
		botsWaiting: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "skald_bots_waiting", Help: "Bots waiting for a slot to think.",
		}),
		botsThinking: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "skald_bots_thinking", Help: "Bots thinking now.",
		}),
	}
	m.reg.MustRegister(m.requests, m.actions, m.created, m.storeSeconds, m.conns, m.live,
		m.failures, m.panics, m.limited, m.ended, m.botsWaiting, m.botsThinking,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}
