package wintergrim

import (
	"fmt"
	"strings"

	"skald/engine"
)

// Describe draws what seat may see as text, for a terminal: the players'
// piles, the hand of seat, every area with its structures, their inside
// units and the outside units, the weather, damage, and what is pending.
func (s *State) Describe(seat engine.Seat) string {
	v := s.View(seat).(View)
	var b strings.Builder
	fmt.Fprintf(&b, "Wintergrim, mode %s. ", v.Mode)
	switch s.stage {
	case stRoll:
		b.WriteString("Setup: each player rolls a die; the highest searches first and starts.\n")
	case stSearch:
		fmt.Fprintf(&b, "Setup: %s searches its deck for an HQ and two workers of its realm.\n", seatNames[s.searcher()])
	case stPlay:
		fmt.Fprintf(&b, "Turn %d: %s's turn, %s phase.\n", v.Turn, v.Active, v.Phase)
	case stOver:
		fmt.Fprintf(&b, "Game over: %s\n", v.Reason)
	}
	if v.Weather != "" {
		fmt.Fprintf(&b, "Weather: %s (%s's): %s\n", v.Weather, seatNames[owner(s.weather)], s.def(s.weather).Text)
	} else {
		b.WriteString("Weather: none\n")
	}
	b.WriteString(statLegend)
	for i, pv := range v.Players {
		name := strings.ToUpper(pv.Name)
		if engine.Seat(i) == seat {
			name += " (you)"
		}
		if pv.Out {
			name += " — out of the game"
		}
		fmt.Fprintf(&b, "\n%s, deck %s: %d cards in deck, %d in hand, food %d", name, pv.Deck, pv.DeckSize, pv.HandSize, pv.Food)
		if pv.Roll > 0 {
			fmt.Fprintf(&b, ", rolled %d", pv.Roll)
		}
		b.WriteString("\n")
		if pv.Marked != "" {
			fmt.Fprintf(&b, "  marked worker/leader: %s\n", pv.Marked)
		}
		fmt.Fprintf(&b, "  removed-pile (%d): %s\n", len(pv.Removed), listOr(pv.Removed, "empty"))
		fmt.Fprintf(&b, "  captured-pile (%d): %s\n", len(pv.Captured), listOr(pv.Captured, "empty"))
		if len(pv.Shown) > 0 {
			fmt.Fprintf(&b, "  shown from hand: %s\n", strings.Join(pv.Shown, ", "))
		}
		if pv.Hand != nil {
			b.WriteString("  your hand:\n")
			for _, ref := range pv.Hand {
				id, _ := parseRef(ref)
				fmt.Fprintf(&b, "    %-22s %s\n", ref, cardLine(s.def(id)))
			}
		}
	}
	b.WriteString("\nAreas:\n")
	if len(v.Areas) == 0 {
		b.WriteString("  none yet\n")
	}
	for _, av := range v.Areas {
		kind := "area"
		if av.Path {
			kind = "path"
			if av.Sea {
				kind = "sea path"
			}
		}
		extra := ""
		if av.Conquer {
			extra = ", to conquer"
		}
		fmt.Fprintf(&b, "  %s %s, %s's %s%s\n", av.Card, av.Name, av.Owner, kind, extra)
		for _, sv := range av.Structures {
			fmt.Fprintf(&b, "    structure %s %s (%s's %s): health %d of %d, armour %d, room %d left of %d\n",
				sv.Card, sv.Name, sv.Owner, sv.Kind, sv.Health, sv.Health+sv.Damage, s.def(mustRef(sv.Card)).A, sv.RoomLeft, sv.Room)
			for _, uv := range sv.Inside {
				fmt.Fprintf(&b, "      inside:  %s\n", s.unitLine(uv))
			}
		}
		for _, uv := range av.Outside {
			fmt.Fprintf(&b, "    outside: %s\n", s.unitLine(uv))
		}
	}
	if v.Paying != nil {
		fmt.Fprintf(&b, "\n%s is paying for %s: %s more to remove from hand.\n", v.Paying.Player, v.Paying.Card, plural(v.Paying.Left, "card", "cards"))
	}
	if v.Attack != nil {
		fmt.Fprintf(&b, "\nAttack declared: %s attacks %s (%s); the dice roll when every answer is made.\n", v.Attack.Attacker, v.Attack.Target, v.Attack.Kind)
	}
	if len(v.Chain) > 0 {
		fmt.Fprintf(&b, "\nTactics waiting to be played out together: %s\n", strings.Join(v.Chain, "; "))
	}
	if v.Capture != "" {
		fmt.Fprintf(&b, "\n%s is defeated: capture or release it.\n", v.Capture)
	}
	if s.win.on && !s.win.Closed() {
		fmt.Fprintf(&b, "\n%s may answer with a tactic, or pass.\n", seatNames[s.win.Offered()])
	}
	switch ctx, who := s.context(); ctx {
	case ctxStarve:
		fmt.Fprintf(&b, "\n%s's food is %d: it must remove units until it is not negative.\n", seatNames[who], s.food(who))
	case ctxFind:
		fmt.Fprintf(&b, "\n%s searches its deck for %s: find NAME.\n", seatNames[who], findText(s.def(s.finder)))
	}
	return b.String()
}

func mustRef(ref string) int16 {
	id, _ := parseRef(ref)
	return id
}

func listOr(l []string, empty string) string {
	if len(l) == 0 {
		return empty
	}
	return strings.Join(l, ", ")
}

// statLegend explains the values of the cards, as the hand and the table
// write them ("CC1 RC0 A0 H2 P2 L1 R-1 F-1").
const statLegend = "Values: CC close combat and RC ranged combat (dice rolled in a battle of that kind), A armour (absorbs damage),\n" +
	"  H health (damage it can take; H 2/3: 2 left of 3), P psyche (dice for Psyche battles and morale rolls), L luck (dice for\n" +
	"  Luck rolls), R room (a unit takes it, a structure offers it), F food (a unit eats it, a structure gives it). A die succeeds on 4+.\n"

// unitLine describes a unit on the table: its health, weapon, skills, its
// values now (CC, RC, A, P, L, with items, curses and weather) and the room
// and food it takes, and its marks.
func (s *State) unitLine(uv UnitView) string {
	id := mustRef(uv.Card)
	d := s.def(id)
	t := fmt.Sprintf("%s %s (%s's) H %d/%d", uv.Card, uv.Name, uv.Owner, uv.Health, d.H)
	if d.Weapon.Kind >= 0 {
		t += ", " + weaponText(d.Weapon)
	}
	if sk := s.skills(id); sk != 0 {
		t += ", " + sk.String()
	}
	t += fmt.Sprintf(", CC%d RC%d A%d P%d L%d R%d F%d", uv.CC, uv.RC, uv.Armour, uv.Psyche, uv.Luck, uv.Room, uv.Food)
	var st []string
	if uv.Moved {
		st = append(st, "moved")
	}
	if uv.Attacked {
		st = append(st, "attacked")
	}
	if uv.Trapped {
		st = append(st, "trapped")
	}
	if len(uv.On) > 0 {
		st = append(st, "with "+strings.Join(uv.On, ", "))
	}
	if len(st) > 0 {
		t += " [" + strings.Join(st, ", ") + "]"
	}
	return t
}

func weaponText(w Weapon) string {
	if w.Kind == PS {
		return w.Name + " (P)"
	}
	return fmt.Sprintf("%s (%s, %d damage)", w.Name, strings.ToUpper(kindNames[w.Kind]), w.Damage)
}

// cardLine describes a card as printed: description, cost, Req, weapon,
// skills, values and text.
func cardLine(d *Card) string {
	parts := []string{fmt.Sprintf("%s (%s), cost %d", d.Name, d.Description(), d.Cost)}
	if len(d.Req) > 0 {
		var rs []string
		for _, r := range d.Req {
			rs = append(rs, strings.TrimPrefix(reqText(r), "a "))
		}
		parts = append(parts, "Req: "+strings.Join(rs, ", "))
	}
	if d.Weapon.Kind >= 0 {
		parts = append(parts, weaponText(d.Weapon))
	}
	if d.Skills != 0 {
		parts = append(parts, d.Skills.String())
	}
	switch d.Type {
	case TypeUnit:
		parts = append(parts, fmt.Sprintf("CC%d RC%d A%d H%d P%d L%d R%d F%d", d.CC, d.RC, d.A, d.H, d.P, d.L, d.R, d.F))
	case TypeStructure:
		parts = append(parts, fmt.Sprintf("A%d H%d R%d F%d", d.A, d.H, d.R, d.F))
	}
	if d.Text != "" {
		parts = append(parts, d.Text)
	}
	return strings.Join(parts, "; ")
}
