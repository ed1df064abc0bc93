package blackred

import (
	"bytes"
	"fmt"
	"testing"

	"skald/engine"
)

// TestRandomGamesReplay records seeded random games with every option
// value, and checks that each record replays to the same hash after every
// action (engine.Replay compares them) and to the same final state.
func TestRandomGamesReplay(t *testing.T) {
	g := New()
	n := 0
	for _, units := range []string{"1", "3", "6", "24"} {
		for _, first := range []string{"random", "black", "red"} {
			for seed := uint64(0); seed < 40; seed++ {
				n++
				opts := engine.Options{"units": units, "first": first}
				var buf bytes.Buffer
				m, err := engine.NewMatch(g, engine.Config{Seed: seed, Options: opts}, []string{"random", "random"}, &buf)
				if err != nil {
					t.Fatal(err)
				}
				r := engine.NewRand(seed ^ 0xabc)
				var legal []engine.Action
				var events []engine.Event
				for !m.State.Deciders().Empty() {
					seat := m.State.Deciders().First()
					legal = m.State.Legal(seat, legal[:0])
					events = events[:0]
					if err := m.Play(legal[r.IntN(len(legal))], &events); err != nil {
						t.Fatal(err)
					}
				}
				rec, err := engine.ReadRecord(&buf, fmt.Sprintf("units=%s first=%s seed=%d", units, first, seed))
				if err != nil {
					t.Fatal(err)
				}
				st, err := engine.Replay(g, rec, nil)
				if err != nil {
					t.Fatalf("%s: %v", rec.Header.Options, err)
				}
				if st.Hash() != m.State.Hash() {
					t.Fatalf("units=%s first=%s seed=%d: replay ends elsewhere", units, first, seed)
				}
			}
		}
	}
	t.Logf("%d games recorded and replayed", n)
}

// TestEventsDoNotChangePlay checks that asking for events changes nothing:
// the same game played with and without events reaches the same hashes.
func TestEventsDoNotChangePlay(t *testing.T) {
	for seed := uint64(0); seed < 100; seed++ {
		a, b := newState(t, seed, nil), newState(t, seed, nil)
		r := engine.NewRand(seed)
		var events []engine.Event
		for !a.Deciders().Empty() {
			legal := a.Legal(a.Deciders().First(), nil)
			act := legal[r.IntN(len(legal))]
			a.Apply(act, nil)
			b.Apply(act, &events)
			if a.Hash() != b.Hash() {
				t.Fatalf("seed %d: events change the game", seed)
			}
		}
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"weapon bow", "strategy spy", "feint keep", "force 3", "Weapon Swords", "force -1", "strategy", ""} {
		f.Add(uint8(0), s)
	}
	s := newState(f, 1, nil)
	f.Fuzz(func(t *testing.T, seat uint8, text string) {
		a, err := s.ParseAction(engine.Seat(seat%3), text)
		if err != nil {
			return
		}
		b, err := s.ParseAction(a.Seat, s.FormatAction(a))
		if err != nil || b != a {
			t.Fatalf("%q parsed to %+v, whose text %q parses to %+v, %v", text, a, s.FormatAction(a), b, err)
		}
		// Applying any parsed action never panics, and a refusal changes nothing.
		c := s.Clone()
		h := c.Hash()
		if err := c.Apply(a, nil); err != nil && c.Hash() != h {
			t.Fatalf("refused %q changed the state", text)
		}
	})
}

func FuzzArrange(f *testing.F) {
	f.Add([]byte(`{"attacker":"red","black":{"deck":["Scout","Knight's Blade"],"only":true,"hand":["spy"],"units":2},"strategy_deck":["feint"]}`))
	f.Add([]byte(`{"black":{"deck":["Nobody"]}}`))
	f.Add([]byte(`{"red":{"units":0}}`))
	f.Fuzz(func(t *testing.T, setup []byte) {
		s := newState(t, 2, engine.Options{"units": "3"})
		h := s.Hash()
		if err := s.Arrange(setup); err != nil {
			if s.Hash() != h {
				t.Fatalf("a refused setup changed the state: %v", err)
			}
			return
		}
		// An arranged match still plays to its end.
		r := engine.NewRand(1)
		for n := 0; !s.Deciders().Empty(); n++ {
			legal := s.Legal(s.Deciders().First(), nil)
			if len(legal) == 0 || n > 10000 {
				t.Fatalf("arranged match stuck after %d actions", n)
			}
			if err := s.Apply(legal[r.IntN(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
	})
}
