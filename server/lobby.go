package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode"

	"skald/engine"
	"skald/rating"
	"skald/store"
)

// maxName is the longest player name, in characters.
const maxName = 24

// checkName returns name trimmed, or an EINVALID error saying what is
// wrong with it: 1 to 24 letters, digits, spaces, '-', '_' or '.'.
func checkName(name string) (string, error) {
	name = strings.TrimSpace(name)
	n := 0
	for _, r := range name {
		n++
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" -_.", r) {
			return "", Errorf(EINVALID, "name: %q is not allowed in a name (letters, digits, spaces, - _ .)", r)
		}
	}
	if n == 0 {
		return "", Errorf(EINVALID, "name: give a name to play under")
	}
	if n > maxName {
		return "", Errorf(EINVALID, "name: at most %d characters, not %d", maxName, n)
	}
	return name, nil
}

// checkPlayerKey checks a browser's player key.
func checkPlayerKey(key string) error {
	if len(key) < 16 || len(key) > 128 {
		return Errorf(EINVALID, "player: want the player's key (16 to 128 characters)")
	}
	return nil
}

// account returns the hash under which the player with key is stored.
func account(key string) string { return hashToken("player:" + key) }

// claim gives name to the player with key, or says why not.
func (s *Server) claim(ctx context.Context, key, name string) (string, error) {
	if err := checkPlayerKey(key); err != nil {
		return "", err
	}
	name, err := checkName(name)
	if err != nil {
		return "", err
	}
	if err := s.store.ClaimName(ctx, account(key), name); err != nil {
		if errors.Is(err, store.ErrNameTaken) {
			return "", Errorf(ECONFLICT, "the name %q is taken by another player; choose another", name)
		}
		return "", err
	}
	return name, nil
}

// makePublic turns the new match m into a public one: the creator, whose
// key and name req gives, takes seat req.Seat (by default the first
// person's seat) and every other person's seat is left open for anyone
// to join from the lobby.
func (s *Server) makePublic(ctx context.Context, req *CreateRequest, m *store.Match, resp *CreateResponse) error {
	if !req.Public {
		if req.Rated {
			return Errorf(EINVALID, "rated: only a public match is rated (its players join it by name)")
		}
		return nil
	}
	mine := -1
	if req.Seat != nil {
		mine = *req.Seat
		if mine < 0 || mine >= len(m.Seats) || m.Seats[mine].Player != "human" {
			return Errorf(EINVALID, "seat: %d is not a person's seat of this match", mine)
		}
	} else {
		for i, st := range m.Seats {
			if st.Player == "human" {
				mine = i
				break
			}
		}
		if mine < 0 {
			return Errorf(EINVALID, "public: a public match needs a person's seat")
		}
	}
	humans := 0
	for _, st := range m.Seats {
		if st.Player == "human" {
			humans++
		}
	}
	if req.Rated && humans < 2 {
		return Errorf(EINVALID, "rated: a rated match is between people; it needs two people's seats or more")
	}
	name, err := s.claim(ctx, req.Player, req.Name)
	if err != nil {
		return err
	}
	m.Public, m.Rated = true, req.Rated
	for i := range m.Seats {
		if m.Seats[i].Player != "human" {
			continue
		}
		if i == mine {
			m.Seats[i].Name, m.Seats[i].Account = name, account(req.Player)
			resp.Seats[i].PlayerName = name
			continue
		}
		m.Seats[i].Token = ""
		resp.Seats[i].Token, resp.Seats[i].Link, resp.Seats[i].Open = "", "", true
	}
	return nil
}

// JoinRequest is the body of POST /api/matches/{id}/join: the open seat
// to take, and the name and key of the player who takes it.
type JoinRequest struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Player string `json:"player"`
}

// handleJoin gives an open seat of a public match to a player by name and
// answers with the seat's new token and link.
func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	var req JoinRequest
	if err := s.decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	ctx := r.Context()
	m, err := s.store.Match(ctx, r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !m.Public {
		s.fail(w, r, Errorf(EFORBIDDEN, "match %s is not public: join it with the invitation link you were sent", m.ID))
		return
	}
	if m.Status != store.Playing {
		s.fail(w, r, Errorf(ECONFLICT, "match %s is %s", m.ID, m.Status))
		return
	}
	if req.Seat < 0 || req.Seat >= len(m.Seats) {
		s.fail(w, r, Errorf(EINVALID, "seat: want 0 to %d, not %d", len(m.Seats)-1, req.Seat))
		return
	}
	if !m.Seats[req.Seat].Open() {
		s.fail(w, r, Errorf(ECONFLICT, "seat %d of match %s is taken", req.Seat, m.ID))
		return
	}
	if err := checkPlayerKey(req.Player); err != nil {
		s.fail(w, r, err)
		return
	}
	for i, st := range m.Seats {
		if st.Account != "" && st.Account == account(req.Player) {
			s.fail(w, r, Errorf(ECONFLICT, "you already play seat %d of match %s", i, m.ID))
			return
		}
	}
	name, err := s.claim(ctx, req.Player, req.Name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	token := newToken()
	st := store.Seat{Player: "human", Token: hashToken(token), Name: name, Account: account(req.Player)}
	// The last seat taken starts the clock.
	open := 0
	for _, x := range m.Seats {
		if x.Open() {
			open++
		}
	}
	clock := ""
	if open == 1 && m.Clock != "" {
		clock = freshClock(m.Clock, false)
	}
	if err := s.store.JoinSeat(ctx, m.ID, req.Seat, st, clock); err != nil {
		if errors.Is(err, store.ErrConflict) {
			err = Errorf(ECONFLICT, "seat %d of match %s was just taken", req.Seat, m.ID)
		}
		s.fail(w, r, err)
		return
	}
	if err := s.store.AddPlayer(ctx, account(req.Player), m.ID, engine.Seat(req.Seat)); err != nil {
		s.log.Error("join: add player", "match", m.ID, "err", err)
	}
	s.log.Info("seat joined", "match", m.ID, "seat", req.Seat)
	// Those watching the match see who took the seat.
	s.mu.Lock()
	l := s.live[m.ID]
	s.mu.Unlock()
	if l == nil && clock != "" {
		// The clock has started: the match is held, with its timer set,
		// even if nobody connects.
		if _, err := s.get(ctx, m.ID); err != nil {
			s.log.Error("join: load the match", "match", m.ID, "err", err)
		}
	} else if l != nil {
		l.mu.Lock()
		if req.Seat < len(l.meta.Seats) {
			l.meta.Seats[req.Seat] = st
			l.static = nil
			if c, err := parseClock(clock); err == nil && c != nil && l.clock != nil {
				l.meta.Clock, l.clock.Start = clock, c.Start
			}
			l.publish(len(l.steps))
		}
		l.mu.Unlock()
	}
	g, _ := s.lookupGame(m.Game)
	seatName := ""
	if g != nil {
		seatName = engine.SeatName(g, engine.Seat(req.Seat))
	}
	writeJSON(w, http.StatusOK, SeatLink{Seat: req.Seat, Name: seatName, Player: "human", PlayerName: name, Token: token, Link: "/m/" + m.ID + "#t=" + token})
}

// lobbyInfo is the lobby: public matches with a seat open, those being
// played, and those finished with their replays.
type lobbyInfo struct {
	Open     []matchInfo `json:"open"`
	Playing  []matchInfo `json:"playing"`
	Finished []matchInfo `json:"finished"`
}

// handleLobby lists the public matches.
func (s *Server) handleLobby(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	out := lobbyInfo{Open: []matchInfo{}, Playing: []matchInfo{}, Finished: []matchInfo{}}
	playing, err := s.store.PublicMatches(ctx, store.Playing, 100)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for _, m := range playing {
		mi := s.info(m)
		if mi.OpenSeats > 0 {
			out.Open = append(out.Open, mi)
		} else {
			out.Playing = append(out.Playing, mi)
		}
	}
	over, err := s.store.PublicMatches(ctx, store.Over, 30)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for _, m := range over {
		mi := s.info(m)
		mi.Replay = "/r/" + m.ID
		out.Finished = append(out.Finished, mi)
	}
	writeJSON(w, http.StatusOK, out)
}

// ratingInfo is one line of a leaderboard.
type ratingInfo struct {
	Name      string    `json:"name"`
	Rating    int       `json:"rating"`
	Deviation int       `json:"deviation"`
	Matches   int       `json:"matches"`
	Updated   time.Time `json:"updated"`
}

// handleLeaderboard lists the ratings in ?game=G, the highest first.
func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("game")
	g, err := s.lookupGame(name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rs, err := s.store.Leaderboard(r.Context(), g.Name(), 100)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := []ratingInfo{}
	for _, x := range rs {
		out = append(out, ratingInfo{Name: x.Name, Rating: int(x.Rating + 0.5), Deviation: int(x.Deviation + 0.5), Matches: x.Matches, Updated: x.Updated})
	}
	writeJSON(w, http.StatusOK, map[string]any{"game": g.Name(), "title": g.Title(), "ratings": out})
}

// ratedSeat is a rated seat of a finished match: its player and place.
type ratedSeat struct {
	account string
	place   int
}

// ratedSeats returns the seats a rated match that just ended rates: its
// people with a name, by place. A match in which a player holds two
// seats, or fewer than two players are named, rates nobody. l.mu is held.
func (l *live) ratedSeats() []ratedSeat {
	r, over := l.result()
	if !over {
		return nil
	}
	n := len(l.meta.Seats)
	r = r.Complete(n)
	if r.Check(n) != nil {
		return nil
	}
	var out []ratedSeat
	seen := map[string]bool{}
	for i, st := range l.meta.Seats {
		if st.Account == "" {
			continue
		}
		if seen[st.Account] {
			return nil
		}
		seen[st.Account] = true
		out = append(out, ratedSeat{st.Account, r.Place(engine.Seat(i))})
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// rate counts a rated match that ended in its players' ratings, once.
// The store reads, updates and writes them in one transaction that holds
// the players, so that two matches of one player ending at once, on this
// server or another, take turns rather than lose an update.
func (s *Server) rate(ctx context.Context, id, game string, seats []ratedSeat) error {
	if len(seats) < 2 {
		// Nobody to rate: marked counted all the same.
		if err := s.store.SaveRatings(ctx, id, nil); err != nil && !errors.Is(err, store.ErrConflict) {
			return err
		}
		return nil
	}
	accounts := make([]string, len(seats))
	for i, st := range seats {
		accounts[i] = st.account
	}
	err := s.store.RateMatch(ctx, id, game, accounts, func(cur map[string]store.Rating) ([]store.Rating, error) {
		before := make([]rating.Player, len(seats))
		places := make([]int, len(seats))
		for i, st := range seats {
			before[i] = rating.New()
			if r, ok := cur[st.account]; ok {
				before[i] = rating.Player{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}
			}
			places[i] = st.place
		}
		after, err := rating.Match(before, places)
		if err != nil {
			return nil, err
		}
		rs := make([]store.Rating, len(seats))
		for i, st := range seats {
			rs[i] = store.Rating{Player: st.account, Game: game, Rating: after[i].Rating, Deviation: after[i].Deviation,
				Volatility: after[i].Volatility, Matches: cur[st.account].Matches + 1}
		}
		return rs, nil
	})
	if err != nil && !errors.Is(err, store.ErrConflict) {
		return fmt.Errorf("rate match %s: %w", id, err)
	}
	return nil
}

// rateLater counts the match that just ended in its players' ratings, in
// a goroutine of its own. l.mu is held.
func (l *live) rateLater() {
	seats := l.ratedSeats()
	id, game := l.id, l.game.Name()
	l.s.wg.Add(1)
	go func() {
		defer l.s.wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := l.s.rate(ctx, id, game, seats); err != nil {
			l.s.log.Error("rate match", "match", id, "err", err)
		}
	}()
}

// rateMissed counts the rated matches that ended without their ratings
// counted (a server stopped in between), among the 1000 that ended last.
func (s *Server) rateMissed(ctx context.Context) error {
	over, err := s.store.Matches(ctx, store.Over, 1000)
	if err != nil {
		return err
	}
	for _, m := range over {
		if !m.Rated || m.RatingsCounted {
			continue
		}
		l, _, err := s.loadRecord(ctx, m.ID)
		if err != nil {
			s.log.Error("rate a match missed", "match", m.ID, "err", err)
			continue
		}
		l.mu.Lock()
		seats := l.ratedSeats()
		l.mu.Unlock()
		if err := s.rate(ctx, m.ID, m.Game, seats); err != nil {
			s.log.Error("rate a match missed", "match", m.ID, "err", err)
		}
	}
	return nil
}

// reseat rereads the match's seats and clock from the store, after a
// player joined it on another server, and shows its watchers.
func (l *live) reseat(ctx context.Context) {
	m, err := l.s.store.Match(ctx, l.id)
	if err != nil {
		l.s.log.Error("reread the seats", "match", l.id, "err", err)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(m.Seats) != len(l.meta.Seats) {
		return
	}
	changed := !slices.Equal(m.Seats, l.meta.Seats)
	l.meta.Seats, l.static = m.Seats, nil
	if c, err := parseClock(m.Clock); err == nil && c != nil && l.clock != nil && l.clock.Start == 0 {
		changed = changed || c.Start != l.clock.Start
		l.meta.Clock, l.clock.Start = m.Clock, c.Start
	}
	if changed {
		l.publish(len(l.steps))
	}
}

// playerInfo is what a player may know of themself: their name and their
// ratings.
type playerInfo struct {
	Name    string       `json:"name"`
	Ratings []gameRating `json:"ratings"`
}

// gameRating is a player's rating in one game.
type gameRating struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	ratingInfo
}

// handleMe answers GET /api/me?player=KEY: the name and ratings of the
// player whose key it is.
func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Query().Get("player")
	if err := checkPlayerKey(key); err != nil {
		s.fail(w, r, err)
		return
	}
	out := playerInfo{Ratings: []gameRating{}}
	name, err := s.store.Name(r.Context(), account(key))
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, err)
		return
	}
	out.Name = name
	rs, err := s.store.PlayerRatings(r.Context(), account(key))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for _, x := range rs {
		gr := gameRating{Game: x.Game, Title: x.Game, ratingInfo: ratingInfo{Name: x.Name, Rating: int(x.Rating + 0.5),
			Deviation: int(x.Deviation + 0.5), Matches: x.Matches, Updated: x.Updated}}
		if g, err := s.lookupGame(x.Game); err == nil {
			gr.Title = g.Title()
		}
		out.Ratings = append(out.Ratings, gr)
	}
	writeJSON(w, http.StatusOK, out)
}
