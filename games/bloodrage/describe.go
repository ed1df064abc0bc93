package bloodrage

import (
	"fmt"
	"sort"
	"strings"

	"skald/engine"
)

// Describe draws seat's view as text for a terminal: the Age and the
// Ragnarök to come, the board by region with its figures, villages,
// pillage rewards and strengths, every clan's sheet and Valhalla, the
// seat's hand, and the battle being fought.
func (s *State) Describe(seat engine.Seat) string {
	v := s.View(seat).(View)
	var b strings.Builder
	fmt.Fprintf(&b, "Age %d, %s. First player: %s.", v.Age, v.Phase, v.First)
	if v.Turn != "" {
		fmt.Fprintf(&b, " To act: %s.", v.Turn)
	}
	fmt.Fprintf(&b, "\nRagnarök destroys %s in this Age", s.c.Provinces[s.doom[s.age]].Name)
	if s.age < 2 {
		fmt.Fprintf(&b, ", then %s", s.c.Provinces[s.doom[s.age+1]].Name)
	}
	b.WriteString(".\n\n")
	for r, region := range append(append([]string{}, s.c.Regions...), "") {
		if region == "" {
			region = "At the centre"
		}
		fmt.Fprintf(&b, "%s\n", region)
		for p := range numProv {
			pr := &s.c.Provinces[p]
			if (p == yggdrasil) != (r == len(s.c.Regions)) || (p != yggdrasil && int(pr.Region) != r) {
				continue
			}
			pv := v.Provinces[p]
			if pv.Destroyed {
				fmt.Fprintf(&b, "  %-11s destroyed\n", pr.Name)
				s.describeFjord(&b, v, p)
				continue
			}
			state := "reward " + pv.Reward
			if pv.Pillaged {
				state = "pillaged"
			}
			used := len(pv.Figures)
			vill := "no limit"
			if pr.Villages > 0 {
				vill = fmt.Sprintf("%d/%d villages", used, pr.Villages)
			}
			fmt.Fprintf(&b, "  %-11s %s, %s: %s%s\n", pr.Name, vill, state, figures(pv.Figures), strengths(pv.Strength))
			s.describeFjord(&b, v, p)
		}
	}
	b.WriteString("\nClans\n")
	for _, c := range v.Clans {
		fmt.Fprintf(&b, "  %-8s Glory %3d  Rage %2d/%d  Axes %d  Horns %d (%d on the board)  hand %d  quests %d\n",
			c.Name, c.Glory, c.Rage, c.Stats["rage"], c.Stats["axes"], c.Stats["horns"], c.OnBoard, c.Hand, c.Quests)
		if len(c.Upgrades) > 0 {
			fmt.Fprintf(&b, "           upgrades: %s\n", strings.Join(c.Upgrades, ", "))
		}
		if len(c.Valhalla) > 0 {
			fmt.Fprintf(&b, "           Valhalla: %s\n", strings.Join(c.Valhalla, ", "))
		}
		if len(c.Shown) > 0 {
			fmt.Fprintf(&b, "           seen in hand: %s\n", strings.Join(c.Shown, ", "))
		}
	}
	if len(v.Hand) > 0 {
		fmt.Fprintf(&b, "\nYour hand: %s\n", s.cardList(v.Hand))
	}
	if len(v.Quests) > 0 {
		fmt.Fprintf(&b, "Your quests: %s\n", strings.Join(v.Quests, ", "))
	}
	if len(v.Draft) > 0 {
		fmt.Fprintf(&b, "You draft from: %s\n", s.cardList(v.Draft))
		if len(v.Drafted) > 0 {
			fmt.Fprintf(&b, "Drafted so far: %s\n", strings.Join(v.Drafted, ", "))
		}
	}
	if bv := v.Battle; bv != nil {
		fmt.Fprintf(&b, "\nPillage of %s by %s: %s\n", bv.Province, bv.Pillager, bv.Step)
		for _, c := range bv.Clans {
			fmt.Fprintf(&b, "  %s", c)
			if card := bv.Cards[c]; card != "" {
				fmt.Fprintf(&b, " card %s", card)
			}
			if n := bv.Added[c]; n > 0 {
				fmt.Fprintf(&b, " +%d added", n)
			}
			if n, ok := bv.Strength[c]; ok {
				fmt.Fprintf(&b, " %d STR", n)
			}
			b.WriteString("\n")
		}
	}
	if v.Choice != "" {
		fmt.Fprintf(&b, "\nYou are asked: %s\n", v.Choice)
	}
	if v.Result != nil {
		fmt.Fprintf(&b, "\nGame over: %s\n", v.Result.Reason)
	}
	return b.String()
}

// describeFjord prints the fjord that lies after province p on the ring,
// between p and its clockwise neighbour.
func (s *State) describeFjord(b *strings.Builder, v View, p int) {
	f := s.fjordOf(p)
	if f < 0 || s.c.Fjords[f].Provinces[0] != int8(p) {
		return
	}
	fv := v.Fjords[f]
	state := figures(fv.Figures)
	if !fv.Open {
		state = "closed: both its provinces are destroyed"
	}
	fmt.Fprintf(b, "  %-11s (%s–%s): %s\n", fv.Name, s.c.Provinces[s.c.Fjords[f].Provinces[0]].Name, s.c.Provinces[s.c.Fjords[f].Provinces[1]].Name, state)
}

// cardList names cards with what they do: "tyrs-rage (battle +6)".
func (s *State) cardList(ids []string) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		c, _ := s.c.CardByID(id)
		card := &s.c.Cards[c]
		switch card.Type {
		case Battle:
			parts[i] = fmt.Sprintf("%s (battle +%d)", id, card.Str)
		case Quest:
			parts[i] = fmt.Sprintf("%s (quest %d)", id, card.Glory)
		default:
			parts[i] = fmt.Sprintf("%s (%s %d)", id, typeNames[card.Type], card.RageCost())
		}
	}
	return strings.Join(parts, ", ")
}

// figures lists figures by clan: "wolf leader, 2 warrior; raven ship".
func figures(fs []FigureView) string {
	if len(fs) == 0 {
		return "empty"
	}
	type key struct{ clan, kind string }
	count := map[key]int{}
	var clans []string
	for _, f := range fs {
		if !contains(clans, f.Clan) {
			clans = append(clans, f.Clan)
		}
		count[key{f.Clan, f.Kind}]++
	}
	var parts []string
	for _, c := range clans {
		var kinds []string
		for k, n := range count {
			if k.clan != c {
				continue
			}
			if n > 1 {
				kinds = append(kinds, fmt.Sprintf("%d %s", n, k.kind))
			} else {
				kinds = append(kinds, k.kind)
			}
		}
		sort.Strings(kinds)
		parts = append(parts, c+" "+strings.Join(kinds, ", "))
	}
	return strings.Join(parts, "; ")
}

func strengths(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	var parts []string
	for _, c := range clanNames {
		if n, ok := m[c]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", c, n))
		}
	}
	return "  [STR " + strings.Join(parts, ", ") + "]"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
