package testgame

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"skald/engine"
	"skald/engine/decide"
	"skald/engine/enginetest"
	"skald/sim"
)

// TestTableConformance runs the kernel's conformance suite on the table
// variant at every number of seats, 2 to 5: the draft, the secret bids,
// the veto window and the prize two seats see.
func TestTableConformance(t *testing.T) {
	enginetest.Run(t, Game{}, enginetest.Config{
		Options: []engine.Options{
			{"variant": "table"},
			{"variant": "table", "hands": "dealt", "cards": "12"},
			{"variant": "table", "cards": "2"},
		},
		Matches: 24,
		Seed:    1,
		Search:  mcts,
	})
}

// TestDealtFiveSeats checks that five seats with dealt hands of 11 or 12
// cards, which (seats+1)*cards would make more than 63, are dealt from 63
// cards, and that fewer seats are dealt as before.
func TestDealtFiveSeats(t *testing.T) {
	for _, tc := range []struct {
		seats, cards, deck int
	}{
		{5, 12, 63}, {5, 11, 63}, {5, 10, 60}, {4, 12, 60}, {2, 5, 15},
	} {
		for _, variant := range []string{"standard", "table"} {
			s, err := Game{}.New(engine.Config{Seats: tc.seats, Seed: 3, Options: engine.Options{
				"hands": "dealt", "cards": strconv.Itoa(tc.cards), "variant": variant}})
			if err != nil {
				t.Fatalf("%d seats, %d cards, %s: %v", tc.seats, tc.cards, variant, err)
			}
			var hands [engine.MaxSeats]uint64
			var unseen uint64
			switch st := s.(type) {
			case *State:
				hands, unseen = st.hands, st.unseen
			case *tableState:
				hands, unseen = st.hands, st.unseen
			}
			all := unseen
			for seat := range tc.seats {
				if got := popcount(hands[seat]); got != tc.cards {
					t.Errorf("%d seats, %d cards, %s: seat %d holds %d cards", tc.seats, tc.cards, variant, seat, got)
				}
				all |= hands[seat]
			}
			if all != span(1, tc.deck) {
				t.Errorf("%d seats, %d cards, %s: cards dealt from %x, want 1..%d", tc.seats, tc.cards, variant, all, tc.deck)
			}
		}
	}
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// newTableMatch starts a table match of seats with the prizes in the given
// order (from the first round), for scripted tests.
func newTableMatch(t *testing.T, seats int, opts engine.Options, prizes ...int8) *tableState {
	t.Helper()
	o := engine.Options{"variant": "table"}
	for k, v := range opts {
		o[k] = v
	}
	st, err := Game{}.New(engine.Config{Seats: seats, Seed: 1, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*tableState)
	copy(s.prizes[:], prizes)
	return s
}

// play applies "seat:action" steps and fails at the first refused one.
func play(t *testing.T, s engine.State, steps ...string) []engine.Event {
	t.Helper()
	var events engine.Log
	for _, st := range steps {
		a, err := parseStep(s, st)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a, &events); err != nil {
			t.Fatalf("%s: %v", st, err)
		}
	}
	return events
}

func parseStep(s engine.State, step string) (engine.Action, error) {
	seat, text, _ := strings.Cut(step, ":")
	n, err := strconv.Atoi(seat)
	if err != nil {
		return engine.Action{}, err
	}
	return s.ParseAction(engine.Seat(n), text)
}

func tableView(t *testing.T, s engine.State, seat engine.Seat) TableView {
	t.Helper()
	v, ok := s.View(seat).(TableView)
	if !ok {
		t.Fatalf("view of %d is a %T", seat, s.View(seat))
	}
	return v
}

// draftMarks drafts the marks of a three-seat table whose hands are dealt
// in order (seat 0: marks 1 2 3, seat 1: 1 2 3, seat 2: 1 2 3; card i is a
// mark of value i mod 3 + 1), so that seat 0 keeps two marks of 3, seat 1
// two of 1, and seat 2 a 2 and a 3.
func draftMarks(t *testing.T, s *tableState) {
	t.Helper()
	if err := s.draft.Deal(hands3(), decide.Clockwise, markLeft); err != nil {
		t.Fatal(err)
	}
	play(t, s, "0:mark 3", "1:mark 1", "2:mark 2")
	// Clockwise: seat 1 holds seat 0's rest (cards 0 1: marks 1 2), seat 2
	// seat 1's (4 5: 2 3), seat 0 seat 2's (6 8: 1 3).
	for seat, want := range [][]int{{1, 3}, {1, 2}, {2, 3}} {
		if got := tableView(t, s, engine.Seat(seat)).Draft; !slices.Equal(got, want) {
			t.Fatalf("after the first pass seat %d drafts from %v, want %v", seat, got, want)
		}
	}
	play(t, s, "0:mark 3", "1:mark 1", "2:mark 3")
}

func TestTableDraft(t *testing.T) {
	s := newTableMatch(t, 3, engine.Options{"cards": "3"}, 3, 1, 2)
	if s.Deciders() != engine.Seats(0, 1, 2) || tableView(t, s, 0).Phase != "draft" {
		t.Fatalf("a table match does not start with the draft: deciders %v", s.Deciders().List())
	}
	draftMarks(t, s)
	for seat, want := range []struct{ marks, discard []int }{
		{[]int{3, 3}, []int{1}},
		{[]int{1, 1}, []int{2}},
		{[]int{2, 3}, []int{2}},
	} {
		v := tableView(t, s, engine.Seat(seat))
		slices.Sort(v.Marks)
		if !slices.Equal(v.Marks, want.marks) || !slices.Equal(v.Discard, want.discard) || v.Draft != nil {
			t.Errorf("seat %d: marks %v, discard %v, draft %v; want %v, %v, none", seat, v.Marks, v.Discard, v.Draft, want.marks, want.discard)
		}
		if !slices.Equal(v.Marked, []int{2, 2, 2}) {
			t.Errorf("seat %d sees %v marks kept, want 2 each", seat, v.Marked)
		}
		if v.Phase != "bids" {
			t.Errorf("after the draft the phase is %s", v.Phase)
		}
	}
	if v := tableView(t, s, engine.Spectator); v.Marks != nil || v.Discard != nil || v.Hand != nil {
		t.Errorf("the spectator sees marks %v, discard %v, hand %v", v.Marks, v.Discard, v.Hand)
	}
}

// hands3 returns the mark hands of draftMarks.
func hands3() []decide.Cards {
	return []decide.Cards{0b111, 0b111 << 3, 0b111 << 6}
}

// TestTableVeto plays the first round of a scripted three-seat match, in
// which seat 0 bids highest for prize 3, holding two marks of 3, and checks
// the veto window's offers and the prize's fate.
func TestTableVeto(t *testing.T) {
	tests := []struct {
		name    string
		answers []string
		offered []engine.Seat // the seat offered the window before each answer
		scores  []int
		vetoes  []bool
		shown   [][]int
	}{
		{"nobody vetoes: the prize and its marks score", []string{"1:pass", "2:pass"}, []engine.Seat{1, 2},
			[]int{9, 0, 0}, []bool{true, true, true}, [][]int{{3, 3}, nil, nil}},
		{"a veto discards the prize; the winner may answer it", []string{"1:veto", "2:pass", "0:pass"}, []engine.Seat{1, 2, 0},
			[]int{0, 0, 0}, []bool{true, false, true}, [][]int{nil, nil, nil}},
		{"the winner vetoes the veto: the prize stands", []string{"1:pass", "2:veto", "0:veto", "1:pass"}, []engine.Seat{1, 2, 0, 1},
			[]int{9, 0, 0}, []bool{false, true, false}, [][]int{{3, 3}, nil, nil}},
		{"two vetoes: the prize stands; a seat that vetoed is not offered again", []string{"1:veto", "2:veto", "0:pass"}, []engine.Seat{1, 2, 0},
			[]int{9, 0, 0}, []bool{true, false, false}, [][]int{{3, 3}, nil, nil}},
		{"three vetoes: discarded", []string{"1:veto", "2:veto", "0:veto"}, []engine.Seat{1, 2, 0},
			[]int{0, 0, 0}, []bool{false, false, false}, [][]int{nil, nil, nil}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTableMatch(t, 3, engine.Options{"cards": "3"}, 3, 1, 2)
			draftMarks(t, s)
			play(t, s, "2:bid 2", "0:bid 3", "1:bid 1")
			for i, ans := range tc.answers {
				v := tableView(t, s, engine.Spectator)
				if v.Phase != "veto" || engine.Seat(v.Offered) != tc.offered[i] || s.Deciders() != engine.Seats(tc.offered[i]) {
					t.Fatalf("before %s: phase %s, offered %d, deciders %v; want veto, %d", ans, v.Phase, v.Offered, s.Deciders().List(), tc.offered[i])
				}
				if !slices.Equal(v.Bids, []int{3, 1, 2}) {
					t.Fatalf("the bids are not revealed in the window: %v", v.Bids)
				}
				play(t, s, ans)
			}
			v := tableView(t, s, engine.Spectator)
			if v.Phase != "bids" || v.Round != 1 || v.Offered != -1 {
				t.Fatalf("after the window: phase %s, round %d, offered %d", v.Phase, v.Round, v.Offered)
			}
			if !slices.Equal(v.Scores, tc.scores) || !slices.Equal(v.Vetoes, tc.vetoes) {
				t.Errorf("scores %v, vetoes %v; want %v, %v", v.Scores, v.Vetoes, tc.scores, tc.vetoes)
			}
			for seat := range tc.shown {
				if !slices.Equal(v.Shown[seat], tc.shown[seat]) {
					t.Errorf("seat %d shows marks %v, want %v", seat, v.Shown[seat], tc.shown[seat])
				}
			}
			if fmt.Sprint(v.History) != "[[3 1 2]]" || !slices.Equal(v.Past, []int{3}) {
				t.Errorf("history %v, past prizes %v", v.History, v.Past)
			}
		})
	}
}

// TestTableNoWindow checks that a tie, or a winner whom nobody can veto,
// opens no window.
func TestTableNoWindow(t *testing.T) {
	s := newTableMatch(t, 3, engine.Options{"cards": "3"}, 3, 1, 2)
	draftMarks(t, s)
	ev := play(t, s, "0:bid 3", "1:bid 3", "2:bid 1")
	if v := tableView(t, s, engine.Spectator); v.Round != 1 || v.Phase != "bids" || !slices.Equal(v.Scores, []int{0, 0, 0}) {
		t.Fatalf("after a tie: round %d, phase %s, scores %v", v.Round, v.Phase, v.Scores)
	}
	if !hasEvent(ev, "round.tied") {
		t.Errorf("no round.tied event: %v", ev)
	}
	s.vetoes = engine.Seats(2) // only the winner holds a veto
	ev = play(t, s, "0:bid 1", "1:bid 1", "2:bid 3")
	if v := tableView(t, s, engine.Spectator); v.Round != 2 || v.Phase != "bids" || !slices.Equal(v.Scores, []int{0, 0, 1}) {
		t.Fatalf("after a win nobody may veto: round %d, phase %s, scores %v", v.Round, v.Phase, v.Scores)
	}
	if hasEvent(ev, "veto.open") || !hasEvent(ev, "round.won") {
		t.Errorf("a window opened, or the prize was not won: %v", ev)
	}
}

func hasEvent(events []engine.Event, typ string) bool {
	return slices.ContainsFunc(events, func(e engine.Event) bool { return e.Type == typ })
}

// TestTableLookout checks who sees the next prize: the round's lookout
// and its left neighbour, at every table size; nobody in the last round.
func TestTableLookout(t *testing.T) {
	for seats := 2; seats <= 5; seats++ {
		s := newTableMatch(t, seats, engine.Options{"cards": "4"}, 4, 2, 1, 3)
		for !s.Deciders().Empty() {
			l, m := engine.Seat(int(s.round)%seats), engine.Seat((int(s.round)+1)%seats)
			for viewer := engine.Seat(-1); viewer < engine.Seat(seats); viewer++ {
				v := tableView(t, s, viewer)
				want := 0
				if (viewer == l || viewer == m) && s.round < 3 {
					want = int(s.prizes[s.round+1])
				}
				if v.Next != want {
					t.Fatalf("%d seats, round %d (%s): seat %d sees next prize %d, want %d", seats, s.round, v.Phase, viewer, v.Next, want)
				}
				wantL := int(l)
				if s.round == 3 {
					wantL = -1
				}
				if v.Lookout != wantL {
					t.Fatalf("%d seats, round %d: lookout %d, want %d", seats, s.round, v.Lookout, wantL)
				}
			}
			seat := s.Deciders().First()
			legal := s.Legal(seat, nil)
			if err := s.Apply(legal[len(legal)-1], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestTableLookoutEvents checks that the next prize is told to the two
// seats alone.
func TestTableLookoutEvents(t *testing.T) {
	s := newTableMatch(t, 4, engine.Options{"cards": "3"}, 2, 3, 1)
	var ev engine.Log
	for !s.draft.Over() {
		seat := s.Deciders().First()
		if err := s.Apply(s.Legal(seat, nil)[0], &ev); err != nil {
			t.Fatal(err)
		}
	}
	var told []engine.SeatSet
	for _, e := range ev {
		if e.Type == "lookout" {
			told = append(told, e.To)
			if !strings.Contains(e.Text, "next prize, 3") {
				t.Errorf("lookout event %q does not name prize 3", e.Text)
			}
			for seat := engine.Spectator; seat < 4; seat++ {
				if got, want := e.Visible(seat), seat == 0 || seat == 1; got != want {
					t.Errorf("lookout event visible to seat %d: %v, want %v", seat, got, want)
				}
			}
		}
	}
	if !slices.Equal(told, []engine.SeatSet{engine.Seats(0, 1)}) {
		t.Errorf("the next prize was told to %v, want one event to seats 0 and 1", told)
	}
}

// TestTableRefuses checks that actions out of their phase or turn are
// refused with the rule, and change nothing.
func TestTableRefuses(t *testing.T) {
	s := newTableMatch(t, 3, engine.Options{"cards": "3"}, 3, 1, 2)
	if err := s.draft.Deal(hands3(), decide.Clockwise, markLeft); err != nil {
		t.Fatal(err)
	}
	inDraft := s.Clone()
	draftMarks(t, s)
	inBids := s.Clone()
	play(t, s, "0:bid 3", "1:bid 1")
	inBidsHalf := s.Clone()
	play(t, s, "2:bid 2")
	inWindow := s.Clone()
	tests := []struct {
		name string
		s    engine.State
		step string
		rule string
	}{
		{"a bid in the draft", inDraft, "0:bid 1", "rule T1"},
		{"a veto in the draft", inDraft, "0:veto", "rule T3"},
		{"a mark not held", inDraft, "0:mark 4", "rule T1"},
		{"a second mark in one pass", func() engine.State { c := inDraft.Clone(); play(t, c, "1:mark 2"); return c }(), "1:mark 1", "rule T1"},
		{"a mark after the draft", inBids, "0:mark 1", "rule T1"},
		{"a pass with no window", inBids, "0:pass", "rule T3"},
		{"a second bid", inBidsHalf, "0:bid 2", "rule 2"},
		{"a card not held", inBidsHalf, "2:bid 9", "rule 2"},
		{"a bid in the window", inWindow, "1:bid 2", "rule T3"},
		{"a veto out of turn", inWindow, "2:veto", "rule T3"},
		{"the winner vetoes first", inWindow, "0:veto", "rule T3"},
		{"a seat off the table", inWindow, "3:pass", "rule 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := parseStep(tc.s, tc.step)
			if err != nil {
				t.Fatal(err)
			}
			h := tc.s.Hash()
			err = tc.s.Apply(a, nil)
			var ie *engine.IllegalError
			if !errors.As(err, &ie) || ie.Rule != tc.rule {
				t.Errorf("%s: %v, want an IllegalError citing %s", tc.step, err, tc.rule)
			}
			if tc.s.Hash() != h {
				t.Errorf("a refused %s changed the state", tc.step)
			}
		})
	}
	for _, a := range []engine.Action{
		{Seat: 0, Kind: 9},
		{Seat: 1, Kind: kindPass, Arg: [4]int16{1}},
		{Seat: 1, Kind: kindBid, Arg: [4]int16{1, 1}},
	} {
		if err := inWindow.Apply(a, nil); !errors.As(err, new(*engine.IllegalError)) {
			t.Errorf("%+v: %v, want an IllegalError", a, err)
		}
	}
}

func TestTableNewErrors(t *testing.T) {
	for _, tc := range []struct {
		cfg  engine.Config
		want string
	}{
		{engine.Config{Seats: 3, Options: engine.Options{"variant": "table", "order": "sequential"}}, "order=sequential"},
		{engine.Config{Seats: 6, Options: engine.Options{"variant": "table"}}, "2 to 5 seats"},
		{engine.Config{Seats: 1, Options: engine.Options{"variant": "table"}}, "2 to 5 seats"},
		{engine.Config{Seats: 2, Options: engine.Options{"variant": "round"}}, "option variant=round"},
	} {
		if _, err := (Game{}).New(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%v): %v, want an error saying %q", tc.cfg, err, tc.want)
		}
	}
}

// TestTableSecrets plays random five-seat matches and checks, at every
// step, that no view shows another seat's marks, draft hand, discard or
// face-down bid, or the next prize to a seat that is not told it.
func TestTableSecrets(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		st, err := Game{}.New(engine.Config{Seats: 5, Seed: seed, Options: engine.Options{"variant": "table", "hands": "dealt", "cards": "6"}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*tableState)
		r := engine.NewRand(seed)
		for !s.Deciders().Empty() {
			for viewer := engine.Seat(-1); viewer < 5; viewer++ {
				v := tableView(t, s, viewer)
				if viewer == engine.Spectator && (v.Hand != nil || v.Marks != nil || v.Draft != nil || v.Discard != nil || v.Drafted != 0 || v.Next != 0) {
					t.Fatalf("seed %d: the spectator sees secrets: %+v", seed, v)
				}
				for o := range engine.Seat(5) {
					b, picked := s.bids.Get(o)
					want := 0
					switch {
					case picked && (o == viewer || s.bids.Revealed()):
						want = int(b)
					case picked:
						want = -1
					}
					if v.Bids[o] != want {
						t.Fatalf("seed %d: seat %d sees seat %d's bid as %d, want %d", seed, viewer, o, v.Bids[o], want)
					}
				}
				if viewer >= 0 {
					want := s.values(s.draft.Kept(viewer))
					if !slices.Equal(v.Marks, want) {
						t.Fatalf("seed %d: seat %d sees marks %v, its own are %v", seed, viewer, v.Marks, want)
					}
				}
			}
			seat := s.Deciders().First()
			legal := s.Legal(seat, nil)
			if err := s.Apply(legal[r.IntN(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
		if _, ok := s.Result(); !ok {
			t.Fatalf("seed %d: no deciders but no result", seed)
		}
	}
}

// TestTableLength checks how long a table match is: every seat drafts
// twice and bids once a round, and a window asks each seat once at most
// per veto and pass.
func TestTableLength(t *testing.T) {
	for seats := 2; seats <= 5; seats++ {
		for seed := uint64(1); seed <= 20; seed++ {
			s := newTableMatch(t, seats, nil)
			r := engine.NewRand(seed)
			steps := 0
			for !s.Deciders().Empty() {
				seat := s.Deciders().First()
				legal := s.Legal(seat, nil)
				if err := s.Apply(legal[r.IntN(len(legal))], nil); err != nil {
					t.Fatal(err)
				}
				steps++
			}
			lo := seats*2 + 5*seats
			hi := lo + 5*seats*seats
			if steps < lo || steps > hi {
				t.Errorf("%d seats, seed %d: %d actions, want %d to %d", seats, seed, steps, lo, hi)
			}
		}
	}
}

func BenchmarkTablePlayout(b *testing.B) {
	st, err := Game{}.New(engine.Config{Seats: 5, Seed: 1, Options: engine.Options{"variant": "table"}})
	if err != nil {
		b.Fatal(err)
	}
	enginetest.BenchmarkPlayout(b, st)
}

// TestTableSim plays a batch of five-seat table matches with the
// simulator, one search bot against four random ones: every match ends,
// none fails, every seat is placed, and the search bot, which plans on
// determinized copies (the draft, the secret bids, the window), places
// better than the random bots.
func TestTableSim(t *testing.T) {
	r, err := sim.Run(context.Background(), sim.Options{
		Game:   Game{},
		Config: engine.Config{Seats: 5, Options: engine.Options{"variant": "table"}},
		Bots:   []string{"mcts:iters=100", "random", "random", "random", "random"},
		N:      20,
		Seed:   1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if r.Failed != 0 || r.Games != 20 {
		t.Fatalf("%d matches played, %d failed: %+v", r.Games, r.Failed, r.Failures)
	}
	for s, st := range r.Seats {
		if st.Games != 20 || st.MeanPlace < 1 || st.MeanPlace > 5 {
			t.Errorf("seat %d: %d games, mean place %v", s, st.Games, st.MeanPlace)
		}
	}
	mcts, random := r.Bots[0].MeanPlace, 0.0
	for _, b := range r.Bots[1:] {
		random += b.MeanPlace / 4
	}
	t.Logf("mean place: mcts %.2f, random %.2f", mcts, random)
	if mcts >= random {
		t.Errorf("the search bot's mean place %.2f is no better than the random bots' %.2f", mcts, random)
	}
}

// TestTableLegalAllocates checks that Legal allocates nothing in any phase
// (the draft, the bids, the window) when its buffer has room.
func TestTableLegalAllocates(t *testing.T) {
	s := newTableMatch(t, 3, engine.Options{"cards": "3"}, 3, 1, 2)
	if err := s.draft.Deal(hands3(), decide.Clockwise, markLeft); err != nil {
		t.Fatal(err)
	}
	inDraft := s.Clone()
	draftMarks(t, s)
	inBids := s.Clone()
	play(t, s, "0:bid 3", "1:bid 1", "2:bid 2")
	buf := make([]engine.Action, 0, 64)
	for _, tc := range []struct {
		name string
		s    engine.State
		seat engine.Seat
	}{{"draft", inDraft, 0}, {"bids", inBids, 1}, {"window", s, 1}} {
		if len(tc.s.Legal(tc.seat, buf)) == 0 {
			t.Fatalf("%s: seat %d has no legal action", tc.name, tc.seat)
		}
		if n := testing.AllocsPerRun(100, func() { buf = tc.s.Legal(tc.seat, buf[:0]) }); n != 0 {
			t.Errorf("%s: Legal makes %v allocations", tc.name, n)
		}
	}
}
