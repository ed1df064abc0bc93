package tacticsdavid

import (
	_ "embed"
	"strings"
)

//go:embed rules.md
var rulesMD string

// rulesText is the rules reference: rules.md, then the abilities and
// specials that play as profiles only until part 2 (issue 4).
func rulesText(g *Game) string {
	var b strings.Builder
	b.WriteString(rulesMD)
	b.WriteString("\n## Abilities not yet played\n\nEvery unit fights with its profile; its ability and special are not yet played (they come with part 2). The units so affected:\n\n")
	for _, u := range g.c.Units {
		b.WriteString("- " + u.Name + ": " + u.Ability)
		if u.Special != "" {
			b.WriteString(" (special " + u.Special + ")")
		}
		b.WriteString("\n")
	}
	return b.String()
}
