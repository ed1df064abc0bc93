package blackred

import "skald/engine"

var _ engine.AssetProvider = (*Game)(nil)

// Assets returns what the browser's Black & Red renderer needs beyond the
// views, which name battle-deck cards only: every card of both decks as
// printed, by name ({"cards": {"Yew Bow": {"name": "Yew Bow", "power":
// {...}, "extra": {...}}, "War Drums": {"name": "War Drums", "unit": true,
// "text": "..."}, ...}}). A card's name is its own in both decks
// (TestCardNamesUnique). It makes g an [engine.AssetProvider].
func (g *Game) Assets() any {
	cards := map[string]CardView{}
	for _, deck := range g.content.Decks {
		for _, c := range deck {
			cards[c.Name] = cardView(c)
		}
	}
	return map[string]any{"cards": cards}
}

// card returns owner's battle-deck card called name, as printed.
func (c *Content) card(owner engine.Seat, name string) (CardView, bool) {
	for _, card := range c.Decks[owner] {
		if card.Name == name {
			return cardView(card), true
		}
	}
	return CardView{}, false
}
