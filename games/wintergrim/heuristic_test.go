package wintergrim

import (
	"context"
	"slices"
	"testing"

	"skald/engine"
	"skald/sim"
)

// TestSuggestIsLegal checks that the scripted player suggests one of the
// deciding seat's legal actions at every step of seeded matches of every
// mode at two and three seats, asked on the whole state and on a copy
// determinized for the seat (as the heuristic bot asks), and that it is
// deterministic for a seed, four seeds each. Seat one plays the suggestions; the others
// play them or a random action, in turn, so that the positions vary.
func TestSuggestIsLegal(t *testing.T) {
	for _, mode := range modeNames {
		for i := range 8 {
			seats, seed := 2+i/4, uint64(1+i%4)
			st, err := New().New(engine.Config{Seats: seats, Seed: seed, Options: engine.Options{"mode": mode}})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(seed)
			var legal []engine.Action
			steps := 0
			for ; s.stage != stOver; steps++ {
				seat := s.Deciders().First()
				legal = s.Legal(seat, legal[:0])
				r2 := r.Clone()
				a := s.Suggest(seat, &r)
				if !slices.Contains(legal, a) {
					t.Fatalf("%s, %d seats, seed %d, step %d: the suggestion %q is not legal", mode, seats, seed, steps, s.FormatAction(a))
				}
				if b := s.Suggest(seat, &r2); b != a {
					t.Fatalf("%s, %d seats, seed %d, step %d: suggested %q, then %q with the same stream", mode, seats, seed, steps, s.FormatAction(a), s.FormatAction(b))
				}
				if d := s.Determinize(seat, &r).(*State).Suggest(seat, &r); !slices.Contains(legal, d) {
					t.Fatalf("%s, %d seats, seed %d, step %d: the suggestion %q on a determinized copy is not legal", mode, seats, seed, steps, s.FormatAction(d))
				}
				if seat != 0 && steps%2 == 1 {
					a = legal[r.IntN(len(legal))]
				}
				if err := s.Apply(a, nil); err != nil {
					t.Fatal(err)
				}
			}
			res, _ := s.Result()
			t.Logf("%s, %d seats, seed %d: %d steps, %s", mode, seats, seed, steps, res.Reason)
		}
	}
}

// TestHeuristicBeatsRandom checks the scripted player's strength, as issue
// 18 asks: it beats random play in at least 90% of 40 seeded two-player
// matches of the default mode, Destroy.
func TestHeuristicBeatsRandom(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Options{Game: New(), Bots: []string{"heuristic", "random"}, N: 40, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	b := rep.Bots[0]
	t.Logf("heuristic against random: %d wins, %d draws, %d losses of %d", b.Wins, b.Draws, b.Losses(), b.Games)
	if b.Name != "heuristic" || b.WinRate < 0.9 {
		t.Errorf("heuristic wins %.0f%% against random, want at least 90%%", 100*b.WinRate)
	}
}
