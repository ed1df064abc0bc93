package blackred

// eff is an Effect in six bytes, as the rules read it.
type eff struct {
	kind   uint8
	weapon int8 // call, both-weapon, matchup (yours)
	enemy  int8 // matchup: the enemy's weapon
	points int8 // matchup, bonus, sabotage
	cards  int8 // max-cards
	units  int8 // revive, no-quarter
}

func effOf(e Effect) eff {
	return eff{kind: uint8(e.Kind), weapon: int8(e.Weapon), enemy: int8(e.Enemy),
		points: int8(e.Points), cards: int8(e.Cards), units: int8(e.Units)}
}

// tables is the content as the rule code reads it, resolved once per game
// from the Content (whose values are checked to fit when it is loaded):
// fixed arrays indexed by card, so that a rule asks one load instead of
// going through the content's slices and 48-byte effects on each call.
type tables struct {
	strat [numStrategy]eff // by strategy card
	deck  [2][maxDeck]eff  // by battle-deck card: a unit card's effect
	unit  [2][maxDeck]bool // the card is a unit card
	power [2][maxDeck][numWeapons]int8
	extra [2][maxDeck][numWeapons]int8
}

func newTables(c *Content) *tables {
	t := &tables{}
	for i, sc := range c.Strategy {
		if i < numStrategy {
			t.strat[i] = effOf(sc.Effect)
		}
	}
	for i := range c.Decks {
		for k, card := range c.Decks[i] {
			if k >= maxDeck {
				break
			}
			t.deck[i][k] = effOf(card.Effect)
			t.unit[i][k] = card.Unit
			t.power[i][k] = card.Power
			t.extra[i][k] = card.Extra
		}
	}
	return t
}
