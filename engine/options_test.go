package engine_test

import (
	"maps"
	"strconv"
	"strings"
	"testing"

	"skald/engine"
)

var testSpecs = []engine.OptionSpec{
	{Name: "units", Default: "6", Min: 1, Max: 12, Help: "units per player"},
	{Name: "first", Default: "random", Choices: []string{"random", "black", "red"}},
	{Name: "cold", Default: "-2", Min: -5, Max: -1},
	{Name: "label", Default: ""},
}

func TestResolve(t *testing.T) {
	defaults := engine.Options{"units": "6", "first": "random", "cold": "-2", "label": ""}
	with := func(k, v string) engine.Options {
		o := maps.Clone(defaults)
		o[k] = v
		return o
	}
	tests := []struct {
		name    string
		opts    engine.Options
		want    engine.Options
		wantErr []string // substrings of the error
	}{
		{name: "nil gives defaults", opts: nil, want: defaults},
		{name: "empty gives defaults", opts: engine.Options{}, want: defaults},
		{name: "int", opts: engine.Options{"units": "3"}, want: with("units", "3")},
		{name: "int at min", opts: engine.Options{"units": "1"}, want: with("units", "1")},
		{name: "int at max", opts: engine.Options{"units": "12"}, want: with("units", "12")},
		{name: "int below min", opts: engine.Options{"units": "0"}, wantErr: []string{"units=0", "from 1 to 12"}},
		{name: "int above max", opts: engine.Options{"units": "13"}, wantErr: []string{"units=13", "from 1 to 12"}},
		{name: "int not a number", opts: engine.Options{"units": "six"}, wantErr: []string{"units=six", "whole number"}},
		{name: "int fraction", opts: engine.Options{"units": "1.5"}, wantErr: []string{"units=1.5", "whole number"}},
		{name: "int with space", opts: engine.Options{"units": " 3"}, wantErr: []string{"units= 3", "whole number"}},
		{name: "int empty", opts: engine.Options{"units": ""}, wantErr: []string{"units=", "whole number"}},
		{name: "negative range", opts: engine.Options{"cold": "-5"}, want: with("cold", "-5")},
		{name: "negative range above", opts: engine.Options{"cold": "0"}, wantErr: []string{"cold=0", "from -5 to -1"}},
		{name: "choice", opts: engine.Options{"first": "red"}, want: with("first", "red")},
		{name: "choice is case sensitive", opts: engine.Options{"first": "Red"}, wantErr: []string{"first=Red", "one of random, black, red"}},
		{name: "choice empty", opts: engine.Options{"first": ""}, wantErr: []string{"first=", "one of"}},
		{name: "free text", opts: engine.Options{"label": "any thing=at all"}, want: with("label", "any thing=at all")},
		{name: "several", opts: engine.Options{"units": "2", "first": "black"}, want: engine.Options{"units": "2", "first": "black", "cold": "-2", "label": ""}},
		{name: "unknown", opts: engine.Options{"speed": "9"}, wantErr: []string{`option "speed": unknown`, "known: units, first, cold, label"}},
		{name: "unknown among good", opts: engine.Options{"units": "2", "Units": "3"}, wantErr: []string{`"Units"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := maps.Clone(tt.opts)
			got, err := engine.Resolve(testSpecs, tt.opts)
			if !maps.Equal(in, tt.opts) {
				t.Errorf("Resolve changed its input: %v", tt.opts)
			}
			if tt.wantErr != nil {
				if err == nil {
					t.Fatalf("Resolve = %v, want an error", got)
				}
				for _, w := range tt.wantErr {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not say %q", err, w)
					}
				}
				if got != nil {
					t.Errorf("Resolve returned options %v with its error", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(got, tt.want) {
				t.Errorf("Resolve = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestResolveNoSpecs(t *testing.T) {
	got, err := engine.Resolve(nil, nil)
	if err != nil || got == nil || len(got) != 0 {
		t.Errorf("Resolve(nil, nil) = %v, %v; want an empty map", got, err)
	}
	if _, err := engine.Resolve(nil, engine.Options{"x": "1"}); err == nil || !strings.Contains(err.Error(), `"x"`) {
		t.Errorf("Resolve with no specs accepted an option: %v", err)
	}
}

// TestResolveDeterministicError checks that with several bad options the
// error is the same every time, not whichever the map yields first.
func TestResolveDeterministicError(t *testing.T) {
	opts := engine.Options{"zeta": "1", "alpha": "1", "mid": "1", "units": "99", "first": "none"}
	first, err := engine.Resolve(testSpecs, opts)
	if err == nil {
		t.Fatalf("Resolve = %v, want an error", first)
	}
	for range 50 {
		_, err2 := engine.Resolve(testSpecs, opts)
		if err2 == nil || err2.Error() != err.Error() {
			t.Fatalf("errors differ between calls: %q and %q", err, err2)
		}
	}
	// The first option in sorted order is reported.
	if !strings.Contains(err.Error(), `"alpha"`) {
		t.Errorf("error %q does not name the first bad option, alpha", err)
	}
}

func TestOptionsString(t *testing.T) {
	tests := []struct {
		opts engine.Options
		want string
	}{
		{nil, ""},
		{engine.Options{}, ""},
		{engine.Options{"a": "1"}, "a=1"},
		{engine.Options{"units": "6", "first": "random", "b": "", "a": "x y"}, "a=x y b= first=random units=6"},
		{engine.Options{"B": "1", "a": "2", "A": "3"}, "A=3 B=1 a=2"},
	}
	for _, tt := range tests {
		if got := tt.opts.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.opts, got, tt.want)
		}
	}
}

func FuzzResolve(f *testing.F) {
	f.Add("units", "3", "first", "red")
	f.Add("units", "-1", "cold", "-3")
	f.Add("unknown", "", "label", "x")
	f.Add("units", "99999999999999999999", "first", "")
	f.Add("cold", "+2", "units", "0x3")
	f.Fuzz(func(t *testing.T, k1, v1, k2, v2 string) {
		opts := engine.Options{k1: v1, k2: v2}
		got, err := engine.Resolve(testSpecs, opts)
		if err != nil {
			// The error names one of the options given.
			msg := err.Error()
			named := false
			for k, v := range opts {
				if strings.Contains(msg, strconv.Quote(k)) || strings.Contains(msg, k+"="+v) {
					named = true
				}
			}
			if !named {
				t.Fatalf("error %q names no option of %v", msg, opts)
			}
			return
		}
		if len(got) != len(testSpecs) {
			t.Fatalf("Resolve = %v: want exactly the %d known options", got, len(testSpecs))
		}
		for _, s := range testSpecs {
			v, ok := got[s.Name]
			if !ok {
				t.Fatalf("option %s missing from %v", s.Name, got)
			}
			if given, ok := opts[s.Name]; ok && v != given {
				t.Fatalf("option %s = %q, given %q", s.Name, v, given)
			} else if !ok && v != s.Default {
				t.Fatalf("option %s = %q, want default %q", s.Name, v, s.Default)
			}
			if s.Min != 0 || s.Max != 0 {
				n, err := strconv.Atoi(v)
				if err != nil || n < s.Min || n > s.Max {
					t.Fatalf("option %s = %q accepted outside %d..%d", s.Name, v, s.Min, s.Max)
				}
			}
			if len(s.Choices) > 0 {
				found := false
				for _, c := range s.Choices {
					found = found || c == v
				}
				if !found {
					t.Fatalf("option %s = %q is not a choice", s.Name, v)
				}
			}
		}
	})
}

// TestOptionsForSeats checks that a table too small for an option leaves
// it out, and that Resolve puts its default back.
func TestOptionsForSeats(t *testing.T) {
	specs := []engine.OptionSpec{
		{Name: "deck", Default: "a"},
		{Name: "deck3", Default: "c", Seats: 3},
		{Name: "deck4", Default: "d", Seats: 4},
	}
	opts, err := engine.Resolve(specs, engine.Options{"deck": "x"})
	if err != nil {
		t.Fatal(err)
	}
	for n, want := range map[int]string{2: "deck=x", 3: "deck=x deck3=c", 4: "deck=x deck3=c deck4=d"} {
		got := opts.ForSeats(specs, n)
		if got.String() != want {
			t.Errorf("ForSeats(%d) = %q, want %q", n, got, want)
		}
		back, err := engine.Resolve(specs, got)
		if err != nil || back.String() != opts.String() {
			t.Errorf("Resolve(ForSeats(%d)) = %q, %v; want %q", n, back, err, opts)
		}
	}
	if opts.String() != "deck=x deck3=c deck4=d" {
		t.Errorf("ForSeats changed its receiver: %q", opts)
	}
}
