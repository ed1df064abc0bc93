package wintergrim

// Citations of the rules, for errors and comments: the seed file and the
// section of the manual (seed 000), or a ruling of
// docs/rulings/wintergrim.md.
const (
	ruleSetup       = "seed 000, How to Play: Setting up the game"
	rulePhases      = "seed 000, How to Play: the 4 phases of a turn, never going back"
	ruleStart       = "seed 000, How to Play: 1: Start"
	ruleMove        = "seed 000, How to Play: 2: Move"
	ruleAttack      = "seed 000, How to Play: 3: Attack"
	ruleEnd         = "seed 000, How to Play: 4: End"
	ruleFood        = "seed 000, How to Play: ALWAYS! summarize all your F values; remove units until not negative"
	ruleDefend      = "seed 000, How to Play: when it's not your turn you may defend"
	ruleTactics     = "seed 000, How to Play: tactic cards are the only cards you may play when it's not your turn, except when dices are rolling"
	ruleReq         = "seed 000, Explain the Cards: the Req field"
	ruleCost        = "seed 000, Explain the Cards: the cost, paid by removing cards from your hand"
	ruleRoom        = "seed 000, Explain the Cards: Room"
	ruleInside      = "seed 000, Game Questions: Inside/outside"
	ruleAreas       = "seed 000, Game Questions: Can units move between areas?"
	ruleCapture     = "seed 000, Game Questions: How do you capture units?"
	ruleDeckEmpty   = "seed 000, Game Questions: The deck - what happens when all the cards are drawn?"
	ruleArea        = "seed 000, Card types: Area"
	rulePath        = "seed 000, Card types: Path"
	ruleStructure   = "seed 000, Card types: Structure"
	ruleShip        = "seed 000, Card types: Ship"
	ruleTactic      = "seed 000, Card types: Tactic"
	ruleTrap        = "seed 000, Card types: Trap"
	ruleBribe       = "seed 000, Card types: Bribe"
	ruleUnit        = "seed 000, Card types: Unit"
	ruleLeader      = "seed 000, Card types: Leader"
	ruleWeather     = "seed 000, Card types: Weather"
	ruleSkills      = "seed 000, Skills"
	ruleDestroy     = "seed 000, Game modes: Destroy"
	ruleAssassinate = "seed 000, Game modes: Assassinate"
	ruleConquer     = "seed 000, Game modes: Conquer"
	ruleEnslave     = "seed 000, Game modes: Enslave"
	ruleExample     = "seed 000, Dive in to an example! - Asbjorn VS Vanessa"
	ruleTie         = "docs/rulings/wintergrim.md WG-2" // ruling("WG-2"), a constant for an event's text
)

// ruling cites a ruling of docs/rulings/wintergrim.md: ruling("WG-3"). The
// citations are made once, so that citing allocates nothing.
func ruling(id string) string {
	if r, ok := rulingRefs[id]; ok {
		return r
	}
	return "docs/rulings/wintergrim.md " + id
}

var rulingRefs = func() map[string]string {
	m := map[string]string{}
	for i := 1; i < 100; i++ {
		id := "WG-" + itoa(i)
		m[id] = "docs/rulings/wintergrim.md " + id
	}
	return m
}()
