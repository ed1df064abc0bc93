package bloodrage

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"skald/engine"
	"skald/engine/decide"
)

// TestSetupDestroyed checks the provinces destroyed before the game
// (reference §1.5, step 4): 3, 2, 1 and 0 at 2, 3, 4 and 5 clans, drawn
// from the Ragnarök tokens not on the Age track, so never a province an
// Age's Ragnarök destroys, and always outer provinces; and that each clan
// starts on the first step of its tracks with no Glory, no card and every
// figure in its reserve (§1.5, step 1); the 6 Rage come with the Action
// phase (TestSetupDraft).
func TestSetupDestroyed(t *testing.T) {
	want := map[int]int{2: 3, 3: 2, 4: 1, 5: 0}
	for n := 2; n <= 5; n++ {
		for seed := range uint64(300) {
			st, err := New().New(engine.Config{Seats: n, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			if got := bits.OnesCount16(s.destroyed); got != want[n] {
				t.Fatalf("%d clans, seed %d: %d provinces destroyed, want %d", n, seed, got, want[n])
			}
			if s.destroyed&(1<<yggdrasil) != 0 {
				t.Fatalf("%d clans, seed %d: Yggdrasil destroyed at setup", n, seed)
			}
			seen := uint16(0)
			for age, p := range s.doom {
				if s.destroyedAt(int(p)) {
					t.Fatalf("%d clans, seed %d: the doom province of Age %d, %s, is destroyed at setup", n, seed, age+1, s.c.Provinces[p].ID)
				}
				if seen&(1<<p) != 0 {
					t.Fatalf("%d clans, seed %d: %s is doomed twice", n, seed, s.c.Provinces[p].ID)
				}
				seen |= 1 << p
			}
			for p := range n {
				cl := &s.clans[p]
				if cl.glory != 0 || cl.stat != [numStats]int8{} || cl.hand.len() != 0 {
					t.Fatalf("%d clans, seed %d: clan %d starts with glory %d, steps %v, %d cards", n, seed, p, cl.glory, cl.stat, cl.hand.len())
				}
				if s.onBoard(p) != 0 || s.inReserve(p, kindLeader) < 0 || s.inReserve(p, kindShip) < 0 {
					t.Fatalf("%d clans, seed %d: clan %d does not start with its figures in reserve", n, seed, p)
				}
			}
		}
	}
}

// TestSetupDraft checks the Gods' Gifts of each Age (reference §1.6,
// step 1): eight cards a clan; one pick a pass (two at two clans), the
// hands passing left in every Age (ruling BR-R29),
// until six are kept and two are left, discarded unseen; the hand is then
// the six cards and the one kept from the Age before, if any. Each Age is
// reached by random play.
func TestSetupDraft(t *testing.T) {
	for n := 2; n <= 5; n++ {
		for seed := range uint64(12) {
			st, err := New().New(engine.Config{Seats: n, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			for age := range 3 {
				if s.phase != phDraft || int(s.age) != age {
					t.Fatalf("%d clans, seed %d: want the draft of Age %d, have phase %d of Age %d", n, seed, age+1, s.phase, s.age+1)
				}
				checkDraft(t, s, n, age, seed)
				// Play on at random to the next Age's draft.
				for s.phase != phOver && (s.phase != phDraft || int(s.age) == age) {
					playRandom(t, s, r)
				}
			}
		}
	}
}

// checkDraft plays the draft of one Age with each clan's first legal pick
// and checks it pass by pass.
func checkDraft(t *testing.T, s *State, n, age int, seed uint64) {
	t.Helper()
	per, wantPasses := 1, 6
	if n == 2 {
		per, wantPasses = 2, 3
	}
	dir := decide.Clockwise // left: seat i to seat i+1, in every Age
	if s.draft.Direction() != dir {
		t.Fatalf("%d clans, seed %d, Age %d: the hands pass %v, want %v", n, seed, age+1, s.draft.Direction(), dir)
	}
	var kept [maxClans]cardSet
	for p := range n {
		kept[p] = s.clans[p].hand // the card kept from the Age before
		if kept[p].len() > 1 {
			t.Fatalf("%d clans, seed %d, Age %d: clan %d carries %d cards", n, seed, age+1, p, kept[p].len())
		}
	}
	var picked [maxClans]cardSet
	for pass := 0; ; pass++ {
		if s.phase != phDraft {
			if pass != wantPasses {
				t.Fatalf("%d clans, seed %d, Age %d: %d passes, want %d", n, seed, age+1, pass, wantPasses)
			}
			break
		}
		var before, left [maxClans]cardSet
		for p := range n {
			before[p] = s.draftHand(p)
			if got, want := before[p].len(), 8-per*pass; got != want {
				t.Fatalf("%d clans, seed %d, Age %d, pass %d: clan %d drafts from %d cards, want %d", n, seed, age+1, pass, p, got, want)
			}
		}
		for p := range n {
			left[p] = before[p]
			for k := range per {
				var buf []engine.Action
				buf = s.Legal(engine.Seat(p), buf)
				if len(buf) == 0 || buf[0].Kind != kDraft {
					t.Fatalf("%d clans, seed %d, Age %d: clan %d cannot pick its card %d of the pass", n, seed, age+1, p, k+1)
				}
				c := buf[0].Arg[0]
				if err := s.Apply(buf[0], nil); err != nil {
					t.Fatal(err)
				}
				left[p].del(c)
				picked[p].add(c)
			}
		}
		if s.phase != phDraft {
			continue
		}
		// Each clan's hand went to its neighbour in the Age's direction.
		for p := range n {
			to := int(dir.To(engine.Seat(p), n))
			if s.draftHand(to) != left[p] {
				t.Fatalf("%d clans, seed %d, Age %d, pass %d: clan %d's hand did not pass to clan %d", n, seed, age+1, pass, p, to)
			}
		}
	}
	for p := range n {
		if age == 0 && (s.phase != phAction || s.clans[p].rage != 6) {
			t.Fatalf("%d clans, seed %d: after the first draft, clan %d has %d Rage in phase %d; want 6 in the Action phase", n, seed, p, s.clans[p].rage, s.phase)
		}
		hand := s.clans[p].hand
		if picked[p].len() != 6 {
			t.Fatalf("%d clans, seed %d, Age %d: clan %d picked %d cards, want 6", n, seed, age+1, p, picked[p].len())
		}
		for w := range hand {
			if hand[w] != picked[p][w]|kept[p][w] {
				t.Fatalf("%d clans, seed %d, Age %d: clan %d's hand is not its six picks and its kept card", n, seed, age+1, p)
			}
		}
	}
}

// playRandom plays one random legal action of a seat deciding now.
func playRandom(t *testing.T, s *State, r *rand.Rand) {
	t.Helper()
	seats := s.Deciders().List()
	if len(seats) == 0 {
		t.Fatal("nobody decides in a game that is not over")
	}
	seat := seats[r.IntN(len(seats))]
	legal := s.Legal(seat, nil)
	if len(legal) == 0 {
		t.Fatalf("%s decides but has no legal action", clanNames[seat])
	}
	if err := s.Apply(legal[r.IntN(len(legal))], nil); err != nil {
		t.Fatal(err)
	}
}

// TestArrangeTurnWithoutRage checks that a position cannot give the turn
// to a clan without Rage, which takes no action, not even a free one
// (note 5): the Action phase passes such a clan by.
func TestArrangeTurnWithoutRage(t *testing.T) {
	st, err := New().New(engine.Config{Seats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	err = st.(*State).Arrange([]byte(`{"turn": "raven", "clans": {"raven": {"rage": 0}}}`))
	if err == nil || !strings.Contains(err.Error(), "raven has no Rage to act with (note 5)") {
		t.Fatalf("Arrange gave the turn to a clan without Rage: %v", err)
	}
	if err := st.(*State).Arrange([]byte(`{"turn": "raven", "clans": {"wolf": {"rage": 0}}}`)); err != nil {
		t.Fatal(err)
	}
}
