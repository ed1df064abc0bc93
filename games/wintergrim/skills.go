package wintergrim

import (
	"fmt"
	"strings"
)

// Skill is a set of skills (seed 000, "Skills"), one bit each.
type Skill uint32

// The skills of the skills list (seed 000, "Skills": general, mostly
// Asheim and mostly Vanheim), then the ones the manual's card types refer
// to: Swim and Flying (Ship), Exorcism (Curse), Heal (Sickness), Steal
// (Item), Spy (Trap), Honor and Loyal (Bribe), Invisible (Tracking).
const (
	Assault Skill = 1 << iota
	Berserk
	CounterAttack
	Crush
	FireArrows
	Flank
	Intrude
	Hidden
	LuckCharm
	Navigate
	Patrol
	Plunder
	Protect
	Shieldwall
	Sneak
	Survival
	Tracking
	Vanguard
	Emerge
	Swim
	Flying
	Exorcism
	Heal
	Steal
	Spy
	Honor
	Loyal
	Invisible
	numSkills = iota
)

// skillNames are the skills' names in data and text, in bit order.
var skillNames = [numSkills]string{
	"assault", "berserk", "counter-attack", "crush", "fire-arrows", "flank", "intrude", "hidden",
	"luck-charm", "navigate", "patrol", "plunder", "protect", "shieldwall", "sneak", "survival",
	"tracking", "vanguard", "emerge", "swim", "flying", "exorcism", "heal", "steal", "spy",
	"honor", "loyal", "invisible",
}

// skillTexts say what each skill does: the manual's words where it has
// them, else the rulings' (docs/rulings/wintergrim.md).
var skillTexts = [numSkills]string{
	"may use its attack step even if it has moved this turn",
	"attacking with CC and dealing damage, may always continue with a new attack step directly after",
	"does damage while defending, with a weapon of the battle's kind",
	"may ignore Armour in battle",
	"attacking with a bow (RC) and winning against anything, it's a defeat; no effect while it rains, nor in a defence",
	"outside, may move to any area if making an L roll",
	"may move in/out of non-ship enemy structures",
	"may roll L against an attacker to ignore it if winning the roll",
	"adds L dice when making a roll",
	"may move to/from enemy areas without a Path",
	"may choose to be attacked instead of a local structure or inside unit",
	"defeating any unit/structure, its player draws 2 cards",
	"outside, may choose to be attacked instead of another local outside unit",
	"outside, gives its player's other local outside units CC/RC+1 while defending (not in Psyche)",
	"a unit in battle with it rolls 6's instead of 4+",
	"ignores Weather",
	"ignores Hidden/Sneak/Invisible",
	"outside, may be removed to remove a locally played tactic that says \"Remove this card when it's played\"",
	"is paid and placed in any area",
	"survives its ship's defeat; may attack ships in CC; may sail a sea path",
	"survives its ship's defeat; attacked only by RC, Psyche or other flyers; may attack ships in CC; flies to and from enemy areas",
	"may, as a move step, break the curses on a local unit",
	"may, as a move step, treat the sicknesses of a local unit, or heal 1 damage",
	"may, as an attack step, steal an item from a local enemy unit",
	"ignores traps",
	"ignores bribes",
	"ignores bribes",
	"can be attacked only by a unit with Tracking",
}

// Has reports whether s holds every skill of t.
func (s Skill) Has(t Skill) bool { return s&t == t }

// String lists the skills' names, "Shieldwall, Protect".
func (s Skill) String() string {
	var parts []string
	for i := 0; i < numSkills; i++ {
		if s&(1<<i) != 0 {
			parts = append(parts, SkillName(Skill(1<<i)))
		}
	}
	return strings.Join(parts, ", ")
}

// SkillName returns the printed name of one skill: "Counter-attack".
func SkillName(s Skill) string {
	for i := 0; i < numSkills; i++ {
		if s == 1<<i {
			switch n := skillNames[i]; n {
			case "fire-arrows":
				return "Fire Arrows"
			case "luck-charm":
				return "Luck Charm"
			default:
				return title(n)
			}
		}
	}
	return "?"
}

func skillsOf(field string, names []string) (Skill, error) {
	var s Skill
	for _, n := range names {
		i := index(skillNames[:], n)
		if i < 0 {
			return 0, fmt.Errorf("field %s: %q is not a skill (%s)", field, n, strings.Join(skillNames[:], ", "))
		}
		s |= 1 << i
	}
	return s, nil
}
