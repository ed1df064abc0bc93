package store

import (
	"context"
	"errors"
	"sync"
	"testing"
)

// testLobby checks public matches, joining a seat, names and ratings.
func testLobby(t *testing.T, s Store) {
	ctx := context.Background()
	t.Run("public matches and joining", func(t *testing.T) {
		m := newMatch("pub")
		m.Public, m.Rated, m.Clock = true, true, `{"kind":"realtime"}`
		m.Seats = []Seat{{Player: "human", Token: "t0", Name: "ann", Account: "a"}, {Player: "human"}}
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		private := newMatch("priv")
		if err := s.CreateMatch(ctx, private); err != nil {
			t.Fatal(err)
		}
		got, err := s.Match(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Public || !got.Rated || got.RatingsCounted || got.Clock != m.Clock || got.Seats[0].Name != "ann" || !got.Seats[1].Open() || got.Seats[0].Open() {
			t.Fatalf("round trip: %+v", got)
		}
		list, err := s.PublicMatches(ctx, Playing, 1000)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, l := range list {
			if l.ID == private.ID {
				t.Fatal("a private match is listed")
			}
			found = found || l.ID == m.ID
		}
		if !found {
			t.Fatal("the public match is not listed")
		}
		for _, tc := range []struct {
			id   string
			seat int
			want error
		}{
			{m.ID, 0, ErrConflict},       // taken
			{m.ID, 2, ErrNotFound},       // no such seat
			{m.ID, -1, ErrNotFound},      // no such seat
			{private.ID, 1, ErrConflict}, // not public (and a bot)
			{"nope", 1, ErrNotFound},
		} {
			if err := s.JoinSeat(ctx, tc.id, tc.seat, Seat{Player: "human", Token: "x"}, ""); !errors.Is(err, tc.want) {
				t.Errorf("join %s seat %d: %v, want %v", tc.id, tc.seat, err, tc.want)
			}
		}
		if err := s.JoinSeat(ctx, m.ID, 1, Seat{Player: "human", Token: "t1", Name: "bob", Account: "b"}, `{"kind":"realtime","start":5}`); err != nil {
			t.Fatal(err)
		}
		if err := s.JoinSeat(ctx, m.ID, 1, Seat{Player: "human", Token: "t2"}, ""); !errors.Is(err, ErrConflict) {
			t.Fatalf("join a taken seat: %v", err)
		}
		got, _ = s.Match(ctx, m.ID)
		if got.Seats[1].Token != "t1" || got.Seats[1].Name != "bob" || got.Clock != `{"kind":"realtime","start":5}` {
			t.Fatalf("after join: %+v, clock %s", got.Seats, got.Clock)
		}
	})
	t.Run("end by clock", func(t *testing.T) {
		m := newMatch("clock")
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		s.Append(ctx, m.ID, Action{Seq: 1, Action: "a", Hash: "h"}, Playing, "")
		if err := s.EndByClock(ctx, m.ID, 0, `{"flagged":[0]}`, "red won"); !errors.Is(err, ErrConflict) {
			t.Fatalf("end on time at a stale step: %v", err)
		}
		if err := s.EndByClock(ctx, m.ID, 1, `{"flagged":[0]}`, "red won: black ran out of time"); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Match(ctx, m.ID)
		if got.Status != Over || got.Clock != `{"flagged":[0]}` || got.Result != "red won: black ran out of time" {
			t.Fatalf("ended on time: %+v", got)
		}
		if err := s.EndByClock(ctx, m.ID, 1, "", "again"); !errors.Is(err, ErrConflict) {
			t.Fatalf("end on time twice: %v", err)
		}
		if err := s.Append(ctx, m.ID, Action{Seq: 2, Action: "b", Hash: "h"}, Playing, ""); !errors.Is(err, ErrClosed) {
			t.Fatalf("an action after the end on time: %v", err)
		}
	})
	t.Run("rated at once", func(t *testing.T) { testRateTogether(t, s) })
	t.Run("names", func(t *testing.T) {
		p, q := "player-"+newMatch("n").ID, "player-"+newMatch("n").ID
		name := "Name " + p[len(p)-8:]
		if _, err := s.Name(ctx, p); !errors.Is(err, ErrNotFound) {
			t.Fatalf("no name yet: %v", err)
		}
		if err := s.ClaimName(ctx, p, name); err != nil {
			t.Fatal(err)
		}
		if err := s.ClaimName(ctx, p, name); err != nil {
			t.Fatalf("claim one's own name again: %v", err)
		}
		if err := s.ClaimName(ctx, q, name); !errors.Is(err, ErrNameTaken) {
			t.Fatalf("claim another's name: %v", err)
		}
		if err := s.ClaimName(ctx, p, name+"2"); err != nil {
			t.Fatalf("rename: %v", err)
		}
		if err := s.ClaimName(ctx, q, name); err != nil {
			t.Fatalf("claim a name given up: %v", err)
		}
		if got, err := s.Name(ctx, p); err != nil || got != name+"2" {
			t.Fatalf("name: %q, %v", got, err)
		}
	})
	t.Run("ratings", func(t *testing.T) {
		m := newMatch("rated")
		m.Rated = true
		game := "game-" + m.ID
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		p, q := "rp-"+m.ID, "rq-"+m.ID
		s.ClaimName(ctx, p, "P "+m.ID)
		s.ClaimName(ctx, q, "Q "+m.ID)
		rs := []Rating{{Player: p, Game: game, Rating: 1662, Deviation: 290, Volatility: 0.06, Matches: 1},
			{Player: q, Game: game, Rating: 1338, Deviation: 290, Volatility: 0.06, Matches: 1}}
		if err := s.SaveRatings(ctx, m.ID, rs); !errors.Is(err, ErrConflict) {
			t.Fatalf("ratings of a match not over: %v", err)
		}
		if err := s.Append(ctx, m.ID, Action{Seq: 1, Action: "a", Hash: "h"}, Over, "p won"); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveRatings(ctx, m.ID, rs); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveRatings(ctx, m.ID, rs); !errors.Is(err, ErrConflict) {
			t.Fatalf("ratings counted twice: %v", err)
		}
		if got, _ := s.Match(ctx, m.ID); !got.RatingsCounted {
			t.Fatal("not marked counted")
		}
		got, err := s.Ratings(ctx, game, []string{p, q, "nobody"})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[p].Rating != 1662 || got[q].Name != "Q "+m.ID || got[p].Matches != 1 {
			t.Fatalf("ratings: %+v", got)
		}
		board, err := s.Leaderboard(ctx, game, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(board) != 2 || board[0].Player != p || board[1].Player != q {
			t.Fatalf("leaderboard: %+v", board)
		}
		// Updated again by a second match.
		m2 := newMatch("rated2")
		m2.Rated = true
		s.CreateMatch(ctx, m2)
		s.Append(ctx, m2.ID, Action{Seq: 1, Action: "a", Hash: "h"}, Over, "q won")
		rs[0].Rating, rs[0].Matches, rs[1].Rating, rs[1].Matches = 1500, 2, 1600, 2
		if err := s.SaveRatings(ctx, m2.ID, rs); err != nil {
			t.Fatal(err)
		}
		board, _ = s.Leaderboard(ctx, game, 1)
		if len(board) != 1 || board[0].Player != q || board[0].Rating != 1600 || board[0].Matches != 2 {
			t.Fatalf("leaderboard after a second match: %+v", board)
		}
		mine, err := s.PlayerRatings(ctx, q)
		if err != nil || len(mine) != 1 || mine[0].Game != game || mine[0].Rating != 1600 || mine[0].Name != "Q "+m.ID {
			t.Fatalf("q's ratings: %+v %v", mine, err)
		}
		if none, err := s.PlayerRatings(ctx, "nobody"); err != nil || len(none) != 0 {
			t.Fatalf("nobody's ratings: %+v %v", none, err)
		}
	})
}

// testRateTogether: matches of one player rated at once, from many
// goroutines, each count: none of their updates is lost.
func testRateTogether(t *testing.T, s Store) {
	ctx := context.Background()
	base := newMatch("together")
	p := "p-" + base.ID
	if err := s.ClaimName(ctx, p, "T "+base.ID); err != nil {
		t.Fatal(err)
	}
	const n = 8
	ids := make([]string, n)
	for i := range ids {
		m := newMatch("together")
		m.Rated = true
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, m.ID, Action{Seq: 1, Action: "a", Hash: "h"}, Over, "over"); err != nil {
			t.Fatal(err)
		}
		ids[i] = m.ID
	}
	game := "game-" + base.ID
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := s.RateMatch(ctx, id, game, []string{p}, func(cur map[string]Rating) ([]Rating, error) {
				r := cur[p]
				return []Rating{{Player: p, Game: game, Rating: 1500, Deviation: 100, Volatility: 0.06, Matches: r.Matches + 1}}, nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	got, err := s.Ratings(ctx, game, []string{p})
	if err != nil {
		t.Fatal(err)
	}
	if got[p].Matches != n {
		t.Fatalf("%d matches counted of %d rated at once", got[p].Matches, n)
	}
}
