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
	if v.Last != nil {
		l := v.Last
		fmt.Fprintf(&b, "Last battle (%d): black %s %v = %d, red %s %v = %d; winner: %s\n",
			l.Number, l.Black.Weapon, l.Black.Cards, l.Black.Total, l.Red.Weapon, l.Red.Cards, l.Red.Total, l.Winner)
	}
	for i, sv := range []SideView{v.Black, v.Red} {
		name := strings.ToUpper(colourNames[i])
		if engine.Seat(i) == seat {
			name += " (you)"
		}
		fmt.Fprintf(&b, "\n%s: %d units, %d gravestones; battle deck %d cards, %d out of play; %d strategy cards in hand\n",
			name, sv.Units, sv.Graves, sv.DeckSize, len(sv.Out), sv.HandSize)
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
			fmt.Fprintf(&b, "  your battle deck, first card first (power/extra for sword, spear, bow):\n")
			for k, c := range sv.Deck {
				if k == 6 {
					fmt.Fprintf(&b, "    ... %d more\n", len(sv.Deck)-6)
					break
				}
				if c.Unit {
					fmt.Fprintf(&b, "    %d. %-16s unit card: %s\n", k+1, c.Name, c.Text)
					continue
				}
				fmt.Fprintf(&b, "    %d. %-16s sword %d/+%d  spear %d/+%d  bow %d/+%d\n", k+1, c.Name,
					c.Power["sword"], c.Extra["sword"], c.Power["spear"], c.Extra["spear"], c.Power["bow"], c.Extra["bow"])
			}
		}
	}
	if v.Over {
		fmt.Fprintf(&b, "\nGame over: %s\n", v.Reason)
	}
	return b.String()
}
