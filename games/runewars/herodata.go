package runewars

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
)

// Limits of the hero content (bit sets and arrays of the state).
const (
	maxHeroCards = 16
	maxQuests    = 32
	maxRewards   = 32
	maxAttr      = 5
)

// Attr is a hero's attribute, tested by quests [D] RW-D10.
type Attr uint8

// The attributes.
const (
	Strength Attr = iota
	Agility
	Wisdom
	numAttrs
)

var attrNames = [numAttrs]string{"strength", "agility", "wisdom"}

func (a Attr) String() string { return attrNames[a] }

func parseAttr(field, s string) (Attr, error) {
	for i, n := range attrNames {
		if n == s {
			return Attr(i), nil
		}
	}
	return 0, fmt.Errorf("field %s: %q is not strength, agility or wisdom", field, s)
}

// HeroEffect is what a hero's ability does (heroes.yaml documents them).
type HeroEffect uint8

// Hero ability effects.
const (
	HeQuest HeroEffect = iota // N more fate cards on quests
	HeDuel                    // N more damage on a special symbol in a duel
	HeArmor                   // N less damage received each duel round
	HeSwift                   // N more areas moved in Summer
)

// HeroCard is one hero card [D] RW-D10.
type HeroCard struct {
	ID, Name string
	Good     bool
	Attrs    [numAttrs]int
	Health   int
	Ability  HeroAbility
}

// HeroAbility is a hero's one ability.
type HeroAbility struct {
	Name, Text string
	Kind       HeroEffect
	N          int
}

// Quest is one quest card [D] RW-D11.
type Quest struct {
	ID, Name string
	Setup    int // the quest tile it deals at setup, or -1
	Area     int
	Test     Attr
	Pass     Destiny // the worst destiny symbol that passes it
	Rewards  int
	Lost     bool // passing it makes the Lost City appear (LC; RW-D16)
	// Foe is the imaginary unit the hero duels instead of a test, or
	// the zero QuestFoe (Heroes: imaginary units; RW-R50).
	Foe QuestFoe
}

// QuestFoe is a quest's imaginary foe [D] RW-R50: its health, and the
// damage it deals on a special symbol when its controller strikes.
type QuestFoe struct {
	Name   string
	Health int
	Strike int
}

// RewardKind is a reward card's kind.
type RewardKind uint8

// Reward kinds.
const (
	Weapon RewardKind = iota
	Armor
	Item
)

var rewardKinds = [...]string{"weapon", "armor", "item"}

// Reward is one reward card [D] RW-D11.
type Reward struct {
	ID, Name string
	Kind     RewardKind
	Attr     Attr // Item: the attribute raised
	N        int
	Text     string
}

// String returns the hero's name.
func (h *HeroCard) String() string { return h.Name }

// String returns the quest's name.
func (q *Quest) String() string { return q.Name }

// String returns the reward's name.
func (r *Reward) String() string { return r.Name }

// HeroByID returns the index of the hero card with the id.
func (c *Content) HeroByID(id string) (int, bool) {
	for i := range c.Heroes {
		if c.Heroes[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// QuestByID returns the index of the quest card with the id.
func (c *Content) QuestByID(id string) (int, bool) {
	for i := range c.Quests {
		if c.Quests[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// RewardByID returns the index of the reward card with the id.
func (c *Content) RewardByID(id string) (int, bool) {
	for i := range c.Rewards {
		if c.Rewards[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

type heroesFile struct {
	Heroes []struct {
		ID        string `yaml:"id"`
		Name      string `yaml:"name"`
		Alignment string `yaml:"alignment"`
		Strength  int    `yaml:"strength"`
		Agility   int    `yaml:"agility"`
		Wisdom    int    `yaml:"wisdom"`
		Health    int    `yaml:"health"`
		Ability   struct {
			Name   string `yaml:"name"`
			Effect string `yaml:"effect"`
		} `yaml:"ability"`
	} `yaml:"heroes"`
	Commanders []commanderEntry `yaml:"commanders"`
}

type questsFile struct {
	Quests []struct {
		ID      string `yaml:"id"`
		Name    string `yaml:"name"`
		Setup   string `yaml:"setup"`
		Area    string `yaml:"area"`
		Test    string `yaml:"test"`
		Pass    string `yaml:"pass"`
		Rewards int    `yaml:"rewards"`
		Lost    bool   `yaml:"lostcity"`
		Foe     *struct {
			Name   string `yaml:"name"`
			Health int    `yaml:"health"`
			Strike int    `yaml:"strike"`
		} `yaml:"foe"`
	} `yaml:"quests"`
	Rewards []struct {
		ID     string `yaml:"id"`
		Name   string `yaml:"name"`
		Kind   string `yaml:"kind"`
		Effect string `yaml:"effect"`
	} `yaml:"rewards"`
}

// loadHeroes parses heroes.yaml.
func (c *Content) loadHeroes(data []byte) error {
	var hf heroesFile
	if err := yaml.UnmarshalWithOptions(data, &hf, yaml.Strict()); err != nil {
		return fmt.Errorf("%s", yaml.FormatError(err, false, true))
	}
	if len(hf.Heroes) == 0 || len(hf.Heroes) > maxHeroCards {
		return fmt.Errorf("field heroes: %d heroes, want 1 to %d", len(hf.Heroes), maxHeroCards)
	}
	var good, evil int
	for i, e := range hf.Heroes {
		h := HeroCard{ID: e.ID, Name: e.Name, Health: e.Health, Attrs: [numAttrs]int{e.Strength, e.Agility, e.Wisdom}}
		err := func() error {
			if err := checkWord("id", e.ID); err != nil {
				return err
			}
			for j := 0; j < i; j++ {
				if hf.Heroes[j].ID == e.ID {
					return fmt.Errorf("field id: listed twice")
				}
			}
			if err := checkName("name", e.Name, maxNameLen); err != nil {
				return err
			}
			switch e.Alignment {
			case "good":
				h.Good = true
				good++
			case "evil":
				evil++
			default:
				return fmt.Errorf("field alignment: %q is not good or evil", e.Alignment)
			}
			for a, v := range h.Attrs {
				if err := inRange(attrNames[a], v, 1, maxAttr); err != nil {
					return err
				}
			}
			if err := inRange("health", e.Health, 1, 8); err != nil {
				return err
			}
			if err := checkName("ability.name", e.Ability.Name, maxNameLen); err != nil {
				return err
			}
			f := strings.Fields(e.Ability.Effect)
			kinds := map[string]HeroEffect{"quest": HeQuest, "duel": HeDuel, "armor": HeArmor, "swift": HeSwift}
			k, ok := HeroEffect(0), false
			if len(f) == 2 {
				k, ok = kinds[f[0]]
			}
			n, err := 0, error(nil)
			if ok {
				n, err = strconv.Atoi(f[1])
			}
			if !ok || err != nil || n < 1 || n > 2 {
				return fmt.Errorf("field ability.effect: %q: want quest N, duel N, armor N or swift N (N 1-2)", e.Ability.Effect)
			}
			h.Ability = HeroAbility{Name: e.Ability.Name, Text: e.Ability.Effect, Kind: k, N: n}
			return nil
		}()
		if err != nil {
			return fmt.Errorf("hero %q: %w", e.ID, err)
		}
		c.Heroes = append(c.Heroes, h)
	}
	if good == 0 || evil == 0 {
		return fmt.Errorf("field heroes: want good and evil heroes (%d good, %d evil)", good, evil)
	}
	return c.loadCommanders(hf.Commanders)
}

// loadQuests parses quests.yaml, once the map is loaded.
func (c *Content) loadQuests(data []byte) error {
	var qf questsFile
	if err := yaml.UnmarshalWithOptions(data, &qf, yaml.Strict()); err != nil {
		return fmt.Errorf("%s", yaml.FormatError(err, false, true))
	}
	if len(qf.Quests) == 0 || len(qf.Quests) > maxQuests {
		return fmt.Errorf("field quests: %d quests, want 1 to %d", len(qf.Quests), maxQuests)
	}
	if len(qf.Rewards) == 0 || len(qf.Rewards) > maxRewards {
		return fmt.Errorf("field rewards: %d rewards, want 1 to %d", len(qf.Rewards), maxRewards)
	}
	ids := map[string]bool{}
	setups := map[int]bool{}
	for _, e := range qf.Quests {
		q := Quest{ID: e.ID, Name: e.Name, Setup: -1, Rewards: e.Rewards, Lost: e.Lost}
		err := func() error {
			if err := checkWord("id", e.ID); err != nil {
				return err
			}
			if ids[e.ID] {
				return fmt.Errorf("field id: listed twice")
			}
			ids[e.ID] = true
			if err := checkName("name", e.Name, maxNameLen); err != nil {
				return err
			}
			a, ok := c.AreaByID(e.Area)
			if !ok || c.Areas[a].Home >= 0 {
				return fmt.Errorf("field area: %q is not an area of a quest tile", e.Area)
			}
			q.Area = a
			if e.Lost && (c.LostTile < 0 || c.Areas[a].Tile != c.LostTile) {
				return fmt.Errorf("field lostcity: the quest's area %q is not on tile 12 (map.yaml, lost)", e.Area)
			}
			if e.Setup != "" {
				t, ok := c.TileByID(e.Setup)
				if !ok || c.Tiles[t].Home >= 0 {
					return fmt.Errorf("field setup: %q is not a quest tile", e.Setup)
				}
				if setups[t] {
					return fmt.Errorf("field setup: tile %q has another setup quest", e.Setup)
				}
				if c.Areas[a].Tile != t {
					return fmt.Errorf("field area: %q is not on the quest's tile %q", e.Area, e.Setup)
				}
				setups[t] = true
				q.Setup = t
			}
			if e.Foe != nil {
				// An imaginary foe's duel replaces the test (RW-R50).
				if e.Test != "" || e.Pass != "" {
					return fmt.Errorf("field foe: a quest with a foe has no test nor pass")
				}
				if err := checkName("foe.name", e.Foe.Name, maxNameLen); err != nil {
					return err
				}
				if err := inRange("foe.health", e.Foe.Health, 1, 8); err != nil {
					return err
				}
				if err := inRange("foe.strike", e.Foe.Strike, 1, 3); err != nil {
					return err
				}
				q.Foe = QuestFoe{Name: e.Foe.Name, Health: e.Foe.Health, Strike: e.Foe.Strike}
				return inRange("rewards", e.Rewards, 1, 3)
			}
			var err error
			if q.Test, err = parseAttr("test", e.Test); err != nil {
				return err
			}
			switch e.Pass {
			case "success":
				q.Pass = Success
			case "neutral":
				q.Pass = Neutral
			default:
				return fmt.Errorf("field pass: %q is not success or neutral", e.Pass)
			}
			return inRange("rewards", e.Rewards, 1, 3)
		}()
		if err != nil {
			return fmt.Errorf("quest %q: %w", e.ID, err)
		}
		c.Quests = append(c.Quests, q)
	}
	for t := 0; t < c.NumQuest; t++ {
		if !setups[t] {
			return fmt.Errorf("field quests: tile %q has no setup quest", c.Tiles[t].ID)
		}
	}
	for _, e := range qf.Rewards {
		r := Reward{ID: e.ID, Name: e.Name, Text: e.Effect}
		err := func() error {
			if err := checkWord("id", e.ID); err != nil {
				return err
			}
			if ids[e.ID] {
				return fmt.Errorf("field id: listed twice")
			}
			ids[e.ID] = true
			if err := checkName("name", e.Name, maxNameLen); err != nil {
				return err
			}
			k := -1
			for i, n := range rewardKinds {
				if n == e.Kind {
					k = i
				}
			}
			if k < 0 {
				return fmt.Errorf("field kind: %q is not weapon, armor or item", e.Kind)
			}
			r.Kind = RewardKind(k)
			f := strings.Fields(e.Effect)
			bad := fmt.Errorf("field effect: %q: a weapon's is damage N, an armor's armor N, an item's ATTRIBUTE N (N 1-2)", e.Effect)
			if len(f) != 2 {
				return bad
			}
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 1 || n > 2 {
				return bad
			}
			r.N = n
			switch r.Kind {
			case Weapon:
				if f[0] != "damage" {
					return bad
				}
			case Armor:
				if f[0] != "armor" {
					return bad
				}
			case Item:
				a, err := parseAttr("effect", f[0])
				if err != nil {
					return bad
				}
				r.Attr = a
			}
			return nil
		}()
		if err != nil {
			return fmt.Errorf("reward %q: %w", e.ID, err)
		}
		c.Rewards = append(c.Rewards, r)
	}
	return nil
}
