package blackred

import (
	"bytes"
	"encoding/json"
	"testing"

	"skald/engine"
)

// playUntil plays seeded random actions on s until done holds, and fails
// the test if it never does within a battle or two.
func playUntil(t *testing.T, s *State, seed uint64, done func() bool) {
	t.Helper()
	r := engine.NewRand(seed)
	for n := 0; !done(); n++ {
		if n == 200 || s.Deciders().Empty() {
			t.Fatalf("seed %d: the position wanted never came", seed)
		}
		legal := s.Legal(s.Deciders().First(), nil)
		if err := s.Apply(legal[r.IntN(len(legal))], nil); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDeterminizeKeepsFaceDownStrategy checks that a strategy card played
// face down stays on the table in the other player's copies: the card is
// "in front of you" once played (seed 002, Strategy cards), and the copy
// shows what the other player sees — Black has played, Red decides, Black
// holds two cards. Which card it is gets dealt again: over many copies,
// several. (Copies used to put it back in Black's hand, so that both
// decided and Black held three.)
func TestDeterminizeKeepsFaceDownStrategy(t *testing.T) {
	s := newState(t, 3, engine.Options{"first": "black"})
	playUntil(t, s, 1, func() bool { return s.phase == phaseStrategy && s.side[Black].played != none })
	if s.side[Red].played != none {
		t.Fatal("both strategy cards are down: the test proves nothing")
	}
	r := engine.NewRand(1)
	cards := map[int8]bool{}
	for range 200 {
		c := engine.Determinize(s, Red, &r).(*State)
		b := &c.side[Black]
		if b.played == none || c.Deciders() != engine.Seats(Red) || b.handCount() != 2 {
			t.Fatalf("red's copy: black's card on the table %d, deciders %v, black holds %d; want a card, red alone, 2",
				b.played, c.Deciders().List(), b.handCount())
		}
		if c.side[Red] != s.side[Red] {
			t.Fatal("red's copy changed red's side")
		}
		cards[b.played] = true
	}
	if len(cards) < 4 {
		t.Errorf("black's face-down card in red's copies is one of %d cards; want it dealt from all red cannot see", len(cards))
	}
}

// TestDeterminizeKeepsFaceDownForce checks that a force card placed face
// down stays placed in the other player's copies (seed 002, Battle: "place
// it face down in front of you"), its number dealt again from those its
// player could place (BR-12), and that a force card turned over (Spy) is
// kept as it is.
func TestDeterminizeKeepsFaceDownForce(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s := newState(t, seed, nil)
		placed := func() bool {
			return s.phase == phaseForce && (s.side[Black].force != 0) != (s.side[Red].force != 0)
		}
		playUntil(t, s, seed, placed)
		down := Black
		if s.side[Red].force != 0 {
			down = Red
		}
		r := engine.NewRand(seed)
		numbers := map[int8]bool{}
		for range 100 {
			c := engine.Determinize(s, 1-down, &r).(*State)
			f := c.side[down].force
			switch {
			case c.Deciders() != s.Deciders():
				t.Fatalf("seed %d: the copy has deciders %v, the match %v", seed, c.Deciders().List(), s.Deciders().List())
			case s.side[down].revealed && f != s.side[down].force:
				t.Fatalf("seed %d: a force card turned over shows %d in the copy, %d in the match", seed, f, s.side[down].force)
			case f < 1 || int(f) > s.maxCards(down):
				t.Fatalf("seed %d: the copy's face-down force card says %d; %s may place 1 to %d", seed, f, colourNames[down], s.maxCards(down))
			}
			numbers[f] = true
		}
		if want := s.maxCards(down); !s.side[down].revealed && len(numbers) != want {
			t.Errorf("seed %d: the face-down force card says one of %d numbers in the copies, want all %d", seed, len(numbers), want)
		}
	}
}

// TestDeterminizeSeesOnlyTheView builds, at positions all through random
// matches, a second match that Black cannot tell from the first — Red's
// deck in another order, a strategy card of Red's hand swapped with one of
// the deck, another random stream — and checks that Black's copies of
// both are the same. The conformance suite makes its second match with
// Determinize, which cannot find a secret that Determinize leaves where
// it is; this one is made by hand.
func TestDeterminizeSeesOnlyTheView(t *testing.T) {
	tested := 0
	for seed := uint64(0); seed < 40; seed++ {
		s := newState(t, seed, nil)
		r := engine.NewRand(seed)
		for k := 0; k < int(seed)*3 && !s.Deciders().Empty(); k++ {
			legal := s.Legal(s.Deciders().First(), nil)
			if err := s.Apply(legal[r.IntN(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
		rd := &s.side[Red]
		if rd.nDeck < 2 || rd.deck[0] == rd.deck[rd.nDeck-1] || s.nStrat == 0 || rd.handCount() == 0 {
			continue
		}
		o := s.Clone().(*State)
		od := &o.side[Red]
		od.deck[0], od.deck[od.nDeck-1] = od.deck[od.nDeck-1], od.deck[0]
		for k, h := range od.hand {
			if h != none && int8(o.strat[0]) != h {
				od.hand[k], o.strat[0] = int8(o.strat[0]), uint8(h)
				break
			}
		}
		o.rng = engine.NewRand(seed + 1000) // the future is hidden too
		vs, _ := json.Marshal(s.View(Black))
		vo, _ := json.Marshal(o.View(Black))
		if !bytes.Equal(vs, vo) {
			t.Fatalf("seed %d: the change is visible to Black:\n%s\n%s", seed, vs, vo)
		}
		r1, r2 := engine.NewRand(7), engine.NewRand(7)
		d1, d2 := engine.Determinize(s, Black, &r1), engine.Determinize(o, Black, &r2)
		if d1.Hash() != d2.Hash() {
			t.Errorf("seed %d (%s): Black's copy depends on what Black cannot see", seed, phaseNames[s.phase])
		}
		tested++
	}
	if tested < 20 {
		t.Errorf("only %d positions tested", tested)
	}
}
