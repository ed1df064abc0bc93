package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"skald/engine"
	"skald/games"
	"skald/store"
)

// call sends a JSON request and decodes the answer into out (if not nil);
// it returns the HTTP status and the error code, if any.
func call(t *testing.T, method, url string, body, out any) (int, string) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 400 {
		var e errorBody
		json.Unmarshal(b, &e)
		return resp.StatusCode, e.Code
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, url, err, b)
		}
	}
	return resp.StatusCode, ""
}

const (
	keyAnn = "ann-key-0123456789abcdef"
	keyBob = "bob-key-0123456789abcdef"
)

// TestPublicMatchAndRatings creates a public rated match, which the lobby
// lists with its open seat; a second player joins it by name; the match is
// played to its end; the lobby lists it as finished with its replay, and
// both players are on the leaderboard with their new ratings.
func TestPublicMatchAndRatings(t *testing.T) {
	ts := newTestServer(t)
	seat0 := 0
	var cr CreateResponse
	if st, code := call(t, "POST", ts.url+"/api/matches", CreateRequest{Game: "blackred", Seats: []string{"human", "human"},
		Public: true, Rated: true, Name: "Ann", Player: keyAnn, Seat: &seat0}, &cr); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, code)
	}
	if cr.Seats[0].Token == "" || cr.Seats[0].PlayerName != "Ann" || cr.Seats[1].Token != "" || !cr.Seats[1].Open {
		t.Fatalf("public match's seats: %+v", cr.Seats)
	}
	var lobby lobbyInfo
	call(t, "GET", ts.url+"/api/lobby", nil, &lobby)
	if len(lobby.Open) != 1 || lobby.Open[0].ID != cr.ID || lobby.Open[0].OpenSeats != 1 || lobby.Open[0].Seats[0].PlayerName != "Ann" || !lobby.Open[0].Rated {
		t.Fatalf("lobby: %+v", lobby)
	}

	for _, tc := range []struct {
		name string
		req  JoinRequest
		code string
	}{
		{"a taken name", JoinRequest{Seat: 1, Name: "Ann", Player: keyBob}, ECONFLICT},
		{"a taken seat", JoinRequest{Seat: 0, Name: "Bob", Player: keyBob}, ECONFLICT},
		{"no such seat", JoinRequest{Seat: 2, Name: "Bob", Player: keyBob}, EINVALID},
		{"no name", JoinRequest{Seat: 1, Name: "  ", Player: keyBob}, EINVALID},
		{"a name too long", JoinRequest{Seat: 1, Name: "abcdefghijklmnopqrstuvwxyz", Player: keyBob}, EINVALID},
		{"a name with markup", JoinRequest{Seat: 1, Name: "<b>", Player: keyBob}, EINVALID},
		{"no key", JoinRequest{Seat: 1, Name: "Bob"}, EINVALID},
		{"one's own match again", JoinRequest{Seat: 1, Name: "Ann", Player: keyAnn}, ECONFLICT},
	} {
		if _, code := call(t, "POST", ts.url+"/api/matches/"+cr.ID+"/join", tc.req, nil); code != tc.code {
			t.Errorf("join with %s: %q, want %q", tc.name, code, tc.code)
		}
	}
	private := create(t, ts.url, "blackred", nil, "human", "human")
	if _, code := call(t, "POST", ts.url+"/api/matches/"+private.ID+"/join", JoinRequest{Seat: 1, Name: "Bob", Player: keyBob}, nil); code != EFORBIDDEN {
		t.Errorf("join a private match: %q", code)
	}
	if _, code := call(t, "POST", ts.url+"/api/matches", CreateRequest{Game: "blackred", Seats: []string{"human", "human"}, Rated: true}, nil); code != EINVALID {
		t.Errorf("a rated private match: %q", code)
	}
	if _, code := call(t, "POST", ts.url+"/api/matches", CreateRequest{Game: "blackred", Seats: []string{"human", "random"}, Public: true, Rated: true, Name: "Ann", Player: keyAnn}, nil); code != EINVALID {
		t.Errorf("a rated match against a bot: %q", code)
	}

	ann := dial(t, ts.url, cr.ID, cr.Seats[0].Token)
	var bobLink SeatLink
	if st, code := call(t, "POST", ts.url+"/api/matches/"+cr.ID+"/join", JoinRequest{Seat: 1, Name: "Bob", Player: keyBob}, &bobLink); st != 200 {
		t.Fatalf("join: %d %s", st, code)
	}
	// Ann, watching, is told who took the seat.
	if f := ann.waitState(func(f *frame) bool { return bytes.Contains(f.raw, []byte(`"player_name":"Bob"`)) }); f == nil {
		t.Fatal("the seat's new player is not shown")
	}
	bob := dial(t, ts.url, cr.ID, bobLink.Token)
	// Anyone may watch a public match without a link, as its spectator;
	// a private one needs its link.
	watcher := dial(t, ts.url, cr.ID, "")
	if f := watcher.latest(); f.SeatIndex != -1 || f.Seat != "spectator" || len(f.Legal) != 0 {
		t.Fatalf("a watcher of a public match: seat %d %q, legal %v", f.SeatIndex, f.Seat, f.Legal)
	}
	watcher.close()
	if _, err := dialErr(ts.url, private.ID, ""); err == nil || !bytes.Contains([]byte(err.Error()), []byte("401")) {
		t.Fatalf("watch a private match without its link: %v", err)
	}
	call(t, "GET", ts.url+"/api/lobby", nil, &lobby)
	if len(lobby.Open) != 0 || len(lobby.Playing) != 1 {
		t.Fatalf("lobby once full: %+v", lobby)
	}
	last := playRandom(t, rand.New(rand.NewPCG(22, 2)), []*client{ann, bob}, nil, 5000)
	if !last.Over {
		t.Fatal("the match did not end")
	}
	var places []int
	json.Unmarshal(last.raw, &struct {
		Places *[]int `json:"places"`
	}{&places})

	var board struct {
		Ratings []ratingInfo `json:"ratings"`
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(board.Ratings) < 2 && time.Now().Before(deadline) {
		call(t, "GET", ts.url+"/api/leaderboard?game=blackred", nil, &board)
		time.Sleep(10 * time.Millisecond)
	}
	if len(board.Ratings) != 2 {
		t.Fatalf("leaderboard: %+v", board)
	}
	byName := map[string]ratingInfo{}
	for _, r := range board.Ratings {
		byName[r.Name] = r
		if r.Matches != 1 || r.Deviation >= 350 {
			t.Errorf("after one match: %+v", r)
		}
	}
	a, b := byName["Ann"], byName["Bob"]
	switch {
	case places[0] < places[1] && !(a.Rating > 1500 && b.Rating < 1500):
		t.Errorf("Ann won: %+v %+v", a, b)
	case places[0] > places[1] && !(a.Rating < 1500 && b.Rating > 1500):
		t.Errorf("Bob won: %+v %+v", a, b)
	case places[0] == places[1] && (a.Rating != 1500 || b.Rating != 1500):
		t.Errorf("a draw: %+v %+v", a, b)
	}
	var me playerInfo
	call(t, "GET", ts.url+"/api/me?player="+keyAnn, nil, &me)
	if me.Name != "Ann" || len(me.Ratings) != 1 || me.Ratings[0].Game != "blackred" || me.Ratings[0].Rating != a.Rating {
		t.Errorf("Ann's own view: %+v", me)
	}
	if _, code := call(t, "GET", ts.url+"/api/me?player=short", nil, nil); code != EINVALID {
		t.Errorf("a bad key: %q", code)
	}
	call(t, "GET", ts.url+"/api/lobby", nil, &lobby)
	if len(lobby.Finished) != 1 || lobby.Finished[0].Replay != "/r/"+cr.ID {
		t.Fatalf("finished: %+v", lobby.Finished)
	}
	if _, code := call(t, "GET", ts.url+"/api/leaderboard?game=chess", nil, nil); code != EINVALID {
		t.Errorf("leaderboard of no game: %q", code)
	}
}

// TestRatingsCountedAfterRestart: a rated match that ended while its
// server stopped before counting it is counted when a server resumes.
func TestRatingsCountedAfterRestart(t *testing.T) {
	ts := newTestServer(t)
	ctx := context.Background()
	for _, k := range []string{keyAnn, keyBob} {
		if err := ts.store.ClaimName(ctx, account(k), k[:3]); err != nil {
			t.Fatal(err)
		}
	}
	// A finished match, as a server that died before rating it left it.
	g, _ := games.Lookup("blackred")
	m := &store.Match{ID: "missed", Game: "blackred", Rules: g.RulesVersion(), Options: engine.Options{"units": "1"}, Seed: 7,
		Seats:  []store.Seat{{Player: "human", Token: "a", Account: account(keyAnn)}, {Player: "human", Token: "b", Account: account(keyBob)}},
		Public: true, Rated: true}
	st, err := g.New(engine.Config{Seats: 2, Seed: m.Seed, Options: m.Options})
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.store.CreateMatch(ctx, m); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for seq := 1; ; seq++ {
		seat := st.Deciders().List()[0]
		legal := st.Legal(seat, nil)
		a := legal[rng.IntN(len(legal))]
		text := st.FormatAction(a)
		if err := st.Apply(a, nil); err != nil {
			t.Fatal(err)
		}
		status, result := store.Playing, ""
		r, over := st.Result()
		if over {
			status, result = store.Over, outcome(g, r)
		}
		if err := ts.store.Append(ctx, m.ID, store.Action{Seq: seq, Seat: seat, Action: text, Hash: engine.FormatHash(st.Hash())}, status, result); err != nil {
			t.Fatal(err)
		}
		if over {
			break
		}
	}
	if err := ts.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	rs, err := ts.store.Ratings(ctx, "blackred", []string{account(keyAnn), account(keyBob)})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[account(keyAnn)].Matches != 1 {
		t.Fatalf("ratings after resuming: %+v", rs)
	}
	if got, _ := ts.store.Match(ctx, m.ID); !got.RatingsCounted {
		t.Fatal("not marked counted")
	}
	if err := ts.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	if rs, _ := ts.store.Ratings(ctx, "blackred", []string{account(keyAnn)}); rs[account(keyAnn)].Matches != 1 {
		t.Fatalf("counted twice: %+v", rs)
	}
}
