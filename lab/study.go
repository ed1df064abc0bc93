package lab

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"skald/ai"
	"skald/engine"
	"skald/games"
)

// Study is a self-play study: what is played, by whom, how often, from
// which seed. Its JSON form is stored with its results, and its [Study.ID]
// names it.
type Study struct {
	// Game is the game's name, as games.Lookup takes it.
	Game string `json:"game"`
	// Options are the options of every match (a game's defaults fill in
	// the rest).
	Options engine.Options `json:"options,omitempty"`
	// Vary lists options that change between matches: the study plays
	// every combination of their values (its variants) equally often.
	Vary []Vary `json:"vary,omitempty"`
	// Seats holds one bot spec per seat, as ai.New takes them; seats are
	// rotated between matches as sim rotates them.
	Seats []string `json:"seats"`
	// Matches is the number of matches.
	Matches int `json:"matches"`
	// ShardSize is the number of matches of a shard (the last may have
	// fewer).
	ShardSize int `json:"shard_size"`
	// Seed is the study's seed.
	Seed uint64 `json:"seed"`
}

// Vary is one option that changes between a study's matches.
type Vary struct {
	// Option is the option's name.
	Option string `json:"option"`
	// Values are its values, each as the option takes it.
	Values []string `json:"values"`
	// Labels name the values in reports; a value without a label is named
	// by itself (a deck list given as text should have one).
	Labels []string `json:"labels,omitempty"`
}

// Variant is one combination of a study's varied options.
type Variant struct {
	// Label names it: "deck=asheim deck2=mix".
	Label string
	// Options are the match's options: the study's with the variant's.
	Options engine.Options
}

// maxMatches bounds a study, so that no count read from a command line or
// a database sizes memory absurdly.
const maxMatches = 10_000_000

// ID returns the study's identity: the first 16 hex digits of the SHA-256
// of its JSON. Two studies with the same ID play the same matches.
func (s *Study) ID() string {
	b, _ := json.Marshal(s) // a Study always marshals
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

// Shards returns the number of shards of the study.
func (s *Study) Shards() int {
	if s.ShardSize < 1 {
		return 0
	}
	return (s.Matches + s.ShardSize - 1) / s.ShardSize
}

// Range returns the matches of shard k: from lo to hi, hi excluded.
func (s *Study) Range(k int) (lo, hi int) {
	lo = k * s.ShardSize
	return lo, min(lo+s.ShardSize, s.Matches)
}

// Check looks the game up and checks the whole study: the bots, the seat
// count, every variant's options, the counts. Its error names what is
// wrong.
func (s *Study) Check() (engine.Game, error) {
	g, err := games.Lookup(s.Game)
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	if lo, hi := g.Seats(); len(s.Seats) < lo || len(s.Seats) > hi {
		return nil, fmt.Errorf("study: %s is played by %d to %d seats, not %d", g.Name(), lo, hi, len(s.Seats))
	}
	for _, spec := range s.Seats {
		if _, err := ai.New(spec, 0); err != nil {
			return nil, fmt.Errorf("study: seat bot: %w", err)
		}
		if err := ai.Supports(spec, g); err != nil {
			return nil, fmt.Errorf("study: %w", err)
		}
	}
	switch {
	case s.Matches < 1 || s.Matches > maxMatches:
		return nil, fmt.Errorf("study: %d matches: want 1 to %d", s.Matches, maxMatches)
	case s.ShardSize < 1 || s.ShardSize > s.Matches:
		return nil, fmt.Errorf("study: shard size %d: want 1 to the number of matches (%d)", s.ShardSize, s.Matches)
	}
	seen := map[string]bool{}
	for _, v := range s.Vary {
		switch {
		case v.Option == "":
			return nil, errors.New("study: a varied option has no name")
		case seen[v.Option]:
			return nil, fmt.Errorf("study: option %s is varied twice", v.Option)
		case len(v.Values) == 0:
			return nil, fmt.Errorf("study: varied option %s has no values", v.Option)
		case len(v.Labels) > len(v.Values):
			return nil, fmt.Errorf("study: varied option %s has %d labels for %d values", v.Option, len(v.Labels), len(v.Values))
		}
		if _, ok := s.Options[v.Option]; ok {
			return nil, fmt.Errorf("study: option %s is both set and varied", v.Option)
		}
		seen[v.Option] = true
	}
	vs := s.Variants()
	if len(vs) > s.Matches {
		return nil, fmt.Errorf("study: %d variants for %d matches: play at least one match of each", len(vs), s.Matches)
	}
	for _, v := range vs {
		opts, err := engine.Resolve(g.Options(), v.Options)
		if err != nil {
			return nil, fmt.Errorf("study: variant %q: %w", v.Label, err)
		}
		if _, err := g.New(engine.Config{Seats: len(s.Seats), Options: opts}); err != nil {
			return nil, fmt.Errorf("study: variant %q: %w", v.Label, err)
		}
	}
	return g, nil
}

// Variants returns every combination of the varied options' values, the
// first option's values changing slowest; a study that varies nothing has
// one variant, labelled "".
func (s *Study) Variants() []Variant {
	out := []Variant{{Options: copyOptions(s.Options)}}
	for _, v := range s.Vary {
		var next []Variant
		for _, base := range out {
			for k, val := range v.Values {
				label := val
				if k < len(v.Labels) && v.Labels[k] != "" {
					label = v.Labels[k]
				}
				o := copyOptions(base.Options)
				o[v.Option] = val
				next = append(next, Variant{Label: strings.TrimSpace(base.Label + " " + v.Option + "=" + label), Options: o})
			}
		}
		out = next
	}
	return out
}

// VariantOf returns the index of the variant match i plays: each variant
// in turn, changing after a whole rotation of the seats so that every
// variant is played with every lineup.
func (s *Study) VariantOf(i, variants int) int {
	if variants <= 1 || len(s.Seats) == 0 {
		return 0
	}
	return (i / len(s.Seats)) % variants
}

func copyOptions(o engine.Options) engine.Options {
	c := engine.Options{}
	for k, v := range o {
		c[k] = v
	}
	return c
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
