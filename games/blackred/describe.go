package blackred

import (
	"fmt"
	"strings"

	"skald/engine"
)

// Describe draws what seat may see as text, for a terminal.
func (s *State) Describe(seat engine.Seat) string {
	v := s.View(seat).(View)
	var b strings.Builder
	fmt.Fprintf(&b, "Battle %d, %s attacks. Phase: %s.\n", v.Battle, v.Attacker, v.Phase)
	if v.Battle == 1 && len(v.Opening) > 0 {
		// Announced before the first action: who attacks first and why,
		// the unit cards placed (issue 21, item 5).
		fmt.Fprintf(&b, "Before battle 1:\n")
		for _, t := range v.Opening {
			fmt.Fprintf(&b, "  %s\n", t)
		}
	}
	if v.Last != nil {
		l := v.Last
		fmt.Fprintf(&b, "Last battle (%d), winner: %s\n", l.Number, l.Winner)
		for i, bs := range []BattleSideView{l.Black, l.Red} {
			fmt.Fprintf(&b, "  %s: %s with %s: %s\n", colourNames[i], cards(len(bs.Cards)), bs.Weapon, bs.Sum)
		}
	}
	for i, sv := range []SideView{v.Black, v.Red} {
		name := strings.ToUpper(colourNames[i])
		if engine.Seat(i) == seat {
			name += " (you)"
		}
		fmt.Fprintf(&b, "\n%s: %s, %s; battle deck %s, %d out of the game; %s in hand\n",
			name, units(sv.Units), plural(sv.Graves, "gravestone", "gravestones"), cards(sv.DeckSize), len(sv.Out),
			plural(sv.HandSize, "strategy card", "strategy cards"))
		if len(sv.Out) > 0 {
			// Public: the used cards were placed on the table (issue 21,
			// item 5).
			fmt.Fprintf(&b, "  out of the game: %s\n", strings.Join(sv.Out, ", "))
		}
		if len(sv.Active) > 0 {
			fmt.Fprintf(&b, "  unit cards in play: %s\n", strings.Join(sv.Active, ", "))
		}
		var table []string
		if sv.Weapon != "" {
			table = append(table, "weapon "+sv.Weapon)
		}
		if sv.Forced != "" {
			table = append(table, "must use "+sv.Forced)
		}
		if sv.Strategy != "" {
			table = append(table, "strategy "+sv.Strategy)
		}
		if sv.Force != 0 {
			table = append(table, fmt.Sprintf("force %d", sv.Force))
		} else if sv.ForceDown {
			table = append(table, "force card face down")
		}
		if len(table) > 0 {
			fmt.Fprintf(&b, "  on the table: %s\n", strings.Join(table, "; "))
		}
		if sv.Hand != nil {
			fmt.Fprintf(&b, "  your hand:\n")
			for _, id := range sv.Hand {
				card, _ := s.strategyID(id)
				fmt.Fprintf(&b, "    %-22s %s\n", id, s.c.Strategy[card].Text)
			}
		}
		if sv.Deck != nil {
			// All of it: "you get to look at all your cards" (seed 002).
			fmt.Fprintf(&b, "  your battle deck, first card first (power/+extra for sword, spear, bow):\n")
			for k, name := range sv.Deck {
				c, ok := s.c.card(engine.Seat(i), name)
				if !ok {
					fmt.Fprintf(&b, "    %2d. %s\n", k+1, name)
					continue
				}
				if c.Unit {
					fmt.Fprintf(&b, "    %2d. %-16s unit card: %s\n", k+1, c.Name, c.Text)
					continue
				}
				fmt.Fprintf(&b, "    %2d. %-16s sword %d/+%d  spear %d/+%d  bow %d/+%d\n", k+1, c.Name,
					c.Power.Sword, c.Extra.Sword, c.Power.Spear, c.Extra.Spear, c.Power.Bow, c.Extra.Bow)
			}
		}
	}
	if v.Over {
		fmt.Fprintf(&b, "\nGame over: %s\n", v.Reason)
	}
	return b.String()
}
