package tacticsdavid

import (
	_ "embed"
	"fmt"
	"strings"
)

//go:embed rules.md
var rulesMD string

// rulesText is the rules reference: rules.md, then every ability and
// special with when it acts, what it does and the rulings that decide how
// skald plays it.
func rulesText(g *Game) string {
	var b strings.Builder
	b.WriteString(rulesMD)
	ab, sp := playedCount()
	fmt.Fprintf(&b, "\n## Abilities\n\n%d of the %d abilities and %d of the 3 specials are played (option abilities=off plays the units' profiles only).\n\n", ab, numAbilities, sp)
	for _, a := range g.c.Abilities {
		n := a.Number
		fmt.Fprintf(&b, "- %03d %s (%s): %s", n, a.Name, a.Occurs, a.Text)
		if len(abRulings[n]) > 0 {
			fmt.Fprintf(&b, " Rulings: %s.", strings.Join(abRulings[n], ", "))
		}
		if !played.has(n) {
			b.WriteString(" NOT YET PLAYED.")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n## Specials\n\n")
	for k, sp := range g.c.Specials {
		n := spSwarm + k
		fmt.Fprintf(&b, "- %s: %s", sp.Name, sp.Text)
		if len(abRulings[n]) > 0 {
			fmt.Fprintf(&b, " Rulings: %s.", strings.Join(abRulings[n], ", "))
		}
		if !played.has(n) {
			b.WriteString(" NOT YET PLAYED.")
		}
		b.WriteString("\n")
	}
	return b.String()
}
