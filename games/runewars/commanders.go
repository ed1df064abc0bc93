package runewars

import (
	"fmt"
	"strconv"
	"strings"

	"skald/engine"
)

// Commanders of the Battlefield (CMD; option commanders): Commander cards
// under heroes, designed [D] RW-D19.

const maxCommanders = 8 // Commander cards in heroes.yaml

// CmdEffect is what a Commander card does for his troops (CMD-BAT).
type CmdEffect uint8

// Commander card effects (heroes.yaml documents them).
const (
	CmAttack CmdEffect = iota // N more strength attacking
	CmDefend                  // N more strength defending
	CmBattle                  // N more strength in any battle
	CmGuard                   // he may take up to N damage of his troops' in a battle
	CmVolley                  // at the start of a battle, N damage on enemy units he chooses
)

// CommanderCard is one Commander card [D] RW-D19.
type CommanderCard struct {
	ID, Name string
	Text     string
	Kind     CmdEffect
	N        int
}

// String returns the card's name.
func (c *CommanderCard) String() string { return c.Name }

type commanderEntry struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Effect string `yaml:"effect"`
}

// CommanderByID returns the index of the Commander card with the id.
func (c *Content) CommanderByID(id string) (int, bool) {
	for i := range c.Commanders {
		if c.Commanders[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// loadCommanders checks heroes.yaml's commanders.
func (c *Content) loadCommanders(es []commanderEntry) error {
	if len(es) > maxCommanders {
		return fmt.Errorf("field commanders: %d cards, at most %d", len(es), maxCommanders)
	}
	kinds := map[string]CmdEffect{"attack": CmAttack, "defend": CmDefend, "battle": CmBattle, "guard": CmGuard, "volley": CmVolley}
	for i, e := range es {
		err := func() error {
			if err := checkWord("id", e.ID); err != nil {
				return err
			}
			for j := 0; j < i; j++ {
				if es[j].ID == e.ID {
					return fmt.Errorf("field id: listed twice")
				}
			}
			if err := checkName("name", e.Name, maxNameLen); err != nil {
				return err
			}
			f := strings.Fields(e.Effect)
			k, ok := CmdEffect(0), false
			if len(f) == 2 {
				k, ok = kinds[f[0]]
			}
			n, err := 0, error(nil)
			if ok {
				n, err = strconv.Atoi(f[1])
			}
			if !ok || err != nil || n < 1 || n > 3 {
				return fmt.Errorf("field effect: %q: want attack N, defend N, battle N, guard N or volley N (N 1-3)", e.Effect)
			}
			c.Commanders = append(c.Commanders, CommanderCard{ID: e.ID, Name: e.Name, Text: e.Effect, Kind: k, N: n})
			return nil
		}()
		if err != nil {
			return fmt.Errorf("commander %q: %w", e.ID, err)
		}
	}
	return nil
}

// isCmd reports whether hero h is a Commander.
func (s *State) isCmd(h int) bool { return s.heroes[h].cmd > 0 }

// prepareCommanders shuffles the Commander deck (CMD-SETUP).
func (s *State) prepareCommanders() {
	s.ncdeck = 0
	s.cOut = 0
	for i := range s.c.Commanders {
		s.cdeck[s.ncdeck] = int8(i)
		s.ncdeck++
	}
	d := &s.cdeck
	s.rng.Shuffle(int(s.ncdeck), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

// drawCommander takes the top Commander card, the discards shuffled back
// when the deck is empty (Limits 1); -1 when there is none.
func (s *State) drawCommander() int {
	if s.ncdeck == 0 {
		for i := range s.c.Commanders {
			if s.cOut&(1<<uint(i)) != 0 {
				s.cdeck[s.ncdeck] = int8(i)
				s.ncdeck++
			}
		}
		s.cOut = 0
		d := &s.cdeck
		s.rng.Shuffle(int(s.ncdeck), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
	if s.ncdeck == 0 {
		return -1
	}
	c := s.cdeck[0]
	copy(s.cdeck[:s.ncdeck], s.cdeck[1:s.ncdeck])
	s.ncdeck--
	return int(c)
}

// cmdsOf counts seat's Commanders.
func (s *State) cmdsOf(p int8) int {
	n := 0
	for h := range s.c.Heroes {
		if s.heroes[h].owner == p && s.isCmd(h) {
			n++
		}
	}
	return n
}

// needsCommander reports whether seat must still name his Commander at
// setup (CMD-SETUP): his two heroes placed and none is Commander yet.
func (s *State) needsCommander(p int8) bool {
	return s.cmds && s.stage == stHero && s.unplaced(p) < 0 && s.cmdsOf(p) == 0 && len(s.c.Commanders) > 0
}

// legalCommand lists the heroes seat may make his Commander at setup.
func (s *State) legalCommand(p int8, buf []engine.Action) []engine.Action {
	for h := range s.c.Heroes {
		if s.heroes[h].owner == p && s.inPlay(h) && !s.isCmd(h) {
			buf = append(buf, act(p, kCommand, h, -1))
		}
	}
	return buf
}

// command draws a Commander card and puts it under hero h, with the
// Commander token (CMD-SETUP; checklist 126).
func (s *State) command(h int, l *engine.Log) {
	c := s.drawCommander()
	if c < 0 {
		return
	}
	s.makeCommander(h, c, l)
}

// makeCommander puts Commander card c under hero h, who had none.
func (s *State) makeCommander(h, c int, l *engine.Log) {
	hf := &s.heroes[h]
	hf.cmd = int8(c + 1)
	l.Add(engine.Everyone, "commander", "%s makes %s Commander with %s (%s)", s.fac(hf.owner), &s.c.Heroes[h], &s.c.Commanders[c], s.c.Commanders[c].Text)
}

// cmdLimit is how many Commanders seat may have: one, or two while his
// Lieutenant General is in play (CMD-LG; Limits 4, 6; checklist 132;
// TN-28: two in all).
func (s *State) cmdLimit(p int8) int {
	if s.players[p].lieut > 0 {
		return 2
	}
	return 1
}

// inKeep reports whether hero h stands in an area with one of its
// owner's strongholds.
func (s *State) inKeep(h int) bool {
	hf := &s.heroes[h]
	return s.inPlay(h) && s.keeps[hf.area].owner == hf.owner
}

// cmdCards reports whether a Commander card can be drawn: the deck, or
// the discards to shuffle into it (Limits 1).
func (s *State) cmdCards() bool { return s.ncdeck > 0 || s.cOut != 0 }

// cmdBottom puts Commander card c on the bottom of the deck (CMD-REC).
func (s *State) cmdBottom(c int) {
	if int(s.ncdeck) < len(s.cdeck) {
		s.cdeck[s.ncdeck] = int8(c)
		s.ncdeck++
	}
}

// legalCmdMoves lists the Commanders' moves with Mobilize and Conquer:
// into the activated area from up to 2 areas away, as units move, but
// through any areas, enemy ones too, and never out of an area their
// owner has activated (CMD-HERO; checklist 29; RW-R47).
func (s *State) legalCmdMoves(p int8, buf []engine.Action) []engine.Action {
	o := &s.ord
	if !s.cmds || o.value == oStrategize || o.target < 0 {
		return buf
	}
	t := int(o.target)
	var from areaSet
	done := false
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner != p || hf.cmd == 0 || !s.inPlay(h) || hf.routed || hf.moved || int(hf.area) == t || s.active[hf.area].Has(engine.Seat(p)) {
			continue
		}
		if !done {
			from, done = s.reach(t, 2, false, s.b.placed), true
		}
		if from.has(int(hf.area)) {
			buf = append(buf, act(p, kGo, h, t))
		}
	}
	return buf
}

// assignable lists the heroes a Commander card drawn with Rally Support
// may go under: his Commanders (the card replaces theirs) and, while he
// has fewer Commanders than he may, his heroes in areas with his
// strongholds (CMD-REC; RW-R48).
func (s *State) assignable(p int8, fn func(h int)) {
	room := s.cmdsOf(p) < s.cmdLimit(p)
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner == p && s.inPlay(h) && (hf.cmd > 0 || room && s.inKeep(h)) {
			fn(h)
		}
	}
}

// rallyCommander plays Rally Support's Supremacy Bonus the Commanders'
// way: the player draws 2 Commander cards, face up, and keeps at most one
// (CMD-REC; checklist 38; RW-R48).
func (s *State) rallyCommander(p int8, l *engine.Log) {
	o := &s.ord
	o.ncd = 0
	for i := 0; i < len(o.cd); i++ {
		c := s.drawCommander()
		if c < 0 {
			break
		}
		o.cd[o.ncd] = int8(c)
		o.ncd++
	}
	o.phase = opFinished
	if o.ncd == 0 {
		return
	}
	o.phase = opAssign
	names := ""
	for i := 0; i < int(o.ncd); i++ {
		if i > 0 {
			names += " and "
		}
		names += s.c.Commanders[o.cd[i]].Name
	}
	l.Add(engine.Everyone, "commander", "%s draws Commander cards instead of a hero: %s", s.fac(p), names)
}

// legalAssign lists where each Commander card drawn may go, or skip to
// keep none.
func (s *State) legalAssign(p int8, buf []engine.Action) []engine.Action {
	o := &s.ord
	for i := 0; i < int(o.ncd); i++ {
		c := int(o.cd[i])
		s.assignable(p, func(h int) { buf = append(buf, act(p, kAssign, c, h)) })
	}
	return append(buf, act(p, kSkip))
}

// assign keeps Commander card c under hero h: a Commander's old card and
// the other card drawn go to the bottom of the deck (CMD-REC). With c < 0
// none is kept.
func (s *State) assign(p int8, c, h int, l *engine.Log) {
	o := &s.ord
	for i := 0; i < int(o.ncd); i++ {
		if int(o.cd[i]) != c {
			s.cmdBottom(int(o.cd[i]))
		}
	}
	o.ncd = 0
	if c < 0 {
		l.Add(engine.Everyone, "commander", "%s keeps no Commander card", s.fac(p))
		return
	}
	hf := &s.heroes[h]
	if hf.cmd == 0 {
		s.makeCommander(h, c, l)
		return
	}
	s.cmdBottom(int(hf.cmd - 1))
	l.Add(engine.Everyone, "commander", "%s puts %s under %s, in place of %s", s.fac(p), &s.c.Commanders[c], &s.c.Heroes[h], &s.c.Commanders[hf.cmd-1])
	hf.cmd = int8(c + 1)
}

// legalCommandStep lists seat's choices at the start of the quest phase:
// the Commander's role (his card and token) moved to a hero of his in an
// area with one of his strongholds, or, with fewer Commanders than he may
// have, a Commander card drawn for such a hero (CMD-REC; checklist 74,
// 75).
func (s *State) legalCommandStep(p int8, buf []engine.Action) []engine.Action {
	room := s.cmdsOf(p) < s.cmdLimit(p) && s.cmdCards()
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner != p || hf.cmd > 0 || !s.inKeep(h) {
			continue
		}
		for c := range s.c.Heroes {
			if s.heroes[c].owner == p && s.heroes[c].cmd > 0 && s.inPlay(c) {
				buf = append(buf, act(p, kCommand, h, c))
			}
		}
		if room {
			buf = append(buf, act(p, kCommand, h, -1))
		}
	}
	return buf
}

// transfer moves the Commander's role from hero from to hero h: his card
// and token (CMD-REC; checklist 74).
func (s *State) transfer(h, from int, l *engine.Log) {
	hf, ff := &s.heroes[h], &s.heroes[from]
	hf.cmd, ff.cmd = ff.cmd, 0
	l.Add(engine.Everyone, "commander", "%s makes %s Commander in place of %s, with %s", s.fac(hf.owner), &s.c.Heroes[h], &s.c.Heroes[from], &s.c.Commanders[hf.cmd-1])
}

// cmdStepNext passes the quest phase's Commander step to the next player,
// or begins the heroes' turns from the first player.
func (s *State) cmdStepNext() {
	q := &s.qph
	if q.left--; q.left > 0 {
		q.seat = (q.seat + 1) % s.n
		return
	}
	q.cmd, q.seat, q.left = false, q.first, s.n
}

// guardian returns the Commander of side who may take the head damage
// for his troops: not routed, in the battle's area, whose card lets him
// and who has taken less than it allows in this battle; or -1 (CMD-BAT;
// checklist 130).
func (s *State) guardian(side int8) int {
	b := &s.bat
	seat := b.sideSeat(side)
	if !s.cmds || seat < 0 {
		return -1
	}
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner != seat || hf.cmd == 0 || hf.routed || hf.area != b.area {
			continue
		}
		if cc := &s.c.Commanders[hf.cmd-1]; cc.Kind == CmGuard && int(b.guarded[side]) < cc.N {
			return h
		}
	}
	return -1
}

// guardHit puts one damage of the head hit on Commander h instead of on a
// unit, by his controller's choice; a Commander whose damage reaches his
// health is defeated (CMD-BAT; checklist 130, 131).
func (s *State) guardHit(h int, l *engine.Log) {
	b := &s.bat
	hit := &b.q[0]
	hf := &s.heroes[h]
	hf.dmg++
	b.guarded[hit.side]++
	l.Add(engine.Everyone, "damage", "%s takes 1 damage for his troops (%s)", &s.c.Heroes[h], &s.c.Commanders[hf.cmd-1])
	if hit.n--; hit.n <= 0 {
		s.popHit()
	}
	if int(hf.dmg) >= s.c.Heroes[h].Health {
		s.defeat(h, -1, l)
	}
}

// leaders calls fn with each Commander of side whose card he may use at
// the start of this battle: in its area, not routed, not used yet, facing
// enemy units taking part (CMD-BAT; Battles 4).
func (s *State) leaders(side int8, fn func(h int)) {
	b := &s.bat
	seat := b.sideSeat(side)
	if !s.cmds || seat < 0 {
		return
	}
	foes := false
	for i := 0; i < int(s.nfigs); i++ {
		if f := &s.figs[i]; f.battle && b.sideOf(f) != side {
			foes = true
			break
		}
	}
	if !foes {
		return
	}
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner == seat && hf.cmd > 0 && !hf.routed && hf.area == b.area && b.led&(1<<uint(h)) == 0 &&
			s.c.Commanders[hf.cmd-1].Kind == CmVolley {
			fn(h)
		}
	}
}

// canLead reports whether side has a Commander who may use his card now.
func (s *State) canLead(side int8) bool {
	ok := false
	s.leaders(side, func(int) { ok = true })
	return ok
}

// lead uses Commander h's card at the start of the battle: N damage, each
// on an enemy unit his controller chooses (CMD-BAT; Battles 4).
func (s *State) lead(h int, l *engine.Log) {
	b := &s.bat
	hf := &s.heroes[h]
	b.led |= 1 << uint(h)
	cc := &s.c.Commanders[hf.cmd-1]
	side := int8(0)
	if hf.owner != b.att {
		side = 1
	}
	for i := 0; i < cc.N; i++ {
		s.queueHit(hit{op: hAimed, side: 1 - side, n: 1})
	}
	l.Add(engine.Everyone, "commander", "%s uses %s: %d damage on enemy units", &s.c.Heroes[h], cc, cc.N)
}

// lieutenantLost discards seat's Lieutenant General once one of his
// Commanders is defeated (CMD-LG; checklist 132).
func (s *State) lieutenantLost(p int8, l *engine.Log) {
	pl := &s.players[p]
	if pl.lieut == 0 {
		return
	}
	c := int(pl.lieut - 1)
	s.tAt[c], s.tNew[c] = tDiscard, 0
	pl.lieut = 0
	l.Add(engine.Everyone, "tactics", "%s's %s is discarded: one of his Commanders is defeated", s.fac(p), &s.c.Tactics[s.c.TacticDeck[c]])
}

// cmdBonus is the strength side's Commanders give his troops battling in
// their area, when they are not routed (CMD-BAT; checklist 128).
func (s *State) cmdBonus(side int8) int {
	b := &s.bat
	seat := b.sideSeat(side)
	if !s.cmds || seat < 0 {
		return 0
	}
	n := 0
	for h := range s.c.Heroes {
		hf := &s.heroes[h]
		if hf.owner != seat || hf.cmd == 0 || hf.routed || hf.area != b.area {
			continue
		}
		cc := &s.c.Commanders[hf.cmd-1]
		if cc.Kind == CmBattle || cc.Kind == CmAttack && side == 0 || cc.Kind == CmDefend && side == 1 {
			n += cc.N
		}
	}
	return n
}
