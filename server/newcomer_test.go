package server

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"skald/engine"
	"skald/games"
	"skald/store"
)

// TestPlainRefusals checks that a refused match is refused in words a
// player reads: an option's value that is not a string names the option
// and says values are strings, and a game of a fixed number of seats says
// that number once.
func TestPlainRefusals(t *testing.T) {
	ts := newTestServer(t)
	for _, tt := range []struct {
		name string
		body any
		want []string
		not  []string
	}{
		{"an option's number", map[string]any{"game": "blackred", "options": map[string]any{"units": 7}, "seats": []string{"human", "human"}},
			[]string{"option units", "string", `"units": "7"`}, []string{"Go", "struct", "unmarshal", "CreateRequest"}},
		{"an option's true", map[string]any{"game": "blackred", "options": map[string]any{"first": true}, "seats": []string{"human", "human"}},
			[]string{"option first", "string"}, []string{"Go", "unmarshal"}},
		{"seats not a list", map[string]any{"game": "blackred", "seats": "human,human"},
			[]string{"seats: want a list of strings"}, []string{"Go", "unmarshal", "[]string"}},
		{"seats of a two-seat game", map[string]any{"game": "blackred", "seats": []string{"human", "human", "human"}},
			[]string{"blackred is played by 2 seats, not 3"}, []string{"2 to 2"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, eb := post(t, ts.url, "/api/matches", tt.body)
			if status != http.StatusBadRequest || eb.Code != EINVALID {
				t.Fatalf("got %d %s %q, want 400 %s", status, eb.Code, eb.Message, EINVALID)
			}
			for _, w := range tt.want {
				if !strings.Contains(eb.Message, w) {
					t.Errorf("%q lacks %q", eb.Message, w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(eb.Message, n) {
					t.Errorf("%q holds %q", eb.Message, n)
				}
			}
		})
	}
}

// TestFavicon checks that the page links a favicon and that /favicon.ico,
// which browsers ask for anyway, is answered.
func TestFavicon(t *testing.T) {
	ts := newTestServer(t)
	get := func(path string) (*http.Response, string) {
		resp, err := http.Get(ts.url + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	_, page := get("/m/nosuchmatch")
	if !strings.Contains(page, `rel="icon" href="/static/favicon.svg"`) {
		t.Errorf("the page links no favicon:\n%s", page)
	}
	for _, path := range []string{"/favicon.ico", "/static/favicon.svg"} {
		resp, body := get(path)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(body, "<svg") {
			t.Errorf("%s: %d %s %.40q", path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
	}
}

// TestOutcome checks that a finished match is stored, listed and replayed
// with who won, not only how the game ended.
func TestOutcome(t *testing.T) {
	g, _ := games.Lookup("blackred")
	for _, tt := range []struct {
		r    engine.Result
		want string
	}{
		{engine.Won(2, engine.Seats(1), "black lost all units"), "red won: black lost all units"},
		{engine.Won(2, 0, "the battle deck ran out"), "a draw: the battle deck ran out"},
		{engine.Ranked([]float64{3, 3, 1}, "most glory"), "black and red won: most glory"},
		{engine.Ranked([]float64{5, 3, 3, 1}, ""), "black won"},
	} {
		if got := outcome(g, tt.r); got != tt.want {
			t.Errorf("outcome(%+v) = %q, want %q", tt.r, got, tt.want)
		}
	}

	ts := newTestServer(t)
	cr := create(t, ts.url, "blackred", engine.Options{"units": "1"}, "random", "random")
	var m *store.Match
	for deadline := time.Now().Add(20 * time.Second); ; {
		var err error
		if m, err = ts.store.Match(context.Background(), cr.ID); err != nil {
			t.Fatal(err)
		}
		if m.Status != store.Playing || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if m.Status != store.Over || !regexp.MustCompile(`^(black|red) won: .*lost all units`).MatchString(m.Result) {
		t.Fatalf("match %s: %s %q, want over with the winner named", m.ID, m.Status, m.Result)
	}
	var rec struct {
		Match matchInfo `json:"match"`
	}
	getJSON(t, ts.url+"/api/matches/"+cr.ID+"/record", &rec)
	if rec.Match.Result != m.Result {
		t.Errorf("the record's result %q, want %q", rec.Match.Result, m.Result)
	}
}
