package decide

import (
	"fmt"
	"strings"
	"testing"

	"skald/engine"
)

// seen writes what viewer sees of every seat's pick, as "1:up7 2:down
// 3:-": the test's picture of a view.
func seen(p *Picks, viewer engine.Seat, seats int) string {
	var parts []string
	for s := range engine.Seat(seats) {
		v, f := p.Seen(viewer, s)
		switch f {
		case Unpicked:
			parts = append(parts, fmt.Sprintf("%d:-", s))
		case FaceDown:
			parts = append(parts, fmt.Sprintf("%d:down", s))
		case FaceUp:
			parts = append(parts, fmt.Sprintf("%d:up%d", s, v))
		}
	}
	return strings.Join(parts, " ")
}

func TestPicks(t *testing.T) {
	type pick struct {
		seat engine.Seat
		v    int16
	}
	tests := []struct {
		name  string
		seats int
		asked engine.SeatSet
		picks []pick
		// after the picks
		waiting  engine.SeatSet
		revealed bool
		views    map[engine.Seat]string // by viewer
		hidden   map[engine.Seat]engine.SeatSet
	}{
		{"nobody has picked", 3, engine.Seats(0, 1, 2), nil, engine.Seats(0, 1, 2), false,
			map[engine.Seat]string{0: "0:- 1:- 2:-", engine.Spectator: "0:- 1:- 2:-"},
			map[engine.Seat]engine.SeatSet{0: 0, engine.Spectator: 0}},
		{"one pick is face down to the others", 3, engine.Seats(0, 1, 2), []pick{{1, 7}}, engine.Seats(0, 2), false,
			map[engine.Seat]string{0: "0:- 1:down 2:-", 1: "0:- 1:up7 2:-", 2: "0:- 1:down 2:-", engine.Spectator: "0:- 1:down 2:-"},
			map[engine.Seat]engine.SeatSet{0: engine.Seats(1), 1: 0, engine.Spectator: engine.Seats(1)}},
		{"two of three", 3, engine.Seats(0, 1, 2), []pick{{2, 3}, {0, 0}}, engine.Seats(1), false,
			map[engine.Seat]string{0: "0:up0 1:- 2:down", 1: "0:down 1:- 2:down", 2: "0:down 1:- 2:up3"},
			map[engine.Seat]engine.SeatSet{1: engine.Seats(0, 2), 2: engine.Seats(0), engine.Spectator: engine.Seats(0, 2)}},
		{"the last pick reveals all", 3, engine.Seats(0, 1, 2), []pick{{2, 3}, {0, 5}, {1, -4}}, 0, true,
			map[engine.Seat]string{0: "0:up5 1:up-4 2:up3", engine.Spectator: "0:up5 1:up-4 2:up3"},
			map[engine.Seat]engine.SeatSet{0: 0, engine.Spectator: 0}},
		{"only the asked seats pick", 5, engine.Seats(1, 3), []pick{{3, 9}}, engine.Seats(1), false,
			map[engine.Seat]string{0: "0:- 1:- 2:- 3:down 4:-", 3: "0:- 1:- 2:- 3:up9 4:-"},
			map[engine.Seat]engine.SeatSet{0: engine.Seats(3), 3: 0}},
		{"the asked seats have picked: revealed", 5, engine.Seats(1, 3), []pick{{3, 9}, {1, 2}}, 0, true,
			map[engine.Seat]string{0: "0:- 1:up2 2:- 3:up9 4:-"},
			map[engine.Seat]engine.SeatSet{0: 0}},
		{"nobody asked: never revealed", 2, 0, nil, 0, false,
			map[engine.Seat]string{0: "0:- 1:-"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var p Picks
			p.Ask(tc.asked)
			for i, pk := range tc.picks {
				last, err := p.Pick(pk.seat, pk.v)
				if err != nil {
					t.Fatalf("pick %d: %v", i, err)
				}
				if want := i == len(tc.picks)-1 && tc.revealed; last != want {
					t.Errorf("pick %d reports revealed %v, want %v", i, last, want)
				}
			}
			if p.Asked() != tc.asked || p.Waiting() != tc.waiting || p.Revealed() != tc.revealed {
				t.Errorf("asked %v, waiting %v, revealed %v; want %v, %v, %v",
					p.Asked().List(), p.Waiting().List(), p.Revealed(), tc.asked.List(), tc.waiting.List(), tc.revealed)
			}
			for viewer, want := range tc.views {
				if got := seen(&p, viewer, tc.seats); got != want {
					t.Errorf("seat %d sees %s, want %s", viewer, got, want)
				}
			}
			for viewer, want := range tc.hidden {
				if got := p.Hidden(viewer); got != want {
					t.Errorf("hidden from seat %d: %v, want %v", viewer, got.List(), want.List())
				}
			}
			for _, pk := range tc.picks {
				if v, ok := p.Get(pk.seat); !ok || v != pk.v {
					t.Errorf("Get(%d) = %d, %v; want %d, true", pk.seat, v, ok, pk.v)
				}
			}
		})
	}
}

func TestPicksRefuses(t *testing.T) {
	var p Picks
	p.Ask(engine.Seats(0, 2))
	if _, err := p.Pick(0, 4); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		seat engine.Seat
		want string
	}{
		{"picked already", 0, "picked already"},
		{"not asked", 1, "not asked"},
		{"a spectator", engine.Spectator, "not asked"},
		{"off the table", 7, "not asked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := p
			_, err := p.Pick(tc.seat, 9)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
			if p != before {
				t.Errorf("a refused pick changed the picks")
			}
		})
	}
	if err := p.Repick(2, 1); err == nil {
		t.Errorf("seat 2 repicked without having picked")
	}
}

// TestPicksDeterminize checks the two ways a Determinize hides another
// seat's pick: Repick deals it again and every other seat sees what it
// saw; Unpick takes it back and the seat is waiting again.
func TestPicksDeterminize(t *testing.T) {
	var p Picks
	p.Ask(engine.Seats(0, 1, 2, 3))
	p.Pick(1, 6)
	p.Pick(3, 2)
	p.Pick(0, 5)
	wantHidden := map[engine.Seat]engine.SeatSet{
		0: engine.Seats(1, 3), 1: engine.Seats(0, 3), 2: engine.Seats(0, 1, 3), 3: engine.Seats(0, 1), engine.Spectator: engine.Seats(0, 1, 3),
	}
	for _, viewer := range []engine.Seat{0, 1, 2, 3, engine.Spectator} {
		if got := p.Hidden(viewer); got != wantHidden[viewer] {
			t.Errorf("hidden from %d: %v, want %v", viewer, got.List(), wantHidden[viewer].List())
		}
		c := p
		for s := range engine.Seat(4) {
			if c.Hidden(viewer).Has(s) {
				if err := c.Repick(s, 11); err != nil {
					t.Fatal(err)
				}
			}
		}
		for s := range engine.Seat(4) {
			got, _ := c.Get(s)
			want, _ := p.Get(s)
			if c.Hidden(viewer).Has(s) {
				want = 11
			}
			if got != want {
				t.Errorf("viewer %d: seat %d's pick is %d after Repick, want %d", viewer, s, got, want)
			}
		}
		if got, want := seen(&c, viewer, 4), seen(&p, viewer, 4); got != want {
			t.Errorf("viewer %d: after Repick sees %s, want %s", viewer, got, want)
		}
		if c.Waiting() != p.Waiting() {
			t.Errorf("viewer %d: Repick changed who waits", viewer)
		}
	}

	c := p
	c.Unpick(1)
	if !c.Waiting().Has(1) || c.Waiting() != engine.Seats(1, 2) {
		t.Errorf("after Unpick(1) waiting %v, want [1 2]", c.Waiting().List())
	}
	if _, f := c.Seen(0, 1); f != Unpicked {
		t.Errorf("after Unpick(1) seat 0 sees seat 1's pick %s", f)
	}
	if _, ok := c.Get(1); ok {
		t.Errorf("after Unpick(1) seat 1 has a pick")
	}
	c.Unpick(2) // has not picked: nothing
	if c.Waiting() != engine.Seats(1, 2) {
		t.Errorf("Unpick of a seat that has not picked changed who waits: %v", c.Waiting().List())
	}
	if _, err := c.Pick(1, 3); err != nil {
		t.Errorf("seat 1 cannot pick again after Unpick: %v", err)
	}

	p.Pick(2, 1)
	if !p.Hidden(0).Empty() || !p.Hidden(engine.Spectator).Empty() {
		t.Errorf("revealed picks are hidden: %v", p.Hidden(engine.Spectator).List())
	}
}

func TestPicksAsk(t *testing.T) {
	var p Picks
	p.Ask(engine.Seats(0, 1))
	p.Pick(0, 1)
	p.Pick(1, 2)
	p.Ask(engine.Seats(1, 2))
	if p.Revealed() || p.Waiting() != engine.Seats(1, 2) {
		t.Errorf("after a new Ask: revealed %v, waiting %v", p.Revealed(), p.Waiting().List())
	}
	if _, ok := p.Get(0); ok {
		t.Errorf("a new Ask kept an old pick")
	}
	var h1, h2 []byte
	q := p
	q.Pick(1, 4)
	if string(p.AppendState(h1)) == string(q.AppendState(h2)) {
		t.Errorf("two picks in different states append the same state")
	}
}

func TestFaceString(t *testing.T) {
	for f, want := range map[Face]string{Unpicked: "unpicked", FaceDown: "face down", FaceUp: "face up", 7: "Face(7)"} {
		if f.String() != want {
			t.Errorf("%d: %q, want %q", f, f.String(), want)
		}
	}
}

func TestPicksAllocates(t *testing.T) {
	var p Picks
	p.Ask(engine.Seats(0, 1, 2, 3, 4))
	n := testing.AllocsPerRun(100, func() {
		c := p
		_ = c.Waiting()
		c.Pick(2, 4)
		_, _ = c.Seen(0, 2)
		_ = c.Hidden(0)
		_, _ = c.Get(2)
		_ = c.Repick(2, 5)
		c.Unpick(2)
	})
	if n != 0 {
		t.Errorf("%v allocations per run, want 0", n)
	}
}
