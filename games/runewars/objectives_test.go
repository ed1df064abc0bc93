package runewars

import "testing"

// TestObjectivesInRandomPlay plays random games and checks that
// objectives are completed in them (the scenarios show each moment), that
// no player ever holds more than one once his choices are made (Limits
// 3), and that every card is in one place.
func TestObjectivesInRandomPlay(t *testing.T) {
	done := map[ObjGoal]int{}
	for seed := uint64(1); seed <= 60; seed++ {
		s, _ := playRandom(t, 2+int(seed%3), seed, nil)
		for o := range s.c.Objectives {
			switch at := s.objAt[o]; {
			case at == oDone:
				done[s.c.Objectives[o].Goal]++
				if s.objBy[o] < 0 || s.objBy[o] >= s.n {
					t.Fatalf("seed %d: %s completed by %d", seed, s.c.Objectives[o].ID, s.objBy[o])
				}
			case at >= s.n || at < oDiscard:
				t.Fatalf("seed %d: %s at %d", seed, s.c.Objectives[o].ID, at)
			}
		}
		for p := int8(0); p < s.n; p++ {
			if n := s.objectivesOf(p); n > objectiveLimit {
				t.Fatalf("seed %d: %s holds %d objectives", seed, s.fac(p), n)
			}
		}
	}
	t.Logf("objectives completed by goal: %v", done)
	if len(done) == 0 {
		t.Errorf("no objective completed in 60 random games")
	}
}
