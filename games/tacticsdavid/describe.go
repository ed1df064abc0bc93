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
		s.describeOffer(&b, seat)
		b.WriteString("Buy units with 'buy N', stack on the last with 'stack N', items with 'item uK N'; 'auto' builds a random army; 'done' when finished. 'skald units tacticsdavid' lists every unit; 'skald rules tacticsdavid' explains the abilities.\n")
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
		fmt.Fprintf(&b, "%-6d", x)
	}
	b.WriteString("\n")
	for y := 0; y < v.Height; y++ {
		fmt.Fprintf(&b, "%3d ", y)
		for x := 0; x < v.Width; x++ {
			c := v.Terrain[y][x]
			if pc := v.Pieces[y][x]; pc != '.' {
				c = pc
			}
			cell := []byte{c, ' ', ' ', ' ', ' ', ' '}
			if i := s.at(pointOf(x, y)); i >= 0 && s.pieces[i].flags&fRemoved == 0 {
				p := &s.pieces[i]
				cell[1] = "ab"[p.owner]
				if p.has(Dead) {
					cell[1] = 'x'
				}
				id := fmt.Sprintf("%02d", i)
				cell[2], cell[3] = id[0], id[1]
				cell[4] = arrows[p.facing]
				if t := int(p.team); t >= 0 && t < len(s.pieces) && s.pieces[t].x == p.x && s.pieces[t].y == p.y && s.pieces[t].flags&fRemoved == 0 {
					// A Unit Team shares the grid space: both numbers.
					a, b := min(i, t), max(i, t)
					ids := fmt.Sprintf("%02d%02d", a, b)
					copy(cell[0:], []byte{cell[1], ids[0], ids[1], ids[2], ids[3], arrows[p.facing]})
				}
			} else if reach[[2]int{x, y}] {
				cell[2] = '+'
			} else if v.Deploy != nil && s.stage == stageDeploy && v.Deploy[y][x] != '.' {
				cell[2] = v.Deploy[y][x]
			}
			b.Write(cell)
		}
		b.WriteString("\n")
	}
	b.WriteString("Legend: first letter, the grid space's terrain: . Field  F Forest  W Water  R Road, or a terrain piece on it: 0-3 its height, - or | a Bridge, a letter a named piece.\n")
	b.WriteString("  a/b: a unit of one/two (x: Dead), then its number and ^>v< its facing; a Unit Team shows both numbers (a0304v).")
	if s.stage == stageDeploy {
		b.WriteString(" 1/2 after the terrain: player one's/two's deployment area.")
	}
	if v.Engaged != nil {
		b.WriteString(" +: a grid space the engaged unit may reach.")
	}
	b.WriteString("\n  " + statLegend + "\n")
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

// describeOffer lists the units seat may buy or stack now, each with its
// number, cost, profile and ability, so that a unit is known before it is
// bought; and the legend of the profile's codes.
func (s *State) describeOffer(b *strings.Builder, seat engine.Seat) {
	if seat < 0 || seat > 1 {
		return
	}
	seen := map[int]bool{}
	var lines []string
	for _, a := range s.Legal(seat, nil) {
		if a.Kind != actBuy && a.Kind != actStack {
			continue
		}
		n := int(a.Arg[0])
		u := s.g.c.Unit(n)
		if u == nil || seen[n] {
			continue
		}
		seen[n] = true
		lines = append(lines, "    "+offerLine(u))
	}
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(b, "Units on offer ('buy N' or 'stack N'; N, name, cost, profile, ability):\n%s\n", strings.Join(lines, "\n"))
	b.WriteString("  " + statLegend + "\n")
}
