package engine_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

func TestSeatSet(t *testing.T) {
	tests := []struct {
		name  string
		set   engine.SeatSet
		list  []engine.Seat
		first engine.Seat
	}{
		{"empty", engine.Seats(), nil, engine.Spectator},
		{"one", engine.Seats(3), []engine.Seat{3}, 3},
		{"zero seat", engine.Seats(0), []engine.Seat{0}, 0},
		{"unsorted with duplicates", engine.Seats(5, 1, 5, 2), []engine.Seat{1, 2, 5}, 1},
		{"all", engine.Seats(0, 1, 2, 3, 4, 5, 6, 7), []engine.Seat{0, 1, 2, 3, 4, 5, 6, 7}, 0},
		{"last only", engine.Seats(engine.MaxSeats - 1), []engine.Seat{7}, 7},
		{"spectator is no seat", engine.Seats(engine.Spectator), nil, engine.Spectator},
		{"spectator among seats", engine.Seats(engine.Spectator, 4), []engine.Seat{4}, 4},
		{"beyond MaxSeats is no seat", engine.Seats(engine.MaxSeats, 2), []engine.Seat{2}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.set
			if got := s.List(); !slices.Equal(got, tt.list) {
				t.Errorf("List() = %v, want %v", got, tt.list)
			}
			if got := s.Len(); got != len(tt.list) {
				t.Errorf("Len() = %d, want %d", got, len(tt.list))
			}
			if got := s.Empty(); got != (len(tt.list) == 0) {
				t.Errorf("Empty() = %v, want %v", got, len(tt.list) == 0)
			}
			if got := s.First(); got != tt.first {
				t.Errorf("First() = %d, want %d", got, tt.first)
			}
			for seat := engine.Seat(-3); seat < engine.MaxSeats+3; seat++ {
				if got, want := s.Has(seat), slices.Contains(tt.list, seat); got != want {
					t.Errorf("Has(%d) = %v, want %v", seat, got, want)
				}
			}
			if s.Has(engine.Spectator) {
				t.Error("a set holds Spectator")
			}
		})
	}
}

func TestSeatSetWithWithout(t *testing.T) {
	tests := []struct {
		name string
		got  engine.SeatSet
		want []engine.Seat
	}{
		{"with to empty", engine.SeatSet(0).With(2), []engine.Seat{2}},
		{"with present", engine.Seats(2).With(2), []engine.Seat{2}},
		{"with more", engine.Seats(2).With(0).With(7), []engine.Seat{0, 2, 7}},
		{"without present", engine.Seats(1, 2, 3).Without(2), []engine.Seat{1, 3}},
		{"without absent", engine.Seats(1, 3).Without(2), []engine.Seat{1, 3}},
		{"without last", engine.Seats(4).Without(4), nil},
		{"with spectator changes nothing", engine.Seats(1).With(engine.Spectator), []engine.Seat{1}},
		{"without spectator changes nothing", engine.Seats(0, 7).Without(engine.Spectator), []engine.Seat{0, 7}},
		{"with beyond MaxSeats changes nothing", engine.Seats(1).With(engine.MaxSeats), []engine.Seat{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if l := tt.got.List(); !slices.Equal(l, tt.want) {
				t.Errorf("got %v, want %v", l, tt.want)
			}
			if tt.got != engine.Seats(tt.want...) {
				t.Errorf("got %08b, want %08b", tt.got, engine.Seats(tt.want...))
			}
		})
	}
}

func TestSeatNameAndParseSeat(t *testing.T) {
	type seatCase struct {
		text    string
		want    engine.Seat
		wantErr bool
	}
	tests := []struct {
		name  string
		game  engine.Game
		names map[engine.Seat]string
		parse []seatCase
	}{
		{
			name:  "numbers",
			game:  race{},
			names: map[engine.Seat]string{0: "0", 1: "1", engine.Spectator: "spectator"},
			parse: []seatCase{
				{"0", 0, false},
				{"1", 1, false},
				{"spectator", engine.Spectator, false},
				{"2", 0, true}, // only two seats
				{"-1", 0, true},
				{"north", 0, true},
				{"", 0, true},
				{" 1", 0, true},
			},
		},
		{
			name:  "names",
			game:  namedRace{},
			names: map[engine.Seat]string{0: "north", 1: "south", engine.Spectator: "spectator"},
			parse: []seatCase{
				{"north", 0, false},
				{"south", 1, false},
				{"0", 0, false}, // numbers stay accepted
				{"1", 1, false},
				{"spectator", engine.Spectator, false},
				{"North", 0, true},
				{"east", 0, true},
				{"2", 0, true},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seat, want := range tt.names {
				if got := engine.SeatName(tt.game, seat); got != want {
					t.Errorf("SeatName(%d) = %q, want %q", seat, got, want)
				}
				// Every name parses back to its seat.
				if got, err := engine.ParseSeat(tt.game, 2, want); err != nil || got != seat {
					t.Errorf("ParseSeat(%q) = %d, %v; want %d", want, got, err, seat)
				}
			}
			for _, c := range tt.parse {
				got, err := engine.ParseSeat(tt.game, 2, c.text)
				if c.wantErr {
					if err == nil {
						t.Errorf("ParseSeat(%q) = %d, want an error", c.text, got)
					} else if !strings.Contains(err.Error(), fmt.Sprintf("%q", c.text)) || !strings.Contains(err.Error(), "race") {
						t.Errorf("ParseSeat(%q) error %q should name the text and the game", c.text, err)
					}
					continue
				}
				if err != nil || got != c.want {
					t.Errorf("ParseSeat(%q) = %d, %v; want %d", c.text, got, err, c.want)
				}
			}
		})
	}
}

func TestParseSeatCountsSeats(t *testing.T) {
	// With n seats only 0..n-1 parse.
	for n := 0; n <= engine.MaxSeats; n++ {
		for i := 0; i < engine.MaxSeats; i++ {
			_, err := engine.ParseSeat(race{}, n, fmt.Sprint(i))
			if (err == nil) != (i < n) {
				t.Errorf("n=%d: ParseSeat(%d) error = %v", n, i, err)
			}
		}
	}
}

func TestIllegalError(t *testing.T) {
	tests := []struct {
		err  *engine.IllegalError
		want string
	}{
		{engine.Illegal("race §3", "add %d would pass %d", 3, 15), "add 3 would pass 15 [race §3]"},
		{engine.Illegal("seed 002: Battle", "no such card"), "no such card [seed 002: Battle]"},
		{&engine.IllegalError{Rule: "r", Why: "w"}, "w [r]"},
		{engine.Illegal("r", "100%% sure"), "100% sure [r]"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
		// It survives wrapping.
		var ie *engine.IllegalError
		if !errors.As(fmt.Errorf("play: %w", tt.err), &ie) || ie != tt.err {
			t.Errorf("errors.As lost %v", tt.err)
		}
	}
	e := engine.Illegal("race §1", "seat %d may not", 1)
	if e.Rule != "race §1" || e.Why != "seat 1 may not" {
		t.Errorf("Illegal = %+v", *e)
	}
}

func TestEventVisible(t *testing.T) {
	tests := []struct {
		to   engine.SeatSet
		seat engine.Seat
		want bool
	}{
		{engine.Everyone, engine.Spectator, true},
		{engine.Everyone, 0, true},
		{engine.Everyone, 4, true},
		{engine.Seats(0), 0, true},
		{engine.Seats(0), 1, false},
		{engine.Seats(0), engine.Spectator, false},
		{engine.Seats(3), 3, true},
		{engine.Seats(3), 2, false},
		// A deal between two seats of five: both see it, nobody else.
		{engine.Seats(1, 3), 1, true},
		{engine.Seats(1, 3), 3, true},
		{engine.Seats(1, 3), 0, false},
		{engine.Seats(1, 3), 4, false},
		{engine.Seats(1, 3), engine.Spectator, false},
		// Every one of five seats but not the spectator: still private.
		{engine.Seats(0, 1, 2, 3, 4), 2, true},
		{engine.Seats(0, 1, 2, 3, 4), engine.Spectator, false},
	}
	for _, tt := range tests {
		e := engine.Event{Type: "t", Text: "x", To: tt.to}
		if got := e.Visible(tt.seat); got != tt.want {
			t.Errorf("Event{To: %08b}.Visible(%d) = %v, want %v", tt.to, tt.seat, got, tt.want)
		}
	}
}

func TestLogFor(t *testing.T) {
	var log engine.Log
	log.Add(engine.Everyone, "a", "public")
	log.Add(engine.Seats(0), "b", "to seat %d", 0)
	log.Add(engine.Seats(1, 2), "c", "a deal between %d and %d", 1, 2)
	texts := func(evs []engine.Event) string {
		var s []string
		for _, e := range evs {
			s = append(s, e.Text)
		}
		return strings.Join(s, "|")
	}
	for _, tt := range []struct {
		seat engine.Seat
		want string
	}{
		{engine.Spectator, "public"},
		{0, "public|to seat 0"},
		{1, "public|a deal between 1 and 2"},
		{2, "public|a deal between 1 and 2"},
		{3, "public"},
	} {
		if got := texts(log.For(tt.seat)); got != tt.want {
			t.Errorf("For(%d) = %q, want %q", tt.seat, got, tt.want)
		}
	}
	// A nil log records nothing and does not fail.
	var none *engine.Log
	none.Add(engine.Everyone, "a", "%s", "ignored")
	if none != nil {
		t.Error("Add on a nil log made a log")
	}
	// A text without arguments is kept as it is, percent signs included.
	log = nil
	log.Add(engine.Everyone, "a", "100% sure")
	if log[0].Text != "100% sure" {
		t.Errorf("text %q", log[0].Text)
	}
}

func TestLogAddNilAllocatesNothing(t *testing.T) {
	var none *engine.Log
	name := &struct{ fmt.Stringer }{}
	n := 7
	if a := testing.AllocsPerRun(100, func() {
		none.Add(engine.Seats(1), "roll", "%v rolls %d", name, n)
	}); a != 0 {
		t.Errorf("Add on a nil log allocates %v times", a)
	}
}

func TestEventAudience(t *testing.T) {
	g := namedRace{}
	for _, tt := range []struct {
		to    engine.SeatSet
		names []string
		aud   string
	}{
		{engine.Everyone, nil, "everyone"},
		{engine.Seats(1), []string{"south"}, "south"},
		{engine.Seats(0, 1), []string{"north", "south"}, "north, south"},
	} {
		e := engine.Event{To: tt.to}
		if got := e.Names(g, 2); strings.Join(got, ",") != strings.Join(tt.names, ",") {
			t.Errorf("Names(%08b) = %v, want %v", tt.to, got, tt.names)
		}
		if got := e.Audience(g, 2); got != tt.aud {
			t.Errorf("Audience(%08b) = %q, want %q", tt.to, got, tt.aud)
		}
	}
}

func TestEventStringAndJSON(t *testing.T) {
	e := engine.Event{Type: "battle.won", Text: "black wins", To: engine.Everyone}
	if got, want := e.String(), "battle.won: black wins"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"type":"battle.won","text":"black wins","to":255}`; got != want {
		t.Errorf("JSON = %s, want %s", got, want)
	}
	var back engine.Event
	if err := json.Unmarshal(b, &back); err != nil || back != e {
		t.Errorf("JSON round trip = %+v, %v", back, err)
	}
}

func TestHashBytes(t *testing.T) {
	// FNV-1a 64 test vectors.
	tests := []struct {
		in   string
		want uint64
	}{
		{"", 0xcbf29ce484222325},
		{"a", 0xaf63dc4c8601ec8c},
		{"foobar", 0x85944171f73967e8},
	}
	for _, tt := range tests {
		if got := engine.HashBytes([]byte(tt.in)); got != tt.want {
			t.Errorf("HashBytes(%q) = %#x, want %#x", tt.in, got, tt.want)
		}
	}
}

func TestFormatHash(t *testing.T) {
	tests := []struct {
		h    uint64
		want string
	}{
		{0, "0000000000000000"},
		{0xab, "00000000000000ab"},
		{0xffffffffffffffff, "ffffffffffffffff"},
		{0x0123456789abcdef, "0123456789abcdef"},
	}
	for _, tt := range tests {
		if got := engine.FormatHash(tt.h); got != tt.want {
			t.Errorf("FormatHash(%#x) = %q, want %q", tt.h, got, tt.want)
		}
	}
}
