package blackred

import (
	"testing"

	"skald/engine"
)

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
