package server

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"skald/engine"
)

// TestReplaySecrets: a finished match's replay shows anyone what the
// rules show everyone (the spectator's view, the public events, no seed);
// each seat's view, the private events and the record file are for its
// players.
func TestReplaySecrets(t *testing.T) {
	ts := newTestServer(t)
	cr := create(t, ts.url, "blackred", engine.Options{"units": "1"}, "human", "human")
	a, b := dial(t, ts.url, cr.ID, cr.Seats[0].Token), dial(t, ts.url, cr.ID, cr.Seats[1].Token)
	if last := playRandom(t, rand.New(rand.NewPCG(9, 9)), []*client{a, b}, nil, 2000); !last.Over {
		t.Fatal("not over")
	}
	base := ts.url + "/api/matches/" + cr.ID
	for _, tc := range []struct {
		name, url string
		status    int
	}{
		{"a seat's view, without a link", base + "/replay?step=2&seat=black", http.StatusForbidden},
		{"a seat's view, with the spectators' link", base + "/replay?step=2&seat=black&token=" + cr.Spectator.Token, http.StatusForbidden},
		{"a seat's view, with a forged link", base + "/replay?step=2&seat=red&token=forged", http.StatusForbidden},
		{"the spectator's view, without a link", base + "/replay?step=2", http.StatusOK},
		{"the other seat's view, with a seat's link", base + "/replay?step=2&seat=red&token=" + cr.Seats[0].Token, http.StatusOK},
		{"the record file, without a link", base + "/record?format=jsonl", http.StatusForbidden},
		{"the record file, with the spectators' link", base + "/record?format=jsonl&token=" + cr.Spectator.Token, http.StatusForbidden},
		{"the record file, with a seat's link", base + "/record?format=jsonl&token=" + cr.Seats[1].Token, http.StatusOK},
	} {
		resp, err := http.Get(tc.url)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%s: %s, want %d", tc.name, resp.Status, tc.status)
		}
	}
	type record struct {
		Header engine.Header `json:"header"`
		Steps  []recordStep  `json:"steps"`
	}
	var public, full record
	getJSON(t, base+"/record", &public)
	getJSON(t, base+"/record?token="+cr.Seats[0].Token, &full)
	if public.Header.Seed != 0 || full.Header.Seed == 0 {
		t.Errorf("seed: %d to anyone, %d to a player; want 0 and the seed", public.Header.Seed, full.Header.Seed)
	}
	private := 0
	for i, st := range full.Steps {
		var pub []recordEvent
		for _, e := range st.Events {
			if len(e.To) > 0 {
				private++
				continue
			}
			pub = append(pub, e)
		}
		got, _ := json.Marshal(public.Steps[i].Events)
		want, _ := json.Marshal(append([]recordEvent{}, pub...))
		if string(got) != string(want) {
			t.Fatalf("step %d: anyone sees %s, want the public events %s", i+1, got, want)
		}
	}
	if private == 0 {
		t.Fatal("no private event in the match: the test shows nothing")
	}
	// The replay's events for anyone are the spectator's.
	var rp struct {
		Events []eventInfo `json:"events"`
		Seat   string      `json:"seat"`
	}
	getJSON(t, base+"/replay", &rp)
	if rp.Seat != "spectator" {
		t.Fatalf("replay without a link: seat %q", rp.Seat)
	}
	for _, e := range rp.Events {
		for _, st := range full.Steps {
			for _, fe := range st.Events {
				if fe.Text == e.Text && len(fe.To) > 0 && !strings.Contains(strings.Join(fe.To, ","), "spectator") {
					t.Fatalf("a private event in the public replay: %+v", e)
				}
			}
		}
	}
}
