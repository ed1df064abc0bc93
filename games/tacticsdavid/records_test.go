package tacticsdavid

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"skald/engine"
)

// replayRecord replays testdata/records/name, checking every hash, and
// returns the state after its last step.
func replayRecord(t *testing.T, name string) *State {
	t.Helper()
	path := filepath.Join("testdata", "records", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := engine.ReadRecord(f, path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.Replay(New(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// everyLegalApplies checks that each of the deciding seat's legal actions
// is accepted by Apply (on a copy).
func everyLegalApplies(t *testing.T, s *State) []engine.Action {
	t.Helper()
	seat := s.Deciders().First()
	legal := s.Legal(seat, nil)
	if len(legal) == 0 {
		t.Fatalf("seat %d decides but has no legal action", seat)
	}
	for _, a := range legal {
		if err := s.Clone().Apply(a, nil); err != nil {
			t.Errorf("legal action %q is refused: %v", s.FormatAction(a), err)
		}
	}
	return legal
}

// TestInfectedEngagedUnitIsDisengaged replays a match of the first
// 200-match batch in which a mcts bot found a legal action refused: two's
// engaged Snapping Turtle fails to escape its Combat Lock, dies, and rises
// as one's Zombie (149 Infect) in its place. The Zombie is no longer the
// Attacking Player's, so it is disengaged (TD-154): two engages another
// unit or ends its turn, and may not move or attack with one's Zombie.
func TestInfectedEngagedUnitIsDisengaged(t *testing.T) {
	s := replayRecord(t, "infect-engaged.jsonl")
	if s.eng.p >= 0 {
		t.Fatalf("%s is still engaged by %s", s.name(int(s.eng.p)), s.g.SeatName(engine.Seat(s.player)))
	}
	for _, a := range everyLegalApplies(t, s) {
		if a.Kind != actEngage && a.Kind != actEndTurn {
			t.Errorf("with no unit engaged, %q is offered", s.FormatAction(a))
		}
	}
}

// TestBothPartnersDead replays a match in which both engaged units of a
// Unit Team had lost a partner before they came to share a grid space: each
// must move away at its first opportunity ("Other Rules for Unit Teams"),
// and either may go first; the legal list offered one unit's moves and
// Apply demanded the other's.
func TestBothPartnersDead(t *testing.T) {
	s := replayRecord(t, "both-partners-dead.jsonl")
	legal := everyLegalApplies(t, s)
	movers := map[int16]bool{}
	for _, a := range legal {
		if a.Kind != actMove {
			t.Errorf("%q is offered before the units leave", s.FormatAction(a))
		}
		movers[a.Arg[3]] = true
	}
	if len(movers) != 2 || !movers[int16(s.eng.p)] || !movers[int16(s.eng.q)] {
		keys := make([]int16, 0, len(movers))
		for k := range movers {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		t.Errorf("moves offered for units %v, want both engaged units (u%d, u%d)", keys, s.eng.p, s.eng.q)
	}
}

// TestArmyLargerThanItsArea plays random matches in which an army of 500
// may hold more units than its deployment area has grid spaces (Death's
// Highway): the units left without a grid space stay out of the battle
// (TD-156), and no seat is ever asked to decide with nothing to choose.
func TestArmyLargerThanItsArea(t *testing.T) {
	opts := engine.Options{"armies": "auto", "limit": "500", "battlefield": "deaths-highway", "abilities": "off", "turns": "3"}
	left := 0
	for seed := uint64(220); seed < 232; seed++ {
		st, err := New().New(engine.Config{Seats: 2, Seed: seed, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRand(seed)
		for step := 0; ; step++ {
			seat := st.Deciders().First()
			if seat == engine.Spectator {
				break
			}
			legal := st.Legal(seat, nil)
			if len(legal) == 0 {
				t.Fatalf("seed %d, step %d: seat %d decides but has no legal action", seed, step, seat)
			}
			var ev engine.Log
			if err := st.Apply(legal[rng.IntN(len(legal))], &ev); err != nil {
				t.Fatalf("seed %d, step %d: %v", seed, step, err)
			}
			for _, e := range ev {
				if e.Type == "deploy.left-out" {
					left++
				}
			}
		}
	}
	if left == 0 {
		t.Error("no unit was left out: the test does not reach the case it is for")
	}
}
