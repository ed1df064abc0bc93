package runewars

import (
	"fmt"

	"skald/engine"
	"skald/engine/decide"
)

const duelRounds = 4 // Heroes 1b

// legalDuels lists the duels hero h may start where it stands: against
// another player's hero there, routed or not; a routed hero does not
// start one (Heroes 1b; checklist 81, 85).
func (s *State) legalDuels(p int8, h int, buf []engine.Action) []engine.Action {
	hf := &s.heroes[h]
	if hf.routed {
		return buf
	}
	for o := range s.c.Heroes {
		of := &s.heroes[o]
		if of.owner >= 0 && of.owner != p && of.area == hf.area {
			buf = append(buf, act(p, kDuel, h, o))
		}
	}
	return buf
}

// bestReward returns the N of the best reward card of kind k under hero
// h: a hero uses one weapon and one armor in a duel, as often as it may
// (Heroes 1b; checklist 80; RW-R33).
func (s *State) bestReward(h int, k RewardKind) int {
	best := 0
	for r := range s.c.Rewards {
		if s.heroes[h].rewards&(1<<uint(r)) != 0 && s.c.Rewards[r].Kind == k {
			best = max(best, s.c.Rewards[r].N)
		}
	}
	return best
}

// strike returns the damage hero h deals with the circle section of fate
// card c: its damage, or on a special symbol its weapon's damage and its
// duel ability's (Heroes 1b; RW-R33).
func (s *State) strike(h, c int) int {
	sec := s.c.Fate[c].Sections[Circle]
	switch sec.Result {
	case Damage:
		return int(sec.N)
	case Special:
		n := s.bestReward(h, Weapon)
		if ab := &s.c.Heroes[h].Ability; ab.Kind == HeDuel {
			n += ab.N
		}
		return n
	}
	return 0
}

// guard returns the damage hero h does not take in a round: all of it on
// a rout symbol, else its armor's and its armor ability's (Heroes 1b).
func (s *State) guard(h, c int) int {
	if s.c.Fate[c].Sections[Circle].Result == Rout {
		return 99
	}
	n := s.bestReward(h, Armor)
	if ab := &s.c.Heroes[h].Ability; ab.Kind == HeArmor {
		n += ab.N
	}
	return n
}

// duelFight is the duel being fought (Heroes 1b): between two heroes, or
// a hero and a quest's imaginary foe (Heroes: imaginary units; RW-R50).
type duelFight struct {
	on     bool
	a      int8  // the challenger
	d      int8  // the hero challenged, or -1: the quest's foe
	q      int8  // the quest whose foe is fought, or -1
	phase  uint8 // dlTactics or dlFoe
	side   int8  // dlTactics: the side deciding, 0 the challenger, 1 the other
	round  int8  // rounds fought
	ca, cd int8  // the round's fate cards, while the foe's controller decides
	foeDmg int8  // damage on the foe
	ctl    int8  // decides for the foe: the player to the left of the challenger's
}

// Duel phases.
const (
	dlTactics uint8 = iota // a side may play Tactics cards (Heroes 1b)
	dlFoe                  // the foe's controller strikes or wards
)

// duelSeat returns the seat that plays side of the duel, or -1 for the
// foe, for whom no one plays Tactics cards (RW-R50).
func (s *State) duelSeat(side int8) int8 {
	if side == 0 {
		return s.heroes[s.dl.a].owner
	}
	if s.dl.d < 0 {
		return -1
	}
	return s.heroes[s.dl.d].owner
}

// startDuel has hero a challenge hero d, or the foe of quest q (d < 0):
// first the challenger's player, then the other's, may play Tactics cards
// (Heroes 1b; checklist 81), then the rounds are fought.
func (s *State) startDuel(a, d, q int, l *engine.Log) {
	af := &s.heroes[a]
	af.acted = true
	s.qph.hero, s.qph.steps = -1, 0
	s.dl = duelFight{on: true, a: int8(a), d: int8(d), q: int8(q), ca: -1, cd: -1,
		ctl: int8(decide.Left(engine.Seat(af.owner), int(s.n)))}
	if d >= 0 {
		l.Add(engine.Everyone, "duel", "%s challenges %s to a duel in %s", &s.c.Heroes[a], &s.c.Heroes[d], &s.c.Areas[af.area])
	} else {
		qc := &s.c.Quests[q]
		l.Add(engine.Everyone, "duel", "%s attempts %s: a duel against %s (health %d), for whom %s decides", &s.c.Heroes[a], qc, qc.Foe.Name, qc.Foe.Health, s.fac(s.dl.ctl))
	}
	s.duelTactics(0, l)
}

// duelTactics offers the Tactics window to side and then the other, or
// fights the rounds once neither has a card to play.
func (s *State) duelTactics(from int8, l *engine.Log) {
	if a, d := s.duelDown(); a || d {
		s.duelEnd(l) // a Tactics card's strike ended it
		return
	}
	for side := from; side < 2; side++ {
		if seat := s.duelSeat(side); seat >= 0 && s.canPlay(seat, TwDuel, side) {
			s.dl.phase, s.dl.side = dlTactics, side
			return
		}
	}
	s.duelRounds(l)
}

// duelDown reports whether the challenger and the other side are
// defeated.
func (s *State) duelDown() (aDown, dDown bool) {
	dl := &s.dl
	aDown = int(s.heroes[dl.a].dmg) >= s.c.Heroes[dl.a].Health
	if dl.d >= 0 {
		dDown = int(s.heroes[dl.d].dmg) >= s.c.Heroes[dl.d].Health
	} else {
		dDown = int(dl.foeDmg) >= s.c.Quests[dl.q].Foe.Health
	}
	return
}

// duelRounds fights the duel's rounds, 4 at most or until a side is
// defeated: both draw a fate card and read its circle section, the
// challenger's first, the effects at once. Against a foe whose card shows
// a special symbol, its controller decides (RW-R50).
func (s *State) duelRounds(l *engine.Log) {
	dl := &s.dl
	for {
		if a, d := s.duelDown(); a || d || int(dl.round) >= duelRounds {
			break
		}
		ca, cd := s.drawFate(), s.drawFate()
		if ca < 0 || cd < 0 {
			s.discardFate(ca)
			s.discardFate(cd)
			break
		}
		dl.round++
		if dl.d < 0 && s.c.Fate[cd].Sections[Circle].Result == Special {
			dl.phase, dl.ca, dl.cd = dlFoe, int8(ca), int8(cd)
			return
		}
		s.duelRound(ca, cd, false, l)
	}
	s.duelEnd(l)
}

// foeDecides applies the foe's special: strike (its strike damage) or
// ward (it takes no damage this round), then fights on.
func (s *State) foeDecides(ward bool, l *engine.Log) {
	dl := &s.dl
	what := "strikes"
	if ward {
		what = "wards off the blow"
	}
	l.Add(engine.Everyone, "duel", "%s decides for %s: it %s", s.fac(dl.ctl), s.c.Quests[dl.q].Foe.Name, what)
	ca, cd := int(dl.ca), int(dl.cd)
	dl.ca, dl.cd = -1, -1
	s.duelRound(ca, cd, ward, l)
	s.duelRounds(l)
}

// duelRound applies one round's cards: ca the challenger's, cd the other
// side's; ward is the foe's choice on a special symbol.
func (s *State) duelRound(ca, cd int, ward bool, l *engine.Log) {
	dl := &s.dl
	a := int(dl.a)
	af := &s.heroes[a]
	var toD, toA int
	var name fmt.Stringer
	if d := int(dl.d); d >= 0 {
		toD = max(s.strike(a, ca)-s.guard(d, cd), 0)
		toA = max(s.strike(d, cd)-s.guard(a, ca), 0)
		s.heroes[d].dmg += int8(min(toD, 20))
		name = &s.c.Heroes[d]
	} else {
		foe := &s.c.Quests[dl.q].Foe
		sec := s.c.Fate[cd].Sections[Circle]
		strike, guard := 0, 0
		switch sec.Result {
		case Damage:
			strike = int(sec.N)
		case Rout:
			guard = 99
		case Special:
			if ward {
				guard = 99
			} else {
				strike = foe.Strike
			}
		}
		toD = max(s.strike(a, ca)-guard, 0)
		toA = max(strike-s.guard(a, ca), 0)
		dl.foeDmg += int8(min(toD, 20))
		name = foeName(foe.Name)
	}
	af.dmg += int8(min(toA, 20))
	l.Add(engine.Everyone, "duel", "round %d: %s draws card %d (%s), %s card %d (%s); %s takes %d damage, %s %d",
		dl.round, &s.c.Heroes[a], s.c.Fate[ca].ID, &s.c.Fate[ca].Sections[Circle], name, s.c.Fate[cd].ID,
		&s.c.Fate[cd].Sections[Circle], name, toD, &s.c.Heroes[a], toA)
	s.discardFate(ca)
	s.discardFate(cd)
}

type foeName string

func (f foeName) String() string { return string(f) }

// strikeFirst deals a Tactics card's n damage to the other side of seat's
// duel before its rounds (RW-R49).
func (s *State) strikeFirst(p int8, n int, l *engine.Log) {
	dl := &s.dl
	if p == s.heroes[dl.a].owner {
		if dl.d >= 0 {
			s.heroes[dl.d].dmg += int8(n)
			l.Add(engine.Everyone, "duel", "%s takes %d damage", &s.c.Heroes[dl.d], n)
		} else {
			dl.foeDmg += int8(n)
			l.Add(engine.Everyone, "duel", "%s takes %d damage", s.c.Quests[dl.q].Foe.Name, n)
		}
		return
	}
	s.heroes[dl.a].dmg += int8(n)
	l.Add(engine.Everyone, "duel", "%s takes %d damage", &s.c.Heroes[dl.a], n)
}

// duelEnd settles the duel: the damage stays; a defeated hero's figure
// and card are removed and the winner takes its reward cards (Heroes 1b;
// Defeated heroes; checklist 80-85, 89; RW-R33). Against a foe, the quest
// is passed when the foe is defeated, and failed otherwise (RW-R50).
func (s *State) duelEnd(l *engine.Log) {
	aDown, dDown := s.duelDown()
	dl := s.dl
	s.dl = duelFight{}
	a, d := int(dl.a), int(dl.d)
	if d < 0 {
		qc := &s.c.Quests[dl.q]
		switch {
		case aDown:
			l.Add(engine.Everyone, "quest", "%s falls to %s and fails %s", &s.c.Heroes[a], qc.Foe.Name, qc)
			s.defeat(a, -1, l)
		case dDown:
			l.Add(engine.Everyone, "quest", "%s defeats %s", &s.c.Heroes[a], qc.Foe.Name)
			s.questPassed(a, int(dl.q), l)
		default:
			l.Add(engine.Everyone, "quest", "%s still stands after %d rounds: %s fails %s", qc.Foe.Name, duelRounds, &s.c.Heroes[a], qc)
		}
		return
	}
	switch {
	case aDown && dDown:
		// Both fall: neither wins; their reward cards stay where they fell
		// (Defeated heroes; RW-R33).
		s.defeat(a, -1, l)
		s.defeat(d, -1, l)
	case aDown:
		s.defeat(a, d, l)
	case dDown:
		s.defeat(d, a, l)
	default:
		l.Add(engine.Everyone, "duel", "the duel ends after %d rounds: no hero is defeated", duelRounds)
	}
}

// defeat removes hero h, defeated: a winner w (a hero, or -1) takes its
// reward cards; without one they stay on a Defeated Hero marker in its
// area, for the next hero who comes (Defeated heroes; checklist 84, 89).
// Its card is discarded until Rally Support shuffles it back (Order
// cards 6).
func (s *State) defeat(h, w int, l *engine.Log) {
	hf := &s.heroes[h]
	if w >= 0 {
		s.heroes[w].rewards |= hf.rewards
		l.Add(engine.Everyone, "duel", "%s defeats %s and takes its %d reward cards", &s.c.Heroes[w], &s.c.Heroes[h], popcount(hf.rewards))
	} else {
		s.dropped[hf.area] |= hf.rewards
		l.Add(engine.Everyone, "hero", "%s is defeated; its %d reward cards stay in %s", &s.c.Heroes[h], popcount(hf.rewards), &s.c.Areas[hf.area])
	}
	if hf.cmd > 0 {
		s.cOut |= 1 << uint(hf.cmd-1) // CMD-BAT: the card discarded (checklist 131)
		l.Add(engine.Everyone, "commander", "%s's Commander card %s is discarded", &s.c.Heroes[h], &s.c.Commanders[hf.cmd-1])
		s.lieutenantLost(hf.owner, l) // CMD-LG (checklist 132)
	}
	*hf = heroFig{owner: -1, area: noArea, out: true}
	if w >= 0 {
		s.objectiveEvent(s.heroes[w].owner, OgDuel, l) // a duel won (RW-D12)
	}
}
