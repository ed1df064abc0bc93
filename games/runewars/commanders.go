package runewars

import (
	"fmt"
	"strconv"
	"strings"

	"skald/engine"
)

// Commanders of the Battlefield (CMD; option commanders): Commander cards
// under heroes, designed [D] RW-D19.

const maxCommanders = 8 // Commander cards in heroes.yaml

// CmdEffect is what a Commander card does for his troops (CMD-BAT).
type CmdEffect uint8

// Commander card effects (heroes.yaml documents them).
const (
	CmAttack CmdEffect = iota // N more strength attacking
	CmDefend                  // N more strength defending
	CmBattle                  // N more strength in any battle
)

// CommanderCard is one Commander card [D] RW-D19.
type CommanderCard struct {
	ID, Name string
	Text     string
	Kind     CmdEffect
	N        int
}

// String returns the card's name.
func (c *CommanderCard) String() string { return c.Name }

type commanderEntry struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Effect string `yaml:"effect"`
}

// CommanderByID returns the index of the Commander card with the id.
func (c *Content) CommanderByID(id string) (int, bool) {
	for i := range c.Commanders {
		if c.Commanders[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// loadCommanders checks heroes.yaml's commanders.
func (c *Content) loadCommanders(es []commanderEntry) error {
	if len(es) > maxCommanders {
		return fmt.Errorf("field commanders: %d cards, at most %d", len(es), maxCommanders)
	}
	kinds := map[string]CmdEffect{"attack": CmAttack, "defend": CmDefend, "battle": CmBattle}
	for i, e := range es {
		err := func() error {
			if err := checkWord("id", e.ID); err != nil {
				return err
			}
			for j := 0; j < i; j++ {
				if es[j].ID == e.ID {
					return fmt.Errorf("field id: listed twice")
				}
			}
			if err := checkName("name", e.Name, maxNameLen); err != nil {
				return err
			}
			f := strings.Fields(e.Effect)
			k, ok := CmdEffect(0), false
			if len(f) == 2 {
				k, ok = kinds[f[0]]
			}
			n, err := 0, error(nil)
			if ok {
				n, err = strconv.Atoi(f[1])
			}
			if !ok || err != nil || n < 1 || n > 3 {
				return fmt.Errorf("field effect: %q: want attack N, defend N or battle N (N 1-3)", e.Effect)
			}
			c.Commanders = append(c.Commanders, CommanderCard{ID: e.ID, Name: e.Name, Text: e.Effect, Kind: k, N: n})
			return nil
		}()
		if err != nil {
			return fmt.Errorf("commander %q: %w", e.ID, err)
		}
	}
	return nil
}

// isCmd reports whether hero h is a Commander.
func (s *State) isCmd(h int) bool { return s.heroes[h].cmd > 0 }

// prepareCommanders shuffles the Commander deck (CMD-SETUP).
func (s *State) prepareCommanders() {
	s.ncdeck = 0
	s.cOut = 0
	for i := range s.c.Commanders {
		s.cdeck[s.ncdeck] = int8(i)
		s.ncdeck++
	}
	d := &s.cdeck
	s.rng.Shuffle(int(s.ncdeck), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

// drawCommander takes the top Commander card, the discards shuffled back
// when the deck is empty (Limits 1); -1 when there is none.
func (s *State) drawCommander() int {
	if s.ncdeck == 0 {
		for i := range s.c.Commanders {
			if s.cOut&(1<<uint(i)) != 0 {
				s.cdeck[s.ncdeck] = int8(i)
				s.ncdeck++
			}
		}
		s.cOut = 0
		d := &s.cdeck
		s.rng.Shuffle(int(s.ncdeck), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
	if s.ncdeck == 0 {
		return -1
	}
	c := s.cdeck[0]
	copy(s.cdeck[:s.ncdeck], s.cdeck[1:s.ncdeck])
	s.ncdeck--
	return int(c)
}

// cmdsOf counts seat's Commanders.
func (s *State) cmdsOf(p int8) int {
	n := 0
	for h := range s.c.Heroes {
		if s.heroes[h].owner == p && s.isCmd(h) {
			n++
		}
	}
	return n
}

// needsCommander reports whether seat must still name his Commander at
// setup (CMD-SETUP): his two heroes placed and none is Commander yet.
func (s *State) needsCommander(p int8) bool {
	return s.cmds && s.stage == stHero && s.unplaced(p) < 0 && s.cmdsOf(p) == 0 && len(s.c.Commanders) > 0
}

// legalCommand lists the heroes seat may make his Commander.
func (s *State) legalCommand(p int8, buf []engine.Action) []engine.Action {
	for h := range s.c.Heroes {
		if s.heroes[h].owner == p && s.inPlay(h) && !s.isCmd(h) {
			buf = append(buf, act(p, kCommand, h))
		}
	}
	return buf
}

// command draws a Commander card and puts it under hero h, with the
// Commander token (CMD-SETUP; checklist 126).
func (s *State) command(h int, l *engine.Log) {
	c := s.drawCommander()
	if c < 0 {
		return
	}
	hf := &s.heroes[h]
	hf.cmd = int8(c + 1)
	l.Add(engine.Everyone, "commander", "%s makes %s Commander with %s (%s)", s.fac(hf.owner), &s.c.Heroes[h], &s.c.Commanders[c], s.c.Commanders[c].Text)
}

// cmdBonus is the strength side's Commanders give his troops battling in
// their area, when they are not routed (CMD-BAT; checklist 128).
func (s *State) cmdBonus(side int8) int {
	b := &s.bat
	seat := b.sideSeat(side)
	if !s.cmds || seat < 0 {
		return 0
	}
	n := 0
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner != seat || hf.cmd == 0 || hf.routed || hf.area != b.area {
			continue
		}
		cc := &s.c.Commanders[hf.cmd-1]
		if cc.Kind == CmBattle || cc.Kind == CmAttack && side == 0 || cc.Kind == CmDefend && side == 1 {
			n += cc.N
		}
	}
	return n
}
