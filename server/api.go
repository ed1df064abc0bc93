package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"skald/ai"
	"skald/engine"
	"skald/games"
	"skald/store"
	"skald/web"
)

func (s *Server) routes() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/games", s.handleGames)
	mux.HandleFunc("GET /api/games/{game}/assets", s.handleAssets)
	mux.HandleFunc("POST /api/matches", s.handleCreate)
	mux.HandleFunc("GET /api/matches", s.handlePlayerMatches)
	mux.HandleFunc("GET /api/matches/{id}", s.handleMatch)
	mux.HandleFunc("POST /api/matches/{id}/rematch", s.handleRematch)
	mux.HandleFunc("GET /api/matches/{id}/ws", s.handleWS)
	mux.HandleFunc("POST /api/matches/{id}/join", s.handleJoin)
	mux.HandleFunc("GET /api/lobby", s.handleLobby)
	mux.HandleFunc("GET /api/leaderboard", s.handleLeaderboard)
	mux.HandleFunc("GET /api/me", s.handleMe)
	mux.HandleFunc("GET /api/matches/{id}/record", s.handleRecord)
	mux.HandleFunc("GET /api/matches/{id}/replay", s.handleReplay)
	mux.Handle("GET /metrics", s.metrics.handler())
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, Errorf(ENOTFOUND, "no API %s %s", r.Method, r.URL.Path))
	})
	static := http.FileServerFS(web.FS())
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFileFS(w, r, web.FS(), "index.html")
	}
	mux.HandleFunc("GET /{$}", page)
	mux.HandleFunc("GET /m/{id}", page)
	mux.HandleFunc("GET /r/{id}", page)
	mux.HandleFunc("GET /leaderboard", page)
	mux.Handle("GET /static/", http.StripPrefix("/static/", static))
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "max-age=86400")
		http.ServeFileFS(w, r, web.FS(), "favicon.svg")
	})
	s.mux = http.NewServeMux()
	s.mux.Handle("/", s.logged(mux))
}

// logged logs each request (without its query, which may hold a token)
// and counts it. A handler that panics answers 500, is logged and counted,
// and the server goes on.
func (s *Server) logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t0 := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: 200}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.metrics.panics.WithLabelValues("http").Inc()
				s.log.Error("request panicked", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if !sw.wrote {
					writeJSON(sw, http.StatusInternalServerError, errorFrame(Errorf(EINTERNAL, "internal error"), 0))
				}
			}
		}()
		h.ServeHTTP(sw, r)
		s.metrics.requests.WithLabelValues(http.StatusText(sw.status)).Inc()
		if r.URL.Path == "/metrics" || r.URL.Path == "/healthz" {
			return
		}
		s.log.Info("http", "method", r.Method, "path", r.URL.Path, "status", sw.status, "duration", time.Since(t0))
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	w.status, w.wrote = code, true
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController and the WebSocket upgrade reach the
// connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// errorBody is the JSON of every error response and WebSocket error frame.
type errorBody struct {
	Type    string `json:"type"` // "error"
	ID      int64  `json:"id,omitempty"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Rule    string `json:"rule,omitempty"`
}

func errorFrame(err error, id int64) errorBody {
	return errorBody{Type: "error", ID: id, Code: ErrorCode(err), Message: ErrorMessage(err), Rule: errorRule(err)}
}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	switch ErrorCode(err) {
	case EINTERNAL:
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		s.health.storeError(err)
	case ELIMITED:
		s.metrics.limited.Inc()
		s.log.Warn("request over a limit", "method", r.Method, "path", r.URL.Path, "client", clientAddr(r), "err", ErrorMessage(err))
	}
	writeJSON(w, ErrorStatus(err), errorFrame(err, 0))
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// decode reads r's JSON body into v, refusing unknown fields, trailing
// data and bodies over the limit.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.limits.Body))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return Errorf(ETOOLARGE, "the request is over %d bytes (limit max-body=%d)", s.limits.Body, s.limits.Body)
	} else if err != nil {
		return Errorf(EINVALID, "reading the request: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return Errorf(EINVALID, "%s", typeMessage(te, body))
		}
		return Errorf(EINVALID, "malformed JSON: %v", err)
	}
	if dec.More() {
		return Errorf(EINVALID, "malformed JSON: data after the object")
	}
	return nil
}

// typeMessage says in words what a field of the wrong JSON type should
// be, naming the field, rather than Go's "cannot unmarshal number into Go
// struct field CreateRequest.options of type string". An option's value
// that is not a string is named by the option, found in body: "option
// units: an option's value is a string, such as "units": "7", not a
// number".
func typeMessage(te *json.UnmarshalTypeError, body []byte) string {
	if te.Field == "options" {
		var req struct {
			Options map[string]json.RawMessage `json:"options"`
		}
		json.Unmarshal(body, &req)
		names := slices.Sorted(maps.Keys(req.Options))
		for _, name := range names {
			raw := bytes.TrimSpace(req.Options[name])
			if len(raw) > 0 && raw[0] != '"' {
				example := "…"
				if te.Value == "number" || te.Value == "bool" {
					example = string(raw)
				}
				return fmt.Sprintf("option %s: an option's value is a string, such as \"%s\": \"%s\", not a %s", name, name, example, te.Value)
			}
		}
		if te.Value != "object" {
			return fmt.Sprintf("options: want an object of strings, such as {\"units\": \"7\"}, not a %s", te.Value)
		}
	}
	want := "a " + te.Type.String()
	switch te.Type.Kind() {
	case reflect.String:
		want = "a string"
	case reflect.Slice, reflect.Array:
		want = "a list"
		if te.Type.Elem().Kind() == reflect.String {
			want = "a list of strings"
		}
	case reflect.Map, reflect.Struct:
		want = "an object"
	case reflect.Int, reflect.Int64, reflect.Uint64, reflect.Float64:
		want = "a number"
	case reflect.Bool:
		want = "true or false"
	}
	return fmt.Sprintf("%s: want %s, not a %s", te.Field, want, te.Value)
}

// optionInfo describes one option of a game.
type optionInfo struct {
	Name    string   `json:"name"`
	Default string   `json:"default"`
	Min     int      `json:"min,omitempty"`
	Max     int      `json:"max,omitempty"`
	Choices []string `json:"choices,omitempty"`
	Help    string   `json:"help"`
}

// gameInfo describes a game to the lobby.
type gameInfo struct {
	Name      string       `json:"name"`
	Title     string       `json:"title"`
	MinSeats  int          `json:"min_seats"`
	MaxSeats  int          `json:"max_seats"`
	SeatNames []string     `json:"seat_names"`
	Options   []optionInfo `json:"options"`
	Bots      []string     `json:"bots"`
	// MaxIterations is the server's limit on a bot's iterations
	// (bot-iters), so that the lobby offers no more.
	MaxIterations int `json:"max_iterations"`
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	var out []gameInfo
	for _, g := range games.All() {
		lo, hi := g.Seats()
		var bots []string // the bots that can play this game
		for _, b := range ai.Names() {
			if ai.Supports(b, g) == nil {
				bots = append(bots, b)
			}
		}
		gi := gameInfo{Name: g.Name(), Title: g.Title(), MinSeats: lo, MaxSeats: hi, Bots: bots, MaxIterations: s.limits.Bot.MaxIterations}
		for _, o := range g.Options() {
			gi.Options = append(gi.Options, optionInfo{o.Name, o.Default, o.Min, o.Max, o.Choices, o.Help})
		}
		for i := 0; i < hi; i++ {
			gi.SeatNames = append(gi.SeatNames, engine.SeatName(g, engine.Seat(i)))
		}
		out = append(out, gi)
	}
	writeJSON(w, http.StatusOK, out)
}

// CreateRequest is the body of POST /api/matches.
type CreateRequest struct {
	Game    string         `json:"game"`
	Options engine.Options `json:"options,omitempty"`
	// Seats names who plays each seat: "human" or a bot's spec such as
	// "mcts:iters=500".
	Seats []string `json:"seats"`
	// Public lists the match in the lobby: its creator (Name, with the
	// key Player) takes Seat, by default the first person's seat, and
	// anyone may join the other people's seats by name. Rated, for a
	// public match, changes its players' ratings when it ends.
	Public bool   `json:"public,omitempty"`
	Rated  bool   `json:"rated,omitempty"`
	Name   string `json:"name,omitempty"`
	Player string `json:"player,omitempty"`
	Seat   *int   `json:"seat,omitempty"`
	// Clock, if given, times the people's seats (clock.go).
	Clock *ClockSettings `json:"clock,omitempty"`
}

// CreateResponse is the answer to POST /api/matches and to a rematch: the
// match and, once only, its tokens.
type CreateResponse struct {
	ID    string     `json:"id"`
	Game  string     `json:"game"`
	Seats []SeatLink `json:"seats"`
	// Spectator is the spectator token and its link.
	Spectator SeatLink `json:"spectator"`
}

// SeatLink is a seat and, for a human seat, its token and invitation link.
type SeatLink struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Player string `json:"player"`
	Token  string `json:"token,omitempty"`
	Link   string `json:"link,omitempty"`
	// PlayerName is the name of the person in the seat, if any; Open
	// says that a public match's seat waits for someone to join.
	PlayerName string `json:"player_name,omitempty"`
	Open       bool   `json:"open,omitempty"`
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	// The rate is checked first, as the cheapest refusal: a client over
	// it costs the server no more work.
	if err := s.mayCreate(r); err != nil {
		s.fail(w, r, err)
		return
	}
	var req CreateRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	m, resp, err := s.newMatch(req.Game, req.Options, req.Seats)
	if err == nil {
		err = s.makePublic(r.Context(), &req, m, resp)
	}
	if err == nil && req.Clock != nil {
		if err = req.Clock.check(); err == nil {
			waiting := false
			for _, st := range m.Seats {
				waiting = waiting || (m.Public && st.Open())
			}
			m.Clock = freshClock((&clockRecord{ClockSettings: *req.Clock}).String(), waiting)
		}
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.mayStore(r); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.store.CreateMatch(r.Context(), m); err != nil {
		s.fail(w, r, err)
		return
	}
	s.metrics.created.WithLabelValues(m.Game).Inc()
	s.log.Info("match created", "match", m.ID, "game", m.Game, "seats", strings.Join(req.Seats, ","), "options", m.Options.String())
	if err := s.startBots(r, m.ID, m); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, resp)
}

// startBots loads a new match whose first decision may be a bot's, so
// that it plays without waiting for a connection, and a match with a
// clock, so that its clock runs; other matches are loaded when someone
// connects.
func (s *Server) startBots(r *http.Request, id string, m *store.Match) error {
	people := m.Clock == ""
	for _, st := range m.Seats {
		people = people && st.Player == "human"
	}
	if people {
		return nil
	}
	l, err := s.get(r.Context(), id)
	if err != nil {
		return err
	}
	l.mu.Lock()
	l.kickBots()
	busy := l.botBusy
	l.mu.Unlock()
	if !busy {
		s.evict(l)
	}
	return nil
}

// mayCreate checks that the client of r may ask for one more match now:
// its address is under its rate of creations. Asking counts, whether or
// not the match is then made.
func (s *Server) mayCreate(r *http.Request) error {
	if !s.creators.allow(clientAddr(r), time.Now()) {
		return s.limits.limited("creates-per-minute", "too many matches created from your address; wait a little")
	}
	return nil
}

// mayStore checks that the server may store one more match: it is under
// its number of unstarted matches.
func (s *Server) mayStore(r *http.Request) error {
	n, err := s.store.Unstarted(r.Context())
	if err != nil {
		return err
	}
	if n >= s.limits.Unstarted {
		return s.limits.limited("unstarted", "the server holds %d matches nobody has played yet; play one, or come back later", n)
	}
	return nil
}

// newMatch checks a request for a match and makes it, with new tokens.
func (s *Server) newMatch(game string, opts engine.Options, seats []string) (*store.Match, *CreateResponse, error) {
	g, err := s.lookupGame(game)
	if err != nil {
		return nil, nil, err
	}
	size := 0
	for k, v := range opts {
		size += len(k) + len(v)
	}
	if size > s.limits.OptionBytes {
		return nil, nil, Errorf(EINVALID, "the options take %d bytes, over the limit of %d (limit max-options=%d)", size, s.limits.OptionBytes, s.limits.OptionBytes)
	}
	lo, hi := g.Seats()
	if len(seats) < lo || len(seats) > hi {
		if lo == hi {
			return nil, nil, Errorf(EINVALID, "%s is played by %d seats, not %d", g.Name(), lo, len(seats))
		}
		return nil, nil, Errorf(EINVALID, "%s is played by %d to %d seats, not %d", g.Name(), lo, hi, len(seats))
	}
	resolved, err := engine.Resolve(g.Options(), opts)
	if err != nil {
		return nil, nil, &Error{Code: EINVALID, Message: err.Error()}
	}
	m := &store.Match{ID: newID(), Game: g.Name(), Rules: g.RulesVersion(), Options: resolved}
	if s.cfg.Seed != nil {
		m.Seed = s.cfg.Seed()
	} else {
		m.Seed = randomSeed()
	}
	if _, err := g.New(engine.Config{Seats: len(seats), Seed: m.Seed, Options: resolved}); err != nil {
		return nil, nil, &Error{Code: EINVALID, Message: err.Error()}
	}
	resp := &CreateResponse{ID: m.ID, Game: g.Name()}
	for i, p := range seats {
		p = strings.TrimSpace(p)
		sl := SeatLink{Seat: i, Name: engine.SeatName(g, engine.Seat(i)), Player: p}
		seat := store.Seat{Player: p}
		if p == "human" {
			sl.Token = newToken()
			sl.Link = "/m/" + m.ID + "#t=" + sl.Token
			seat.Token = hashToken(sl.Token)
		} else if _, err := ai.NewLimited(p, 1, s.limits.Bot); err != nil {
			return nil, nil, Errorf(EINVALID, "seat %s: %v (limits bot-iters=%d, bot-time=%s, bot-depth=%d)", sl.Name, err,
				s.limits.Bot.MaxIterations, s.limits.Bot.MaxTime, s.limits.Bot.MaxDepth)
		} else if err := ai.Supports(p, g); err != nil {
			return nil, nil, Errorf(EINVALID, "seat %s: %v", sl.Name, err)
		}
		m.Seats = append(m.Seats, seat)
		resp.Seats = append(resp.Seats, sl)
	}
	spec := newToken()
	m.Spectator = hashToken(spec)
	resp.Spectator = SeatLink{Seat: int(engine.Spectator), Name: "spectator", Player: "spectator", Token: spec, Link: "/m/" + m.ID + "#t=" + spec}
	return m, resp, nil
}

// matchInfo is what anyone may know of a match.
type matchInfo struct {
	ID        string         `json:"id"`
	Game      string         `json:"game"`
	Title     string         `json:"title"`
	Options   engine.Options `json:"options"`
	Seats     []seatInfo     `json:"seats"`
	Status    string         `json:"status"`
	Result    string         `json:"result,omitempty"`
	Actions   int            `json:"actions"`
	Rematch   string         `json:"rematch,omitempty"`
	RematchOf string         `json:"rematch_of,omitempty"`
	Created   time.Time      `json:"created"`
	Updated   time.Time      `json:"updated"`
	// Seat is the seat of the player who asked, in a player's list.
	Seat     *int   `json:"seat,omitempty"`
	SeatName string `json:"seat_name,omitempty"`
	Public   bool   `json:"public,omitempty"`
	Rated    bool   `json:"rated,omitempty"`
	// OpenSeats counts the seats of a public match nobody has taken.
	OpenSeats int `json:"open_seats,omitempty"`
	// Replay is the replay viewer's link of a finished match, in the
	// lobby.
	Replay string `json:"replay,omitempty"`
	// Clock is the match's clock, if it has one.
	Clock *ClockSettings `json:"clock,omitempty"`
}

func (s *Server) info(m *store.Match) matchInfo {
	mi := matchInfo{ID: m.ID, Game: m.Game, Title: m.Game, Options: m.Options, Status: m.Status, Result: m.Result,
		Actions: m.Actions, Rematch: m.Rematch, RematchOf: m.RematchOf, Created: m.Created, Updated: m.Updated,
		Public: m.Public, Rated: m.Rated}
	if c, err := parseClock(m.Clock); err == nil && c != nil {
		mi.Clock = &c.ClockSettings
	}
	g, err := s.lookupGame(m.Game)
	for i, st := range m.Seats {
		name := ""
		if err == nil {
			name = engine.SeatName(g, engine.Seat(i))
		}
		si := seatInfo{Name: name, Player: st.Player, PlayerName: st.Name, Open: m.Public && st.Open()}
		if si.Open {
			mi.OpenSeats++
		}
		mi.Seats = append(mi.Seats, si)
	}
	if err == nil {
		mi.Title = g.Title()
	}
	return mi
}

func (s *Server) handleMatch(w http.ResponseWriter, r *http.Request) {
	m, err := s.store.Match(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s.info(m))
}

// handlePlayerMatches lists the matches of the player whose key is the
// player parameter (a secret the browser keeps).
func (s *Server) handlePlayerMatches(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Query().Get("player")
	if len(key) < 16 || len(key) > 128 {
		s.fail(w, r, Errorf(EINVALID, "player: want the player's key (16 to 128 characters)"))
		return
	}
	pms, err := s.store.PlayerMatches(r.Context(), hashToken("player:"+key), 100)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := []matchInfo{}
	for _, pm := range pms {
		mi := s.info(pm.Match)
		seat := int(pm.Seat)
		mi.Seat = &seat
		if seat >= 0 && seat < len(mi.Seats) {
			mi.SeatName = mi.Seats[seat].Name
		} else {
			mi.SeatName = "spectator"
		}
		out = append(out, mi)
	}
	writeJSON(w, http.StatusOK, out)
}

// authorize returns the seat that token opens in m: one of its seats,
// Spectator for the spectator token, or an EUNAUTHORIZED error.
func authorize(m *store.Match, token string) (engine.Seat, error) {
	if token == "" {
		return 0, Errorf(EUNAUTHORIZED, "no token: open the match with its invitation link")
	}
	h := hashToken(token)
	for i, st := range m.Seats {
		if st.Token != "" && st.Token == h {
			return engine.Seat(i), nil
		}
	}
	if m.Spectator == h {
		return engine.Spectator, nil
	}
	return 0, Errorf(EUNAUTHORIZED, "this token opens no seat of match %s", m.ID)
}

func bearer(r *http.Request) string {
	if t, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		return strings.TrimSpace(t)
	}
	return r.URL.Query().Get("token")
}

// handleRematch starts a rematch of a finished match: the same game,
// options and players in the same seats, a new seed. The seats' tokens
// stay the same, so every invitation link opens the rematch too; asking
// twice gives the same rematch.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	old, err := s.store.Match(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	seat, err := authorize(old, bearer(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if seat == engine.Spectator {
		s.fail(w, r, Errorf(EFORBIDDEN, "a spectator cannot start a rematch"))
		return
	}
	if old.Status != store.Over {
		s.fail(w, r, Errorf(ECONFLICT, "match %s is not over", old.ID))
		return
	}
	id := old.Rematch
	if id == "" {
		m := &store.Match{ID: newID(), Game: old.Game, Rules: old.Rules, Options: old.Options, Seats: old.Seats, Spectator: old.Spectator,
			Public: old.Public, Rated: old.Rated, Clock: freshClock(old.Clock, false)}
		if g, err := s.lookupGame(old.Game); err == nil {
			m.Rules = g.RulesVersion()
		}
		if s.cfg.Seed != nil {
			m.Seed = s.cfg.Seed()
		} else {
			m.Seed = randomSeed()
		}
		if err := s.mayCreate(r); err == nil {
			err = s.mayStore(r)
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if id, err = s.store.Rematch(r.Context(), old.ID, m); err != nil {
			s.fail(w, r, err)
			return
		}
		if id == m.ID {
			s.metrics.created.WithLabelValues(m.Game).Inc()
			s.log.Info("rematch created", "match", m.ID, "of", old.ID)
			if err := s.startBots(r, m.ID, m); err != nil {
				s.fail(w, r, err)
				return
			}
		}
	}
	s.mu.Lock()
	l := s.live[old.ID]
	s.mu.Unlock()
	if l != nil {
		l.setRematch(id)
	}
	writeJSON(w, http.StatusOK, map[string]string{"id": id, "link": "/m/" + id})
}

// recordStep is one step of a finished match's record.
type recordStep struct {
	Seq      int           `json:"seq"`
	Seat     int           `json:"seat"`
	SeatName string        `json:"seat_name"`
	Action   string        `json:"action"`
	Hash     string        `json:"hash"`
	Events   []recordEvent `json:"events"`
}

// recordEvent is an event of a finished match's record; To names the
// seats that alone saw it, if it was not public.
type recordEvent struct {
	Seq  int      `json:"seq"`
	Type string   `json:"type"`
	Text string   `json:"text"`
	To   []string `json:"to,omitempty"`
}

// finished returns the match id, if it is over, failed or ended, as far
// as its stored actions replay, and every stored action, and whether the
// request comes from one of its players (it carries a seat's token). Its
// secrets (each seat's view, the private events, the seed) are shown only
// then, and only to its players: anyone else sees what the rules show
// everyone, as a spectator did.
func (s *Server) finished(r *http.Request) (*live, []store.Action, bool, error) {
	id := r.PathValue("id")
	m, err := s.store.Match(r.Context(), id)
	if err != nil {
		return nil, nil, false, err
	}
	if m.Status == store.Playing {
		return nil, nil, false, Errorf(ECONFLICT, "match %s is being played: its record is shown when it ends", id)
	}
	player := false
	if t := bearer(r); t != "" {
		seat, err := authorize(m, t)
		player = err == nil && seat != engine.Spectator
	}
	l, acts, err := s.loadRecord(r.Context(), id) // not kept: replays are read once
	return l, acts, player, err
}

// handleRecord returns a finished match's record: as JSON with every
// event, or with ?format=jsonl as the record file skald replay reads. The
// record of a failed match holds every stored action; the JSON has the
// events of those that replay and says where replay stops.
//
// The record file, and in the JSON the seed and the events only some
// seats saw, are given to the match's players only (a seat's token):
// anyone else gets the public events and no seed, as a spectator saw it.
func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	l, acts, player, err := s.finished(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	header := engine.Header{Format: engine.RecordFormat, Game: l.game.Name(), Rules: l.meta.Rules, Options: l.meta.Options, Seed: l.meta.Seed}
	if !player {
		header.Seed = 0 // with the actions, the seed would tell every secret
	}
	for _, st := range l.meta.Seats {
		header.Seats = append(header.Seats, st.Player)
	}
	if r.URL.Query().Get("format") == "jsonl" {
		if !player {
			s.fail(w, r, Errorf(EFORBIDDEN, "match %s's record file holds every secret: it is given to its players (with a seat's link); others may watch its replay", l.id))
			return
		}
		w.Header().Set("Content-Type", "application/jsonl")
		w.Header().Set("Content-Disposition", `attachment; filename="`+l.id+`.jsonl"`)
		rec, err := engine.NewRecorder(w, header)
		if err != nil {
			return
		}
		for _, a := range acts {
			rec.Add(engine.Step{Seat: a.Seat, Action: a.Action, Hash: a.Hash})
		}
		return
	}
	out := struct {
		Match  matchInfo     `json:"match"`
		Header engine.Header `json:"header"`
		Steps  []recordStep  `json:"steps"`
		// Replays is the number of steps that replay; fewer than the
		// steps when the match failed on a stored step.
		Replays int    `json:"replays"`
		Failure string `json:"failure,omitempty"`
	}{Match: s.info(l.meta), Header: header, Steps: []recordStep{}, Replays: len(l.steps), Failure: l.damage}
	for i, a := range acts {
		rs := recordStep{Seq: i + 1, Seat: int(a.Seat), SeatName: engine.SeatName(l.game, a.Seat), Action: a.Action, Hash: a.Hash, Events: []recordEvent{}}
		if i < len(l.steps) {
			for _, e := range l.steps[i].events {
				if !player && !e.Visible(engine.Spectator) {
					continue
				}
				re := recordEvent{Seq: i + 1, Type: e.Type, Text: e.Text, To: e.Names(l.game, len(l.meta.Seats))}
				rs.Events = append(rs.Events, re)
			}
		}
		out.Steps = append(out.Steps, rs)
	}
	writeJSON(w, http.StatusOK, out)
}

// handleReplay returns the view of a seat (or the spectator) after step
// ?step=N of a finished match. A seat's view is shown to the match's
// players only; anyone else sees the spectator's.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	l, _, player, err := s.finished(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	n := len(l.steps)
	if v := q.Get("step"); v != "" {
		k, err := strconv.Atoi(v)
		if err != nil || k < 0 || k > len(l.steps) {
			s.fail(w, r, Errorf(EINVALID, "step: want 0 to %d", len(l.steps)))
			return
		}
		n = k
	}
	seat := engine.Spectator
	if v := q.Get("seat"); v != "" {
		if seat, err = engine.ParseSeat(l.game, len(l.meta.Seats), v); err != nil {
			s.fail(w, r, &Error{Code: EINVALID, Message: err.Error()})
			return
		}
	}
	if seat != engine.Spectator && !player {
		s.fail(w, r, Errorf(EFORBIDDEN, "%s's view is shown to the match's players (with a seat's link); others see what the spectators saw", engine.SeatName(l.game, seat)))
		return
	}
	st, err := l.game.New(engine.Config{Seats: len(l.meta.Seats), Seed: l.meta.Seed, Options: l.meta.Options})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var view any
	legal, actions := []string{}, []actionInfo{}
	err = guard(func() error {
		for _, step := range l.steps[:n] {
			a, err := st.ParseAction(step.seat, step.action)
			if err == nil {
				err = st.Apply(a, nil)
			}
			if err != nil {
				return err
			}
		}
		if seat != engine.Spectator {
			for _, a := range st.Legal(seat, nil) {
				info := describeAction(st, a)
				legal, actions = append(legal, info.Text), append(actions, info)
			}
		}
		view = st.View(seat)
		return nil
	})
	if err != nil {
		s.fail(w, r, Errorf(EFAILED, "step %d of match %s does not replay: %v", n, l.id, err))
		return
	}
	// The events seat saw up to step n, filtered as in the live frames.
	events := []eventInfo{}
	for i, step := range l.steps[:n] {
		for _, e := range step.events {
			if e.Visible(seat) {
				events = append(events, eventInfo{Seq: i + 1, Type: e.Type, Text: e.Text})
			}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"step": n, "steps": len(l.steps), "seat": engine.SeatName(l.game, seat), "view": view, "legal": legal, "actions": actions, "events": events})
}
