package testgame

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

var variants = []struct {
	name  string
	seats int
	opts  engine.Options
}{
	{"simultaneous", 2, nil},
	{"sequential", 2, engine.Options{"order": "sequential"}},
	{"dealt", 2, engine.Options{"hands": "dealt"}},
	{"dealt-sequential", 3, engine.Options{"hands": "dealt", "order": "sequential", "cards": "7"}},
	{"four", 4, engine.Options{"cards": "12", "hands": "dealt"}},
}

func view(t *testing.T, s engine.State, seat engine.Seat) string {
	t.Helper()
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPlaythrough plays random matches and checks, at every step, that
// determinized copies look the same to their seat, that illegal actions
// change nothing, and that actions format and parse back.
func TestPlaythrough(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 20; seed++ {
				s, err := Game{}.New(engine.Config{Seats: v.seats, Seed: seed, Options: v.opts})
				if err != nil {
					t.Fatal(err)
				}
				r := engine.NewRand(seed)
				steps := 0
				for !s.Deciders().Empty() {
					for o := engine.Seat(-1); o < engine.Seat(v.seats); o++ {
						d := s.Determinize(o, &r)
						if got, want := view(t, d, o), view(t, s, o); got != want {
							t.Fatalf("seat %d: determinized view %s, want %s", o, got, want)
						}
						if d.Deciders() != s.Deciders() || !slices.Equal(d.Legal(o, nil), s.Legal(o, nil)) {
							t.Fatalf("seat %d: determinized copy has other deciders or legal actions", o)
						}
					}
					seat := s.Deciders().First()
					h := s.Hash()
					if err := s.Apply(Bid(seat, 63), nil); !errors.As(err, new(*engine.IllegalError)) {
						t.Fatalf("bid 63: err %v, want IllegalError", err)
					}
					for o := engine.Seat(0); o < engine.Seat(v.seats); o++ {
						if !s.Deciders().Has(o) && s.Apply(Bid(o, 1), nil) == nil {
							t.Fatalf("seat %d bid out of turn", o)
						}
					}
					if s.Hash() != h {
						t.Fatal("illegal action changed the state")
					}
					legal := s.Legal(seat, nil)
					a := legal[r.IntN(len(legal))]
					if p, err := s.ParseAction(seat, s.FormatAction(a)); err != nil || p != a {
						t.Fatalf("parse(format(%v)) = %v, %v", a, p, err)
					}
					c := s.Clone()
					var ev engine.Log
					if err := s.Apply(a, &ev); err != nil {
						t.Fatal(err)
					}
					if len(ev) == 0 {
						t.Fatal("no events")
					}
					if c.Hash() == s.Hash() || c.Apply(a, nil) != nil || c.Hash() != s.Hash() {
						t.Fatal("clone is not independent or not equal")
					}
					steps++
				}
				if _, ok := s.Result(); !ok {
					t.Fatal("no deciders but no result")
				}
				cards := 5
				if c, ok := v.opts["cards"]; ok {
					cards = map[string]int{"7": 7, "12": 12}[c]
				}
				if steps != cards*v.seats {
					t.Fatalf("%d actions, want %d", steps, cards*v.seats)
				}
			}
		})
	}
}

func TestNewErrors(t *testing.T) {
	for _, cfg := range []engine.Config{
		{Seats: 1},
		{Seats: 6},
		{Seats: 2, Options: engine.Options{"cards": "13"}},
		{Seats: 2, Options: engine.Options{"order": "random"}},
		{Seats: 2, Options: engine.Options{"color": "red"}},
	} {
		if _, err := (Game{}).New(cfg); err == nil {
			t.Errorf("New(%v) succeeded", cfg)
		}
	}
}

func TestSecretBids(t *testing.T) {
	s, _ := Game{}.New(engine.Config{Seats: 2, Seed: 1})
	if err := s.Apply(Bid(0, 5), nil); err != nil {
		t.Fatal(err)
	}
	if got := s.View(1).(View).Bids; got[0] != -1 {
		t.Fatalf("seat 1 sees seat 0's bid: %v", got)
	}
	if got := s.View(0).(View).Bids; got[0] != 5 {
		t.Fatalf("seat 0 does not see its bid: %v", got)
	}
	// Seat 1's determinizations must bid every card of seat 0 sometimes.
	r := engine.NewRand(1)
	seen := map[int]bool{}
	for range 200 {
		seen[int(s.Determinize(1, &r).(*State).bids[0])] = true
	}
	if len(seen) != 5 {
		t.Fatalf("determinized secret bids %v, want all of 1..5", seen)
	}
}

// TestPanicOption checks the option that breaks the game on purpose:
// panic=search panics in Determinize alone, panic=apply at the first bid
// of the second round alone, and panic=none never.
func TestPanicOption(t *testing.T) {
	tests := []struct {
		panic       string
		determinize bool // Determinize panics
		applyAt     int  // the action whose Apply panics (from 1), or 0
	}{
		{"none", false, 0},
		{"search", true, 0},
		{"apply", false, 3},
	}
	panics := func(f func()) (p any) {
		defer func() { p = recover() }()
		f()
		return nil
	}
	for _, tt := range tests {
		t.Run(tt.panic, func(t *testing.T) {
			s, err := Game{}.New(engine.Config{Seats: 2, Seed: 1, Options: engine.Options{"panic": tt.panic}})
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(1)
			n := 0
			for !s.Deciders().Empty() {
				seat := s.Deciders().First()
				if p := panics(func() { s.Determinize(seat, &r) }); (p != nil) != tt.determinize {
					t.Fatalf("Determinize panicked with %v, want a panic: %v", p, tt.determinize)
				}
				n++
				h := s.Hash()
				p := panics(func() {
					if err := s.Apply(s.Legal(seat, nil)[0], nil); err != nil {
						t.Fatal(err)
					}
				})
				if (p != nil) != (n == tt.applyAt) {
					t.Fatalf("action %d: Apply panicked with %v", n, p)
				}
				if p != nil {
					if s.Hash() != h {
						t.Errorf("the panicking Apply changed the state")
					}
					return
				}
			}
			if tt.applyAt != 0 {
				t.Errorf("the match ended after %d actions without the panic of action %d", n, tt.applyAt)
			}
		})
	}
	if _, err := (Game{}).New(engine.Config{Seats: 2, Options: engine.Options{"panic": "always"}}); err == nil {
		t.Errorf("panic=always accepted")
	}
	if !strings.Contains(Game{}.Rules(), "panic=search") {
		t.Errorf("the rules do not mention the panic option")
	}
}
