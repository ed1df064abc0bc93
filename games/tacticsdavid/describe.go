package tacticsdavid

import (
	"fmt"
	"strings"

	"skald/engine"
)

var arrows = [4]byte{'^', '>', 'v', '<'}

// Describe draws what seat may see as text, for a terminal: the grid with
// terrain, units and their facing, then each unit's profile, statuses and
// items, and the engaged unit's reachable grid spaces (+) and targets.
func (s *State) Describe(seat engine.Seat) string {
	v := s.View(seat).(*View)
	var b strings.Builder
	switch s.stage {
	case stageBuild:
		fmt.Fprintf(&b, "Building armies: %d money each, %s army rules, %s mission on %s.\n", v.Limit, s.conf.rules.Type, v.Mission, v.Battlefield)
		for _, a := range v.Armies {
			state := "building"
			if a.Built {
				state = "built"
			}
			if a.List == nil {
				fmt.Fprintf(&b, "  %s: %s (hidden)\n", a.Player, state)
				continue
			}
			fmt.Fprintf(&b, "  %s: %s, %d of %d spent\n", a.Player, state, a.Cost, v.Limit)
			for k, e := range a.List {
				fmt.Fprintf(&b, "    u%d %s\n", k, e)
			}
		}
		b.WriteString("Buy units with 'buy N', stack on the last with 'stack N', items with 'item uK N'; 'auto' builds a random army; 'done' when finished. 'skald rules tacticsdavid' lists the units.\n")
		return b.String()
	case stageDeploy:
		fmt.Fprintf(&b, "Deployment on %s: %s places a unit ('deploy uK x,y F').\n", v.Battlefield, v.Player)
	default:
		fmt.Fprintf(&b, "%s, turn %d: %s's turn. Kills: one %d, two %d. Item Deck: %d.\n", v.Battlefield, v.Turn, v.Player, v.Kills[0], v.Kills[1], v.DeckSize)
	}
	reach := map[[2]int]bool{}
	targets := map[int]bool{}
	if v.Engaged != nil {
		for _, r := range v.Engaged.Reach {
			reach[r] = true
		}
		for _, t := range v.Engaged.Targets {
			targets[t] = true
		}
	}
	b.WriteString("    ")
	for x := 0; x < v.Width; x++ {
		fmt.Fprintf(&b, "%-5d", x)
	}
	b.WriteString("\n")
	for y := 0; y < v.Height; y++ {
		fmt.Fprintf(&b, "%3d ", y)
		for x := 0; x < v.Width; x++ {
			c := v.Terrain[y][x]
			if pc := v.Pieces[y][x]; pc != '.' {
				c = pc
			}
			cell := []byte{c, ' ', ' ', ' ', ' '}
			if i := s.at(pointOf(x, y)); i >= 0 && s.pieces[i].flags&fRemoved == 0 {
				p := &s.pieces[i]
				cell[1] = "ab"[p.owner]
				if p.has(Dead) {
					cell[1] = 'x'
				}
				id := fmt.Sprintf("%02d", i)
				cell[2], cell[3] = id[0], id[1]
				cell[4] = arrows[p.facing]
			} else if reach[[2]int{x, y}] {
				cell[2] = '+'
			} else if v.Deploy != nil && s.stage == stageDeploy && v.Deploy[y][x] != '.' {
				cell[2] = v.Deploy[y][x]
			}
			b.Write(cell)
		}
		b.WriteString("\n")
	}
	b.WriteString("Terrain: . Field  F Forest  W Water  R Road; 1-3 and letters: terrain pieces; a/b: a unit of one/two (x: Dead), its number, ^>v< its facing.\n")
	for _, u := range v.Units {
		mark := " "
		if v.Engaged != nil && (u.ID == v.Engaged.Unit || u.ID == v.Engaged.Partner) {
			mark = "*"
		} else if targets[u.ID] {
			mark = "!"
		}
		where := "not deployed"
		if u.Deployed {
			where = fmt.Sprintf("%d,%d %s", u.X, u.Y, u.Facing)
		}
		fmt.Fprintf(&b, "%s u%-2d %-3s %-24s %s %s%s%s str %d/%d/%d/%d move %d %s", mark, u.ID, u.Player, u.Name, where, u.Class, u.Type, u.Mode,
			u.Base[0], u.Base[1], u.Base[2], u.Base[3], u.Move, u.MoveType)
		if u.Mode == "R" {
			fmt.Fprintf(&b, " range %d%+d", u.Range, u.RangeMod)
		}
		fmt.Fprintf(&b, " area %s", u.Area)
		if len(u.Statuses) > 0 {
			fmt.Fprintf(&b, " [%s]", strings.Join(u.Statuses, ", "))
		}
		if len(u.Items) > 0 {
			fmt.Fprintf(&b, " {%s}", strings.Join(u.Items, ", "))
		}
		if u.Locked >= 0 {
			fmt.Fprintf(&b, " locked with u%d", u.Locked)
		}
		if u.Team >= 0 {
			fmt.Fprintf(&b, " team with u%d", u.Team)
		}
		b.WriteString("\n")
	}
	if v.Engaged != nil {
		fmt.Fprintf(&b, "Engaged: u%d (%s); + reachable, ! may be attacked.\n", v.Engaged.Unit, v.Engaged.Phase)
	}
	if v.Pending != "" {
		fmt.Fprintf(&b, "Waiting for: %s.\n", v.Pending)
	}
	if v.Over {
		fmt.Fprintf(&b, "The battle is over: %s.\n", v.Reason)
	}
	return b.String()
}
