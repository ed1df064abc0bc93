package tacticsdavid

import (
	"testing"

	"skald/engine"
)

// battleStart plays a seeded battle with automatic armies up to its
// first turn, the armies deployed at random.
func battleStart(t *testing.T, seed uint64) *State {
	t.Helper()
	m, err := engine.NewMatch(New(), engine.Config{Seats: 2, Seed: seed, Options: engine.Options{"armies": "auto"}}, []string{"a", "b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(seed)
	var legal []engine.Action
	for m.State.(*State).stage != stageBattle {
		seat := m.State.Deciders().First()
		legal = m.State.Legal(seat, legal[:0])
		if err := m.Play(legal[r.IntN(len(legal))], nil); err != nil {
			t.Fatal(err)
		}
	}
	return m.State.(*State)
}

// TestEvaluatePressure checks what Evaluate adds for closing in: a unit
// brought next to an enemy raises its side's worth, and a kill never
// lowers the pressure.
func TestEvaluatePressure(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 5; seed++ {
		s := battleStart(t, seed)
		for _, seat := range []engine.Seat{0, 1} {
			if v := s.Evaluate(seat); v < 0 || v > 1 {
				t.Fatalf("seed %d: Evaluate(%d) = %v, want 0 to 1", seed, seat, v)
			}
		}
		// Find a unit of each side and stand seat 0's next to seat 1's.
		mine, theirs := -1, -1
		for i := range s.pieces {
			if s.pieces[i].team >= 0 || s.info[s.pieces[i].prof].ranged {
				continue
			}
			if s.trueOwner(i) == 0 && mine < 0 {
				mine = i
			} else if s.trueOwner(i) == 1 && theirs < 0 {
				theirs = i
			}
		}
		if mine < 0 || theirs < 0 || s.heurCannotKill(mine, theirs) {
			continue
		}
		before0 := s.pressure(0)
		c := s.Clone().(*State)
		q := c.pt(theirs)
		moved := false
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			x, y := q.X+d[0], q.Y+d[1]
			if x < 0 || y < 0 || x >= c.bf.W || y >= c.bf.H || c.board[y*c.bf.W+x] != 0 {
				continue
			}
			p := c.pt(mine)
			c.board[p.Y*c.bf.W+p.X] = 0
			c.pieces[mine].x, c.pieces[mine].y = int8(x), int8(y)
			c.board[y*c.bf.W+x] = int8(mine + 1)
			moved = true
			break
		}
		if !moved {
			continue
		}
		checked++
		if got := c.pressure(0); got <= before0 && before0 < 1 {
			t.Errorf("seed %d: seat 0's pressure %v with a unit next to an enemy, %v before; want more", seed, got, before0)
		}
		if c.Evaluate(0) <= s.Evaluate(0) && before0 < 1 {
			t.Errorf("seed %d: Evaluate(0) %v with a unit next to an enemy, %v before; want more", seed, c.Evaluate(0), s.Evaluate(0))
		}
		// Every enemy unit killed, one by one: the pressure never falls.
		last := c.pressure(0)
		for e := range c.pieces {
			if c.trueOwner(e) != 1 || !c.alive(e) {
				continue
			}
			c.pieces[e].status |= statusBit(Dead)
			if got := c.pressure(0); got < last {
				t.Errorf("seed %d: seat 0's pressure fell from %v to %v with a kill", seed, last, got)
			}
			last = c.pressure(0)
		}
		if last != 1 {
			t.Errorf("seed %d: seat 0's pressure %v with every enemy dead, want 1", seed, last)
		}
	}
	if checked < 3 {
		t.Errorf("%d of 5 battles had units to bring together, want 3 at least", checked)
	}
}

// TestCanJudge checks where a rollout bot rolls out (ai.Judge): never
// while the armies are built, where every position is worth an even 0.5
// to both seats, nor in deployment, at any depth; always in the battle.
func TestCanJudge(t *testing.T) {
	for _, opts := range []engine.Options{{}, {"armies": "auto"}} {
		for seed := uint64(1); seed <= 3; seed++ {
			m, err := engine.NewMatch(New(), engine.Config{Seats: 2, Seed: seed, Options: opts}, []string{"a", "b"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed)
			var legal []engine.Action
			stages := map[int]bool{}
			for m.State.(*State).stage != stageBattle {
				s := m.State.(*State)
				stages[int(s.stage)] = true
				for _, depth := range []int{2, 10, 30, 1000} {
					if s.CanJudge(depth) {
						t.Fatalf("%v seed %d: CanJudge(%d) true in stage %d, before the battle", opts, seed, depth, s.stage)
					}
				}
				if v0, v1 := s.Evaluate(0), s.Evaluate(1); s.stage == stageBuild && (v0 != 0.5 || v1 != 0.5) {
					t.Fatalf("%v seed %d: Evaluate gives %v and %v while the armies are built", opts, seed, v0, v1)
				}
				seat := m.State.Deciders().First()
				legal = m.State.Legal(seat, legal[:0])
				if err := m.Play(legal[r.IntN(len(legal))], nil); err != nil {
					t.Fatal(err)
				}
			}
			if !stages[stageDeploy] {
				t.Errorf("%v seed %d: no deployment before the battle", opts, seed)
			}
			if s := m.State.(*State); !s.CanJudge(1) || !s.CanJudge(30) {
				t.Errorf("%v seed %d: CanJudge false in the battle", opts, seed)
			}
		}
	}
}
