package wintergrim

// Citations of the rules, for errors and events, which players read: the
// section of the manual (seed 000) as "Wintergrim rules, SECTION", or a
// ruling of docs/rulings/wintergrim.md as "ruling WG-n" (`skald rules
// wintergrim` prints the rulings after the rules). File names and seeds
// are for developers, in comments.
const (
	ruleSetup       = "Wintergrim rules, How to Play: Setting up the game"
	rulePhases      = "Wintergrim rules, How to Play: the 4 phases of a turn, never going back"
	ruleStart       = "Wintergrim rules, How to Play: 1: Start"
	ruleMove        = "Wintergrim rules, How to Play: 2: Move"
	ruleAttack      = "Wintergrim rules, How to Play: 3: Attack"
	ruleEnd         = "Wintergrim rules, How to Play: 4: End"
	ruleFood        = "Wintergrim rules, How to Play: ALWAYS! summarize all your F values; remove units until not negative"
	ruleDefend      = "Wintergrim rules, How to Play: when it's not your turn you may defend"
	ruleTactics     = "Wintergrim rules, How to Play: tactic cards are the only cards you may play when it's not your turn, except when dices are rolling"
	ruleReq         = "Wintergrim rules, Explain the Cards: the Req field"
	ruleCost        = "Wintergrim rules, Explain the Cards: the cost, paid by removing cards from your hand"
	ruleRoom        = "Wintergrim rules, Explain the Cards: Room"
	ruleInside      = "Wintergrim rules, Game Questions: Inside/outside"
	ruleAreas       = "Wintergrim rules, Game Questions: Can units move between areas?"
	ruleCapture     = "Wintergrim rules, Game Questions: How do you capture units?"
	ruleDeckEmpty   = "Wintergrim rules, Game Questions: The deck - what happens when all the cards are drawn?"
	ruleArea        = "Wintergrim rules, Card types: Area"
	rulePath        = "Wintergrim rules, Card types: Path"
	ruleStructure   = "Wintergrim rules, Card types: Structure"
	ruleShip        = "Wintergrim rules, Card types: Ship"
	ruleTactic      = "Wintergrim rules, Card types: Tactic"
	ruleTrap        = "Wintergrim rules, Card types: Trap"
	ruleBribe       = "Wintergrim rules, Card types: Bribe"
	ruleUnit        = "Wintergrim rules, Card types: Unit"
	ruleLeader      = "Wintergrim rules, Card types: Leader"
	ruleWeather     = "Wintergrim rules, Card types: Weather"
	ruleSkills      = "Wintergrim rules, Skills"
	ruleDestroy     = "Wintergrim rules, Game modes: Destroy"
	ruleAssassinate = "Wintergrim rules, Game modes: Assassinate"
	ruleConquer     = "Wintergrim rules, Game modes: Conquer"
	ruleEnslave     = "Wintergrim rules, Game modes: Enslave"
	ruleExample     = "Wintergrim rules, Dive in to an example! - Asbjorn VS Vanessa"
	ruleTie         = "ruling WG-2" // ruling("WG-2"), a constant for an event's text
)

// ruling cites a ruling of docs/rulings/wintergrim.md for a player:
// ruling("WG-3") is "ruling WG-3". The citations are made once, so that
// citing allocates nothing.
func ruling(id string) string {
	if r, ok := rulingRefs[id]; ok {
		return r
	}
	return "ruling " + id
}

var rulingRefs = func() map[string]string {
	m := map[string]string{}
	for i := 1; i < 100; i++ {
		id := "WG-" + itoa(i)
		m[id] = "ruling " + id
	}
	return m
}()
