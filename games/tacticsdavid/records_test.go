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
