package runewars

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"skald/engine"
)

// maxTitles is the most title cards the content may hold.
const maxTitles = 8

// TitlePower is what a title gives its holder (titles.yaml documents
// them; RW-D13).
type TitlePower uint8

// Title powers.
const (
	TpBids      TitlePower = iota // decides tied influence bids (Influence bids 3)
	TpAttack                      // +N strength attacking
	TpDefend                      // +N strength defending
	TpInfluence                   // +N Influence with Acquire Power
	TpTactics                     // N Tactics cards when a Spring card is drawn
	numTitlePowers
)

var titlePowerWords = [numTitlePowers]string{"bids", "attack", "defend", "influence", "tactics"}

// Title is one title card [D] RW-D13.
type Title struct {
	ID, Name string
	Power    TitlePower
	N        int
	Text     string // the power, in words
}

// String returns the title's name.
func (t *Title) String() string { return t.Name }

type titlesFile struct {
	Titles []struct {
		ID    string `yaml:"id"`
		Name  string `yaml:"name"`
		Power string `yaml:"power"`
	} `yaml:"titles"`
}

// loadTitles reads titles.yaml.
func (c *Content) loadTitles(data []byte) error {
	var tf titlesFile
	if err := yaml.UnmarshalWithOptions(data, &tf, yaml.Strict()); err != nil {
		return fmt.Errorf("%s", yaml.FormatError(err, false, true))
	}
	if len(tf.Titles) == 0 || len(tf.Titles) > maxTitles {
		return fmt.Errorf("field titles: %d titles, want 1 to %d", len(tf.Titles), maxTitles)
	}
	bids := 0
	for i, e := range tf.Titles {
		t := Title{ID: e.ID, Name: e.Name}
		err := func() error {
			if err := checkWord("id", e.ID); err != nil {
				return err
			}
			for j := 0; j < i; j++ {
				if tf.Titles[j].ID == e.ID {
					return fmt.Errorf("field id: listed twice")
				}
			}
			if err := checkName("name", e.Name, maxNameLen); err != nil {
				return err
			}
			f := strings.Fields(e.Power)
			bad := fmt.Errorf("field power: %q: want bids, attack N, defend N, influence N or tactics N (N 1-3)", e.Power)
			k := -1
			if len(f) > 0 {
				for p, w := range titlePowerWords {
					if w == f[0] {
						k = p
					}
				}
			}
			if k < 0 {
				return bad
			}
			t.Power = TitlePower(k)
			if t.Power == TpBids {
				if len(f) != 1 {
					return bad
				}
				if bids++; bids > 1 {
					return fmt.Errorf("field power: a second title decides tied bids")
				}
			} else {
				if len(f) != 2 {
					return bad
				}
				n, err := strconv.Atoi(f[1])
				if err != nil || n < 1 || n > 3 {
					return bad
				}
				t.N = n
			}
			t.Text = titleText(t.Power, t.N)
			return nil
		}()
		if err != nil {
			return fmt.Errorf("title %q: %w", e.ID, err)
		}
		c.Titles = append(c.Titles, t)
	}
	return nil
}

func titleText(p TitlePower, n int) string {
	switch p {
	case TpBids:
		return "Its holder decides every tied influence bid."
	case TpAttack:
		return fmt.Sprintf("+%d strength in every battle its holder fights as the attacker.", n)
	case TpDefend:
		return fmt.Sprintf("+%d strength in every battle its holder fights as the defender.", n)
	case TpInfluence:
		return fmt.Sprintf("%d Influence more each time its holder resolves Acquire Power.", n)
	}
	return fmt.Sprintf("Its holder draws %d Tactics card(s) whenever a Spring card is drawn.", n)
}

// TitleByID returns the index of the title with the id.
func (c *Content) TitleByID(id string) (int, bool) {
	for i := range c.Titles {
		if c.Titles[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// titleID returns title t's id, or "?".
func (s *State) titleID(t int) string {
	if t >= 0 && t < len(s.c.Titles) {
		return s.c.Titles[t].ID
	}
	return "?"
}

// titleBonus returns what the titles seat holds give him with power p
// (RW-D13).
func (s *State) titleBonus(seat int8, p TitlePower) int {
	n := 0
	for t := range s.c.Titles {
		if s.titleBy[t] == seat && seat >= 0 && s.c.Titles[t].Power == p {
			n += s.c.Titles[t].N
		}
	}
	return n
}

// primarch returns the seat holding the title that decides tied bids, or
// -1 (Influence bids 3).
func (s *State) primarch() int8 {
	for t := range s.c.Titles {
		if s.c.Titles[t].Power == TpBids {
			return s.titleBy[t]
		}
	}
	return -1
}

// legalTitles lists the titles seat may take with Acquire Power's
// Supremacy Bonus: one he does not hold, with more Influence than lies on
// it, no more than he has (Acquire Power; RW-R38); or skip.
func (s *State) legalTitles(p int8, buf []engine.Action) []engine.Action {
	have := int(s.players[p].influence)
	for t := range s.c.Titles {
		if s.titleBy[t] == p {
			continue
		}
		for n := int(s.titleInf[t]) + 1; n <= have; n++ {
			buf = append(buf, act(p, kTitle, t, n))
		}
	}
	return append(buf, act(p, kSkip))
}

// canTakeTitle reports whether seat could take any title now.
func (s *State) canTakeTitle(p int8) bool {
	for t := range s.c.Titles {
		if s.titleBy[t] != p && int(s.titleInf[t]) < int(s.players[p].influence) {
			return true
		}
	}
	return false
}

// takeTitle places n of seat's Influence on title t: he holds it now, and
// the tokens that lay there are discarded (Acquire Power).
func (s *State) takeTitle(p int8, t, n int, l *engine.Log) {
	prev, had := s.titleBy[t], s.titleInf[t]
	s.players[p].influence -= int16(n)
	s.titleBy[t], s.titleInf[t] = p, int8(n)
	if prev >= 0 {
		l.Add(engine.Everyone, "title", "%s places %d Influence on %s and takes it from %s (his %d Influence is discarded)",
			s.fac(p), n, &s.c.Titles[t], s.fac(prev), had)
	} else {
		l.Add(engine.Everyone, "title", "%s places %d Influence on %s and takes it", s.fac(p), n, &s.c.Titles[t])
	}
}

// award is the Primarch's decision of a tied bid (Influence bids 3).
func (s *State) award(win int8, l *engine.Log) {
	s.pop()
	for t := range s.c.Titles {
		if s.c.Titles[t].Power == TpBids {
			l.Add(engine.Everyone, "bid", "%s, holding %s, gives the tied bid to %s", s.fac(s.titleBy[t]), &s.c.Titles[t], s.fac(win))
		}
	}
	s.bidPrize(win, l)
}
