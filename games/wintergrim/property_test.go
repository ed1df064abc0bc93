package wintergrim

import (
	"bytes"
	"fmt"
	"testing"

	"skald/engine"
)

// newState starts a match for tests.
func newState(t testing.TB, seed uint64, opts engine.Options) *State {
	t.Helper()
	st, err := New().New(engine.Config{Seats: 2, Seed: seed, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// playRandom plays random legal actions until the game ends, checking
// that each is accepted and formats and parses back to itself. It returns
// the number of actions.
func playRandom(t testing.TB, s engine.State, r *engine.Rand, max int) int {
	t.Helper()
	var legal []engine.Action
	for n := 0; ; n++ {
		d := s.Deciders()
		if d.Empty() {
			if _, over := s.Result(); !over {
				t.Fatalf("nobody decides after %d actions but the game is not over", n)
			}
			return n
		}
		if n >= max {
			t.Fatalf("game not over after %d actions", n)
		}
		seat := d.First()
		legal = s.Legal(seat, legal[:0])
		if len(legal) == 0 {
			t.Fatalf("seat %d decides but has no legal action after %d actions", seat, n)
		}
		a := legal[r.IntN(len(legal))]
		text := s.FormatAction(a)
		if b, err := s.ParseAction(seat, text); err != nil || b != a {
			t.Fatalf("%q parses to %+v, %v; want %+v", text, b, err, a)
		}
		if err := s.Apply(a, nil); err != nil {
			t.Fatalf("legal action %q refused after %d actions: %v", text, n, err)
		}
	}
}

// TestRandomGamesEnd plays seeded random games in every mode and with two,
// three and four players: each ends, and no legal action is refused.
func TestRandomGamesEnd(t *testing.T) {
	g := New()
	for _, mode := range modeNames {
		for seats := 2; seats <= MaxSeats; seats++ {
			for seed := uint64(0); seed < 12; seed++ {
				st, err := g.New(engine.Config{Seats: seats, Seed: seed, Options: engine.Options{"mode": mode}})
				if err != nil {
					t.Fatal(err)
				}
				r := engine.NewRand(seed + 100)
				playRandom(t, st, &r, 200000)
			}
		}
	}
}

// TestRandomGamesReplay records seeded random games and replays them hash
// for hash.
func TestRandomGamesReplay(t *testing.T) {
	g := New()
	for _, mode := range modeNames {
		for seed := uint64(0); seed < 4; seed++ {
			opts := engine.Options{"mode": mode}
			var buf bytes.Buffer
			m, err := engine.NewMatch(g, engine.Config{Seed: seed, Options: opts}, []string{"random", "random"}, &buf)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed ^ 0xabc)
			var legal []engine.Action
			for !m.State.Deciders().Empty() {
				seat := m.State.Deciders().First()
				legal = m.State.Legal(seat, legal[:0])
				if err := m.Play(legal[r.IntN(len(legal))], nil); err != nil {
					t.Fatal(err)
				}
			}
			rec, err := engine.ReadRecord(&buf, fmt.Sprintf("mode=%s seed=%d", mode, seed))
			if err != nil {
				t.Fatal(err)
			}
			st, err := engine.Replay(g, rec, nil)
			if err != nil {
				t.Fatalf("%s: %v", rec.Header.Options, err)
			}
			if st.Hash() != m.State.Hash() {
				t.Fatalf("mode=%s seed=%d: replay ends elsewhere", mode, seed)
			}
		}
	}
}
