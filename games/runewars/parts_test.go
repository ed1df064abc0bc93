package runewars

import (
	"strings"
	"testing"

	"skald/engine"
)

// TestActionPartsNameWhatTheTextNames checks, over seeded random games at
// two to four players, that every legal action's kind is the first word
// of its text and every ref is a word of its text, in order.
func TestActionPartsNameWhatTheTextNames(t *testing.T) {
	for n := 2; n <= 4; n++ {
		st, _ := New().New(engine.Config{Seats: n, Seed: uint64(n)})
		s := st.(*State)
		r := engine.NewRand(7)
		for !s.over {
			seat := s.Deciders().List()[0]
			legal := s.Legal(seat, nil)
			for _, a := range legal {
				text := s.FormatAction(a)
				words := strings.Fields(strings.ReplaceAll(text, ",", " "))
				p := s.ActionParts(a)
				if p.Kind != words[0] {
					t.Fatalf("%q: kind %q", text, p.Kind)
				}
				i := 1
				for _, ref := range p.Refs {
					for i < len(words) && words[i] != ref {
						i++
					}
					if i == len(words) {
						t.Fatalf("%q: ref %q is not a word of the text after the last one", text, ref)
					}
					i++
				}
			}
			s.Apply(legal[r.IntN(len(legal))], nil)
		}
	}
}
