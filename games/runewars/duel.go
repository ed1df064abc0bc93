package runewars

import "skald/engine"

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

// duel has hero a challenge hero d: 4 rounds, or until a hero is
// defeated; each round both draw a fate card and read its circle section,
// the attacker's first, the effects at once. The damage stays; the winner
// takes the loser's reward cards, and the loser's figure and card are
// removed (Heroes 1b; Defeated heroes; checklist 80-85, 89; RW-R33).
func (s *State) duel(a, d int, l *engine.Log) {
	af, df := &s.heroes[a], &s.heroes[d]
	af.acted = true
	s.qph.hero, s.qph.steps = -1, 0
	l.Add(engine.Everyone, "duel", "%s challenges %s to a duel in %s", &s.c.Heroes[a], &s.c.Heroes[d], &s.c.Areas[af.area])
	for round := 1; round <= duelRounds; round++ {
		ca, cd := s.drawFate(), s.drawFate()
		if ca < 0 || cd < 0 {
			s.discardFate(ca)
			s.discardFate(cd)
			break
		}
		toD := max(s.strike(a, ca)-s.guard(d, cd), 0)
		toA := max(s.strike(d, cd)-s.guard(a, ca), 0)
		af.dmg += int8(min(toA, 20))
		df.dmg += int8(min(toD, 20))
		l.Add(engine.Everyone, "duel", "round %d: %s draws card %d (%s), %s card %d (%s); %s takes %d damage, %s %d",
			round, &s.c.Heroes[a], s.c.Fate[ca].ID, &s.c.Fate[ca].Sections[Circle], &s.c.Heroes[d], s.c.Fate[cd].ID,
			&s.c.Fate[cd].Sections[Circle], &s.c.Heroes[d], toD, &s.c.Heroes[a], toA)
		s.discardFate(ca)
		s.discardFate(cd)
		if int(af.dmg) >= s.c.Heroes[a].Health || int(df.dmg) >= s.c.Heroes[d].Health {
			break
		}
	}
	aDown, dDown := int(af.dmg) >= s.c.Heroes[a].Health, int(df.dmg) >= s.c.Heroes[d].Health
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
	}
	*hf = heroFig{owner: -1, area: noArea, out: true}
	if w >= 0 {
		s.objectiveEvent(s.heroes[w].owner, OgDuel, l) // a duel won (RW-D12)
	}
}
