package runewars

import (
	"strings"
	"testing"
)

func TestDefaultContentLoads(t *testing.T) {
	c := DefaultContent()
	// The quest tiles, the four home realms and tile 12 (RW-D16).
	if len(c.Factions) != 4 || len(c.Fate) != 30 || len(c.Tiles) != c.NumQuest+5 || c.LostTile != c.NumQuest+4 {
		t.Fatalf("factions %d, fate %d, tiles %d (quest %d)", len(c.Factions), len(c.Fate), len(c.Tiles), c.NumQuest)
	}
	for _, f := range c.Factions {
		for r, rows := range f.Recruit {
			if len(rows) == 0 {
				t.Errorf("%s: no %s recruit row", f.ID, Resource(r))
			}
		}
	}
}

// TestFateDeckDistribution checks the deck against the published
// distribution of results per section (reference §2.7).
func TestFateDeckDistribution(t *testing.T) {
	type key struct {
		r Result
		n int8
	}
	want := [numShapes]map[key]int{
		Triangle:  {{Blank, 0}: 12, {Damage, 1}: 8, {Rout, 1}: 4, {Special, 0}: 6},
		Rectangle: {{Blank, 0}: 9, {Damage, 1}: 6, {Damage, 2}: 4, {Rout, 1}: 3, {Rout, 2}: 2, {Special, 0}: 6},
		Hexagon:   {{Blank, 0}: 6, {Damage, 1}: 5, {Damage, 2}: 4, {Damage, 3}: 3, {Rout, 1}: 1, {Rout, 2}: 5, {Special, 0}: 6},
		Circle:    {{Blank, 0}: 12, {Damage, 1}: 4, {Rout, 1}: 2, {Special, 0}: 12},
	}
	var destiny [3]int
	got := [numShapes]map[key]int{{}, {}, {}, {}}
	for _, card := range DefaultContent().Fate {
		for sh, sec := range card.Sections {
			got[sh][key{sec.Result, sec.N}]++
		}
		destiny[card.Destiny]++
	}
	for sh := range want {
		for k, n := range want[sh] {
			if got[sh][k] != n {
				t.Errorf("%s %v: %d cards, want %d", Shape(sh), k, got[sh][k], n)
			}
		}
	}
	if destiny != [3]int{4, 8, 18} {
		t.Errorf("destiny success/neutral/failure = %v, want [4 8 18]", destiny)
	}
}

func TestLoadContentErrors(t *testing.T) {
	read := func(name string) string {
		b, err := dataFS.ReadFile("data/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	units, maps, seasons, fate := read("units.yaml"), read("map.yaml"), read("seasons.yaml"), read("fate.yaml")
	heroes, quests, objectives, titles := read("heroes.yaml"), read("quests.yaml"), read("objectives.yaml"), read("titles.yaml")
	tactics := read("tactics.yaml")
	tests := []struct {
		name                 string
		file, old, new, want string
	}{
		{"unknown field", "units", "alignment: good\n    influence: 4", "alignment: good\n    colour: blue\n    influence: 4", "units.yaml"},
		{"bad shape", "units", "shape: triangle, health: 1, initiative: 1, supply: 8,\n         ability: {name: Concentrated", "shape: square, health: 1, initiative: 1, supply: 8,\n         ability: {name: Concentrated", `units.yaml: unit "bowman": field shape: "square"`},
		{"bad effect", "units", "effect: aimed 1}}", "effect: zap 1}}", `units.yaml: unit "bowman": field ability.effect`},
		{"same influence", "units", "influence: 5", "influence: 4", `units.yaml: faction "latari": field influence`},
		{"unknown start unit", "units", "start: {footman: 3", "start: {ogre: 3", `units.yaml: faction "daqan": field start: no unit "ogre"`},
		{"recruit other faction", "units", "[[1, footman], [3, footman], [6, footman]]", "[[1, archer]]", `faction "daqan": field recruit.food[0]: "archer"`},
		{"area twice", "map", "id: mistvale,", "id: greyhaven,", `map.yaml: tile "greyhaven": field areas[1].id`},
		{"bad border", "map", "border: red}\n    water: [[1, 2]]", "border: green}\n    water: [[1, 2]]", `tile "greyhaven": field areas[2].border`},
		{"bad water", "map", "water: [[1, 2]]", "water: [[1, 1]]", `tile "greyhaven": field water[0]`},
		{"bad season", "seasons", "season: spring, effect: gain food 1", "season: monsoon, effect: gain food 1", `seasons.yaml: card "spring-thaw": field season`},
		{"bad season effect", "seasons", "effect: move-rune", "effect: move-runes", `seasons.yaml: card "threatened-home-realms": field effect`},
		{"fate out of order", "fate", "{id: 2,", "{id: 7,", "fate.yaml: card 2: field id"},
		{"fate bad section", "fate", "{id: 1, triangle: blank", "{id: 1, triangle: damage 4", "fate.yaml: card 1: field triangle"},
		{"hero bad attribute", "heroes", "strength: 3, agility: 2, wisdom: 3, health: 5,\n     ability: {name: Scholar's", "strength: 9, agility: 2, wisdom: 3, health: 5,\n     ability: {name: Scholar's", `heroes.yaml: hero "aldric": field strength`},
		{"hero bad ability", "heroes", "effect: swift 1}}\n  - {id: tomas", "effect: fly 1}}\n  - {id: tomas", `heroes.yaml: hero "elenwe": field ability.effect`},
		{"hero bad alignment", "heroes", "alignment: good, strength: 2, agility: 4", "alignment: neutral, strength: 2, agility: 4", `heroes.yaml: hero "elenwe": field alignment`},
		{"quest in a home realm", "quests", "area: greyhaven,", "area: greyfort,", `quests.yaml: quest "scholars-road": field area`},
		{"quest off its tile", "quests", "setup: dunwarr, area: dunwarr", "setup: dunwarr, area: mistvale", `quests.yaml: quest "dwarven-hoard": field area`},
		{"quest bad test", "quests", "area: elderwood, test: agility", "area: elderwood, test: charm", `quests.yaml: quest "lost-woodsman": field test`},
		{"objective bad goal", "objectives", "goal: cities 3}\n  - {id: wardens", "goal: cities}\n  - {id: wardens", `objectives.yaml: objective "keepers-of-the-peace": field goal`},
		{"objective bad alignment", "objectives", "alignment: evil, goal: siege", "alignment: grey, goal: siege", `objectives.yaml: objective "breach-the-walls": field alignment`},
		{"objective bad draw", "objectives", "goal: rewards 3, draw: 2", "goal: rewards 3, draw: 5", `objectives.yaml: objective "heroic-age": field draw`},
		{"title bad power", "titles", "power: attack 1", "power: attack 9", `titles.yaml: title "warlord": field power`},
		{"title twice", "titles", "id: castellan", "id: warlord", `titles.yaml: title "warlord": field id: listed twice`},
		{"tactic bad when", "tactics", "when: quest, effect: wound 1", "when: order, effect: wound 1", `tactics.yaml: tactic "ambush": field effect`},
		{"tactic bad copies", "tactics", "copies: 3, when: battle", "copies: 9, when: battle", `tactics.yaml: tactic "battle-cry": field copies`},
		{"reward bad effect", "quests", "kind: weapon, effect: damage 2}\n  - {id: hunting", "kind: weapon, effect: armor 2}\n  - {id: hunting", `quests.yaml: reward "runesword": field effect`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"units": units, "map": maps, "seasons": seasons, "fate": fate, "heroes": heroes, "quests": quests, "objectives": objectives, "titles": titles, "tactics": tactics}
			if !strings.Contains(files[tt.file], tt.old) {
				t.Fatalf("%s has no %q", tt.file, tt.old)
			}
			files[tt.file] = strings.Replace(files[tt.file], tt.old, tt.new, 1)
			_, err := LoadContent([]byte(files["units"]), []byte(files["map"]), []byte(files["seasons"]), []byte(files["fate"]),
				[]byte(files["heroes"]), []byte(files["quests"]), []byte(files["objectives"]), []byte(files["titles"]), []byte(files["tactics"]))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}
