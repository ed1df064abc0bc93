package runewars

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"skald/engine"
)

// maxObjectives bounds the objective cards (arrays of the state).
const maxObjectives = 16

// objectiveLimit is how many objective cards a player may hold (Limits 3).
const objectiveLimit = 1

// ObjGoal is what completes an objective, and when it is checked [D]
// RW-D12 (objectives.yaml documents them).
type ObjGoal uint8

// Objective goals.
const (
	OgCities  ObjGoal = iota // control N cities at the end of a season
	OgAreas                  // control N areas at the end of a season
	OgKeeps                  // N strongholds at the end of a season
	OgRewards                // N reward cards under one's heroes at the end of a season
	OgSiege                  // win a battle as the attacker against a stronghold
	OgDuel                   // defeat another player's hero in a duel
	OgQuest                  // pass a quest
	numGoals
)

var goalWords = [numGoals]string{"cities", "areas", "strongholds", "rewards", "siege", "duel", "quest"}

// atSeasonEnd reports whether the goal is checked at the end of a season.
func (g ObjGoal) atSeasonEnd() bool { return g <= OgRewards }

// Objective is one objective card [D] RW-D12.
type Objective struct {
	ID, Name string
	Good     bool
	Goal     ObjGoal
	N        int
	Draw     int // objective cards drawn on completing it
	Text     string
}

// String returns the objective's name.
func (o *Objective) String() string { return o.Name }

// ObjectiveByID returns the index of the objective card with the id.
func (c *Content) ObjectiveByID(id string) (int, bool) {
	for i := range c.Objectives {
		if c.Objectives[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// goalText says an objective's goal in words.
func goalText(g ObjGoal, n int) string {
	switch g {
	case OgCities:
		return fmt.Sprintf("control %d cities at the end of a season", n)
	case OgAreas:
		return fmt.Sprintf("control %d areas at the end of a season", n)
	case OgKeeps:
		return fmt.Sprintf("have %d strongholds at the end of a season", n)
	case OgRewards:
		return fmt.Sprintf("have %d reward cards under your heroes at the end of a season", n)
	case OgSiege:
		return "win a battle as the attacker against another player's stronghold"
	case OgDuel:
		return "defeat another player's hero in a duel"
	}
	return "pass a quest"
}

type objectivesFile struct {
	Objectives []struct {
		ID        string `yaml:"id"`
		Name      string `yaml:"name"`
		Alignment string `yaml:"alignment"`
		Goal      string `yaml:"goal"`
		Draw      int    `yaml:"draw"`
	} `yaml:"objectives"`
}

// loadObjectives parses objectives.yaml.
func (c *Content) loadObjectives(data []byte) error {
	var of objectivesFile
	if err := yaml.UnmarshalWithOptions(data, &of, yaml.Strict()); err != nil {
		return fmt.Errorf("%s", yaml.FormatError(err, false, true))
	}
	if len(of.Objectives) == 0 || len(of.Objectives) > maxObjectives {
		return fmt.Errorf("field objectives: %d objectives, want 1 to %d", len(of.Objectives), maxObjectives)
	}
	var good, evil int
	for i, e := range of.Objectives {
		o := Objective{ID: e.ID, Name: e.Name, Draw: e.Draw}
		err := func() error {
			if err := checkWord("id", e.ID); err != nil {
				return err
			}
			for j := 0; j < i; j++ {
				if of.Objectives[j].ID == e.ID {
					return fmt.Errorf("field id: listed twice")
				}
			}
			if err := checkName("name", e.Name, maxNameLen); err != nil {
				return err
			}
			switch e.Alignment {
			case "good":
				o.Good = true
				good++
			case "evil":
				evil++
			default:
				return fmt.Errorf("field alignment: %q is not good or evil", e.Alignment)
			}
			f := strings.Fields(e.Goal)
			bad := fmt.Errorf("field goal: %q: want cities N, areas N, strongholds N, rewards N (N 1-12), siege, duel or quest", e.Goal)
			k := -1
			if len(f) > 0 {
				for g, w := range goalWords {
					if w == f[0] {
						k = g
					}
				}
			}
			if k < 0 {
				return bad
			}
			o.Goal = ObjGoal(k)
			if o.Goal.atSeasonEnd() {
				if len(f) != 2 {
					return bad
				}
				n, err := strconv.Atoi(f[1])
				if err != nil || n < 1 || n > 12 {
					return bad
				}
				o.N = n
			} else if len(f) != 1 {
				return bad
			}
			o.Text = goalText(o.Goal, o.N)
			return inRange("draw", e.Draw, 0, 2)
		}()
		if err != nil {
			return fmt.Errorf("objective %q: %w", e.ID, err)
		}
		c.Objectives = append(c.Objectives, o)
	}
	if good == 0 || evil == 0 {
		return fmt.Errorf("field objectives: want good and evil objectives (%d good, %d evil)", good, evil)
	}
	return nil
}

// Objective card whereabouts, beside a holding seat.
const (
	oDeck    = -1
	oDone    = -2 // completed, face up (objBy says by whom)
	oDiscard = -3 // discarded to the limit, face up (Limits 3)
)

// prepareObjectives builds and shuffles the objective deck of each
// alignment (Setup 8).
func (s *State) prepareObjectives(shuffle bool) {
	s.nodeck = [2]int8{}
	for o := range s.c.Objectives {
		g := b2i(s.c.Objectives[o].Good)
		s.objAt[o] = oDeck
		s.objBy[o] = -1
		s.odeck[g][s.nodeck[g]] = int8(o)
		s.nodeck[g]++
	}
	if !shuffle {
		return
	}
	for g := range s.odeck {
		d := &s.odeck[g]
		s.rng.Shuffle(int(s.nodeck[g]), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
}

// objectivesOf counts the objective cards seat holds.
func (s *State) objectivesOf(p int8) int {
	n := 0
	for o := range s.c.Objectives {
		if s.objAt[o] == p {
			n++
		}
	}
	return n
}

// drawObjective gives seat the top objective card of his alignment, face
// down; an empty deck is made again from the discards (Setup 7; Limits 1).
func (s *State) drawObjective(p int8, l *engine.Log) {
	g := b2i(s.c.Factions[s.players[p].faction].Good)
	if s.nodeck[g] == 0 {
		for o := range s.c.Objectives {
			if s.objAt[o] == oDiscard && b2i(s.c.Objectives[o].Good) == g {
				s.objAt[o] = oDeck
				s.odeck[g][s.nodeck[g]] = int8(o)
				s.nodeck[g]++
			}
		}
		d := &s.odeck[g]
		s.rng.Shuffle(int(s.nodeck[g]), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
	if s.nodeck[g] == 0 {
		return
	}
	o := s.odeck[g][0]
	copy(s.odeck[g][:s.nodeck[g]], s.odeck[g][1:s.nodeck[g]])
	s.nodeck[g]--
	s.objAt[o] = p
	l.Add(engine.Everyone, "objective", "%s draws an objective card", s.fac(p))
	l.Add(engine.Seats(engine.Seat(p)), "objective", "(it is %s: %s)", &s.c.Objectives[o], (*objGoal)(&s.c.Objectives[o]))
}

// objGoal prints an objective's goal, without allocating.
type objGoal Objective

func (g *objGoal) String() string { return g.Text }

// held returns the objective seat holds with the goal, or -1.
func (s *State) held(p int8, g ObjGoal) int {
	for o := range s.c.Objectives {
		if s.objAt[o] == p && s.c.Objectives[o].Goal == g {
			return o
		}
	}
	return -1
}

// objectiveEvent completes seat's objective of goal g, if he holds one:
// a battle won against a stronghold, a duel won, a quest passed.
func (s *State) objectiveEvent(p int8, g ObjGoal, l *engine.Log) {
	if p < 0 {
		return
	}
	if o := s.held(p, g); o >= 0 {
		s.completeObjective(p, o, l)
	}
}

// seasonObjectives completes, in play order, the objectives met at the
// end of a season (RW-D12).
func (s *State) seasonObjectives(l *engine.Log) {
	for p := int8(0); p < s.n; p++ {
		for o := range s.c.Objectives {
			ob := &s.c.Objectives[o]
			if s.objAt[o] != p || !ob.Goal.atSeasonEnd() {
				continue
			}
			if s.goalCount(p, ob.Goal) >= ob.N {
				s.completeObjective(p, o, l)
				break
			}
		}
	}
}

// goalCount is how far seat has come on a season-end goal.
func (s *State) goalCount(p int8, g ObjGoal) int {
	switch g {
	case OgCities:
		return s.citiesOf(p)
	case OgAreas:
		n := 0
		cen := s.take(-1)
		s.b.placed.each(func(a int) {
			if cen.ctl[a] == p {
				n++
			}
		})
		return n
	case OgKeeps:
		return s.keepsOf(p)
	case OgRewards:
		n := 0
		for h := range s.c.Heroes {
			if s.heroes[h].owner == p && s.inPlay(h) {
				n += popcount(s.heroes[h].rewards)
			}
		}
		return n
	}
	return 0
}

// completeObjective shows objective o completed by seat: he receives
// dragon runes and draws the objective cards it says; holding more than
// one he keeps one (Objectives; Limits 3; RW-D12).
func (s *State) completeObjective(p int8, o int, l *engine.Log) {
	s.objAt[o] = oDone
	s.objBy[o] = p
	ob := &s.c.Objectives[o]
	l.Add(engine.Everyone, "objective", "%s completes the objective %s (%s) and receives dragon runes", s.fac(p), ob, (*objGoal)(&s.c.Objectives[o]))
	s.receiveRunes(p)
	for i := 0; i < ob.Draw; i++ {
		s.drawObjective(p, l)
	}
	if s.objectivesOf(p) > objectiveLimit {
		s.push(choice{kind: chObjective, seat: p})
	}
}

// legalObjective lists the objectives seat may keep, discarding the
// others (Limits 3).
func (s *State) legalObjective(p int8, buf []engine.Action) []engine.Action {
	for o := range s.c.Objectives {
		if s.objAt[o] == p {
			buf = append(buf, act(p, kObjective, o))
		}
	}
	return buf
}

// keepObjective keeps objective o and discards seat's others, face up
// (Limits 3; RW-R35).
func (s *State) keepObjective(p int8, o int, l *engine.Log) {
	s.pop()
	for x := range s.c.Objectives {
		if x != o && s.objAt[x] == p {
			s.objAt[x] = oDiscard
			l.Add(engine.Everyone, "objective", "%s keeps one objective card and discards %s (%s)", s.fac(p), &s.c.Objectives[x], (*objGoal)(&s.c.Objectives[x]))
		}
	}
}

// objectiveID returns objective o's id, or "?".
func (s *State) objectiveID(o int) string {
	if o >= 0 && o < len(s.c.Objectives) {
		return s.c.Objectives[o].ID
	}
	return "?"
}
