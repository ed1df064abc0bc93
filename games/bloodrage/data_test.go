package bloodrage

import (
	"strings"
	"testing"
)

// dataFiles returns the embedded board.yaml and cards.yaml.
func dataFiles(t testing.TB) (board, cards string) {
	b, err := dataFS.ReadFile("data/board.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c, err := dataFS.ReadFile("data/cards.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b), string(c)
}

// dataTestCard is one valid card entry that the error cases below spoil.
const dataTestCard = `- id: test-card
  name: Test Card
  age: 1
  type: battle
  set: base
  min: 2
  str: 2
  text: "A card of the tests."
`

// dataTestQuest is one valid quest entry.
const dataTestQuest = `- id: test-quest
  name: Test Quest
  age: 2
  type: quest
  set: base
  min: 2
  glory: 7
  goal: region
  region: Alfheim
  text: "A quest of the tests."
`

// TestLoadContentErrors checks that bad data gets an error naming the
// file, the entry and the field.
func TestLoadContentErrors(t *testing.T) {
	board, cards := dataFiles(t)
	for _, tc := range []struct {
		name      string
		file      string // "board" or "cards": the file spoilt
		base      string // the file's text before the change; "" for the embedded one
		old, new  string // the change; old must occur in base
		wantStart string // the error's prefix: file, entry, field
		want      string // more of the error
	}{
		// board.yaml
		{"villages", "board", "", "villages: 4, ring: 0", "villages: 6, ring: 0",
			`board.yaml: province 1 ("elvagar"): field villages:`, "6 is out of range 3..5"},
		{"region", "board", "", "region: Manheim, villages: 4", "region: Midgard, villages: 4",
			`board.yaml: province 1 ("elvagar"): field region:`, `"Midgard" is not one of Manheim, Jotunheim, Alfheim`},
		{"ring range", "board", "", "villages: 4, ring: 0", "villages: 4, ring: 9",
			`board.yaml: province 1 ("elvagar"): field ring:`, "9 is out of range 0..7"},
		{"ring twice", "board", "", "villages: 5, ring: 1", "villages: 5, ring: 0",
			`board.yaml: province 2 ("angerboda"): field ring:`, `place 0 is "elvagar"'s already`},
		{"ring order", "board", "", "villages: 5, ring: 1", "villages: 5, ring: 7",
			`board.yaml: province 2 ("angerboda"): field ring:`, "want 1: list the outer provinces in ring order"},
		{"province id twice", "board", "", "{id: utgard,", "{id: horgr,",
			`board.yaml: province 5 ("horgr"): field id:`, `already names province 4 ("horgr")`},
		{"province id", "board", "", "{id: gimle,", "{id: Gimle Plain,",
			`board.yaml: province 7 ("Gimle Plain"): field id:`, "not one lower-case word"},
		{"centre villages", "board", "", "{id: yggdrasil, name: Yggdrasil}", "{id: yggdrasil, name: Yggdrasil, villages: 9}",
			`board.yaml: province 9 ("yggdrasil"): field villages:`, "the centre has no villages"},
		{"no centre", "board", "", "  - {id: yggdrasil, name: Yggdrasil}\n", "",
			"board.yaml: provinces: field provinces:", "8 outer provinces and 0 centre, want 8 and 1"},
		{"fjord neighbours", "board", "", "[elvagar, angerboda]", "[elvagar, horgr]",
			`board.yaml: fjord 1 ("north-fjord"): field provinces:`, `"elvagar" and "horgr" are not ring neighbours`},
		{"fjord province", "board", "", "[utgard, andlang]", "[utgard, asgard]",
			`board.yaml: fjord 3 ("south-fjord"): field provinces[1]:`, `no province "asgard"`},
		{"fjord centre", "board", "", "[gimle, myrkulor]", "[gimle, yggdrasil]",
			`board.yaml: fjord 4 ("west-fjord"): field provinces[1]:`, `"yggdrasil" is not an outer province`},
		{"fjord twice", "board", "", "[muspelheim, horgr]", "[elvagar, myrkulor]",
			`board.yaml: fjord 2 ("east-fjord"): field provinces[0]:`, `"elvagar" lies by north-fjord already`},
		{"fjord id", "board", "", "{id: west-fjord,", "{id: gimle,",
			`board.yaml: fjord 4 ("gimle"): field id:`, `already names province 7 ("gimle")`},
		{"unsupported province", "board", "", "  - {id: west-fjord, name: West Fjord, provinces: [gimle, myrkulor]}\n", "",
			`board.yaml: province 7 ("gimle"): field fjords:`, "no fjord supports it"},
		{"token count", "board", "", "{id: rage, copies: 3, rage: 1}", "{id: rage, copies: 2, rage: 1}",
			"board.yaml: tokens: field tokens:", "7 tokens, want 8"},
		{"token nothing", "board", "", "{id: glory, glory: 5}", "{id: glory, glory: 0}",
			`board.yaml: token 4 ("glory"): field glory:`, "the token gives nothing"},
		{"token stat", "board", "", "{id: axes, copies: 2, axes: 1}", "{id: axes, copies: 2, axes: 3}",
			`board.yaml: token 2 ("axes"): field axes:`, "3 is out of range 0..2"},
		{"yggdrasil copies", "board", "", "{id: all, rage: 1", "{id: all, copies: 2, rage: 1",
			`board.yaml: yggdrasil-token ("all"): field copies:`, "one Yggdrasil token"},
		{"track order", "board", "", "rage: [6, 7, 8, 9, 12, 12]", "rage: [6, 7, 8, 9, 12, 11]",
			"board.yaml: tracks: field rage[5]:", "11 is less than the step before (12)"},
		{"track length", "board", "", "horns: [4, 5, 6, 7, 10, 10]", "horns: [4, 5, 6, 7, 10]",
			"board.yaml: tracks: field horns:", "5 values, want 6"},
		{"destroyed range", "board", "", "{2: 3, 3: 2", "{2: 6, 3: 2",
			"board.yaml: destroyed: field 2:", "6 is out of range 0..5"},
		{"destroyed missing", "board", "", ", 5: 0}", "}",
			"board.yaml: destroyed: field 5:", "missing"},
		{"destroyed players", "board", "", ", 5: 0}", ", 5: 0, 6: 0}",
			"board.yaml: destroyed: field 6:", "the game is for 2 to 5"},
		{"ragnarok", "board", "", "ragnarok-glory: [2, 3, 4]", "ragnarok-glory: [2, 3]",
			"board.yaml: ragnarok-glory: field ragnarok-glory:", "2 values, want 3"},
		{"stat glory", "board", "", "stat-glory: [0, 0, 0, 10, 10, 20]", "stat-glory: [0, 0, 0, 10, 10, -20]",
			"board.yaml: stat-glory: field stat-glory[5]:", "-20 is out of range 0..50"},
		{"board unknown field", "board", "", "{id: gimle, name: Gimle,", "{id: gimle, nme: Gimle,",
			"board.yaml:", `unknown field "nme"`},

		// cards.yaml
		{"str", "cards", dataTestCard, "str: 2", "str: 9",
			`cards.yaml: card 1 ("test-card"): field str:`, "9 is out of range 0..8"},
		{"id", "cards", dataTestCard, "id: test-card", "id: Test Card",
			`cards.yaml: card 1 ("Test Card"): field id:`, "not one lower-case word"},
		{"name", "cards", dataTestCard, "name: Test Card", `name: ""`,
			`cards.yaml: card 1 ("test-card"): field name:`, "want 1 to 40 characters"},
		{"age", "cards", dataTestCard, "age: 1", "age: 4",
			`cards.yaml: card 1 ("test-card"): field age:`, "4 is out of range 1..3"},
		{"type", "cards", dataTestCard, "type: battle", "type: spell",
			`cards.yaml: card 1 ("test-card"): field type:`, `"spell" is not one of battle, quest`},
		{"set", "cards", dataTestCard, "set: base", "set: promo",
			`cards.yaml: card 1 ("test-card"): field set:`, `"promo" is not one of base, fifth, kickstarter`},
		{"base min", "cards", dataTestCard, "min: 2", "min: 5",
			`cards.yaml: card 1 ("test-card"): field min:`, "5 is out of range 2..4"},
		{"fifth min", "cards", dataTestCard, "set: base\n  min: 2", "set: fifth\n  min: 4",
			`cards.yaml: card 1 ("test-card"): field min:`, "4, want 5"},
		{"kickstarter battle", "cards", dataTestCard, "set: base", "set: kickstarter",
			`cards.yaml: card 1 ("test-card"): field set:`, "the Kickstarter cards are monsters"},
		{"copies", "cards", dataTestCard, "min: 2", "min: 2\n  copies: 0",
			`cards.yaml: card 1 ("test-card"): field copies:`, "0 is out of range 1..9"},
		{"battle cost", "cards", dataTestCard, "str: 2", "str: 2\n  cost: 1",
			`cards.yaml: card 1 ("test-card"): field cost:`, "not an upgrade"},
		{"cost is str", "cards", dataTestCard, "type: battle\n  set: base\n  min: 2\n  str: 2", "type: clan\n  set: base\n  min: 2\n  str: 2\n  cost: 2\n  effect: test-card",
			`cards.yaml: card 1 ("test-card"): field cost:`, "2 is the card's str; leave it out"},
		{"upgrade effect", "cards", dataTestCard, "type: battle", "type: leader",
			`cards.yaml: card 1 ("test-card"): field effect:`, "every upgrade has a rule"},
		{"effect word", "cards", dataTestCard, "str: 2", "str: 2\n  effect: Odin's Smite",
			`cards.yaml: card 1 ("test-card"): field effect:`, "not one lower-case word"},
		{"late clan", "cards", dataTestCard, "type: battle\n  set: base\n  min: 2\n  str: 2", "type: clan\n  set: base\n  min: 2\n  str: 2\n  late: true\n  effect: test-card",
			`cards.yaml: card 1 ("test-card"): field late:`, "only a battle card"},
		{"battle glory", "cards", dataTestCard, "str: 2", "str: 2\n  glory: 3",
			`cards.yaml: card 1 ("test-card"): field glory:`, "only quests and ship upgrades give Glory"},
		{"ship glory", "cards", dataTestCard, "type: battle", "type: ship\n  effect: dragons",
			`cards.yaml: card 1 ("test-card"): field glory:`, "0 is out of range 1..30 (a ship card gives Glory)"},
		{"battle goal", "cards", dataTestCard, "str: 2", "str: 2\n  goal: region",
			`cards.yaml: card 1 ("test-card"): field goal:`, "a battle card has no goal"},
		{"text", "cards", dataTestCard, `text: "A card of the tests."`, `text: ""`,
			`cards.yaml: card 1 ("test-card"): field text:`, "want 1 to 240 characters"},
		{"quest glory", "cards", dataTestQuest, "glory: 7", "glory: 0",
			`cards.yaml: card 1 ("test-quest"): field glory:`, "0 is out of range 1..30 (a quest card gives Glory)"},
		{"quest goal", "cards", dataTestQuest, "goal: region", "goal: treasure",
			`cards.yaml: card 1 ("test-quest"): field goal:`, `"treasure" is not one of region, valhalla, yggdrasil, widespread`},
		{"quest region", "cards", dataTestQuest, "region: Alfheim", "region: Asgard",
			`cards.yaml: card 1 ("test-quest"): field region:`, `"Asgard" is not one of Manheim, Jotunheim, Alfheim`},
		{"quest region of other goal", "cards", dataTestQuest, "goal: region", "goal: yggdrasil",
			`cards.yaml: card 1 ("test-quest"): field region:`, "only a region quest names a region"},
		{"quest count", "cards", dataTestQuest, "goal: region\n  region: Alfheim", "goal: valhalla",
			`cards.yaml: card 1 ("test-quest"): field count:`, "0 is out of range 1..8 (the valhalla goal counts)"},
		{"quest str", "cards", dataTestQuest, "glory: 7", "glory: 7\n  str: 3",
			`cards.yaml: card 1 ("test-quest"): field str:`, "a quest card has no STR"},
		{"cards unknown field", "cards", dataTestCard, "str: 2", "strength: 2",
			"cards.yaml:", `unknown field "strength"`},
		{"no cards", "cards", dataTestCard, dataTestCard, "[]",
			"cards.yaml: no cards", ""},
		{"same id, other rules", "cards", dataTestCard + dataTestCard, "str: 2\n  text: \"A card of the tests.\"\n-", "str: 3\n  text: \"A card of the tests.\"\n-",
			`cards.yaml: card 2 ("test-card"): field str:`, "differs from card 1 of the same id"},
		{"same card twice", "cards", dataTestCard + dataTestCard, "", "",
			`cards.yaml: card 2 ("test-card"): field copies:`, "card 1 is the same card of the same Age, set and min"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := tc.base
			if base == "" {
				base = map[string]string{"board": board, "cards": cards}[tc.file]
			}
			if !strings.Contains(base, tc.old) {
				t.Fatalf("the test is stale: %q is not in %s.yaml", tc.old, tc.file)
			}
			spoilt := strings.Replace(base, tc.old, tc.new, 1)
			b, c := board, cards
			if tc.file == "board" {
				b = spoilt
			} else {
				c = spoilt
			}
			_, err := LoadContent([]byte(b), []byte(c))
			if err == nil {
				t.Fatalf("no error, want %q... %q", tc.wantStart, tc.want)
			}
			if !strings.HasPrefix(err.Error(), tc.wantStart) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q,\nwant one starting %q and containing %q", err, tc.wantStart, tc.want)
			}
		})
	}
}

// TestDefaultContentDecks checks the embedded cards against the deck
// sizes and shapes of reference §1.5 and §1.9.
func TestDefaultContentDecks(t *testing.T) {
	c := DefaultContent()
	if len(c.Cards) != 3*(34+8)+7 {
		t.Errorf("%d cards, want 3 x (34 base + 8 fifth) + 7 Kickstarter monsters = 133", len(c.Cards))
	}
	ks := [3]int{3, 2, 2} // Kickstarter monsters per Age
	for age := 1; age <= 3; age++ {
		for players, want := range map[int]int{2: 20, 3: 26, 4: 34, 5: 42} {
			if n := len(c.Deck(age, players, false)); n != want {
				t.Errorf("Age %d, %d players: %d cards, want %d", age, players, n, want)
			}
			if n := len(c.Deck(age, players, true)); n != want+ks[age-1] {
				t.Errorf("Age %d, %d players with the Kickstarter monsters: %d cards, want %d", age, players, n, want+ks[age-1])
			}
		}
		// The base deck at four players: its shape by type and mark.
		var types [numTypes]int
		marks := map[int8]int{}
		for _, k := range c.Deck(age, 4, false) {
			card := &c.Cards[k]
			if card.Age != int8(age) || card.Set != SetBase {
				t.Errorf("Age %d, 4 players: %s (Age %d, set %s)", age, card.ID, card.Age, setNames[card.Set])
			}
			types[card.Type]++
			marks[card.Min]++
		}
		if want := [numTypes]int{Battle: 13, Quest: 9, LeaderUp: 1, WarriorUp: 1, ShipUp: 1, ClanUp: 6, MonsterUp: 3}; types != want {
			t.Errorf("Age %d: types %v, want %v (battle, quest, leader, warrior, ship, clan, monster)", age, types, want)
		}
		if marks[2] != 20 || marks[3] != 6 || marks[4] != 8 {
			t.Errorf("Age %d: %d unmarked, %d 3+, %d 4+, want 20, 6, 8", age, marks[2], marks[3], marks[4])
		}
		// The fifth player's box and the Kickstarter monsters of the Age.
		fifth, monsters := 0, 0
		for _, k := range c.Deck(age, 5, true) {
			switch c.Cards[k].Set {
			case SetFifth:
				fifth++
			case SetKickstarter:
				monsters++
				if c.Cards[k].Type != MonsterUp {
					t.Errorf("Kickstarter card %s is not a monster", c.Cards[k].ID)
				}
			}
		}
		if fifth != 8 || monsters != ks[age-1] {
			t.Errorf("Age %d: %d fifth-box cards and %d Kickstarter monsters, want 8 and %d", age, fifth, monsters, ks[age-1])
		}
	}
	if d := c.Deck(4, 5, true); len(d) != 0 {
		t.Errorf("Age 4 has %d cards", len(d))
	}
}

// TestCardsSameIDSameRules checks that the cards of one id play alike, and
// that cards of one name that play otherwise have other ids.
func TestCardsSameIDSameRules(t *testing.T) {
	c := DefaultContent()
	byID := map[string]int{}
	ids := map[string]map[string]bool{} // name -> its ids
	for i := range c.Cards {
		card := &c.Cards[i]
		if j, ok := byID[card.ID]; ok {
			if f := differingRule(&c.Cards[j], card); f != "" {
				t.Errorf("%s: cards %d and %d differ in %s", card.ID, j, i, f)
			}
		} else {
			byID[card.ID] = i
		}
		if ids[card.Name] == nil {
			ids[card.Name] = map[string]bool{}
		}
		ids[card.Name][card.ID] = true
	}
	// The quests of each Age share a name, not an id.
	for name, want := range map[string]int{"Alfheim": 3, "Jotunheim": 3, "Manheim": 3, "Glorious Death": 3, "Yggdrasil": 3, "Widespread": 3} {
		if len(ids[name]) != want {
			t.Errorf("%s: ids %v, want %d (one per Age)", name, ids[name], want)
		}
	}
	for _, id := range []string{"alfheim-5", "alfheim-7", "alfheim-9", "glorious-death-6", "glorious-death-8", "glorious-death-11",
		"yggdrasil-quest-6", "yggdrasil-quest-11", "widespread-7", "widespread-10", "widespread-15"} {
		if _, ok := c.CardByID(id); !ok {
			t.Errorf("no card %s", id)
		}
	}
	// Cards identical across Ages and sets share their id.
	for id, n := range map[string]int{"tyrs-smite": 4, "tyrs-crush": 4, "tyrs-smash": 5, "tyrs-rage": 2, "heimdalls-watch": 2, "heimdalls-eye": 4} {
		k := 0
		for i := range c.Cards {
			if c.Cards[i].ID == id {
				k++
			}
		}
		if k != n {
			t.Errorf("%s: %d copies, want %d", id, k, n)
		}
	}
}

// TestCardsReference checks the cards' values the rules lean on against
// reference §1.9.
func TestCardsReference(t *testing.T) {
	c := DefaultContent()
	get := func(id string) *Card {
		k, ok := c.CardByID(id)
		if !ok {
			t.Fatalf("no card %s", id)
		}
		return &c.Cards[k]
	}
	for _, tc := range []struct {
		id          string
		typ         int8
		str, cost   int
		age         int8
		min         int8
		glory       int8
		effect      string
		late        bool
		goal        int8
		count       int8
		region      string
		kickstarter bool
	}{
		{id: "troll", typ: MonsterUp, str: 2, cost: 2, age: 1, min: 2, effect: "troll"},
		{id: "dwarf-chieftain", typ: MonsterUp, str: 2, cost: 0, age: 1, min: 2, effect: "dwarf-chieftain"},
		{id: "sea-serpent", typ: MonsterUp, str: 3, cost: 3, age: 1, min: 3, effect: "sea-serpent"},
		{id: "dark-elf", typ: MonsterUp, str: 1, cost: 1, age: 2, min: 2, effect: "dark-elf"},
		{id: "fire-giant", typ: MonsterUp, str: 4, cost: 4, age: 2, min: 3, effect: "fire-giant"},
		{id: "soldier-of-hel", typ: MonsterUp, str: 3, cost: 0, age: 3, min: 2, effect: "soldier-of-hel"},
		{id: "volur-witch", typ: MonsterUp, str: 3, cost: 3, age: 3, min: 3, effect: "volur-witch"},
		{id: "lokis-dragons", typ: ShipUp, str: 2, cost: 2, age: 1, min: 2, glory: 4, effect: "dragons"},
		{id: "fire-dragons", typ: ShipUp, str: 2, cost: 2, age: 2, min: 2, glory: 8, effect: "dragons"},
		{id: "eternal-dragons", typ: ShipUp, str: 2, cost: 2, age: 3, min: 2, glory: 12, effect: "dragons"},
		{id: "masters-in-arms", typ: WarriorUp, str: 2, cost: 2, age: 3, min: 2, effect: "masters-in-arms"},
		{id: "lord-of-hammers", typ: LeaderUp, str: 3, cost: 3, age: 1, min: 2, effect: "lord-of-hammers"},
		{id: "friggas-charm", typ: ClanUp, str: 0, cost: 0, age: 1, min: 2, effect: "friggas-charm"},
		{id: "lokis-wrath", typ: ClanUp, str: 3, cost: 3, age: 3, min: 4, effect: "lokis-wrath"},
		{id: "tyrs-prowess", typ: ClanUp, str: 2, cost: 2, age: 2, min: 3, effect: "tyrs-prowess"},
		{id: "heimdalls-eye", typ: Battle, str: 2, age: 2, min: 2, effect: "heimdalls-eye", late: true},
		{id: "heimdalls-gaze", typ: Battle, str: 3, age: 3, min: 2, effect: "heimdalls-eye", late: true},
		{id: "heimdalls-sight", typ: Battle, str: 0, age: 1, min: 2, effect: "heimdalls-sight"},
		{id: "tyrs-smite", typ: Battle, str: 5, age: 1, min: 2},
		{id: "tyrs-judgement", typ: Battle, str: 8, age: 3, min: 5},
		{id: "alfheim-5", typ: Quest, age: 1, min: 2, glory: 5, goal: GoalRegion, region: "Alfheim"},
		{id: "manheim-9", typ: Quest, age: 3, min: 2, glory: 9, goal: GoalRegion, region: "Manheim"},
		{id: "glorious-death-8", typ: Quest, age: 2, min: 2, glory: 8, goal: GoalValhalla, count: 4},
		{id: "yggdrasil-quest-11", typ: Quest, age: 3, min: 3, glory: 11, goal: GoalYggdrasil},
		{id: "widespread-10", typ: Quest, age: 2, min: 5, glory: 10, goal: GoalWidespread, count: 2},
		{id: "mountain-giant", typ: MonsterUp, str: 3, cost: 3, age: 1, min: 2, effect: "mountain-giant", kickstarter: true},
		{id: "ymir", typ: MonsterUp, str: 0, cost: 0, age: 3, min: 2, effect: "ymir", kickstarter: true},
	} {
		card := get(tc.id)
		region := ""
		if card.Region >= 0 {
			region = c.Regions[card.Region]
		}
		if card.Type != tc.typ || int(card.Str) != tc.str || card.Age != tc.age || card.Min != tc.min || card.Glory != tc.glory ||
			card.Effect != tc.effect || card.Late != tc.late || card.Goal != tc.goal || card.Count != tc.count ||
			region != tc.region || (card.Set == SetKickstarter) != tc.kickstarter {
			t.Errorf("%s: %+v, want %+v", tc.id, *card, tc)
		}
		if card.Type != Battle && card.Type != Quest && card.RageCost() != tc.cost {
			t.Errorf("%s: costs %d Rage, want %d", tc.id, card.RageCost(), tc.cost)
		}
	}
	if !strings.Contains(get("dark-elf").Text, "3") {
		t.Errorf("the Dark Elf's text must give its STR 3 in Yggdrasil: %q", get("dark-elf").Text)
	}
	// Every card without a rule is a battle card or a quest.
	for i := range c.Cards {
		card := &c.Cards[i]
		if card.Effect == "" && card.Type != Battle && card.Type != Quest {
			t.Errorf("%s: an upgrade without an effect", card.ID)
		}
	}
}

// TestBoardMatchesReference checks the board against reference §1.2-§1.8.
func TestBoardMatchesReference(t *testing.T) {
	c := DefaultContent()
	if got := strings.Join(c.Regions, " "); got != "Manheim Jotunheim Alfheim" {
		t.Errorf("regions %s", got)
	}
	// The reference's table, in ring order (clockwise).
	ring := []struct {
		id       string
		region   string
		villages int8
		fjord    string
	}{
		{"elvagar", "Manheim", 4, "north-fjord"},
		{"angerboda", "Manheim", 5, "north-fjord"},
		{"muspelheim", "Jotunheim", 5, "east-fjord"},
		{"horgr", "Jotunheim", 4, "east-fjord"},
		{"utgard", "Jotunheim", 3, "south-fjord"},
		{"andlang", "Alfheim", 3, "south-fjord"},
		{"gimle", "Alfheim", 5, "west-fjord"},
		{"myrkulor", "Manheim", 3, "west-fjord"},
	}
	if len(c.Provinces) != len(ring)+1 {
		t.Fatalf("%d provinces, want 9", len(c.Provinces))
	}
	villages := 0
	for i, want := range ring {
		p := c.Provinces[i]
		if p.ID != want.id || int(p.Ring) != i || p.Region < 0 || c.Regions[p.Region] != want.region || p.Villages != want.villages {
			t.Errorf("province %d: %+v, want %+v at ring place %d", i, p, want, i)
		}
		villages += int(p.Villages)
		// Its ring neighbours are the table's rows before and after it.
		var nb []string
		for _, q := range c.Provinces {
			if q.Ring >= 0 && (int(q.Ring)+1)%len(ring) == i || q.Ring >= 0 && (i+1)%len(ring) == int(q.Ring) {
				nb = append(nb, q.ID)
			}
		}
		prev, next := ring[(i+len(ring)-1)%len(ring)].id, ring[(i+1)%len(ring)].id
		if len(nb) != 2 || !(nb[0] == prev && nb[1] == next || nb[0] == next && nb[1] == prev) {
			t.Errorf("%s: ring neighbours %v, want %s and %s", want.id, nb, prev, next)
		}
		// Its fjord.
		f, ok := c.FjordByID(want.fjord)
		if !ok || c.Fjords[f].Provinces[0] != int8(i) && c.Fjords[f].Provinces[1] != int8(i) {
			t.Errorf("%s: not supported by %s", want.id, want.fjord)
		}
		if k, ok := c.ProvinceByID(want.id); !ok || k != i {
			t.Errorf("ProvinceByID(%s) = %d, %v", want.id, k, ok)
		}
	}
	if villages != 32 {
		t.Errorf("%d villages, want 32", villages)
	}
	if y := c.Provinces[8]; y.ID != "yggdrasil" || y.Region != -1 || y.Villages != 0 || y.Ring != -1 {
		t.Errorf("Yggdrasil: %+v", y)
	}
	if len(c.Fjords) != 4 {
		t.Errorf("%d fjords, want 4", len(c.Fjords))
	}
	if _, ok := c.ProvinceByID("asgard"); ok {
		t.Error("ProvinceByID found asgard")
	}
	if _, ok := c.FjordByID("elvagar"); ok {
		t.Error("FjordByID found a province")
	}
	// Pillage tokens.
	count := map[Reward]int{}
	for _, r := range c.Rewards {
		count[r]++
	}
	want := map[Reward]int{
		{ID: "rage", Stats: [3]int8{1, 0, 0}}:  3,
		{ID: "axes", Stats: [3]int8{0, 1, 0}}:  2,
		{ID: "horns", Stats: [3]int8{0, 0, 1}}: 2,
		{ID: "glory", Glory: 5}:                1,
	}
	if len(count) != len(want) {
		t.Errorf("tokens %v, want %v", count, want)
	}
	for r, n := range want {
		if count[r] != n {
			t.Errorf("%d tokens %+v, want %d", count[r], r, n)
		}
	}
	if c.Yggdrasil != (Reward{ID: "all", Stats: [3]int8{1, 1, 1}}) {
		t.Errorf("Yggdrasil's token %+v", c.Yggdrasil)
	}
	if c.Tracks != [3][6]int8{{6, 7, 8, 9, 12, 12}, {3, 4, 5, 6, 8, 8}, {4, 5, 6, 7, 10, 10}} {
		t.Errorf("tracks %v", c.Tracks)
	}
	if c.Destroyed != [6]int8{0, 0, 3, 2, 1, 0} {
		t.Errorf("destroyed at setup %v", c.Destroyed)
	}
	if c.Ragnarok != [3]int8{2, 3, 4} {
		t.Errorf("Ragnarök Glory %v", c.Ragnarok)
	}
	if c.StatGlory != [6]int8{0, 0, 0, 10, 10, 20} {
		t.Errorf("stat Glory %v", c.StatGlory)
	}
}

// FuzzLoadContent checks that no input makes LoadContent panic, and that
// what it accepts is whole.
func FuzzLoadContent(f *testing.F) {
	board, cards := dataFiles(f)
	f.Add([]byte(board), []byte(cards))
	f.Add([]byte(board), []byte(dataTestCard))
	f.Add([]byte(board), []byte(dataTestQuest))
	f.Add([]byte("regions: [A]\n"), []byte("- id: x\n"))
	f.Add([]byte(""), []byte(""))
	f.Fuzz(func(t *testing.T, board, cards []byte) {
		c, err := LoadContent(board, cards)
		if err != nil {
			return
		}
		if len(c.Cards) == 0 || len(c.Provinces) != 9 || len(c.Rewards) != 8 {
			t.Fatalf("accepted: %d cards, %d provinces, %d tokens", len(c.Cards), len(c.Provinces), len(c.Rewards))
		}
		for i := range c.Cards {
			if c.Cards[i].Goal == GoalRegion && (c.Cards[i].Region < 0 || int(c.Cards[i].Region) >= len(c.Regions)) {
				t.Fatalf("card %d: region %d", i, c.Cards[i].Region)
			}
		}
	})
}
