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
		only engine.Seat
		seat engine.Seat
		want bool
	}{
		{engine.Spectator, engine.Spectator, true},
		{engine.Spectator, 0, true},
		{engine.Spectator, 5, true},
		{0, 0, true},
		{0, 1, false},
		{0, engine.Spectator, false},
		{3, 3, true},
		{3, 2, false},
	}
	for _, tt := range tests {
		e := engine.Event{Type: "t", Text: "x", Only: tt.only}
		if got := e.Visible(tt.seat); got != tt.want {
			t.Errorf("Event{Only: %d}.Visible(%d) = %v, want %v", tt.only, tt.seat, got, tt.want)
		}
	}
}

func TestEventStringAndJSON(t *testing.T) {
	e := engine.Event{Type: "battle.won", Text: "black wins", Only: engine.Spectator}
	if got, want := e.String(), "battle.won: black wins"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"type":"battle.won","text":"black wins","only":-1}`; got != want {
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
