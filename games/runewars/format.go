package runewars

import (
	"fmt"
	"strconv"
	"strings"

	"skald/engine"
)

// check returns an *engine.IllegalError when a is not one of its seat's
// legal actions now, naming the rule it breaks.
func (s *State) check(a engine.Action) error {
	if !s.Deciders().Has(a.Seat) {
		if s.over {
			return engine.Illegal("Runewars rules, Victory", "the game is over")
		}
		return engine.Illegal("Runewars rules, How the game is played", "%s does not decide now", s.g.SeatName(a.Seat))
	}
	var buf [512]engine.Action
	for _, l := range s.Legal(a.Seat, buf[:0]) {
		if l == a {
			return nil
		}
	}
	if int(a.Kind) >= numActionKinds {
		return engine.Illegal("Runewars rules, How the game is played", "no such action")
	}
	return s.why(a)
}

// rules cited by each action kind when it is refused.
var whyRule = [numActionKinds]struct{ rule, why string }{
	kLay:       {"Runewars rules, Setup", "a tile must touch the laid tiles along two sides, red and blue borders may not meet, and home realms lie at least 3 areas apart"},
	kRune:      {"Runewars rules, Setup 2", "a setup rune goes in an area not next to a home realm and without a rune token"},
	kKeep:      {"Runewars rules, Setup 5", "the stronghold goes in an area of the home realm"},
	kPlace:     {"Runewars rules, Recruit; Setup 5; Limits 1-2", "units go where the player has a stronghold (at setup: his home realm), at most 8 to an area"},
	kTake:      {"Runewars rules, Autumn", "only in Autumn: 2 Influence or a Tactics card"},
	kLose:      {"Runewars rules, Winter; Limits 2", "only units of the area over the limit"},
	kBid:       {"Runewars rules, Influence bids", "a bid is at most the Influence held"},
	kDiscard:   {"Runewars rules, Dragon runes", "only false rune tokens in areas the player controls, at most 2"},
	kPut:       {"Runewars rules, Dragon runes; Limits 8", "a rune token received goes in a friendly or uncontrolled area without one"},
	kAllies:    {"Runewars rules, Diplomacy", "allied units go in an area the player controls"},
	kReveal:    {"Runewars rules, Revealing dragon runes", "only face-down tokens in areas the player controls"},
	kCarry:     {"Runewars rules, Limits 10; Fortify", "a rune token moves from an area the player controls to an adjacent area without one"},
	kFrost:     {"Runewars rules, Frost tokens", "Frost tokens may not go in a home realm, nor where a desolation token lies"},
	kOrder:     {"Runewars rules, How the game is played II", "an order card played this year stays on the table until Spring"},
	kActivate:  {"Runewars rules, Order cards 2-3", "an area is activated once a year by each player; Mobilize moves into empty or friendly areas only"},
	kMove:      {"Runewars rules, Order cards 1-3", "units move 1 area with Strategize, or up to 2 (fast 3) into the activated area through empty or friendly areas; routed units and units in activated areas stay; at most 8 units to an area"},
	kDone:      {"Runewars rules, How the game is played", "nothing to finish now"},
	kRecruit:   {"Runewars rules, Recruit", "one resource dial, and a second only with the Supremacy Bonus"},
	kDevelop:   {"Runewars rules, Harvest; Limits 1", "a development goes on one of the player's strongholds without one, from his supply or, when it is empty, from another of his strongholds"},
	kBuild:     {"Runewars rules, Fortify", "a stronghold is built in a friendly area without one, for 2 wood"},
	kRepair:    {"Runewars rules, Fortify", "only a damaged stronghold of the player's, for 1 ore"},
	kConceal:   {"Runewars rules, Fortify", "only the player's revealed rune tokens"},
	kSkip:      {"Runewars rules, How the game is played", "nothing to skip now"},
	kFight:     {"Runewars rules, Diplomacy", "only against neutral units, before the battle"},
	kParley:    {"Runewars rules, Diplomacy 1", "from 1 to 6 Influence, no more than the player holds"},
	kChoose:    {"Runewars rules, Diplomacy 3", "one of the fate cards drawn"},
	kFirst:     {"Runewars rules, Battles 5a", "a unit type of this initiative that has not drawn"},
	kHit:       {"Runewars rules, Battles 5c", "routs go on undamaged units if possible; damage on standing units if possible, already damaged first"},
	kStand:     {"Runewars rules, Battles 5b", "only a routed unit of the side"},
	kSacrifice: {"Runewars rules, Battles 5b", "only while a unit of the type stands"},
	kRetreat:   {"Runewars rules, Retreat", "one adjacent area, friendly or empty"},
	kRaze:      {"Runewars rules, Battles 6b", "only after winning against a stronghold"},
	kSeize:     {"Runewars rules, Battles 6b", "only after winning against a stronghold; a stronghold token from the supply, or one of the player's own from the board"},
	kHero:      {"Runewars rules, Setup 6; Order cards 6", "the hero dealt at setup goes in an area of the player's home realm; a hero gained by Rally Support's Supremacy Bonus in an area with one of his strongholds"},
	kGive:      {"Runewars rules, Heroes 1a", "a reward card passes between two of the player's heroes in the same area, in his turn of the quest phase, once a phase"},
	kDesert:    {"Runewars rules, Limits 4; Deserting heroes", "only with Rally Support's Supremacy Bonus, when the player has 3 heroes: one of his heroes deserts to make room"},
	kGo:        {"Runewars rules, Order cards 1; Heroes 1; Commanders of the Battlefield, CMD-HERO", "a hero who is not routed moves one area with Strategize, or up to 2 areas in the quest phase, once; a Commander moves with Mobilize and Conquer too, and never leaves an area his owner has activated"},
	kHeal:      {"Runewars rules, Heroes 2", "a damaged hero heals in a friendly area, instead of training or moving"},
	kTrain:     {"Runewars rules, Heroes 3", "2 points on one or two attributes, one training token an attribute, instead of healing or moving"},
	kSupport:   {"Runewars rules, Battles 3", "the attacker, then the defender, puts heroes of his in the contested area, not routed, beside types of his units taking part, one hero a type"},
	kDrop:      {"Runewars rules, Battles 3", "one of the fate cards drawn for a type a hero supports"},
	kDuel:      {"Runewars rules, Heroes 1b", "a hero who is not routed challenges another player's hero in its area, in the quest phase, after moving or instead"},
	kObjective: {"Runewars rules, Limits 3", "only when holding more than one objective card: the one kept"},
	kTitle:     {"Runewars rules, Acquire Power", "only with Acquire Power's Supremacy Bonus: more Influence than lies on a title the player does not hold, no more than he has"},
	kAward:     {"Runewars rules, Influence bids 3", "only the holder of the Primarch of the Wizards' Council, when a bid is tied: one of the tied players"},
	kPlay:      {"Runewars rules, Tactics; Battles 4; Limits 11", "a Tactics card is played at the time it names (a battle's start, the player's own order, his turn of the quest phase), never in the season it was drawn"},
	kPass:      {"Runewars rules, Tactics", "only when the player may play Tactics cards"},
	kBuy:       {"Runewars rules, Development Cards", "with the Development Cards variant, only with Harvest's Supremacy Bonus: one card of the player's faction he has not bought, whose cost his dials pay"},
	kCommand:   {"Commanders of the Battlefield, CMD-SETUP and CMD-REC", "at setup, once his two heroes are placed, the player makes one of them Commander; at the start of the quest phase, and at no other time, he may move his Commander's role to a hero of his in an area with one of his strongholds, or, with no Commander, draw a card for such a hero"},
	kRally:     {"Commanders of the Battlefield, CMD-REC", "only with Rally Support's Supremacy Bonus: a hero, or Commander cards instead"},
	kAssign:    {"Commanders of the Battlefield, CMD-REC", "a Commander card drawn with Rally Support goes under one of the player's Commanders, in place of his card, or, with room for another Commander, under a hero of his in an area with one of his strongholds"},
	kGuard:     {"Commanders of the Battlefield, CMD-BAT", "a Commander takes damage in a battle only if his Commander card allows it, as much as it allows, and his controller chooses to; never from enemy units' special abilities"},
	kLead:      {"Commanders of the Battlefield, CMD-BAT; Runewars rules, Battles 4", "at the start of a battle in his area, the attacker first, a Commander who is not routed uses his card once"},
	kFoe:       {"Runewars rules, Heroes: imaginary units", "the player to the left of the hero's player decides for the imaginary foe of a quest, when its card shows a special symbol"},
	kAbandon:   {"Runewars rules, Limits 5", "a player holding more than 3 quest cards discards one of them"},
	kPeasant:   {"Runewars rules, Development Cards: Peasant tokens", "with the Peasant card, one of his 3 tokens stays in an area all his units left in this order, empty of figures"},
	kCapital:   {"Runewars rules, Development Cards: Capital", "a bought Capital replaces one of the player's strongholds in his home realm; a destroyed one is rebuilt with Fortify, for 2 ore and 1 wood, in an area of his home realm he controls with no stronghold"},
	kQuest:     {"Runewars rules, Heroes 1a", "a hero who is not routed attempts a quest its player holds in the area where it stands, in the quest phase and not after Strategize; never a Commander (CMD-HERO)"},
}

// why explains why the legal-looking action a is refused.
func (s *State) why(a engine.Action) error {
	w := whyRule[a.Kind]
	if a.Kind == kPlay && a.Arg[0] >= 0 && int(a.Arg[0]) < len(s.c.Tactics) {
		p, k := int8(a.Seat), int(a.Arg[0])
		t := &s.c.Tactics[k]
		switch {
		case s.playable(p, k) < 0 && s.holds(p, k):
			return engine.Illegal("Runewars rules, Tactics", "%s is not allowed: a Tactics card is not played in the season it was drawn", s.FormatAction(a))
		case !s.holds(p, k):
			return engine.Illegal("Runewars rules, Tactics", "%s is not allowed: %s holds no %s", s.FormatAction(a), s.g.SeatName(a.Seat), t.Name)
		case t.When == TwQuest:
			return engine.Illegal("Runewars rules, Limits 11", "%s is not allowed: %s is played only in the Quest phase, in the player's turn", s.FormatAction(a), t.Name)
		case t.Effect == TeLure && s.stage == stResolve && s.ord.phase == opTactics && s.ord.seat == p:
			return engine.Illegal("Runewars rules, Diplomacy ¶; Tactics", "%s is not allowed: %s moves all the neutral units allied to no one of one area, no more than %d and alone there, into an adjacent area the player controls, with room for them", s.FormatAction(a), t.Name, t.N)
		case t.Effect == TeDesolate && a.Arg[1] >= 0 && int(a.Arg[1]) < len(s.c.Areas) && !s.canDesolate(int(a.Arg[1])):
			return engine.Illegal("Runewars rules, Desolation tokens", "%s is not allowed: a desolation token is never placed in a home realm, nor where a desolation or Frost token lies", s.FormatAction(a))
		}
	}
	if (a.Kind == kCarry || a.Kind == kReveal || a.Kind == kDiscard) && s.free && a.Arg[0] >= 0 && int(a.Arg[0]) < len(s.c.Areas) &&
		s.runeAt(int(a.Arg[0])) < 0 && s.city[a.Arg[0]] >= 0 && s.c.Cities[s.city[a.Arg[0]]].Runes > 0 {
		return engine.Illegal("Runewars rules, Rise of the Free Cities", "%s is not allowed: an Alternate City's dragon rune is no rune token and is immune to what moves, reveals or discards them", s.FormatAction(a))
	}
	if a.Kind == kGo && a.Arg[0] >= 0 && int(a.Arg[0]) < len(s.c.Heroes) {
		if hf := &s.heroes[a.Arg[0]]; hf.cmd > 0 && hf.owner == int8(a.Seat) && s.inPlay(int(a.Arg[0])) && s.active[hf.area].Has(a.Seat) && s.stage == stResolve {
			return engine.Illegal("Commanders of the Battlefield, CMD-HERO", "%s is not allowed: a Commander never leaves an area his owner has activated", s.FormatAction(a))
		}
	}
	if a.Kind == kBuild && s.lostCityAt(int(a.Arg[0])) {
		return engine.Illegal("Runewars rules, The Lost City", "%s is not allowed: strongholds cannot be built in the Lost City", s.FormatAction(a))
	}
	if a.Kind == kLay {
		if rule, why := s.whyLay(a); why != "" {
			return engine.Illegal(rule, "%s is not allowed: %s", s.FormatAction(a), why)
		}
	}
	if a.Kind == kRune && s.stage == stRunes && a.Arg[0] >= 0 && a.Arg[0] <= 1 &&
		s.players[a.Seat].runeHand[1-a.Arg[0]] == 0 {
		return engine.Illegal(w.rule, "%s is not allowed: each player places exactly 1 dragon rune and 1 false rune", s.FormatAction(a))
	}
	return engine.Illegal(w.rule, "%s is not allowed now: %s", s.FormatAction(a), w.why)
}

// whyLay names the one laying rule a refused tile breaks (Runewars rules,
// Setup ¶ and 1), or "" when it cannot tell.
func (s *State) whyLay(a engine.Action) (rule, why string) {
	t := int(a.Arg[0])
	if s.stage != stTiles && s.stage != stHomes || t < 0 || t >= len(s.c.Tiles) || a.Arg[3] < 0 || a.Arg[3] > 5 {
		return "", ""
	}
	p := int8(a.Seat)
	mine := false
	if s.stage == stTiles {
		mine = s.tileHand[p][0] == int8(t) || s.tileHand[p][1] == int8(t) || t == s.c.LostTile && s.lostHand == p
	} else {
		mine = s.c.Homes[s.players[p].faction] == t
	}
	if !mine {
		return "Runewars rules, Setup", "a player lays the tiles of his own setup quests, then his home realm"
	}
	pl := placement{at: hex{a.Arg[1], a.Arg[2]}, turn: int8(a.Arg[3])}
	if why := s.b.layCheck(s.c, s.b.frontier(s.c), t, pl, true); why != "" {
		if s.c.LostTile >= 0 && strings.Contains(why, "border") && s.b.yellowNear(s.c, t, pl) {
			return "Runewars rules, The Lost City", "a red or blue border would touch tile 12's yellow border"
		}
		return "Runewars rules, Setup", why
	}
	if why := s.b.lostCheck(s.c, t, pl); why != "" {
		return "Runewars rules, The Lost City", why
	}
	if s.c.Tiles[t].Home >= 0 && s.b.homes != 0 && s.b.homeDistance(s.c, t, pl) < 3 {
		return "Runewars rules, Setup 1", "a home realm lies at least 3 areas from the other home realms"
	}
	return "", ""
}

// FormatAction returns the text form of a.
func (s *State) FormatAction(a engine.Action) string {
	if int(a.Kind) >= numActionKinds {
		return fmt.Sprintf("?%d", a.Kind)
	}
	w := actionWords[a.Kind]
	x, y, z, v := int(a.Arg[0]), int(a.Arg[1]), int(a.Arg[2]), int(a.Arg[3])
	area := func(i int) string {
		if i >= 0 && i < len(s.c.Areas) {
			return s.c.Areas[i].ID
		}
		return "?"
	}
	unit := func(i int) string {
		if i >= 0 && i < len(s.c.Units) {
			return s.c.Units[i].ID
		}
		return "?"
	}
	switch a.Kind {
	case kLay:
		t := "?"
		if x >= 0 && x < len(s.c.Tiles) {
			t = s.c.Tiles[x].ID
		}
		return fmt.Sprintf("lay %s at %d,%d turn %d", t, y, z, v)
	case kRune:
		return fmt.Sprintf("rune %s %s", map[bool]string{true: "dragon", false: "false"}[x == 1], area(y))
	case kKeep, kDiscard, kPut, kAllies, kReveal, kFrost, kActivate, kRepair, kRetreat, kCapital, kPeasant:
		return w + " " + area(x)
	case kBuy:
		return "buy " + s.devID(x)
	case kDevelop:
		if y >= 0 {
			return fmt.Sprintf("develop %s from %s", area(x), area(y))
		}
		return "develop " + area(x)
	case kPlace:
		if z >= 0 {
			return fmt.Sprintf("place %s %s from %s", unit(x), area(y), area(z))
		}
		return fmt.Sprintf("place %s %s", unit(x), area(y))
	case kTake:
		if x == 0 {
			return "take influence"
		}
		return "take tactics"
	case kLose:
		return fmt.Sprintf("lose %s %s", unit(x), area(y))
	case kBid, kParley:
		return fmt.Sprintf("%s %d", w, x)
	case kChoose:
		if x >= 0 && x < len(s.c.Fate) {
			return fmt.Sprintf("choose %d", s.c.Fate[x].ID)
		}
		return "choose ?"
	case kCarry:
		return fmt.Sprintf("carry %s %s", area(x), area(y))
	case kOrder:
		if x >= 1 && x <= oFortify {
			return "order " + orderNames[x]
		}
		return "order ?"
	case kMove:
		return fmt.Sprintf("move %s %s %s", unit(x), area(y), area(z))
	case kRecruit:
		if x >= 0 && x < int(numResources) {
			return "recruit " + resourceNames[x]
		}
		return "recruit ?"
	case kBuild:
		if y >= 0 {
			return fmt.Sprintf("build %s from %s", area(x), area(y))
		}
		return "build " + area(x)
	case kFirst, kHit, kStand:
		return w + " " + unit(x)
	case kSeize:
		if x >= 0 {
			return "seize from " + area(x)
		}
		return "seize"
	case kHero:
		return "hero " + area(x)
	case kGo:
		return fmt.Sprintf("go %s %s", s.heroID(x), area(y))
	case kHeal, kDesert, kGuard, kLead:
		return w + " " + s.heroID(x)
	case kCommand:
		if y >= 0 {
			return fmt.Sprintf("command %s from %s", s.heroID(x), s.heroID(y))
		}
		return "command " + s.heroID(x)
	case kRally:
		if x == 1 {
			return "rally commander"
		}
		return "rally heroes"
	case kAssign:
		c := "?"
		if x >= 0 && x < len(s.c.Commanders) {
			c = s.c.Commanders[x].ID
		}
		return fmt.Sprintf("assign %s %s", c, s.heroID(y))
	case kFoe:
		if x == 1 {
			return "foe ward"
		}
		return "foe strike"
	case kAbandon:
		q := "?"
		if x >= 0 && x < len(s.c.Quests) {
			q = s.c.Quests[x].ID
		}
		return "abandon " + q
	case kTrain:
		if z >= 0 {
			return fmt.Sprintf("train %s %s %s", s.heroID(x), attrID(y), attrID(z))
		}
		return fmt.Sprintf("train %s %s", s.heroID(x), attrID(y))
	case kDuel:
		return fmt.Sprintf("duel %s %s", s.heroID(x), s.heroID(y))
	case kSupport:
		return fmt.Sprintf("support %s %s", s.heroID(x), unit(y))
	case kDrop:
		if x >= 0 && x < len(s.c.Fate) {
			return fmt.Sprintf("drop %d", s.c.Fate[x].ID)
		}
		return "drop ?"
	case kObjective:
		return "objective " + s.objectiveID(x)
	case kTitle:
		return fmt.Sprintf("title %s %d", s.titleID(x), y)
	case kAward:
		return "award " + s.g.SeatName(engine.Seat(x))
	case kPlay:
		if x >= 0 && x < len(s.c.Tactics) && s.c.Tactics[x].Effect == TeDesolate {
			return "play " + s.tacticID(x) + " " + area(y)
		}
		if x >= 0 && x < len(s.c.Tactics) && s.c.Tactics[x].Effect == TeLure {
			return "play " + s.tacticID(x) + " " + area(y) + " " + area(z)
		}
		return "play " + s.tacticID(x)
	case kGive:
		rw := "?"
		if z >= 0 && z < len(s.c.Rewards) {
			rw = s.c.Rewards[z].ID
		}
		return fmt.Sprintf("give %s %s %s", s.heroID(x), s.heroID(y), rw)
	case kQuest:
		q := "?"
		if y >= 0 && y < len(s.c.Quests) {
			q = s.c.Quests[y].ID
		}
		return fmt.Sprintf("quest %s %s", s.heroID(x), q)
	}
	return w
}

// ParseAction parses the text form of one of seat's actions.
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return engine.Action{}, fmt.Errorf("empty action")
	}
	kind := -1
	for k, w := range actionWords {
		if w == f[0] {
			kind = k
		}
	}
	if kind < 0 {
		return engine.Action{}, fmt.Errorf("unknown action %q (actions: %s)", f[0], strings.Join(actionWords[:], ", "))
	}
	p := int8(seat)
	args := f[1:]
	want := func(n int, form string) error {
		if len(args) != n {
			return fmt.Errorf("%s: want %q", f[0], form)
		}
		return nil
	}
	area := func(t string) (int, error) {
		if a, ok := s.c.AreaByID(t); ok {
			return a, nil
		}
		return 0, fmt.Errorf("%s: no area %q", f[0], t)
	}
	unit := func(t string) (int, error) {
		if u, ok := s.c.UnitByID(t); ok {
			return u, nil
		}
		return 0, fmt.Errorf("%s: no unit %q", f[0], t)
	}
	hero := func(t string) (int, error) {
		if h, ok := s.c.HeroByID(t); ok {
			return h, nil
		}
		return 0, fmt.Errorf("%s: no hero %q", f[0], t)
	}
	num := func(t string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(t)
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("%s: %q is not a number from %d to %d", f[0], t, lo, hi)
		}
		return n, nil
	}
	switch kind {
	case kLay:
		bad := fmt.Errorf("lay: want \"lay TILE at Q,R turn T\"")
		if len(args) != 5 || args[1] != "at" || args[3] != "turn" {
			return engine.Action{}, bad
		}
		t, ok := s.c.TileByID(args[0])
		if !ok {
			return engine.Action{}, fmt.Errorf("lay: no tile %q", args[0])
		}
		qs, rs, ok := strings.Cut(args[2], ",")
		if !ok {
			return engine.Action{}, bad
		}
		q, err := num(qs, -50, 50)
		if err != nil {
			return engine.Action{}, err
		}
		r, err := num(rs, -50, 50)
		if err != nil {
			return engine.Action{}, err
		}
		turn, err := num(args[4], 0, 5)
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, t, q, r, turn), nil
	case kRune:
		if err := want(2, "rune dragon|false AREA"); err != nil {
			return engine.Action{}, err
		}
		if args[0] != "dragon" && args[0] != "false" {
			return engine.Action{}, fmt.Errorf("rune: %q is not dragon or false", args[0])
		}
		a, err := area(args[1])
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, b2i(args[0] == "dragon"), a), nil
	case kHeal, kDesert, kGuard, kLead:
		if err := want(1, f[0]+" HERO"); err != nil {
			return engine.Action{}, err
		}
		h, err := hero(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, h), nil
	case kCommand:
		if len(args) != 1 && !(len(args) == 3 && args[1] == "from") {
			return engine.Action{}, fmt.Errorf("command: want \"command HERO [from HERO]\"")
		}
		h, err := hero(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		from := -1
		if len(args) == 3 {
			if from, err = hero(args[2]); err != nil {
				return engine.Action{}, err
			}
		}
		return act(p, kind, h, from), nil
	case kRally, kFoe:
		words := [2]string{"heroes", "commander"}
		if kind == kFoe {
			words = [2]string{"strike", "ward"}
		}
		if err := want(1, f[0]+" "+words[0]+"|"+words[1]); err != nil {
			return engine.Action{}, err
		}
		for i, w := range words {
			if args[0] == w {
				return act(p, kind, i), nil
			}
		}
		return engine.Action{}, fmt.Errorf("%s: %q is not %s or %s", f[0], args[0], words[0], words[1])
	case kAssign:
		if err := want(2, "assign COMMANDER HERO"); err != nil {
			return engine.Action{}, err
		}
		c, ok := s.c.CommanderByID(args[0])
		if !ok {
			return engine.Action{}, fmt.Errorf("assign: no Commander card %q", args[0])
		}
		h, err := hero(args[1])
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, c, h), nil
	case kAbandon:
		if err := want(1, "abandon QUEST"); err != nil {
			return engine.Action{}, err
		}
		q, ok := s.c.QuestByID(args[0])
		if !ok {
			return engine.Action{}, fmt.Errorf("abandon: no quest %q", args[0])
		}
		return act(p, kind, q), nil
	case kGo:
		if err := want(2, "go HERO AREA"); err != nil {
			return engine.Action{}, err
		}
		h, err := hero(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		a, err := area(args[1])
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, h, a), nil
	case kDuel:
		if err := want(2, "duel HERO HERO"); err != nil {
			return engine.Action{}, err
		}
		h, err := hero(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		o, err := hero(args[1])
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, h, o), nil
	case kTrain:
		if len(args) != 2 && len(args) != 3 {
			return engine.Action{}, fmt.Errorf("train: want \"train HERO ATTRIBUTE [ATTRIBUTE]\"")
		}
		h, err := hero(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		vals := []int{h}
		for _, t := range args[1:] {
			at, err := parseAttr("train", t)
			if err != nil {
				return engine.Action{}, fmt.Errorf("train: %q is not strength, agility or wisdom", t)
			}
			vals = append(vals, int(at))
		}
		if len(vals) == 2 {
			vals = append(vals, -1)
		}
		if vals[1] == vals[2] {
			return engine.Action{}, fmt.Errorf("train: two different attributes, or one")
		}
		if vals[2] >= 0 && vals[2] < vals[1] {
			vals[1], vals[2] = vals[2], vals[1]
		}
		return act(p, kind, vals...), nil
	case kQuest:
		if err := want(2, "quest HERO QUEST"); err != nil {
			return engine.Action{}, err
		}
		h, err := hero(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		q, ok := s.c.QuestByID(args[1])
		if !ok {
			return engine.Action{}, fmt.Errorf("quest: no quest %q", args[1])
		}
		return act(p, kind, h, q), nil
	case kGive:
		if err := want(3, "give HERO HERO REWARD"); err != nil {
			return engine.Action{}, err
		}
		h, err := hero(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		o, err := hero(args[1])
		if err != nil {
			return engine.Action{}, err
		}
		r, ok := s.c.RewardByID(args[2])
		if !ok {
			return engine.Action{}, fmt.Errorf("give: no reward card %q", args[2])
		}
		return act(p, kind, h, o, r), nil
	case kTitle:
		if err := want(2, "title TITLE N"); err != nil {
			return engine.Action{}, err
		}
		t, ok := s.c.TitleByID(args[0])
		if !ok {
			return engine.Action{}, fmt.Errorf("title: no title %q", args[0])
		}
		n, err := num(args[1], 0, 999)
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, t, n), nil
	case kPlay:
		if len(args) == 0 {
			return engine.Action{}, fmt.Errorf("play: want \"play TACTIC\" or \"play TACTIC AREA\"")
		}
		k, ok := s.c.TacticByID(args[0])
		if !ok {
			return engine.Action{}, fmt.Errorf("play: no Tactics card %q", args[0])
		}
		if s.c.Tactics[k].Effect == TeLure {
			// A lure names the neutral units' area and where they go
			// (RW-R51).
			if err := want(3, "play TACTIC FROM TO"); err != nil {
				return engine.Action{}, err
			}
			a, err := area(args[1])
			if err != nil {
				return engine.Action{}, err
			}
			b, err := area(args[2])
			if err != nil {
				return engine.Action{}, err
			}
			return act(p, kind, k, a, b), nil
		}
		if s.c.Tactics[k].Effect == TeDesolate {
			// A desolation token's card names its area (RW-D15).
			if err := want(2, "play TACTIC AREA"); err != nil {
				return engine.Action{}, err
			}
			a, err := area(args[1])
			if err != nil {
				return engine.Action{}, err
			}
			return act(p, kind, k, a), nil
		}
		if err := want(1, "play TACTIC"); err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, k), nil
	case kAward:
		if err := want(1, "award FACTION"); err != nil {
			return engine.Action{}, err
		}
		for q := 0; q < int(s.n); q++ {
			if s.g.SeatName(engine.Seat(q)) == args[0] {
				return act(p, kind, q), nil
			}
		}
		return engine.Action{}, fmt.Errorf("award: no faction %q in this match", args[0])
	case kBuy:
		if err := want(1, "buy DEVELOPMENT"); err != nil {
			return engine.Action{}, err
		}
		d, ok := s.c.DevByID(args[0])
		if !ok {
			return engine.Action{}, fmt.Errorf("buy: no Development card %q", args[0])
		}
		return act(p, kind, d), nil
	case kObjective:
		if err := want(1, "objective OBJECTIVE"); err != nil {
			return engine.Action{}, err
		}
		o, ok := s.c.ObjectiveByID(args[0])
		if !ok {
			return engine.Action{}, fmt.Errorf("objective: no objective %q", args[0])
		}
		return act(p, kind, o), nil
	case kKeep, kDiscard, kPut, kAllies, kReveal, kFrost, kActivate, kRepair, kRetreat, kHero, kCapital, kPeasant:
		if err := want(1, f[0]+" AREA"); err != nil {
			return engine.Action{}, err
		}
		a, err := area(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, a), nil
	case kPlace, kBuild, kDevelop:
		form := "place UNIT AREA [from AREA]"
		n := 2
		if kind != kPlace {
			form, n = f[0]+" AREA [from AREA]", 1
		}
		if len(args) != n && !(len(args) == n+2 && args[n] == "from") {
			return engine.Action{}, fmt.Errorf("%s: want %q", f[0], form)
		}
		var vals []int
		if kind == kPlace {
			u, err := unit(args[0])
			if err != nil {
				return engine.Action{}, err
			}
			vals = append(vals, u)
		}
		a, err := area(args[n-1])
		if err != nil {
			return engine.Action{}, err
		}
		vals = append(vals, a)
		from := -1
		if len(args) == n+2 {
			if from, err = area(args[n+1]); err != nil {
				return engine.Action{}, err
			}
		}
		return act(p, kind, append(vals, from)...), nil
	case kTake:
		if err := want(1, "take influence|tactics"); err != nil {
			return engine.Action{}, err
		}
		switch args[0] {
		case "influence":
			return act(p, kind, 0), nil
		case "tactics":
			return act(p, kind, 1), nil
		}
		return engine.Action{}, fmt.Errorf("take: %q is not influence or tactics", args[0])
	case kLose, kMove:
		n, form := 2, "lose UNIT AREA"
		if kind == kMove {
			n, form = 3, "move UNIT FROM TO"
		}
		if err := want(n, form); err != nil {
			return engine.Action{}, err
		}
		u, err := unit(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		vals := []int{u}
		for _, t := range args[1:] {
			a, err := area(t)
			if err != nil {
				return engine.Action{}, err
			}
			vals = append(vals, a)
		}
		return act(p, kind, vals...), nil
	case kBid, kParley:
		if err := want(1, f[0]+" N"); err != nil {
			return engine.Action{}, err
		}
		hi := 6
		if kind == kBid {
			hi = 999
		}
		n, err := num(args[0], 0, hi)
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, n), nil
	case kSupport:
		if err := want(2, "support HERO UNIT"); err != nil {
			return engine.Action{}, err
		}
		h, err := hero(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		u, err := unit(args[1])
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, h, u), nil
	case kChoose, kDrop:
		if err := want(1, f[0]+" CARD"); err != nil {
			return engine.Action{}, err
		}
		n, err := num(args[0], 1, len(s.c.Fate))
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, n-1), nil
	case kCarry:
		if err := want(2, "carry FROM TO"); err != nil {
			return engine.Action{}, err
		}
		a, err := area(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		b, err := area(args[1])
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, a, b), nil
	case kOrder:
		if err := want(1, "order NAME"); err != nil {
			return engine.Action{}, err
		}
		for o := 1; o <= oFortify; o++ {
			if orderNames[o] == args[0] {
				return act(p, kind, o), nil
			}
		}
		return engine.Action{}, fmt.Errorf("order: %q is not an order (%s)", args[0], strings.Join(orderNames[1:], ", "))
	case kRecruit:
		if err := want(1, "recruit food|wood|ore"); err != nil {
			return engine.Action{}, err
		}
		r, err := parseResource("recruit", args[0])
		if err != nil {
			return engine.Action{}, fmt.Errorf("recruit: %q is not food, wood or ore", args[0])
		}
		return act(p, kind, int(r)), nil
	case kFirst, kHit, kStand:
		if err := want(1, f[0]+" UNIT"); err != nil {
			return engine.Action{}, err
		}
		u, err := unit(args[0])
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, u), nil
	case kSeize:
		if len(args) == 0 {
			return act(p, kind, -1), nil
		}
		if len(args) != 2 || args[0] != "from" {
			return engine.Action{}, fmt.Errorf("seize: want \"seize [from AREA]\"")
		}
		a, err := area(args[1])
		if err != nil {
			return engine.Action{}, err
		}
		return act(p, kind, a), nil
	}
	if len(args) != 0 {
		return engine.Action{}, fmt.Errorf("%s takes no argument", f[0])
	}
	return act(p, kind), nil
}

// heroID returns hero card h's id, or "?".
func (s *State) heroID(h int) string {
	if h >= 0 && h < len(s.c.Heroes) {
		return s.c.Heroes[h].ID
	}
	return "?"
}

// attrID returns attribute a's name, or "?".
func attrID(a int) string {
	if a >= 0 && a < int(numAttrs) {
		return attrNames[a]
	}
	return "?"
}
