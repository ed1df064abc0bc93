package wintergrim

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Deck building (seed 000, "Is it possible to make two copies of the same
// deck, into one better deck?"): "The deck must be 50 cards, and you can
// have a maximum of 4 cards with the same name in the deck." Decks may mix
// cards of both realms ("Is it possible to mix cards from different
// decks").
const (
	DeckSize = 50
	MaxSame  = 4
)

const ruleDeck = "Wintergrim rules, General Questions: the deck must be 50 cards, at most 4 with the same name"

// Deck is a list of 50 cards, by card index, in list order.
type Deck struct {
	Name  string
	Cards []uint8
}

// ParseDeck reads a deck list: one line per card name, "4 Farmer", "4x
// Farmer" or "Farmer" (one copy), names or ids in any case; "#" starts a
// comment. The deck must be legal: 50 cards, at most 4 with one name. An
// error names the list, the line and the rule.
func (c *Content) ParseDeck(name, text string) (Deck, error) {
	d := Deck{Name: name}
	count := map[int]int{}
	var order []int
	for n, line := range strings.Split(text, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		copies := 1
		if f := strings.Fields(line); len(f) > 1 {
			num := strings.TrimSuffix(strings.ToLower(f[0]), "x")
			if k, err := strconv.Atoi(num); err == nil {
				copies = k
				line = strings.TrimSpace(line[len(f[0]):])
			}
		}
		where := fmt.Sprintf("deck %s: line %d", name, n+1)
		card, ok := c.Card(line)
		if !ok {
			return d, fmt.Errorf("%s: no card named %q", where, line)
		}
		if copies < 1 {
			return d, fmt.Errorf("%s: %d copies of %s, want at least 1", where, copies, c.Cards[card].Name)
		}
		if count[card] == 0 {
			order = append(order, card)
		}
		count[card] += copies
		if count[card] > MaxSame {
			return d, fmt.Errorf("%s: %d cards named %s, at most %d [%s]", where, count[card], c.Cards[card].Name, MaxSame, ruleDeck)
		}
	}
	total := 0
	for _, k := range count {
		total += k
	}
	if total != DeckSize {
		return d, fmt.Errorf("deck %s: %d cards, a deck is exactly %d [%s]", name, total, DeckSize, ruleDeck)
	}
	for _, card := range order {
		for k := 0; k < count[card]; k++ {
			d.Cards = append(d.Cards, uint8(card))
		}
	}
	return d, nil
}

// DeckText writes deck d as a list ParseDeck reads.
func (c *Content) DeckText(d Deck) string {
	var b strings.Builder
	for i := 0; i < len(d.Cards); {
		j := i
		for j < len(d.Cards) && d.Cards[j] == d.Cards[i] {
			j++
		}
		fmt.Fprintf(&b, "%d %s\n", j-i, c.Cards[d.Cards[i]].Name)
		i = j
	}
	return b.String()
}

// deckOption reads a deck option: a built-in deck's name, or a deck list
// (the command line reads --option deck=@FILE).
func (c *Content) deckOption(option, v string) (Deck, error) {
	if strings.Contains(v, "\n") {
		d, err := c.ParseDeck(option, v)
		if err != nil {
			return d, fmt.Errorf("option %s: %w", option, err)
		}
		return d, nil
	}
	if d, ok := c.Decks[strings.ToLower(strings.TrimSpace(v))]; ok {
		return d, nil
	}
	var names []string
	for k := range c.Decks {
		names = append(names, k)
	}
	sort.Strings(names)
	return Deck{}, fmt.Errorf("option %s: no deck %q (built in: %s; or FILE or @FILE, a list of 50 cards, one \"N Name\" a line)", option, v, strings.Join(names, ", "))
}

// checkSetup reports why a deck cannot start a game in mode: it needs an
// HQ and two workers of the HQ's realm (seed 000, "Setting up the game"),
// in Assassinate a worker/leader among them to mark, in Conquer a non-sea
// path.
func (c *Content) checkSetup(d Deck, mode int) error {
	var workers [numRealms]int
	var leaders [numRealms]bool
	hq := [numRealms]bool{}
	path := false
	for _, k := range d.Cards {
		card := &c.Cards[k]
		switch {
		case card.HQ:
			hq[card.Realm] = true
		case card.Type == TypeUnit && card.Classes&Worker != 0 && c.setupWorker(card):
			workers[card.Realm]++
			if card.Classes&Leader != 0 {
				leaders[card.Realm] = true
			}
		case card.Type == TypePath && !card.Sea:
			path = true
		}
	}
	ok := false
	for r := range hq {
		if hq[r] && workers[r] >= 2 && (mode != ModeAssassinate || leaders[r]) {
			ok = true
		}
	}
	switch {
	case !ok && mode == ModeAssassinate:
		return fmt.Errorf("deck %s: no HQ with two workers of its realm, one of them a worker/leader to mark [%s]", d.Name, ruleAssassinate)
	case !ok:
		return fmt.Errorf("deck %s: no HQ with two workers of its realm to start with [%s]", d.Name, ruleSetup)
	case mode == ModeConquer && !path:
		return fmt.Errorf("deck %s: no non-sea path to put into play [%s]", d.Name, ruleConquer)
	}
	return nil
}

// setupWorker reports whether a worker may be searched for at setup: "2
// workers with the text "Req: Vanheim (or) Asheim structure"" (seed 000,
// "Setting up the game").
func (c *Content) setupWorker(card *Card) bool {
	if card.Type != TypeUnit || card.Classes&Worker == 0 || len(card.Req) != 1 {
		return false
	}
	r := card.Req[0]
	return r.Realm == card.Realm && r.Type == TypeStructure && r.Class == 0 && r.Name == "" && !r.Local
}
