package wintergrim

import (
	"strings"
	"testing"

	"skald/engine"
)

// TestDecksAreLegal checks the first edition's decks against the deck
// building rules and the setup.
func TestDecksAreLegal(t *testing.T) {
	c := DefaultContent()
	for _, name := range []string{"asheim", "vanheim"} {
		d, ok := c.Decks[name]
		if !ok {
			t.Fatalf("no deck %s", name)
		}
		if len(d.Cards) != DeckSize {
			t.Errorf("%s: %d cards", name, len(d.Cards))
		}
		count := map[uint8]int{}
		for _, k := range d.Cards {
			count[k]++
			if count[k] > MaxSame {
				t.Errorf("%s: %d %s", name, count[k], c.Cards[k].Name)
			}
		}
		for mode := range numModes {
			if err := c.checkSetup(d, mode); err != nil {
				t.Errorf("%s, mode %s: %v", name, modeNames[mode], err)
			}
		}
		// A deck list reads back to itself.
		again, err := c.ParseDeck(name, c.DeckText(d))
		if err != nil || !equalDecks(again, d) {
			t.Errorf("%s: DeckText does not read back: %v", name, err)
		}
	}
}

func equalDecks(a, b Deck) bool {
	if len(a.Cards) != len(b.Cards) {
		return false
	}
	for i := range a.Cards {
		if a.Cards[i] != b.Cards[i] {
			return false
		}
	}
	return true
}

// TestManualCards checks every card the manual names against what it says
// of it (seed 000).
func TestManualCards(t *testing.T) {
	c := DefaultContent()
	get := func(name string) *Card {
		k, ok := c.Card(name)
		if !ok {
			t.Fatalf("no card %s", name)
		}
		return &c.Cards[k]
	}
	inDeck := func(deck, name string) int {
		k, _ := c.Card(name)
		n := 0
		for _, x := range c.Decks[deck].Cards {
			if int(x) == k {
				n++
			}
		}
		return n
	}
	// "Vanessa only has one card to choose from, "Forest and Cabin"."
	cabin := get("Forest and Cabin")
	if !cabin.HQ || !cabin.Area || cabin.Type != TypeStructure || cabin.Realm != Vanheim || inDeck("vanheim", cabin.Name) != 1 {
		t.Errorf("Forest and Cabin: both an area and a structure, the one HQ of the Vanheim deck: %+v", cabin)
	}
	// "The Cabin reads "F:4"", "R:2", "draw one card for each worker
	// inside", "Pay and place Vanheim workers inside".
	if cabin.F != 4 || cabin.R != 2 || !cabin.Draws || len(cabin.Places) != 1 || cabin.Places[0] != (Place{Realm: Vanheim, Class: Worker}) {
		t.Errorf("Forest and Cabin: F:4, R:2, draws per worker, places Vanheim workers: %+v", cabin)
	}
	village := get("Tundra and Village")
	if !village.HQ || village.Realm != Asheim || !village.Draws || inDeck("asheim", village.Name) != 1 {
		t.Errorf("Tundra and Village: the Asheim HQ that draws per inside worker: %+v", village)
	}
	// The Ranger: "Req: Vanheim structure", cost "1", a "vanheim leader",
	// a worker; "Remove as a move step: Search your deck for a tactic or
	// Windstorm".
	ranger := get("Ranger")
	if ranger.Cost != 1 || ranger.Classes != Worker|Leader || len(ranger.Req) != 1 || !c.setupWorker(ranger) ||
		ranger.Ability != AbSearch || ranger.FindType != TypeTactic || ranger.FindName != "Windstorm" || ranger.F != -1 || ranger.R != -1 {
		t.Errorf("Ranger: %+v", ranger)
	}
	// The Woodsman: CC1, P:2, an axe of 3 damage, H:1 (the farmer's 1
	// damage "is enough to bring down the woodsman").
	wood := get("Woodsman")
	if wood.CC != 1 || wood.P != 2 || wood.Weapon.Kind != CC || wood.Weapon.Damage != 3 || wood.H != 1 || wood.A != 0 || !c.setupWorker(wood) {
		t.Errorf("Woodsman: %+v", wood)
	}
	// The Farmer: CC1, "it deals 1 damage".
	farmer := get("Farmer")
	if farmer.CC != 1 || farmer.Weapon.Damage != 1 || farmer.Weapon.Kind != CC || !c.setupWorker(farmer) || farmer.Realm != Asheim {
		t.Errorf("Farmer: %+v", farmer)
	}
	// Asbjorn's inside worker is a leader, H:1, CC 1.
	elder := get("Village Elder")
	if elder.Classes != Worker|Leader || elder.H != 1 || elder.CC != 1 || !c.setupWorker(elder) {
		t.Errorf("Village Elder: %+v", elder)
	}
	// "Vanheim Unit – Worker": five types of workers.
	workers := 0
	for _, k := range uniq(c.Decks["vanheim"].Cards) {
		if c.setupWorker(&c.Cards[k]) && c.Cards[k].Realm == Vanheim {
			workers++
		}
	}
	if workers != 5 {
		t.Errorf("Vanheim has %d worker types, the manual says 5", workers)
	}
	// The Rain: a weather card that "requires a leader"; the text of the
	// manual.
	rain := get("Rain")
	if rain.Type != TypeWeather || rain.Weather != Rain || len(rain.Req) != 1 || rain.Req[0].Class != Leader ||
		!strings.Contains(rain.Text, "have P minus 1 and must roll P to move/attack/defend successfully") ||
		!strings.Contains(rain.Text, "You may roll 2 dice. If not, or no dice show 4+, remove this card.") {
		t.Errorf("Rain: %+v", rain)
	}
	// "a path card named "Overgrown Forest"": costs 2, requires a vanheim
	// leader, lets "Players with vanheim cards in play ... move units
	// between this and enemy areas".
	forest := get("Overgrown Forest")
	if forest.Type != TypePath || forest.Cost != 2 || forest.Req[0] != (Req{Realm: Vanheim, Type: -1, Class: Leader}) || forest.Passage != Vanheim || forest.Sea {
		t.Errorf("Overgrown Forest: %+v", forest)
	}
	if n := get("Net Trap"); n.Type != TypeTactic || n.Tactic != Trap || inDeck("vanheim", "Net Trap") == 0 {
		t.Errorf("Net Trap: a tactic in the Vanheim deck: %+v", n)
	}
	if w := get("Windstorm"); w.Type != TypeWeather || inDeck("vanheim", "Windstorm") == 0 {
		t.Errorf("Windstorm: a weather card of the Vanheim deck: %+v", w)
	}
	for _, name := range []string{"Forest and Cabin", "Tundra and Village", "Ranger", "Woodsman", "Farmer", "Village Elder", "Rain", "Windstorm", "Overgrown Forest", "Net Trap"} {
		if !get(name).Seed {
			t.Errorf("%s is named in the manual: source: seed", name)
		}
	}
}

func uniq(cards []uint8) []uint8 {
	var out []uint8
	seen := map[uint8]bool{}
	for _, k := range cards {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// TestEverythingIsUsed checks that the two decks use every card type,
// subtype, skill and mechanism of the manual.
func TestEverythingIsUsed(t *testing.T) {
	c := DefaultContent()
	var types [numTypes]bool
	var structures [numStructures]bool
	var tactics [numTactics]bool
	var weathers [numWeathers]bool
	var effects [numEffects]bool
	var abilities [numAbilities]bool
	var classes uint8
	var skills Skill
	var kinds [numKinds]bool
	hq, sea, land, draws, reshuffle, replaces, two, foodGiver, once := false, false, false, false, false, false, false, false, false
	for _, deck := range []string{"asheim", "vanheim"} {
		for _, k := range uniq(c.Decks[deck].Cards) {
			d := &c.Cards[k]
			types[d.Type] = true
			structures[d.Structure] = true
			tactics[d.Tactic] = true
			weathers[d.Weather] = true
			effects[d.Effect] = true
			abilities[d.Ability] = true
			classes |= d.Classes
			skills |= d.Skills | d.Mods.Skills
			if d.Weapon.Kind >= 0 {
				kinds[d.Weapon.Kind] = true
			}
			hq = hq || d.HQ
			sea = sea || d.Type == TypePath && d.Sea
			land = land || d.Type == TypePath && !d.Sea
			draws = draws || d.Draws
			reshuffle = reshuffle || d.Reshuffle
			replaces = replaces || d.Replaces
			two = two || d.Moves == 2
			foodGiver = foodGiver || d.Type == TypeUnit && d.F > 0
			once = once || d.Once
		}
	}
	for i, ok := range types {
		if !ok {
			t.Errorf("no card of type %s", typeNames[i])
		}
	}
	for i := 1; i < numStructures; i++ {
		if !structures[i] {
			t.Errorf("no %s", structureNames[i])
		}
	}
	for i := 1; i < numTactics; i++ {
		if !tactics[i] {
			t.Errorf("no %s", tacticNames[i])
		}
	}
	for i := 1; i < numWeathers; i++ {
		if !weathers[i] {
			t.Errorf("no %s", weatherNames[i])
		}
	}
	for i := 1; i < numEffects; i++ {
		if !effects[i] {
			t.Errorf("no tactic effect %s", effectNames[i])
		}
	}
	for i := 1; i < numAbilities; i++ {
		if !abilities[i] {
			t.Errorf("no ability %s", abilityNames[i])
		}
	}
	for _, cn := range classNames {
		if classes&cn.bit == 0 {
			t.Errorf("no %s", cn.name)
		}
	}
	for i := 0; i < numSkills; i++ {
		if skills&(1<<i) == 0 {
			t.Errorf("no card with %s", skillNames[i])
		}
	}
	for i, ok := range kinds {
		if !ok {
			t.Errorf("no %s weapon", kindNames[i])
		}
	}
	for what, ok := range map[string]bool{"an HQ": hq, "a sea path": sea, "a land path": land, "a structure that draws": draws,
		"a structure that reshuffles": reshuffle, "a weather that replaces another": replaces, "a unit with two move steps": two,
		"a unit that offers food": foodGiver, "a tactic removed when played": once} {
		if !ok {
			t.Errorf("no %s", what)
		}
	}
}

// TestLoadCardsErrors checks that bad data gets an error naming the file,
// the card and the field.
func TestLoadCardsErrors(t *testing.T) {
	unit := "- id: x\n  name: X\n  realm: asheim\n  type: unit\n  classes: [worker]\n  values: {h: 1, r: -1}\n  text: \"\"\n"
	for _, tc := range []struct{ data, want string }{
		{"", "no cards"},
		{"- id: x\n  nme: X\n", "unknown field \"nme\""},
		{"- id: X Y\n  name: X\n  realm: asheim\n  type: unit\n  text: \"\"\n", "card 1 (X Y): field id"},
		{"- id: x\n  name: X\n  realm: muspelheim\n  type: unit\n  text: \"\"\n", "card 1 (x): field realm: \"muspelheim\""},
		{"- id: x\n  name: X\n  realm: asheim\n  type: spell\n  text: \"\"\n", "field type: \"spell\""},
		{"- id: x\n  name: X\n  realm: asheim\n  type: unit\n  values: {h: 1}\n", "field text: missing"},
		{"- id: x\n  name: X\n  realm: asheim\n  type: unit\n  values: {h: 1}\n  text: \"\"\n", "field classes"},
		{strings.Replace(unit, "h: 1", "h: 0", 1), "field values.h"},
		{strings.Replace(unit, "r: -1", "r: 2", 1), "field values.r"},
		{unit + "  skills: [sorcery]\n", "field skills: \"sorcery\" is not a skill"},
		{unit + "  weapon: {name: Axe, kind: cc, damage: 0}\n", "field weapon.damage"},
		{unit + "  weapon: {name: Lure, kind: p, damage: 2}\n", "a Psyche attack ignores armour and health"},
		{unit + "  draws: true\n", "a unit card has no draws"},
		{unit + "  req: [{name: Nowhere}]\n", "field req[0].name: no card \"Nowhere\""},
		{unit + "  ability: search\n", "field find"},
		{unit + unit, "\"x\" names another card too"},
		{"- id: s\n  name: S\n  realm: asheim\n  type: structure\n  structure: hut\n  values: {h: 1}\n  text: \"\"\n", "field structure: \"hut\""},
		{"- id: s\n  name: S\n  realm: asheim\n  type: structure\n  structure: ship\n  hq: true\n  values: {h: 1}\n  text: \"\"\n", "field area: an HQ structure is also an area"},
		{"- id: t\n  name: T\n  realm: asheim\n  type: tactic\n  tactic: curse\n  effect: bribe\n  once: true\n  text: \"\"\n", "curses, items and sicknesses stay on a unit"},
		{"- id: t\n  name: T\n  realm: asheim\n  type: tactic\n  effect: volley\n  dice: 2\n  text: \"\"\n", "must say \"Remove this card when it's played\""},
		{"- id: w\n  name: W\n  realm: asheim\n  type: weather\n  weather: snow\n  text: \"\"\n", "field weather: \"snow\""},
		{"- id: p\n  name: P\n  realm: asheim\n  type: path\n  text: \"\"\n", "field passage"},
	} {
		_, err := LoadCards([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "cards.yaml") {
			t.Errorf("%q: error %v, want one from cards.yaml containing %q", tc.data, err, tc.want)
		}
	}
}

// TestParseDeckErrors checks the deck building rules and the reading of
// deck lists.
func TestParseDeckErrors(t *testing.T) {
	c := DefaultContent()
	asheim := c.DeckText(c.Decks["asheim"])
	for _, tc := range []struct{ text, want string }{
		{asheim + "1 Farmer\n", "5 cards named Farmer, at most 4"},
		{strings.Replace(asheim, "4 Farmer", "3 Farmer", 1), "49 cards, a deck is exactly 50"},
		{asheim + "1 Dragon\n", "no card named \"Dragon\""},
		{"0 Farmer\n", "0 copies of Farmer"},
		{"", "0 cards, a deck is exactly 50"},
	} {
		_, err := c.ParseDeck("my.deck", tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "deck my.deck") {
			t.Errorf("error %v, want one naming my.deck and containing %q", err, tc.want)
		}
	}
	// Mixed realms, "4x" and ids, comments: a legal deck.
	mixed := "# half and half\n1 Forest and Cabin\n4x ranger\n4 Woodsman\n4 Farmer\n4 Village Elder\n4 Troll\n4 Berserker\n4 Wolf\n4 Longhouse\n4 Troll Cave\n4 Rain\n4 Net Trap\n4 overgrown-forest\n1 Jarl\n"
	d, err := c.ParseDeck("mixed", mixed)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.checkSetup(d, ModeDestroy); err != nil {
		t.Errorf("a mixed deck with an HQ and its workers: %v", err)
	}
	// No HQ: the setup is impossible; no leader: no Assassinate; no
	// non-sea path: no Conquer.
	noHQ := strings.Replace(mixed, "1 Forest and Cabin\n", "1 Huldra\n", 1)
	d, _ = c.ParseDeck("nohq", noHQ)
	if err := c.checkSetup(d, ModeDestroy); err == nil || !strings.Contains(err.Error(), "no HQ with two workers") {
		t.Errorf("a deck without an HQ: %v", err)
	}
	noPath := strings.Replace(mixed, "4 overgrown-forest\n", "4 Mist\n", 1)
	d, _ = c.ParseDeck("nopath", noPath)
	if err := c.checkSetup(d, ModeConquer); err == nil || !strings.Contains(err.Error(), "no non-sea path") {
		t.Errorf("Conquer without a path: %v", err)
	}
	noLeader := strings.Replace(mixed, "4x ranger\n", "4 Herbalist\n", 1)
	d, _ = c.ParseDeck("noleader", noLeader)
	if err := c.checkSetup(d, ModeAssassinate); err == nil || !strings.Contains(err.Error(), "worker/leader to mark") {
		t.Errorf("Assassinate without a worker/leader: %v", err)
	}
}

// TestDeckOption checks the deck options of a match: a built-in name, a
// list, and a clear error for an illegal list.
func TestDeckOption(t *testing.T) {
	g := New()
	if _, err := g.New(engine.Config{Options: engine.Options{"deck": "vanheim", "deck2": "vanheim"}}); err != nil {
		t.Errorf("two Vanheim decks: %v", err)
	}
	list := g.c.DeckText(g.c.Decks["asheim"])
	if _, err := g.New(engine.Config{Options: engine.Options{"deck": list}}); err != nil {
		t.Errorf("a deck list: %v", err)
	}
	for _, tc := range []struct {
		opts engine.Options
		want string
	}{
		{engine.Options{"deck": "helheim"}, "option deck: no deck \"helheim\" (built in: asheim, vanheim"},
		{engine.Options{"deck2": list + "1 Farmer\n"}, "option deck2: deck deck2: line 27: 5 cards named Farmer, at most 4"},
		{engine.Options{"mode": "chess"}, "option mode=chess"},
		{engine.Options{"deck": strings.Replace(list, "1 Tundra and Village", "1 Jarl", 1), "mode": "destroy"}, "no HQ with two workers of its realm"},
	} {
		_, err := g.New(engine.Config{Options: tc.opts})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.opts, err, tc.want)
		}
	}
	if _, err := g.New(engine.Config{Seats: 5}); err == nil {
		t.Error("five seats accepted")
	}
}

func FuzzLoadCards(f *testing.F) {
	b, _ := dataFS.ReadFile("data/cards.yaml")
	f.Add(b)
	f.Add([]byte("- id: x\n  name: X\n  realm: asheim\n  type: unit\n  classes: [worker]\n  values: {h: 1}\n  text: \"\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := LoadCards(data)
		if err == nil && len(c.Cards) == 0 {
			t.Fatal("no cards and no error")
		}
	})
}

func FuzzParseDeck(f *testing.F) {
	c := DefaultContent()
	f.Add(c.DeckText(c.Decks["asheim"]))
	f.Add("4x ranger # comment\n")
	f.Fuzz(func(t *testing.T, text string) {
		d, err := c.ParseDeck("fuzz", text)
		if err == nil && len(d.Cards) != DeckSize {
			t.Fatalf("a deck of %d cards accepted", len(d.Cards))
		}
	})
}
