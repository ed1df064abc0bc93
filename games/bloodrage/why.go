package bloodrage

import (
	"skald/engine"
)

// why explains why a is not among its seat's legal actions, naming the
// rule it breaks.
func (s *State) why(a engine.Action) error {
	p := int(a.Seat)
	cl := &s.clans[p]
	text := s.FormatAction(a)
	switch {
	case s.nAsk > 0 && s.ask[0].kind == chRaise && a.Kind == kRaise && s.ask[0].a >= 0 && a.Arg[0] == int16(s.ask[0].a):
		return engine.Illegal(ruleBattle, "%q: Frigga's Grace raises another stat than the one the pillage raised (note 11)", text)
	case s.nAsk > 0 && s.ask[0].kind == chSuccor && a.Kind == kSuccor:
		return engine.Illegal(ruleInvade, "%q: Frigga's Succor's Warrior goes into an empty village of the province invaded, or of one beside the fjord a ship invaded, within the Horns; with none, no Warrior (note 13)", text)
	case s.nAsk > 0:
		return engine.Illegal(ruleRulings, "%q does not answer what %s is asked now: %s", text, clanNames[p], choiceNames[s.ask[0].kind])
	case s.bat.on:
		switch s.bat.step {
		case stCall:
			if a.Kind == kCall {
				return engine.Illegal(ruleCall, "%q: a figure answers the call from a province adjacent to %s, into an empty village; ships never move", text, s.c.Provinces[s.bat.prov].Name)
			}
			return engine.Illegal(ruleCall, "%q: during the call to battle a clan answers (call <figure> from <province>) or passes", text)
		case stCards:
			return engine.Illegal(ruleBattle, "%q: each clan in the battle plays one card of its hand face down (play <card>)", text)
		case stLate:
			return engine.Illegal(ruleBattle, "%q: after the reveal only Heimdall's Eye or Gaze may be added (add <card>), or pass", text)
		}
	case s.act.kind == actMarch:
		return engine.Illegal(ruleMarch, "%q: the march moves figures from %s into %s while it has empty villages (move <figure>), then done", text, s.c.Provinces[s.act.a].Name, s.c.Provinces[s.act.b].Name)
	case s.act.kind == actFreeInvade:
		return engine.Illegal(ruleUpgrade, "%q: the upgrade's figure may invade at once (invade <figure> <location>) or skip (note 8)", text)
	case s.phase == phDraft:
		return engine.Illegal(ruleDraft, "%q: pick a card of the hand you draft from", text)
	case s.phase == phDiscard:
		return engine.Illegal(ruleDiscard, "%q: keep one card of your hand for the next Age, or nothing", text)
	}
	if cl.rage <= 0 {
		return engine.Illegal(ruleAction, "%s has no Rage: no action, not even a free one (note 5)", clanNames[p])
	}
	switch a.Kind {
	case kInvade:
		k, loc := int(a.Arg[0]), int(a.Arg[1])
		switch {
		case k < 0 || k >= numKinds || s.inReserve(p, k) < 0:
			return engine.Illegal(ruleInvade, "%q: no such figure in %s's reserve", text, clanNames[p])
		case s.onBoard(p) >= s.statValue(p, Horns):
			return engine.Illegal(ruleInvade, "%q: %s has %d figures on the board, as many as its Horns allow", text, clanNames[p], s.onBoard(p))
		case s.invadeCost(p, k, loc) > int(cl.rage):
			return engine.Illegal(ruleInvade, "%q costs %d Rage; %s has %d", text, s.invadeCost(p, k, loc), clanNames[p], cl.rage)
		case loc == yggdrasil:
			return engine.Illegal(ruleInvade, "%q: no figure invades Yggdrasil but the Dark Elf; invade an outer province and march (note 6)", text)
		case loc >= 0 && loc < numProv && s.destroyedAt(loc):
			return engine.Illegal(ruleInvade, "%q: %s is destroyed", text, s.c.Provinces[loc].Name)
		case loc >= fjord0 && !s.isShip(p, k):
			return engine.Illegal(ruleInvade, "%q: only ships go into fjords", text)
		case loc < fjord0 && s.isShip(p, k):
			return engine.Illegal(ruleInvade, "%q: a ship goes into a fjord", text)
		case loc >= fjord0 && loc < fjord0+numFjords && !s.fjordOpen(loc-fjord0):
			return engine.Illegal(ruleInvade, "%q: both provinces beside the fjord are destroyed (note 7)", text)
		case loc >= 0 && loc < numProv && s.freeVillages(loc) <= 0:
			return engine.Illegal(ruleInvade, "%q: %s has no empty village", text, s.c.Provinces[loc].Name)
		}
	case kMarch:
		if cl.rage < 1 {
			return engine.Illegal(ruleMarch, "a march costs 1 Rage")
		}
		return engine.Illegal(ruleMarch, "%q: march from a province where the clan has figures (ships stay) into another standing province with an empty village", text)
	case kUpgrade:
		c := a.Arg[0]
		if c >= 0 && int(c) < len(s.c.Cards) && cl.hand.has(c) && s.upgradeCost(p, c) > int(cl.rage) {
			return engine.Illegal(ruleUpgrade, "%q costs %d Rage; %s has %d", text, s.upgradeCost(p, c), clanNames[p], cl.rage)
		}
		return engine.Illegal(ruleUpgrade, "%q: play an upgrade card of your hand into its slot", text)
	case kQuest:
		return engine.Illegal(ruleQuest, "%q: commit a quest card of your hand", text)
	case kPillage:
		q := int(a.Arg[0])
		switch {
		case q < 0 || q >= numProv:
			return engine.Illegal(rulePillage, "%q: pillage a province", text)
		case s.destroyedAt(q):
			return engine.Illegal(rulePillage, "%q: %s is destroyed", text, s.c.Provinces[q].Name)
		case s.pillaged&(1<<q) != 0:
			return engine.Illegal(rulePillage, "%q: %s has been pillaged this Age", text, s.c.Provinces[q].Name)
		}
		return engine.Illegal(rulePillage, "%q: %s has a figure in %s or a ship in its fjord", text, clanNames[p], s.c.Provinces[q].Name)
	case kPass:
		return engine.Illegal(ruleRulings, "%s may pass only with at most one card in hand, or nothing else to do (ruling BR-R2)", clanNames[p])
	}
	return engine.Illegal(ruleAction, "%q is not an action %s may take now", text, clanNames[p])
}

// notDeciding explains why clan p may not act now, naming the rule: the
// call to battle and the late cards are offered one clan at a time from
// the pillager (notes 1, 21), and a clan without Rage takes no action on
// the Action phase's turns (note 5).
func (s *State) notDeciding(p int) error {
	switch {
	case s.nAsk > 0 || s.act.kind != actNone:
	case s.bat.on && s.bat.step == stCall:
		return engine.Illegal(ruleCall, "the call to battle is offered one clan at a time, clockwise from the pillager's left: %s is offered it now, not %s (note 1)", clanNames[s.win.Offered()], clanNames[p])
	case s.bat.on && s.bat.step == stLate:
		return engine.Illegal(ruleBattle, "Heimdall's Eye and Gaze are added one clan at a time, clockwise from the pillager: %s is offered it now, not %s (note 21)", clanNames[s.win.Offered()], clanNames[p])
	case s.bat.on && s.bat.step == stCards && s.bat.parts.Has(engine.Seat(p)):
		return engine.Illegal(ruleBattle, "%s has played its battle card, or has none to play: one card each (note 1)", clanNames[p])
	case s.phase == phAction && !s.bat.on && s.clans[p].rage <= 0:
		return engine.Illegal(ruleAction, "%s has no Rage: no action, not even a free one (note 5)", clanNames[p])
	case s.phase == phAction && !s.bat.on:
		return engine.Illegal(ruleAction, "it is %s's turn, not %s's", clanNames[s.turn], clanNames[p])
	}
	return engine.Illegal(ruleAction, "%s has nothing to decide now", clanNames[p])
}
