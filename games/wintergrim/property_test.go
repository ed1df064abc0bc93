package wintergrim

import (
	"encoding/json"
	"strings"
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
		if ws, ok := s.(*State); ok {
			for i := int8(0); i < ws.seats; i++ {
				if ws.food(i) != ws.countFood(i) {
					t.Fatalf("after %q: seat %d's food is kept as %d, counted %d", text, i, ws.food(i), ws.countFood(i))
				}
				if ws.handSize(i) != ws.countHand(i) {
					t.Fatalf("after %q: seat %d's hand is kept as %d, counted %d", text, i, ws.handSize(i), ws.countHand(i))
				}
			}
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

// candidates returns a sample of actions of every kind for seat, legal or
// not: every legal action, and random ones with arguments near the
// state's cards and card definitions.
func candidates(s *State, seat engine.Seat, r *engine.Rand, n int) []engine.Action {
	out := s.Legal(seat, nil)
	ids := int(s.n())
	defs := len(s.g.c.Cards)
	pick := func(max int) int16 { return int16(r.IntN(max+2) - 1) }
	for i := 0; i < n; i++ {
		a := engine.Action{Seat: seat, Kind: uint8(1 + r.IntN(numKindsA-1))}
		switch a.Kind {
		case kindHQ, kindWorker, kindPath, kindPay:
			a.Arg[0] = pick(defs)
		case kindMark, kindUse, kindStarve, kindIntercept:
			a.Arg[0] = pick(ids)
		case kindMove:
			a.Arg = [4]int16{pick(ids), int16(r.IntN(3)), pick(ids)}
			if a.Arg[1] == moveOut {
				a.Arg[2] = none
			}
		case kindSearch, kindReplace:
			a.Arg = [4]int16{pick(ids), pick(defs)}
		case kindHeal, kindExorcise, kindRepair, kindSteal, kindVanguard:
			a.Arg = [4]int16{pick(ids), pick(ids)}
		case kindAttack:
			a.Arg = [4]int16{pick(ids), pick(ids), int16(r.IntN(3))}
		case kindPlay:
			a.Arg = [4]int16{pick(defs), none, none, 0}
			switch r.IntN(3) {
			case 0:
				a.Arg[1] = pick(ids)
				a.Arg[3] = int16(r.IntN(2))
			case 1:
				a.Arg[2] = pick(ids)
			}
		case kindCapture:
			a.Arg[0] = int16(r.IntN(2))
		}
		out = append(out, a)
	}
	return out
}

// TestLegalIsExact plays random games and, along the way, tries actions of
// every kind: an action is accepted exactly when Legal lists it; a refused
// one returns an *engine.IllegalError with a rule and leaves the state as
// it was; every seat but the decider is refused everything.
func TestLegalIsExact(t *testing.T) {
	g := New()
	for seed := uint64(0); seed < 8; seed++ {
		mode := modeNames[seed%numModes]
		st, err := g.New(engine.Config{Seats: 2 + int(seed%3), Seed: seed, Options: engine.Options{"mode": mode, "turns": "15"}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed)
		for step := 0; !s.Deciders().Empty(); step++ {
			seat := s.Deciders().First()
			legal := s.Legal(seat, nil)
			if step%3 == 0 {
				for other := engine.Seat(0); other < engine.Seat(s.seats); other++ {
					for _, a := range candidates(s, other, &r, 40) {
						listed := false
						for _, l := range legal {
							listed = listed || (l == a && other == seat)
						}
						c := s.Clone().(*State)
						h := c.Hash()
						err := c.Apply(a, nil)
						if listed != (err == nil) {
							t.Fatalf("seed %d step %d: %q by %d: listed %v, apply error %v", seed, step, s.FormatAction(a), other, listed, err)
						}
						if err != nil {
							ie, ok := err.(*engine.IllegalError)
							if !ok || ie.Rule == "" || ie.Why == "" {
								t.Fatalf("%q: error %v is not an IllegalError with a rule", s.FormatAction(a), err)
							}
							if c.Hash() != h {
								t.Fatalf("refused %q changed the state", s.FormatAction(a))
							}
						}
					}
				}
			}
			if err := s.Apply(legal[r.IntN(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestHiddenInformation checks that views and determinizations depend on
// nothing a seat may not see: two matches that differ only in the order of
// the decks and in seat two's hand look the same to seat one.
func TestHiddenInformation(t *testing.T) {
	tested := 0
	defer func() {
		if tested < 5 {
			t.Errorf("only %d positions tested", tested)
		}
	}()
	for seed := uint64(0); seed < 20; seed++ {
		s := newState(t, seed, nil)
		r := engine.NewRand(seed)
		for n := 0; n < 60+int(seed)*7 && !s.Deciders().Empty(); n++ {
			legal := s.Legal(s.Deciders().First(), nil)
			s.Apply(legal[r.IntN(len(legal))], nil)
		}
		if s.stage != stPlay {
			continue
		}
		// Swap what a card of two's hand is with one of two's deck, and
		// reverse one's deck.
		o := s.Clone().(*State)
		var hand, deck int16 = none, none
		for id := int16(DeckSize); id < 2*DeckSize; id++ {
			if o.c[id].zone == zHand && o.c[id].flags&fShown == 0 && hand < 0 {
				hand = id
			}
		}
		if p := &o.p[1]; p.n > 0 {
			deck = p.deck[0]
		}
		if hand < 0 || deck < 0 || o.c[hand].def == o.c[deck].def {
			continue
		}
		o.c[hand].def, o.c[deck].def = o.c[deck].def, o.c[hand].def
		p := &o.p[0]
		for i, j := 0, int(p.n)-1; i < j; i, j = i+1, j-1 {
			p.deck[i], p.deck[j] = p.deck[j], p.deck[i]
		}
		if s.Hash() == o.Hash() {
			t.Fatal("the two matches should differ")
		}
		tested++
		r1, r2 := engine.NewRand(9), engine.NewRand(9)
		if s.Determinize(0, &r1).Hash() != o.Determinize(0, &r2).Hash() {
			t.Fatalf("seed %d: seat one's determinization depends on what it cannot see", seed)
		}
		v1, _ := json.Marshal(s.View(0))
		v2, _ := json.Marshal(o.View(0))
		if string(v1) != string(v2) {
			t.Fatalf("seed %d: seat one's view depends on what it cannot see", seed)
		}
		if strings.Contains(s.Describe(0), s.ref(hand)) {
			t.Fatalf("seat one's terminal shows two's hand")
		}
	}
}

func FuzzArrange(f *testing.F) {
	f.Add([]byte(`{"start":"one","table":[{"seat":"one","card":"tundra-and-village","as":"v"},{"seat":"one","card":"farmer","in":"v"}],"hands":{"two":["net-trap"]}}`))
	f.Add([]byte(`{"decks":{"two":["ranger","windstorm"]}}`))
	f.Add([]byte(`{"start":"two","table":[{"seat":"two","card":"troll","at":"nowhere"}]}`))
	f.Fuzz(func(t *testing.T, setup []byte) {
		s := newState(t, 2, nil)
		h := s.Hash()
		if err := s.Arrange(setup); err != nil {
			if s.Hash() != h {
				t.Fatalf("a refused setup changed the state: %v", err)
			}
			return
		}
		r := engine.NewRand(1)
		playRandom(t, s, &r, 200000)
	})
}

// TestWindowAsksOnlyWhoCanAnswer plays seeded random games at two, three
// and four seats, leaning to drawing and playing cards in a turn and to
// answering in a window, so that windows open and hold chains: a player
// asked in a reaction window always has something to play besides pass,
// and is still in (WG-6: a window "asks only a player who has something
// it could play").
func TestWindowAsksOnlyWhoCanAnswer(t *testing.T) {
	g := New()
	asked, answers := 0, 0
	var legal, pick []engine.Action
	for seats := 2; seats <= MaxSeats; seats++ {
		for seed := uint64(0); seed < 40; seed++ {
			st, err := g.New(engine.Config{Seats: seats, Seed: seed, Options: engine.Options{"turns": "30"}})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(seed + 7)
			for n := 0; n < 50000 && !s.Deciders().Empty(); n++ {
				seat := s.Deciders().First()
				legal = s.Legal(seat, legal[:0])
				ctx, _ := s.context()
				if ctx == ctxWindow {
					asked++
					if len(legal) < 2 {
						t.Fatalf("%d seats, seed %d, action %d: %s is asked in a window with nothing to play: %v", seats, seed, n, seatNames[seat], legal)
					}
					if s.p[seat].out {
						t.Fatalf("%d seats, seed %d, action %d: %s is out and asked in a window", seats, seed, n, seatNames[seat])
					}
				}
				pick = pick[:0]
				for _, a := range legal {
					tactic := a.Kind == kindPlay && s.g.c.Cards[a.Arg[0]].IsTactic()
					if ctx == ctxWindow && a.Kind != kindPass || a.Kind == kindUse || a.Kind == kindPay || a.Kind == kindPlay && !tactic {
						pick = append(pick, a)
					}
				}
				a := legal[r.IntN(len(legal))]
				for k := 0; k < 8 && a.Kind == kindEnd && len(legal) > 1; k++ {
					a = legal[r.IntN(len(legal))] // longer turns put more in play
				}
				if len(pick) > 0 && r.IntN(4) > 0 {
					a = pick[r.IntN(len(pick))]
					if ctx == ctxWindow {
						answers++
					}
				}
				if err := s.Apply(a, nil); err != nil {
					t.Fatalf("%d seats, seed %d, action %d: %q refused: %v", seats, seed, n, s.FormatAction(a), err)
				}
			}
		}
	}
	t.Logf("%d window decisions, %d answers", asked, answers)
	if asked == 0 || answers == 0 {
		t.Fatalf("%d window decisions, %d answers: the test plays no chains", asked, answers)
	}
}
