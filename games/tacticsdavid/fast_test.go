package tacticsdavid

import (
	"testing"

	"skald/engine"
)

// TestPlayRandomPlaysAsLegalAndApply checks that PlayRandom, which leaves
// the long runs of moves and deployments out of its lists, plays exactly
// the actions a loop of Legal and Apply plays from the same stream: the
// same number of actions to the same state, in whole battles of several
// option sets.
func TestPlayRandomPlaysAsLegalAndApply(t *testing.T) {
	for _, opts := range []engine.Options{
		{"armies": "auto"},
		{"armies": "auto", "battlefield": "bramble-creek-crossing"},
		{"armies": "auto", "limit": "200", "deploy": "free"},
		{"armies": "auto", "mission": "kills", "turns": "8"},
		{},
	} {
		for seed := uint64(1); seed <= 12; seed++ {
			cfg := engine.Config{Seats: 2, Seed: seed, Options: opts}
			fast, err := New().New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			slow, _ := New().New(cfg)
			r1, r2 := engine.NewRand(seed), engine.NewRand(seed)
			n1, _ := fast.(engine.RandomPlayer).PlayRandom(&r1, nil, 100000)
			n2 := 0
			var buf []engine.Action
			for buf = engine.NextLegal(slow, nil); len(buf) > 0; buf = engine.NextLegal(slow, buf[:0]) {
				if err := slow.Apply(buf[r2.IntN(len(buf))], nil); err != nil {
					t.Fatalf("%v seed %d: a listed action is refused: %v", opts, seed, err)
				}
				n2++
			}
			if n1 != n2 || fast.Hash() != slow.Hash() {
				t.Errorf("%v seed %d: PlayRandom plays %d actions to %x; Legal and Apply %d to %x", opts, seed, n1, fast.Hash(), n2, slow.Hash())
			}
		}
	}
}

// TestQuietCanHoldIsCheckItem checks that canHold, asked quietly (as Legal
// asks it, by the profile's tables), answers as Content.CheckItem does,
// for every unit and item through random battles.
func TestQuietCanHoldIsCheckItem(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		st, err := New().New(engine.Config{Seats: 2, Seed: seed, Options: engine.Options{"armies": "auto"}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed)
		checked := 0
		for buf := engine.NextLegal(s, nil); len(buf) > 0; buf = engine.NextLegal(s, buf[:0]) {
			for i := range s.pieces {
				for it := 1; it <= NumItems; it++ {
					s.quiet = true
					quiet := s.canHold(i, it) == nil
					s.quiet = false
					loud := s.canHold(i, it) == nil
					if quiet != loud {
						t.Fatalf("seed %d: unit %d, item %d: may hold it %v asked quietly, %v by CheckItem", seed, i, it, quiet, loud)
					}
					checked++
				}
			}
			if err := s.Apply(buf[r.IntN(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
		}
		if checked == 0 {
			t.Errorf("seed %d: nothing checked", seed)
		}
	}
}
