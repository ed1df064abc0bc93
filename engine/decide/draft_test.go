package decide

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

// cards returns the set of the given cards.
func cards(cs ...int) Cards {
	var c Cards
	for _, x := range cs {
		c = c.With(x)
	}
	return c
}

// list returns the cards of c in increasing order.
func list(c Cards) []int {
	out := []int{}
	for ; c != 0; c = c.Without(c.First()) {
		out = append(out, c.First())
	}
	return out
}

func TestDirection(t *testing.T) {
	tests := []struct {
		dir      Direction
		seat     engine.Seat
		seats    int
		to, from engine.Seat
	}{
		{Clockwise, 0, 3, 1, 2},
		{Clockwise, 2, 3, 0, 1},
		{Anticlockwise, 0, 3, 2, 1},
		{Anticlockwise, 2, 3, 1, 0},
		{Clockwise, 4, 5, 0, 3},
		{Anticlockwise, 0, 2, 1, 1},
	}
	for _, tc := range tests {
		if got := tc.dir.To(tc.seat, tc.seats); got != tc.to {
			t.Errorf("%s at %d seats: seat %d passes to %d, want %d", tc.dir, tc.seats, tc.seat, got, tc.to)
		}
		if got := tc.dir.From(tc.seat, tc.seats); got != tc.from {
			t.Errorf("%s at %d seats: seat %d receives from %d, want %d", tc.dir, tc.seats, tc.seat, got, tc.from)
		}
	}
	for round, want := range []Direction{Clockwise, Anticlockwise, Clockwise, Anticlockwise} {
		if got := Alternate(round); got != want {
			t.Errorf("round %d: %s, want %s", round, got, want)
		}
	}
	if Left(4, 5) != 0 || Right(0, 5) != 4 || Left(1, 5) != 2 || Right(3, 5) != 2 {
		t.Errorf("Left and Right are not clockwise and anticlockwise")
	}
}

func TestCards(t *testing.T) {
	c := cards(0, 5, 63)
	if c.Len() != 3 || !c.Has(63) || c.Has(64) || c.Has(-1) || c.Has(4) || c.First() != 0 {
		t.Errorf("cards %v: Len %d, First %d", list(c), c.Len(), c.First())
	}
	for n, want := range []int{0, 5, 63, -1} {
		if got := c.Nth(n); got != want {
			t.Errorf("Nth(%d) = %d, want %d", n, got, want)
		}
	}
	if c.Nth(-1) != -1 || Cards(0).First() != -1 {
		t.Errorf("Nth(-1) or First of nothing is a card")
	}
}

// TestDraft plays drafts pick by pick and checks each seat's hand and
// kept cards after every round of picks.
func TestDraft(t *testing.T) {
	tests := []struct {
		name  string
		hands []Cards
		dir   Direction
		left  int
		// picks[r][s] is seat s's pick in round r, made in seat order
		// from the last seat down (the order does not matter).
		picks [][]int
		// hands and kept after each round of picks
		wantHands [][]Cards
		wantKept  [][]Cards
	}{
		{
			name:  "three seats clockwise, one card left over",
			hands: []Cards{cards(0, 1, 2), cards(3, 4, 5), cards(6, 7, 8)},
			dir:   Clockwise, left: 1,
			picks: [][]int{{0, 3, 6}, {8, 1, 4}},
			wantHands: [][]Cards{
				{cards(7, 8), cards(1, 2), cards(4, 5)}, // seat 2's rest went to seat 0
				{cards(7), cards(2), cards(5)},          // over: left over where they were
			},
			wantKept: [][]Cards{
				{cards(0), cards(3), cards(6)},
				{cards(0, 8), cards(3, 1), cards(6, 4)},
			},
		},
		{
			name:  "three seats anticlockwise",
			hands: []Cards{cards(0, 1, 2), cards(3, 4, 5), cards(6, 7, 8)},
			dir:   Anticlockwise, left: 1,
			picks: [][]int{{2, 5, 8}, {4, 7, 1}},
			wantHands: [][]Cards{
				{cards(3, 4), cards(6, 7), cards(0, 1)}, // seat 1's rest went to seat 0
				{cards(3), cards(6), cards(0)},
			},
			wantKept: [][]Cards{
				{cards(2), cards(5), cards(8)},
				{cards(2, 4), cards(5, 7), cards(8, 1)},
			},
		},
		{
			name:  "two seats, every card drafted",
			hands: []Cards{cards(10, 11), cards(20, 21)},
			dir:   Clockwise, left: 0,
			picks: [][]int{{11, 20}, {21, 10}},
			wantHands: [][]Cards{
				{cards(21), cards(10)},
				{0, 0},
			},
			wantKept: [][]Cards{
				{cards(11), cards(20)},
				{cards(11, 21), cards(20, 10)},
			},
		},
		{
			name:  "five seats, hands of two, one pass",
			hands: []Cards{cards(0, 1), cards(2, 3), cards(4, 5), cards(6, 7), cards(8, 9)},
			dir:   Clockwise, left: 1,
			picks: [][]int{{1, 2, 5, 6, 9}},
			wantHands: [][]Cards{
				{cards(0), cards(3), cards(4), cards(7), cards(8)},
			},
			wantKept: [][]Cards{
				{cards(1), cards(2), cards(5), cards(6), cards(9)},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var d Draft
			if err := d.Deal(tc.hands, tc.dir, tc.left); err != nil {
				t.Fatal(err)
			}
			n := len(tc.hands)
			if d.Seats() != n || d.Direction() != tc.dir || d.Over() || d.Waiting() != all(n) {
				t.Fatalf("dealt: %d seats, %s, over %v, waiting %v", d.Seats(), d.Direction(), d.Over(), d.Waiting().List())
			}
			for r, round := range tc.picks {
				for s := n - 1; s >= 0; s-- {
					seat := engine.Seat(s)
					passed, err := d.Pick(seat, round[s])
					if err != nil {
						t.Fatalf("round %d: %v", r, err)
					}
					if passed != (s == 0) {
						t.Fatalf("round %d, seat %d's pick: passed %v", r, s, passed)
					}
					if s > 0 {
						if c, ok := d.Picked(seat); !ok || c != round[s] {
							t.Fatalf("round %d: seat %d's face-down pick %d, %v", r, s, c, ok)
						}
						if d.Hand(seat).Has(round[s]) {
							t.Fatalf("round %d: seat %d's pick is still in its hand", r, s)
						}
						if d.Waiting().Has(seat) {
							t.Fatalf("round %d: seat %d waits after picking", r, s)
						}
					}
				}
				for s := range engine.Seat(n) {
					if got, want := d.Hand(s), tc.wantHands[r][s]; got != want {
						t.Errorf("after round %d seat %d holds %v, want %v", r, s, list(got), list(want))
					}
					if got, want := d.Kept(s), tc.wantKept[r][s]; got != want {
						t.Errorf("after round %d seat %d kept %v, want %v", r, s, list(got), list(want))
					}
				}
				if d.Passes() != r+1 {
					t.Errorf("after round %d: %d passes", r, d.Passes())
				}
			}
			if !d.Over() || !d.Waiting().Empty() {
				t.Errorf("not over: waiting %v", d.Waiting().List())
			}
			if _, err := d.Pick(0, d.Hand(0).First()); err == nil {
				t.Errorf("a seat picked in a draft that is over")
			}
		})
	}
}

func TestDraftDealRefuses(t *testing.T) {
	tests := []struct {
		name  string
		hands []Cards
		dir   Direction
		left  int
		want  string
	}{
		{"no seats", nil, Clockwise, 0, "0 seats"},
		{"too many seats", make([]Cards, engine.MaxSeats+1), Clockwise, 0, "9 seats"},
		{"hands of two sizes", []Cards{cards(0, 1), cards(2)}, Clockwise, 0, "seat 1 holds 1 cards"},
		{"a card twice", []Cards{cards(0, 1), cards(1, 2)}, Clockwise, 0, "card 1 is dealt twice"},
		{"nothing to draft", []Cards{cards(0, 1), cards(2, 3)}, Clockwise, 2, "2 cards left over from hands of 2"},
		{"negative left over", []Cards{cards(0, 1), cards(2, 3)}, Clockwise, -1, "-1 cards left over"},
		{"no direction", []Cards{cards(0, 1), cards(2, 3)}, 0, 0, "direction 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var d Draft
			d.Deal([]Cards{cards(5, 6), cards(7, 8)}, Clockwise, 0)
			before := d
			err := d.Deal(tc.hands, tc.dir, tc.left)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
			if d != before {
				t.Errorf("a refused deal changed the draft")
			}
		})
	}
}

func TestDraftPickRefuses(t *testing.T) {
	var d Draft
	if err := d.Deal([]Cards{cards(0, 1, 2), cards(3, 4, 5)}, Clockwise, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Pick(0, 1); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		seat engine.Seat
		card int
		want string
	}{
		{"picked already", 0, 2, "not to pick now"},
		{"a card it does not hold", 1, 0, "not in its hand"},
		{"its own face-down pick again", 0, 1, "not to pick now"},
		{"no such card", 1, 64, "not in its hand"},
		{"a spectator", engine.Spectator, 3, "not to pick now"},
		{"off the table", 2, 3, "not to pick now"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := d
			_, err := d.Pick(tc.seat, tc.card)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
			if d != before {
				t.Errorf("a refused pick changed the draft")
			}
		})
	}
}

func TestDraftTake(t *testing.T) {
	var d Draft
	d.Deal([]Cards{cards(0, 1), cards(2, 3)}, Clockwise, 1)
	d.Pick(0, 1)
	d.Pick(1, 2)
	if d.Take(0, 2) || d.Take(5, 1) || d.Take(engine.Spectator, 1) {
		t.Errorf("took a card the seat did not keep")
	}
	if !d.Take(0, 1) || d.Kept(0) != 0 || d.Hidden(1).Has(1) {
		t.Errorf("seat 0's card 1 was not taken: kept %v", list(d.Kept(0)))
	}
}

// TestDraftRedeal checks Redeal: the viewer's cards stay, every other
// seat holds, keeps and has picked as many cards as before, no card is
// lost or made, and the result depends on nothing the viewer cannot see.
func TestDraftRedeal(t *testing.T) {
	var d Draft
	hands := []Cards{cards(0, 1, 2, 3), cards(4, 5, 6, 7), cards(8, 9, 10, 11), cards(12, 13, 14, 15)}
	if err := d.Deal(hands, Anticlockwise, 1); err != nil {
		t.Fatal(err)
	}
	for s, c := range []int{1, 4, 11, 13} {
		d.Pick(engine.Seat(s), c)
	}
	d.Pick(1, d.Hand(1).First())
	d.Pick(3, d.Hand(3).First()) // seats 1 and 3 have picked face down, 0 and 2 not
	pool := cards(40, 41, 42)    // cards the viewer has not seen, held elsewhere
	total := pool
	for s := range engine.Seat(4) {
		c, _ := d.Picked(s)
		total |= d.Hand(s) | d.Kept(s)
		if c >= 0 {
			total = total.With(c)
		}
	}
	for _, viewer := range []engine.Seat{0, 1, 2, 3, engine.Spectator} {
		t.Run(fmt.Sprintf("seat %d", viewer), func(t *testing.T) {
			r := engine.NewRand(7)
			c := d
			rest := c.Redeal(viewer, pool, &r)
			got := rest
			for s := range engine.Seat(4) {
				if c.Hand(s).Len() != d.Hand(s).Len() || c.Kept(s).Len() != d.Kept(s).Len() || c.Waiting().Has(s) != d.Waiting().Has(s) {
					t.Errorf("seat %d holds %d, kept %d (was %d, %d)", s, c.Hand(s).Len(), c.Kept(s).Len(), d.Hand(s).Len(), d.Kept(s).Len())
				}
				pc, _ := c.Picked(s)
				pd, _ := d.Picked(s)
				if s == viewer && (c.Hand(s) != d.Hand(s) || c.Kept(s) != d.Kept(s) || pc != pd) {
					t.Errorf("the viewer's own cards changed")
				}
				if got&(c.Hand(s)|c.Kept(s)) != 0 || (pc >= 0 && got.Has(pc)) {
					t.Errorf("a card is dealt twice")
				}
				got |= c.Hand(s) | c.Kept(s)
				if pc >= 0 {
					got = got.With(pc)
				}
			}
			if got != total {
				t.Errorf("cards after the redeal %v, want %v", list(got), list(total))
			}
			if rest.Len() != pool.Len() {
				t.Errorf("%d cards returned to the pool, want %d", rest.Len(), pool.Len())
			}
			if viewer != engine.Spectator {
				// Another draft that differs only in what the viewer cannot
				// see: two other seats' kept cards swapped.
				o1, o2 := Right(viewer, 4), Left(viewer, 4)
				e := d
				e.kept[o1], e.kept[o2] = d.kept[o2], d.kept[o1]
				r1, r2 := engine.NewRand(9), engine.NewRand(9)
				a, b := d, e
				a.Redeal(viewer, pool, &r1)
				b.Redeal(viewer, pool, &r2)
				if a != b {
					t.Errorf("two drafts that differ only in what seat %d cannot see are dealt differently", viewer)
				}
			}
		})
	}
	// The redeal is random: some seed deals seat 0 another hand.
	differs := false
	for seed := uint64(0); seed < 20 && !differs; seed++ {
		r := engine.NewRand(seed)
		c := d
		c.Redeal(1, 0, &r)
		differs = c.Hand(0) != d.Hand(0)
	}
	if !differs {
		t.Errorf("20 redeals never changed seat 0's hand")
	}
}

// TestDraftPlays drafts at every table size with seeded random picks and
// checks that every card ends kept or left over, once.
func TestDraftPlays(t *testing.T) {
	for seats := 1; seats <= engine.MaxSeats; seats++ {
		for _, size := range []int{1, 3, 7} {
			for left := range size {
				var d Draft
				hands := make([]Cards, seats)
				for s := range hands {
					for i := range size {
						hands[s] = hands[s].With(s*size + i)
					}
				}
				if err := d.Deal(hands, Alternate(seats+size), left); err != nil {
					t.Fatal(err)
				}
				r := engine.NewRand(uint64(seats*100 + size*10 + left))
				for steps := 0; !d.Over(); steps++ {
					if steps > seats*size {
						t.Fatalf("%d seats, hands of %d: not over after %d picks", seats, size, steps)
					}
					s := d.Waiting().List()[r.IntN(d.Waiting().Len())]
					if _, err := d.Pick(s, d.Hand(s).Nth(r.IntN(d.Hand(s).Len()))); err != nil {
						t.Fatal(err)
					}
				}
				var all []int
				for s := range engine.Seat(seats) {
					if d.Kept(s).Len() != size-left || d.Hand(s).Len() != left {
						t.Errorf("%d seats, hands of %d, %d left over: seat %d kept %d and holds %d", seats, size, left, s, d.Kept(s).Len(), d.Hand(s).Len())
					}
					all = append(all, list(d.Kept(s)|d.Hand(s))...)
				}
				slices.Sort(all)
				if len(all) != seats*size || all[0] != 0 || all[len(all)-1] != seats*size-1 {
					t.Errorf("%d seats, hands of %d: cards at the end %v", seats, size, all)
				}
			}
		}
	}
}

func TestDraftIsAValue(t *testing.T) {
	var d Draft
	d.Deal([]Cards{cards(0, 1), cards(2, 3)}, Clockwise, 0)
	c := d
	d.Pick(0, 0)
	d.Pick(1, 2)
	if c.Hand(0) != cards(0, 1) || c.Kept(0) != 0 || c.Waiting() != engine.Seats(0, 1) {
		t.Errorf("the copy changed with the original")
	}
	if string(c.AppendState(nil)) == string(d.AppendState(nil)) {
		t.Errorf("two drafts in different states append the same state")
	}
	var zero Draft
	if !zero.Over() || zero.Hand(0) != 0 || zero.Kept(0) != 0 || zero.Hand(engine.Spectator) != 0 {
		t.Errorf("the zero draft is not over and empty")
	}
}

func TestDraftAllocates(t *testing.T) {
	var d Draft
	d.Deal([]Cards{cards(0, 1, 2), cards(3, 4, 5), cards(6, 7, 8), cards(9, 10, 11), cards(12, 13, 14)}, Clockwise, 1)
	n := testing.AllocsPerRun(100, func() {
		c := d
		_ = c.Waiting()
		for h := c.Hand(2); h != 0; h = h.Without(h.First()) {
		}
		_, _ = c.Picked(2)
		_ = c.Kept(2)
		for s := range engine.Seat(5) {
			c.Pick(s, c.Hand(s).First())
		}
	})
	if n != 0 {
		t.Errorf("%v allocations per run, want 0", n)
	}
}

// TestDraftPicking checks a draft dealt by DealPicking, as Blood Rage's
// two players draft: eight cards each, two picked a pass, two left over.
// A seat that has picked one card still waits; the hands pass only when
// both have picked two; a redeal keeps the other seat's two face-down
// picks face down.
func TestDraftPicking(t *testing.T) {
	var d Draft
	hands := []Cards{cards(0, 1, 2, 3, 4, 5, 6, 7), cards(8, 9, 10, 11, 12, 13, 14, 15)}
	if err := d.DealPicking(hands, Clockwise, 2, 4); err == nil {
		t.Error("DealPicking accepted 4 a pass for 6 cards to pick")
	}
	if err := d.DealPicking(hands, Clockwise, 2, 2); err != nil {
		t.Fatal(err)
	}
	if d.PerPass() != 2 {
		t.Errorf("PerPass = %d", d.PerPass())
	}
	if passed, err := d.Pick(0, 3); err != nil || passed {
		t.Fatalf("first pick: passed %v, %v", passed, err)
	}
	if !d.Waiting().Has(0) || d.Chosen(0) != cards(3) {
		t.Fatalf("after one pick of two: waiting %08b, chosen %v", d.Waiting(), list(d.Chosen(0)))
	}
	if _, err := d.Pick(0, 3); err == nil {
		t.Error("a card picked twice")
	}
	d.Pick(0, 5)
	d.Pick(1, 8)
	if d.Waiting() != engine.Seats(1) {
		t.Fatalf("waiting %08b, want seat 1 only", d.Waiting())
	}
	// The viewer (seat 1) does not see seat 0's two face-down picks: a
	// redeal deals them again, two of them, still face down.
	c := d
	r := engine.NewRand(3)
	c.Redeal(1, 0, &r)
	if c.Chosen(0).Len() != 2 || c.Hand(0).Len() != 6 || c.Chosen(1) != d.Chosen(1) || c.Waiting() != d.Waiting() {
		t.Errorf("redeal: seat 0 chose %v holding %d; seat 1 chose %v", list(c.Chosen(0)), c.Hand(0).Len(), list(c.Chosen(1)))
	}
	passed, _ := d.Pick(1, 9)
	if !passed || d.Passes() != 1 {
		t.Fatalf("the hands did not pass after two picks each: %v, %d", passed, d.Passes())
	}
	if d.Kept(0) != cards(3, 5) || d.Kept(1) != cards(8, 9) || d.Hand(0) != cards(10, 11, 12, 13, 14, 15) || d.Chosen(0) != 0 {
		t.Errorf("after the pass: kept %v and %v, seat 0 holds %v", list(d.Kept(0)), list(d.Kept(1)), list(d.Hand(0)))
	}
	for !d.Over() {
		for _, s := range d.Waiting().List() {
			d.Pick(s, d.Hand(s).First())
		}
	}
	if d.Passes() != 3 || d.Kept(0).Len() != 6 || d.Hand(0).Len() != 2 {
		t.Errorf("at the end: %d passes, kept %d, left %d", d.Passes(), d.Kept(0).Len(), d.Hand(0).Len())
	}
}
