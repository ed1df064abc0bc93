package bloodrage

import (
	"fmt"
	"math/bits"
	"strings"

	"skald/engine"
)

// Action kinds. Each action's text form is given beside it.
const (
	kDraft     = iota // pick <card>
	kInvade           // invade <figure> <location>
	kMarch            // march <from> <to>
	kMove             // move <figure>: a figure of the march
	kDone             // done: ends a march, a keeping of cards, the saving of figures
	kUpgrade          // upgrade <card> [over <card>]
	kQuest            // quest <card>
	kPillage          // pillage <province>
	kChallenge        // challenge <province>: Tyr's Challenge
	kDomain           // domain <figure> <location>: Frigga's Domain, from Valhalla
	kSacrifice        // sacrifice <figure> <figure> <stat>: Frigga's Sacrifice
	kPass             // pass
	kCall             // call <figure> from <province>: answer the call to battle
	kPlay             // play <card>: a battle card, face down
	kAdd              // add <card>: Heimdall's Eye or Gaze after the reveal
	kKeep             // keep <card> | keep nothing
	kRaise            // raise <stat>
	kSave             // save <figure>: Frigga's Protection
	kSpare            // spare <figure>: the one figure Odin's Tide leaves
	kWitch            // witch: the Volur Witch goes to Yggdrasil
	kLead             // lead <province>: Lord of Hammers moves the Leader
	kSuccor           // succor <province>: Frigga's Succor's Warrior
	kBless            // bless: Loki's Blessing's Warrior
	kSkip             // skip: decline what a card offers
	kBump             // bump <clan> <figure> <province>: Hildisvini moves a figure on
	kCount            // count: Tyr's Domain or Wrath counts the revealed quest as a battle card
	numActionKinds
)

var actionWords = [numActionKinds]string{"pick", "invade", "march", "move", "done", "upgrade", "quest", "pillage",
	"challenge", "domain", "sacrifice", "pass", "call", "play", "add", "keep", "raise", "save", "spare", "witch",
	"lead", "succor", "bless", "skip", "bump", "count"}

// Deciders returns the seats that must act now.
func (s *State) Deciders() engine.SeatSet {
	switch {
	case s.phase == phOver:
		return 0
	case s.nAsk > 0:
		return engine.Seats(engine.Seat(s.ask[0].seat))
	case s.bat.on:
		return s.bat.deciders(s)
	case s.act.kind != actNone:
		return engine.Seats(engine.Seat(s.act.seat))
	case s.phase == phDraft:
		return s.draft.Waiting()
	case s.phase == phDiscard:
		return s.picks.Waiting()
	}
	return engine.Seats(engine.Seat(s.turn))
}

// Legal appends seat's legal actions to buf.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if !s.Deciders().Has(seat) {
		return buf
	}
	p := int(seat)
	switch {
	case s.nAsk > 0:
		return s.legalChoice(p, buf)
	case s.bat.on:
		return s.legalBattle(p, buf)
	case s.act.kind != actNone:
		return s.legalPending(p, buf)
	case s.phase == phDraft:
		for h := s.draft.Hand(seat); h != 0; h = h.Without(h.First()) {
			buf = s.appendCard(buf, engine.Action{Seat: seat, Kind: kDraft}, s.deck[h.First()], s.draftHand(p))
		}
		return buf
	case s.phase == phDiscard:
		buf = append(buf, engine.Action{Seat: seat, Kind: kKeep, Arg: [4]int16{-1}})
		s.clans[p].hand.each(func(c int16) bool {
			buf = s.appendCard(buf, engine.Action{Seat: seat, Kind: kKeep}, c, s.clans[p].hand)
			return true
		})
		return buf
	}
	return s.legalAction(p, buf)
}

// draftHand returns the cards seat p may pick from now, as a cardSet.
func (s *State) draftHand(p int) cardSet {
	var h cardSet
	for d := s.draft.Hand(engine.Seat(p)); d != 0; d = d.Without(d.First()) {
		h.add(s.deck[d.First()])
	}
	return h
}

// appendCard appends a with card c as Arg[0] unless an earlier card of
// from has c's id: copies of a card play alike, so one action stands for
// them all (the lowest).
func (s *State) appendCard(buf []engine.Action, a engine.Action, c int16, from cardSet) []engine.Action {
	if s.firstCopy(c, from) != c {
		return buf
	}
	a.Arg[0] = c
	return append(buf, a)
}

// firstCopy returns the lowest card of set with c's id.
func (s *State) firstCopy(c int16, set cardSet) int16 {
	same := &s.g.copies[c]
	for w := range set {
		if x := set[w] & same[w]; x != 0 {
			return int16(w*64 + bits.TrailingZeros64(x))
		}
	}
	return c
}

// Apply plays a.
func (s *State) Apply(a engine.Action, log *engine.Log) error {
	if s.phase == phOver {
		return engine.Illegal(ruleEnd, "the game is over")
	}
	if a.Seat < 0 || int(a.Seat) >= int(s.n) {
		return engine.Illegal(ruleSetup, "there is no seat %d", a.Seat)
	}
	if !s.Deciders().Has(a.Seat) {
		return s.notDeciding(int(a.Seat))
	}
	if err := s.check(a); err != nil {
		return err
	}
	s.apply(a, log)
	return nil
}

// apply plays a, one of the legal actions now.
func (s *State) apply(a engine.Action, log *engine.Log) {
	p := int(a.Seat)
	switch {
	case s.nAsk > 0:
		s.applyChoice(p, a, log)
	case s.bat.on:
		s.applyBattle(p, a, log)
	case s.act.kind != actNone:
		s.applyPending(p, a, log)
	case s.phase == phDraft:
		s.applyDraft(p, a, log)
	case s.phase == phDiscard:
		s.picks.Pick(a.Seat, a.Arg[0])
		log.Add(engine.Seats(a.Seat), "discard.keep", "you keep %v", s.keptName(a.Arg[0]))
		log.Add(engine.Everyone, "discard.chosen", "%v chooses what to keep", clanName(p))
		if s.picks.Revealed() {
			s.endDiscard(log)
		}
	default:
		s.applyAction(p, a, log)
	}
}

// keptName prints the card kept at Discard.
func (s *State) keptName(c int16) fmt.Stringer {
	if c < 0 {
		return nothing{}
	}
	return (*cardName)(&s.c.Cards[c])
}

// nothing prints "nothing".
type nothing struct{}

func (nothing) String() string { return "nothing" }

// check refuses an action that is not among seat's legal ones, naming the
// rule it breaks. The legal list is the rules: an action is legal when
// the rules generate it.
func (s *State) check(a engine.Action) error {
	var buf [256]engine.Action
	for _, l := range s.Legal(a.Seat, buf[:0]) {
		if l == a {
			return nil
		}
	}
	return s.why(a)
}

// applyDraft records a face-down pick of the Gods' Gifts.
func (s *State) applyDraft(p int, a engine.Action, log *engine.Log) {
	idx := -1
	for i := range int(s.nDeck) {
		if s.deck[i] == a.Arg[0] {
			idx = i
			break
		}
	}
	passed, err := s.draft.Pick(engine.Seat(p), idx)
	if err != nil {
		panic(fmt.Sprintf("bloodrage: a legal pick refused by the draft: %v", err))
	}
	log.Add(engine.Seats(engine.Seat(p)), "draft.pick", "you pick %v", (*cardName)(s.card(a.Arg[0])))
	if passed {
		if s.draft.Over() {
			log.Add(engine.Everyone, "draft.over", "the Gods' Gifts are drafted; the cards left over are discarded unseen")
			s.endDraft(log)
			return
		}
		log.Add(engine.Everyone, "draft.pass", "the hands pass %v", s.draft.Direction())
	}
}

// FormatAction returns the text form of a.
func (s *State) FormatAction(a engine.Action) string {
	if a.Kind < 0 || a.Kind >= numActionKinds {
		return fmt.Sprintf("action-%d", a.Kind)
	}
	w := actionWords[a.Kind]
	p := int(a.Seat)
	if p < 0 || p >= maxClans {
		p = 0
	}
	card := func(i int16) string {
		if i >= 0 && int(i) < len(s.c.Cards) {
			return s.c.Cards[i].ID
		}
		return fmt.Sprintf("card-%d", i)
	}
	switch a.Kind {
	case kDraft, kQuest, kAdd, kPlay:
		return w + " " + card(a.Arg[0])
	case kKeep:
		if a.Arg[0] < 0 {
			return "keep nothing"
		}
		return w + " " + card(a.Arg[0])
	case kUpgrade:
		// Arg[2] is the card replaced, plus one (0: an empty slot), so
		// that the text does not depend on the state.
		if a.Arg[2] > 0 {
			return w + " " + card(a.Arg[0]) + " over " + card(a.Arg[2]-1)
		}
		return w + " " + card(a.Arg[0])
	case kInvade, kDomain:
		return w + " " + s.kindWord(p, int(a.Arg[0])) + " " + s.locWord(int(a.Arg[1]))
	case kMarch:
		return w + " " + s.locWord(int(a.Arg[0])) + " " + s.locWord(int(a.Arg[1]))
	case kMove, kSave, kSpare:
		return w + " " + s.kindWord(p, int(a.Arg[0]))
	case kCall:
		return w + " " + s.kindWord(p, int(a.Arg[0])) + " from " + s.locWord(int(a.Arg[1]))
	case kPillage, kChallenge, kLead, kSuccor:
		return w + " " + s.locWord(int(a.Arg[0]))
	case kSacrifice:
		return w + " " + s.kindWord(p, int(a.Arg[0])) + " " + s.kindWord(p, int(a.Arg[1])) + " " + statWord(int(a.Arg[2]))
	case kBump:
		o := int(a.Arg[0])
		if o < 0 || o >= maxClans {
			return fmt.Sprintf("%s clan-%d", w, o)
		}
		return w + " " + clanNames[o] + " " + s.kindWord(o, int(a.Arg[1])) + " " + s.locWord(int(a.Arg[2]))
	case kRaise:
		return w + " " + statWord(int(a.Arg[0]))
	}
	return w
}

func statWord(st int) string {
	if st >= 0 && st < numStats {
		return statNames[st]
	}
	return fmt.Sprintf("stat-%d", st)
}

// kindWord names figure kind k of clan p in actions.
func (s *State) kindWord(p, k int) string {
	switch k {
	case kindLeader:
		return "leader"
	case kindWarrior:
		return "warrior"
	case kindShip:
		return "ship"
	case kindMonster0, kindMonster1:
		if c := s.clans[p].up[slotMonster+k-kindMonster0]; c >= 0 {
			return s.c.Cards[c].ID
		}
	}
	return fmt.Sprintf("figure-%d", k)
}

// locWord names location loc in actions.
func (s *State) locWord(loc int) string {
	switch {
	case loc >= 0 && loc < numProv:
		return s.c.Provinces[loc].ID
	case loc >= fjord0 && loc < fjord0+numFjords:
		return s.c.Fjords[loc-fjord0].ID
	}
	return fmt.Sprintf("location-%d", loc)
}

// ParseAction parses the text form of one of seat's actions.
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	f := strings.Fields(text)
	a := engine.Action{Seat: seat}
	if len(f) == 0 {
		return a, fmt.Errorf("empty action")
	}
	if seat < 0 || int(seat) >= int(s.n) {
		return a, fmt.Errorf("no seat %d", seat)
	}
	p := int(seat)
	kind := -1
	for k, w := range actionWords {
		if w == f[0] {
			kind = k
		}
	}
	if kind < 0 {
		return a, fmt.Errorf("unknown action %q (actions: %s)", f[0], strings.Join(actionWords[:], ", "))
	}
	a.Kind = uint8(kind)
	args := f[1:]
	want := func(n int, form string) error {
		if len(args) != n {
			return fmt.Errorf("%s: want %q", f[0], form)
		}
		return nil
	}
	var err error
	switch a.Kind {
	case kDraft, kQuest, kAdd, kPlay:
		if err = want(1, f[0]+" <card>"); err == nil {
			a.Arg[0], err = s.parseCard(p, args[0])
		}
	case kKeep:
		if err = want(1, "keep <card> | keep nothing"); err == nil {
			if args[0] == "nothing" {
				a.Arg[0] = -1
			} else {
				a.Arg[0], err = s.parseCard(p, args[0])
			}
		}
	case kUpgrade:
		switch {
		case len(args) == 3 && args[1] == "over":
			if a.Arg[0], err = s.parseCard(p, args[0]); err == nil {
				if a.Arg[1], err = s.parseSlot(p, args[2]); err == nil {
					a.Arg[2] = s.clans[p].up[a.Arg[1]] + 1
				}
			}
		case len(args) == 1:
			if a.Arg[0], err = s.parseCard(p, args[0]); err == nil {
				a.Arg[1] = int16(s.emptySlot(p, s.card(a.Arg[0]).Type))
			}
		default:
			err = fmt.Errorf("upgrade: want \"upgrade <card> [over <card>]\"")
		}
	case kInvade, kDomain:
		if err = want(2, f[0]+" <figure> <location>"); err == nil {
			if a.Arg[0], err = s.parseKind(p, args[0]); err == nil {
				a.Arg[1], err = s.parseLoc(args[1])
			}
		}
	case kMarch:
		if err = want(2, "march <from> <to>"); err == nil {
			if a.Arg[0], err = s.parseLoc(args[0]); err == nil {
				a.Arg[1], err = s.parseLoc(args[1])
			}
		}
	case kMove, kSave, kSpare:
		if err = want(1, f[0]+" <figure>"); err == nil {
			a.Arg[0], err = s.parseKind(p, args[0])
		}
	case kCall:
		if len(args) != 3 || args[1] != "from" {
			err = fmt.Errorf("call: want \"call <figure> from <province>\"")
		} else if a.Arg[0], err = s.parseKind(p, args[0]); err == nil {
			a.Arg[1], err = s.parseLoc(args[2])
		}
	case kPillage, kChallenge, kLead, kSuccor:
		if err = want(1, f[0]+" <province>"); err == nil {
			a.Arg[0], err = s.parseLoc(args[0])
		}
	case kSacrifice:
		if err = want(3, "sacrifice <figure> <figure> <stat>"); err == nil {
			if a.Arg[0], err = s.parseKind(p, args[0]); err == nil {
				if a.Arg[1], err = s.parseKind(p, args[1]); err == nil {
					a.Arg[2], err = parseStat(args[2])
				}
			}
		}
	case kBump:
		if err = want(3, "bump <clan> <figure> <province>"); err == nil {
			o := -1
			for c := range int(s.n) {
				if clanNames[c] == args[0] {
					o = c
				}
			}
			if o < 0 {
				err = fmt.Errorf("bump: no clan %q", args[0])
			} else if a.Arg[1], err = s.parseKind(o, args[1]); err == nil {
				a.Arg[0] = int16(o)
				a.Arg[2], err = s.parseLoc(args[2])
			}
		}
	case kRaise:
		if err = want(1, "raise rage|axes|horns"); err == nil {
			a.Arg[0], err = parseStat(args[0])
		}
	default:
		err = want(0, f[0])
	}
	return a, err
}

// parseCard finds the lowest card with the given id that seat p may name
// now: in its hand, or in the hand it drafts from.
func (s *State) parseCard(p int, id string) (int16, error) {
	from := s.clans[p].hand
	switch {
	case s.nAsk > 0 && s.ask[0].kind == chProwess:
		// Tyr's Prowess keeps the winner's cards from the discard.
		from = cardSet{}
		s.bat.cardsOf(p).each(func(c int16) bool {
			if s.discard.has(c) {
				from.add(c)
			}
			return true
		})
	case s.phase == phDraft:
		from = s.draftHand(p)
	}
	found := int16(-1)
	from.each(func(c int16) bool {
		if s.c.Cards[c].ID == id {
			found = c
			return false
		}
		return true
	})
	if found >= 0 {
		return found, nil
	}
	if _, ok := s.c.CardByID(id); ok {
		return 0, fmt.Errorf("no %s in %s's hand", id, clanNames[p])
	}
	return 0, fmt.Errorf("no card %q", id)
}

// parseSlot finds the slot holding the upgrade with the given id.
func (s *State) parseSlot(p int, id string) (int16, error) {
	for k, c := range s.clans[p].up {
		if c >= 0 && s.c.Cards[c].ID == id {
			return int16(k), nil
		}
	}
	return 0, fmt.Errorf("%s has no upgrade %q in play", clanNames[p], id)
}

// parseKind parses a figure kind: leader, warrior, ship, or a monster of
// the clan.
func (s *State) parseKind(p int, w string) (int16, error) {
	switch w {
	case "leader":
		return kindLeader, nil
	case "warrior":
		return kindWarrior, nil
	case "ship":
		return kindShip, nil
	}
	for m := range 2 {
		if c := s.clans[p].up[slotMonster+m]; c >= 0 && s.c.Cards[c].ID == w {
			return int16(kindMonster0 + m), nil
		}
	}
	return 0, fmt.Errorf("no figure %q of %s (leader, warrior, ship or one of its monsters)", w, clanNames[p])
}

// parseLoc parses a province's or a fjord's id.
func (s *State) parseLoc(w string) (int16, error) {
	if p, ok := s.c.ProvinceByID(w); ok {
		return int16(p), nil
	}
	if f, ok := s.c.FjordByID(w); ok {
		return int16(fjord0 + f), nil
	}
	return 0, fmt.Errorf("no province or fjord %q", w)
}

func parseStat(w string) (int16, error) {
	for k, n := range statNames {
		if n == w {
			return int16(k), nil
		}
	}
	return 0, fmt.Errorf("no stat %q (rage, axes, horns)", w)
}
