package blackred

import (
	"testing"

	"skald/engine"
)

// TestInferDealsAsTheEnemyStated plays seeded matches of the rules of
// thumb and checks, wherever the enemy's stated weapon (and strategy card)
// tells something about its deck, that Infer's deals agree with them far
// more often than Determinize's, and that a force card the enemy placed face down is, in
// Infer's copy, a number its player could place.
func TestInferDealsAsTheEnemyStated(t *testing.T) {
	var random, inferred, positions, forces int
	for seed := uint64(1); seed <= 12; seed++ {
		s := newState(t, seed, nil)
		r := engine.NewRand(seed)
		for !s.Deciders().Empty() {
			seat := s.Deciders().First()
			if !s.Clone().(*State).statedAsModel(seat, &r) || s.phase > phaseAttackerWeapon && s.side[1-seat].weapon != none {
				positions++
				if s.Determinize(seat, &r).(*State).statedAsModel(seat, &r) {
					random++
				}
				c := s.Infer(seat, &r).(*State)
				if c.statedAsModel(seat, &r) {
					inferred++
				}
				if en := &c.side[1-seat]; c.phase == phaseForce && en.force != 0 && !en.revealed {
					forces++
					if int(en.force) > c.maxCards(1-seat) || en.force < 1 {
						t.Fatalf("seed %d: Infer placed force %d", seed, en.force)
					}
				}
			}
			a := engine.Determinize(s, seat, &r).(engine.Heuristic).Suggest(seat, &r)
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions after an enemy's weapon: Determinize's deals agree with them %d times, Infer's %d; %d force cards face down", positions, random, inferred, forces)
	if positions < 100 || forces == 0 {
		t.Fatalf("only %d positions, %d force cards face down", positions, forces)
	}
	if inferred < positions*4/5 || inferred <= random {
		t.Errorf("Infer's deals agree with the stated weapon and card %d times of %d (Determinize's %d)", inferred, positions, random)
	}
}
