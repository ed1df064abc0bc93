//go:build pg

package server

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"skald/internal/pgtest"
	"skald/store"
)

// TestJoinSeenByOtherServer: two servers on one PostgreSQL; a player
// joins a public match on one, and the other's watchers are shown who
// took the seat.
func TestJoinSeenByOtherServer(t *testing.T) {
	dsn := pgtest.Database(t)
	var urls []string
	for range 2 {
		st, err := store.OpenPostgres(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		srv, err := New(Config{Store: st, Games: withTestGame})
		if err != nil {
			t.Fatal(err)
		}
		hs := httptest.NewServer(srv)
		t.Cleanup(func() { hs.CloseClientConnections(); srv.Close(); hs.Close(); st.Close() })
		urls = append(urls, hs.URL)
	}
	var cr CreateResponse
	if st, code := call(t, "POST", urls[0]+"/api/matches", CreateRequest{Game: "blackred", Seats: []string{"human", "human"},
		Public: true, Name: "Ann", Player: keyAnn}, &cr); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, code)
	}
	ann := dial(t, urls[1], cr.ID, cr.Seats[0].Token) // on the other server
	if st, code := call(t, "POST", urls[0]+"/api/matches/"+cr.ID+"/join", JoinRequest{Seat: 1, Name: "Bob", Player: keyBob}, nil); st != 200 {
		t.Fatalf("join: %d %s", st, code)
	}
	if f := ann.waitState(func(f *frame) bool { return bytes.Contains(f.raw, []byte(`"player_name":"Bob"`)) }); f == nil {
		t.Fatal("the other server's watcher is not shown who joined")
	}
}
