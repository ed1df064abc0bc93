package runewars

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"skald/engine"
)

// maxTactics is the most Tactics cards the deck may hold.
const maxTactics = 32

// When a Tactics card is played (tactics.yaml documents them; RW-D14).
type TacticWhen uint8

// Tactics card timings.
const (
	TwBattle TacticWhen = iota // at the start of a battle (Battles 4)
	TwAttack                   // the same, as the attacker
	TwDefend                   // the same, as the defender
	TwOrder                    // at the start of his own order
	TwQuest                    // in his turn of the quest phase (Limits 11)
	TwDuel                     // at the start of a duel his hero fights (Heroes 1b)
	numTacticWhens
)

var tacticWhenWords = [numTacticWhens]string{"battle", "attack", "defend", "order", "quest", "duel"}

// TacticEffect is what a Tactics card does.
type TacticEffect uint8

// Tactics card effects.
const (
	TeStrength TacticEffect = iota
	TeInfluence
	TeDial
	TeDraw
	TeWound
	TeDesolate   // a desolation token (Desolation tokens; RW-D15)
	TeStrike     // N damage to the other side of a duel (RW-R49)
	TeLure       // up to N neutral units moved into his area, allied (Diplomacy ¶; RW-R51)
	TeRumor      // N quest cards drawn (Limits 5; RW-R52)
	TeCommanders // Lieutenant General: 2 Commanders (CMD-LG; RW-R53)
	numTacticEffects
)

var tacticEffectWords = [numTacticEffects]string{"strength", "influence", "dial", "draw", "wound", "desolate", "strike", "lure", "rumor", "commanders"}

// Tactic is one kind of Tactics card [D] RW-D14.
type Tactic struct {
	ID, Name string
	Copies   int
	When     TacticWhen
	Effect   TacticEffect
	Res      Resource
	N        int
	Text     string
}

// String returns the card's name.
func (t *Tactic) String() string { return t.Name }

type tacticsFile struct {
	Tactics []struct {
		ID     string `yaml:"id"`
		Name   string `yaml:"name"`
		Copies int    `yaml:"copies"`
		When   string `yaml:"when"`
		Effect string `yaml:"effect"`
	} `yaml:"tactics"`
}

// loadTactics reads tactics.yaml; TacticDeck lists each card's kind.
func (c *Content) loadTactics(data []byte) error {
	var tf tacticsFile
	if err := yaml.UnmarshalWithOptions(data, &tf, yaml.Strict()); err != nil {
		return fmt.Errorf("%s", yaml.FormatError(err, false, true))
	}
	if len(tf.Tactics) == 0 {
		return fmt.Errorf("field tactics: none")
	}
	for i, e := range tf.Tactics {
		t := Tactic{ID: e.ID, Name: e.Name, Copies: e.Copies}
		err := func() error {
			if err := checkWord("id", e.ID); err != nil {
				return err
			}
			for j := 0; j < i; j++ {
				if tf.Tactics[j].ID == e.ID {
					return fmt.Errorf("field id: listed twice")
				}
			}
			if err := checkName("name", e.Name, maxNameLen); err != nil {
				return err
			}
			if err := inRange("copies", e.Copies, 1, 4); err != nil {
				return err
			}
			w := -1
			for k, word := range tacticWhenWords {
				if word == e.When {
					w = k
				}
			}
			if w < 0 {
				return fmt.Errorf("field when: %q is not battle, attack, defend, order, quest or duel", e.When)
			}
			t.When = TacticWhen(w)
			f := strings.Fields(e.Effect)
			bad := fmt.Errorf("field effect: %q: want strength N, influence N, dial RES N, draw N, wound N, strike N, lure N, rumor N (N 1-3), desolate 1 or commanders 2", e.Effect)
			k := -1
			if len(f) > 0 {
				for x, word := range tacticEffectWords {
					if word == f[0] {
						k = x
					}
				}
			}
			if k < 0 {
				return bad
			}
			t.Effect = TacticEffect(k)
			nf := f[1:]
			if t.Effect == TeDial {
				if len(f) != 3 {
					return bad
				}
				r, err := parseResource("effect", f[1])
				if err != nil {
					return bad
				}
				t.Res, nf = r, f[2:]
			}
			if len(nf) != 1 {
				return bad
			}
			n, err := strconv.Atoi(nf[0])
			if err != nil || n < 1 || n > 3 {
				return bad
			}
			t.N = n
			battle := t.When <= TwDefend
			if battle != (t.Effect == TeStrength) || (t.When == TwQuest) != (t.Effect == TeWound) || (t.When == TwDuel) != (t.Effect == TeStrike) {
				return fmt.Errorf("field effect: %q is not played %s (strength is for battles, wound for the quest phase, strike for duels)", e.Effect, e.When)
			}
			if t.Effect == TeDesolate && (t.When != TwOrder || t.N != 1) {
				return fmt.Errorf("field effect: %q: desolate places one token (desolate 1), at the start of an order", e.Effect)
			}
			if (t.Effect == TeLure || t.Effect == TeRumor || t.Effect == TeCommanders) && t.When != TwOrder {
				return fmt.Errorf("field effect: %q is played at the start of an order (when: order)", e.Effect)
			}
			if t.Effect == TeCommanders && t.N != 2 {
				return fmt.Errorf("field effect: %q: Lieutenant General allows 2 Commanders in all (commanders 2; TN-28)", e.Effect)
			}
			t.Text = tacticText(&t)
			return nil
		}()
		if err != nil {
			return fmt.Errorf("tactic %q: %w", e.ID, err)
		}
		c.Tactics = append(c.Tactics, t)
		for k := 0; k < t.Copies; k++ {
			c.TacticDeck = append(c.TacticDeck, int8(i))
		}
	}
	if len(c.TacticDeck) > maxTactics {
		return fmt.Errorf("field tactics: %d cards, at most %d", len(c.TacticDeck), maxTactics)
	}
	return nil
}

func tacticText(t *Tactic) string {
	var when string
	switch t.When {
	case TwBattle:
		when = "At the start of a battle you fight"
	case TwAttack:
		when = "At the start of a battle you fight as the attacker"
	case TwDefend:
		when = "At the start of a battle you fight as the defender"
	case TwOrder:
		when = "At the start of your order"
	case TwDuel:
		when = "At the start of a duel your hero fights"
	default:
		when = "In your turn of the quest phase"
	}
	switch t.Effect {
	case TeStrength:
		return fmt.Sprintf("%s: +%d strength in it.", when, t.N)
	case TeInfluence:
		return fmt.Sprintf("%s: take %d Influence.", when, t.N)
	case TeDial:
		return fmt.Sprintf("%s: raise your %s dial by %d.", when, t.Res, t.N)
	case TeDraw:
		return fmt.Sprintf("%s: draw %d Tactics cards.", when, t.N)
	}
	switch t.Effect {
	case TeStrike:
		return fmt.Sprintf("%s: %d damage to the other side, before the first round.", when, t.N)
	case TeLure:
		return fmt.Sprintf("%s: up to %d neutral units allied to no one, all those of one area, move into an adjacent area you control and become your allies.", when, t.N)
	case TeRumor:
		return fmt.Sprintf("%s: draw %d quest cards, then discard down to 3.", when, t.N)
	case TeCommanders:
		return when + ": keep this card in play; you may have 2 Commanders (5 heroes in all) until one of your Commanders is defeated, when it is discarded."
	}
	if t.Effect == TeDesolate {
		return when + ": place a desolation token in an area outside the home realms with no desolation or Frost token; whoever controls it receives its resources at once, and it produces none afterwards."
	}
	return fmt.Sprintf("%s: %d damage on every other player's hero in an area with one of your heroes (never its last health).", when, t.N)
}

// TacticByID returns the index of the Tactics card kind with the id.
func (c *Content) TacticByID(id string) (int, bool) {
	for i := range c.Tactics {
		if c.Tactics[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

func (s *State) tacticID(k int) string {
	if k >= 0 && k < len(s.c.Tactics) {
		return s.c.Tactics[k].ID
	}
	return "?"
}

// Tactics card whereabouts, beside a holding seat.
const (
	tDeck    = -1
	tDiscard = -2
	tOut     = -3 // not in this match: Lieutenant General without Commanders
	tInPlay  = -4 // in front of its player: Lieutenant General (CMD-LG)
)

// stamp is the season now, to tell the cards drawn in it (Tactics).
func (s *State) stamp() int8 { return s.year*4 + s.season + 1 }

// prepareTactics builds the Tactics deck, shuffled or in the content's
// order.
func (s *State) prepareTactics(shuffle bool) {
	s.ntdeck = 0
	for i, k := range s.c.TacticDeck {
		s.tAt[i], s.tNew[i] = tDeck, 0
		if s.c.Tactics[k].Effect == TeCommanders && !s.cmds {
			s.tAt[i] = tOut // CMD-LG: only with the variant
			continue
		}
		s.tdeck[s.ntdeck] = int8(i)
		s.ntdeck++
	}
	if shuffle {
		// Shuffled with a stream of its own, derived from the match's
		// without drawing from it, so that adding the deck changed no
		// other deal of a seed.
		fork := s.rng.Clone()
		r := engine.NewRand(fork.Uint64() ^ 0x7a5c71c5d0c4e11d)
		d := s.tdeck[:s.ntdeck]
		r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
	for p := range s.players {
		s.players[p].tactics = 0
	}
}

// drawTactics gives seat n Tactics cards from the deck, no more than ten
// in hand (Limits 7); an empty deck is made again from the discards
// (Limits 1). They may not be played this season (Tactics).
func (s *State) drawTactics(seat int8, n int) {
	pl := &s.players[seat]
	for ; n > 0 && int(pl.tactics) < handLimit; n-- {
		if s.ntdeck == 0 {
			for i := range s.c.TacticDeck {
				if s.tAt[i] == tDiscard {
					s.tAt[i] = tDeck
					s.tdeck[s.ntdeck] = int8(i)
					s.ntdeck++
				}
			}
			d := s.tdeck[:s.ntdeck]
			s.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
			if s.ntdeck == 0 {
				return
			}
		}
		c := s.tdeck[0]
		copy(s.tdeck[:s.ntdeck], s.tdeck[1:s.ntdeck])
		s.ntdeck--
		s.tAt[c], s.tNew[c] = seat, s.stamp()
		pl.tactics++
	}
}

// playable returns a card of kind k seat may play now: in his hand, not
// drawn this season (Tactics); or -1.
func (s *State) playable(seat int8, k int) int {
	st := s.stamp()
	for i, kind := range s.c.TacticDeck {
		if int(kind) == k && s.tAt[i] == seat && s.tNew[i] != st {
			return i
		}
	}
	return -1
}

// holds reports whether seat holds a card of kind k.
func (s *State) holds(seat int8, k int) bool {
	for i, kind := range s.c.TacticDeck {
		if int(kind) == k && s.tAt[i] == seat {
			return true
		}
	}
	return false
}

// tacticFits reports whether a card played w fits the moment: the battle
// window of side, his order, his quest turn.
func tacticFits(w TacticWhen, moment TacticWhen, side int8) bool {
	switch moment {
	case TwBattle:
		return w == TwBattle || w == TwAttack && side == 0 || w == TwDefend && side == 1
	}
	return w == moment
}

// legalPlays appends seat's Tactics cards he may play at moment.
func (s *State) legalPlays(p int8, moment TacticWhen, side int8, buf []engine.Action) []engine.Action {
	if s.players[p].tactics == 0 {
		return buf
	}
	for k := range s.c.Tactics {
		if !tacticFits(s.c.Tactics[k].When, moment, side) || s.playable(p, k) < 0 {
			continue
		}
		switch s.c.Tactics[k].Effect {
		case TeLure:
			buf = s.legalLures(p, k, buf)
			continue
		case TeCommanders:
			if !s.cmds || s.players[p].lieut > 0 {
				continue
			}
		case TeRumor:
			if !s.questCards() {
				continue
			}
		}
		if s.c.Tactics[k].Effect == TeDesolate {
			// A card placing a desolation token names its area, one of
			// those where one may go (Desolation tokens; RW-R40).
			s.b.placed.each(func(a int) {
				if s.canDesolate(a) {
					buf = append(buf, act(p, kPlay, k, a))
				}
			})
			continue
		}
		buf = append(buf, act(p, kPlay, k))
	}
	return buf
}

// canPlay reports whether seat holds a card he may play at moment.
func (s *State) canPlay(p int8, moment TacticWhen, side int8) bool {
	var buf [16]engine.Action
	return len(s.legalPlays(p, moment, side, buf[:0])) > 0
}

// playTactic plays a card of kind k (a desolation token's area: area; a
// lure's areas: from area to to):
// it is discarded and does what it says (RW-D14, RW-D15).
func (s *State) playTactic(p int8, k, area, to int, l *engine.Log) {
	c := s.playable(p, k)
	s.tAt[c], s.tNew[c] = tDiscard, 0
	s.players[p].tactics--
	t := &s.c.Tactics[k]
	l.Add(engine.Everyone, "tactics", "%s plays %s", s.fac(p), t)
	switch t.Effect {
	case TeStrength:
		side := int8(0)
		if p != s.bat.att {
			side = 1
		}
		s.bat.bonus[side] += int8(t.N)
	case TeInfluence:
		s.players[p].influence += int16(t.N)
	case TeDial:
		d := &s.players[p].dials[t.Res]
		*d = int8(min(int(*d)+t.N, maxDial))
	case TeDraw:
		s.drawTactics(p, t.N)
	case TeDesolate:
		s.desolate(area, l)
	case TeStrike:
		s.strikeFirst(p, t.N, l)
	case TeLure:
		s.lure(p, area, to, l)
	case TeRumor:
		for i := 0; i < t.N; i++ {
			s.drawQuest(p, l)
		}
	case TeCommanders:
		s.tAt[c] = tInPlay
		s.players[p].lieut = int8(c + 1)
		l.Add(engine.Everyone, "tactics", "%s keeps %s in play: he may have 2 Commanders", s.fac(p), t)
	case TeWound:
		for h := range s.c.Heroes {
			hf := &s.heroes[h]
			if !s.inPlay(h) || hf.owner == p || !s.heroAt(p, int(hf.area)) {
				continue
			}
			if hp := int8(s.c.Heroes[h].Health) - 1; hf.dmg < hp {
				hf.dmg = min(hf.dmg+int8(t.N), hp)
				l.Add(engine.Everyone, "tactics", "%s is wounded", &s.c.Heroes[h])
			}
		}
	}
}

// heroAt reports whether seat has a hero in play in area a.
func (s *State) heroAt(p int8, a int) bool {
	for h := range s.c.Heroes {
		if s.heroes[h].owner == p && s.inPlay(h) && int(s.heroes[h].area) == a {
			return true
		}
	}
	return false
}

// openBattleTactics starts the battle's Tactics window (Battles 4): the
// attacker decides first, then the defender; no one plays for neutral
// units (Diplomacy ¶). A side with no card to play is not asked.
func (s *State) openBattleTactics(from int8) {
	b := &s.bat
	for side := from; side < 2; side++ {
		seat := b.sideSeat(side)
		if seat >= 0 && (s.canPlay(seat, TwBattle, side) || s.canLead(side)) {
			b.phase, b.loser = bTactics, side
			return
		}
	}
	b.phase, b.loser = bSteps, 0
}

// afterPlay goes on once a card is played or a window passed.
func (s *State) afterPlay(p int8, passed bool, l *engine.Log) {
	switch {
	case s.bat.on && s.bat.phase == bTactics:
		side := s.bat.loser
		if passed || !s.canPlay(p, TwBattle, side) && !s.canLead(side) {
			s.openBattleTactics(side + 1)
		}
	case s.dl.on && s.dl.phase == dlTactics:
		side := s.dl.side
		if passed || !s.canPlay(p, TwDuel, side) {
			s.duelTactics(side+1, l)
		}
	case s.stage == stResolve && s.ord.phase == opTactics:
		if passed || !s.canPlay(p, TwOrder, 0) {
			s.resolveOrder(l)
		}
	}
}

// dealTactics deals again the Tactics cards in the others' hands from
// what seat cannot rule out: those and the deck. Each hand keeps its
// count and how many of them were drawn this season, which all see.
func (s *State) dealTactics(seat engine.Seat, r *engine.Rand) {
	var pool, owners, stamps [maxTactics]int8
	np, k := 0, 0
	st := s.stamp()
	for i := range s.c.TacticDeck {
		if at := s.tAt[i]; at >= 0 && engine.Seat(at) != seat || at == tDeck {
			pool[np] = int8(i)
			np++
		}
	}
	for p := int8(0); p < s.n; p++ { // by seat, fresh cards first
		if engine.Seat(p) == seat {
			continue
		}
		for _, fresh := range [2]bool{true, false} {
			for i := range s.c.TacticDeck {
				if s.tAt[i] == p && (s.tNew[i] == st) == fresh {
					owners[k] = p
					if fresh {
						stamps[k] = st
					}
					k++
				}
			}
		}
	}
	r.Shuffle(np, func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	s.ntdeck = 0
	for i, c := range pool[:np] {
		if i < k {
			s.tAt[c], s.tNew[c] = owners[i], stamps[i]
			continue
		}
		s.tAt[c], s.tNew[c] = tDeck, 0
		s.tdeck[s.ntdeck] = c
		s.ntdeck++
	}
}

// canDesolate reports whether a desolation token may go in area a: never
// in a home realm, nor where a desolation or Frost token lies
// (Desolation tokens; checklist 119).
func (s *State) canDesolate(a int) bool {
	return s.b.placed.has(a) && !s.b.homes.has(a) && !s.desol[a] && s.frost[a] == 0
}

// desolate places a desolation token in area a: whoever controls it
// receives at once the resources it provides, its city's too (dials up,
// 8 at most); it produces none afterwards, and the token stays for the
// rest of the match (Desolation tokens; RW-R40).
func (s *State) desolate(a int, l *engine.Log) {
	s.desol[a] = true
	ar := &s.c.Areas[a]
	l.Add(engine.Everyone, "desolation", "a desolation token is placed in %s", ar)
	p := s.take(-1).ctl[a]
	if p < 0 || p >= s.n {
		return
	}
	pl := &s.players[p]
	for r := range pl.dials {
		n := ar.Res[r]
		if c := s.city[a]; c >= 0 {
			n += s.c.Cities[c].Res[r]
		}
		pl.dials[r] = int8(min(int(pl.dials[r])+n, maxDial))
	}
	l.Add(engine.Everyone, "desolation", "%s receives the resources of %s: food %d, wood %d, ore %d", s.fac(p), ar, pl.dials[Food], pl.dials[Wood], pl.dials[Ore])
}
