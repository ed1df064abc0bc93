package decide

import (
	"strings"
	"testing"

	"skald/engine"
)

// step is one thing done to a window in a test, and the seat offered it
// afterwards (engine.Spectator: closed).
type step struct {
	seat engine.Seat
	op   string // pass, act, reopen, answer, leave, join, close
	want engine.Seat
}

const closed = engine.Spectator

func (st step) do(w *Window) error {
	switch st.op {
	case "pass":
		return w.Pass(st.seat)
	case "act":
		return w.Act(st.seat)
	case "reopen":
		return w.Reopen(st.seat)
	case "answer":
		return w.Answer(st.seat)
	case "leave":
		w.Leave(st.seat)
	case "join":
		w.Join(st.seat)
	case "close":
		w.Close()
	default:
		panic("unknown op " + st.op)
	}
	return nil
}

func TestWindow(t *testing.T) {
	all4 := engine.Seats(0, 1, 2, 3)
	tests := []struct {
		name  string
		seats int
		first engine.Seat
		after bool // OpenAfter(first) rather than Open(first)
		may   engine.SeatSet
		open  engine.Seat // offered once opened
		steps []step
	}{
		{"everyone passes, clockwise from the first", 4, 2, false, all4, 2, []step{
			{2, "pass", 3}, {3, "pass", 0}, {0, "pass", 1}, {1, "pass", closed}}},
		{"only the seats that may answer are offered", 5, 1, false, engine.Seats(0, 2, 4), 2, []step{
			{2, "pass", 4}, {4, "pass", 0}, {0, "pass", closed}}},
		{"the first seat may not answer: the next that may is offered", 3, 0, false, engine.Seats(2), 2, []step{
			{2, "pass", closed}}},
		{"nobody may answer: opens closed", 4, 1, false, 0, closed, nil},
		{"seats beyond the table are ignored", 2, 0, false, engine.Seats(1, 5), 1, []step{
			{1, "pass", closed}}},
		{"reopen: a seat that passed comes back (call to battle)", 3, 1, false, engine.Seats(0, 1, 2), 1, []step{
			{1, "pass", 2}, {2, "reopen", 0}, {0, "pass", 1}, {1, "reopen", 2}, {2, "pass", 0}, {0, "pass", 1}, {1, "pass", closed}}},
		{"reopen by the last seat not to have passed", 3, 0, false, engine.Seats(0, 1, 2), 0, []step{
			{0, "pass", 1}, {1, "pass", 2}, {2, "reopen", 0}, {0, "pass", 1}, {1, "pass", 2}, {2, "pass", closed}}},
		{"act: passes stand, the actor goes on", 3, 0, false, engine.Seats(0, 1, 2), 0, []step{
			{0, "pass", 1}, {1, "act", 2}, {2, "pass", 1}, {1, "act", 1}, {1, "pass", closed}}},
		{"answer: the others may answer, the answerer only after another acts", 3, 1, false, engine.Seats(0, 1, 2), 1, []step{
			{1, "answer", 2}, {2, "pass", 0}, {0, "pass", closed}}},
		{"a chain of answers", 4, 1, false, all4, 1, []step{
			{1, "pass", 2}, {2, "answer", 3}, {3, "pass", 0}, {0, "answer", 1}, {1, "pass", 2}, {2, "pass", 3}, {3, "pass", closed}}},
		{"open after an action: the actor is not offered", 3, 0, true, engine.Seats(0, 1, 2), 1, []step{
			{1, "pass", 2}, {2, "pass", closed}}},
		{"open after an action: the actor may answer an answer", 3, 0, true, engine.Seats(0, 1, 2), 1, []step{
			{1, "answer", 2}, {2, "pass", 0}, {0, "pass", closed}}},
		{"open after the last seat's action wraps to seat 0", 3, 2, true, engine.Seats(0, 1, 2), 0, []step{
			{0, "pass", 1}, {1, "pass", closed}}},
		{"the offered seat leaves: the next is offered", 4, 0, false, all4, 0, []step{
			{0, "leave", 1}, {1, "pass", 2}, {2, "reopen", 3}, {3, "pass", 1}, {1, "pass", 2}, {2, "pass", closed}}},
		{"a seat that left is skipped", 3, 0, false, engine.Seats(0, 1, 2), 0, []step{
			{2, "leave", 0}, {0, "pass", 1}, {1, "pass", closed}}},
		{"the last seat leaves: closed", 2, 0, false, engine.Seats(0, 1), 0, []step{
			{0, "pass", 1}, {1, "leave", closed}}},
		{"leaving a seat off the table does nothing", 2, 0, false, engine.Seats(0, 1), 0, []step{
			{5, "leave", 0}, {-1, "leave", 0}}},
		{"a seat joins and is offered in its turn", 4, 0, false, engine.Seats(0, 2), 0, []step{
			{1, "join", 0}, {0, "pass", 1}, {1, "pass", 2}, {2, "pass", closed}}},
		{"joining a closed window does nothing", 2, 0, false, engine.Seats(0), 0, []step{
			{0, "pass", closed}, {1, "join", closed}}},
		{"a seat passed for (nothing to play now) is offered again after an answer", 3, 0, true, engine.Seats(0, 1, 2), 1, []step{
			{1, "pass", 2}, {2, "answer", 0}, {0, "pass", 1}, {1, "pass", closed}}},
		{"a seat that left is not offered again after an answer", 3, 0, true, engine.Seats(0, 1, 2), 1, []step{
			{1, "leave", 2}, {2, "answer", 0}, {0, "pass", closed}}},
		{"close", 4, 3, false, all4, 3, []step{
			{3, "reopen", 0}, {0, "close", closed}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var w Window
			var err error
			if tc.after {
				err = w.OpenAfter(tc.seats, tc.first, tc.may)
			} else {
				err = w.Open(tc.seats, tc.first, tc.may)
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := w.Offered(); got != tc.open {
				t.Fatalf("opened: offered to %d, want %d", got, tc.open)
			}
			for i, st := range tc.steps {
				if err := st.do(&w); err != nil {
					t.Fatalf("step %d (seat %d %s): %v", i, st.seat, st.op, err)
				}
				if got := w.Offered(); got != st.want {
					t.Fatalf("step %d (seat %d %s): offered to %d, want %d", i, st.seat, st.op, got, st.want)
				}
				if w.Closed() != (st.want == closed) {
					t.Fatalf("step %d: Closed %v with the window offered to %d", i, w.Closed(), w.Offered())
				}
				wantD := engine.SeatSet(0)
				if st.want != closed {
					wantD = engine.Seats(st.want)
				}
				if w.Deciders() != wantD {
					t.Fatalf("step %d: deciders %v, want %v", i, w.Deciders().List(), wantD.List())
				}
			}
		})
	}
}

// TestWindowRefuses checks that a seat not offered the window cannot
// answer in it, and that the refusal changes nothing.
func TestWindowRefuses(t *testing.T) {
	var w Window
	if err := w.Open(3, 1, engine.Seats(0, 1, 2)); err != nil {
		t.Fatal(err)
	}
	var closedW Window
	closedW.Open(2, 0, 0)
	tests := []struct {
		name string
		w    Window
		st   step
		want string
	}{
		{"another seat passes", w, step{0, "pass", 0}, "offered to seat 1"},
		{"another seat acts", w, step{2, "act", 0}, "offered to seat 1"},
		{"another seat reopens", w, step{0, "reopen", 0}, "offered to seat 1"},
		{"another seat answers", w, step{2, "answer", 0}, "offered to seat 1"},
		{"a spectator passes", w, step{engine.Spectator, "pass", 0}, "offered to seat 1"},
		{"a closed window", closedW, step{0, "pass", 0}, "closed"},
		{"the zero window", Window{}, step{0, "act", 0}, "closed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := tc.w
			err := tc.st.do(&tc.w)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
			if tc.w != before {
				t.Errorf("a refused answer changed the window: %+v, was %+v", tc.w, before)
			}
		})
	}
}

func TestWindowOpenRefuses(t *testing.T) {
	for _, tc := range []struct {
		seats int
		first engine.Seat
		want  string
	}{
		{0, 0, "0 seats"},
		{engine.MaxSeats + 1, 0, "9 seats"},
		{3, 3, "no seat 3"},
		{3, -1, "no seat -1"},
	} {
		for _, after := range []bool{false, true} {
			w := Window{}
			w.Open(2, 1, engine.Seats(0, 1))
			before := w
			var err error
			if after {
				err = w.OpenAfter(tc.seats, tc.first, engine.Seats(0))
			} else {
				err = w.Open(tc.seats, tc.first, engine.Seats(0))
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("open %d seats at %d (after %v): %v, want an error saying %q", tc.seats, tc.first, after, err, tc.want)
			}
			if w != before {
				t.Errorf("a refused open changed the window")
			}
		}
	}
}

func TestWindowZero(t *testing.T) {
	var w Window
	if !w.Closed() || w.Offered() != engine.Spectator || !w.Deciders().Empty() {
		t.Errorf("the zero window is open: offered to %d", w.Offered())
	}
	w.Join(0)
	w.Leave(0)
	if !w.Closed() {
		t.Errorf("the zero window opened on Join or Leave")
	}
}

// TestWindowIsAValue checks that a copy of a window (a cloned State's) is
// independent of the original.
func TestWindowIsAValue(t *testing.T) {
	var w Window
	w.Open(3, 0, engine.Seats(0, 1, 2))
	c := w
	if err := w.Pass(0); err != nil {
		t.Fatal(err)
	}
	if c.Offered() != 0 || !c.Passed().Empty() {
		t.Errorf("the copy changed with the original: offered %d, passed %v", c.Offered(), c.Passed().List())
	}
	if w.Offered() != 1 || !w.Passed().Has(0) || w.May() != engine.Seats(0, 1, 2) {
		t.Errorf("the original: offered %d, passed %v", w.Offered(), w.Passed().List())
	}
	var h1, h2 []byte
	h1 = w.AppendState(h1)
	h2 = c.AppendState(h2)
	if string(h1) == string(h2) {
		t.Errorf("two windows in different states append the same state")
	}
}

func TestWindowAllocates(t *testing.T) {
	var w Window
	w.Open(5, 0, engine.Seats(0, 1, 2, 3, 4))
	n := testing.AllocsPerRun(100, func() {
		c := w
		_ = c.Offered()
		_ = c.Deciders()
		_ = c.Closed()
		_ = c.Pass(0)
		_ = c.Reopen(1)
		_ = c.Answer(2)
		_ = c.Act(3)
		c.Leave(4)
	})
	if n != 0 {
		t.Errorf("%v allocations per run, want 0", n)
	}
}
