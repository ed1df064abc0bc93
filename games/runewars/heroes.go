package runewars

import "skald/engine"

// heroFig is a hero card and, once in play, its figure on the board.
// Heroes are figures but never units (Limits 9): the census, control and
// the 8-unit limit do not see them.
type heroFig struct {
	owner   int8 // the seat that has it, or -1: in its deck or discarded
	area    int8 // noArea until it is placed
	routed  bool
	dmg     int8
	train   [numAttrs]int8 // the training token on each attribute: 0, 1 or 2 (Heroes 3)
	rewards uint32         // reward cards under it, face down (Heroes 1a)
	acted   bool           // has acted in this quest phase
	moved   bool           // has moved with the Strategize being resolved
	out     bool           // discarded (defeated, deserted) until Rally Support reshuffles it
	support int8           // in a battle: the unit type it supports, plus 1; 0 for none (Battles 3)
	cmd     int8           // its Commander card, plus 1; 0 for none (CMD-SETUP; RW-D19)
}

// Quest card whereabouts, beside a holding seat.
const (
	qOut     = -3 // not used in this game (Setup 3)
	qDiscard = -2
	qDeck    = -1
)

// questPhase is the Summer quest phase being played (Heroes).
type questPhase struct {
	on    bool
	cmd   bool // the Commander step at its start (CMD-REC): seat decides
	first int8 // the player who acts first

	seat   int8   // the player whose heroes act
	left   int8   // players still to act, him included
	hero   int8   // the hero moving (Heroes 1), or -1
	steps  int8   // areas it has moved
	traded uint32 // reward cards traded in this phase, once each (RW-R37)
}

const questLimit = 3 // quest cards in hand (Limits 5)

const heroLimit = 3 // hero cards a player has (Limits 4)

// inPlay reports whether hero card h is a figure on the board.
func (s *State) inPlay(h int) bool { return s.heroes[h].owner >= 0 && s.heroes[h].area != noArea }

// prepareHeroes shuffles the hero decks, builds the quest deck of the
// quests whose area is on the board, setup quests included, and deals two
// quests to each player (Setup 3, 6; checklist 8, 11).
func (s *State) prepareHeroes(l *engine.Log) {
	for i := range s.c.Heroes {
		s.heroes[i] = heroFig{owner: -1, area: noArea}
	}
	s.nhdeck = [2]int8{}
	for i := range s.c.Heroes {
		g := b2i(s.c.Heroes[i].Good)
		s.hdeck[g][s.nhdeck[g]] = int8(i)
		s.nhdeck[g]++
	}
	for g := range s.hdeck {
		d := &s.hdeck[g]
		s.rng.Shuffle(int(s.nhdeck[g]), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
	s.buildQuestDeck()
	s.shuffleQuests()
	for i := range s.c.Rewards {
		s.rdeck[i] = int8(i)
	}
	s.nrdeck = int8(len(s.c.Rewards))
	s.shuffleRewards()
	for p := int8(0); p < s.n; p++ {
		s.drawQuest(p, l)
		s.drawQuest(p, l)
	}
}

// buildQuestDeck puts every quest whose area is on the board in the
// deck, in the content's order; the others are out of the game (Setup 3).
func (s *State) buildQuestDeck() {
	s.nqdeck = 0
	for q := range s.c.Quests {
		s.qAt[q] = qOut
		if s.b.placed.has(s.c.Quests[q].Area) {
			s.qAt[q] = qDeck
			s.qdeck[s.nqdeck] = int8(q)
			s.nqdeck++
		}
	}
}

func (s *State) shuffleQuests() {
	d := &s.qdeck
	s.rng.Shuffle(int(s.nqdeck), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

func (s *State) shuffleRewards() {
	d := &s.rdeck
	s.rng.Shuffle(int(s.nrdeck), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

// questsOf counts the quest cards seat holds.
func (s *State) questsOf(p int8) int {
	n := 0
	for q := range s.c.Quests {
		if s.qAt[q] == p {
			n++
		}
	}
	return n
}

// questCards reports whether a quest card can be drawn: the deck, or the
// discards to shuffle into it (Limits 1).
func (s *State) questCards() bool {
	if s.nqdeck > 0 {
		return true
	}
	for q := range s.c.Quests {
		if s.qAt[q] == qDiscard {
			return true
		}
	}
	return false
}

// drawQuest gives seat the top quest card; an empty deck is made again
// from the discards (Heroes 1a; Limits 1). A player holding a fourth
// discards down to 3 (Limits 5; checklist 138).
func (s *State) drawQuest(p int8, l *engine.Log) {
	if s.nqdeck == 0 {
		for q := range s.c.Quests {
			if s.qAt[q] == qDiscard {
				s.qAt[q] = qDeck
				s.qdeck[s.nqdeck] = int8(q)
				s.nqdeck++
			}
		}
		s.shuffleQuests()
	}
	if s.nqdeck == 0 {
		return
	}
	q := s.qdeck[0]
	copy(s.qdeck[:s.nqdeck], s.qdeck[1:s.nqdeck])
	s.nqdeck--
	s.qAt[q] = p
	l.Add(engine.Everyone, "quest", "%s draws a quest card", s.fac(p))
	l.Add(engine.Seats(engine.Seat(p)), "quest", "(it is %s)", &s.c.Quests[q])
	if n := s.questsOf(p); n > questLimit {
		for i := 0; i < int(s.nask); i++ {
			if c := &s.ask[i]; c.kind == chQuests && c.seat == p {
				c.n = int8(n - questLimit) // one choice, however many drawn
				return
			}
		}
		s.push(choice{kind: chQuests, seat: p, n: int8(n - questLimit)})
	}
}

// drawReward puts the top reward card under hero h, face down; an empty
// deck is made again from the discards (Heroes 1a; Limits 1).
func (s *State) drawReward(h int, l *engine.Log) {
	if s.nrdeck == 0 {
		for r := range s.c.Rewards {
			if s.rOut&(1<<uint(r)) != 0 {
				s.rdeck[s.nrdeck] = int8(r)
				s.nrdeck++
			}
		}
		s.rOut = 0
		s.shuffleRewards()
	}
	if s.nrdeck == 0 {
		return
	}
	r := s.rdeck[0]
	copy(s.rdeck[:s.nrdeck], s.rdeck[1:s.nrdeck])
	s.nrdeck--
	s.heroes[h].rewards |= 1 << uint(r)
	l.Add(engine.Seats(engine.Seat(s.heroes[h].owner)), "reward", "(%s's reward card is %s)", &s.c.Heroes[h], &s.c.Rewards[r])
}

// dealHero deals seat the top hero of his faction's alignment (Setup 6);
// it reports whether there was one.
func (s *State) dealHero(p int8, l *engine.Log) bool {
	g := b2i(s.c.Factions[s.players[p].faction].Good)
	if s.nhdeck[g] == 0 {
		return false
	}
	h := s.hdeck[g][0]
	copy(s.hdeck[g][:s.nhdeck[g]], s.hdeck[g][1:s.nhdeck[g]])
	s.nhdeck[g]--
	s.heroes[h].owner = p
	s.heroes[h].area = noArea
	l.Add(engine.Everyone, "hero", "%s is dealt %s", s.fac(p), &s.c.Heroes[h])
	return true
}

// unplaced returns seat's hero still to place, or -1.
func (s *State) unplaced(p int8) int {
	for h := range s.c.Heroes {
		if s.heroes[h].owner == p && s.heroes[h].area == noArea {
			return h
		}
	}
	return -1
}

// attr is hero h's attribute a: its card's, its training token and the
// items under it (Heroes 1a, 3; RW-D11).
func (s *State) attr(h int, a Attr) int {
	hf := &s.heroes[h]
	v := s.c.Heroes[h].Attrs[a] + int(hf.train[a])
	for r := range s.c.Rewards {
		if hf.rewards&(1<<uint(r)) != 0 && s.c.Rewards[r].Kind == Item && s.c.Rewards[r].Attr == a {
			v += s.c.Rewards[r].N
		}
	}
	return v
}

// heroRange is how far hero h moves in the quest phase: 2 areas, more
// with a swift ability (Heroes 1; RW-D10).
func (s *State) heroRange(h int) int {
	if ab := &s.c.Heroes[h].Ability; ab.Kind == HeSwift {
		return 2 + ab.N
	}
	return 2
}

// arrive lets hero h take the reward cards of a Defeated Hero marker in
// the area it enters (Defeated heroes).
func (s *State) arrive(h int, l *engine.Log) {
	a := s.heroes[h].area
	if s.dropped[a] != 0 {
		s.heroes[h].rewards |= s.dropped[a]
		s.dropped[a] = 0
		l.Add(engine.Everyone, "reward", "%s takes the reward cards of the defeated hero in %s", &s.c.Heroes[h], &s.c.Areas[a])
	}
}

// goHero moves hero h one area, with Strategize or in the quest phase.
func (s *State) goHero(h, to int, l *engine.Log) {
	hf := &s.heroes[h]
	from := int(hf.area)
	hf.area = int8(to)
	l.Add(engine.Everyone, "move", "%s moves %s from %s to %s", s.fac(hf.owner), &s.c.Heroes[h], &s.c.Areas[from], &s.c.Areas[to])
	s.arrive(h, l)
	if s.stage == stResolve {
		hf.moved = true
		return
	}
	s.qph.hero, s.qph.steps = int8(h), s.qph.steps+1
}

// legalHeroSteps lists Strategize's hero moves: one area into any area,
// enemy or neutral too, out of activated areas too; routed heroes stay
// (Order cards 1; checklist 27, 28).
func (s *State) legalHeroSteps(p int8, buf []engine.Action) []engine.Action {
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner != p || hf.area == noArea || hf.routed || hf.moved {
			continue
		}
		if hf.cmd > 0 && s.active[hf.area].Has(engine.Seat(p)) {
			continue // a Commander never leaves an activated area (CMD-HERO; checklist 29)
		}
		s.steps(int(hf.area), false).each(func(a int) { buf = append(buf, act(p, kGo, h, a)) })
	}
	return buf
}

// startQuestPhase begins Summer's quest phase: from the player who played
// the lowest order card last season, clockwise, each player's heroes act
// (Heroes; checklist 18, 76). Equal orders go to the first in play order.
func (s *State) startQuestPhase() {
	any := false
	for h := range s.c.Heroes {
		s.heroes[h].acted = false
		any = any || s.inPlay(h)
	}
	if !any {
		return
	}
	first := int8(0)
	for p := int8(1); p < s.n; p++ {
		if s.revealed[p] < s.revealed[first] {
			first = p
		}
	}
	s.qph = questPhase{on: true, seat: first, first: first, left: s.n, hero: -1, cmd: s.cmds}
}

// canAct reports whether hero h may still act in the quest phase.
func (s *State) canAct(h int) bool {
	hf := &s.heroes[h]
	if !s.inPlay(h) || hf.acted {
		return false
	}
	if !hf.routed || hf.dmg > 0 && s.controller(int(hf.area)) == hf.owner {
		return true
	}
	for _, t := range hf.train {
		if t == 0 {
			return true
		}
	}
	return false
}

// questAuto moves the quest phase past players whose heroes cannot act;
// it reports whether it did anything.
func (s *State) questAuto() bool {
	q := &s.qph
	if q.cmd {
		if len(s.legalCommandStep(q.seat, nil)) > 0 {
			return false
		}
		s.cmdStepNext()
		return true
	}
	if q.hero >= 0 {
		return false
	}
	for h := range s.c.Heroes {
		if s.heroes[h].owner == q.seat && s.canAct(h) {
			return false
		}
	}
	s.nextQuester()
	return true
}

// nextQuester passes the quest phase to the next player clockwise, or
// ends it.
func (s *State) nextQuester() {
	q := &s.qph
	q.hero, q.steps = -1, 0
	if q.left--; q.left <= 0 {
		s.qph = questPhase{hero: -1}
		return
	}
	q.seat = (q.seat + 1) % s.n
}

// legalQuestPhase lists seat's choices for his heroes: Heal, Train, or
// Move and then a Quest; done ends a hero's move, or his turn (Heroes 1-3).
func (s *State) legalQuestPhase(p int8, buf []engine.Action) []engine.Action {
	q := &s.qph
	if q.cmd {
		return append(s.legalCommandStep(p, buf), act(p, kSkip)) // CMD-REC
	}
	if q.hero >= 0 {
		h := int(q.hero)
		if int(q.steps) < s.heroRange(h) {
			s.steps(int(s.heroes[h].area), false).each(func(a int) { buf = append(buf, act(p, kGo, h, a)) })
		}
		buf = s.legalQuests(p, h, buf)
		buf = s.legalDuels(p, h, buf)
		buf = s.legalTrades(p, buf)
		buf = s.legalPlays(p, TwQuest, 0, buf) // Ambush (Limits 11)
		return append(buf, act(p, kDone))
	}
	buf = s.legalTrades(p, buf)
	buf = s.legalPlays(p, TwQuest, 0, buf)
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner != p || !s.canAct(h) {
			continue
		}
		if hf.dmg > 0 && s.controller(int(hf.area)) == p {
			buf = append(buf, act(p, kHeal, h))
		}
		for a := 0; a < int(numAttrs); a++ {
			if hf.train[a] != 0 {
				continue
			}
			buf = append(buf, act(p, kTrain, h, a, -1))
			for b := a + 1; b < int(numAttrs); b++ {
				if hf.train[b] == 0 {
					buf = append(buf, act(p, kTrain, h, a, b))
				}
			}
		}
		if !hf.routed {
			s.steps(int(hf.area), false).each(func(a int) { buf = append(buf, act(p, kGo, h, a)) })
			buf = s.legalQuests(p, h, buf)
			buf = s.legalDuels(p, h, buf)
		}
	}
	return append(buf, act(p, kDone))
}

// legalQuests lists the quests seat holds that hero h may attempt where
// it stands (Heroes 1a).
func (s *State) legalQuests(p int8, h int, buf []engine.Action) []engine.Action {
	if s.heroes[h].routed || s.isCmd(h) { // CMD-HERO: no quests (checklist 127)
		return buf
	}
	for q := range s.c.Quests {
		if s.qAt[q] == p && s.c.Quests[q].Area == int(s.heroes[h].area) {
			buf = append(buf, act(p, kQuest, h, q))
		}
	}
	return buf
}

// heal removes all of hero h's damage in a friendly area (Heroes 2;
// TN-19: his own damage).
func (s *State) heal(h int, l *engine.Log) {
	hf := &s.heroes[h]
	hf.dmg, hf.acted = 0, true
	l.Add(engine.Everyone, "heal", "%s heals %s in %s", s.fac(hf.owner), &s.c.Heroes[h], &s.c.Areas[hf.area])
}

// trainHero spends the 2 points of Train: 2 on attribute a, or 1 on a and
// 1 on b; one token an attribute (Heroes 3; TN-20).
func (s *State) trainHero(h, a, b int, l *engine.Log) {
	hf := &s.heroes[h]
	hf.acted = true
	if b < 0 {
		hf.train[a] = 2
		l.Add(engine.Everyone, "train", "%s trains %s: %s +2", s.fac(hf.owner), &s.c.Heroes[h], Attr(a))
		return
	}
	hf.train[a], hf.train[b] = 1, 1
	l.Add(engine.Everyone, "train", "%s trains %s: %s +1, %s +1", s.fac(hf.owner), &s.c.Heroes[h], Attr(a), Attr(b))
}

// attempt has hero h attempt quest q: it draws fate cards equal to the
// attribute tested (more with a quest ability) and passes when one shows
// the quest's destiny or a better one; the reward cards go under it face
// down and a new quest is drawn at once (Heroes 1a; RW-R28).
func (s *State) attempt(h, q int, l *engine.Log) {
	hf := &s.heroes[h]
	p := hf.owner
	qc := &s.c.Quests[q]
	if qc.Foe.Health > 0 {
		s.startDuel(h, -1, q, l) // an imaginary foe (RW-R50)
		return
	}
	n := s.attr(h, qc.Test)
	if ab := &s.c.Heroes[h].Ability; ab.Kind == HeQuest {
		n += ab.N
	}
	pass := false
	s.ndrawn = 0
	for i := 0; i < n; i++ {
		c := s.drawFate()
		if c < 0 {
			break
		}
		if int(s.ndrawn) < len(s.drawnCards) {
			s.drawnCards[s.ndrawn] = int8(c)
			s.ndrawn++
		}
		if s.c.Fate[c].Destiny <= qc.Pass {
			pass = true
		}
		s.discardFate(c)
	}
	hf.acted = true
	s.qph.hero, s.qph.steps = -1, 0
	l.Add(engine.Everyone, "quest", "%s attempts %s with %s (%s: %d fate cards): %s", s.fac(p), qc, &s.c.Heroes[h], qc.Test, n, (*destinyText)(s))
	if !pass {
		l.Add(engine.Everyone, "quest", "%s fails %s", &s.c.Heroes[h], qc)
		return
	}
	s.questPassed(h, q, l)
}

// questPassed gives hero h quest q's rewards, face down, and its player a
// new quest card at once (Heroes 1a).
func (s *State) questPassed(h, q int, l *engine.Log) {
	p := s.heroes[h].owner
	qc := &s.c.Quests[q]
	s.qAt[q] = qDiscard
	l.Add(engine.Everyone, "quest", "%s passes %s and takes %d reward cards, face down", &s.c.Heroes[h], qc, qc.Rewards)
	for i := 0; i < qc.Rewards; i++ {
		s.drawReward(h, l)
	}
	if qc.Lost {
		s.lostCityAppears(l) // LC; RW-D16
	}
	s.drawQuest(p, l)
	s.objectiveEvent(p, OgQuest, l) // a quest passed (RW-D12)
}

// destinyText prints the destiny symbols of the fate cards last drawn.
type destinyText State

func (d *destinyText) String() string {
	s := (*State)(d)
	out := ""
	for i := 0; i < int(s.ndrawn); i++ {
		if i > 0 {
			out += ", "
		}
		out += s.c.Fate[s.drawnCards[i]].Destiny.String()
	}
	if out == "" {
		return "no cards"
	}
	return out
}

// questDone ends a hero's move, or the player's turn of the quest phase.
func (s *State) questDone() {
	q := &s.qph
	if q.hero >= 0 {
		s.heroes[q.hero].acted = true
		q.hero, q.steps = -1, 0
		return
	}
	s.nextQuester()
}

// heroesOf counts seat's heroes in play, his Commanders aside (CMD-HERO,
// LIM4: they do not count against the limit).
func (s *State) heroesOf(p int8) int {
	n := 0
	for h := range s.c.Heroes {
		if s.heroes[h].owner == p && !s.isCmd(h) {
			n++
		}
	}
	return n
}

// rallyHero plays Rally Support's Supremacy Bonus: the discarded hero
// cards are shuffled back into their decks, and the player is dealt a
// hero of his alignment to place in an area with one of his strongholds;
// with 3 heroes already (Limits 4) he may first have one desert, or skip
// (Order cards 6; checklist 37; RW-R36).
func (s *State) rallyHero(p int8, l *engine.Log) {
	for g := range s.hdeck {
		back := false
		for h := range s.c.Heroes {
			if hf := &s.heroes[h]; hf.out && b2i(s.c.Heroes[h].Good) == g {
				hf.out = false
				s.hdeck[g][s.nhdeck[g]] = int8(h)
				s.nhdeck[g]++
				back = true
			}
		}
		if back {
			d := &s.hdeck[g]
			s.rng.Shuffle(int(s.nhdeck[g]), func(i, j int) { d[i], d[j] = d[j], d[i] })
		}
	}
	if s.keepAreas(p) == 0 {
		return
	}
	if s.cmds && s.cmdCards() {
		room := false
		s.assignable(p, func(int) { room = true })
		if room {
			s.ord.phase = opRally // CMD-REC: a hero, or Commander cards
			return
		}
	}
	s.rallyDeal(p, l)
}

// rallyDeal deals the player a hero with Rally Support's Supremacy Bonus,
// or has him choose one to desert first (Order cards 6; Limits 4).
func (s *State) rallyDeal(p int8, l *engine.Log) {
	if s.heroesOf(p) >= heroLimit {
		s.ord.phase = opHero
		return
	}
	if s.dealHero(p, l) {
		s.ord.phase = opHero
	}
}

// legalRallyHero lists where the hero dealt may go, or, with 3 heroes,
// which may desert to make room (or skip).
func (s *State) legalRallyHero(p int8, buf []engine.Action) []engine.Action {
	if s.unplaced(p) >= 0 {
		s.keepAreas(p).each(func(a int) { buf = append(buf, act(p, kHero, a)) })
		return buf
	}
	for h := range s.c.Heroes {
		// A Commander is not counted by the limit, so his desertion makes
		// no room (CMD-HERO).
		if s.heroes[h].owner == p && s.inPlay(h) && !s.isCmd(h) {
			buf = append(buf, act(p, kDesert, h))
		}
	}
	return append(buf, act(p, kSkip))
}

// desert removes hero h: its figure leaves the board and its reward cards
// are discarded face up (Deserting heroes; checklist 90). Its card is
// discarded, to be shuffled back by Rally Support.
func (s *State) desert(h int, l *engine.Log) {
	hf := &s.heroes[h]
	s.rOut |= hf.rewards
	l.Add(engine.Everyone, "hero", "%s: %s deserts; its %d reward cards are discarded face up", s.fac(hf.owner), &s.c.Heroes[h], popcount(hf.rewards))
	*hf = heroFig{owner: -1, area: noArea, out: true}
}

// legalTrades lists the reward cards seat may pass between two of his
// heroes in the same area, in his turn of the quest phase: a hero moving
// trades with the heroes of the areas it passes (Heroes 1a; checklist 79;
// RW-R37). Each card moves once a phase.
func (s *State) legalTrades(p int8, buf []engine.Action) []engine.Action {
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner != p || !s.inPlay(h) || hf.rewards&^s.qph.traded == 0 {
			continue
		}
		for o := range s.c.Heroes {
			if o == h || s.heroes[o].owner != p || !s.inPlay(o) || s.heroes[o].area != hf.area {
				continue
			}
			for r := range s.c.Rewards {
				if hf.rewards&^s.qph.traded&(1<<uint(r)) != 0 {
					buf = append(buf, act(p, kGive, h, o, r))
				}
			}
		}
	}
	return buf
}

// give passes reward card r from hero h to hero o (RW-R37).
func (s *State) give(h, o, r int, l *engine.Log) {
	s.heroes[h].rewards &^= 1 << uint(r)
	s.heroes[o].rewards |= 1 << uint(r)
	s.qph.traded |= 1 << uint(r)
	l.Add(engine.Everyone, "reward", "%s gives %s to %s", &s.c.Heroes[h], &s.c.Rewards[r], &s.c.Heroes[o])
}
