package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// Rules cited by the Item Phases.
const (
	ruleItemPhase = "Tactics David rules, Item Phase"
	ruleTrade     = "Tactics David rules, Trade Procedure"
	ruleUse       = "Tactics David rules, Use Item Procedure"
	ruleLoot      = "Tactics David rules, Loot Procedure"
	ruleItems     = "Tactics David rules, Items"
)

var slotNames = [numSlots]string{"weapon", "accessory", "expendable"}

// itemsOf lists the items piece i holds, leaving out slot skip (or -1).
func (s *State) itemsOf(i int, skip int, buf []int) []int {
	for k, it := range s.pieces[i].items {
		if it > 0 && k != skip {
			buf = append(buf, int(it))
		}
	}
	return buf
}

// canHold checks that piece i may equip item it in place of what it holds
// in the item's slot: "A Unit may only equip at most one of each type of
// Item", and the item's Users.
func (s *State) canHold(i int, it int) error {
	if s.quiet { // listing legal actions: whether, not why: CheckItem by its tables
		inf := &s.info[s.pieces[i].prof]
		if it < 1 || it > NumItems || inf.holds&(1<<it) == 0 {
			return errQuiet
		}
		// The items it holds but in the slot of it (itemsOf), by kind.
		held, kind, slot := 0, s.g.items[it].kind, int(s.g.items[it].slot)
		for k, h := range s.pieces[i].items {
			if h >= 1 && h <= NumItems && k != slot && s.g.items[h].kind == kind {
				held++
			}
		}
		if held >= int(inf.slots) {
			return errQuiet
		}
		return nil
	}
	var buf [numSlots]int
	have := s.itemsOf(i, int(s.g.items[it].slot), buf[:0])
	if err := s.g.c.CheckItem(s.profs[s.pieces[i].prof], it, have); err != nil {
		return s.illegal(ruleItems, "%s may not equip the %s: %v", s.name(i), s.g.c.Items[it-1].Name, err)
	}
	return nil
}

// discardItem removes the item in slot of piece i to the bottom of the
// Item Deck: "'one-time use' Items where after being used by the Unit they
// are discarded and placed at the bottom of the Item Deck" (seed 004,
// "Items").
func (s *State) discardItem(i, slot int) { s.discardItemEv(i, slot, nil) }

// discardItemEv is discardItem, telling the players when a Work Belt's item
// takes the discarded one's place (TD-124).
func (s *State) discardItemEv(i, slot int, ev *engine.Log) {
	it := s.pieces[i].items[slot]
	s.pieces[i].items[slot] = 0
	if it > 0 {
		s.toDeckBottom(it)
	}
	s.drawBelt(i, slot, ev)
}

func (s *State) toDeckBottom(it int8) {
	s.deck = append(s.deck, it)
}

// itemPhase is the Item Phase the engaged unit is in or would enter: the
// first before the Movement Phase, the second after.
func (s *State) itemPhase() uint8 {
	if s.eng.phase <= phaseItem {
		return phaseItem
	}
	return phaseItem2
}

// canTrade checks a Trade Procedure step between engaged piece i and piece
// o: "A Unit may give, take, or trade an Item or Items with any other Unit
// on the battlefield so long as neither Unit has the Dead Status or is in
// Combat Lock. A Unit may perform a Trade Procedure with only one other Unit
// in their Item Phase. There may be a maximum of one Grid Space separating
// the two Units." (seed 004, "Trade Procedure"; TD-41: with allies only,
// each slot once).
func (s *State) canTrade(i, o, slot, dir int) error {
	if err := s.inPhase(s.itemPhase()); err != nil {
		return err
	}
	if s.member(i) < 0 {
		return s.illegal(ruleTrade, "u%d is not engaged", i)
	}
	if o < 0 || o >= len(s.pieces) || o == i || s.pieces[o].flags&fRemoved != 0 {
		return s.illegal(ruleTrade, "no unit u%d to trade with", o)
	}
	p, q := &s.pieces[i], &s.pieces[o]
	switch {
	case q.owner != p.owner:
		return s.illegal(ruleTrade, "items are traded between a player's own units (ruling TD-41)")
	case p.has(Dead) || q.has(Dead):
		return s.illegal(ruleTrade, "\"so long as neither Unit has the Dead Status\"")
	case p.lock >= 0 || q.lock >= 0:
		return s.illegal(ruleTrade, "\"so long as neither Unit ... is in Combat Lock\"")
	case p.has(Petrified):
		return s.illegal(ruleStatuses+", Petrified", "\"may not enter the ... Item Phase\"")
	case battlefield.Distance(s.pt(i), s.pt(o)) > 2:
		return s.illegal(ruleTrade, "\"There may be a maximum of one Grid Space separating the two Units\"")
	case s.eng.tradeWith >= 0 && int(s.eng.tradeWith) != o:
		return s.illegal(ruleTrade, "\"A Unit may perform a Trade Procedure with only one other Unit in their Item Phase\"")
	case slot < 0 || slot >= numSlots:
		return s.illegal(ruleTrade, "no item slot %d", slot)
	case s.eng.traded&(1<<uint(slot)) != 0:
		if s.quiet {
			return errQuiet
		}
		return s.illegal(ruleTrade, "the %s has already changed hands in this Trade Procedure (ruling TD-41)", slotNames[slot])
	}
	mine, theirs := p.items[slot], q.items[slot]
	switch dir {
	case 0: // give
		if mine == 0 || (theirs != 0 && !s.beltRoom(o, slot)) { // Work Belt (TD-124)
			if s.quiet {
				return errQuiet
			}
			return s.illegal(ruleTrade, "to give a %s you must hold one and the other unit none", slotNames[slot])
		}
		return s.canHold(o, int(mine))
	case 1: // take
		if theirs == 0 || (mine != 0 && !s.beltRoom(i, slot)) {
			if s.quiet {
				return errQuiet
			}
			return s.illegal(ruleTrade, "to take a %s the other unit must hold one and you none", slotNames[slot])
		}
		return s.canHold(i, int(theirs))
	case 2: // swap
		if mine == 0 || theirs == 0 {
			if s.quiet {
				return errQuiet
			}
			return s.illegal(ruleTrade, "to swap both units must hold a %s", slotNames[slot])
		}
		if err := s.canHold(o, int(mine)); err != nil {
			return err
		}
		return s.canHold(i, int(theirs))
	}
	return s.illegal(ruleTrade, "no such trade")
}

var tradeVerbs = [3]string{"give", "take", "swap"}

// trade performs a checked trade step.
func (s *State) trade(i, o, slot, dir int, ev *engine.Log) {
	s.enter(s.itemPhase())
	s.eng.tradeWith = int8(o)
	s.eng.traded |= 1 << uint(slot)
	p, q := &s.pieces[i], &s.pieces[o]
	switch dir {
	case 0: // give: to the hands, or the Work Belt (TD-124)
		it := p.items[slot]
		p.items[slot] = 0
		s.stow(o, slot, it, ev)
		s.drawBelt(i, slot, ev)
	case 1: // take
		it := q.items[slot]
		q.items[slot] = 0
		s.stow(i, slot, it, ev)
		s.drawBelt(o, slot, ev)
	default:
		p.items[slot], q.items[slot] = q.items[slot], p.items[slot]
	}
	s.event(ev, "trade", "%s and %s trade (%s the %s)", s.name(i), s.name(o), tradeWord(dir), slotWord(slot))
}

// usable reports whether item it has a Use Item Procedure.
func usable(it int8) bool {
	switch it {
	case itemPotion, itemSuperPotion, itemMegaPotion, itemPheonixDown, itemElixir:
		return true
	}
	return false
}

// removable counts piece t's statuses a potion may remove: "any Status Card
// except the Dead or Petrified Status".
func (s *State) removable(t int) uint32 {
	return s.pieces[t].status &^ (statusBit(Dead) | statusBit(Petrified))
}

// canUse checks a Use Item Procedure by engaged piece i on piece t (seed
// 004, "Use Item Procedure": "Units in Combat Lock may not perform the Use
// Item Procedure"; items 1-6: "this Unit or a Unit in Direct Grid Space
// contact"; TD-41: on allies).
func (s *State) canUse(i, t int) error {
	if err := s.inPhase(s.itemPhase()); err != nil {
		return err
	}
	if s.member(i) < 0 {
		return s.illegal(ruleUse, "u%d is not engaged", i)
	}
	p := &s.pieces[i]
	it := p.items[slotExpendable]
	switch {
	case !usable(it):
		return s.illegal(ruleUse, "%s holds no item used in the Use Item Procedure", s.name(i))
	case p.lock >= 0:
		return s.illegal(ruleUse, "\"Units in Combat Lock may not perform the Use Item Procedure\"")
	case !s.alive(i) || p.has(Petrified):
		return s.illegal(ruleUse, "%s may not use items now", s.name(i))
	case t < 0 || t >= len(s.pieces) || s.pieces[t].flags&fRemoved != 0:
		return s.illegal(ruleUse, "no unit u%d", t)
	case s.pieces[t].owner != p.owner:
		return s.illegal(ruleUse, "items are used on the player's own units (ruling TD-41)")
	case t != i && !adjacent(s.pt(i), s.pt(t)) && s.pt(i) != s.pt(t):
		return s.illegal(ruleUse, "\"this Unit or a Unit in Direct Grid Space contact\"")
	}
	if it == itemPheonixDown {
		if t == i || !s.pieces[t].has(Dead) {
			return s.illegal(ruleUse, "the Pheonix Down removes \"the Dead Status from a Unit in Direct Grid Space contact\"")
		}
		return nil
	}
	if s.pieces[t].has(Dead) || s.removable(t) == 0 {
		return s.illegal(ruleUse, "%s has no status the %s removes", s.name(t), s.g.c.Items[it-1].Name)
	}
	return nil
}

// use performs a checked Use Item Procedure.
func (s *State) use(i, t int, ev *engine.Log) {
	s.enter(s.itemPhase())
	it := s.pieces[i].items[slotExpendable]
	s.event(ev, "item.used", "%s uses the %s on %s", s.name(i), s.g.item(int(it)), s.name(t))
	s.discardItemEv(i, slotExpendable, ev)
	if it == itemPheonixDown {
		s.pieces[t].status &^= statusBit(Dead)
		s.event(ev, "status.discarded", "%s is no longer Dead", s.name(t))
		return
	}
	n := NumStatuses // the Elixir: "as many of any Status Card" as the player chooses (TD-159)
	switch it {
	case itemPotion:
		n = 1
	case itemSuperPotion:
		n = 2
	case itemMegaPotion:
		n = 3
	}
	rem := s.removable(t)
	if rem == 0 {
		return
	}
	if it != itemElixir && popcount(rem) <= n {
		for st := 0; st < NumStatuses; st++ {
			if rem&statusBit(st) != 0 {
				s.discard(t, st, ev)
			}
		}
		return
	}
	s.pend = pending{kind: pendPotion, seat: s.pieces[i].owner, n: int8(n), who: int8(t), item: it}
}

func popcount(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// canLoot checks a Loot Procedure step: "The Loot Procedure allows a Unit in
// direct Grid Space contact to take or 'loot' an item from a Unit with the
// Dead Status ... The Unit may perform the Loot Procedure for each item the
// dead Unit has equipped, and may only loot one Unit in the Item Phase."
// (seed 004, "Loot Procedure", Item Phase 2 only)
func (s *State) canLoot(i, d, slot, keep int) error {
	if err := s.inPhase(phaseItem2); err != nil {
		return err
	}
	if s.member(i) < 0 {
		return s.illegal(ruleLoot, "u%d is not engaged", i)
	}
	switch {
	case !s.alive(i) || s.pieces[i].has(Petrified):
		return s.illegal(ruleLoot, "%s may not loot", s.name(i))
	case s.lockDue(i, s.member(i)):
		// Item Phase 2 ends the Movement and Combat Phases: a locked unit
		// attacks or tries to escape first (seed 004, "Combat Lock"; TD-157).
		return s.illegal(ruleLock+"; ruling TD-157", "%s is Locked in Combat: it must attack or attempt to escape before it loots", s.name(i))
	case d < 0 || d >= len(s.pieces) || s.pieces[d].flags&fRemoved != 0 || !s.pieces[d].has(Dead):
		return s.illegal(ruleLoot, "only \"a Unit with the Dead Status\" is looted")
	case !adjacent(s.pt(i), s.pt(d)) && s.pt(i) != s.pt(d):
		return s.illegal(ruleLoot, "the looter must be \"in direct Grid Space contact\"")
	case s.eng.looted >= 0 && int(s.eng.looted) != d:
		return s.illegal(ruleLoot, "\"may only loot one Unit in the Item Phase\"")
	case slot < 0 || slot >= numSlots || s.pieces[d].items[slot] == 0:
		return s.illegal(ruleLoot, "the dead unit holds no such item")
	case s.eng.lootTried&(1<<uint(slot)) != 0:
		return s.illegal(ruleLoot, "the Loot Procedure is performed once for each item")
	case keep == 0:
		return s.canHold(i, int(s.pieces[d].items[slot]))
	case keep != 1:
		return s.illegal(ruleLoot, "a looted item is equipped or placed at the bottom of the Item Deck")
	}
	return nil
}

// loot performs a checked Loot Procedure step: "roll 1 D6. If the result is
// greater than or equal to 3 the Unit has successfully looted the other
// Unit. Units don't have to roll to Loot an Allied Unit with the Dead
// Status. Items looted are immediately equipped by the Unit if they have the
// available space, if there isn't space for the Looted Item may be swapped
// or placed at the bottom of the Item Deck."
func (s *State) loot(i, d, slot, keep int, ev *engine.Log) {
	s.enter(phaseItem2)
	s.eng.looted = int8(d)
	s.eng.lootTried |= 1 << uint(slot)
	if s.pieces[d].owner != s.pieces[i].owner {
		r := s.roll(i, 6, ev, "Loot Procedure", atLeastSays(3, "loots", "fails to loot"))
		if r < 3 && s.lucky(i, ev) {
			r = s.roll(i, 6, ev, "Loot Procedure, Lucky", atLeastSays(3, "loots", "fails to loot"))
		}
		if r < 3 {
			s.event(ev, "loot.failed", "%s fails to loot %s", s.name(i), s.name(d))
			return
		}
	}
	it := s.pieces[d].items[slot]
	s.pieces[d].items[slot] = 0
	defer s.drawBelt(d, slot, ev) // a dead Tinkerer's belt item takes the looted one's place (TD-124)
	if keep == 1 {
		s.toDeckBottom(it)
		s.event(ev, "loot", "%s loots the %s and places it at the bottom of the Item Deck", s.name(i), s.g.item(int(it)))
		return
	}
	old := s.pieces[i].items[slot]
	if old != 0 && s.beltRoom(i, slot) {
		s.stow(i, slot, it, ev) // Work Belt (TD-124)
	} else {
		s.pieces[i].items[slot] = it
		s.pieces[d].items[slot] = old // swapped with the corpse (TD-41)
	}
	s.event(ev, "loot", "%s loots the %s", s.name(i), s.g.item(int(it)))
}

// canShift checks the Amulet of Shifting: "This Unit may change its Unit
// Type to either Physical, Magical, or Ethereal at any time for the
// remainder of the game." (item 12; TD-41: while engaged, once an
// engagement).
func (s *State) canShift(i, t int) error {
	if s.member(i) < 0 {
		return s.illegal(ruleItems, "u%d is not engaged", i)
	}
	p := &s.pieces[i]
	switch {
	case p.items[slotAccessory] != itemAmulet:
		return s.illegal(ruleItems, "%s has no Amulet of Shifting", s.name(i))
	case p.flags&fShifted != 0:
		return s.illegal(ruleItems, "the Amulet of Shifting is used once an engagement (ruling TD-41)")
	case t < 0 || t > 2 || uint8(t) == p.utype:
		return s.illegal(ruleItems, "shift to another of Physical, Magical or Ethereal")
	case !s.alive(i):
		return s.illegal(ruleItems, "%s is Dead", s.name(i))
	}
	return nil
}

// shift changes piece i's Unit Type; statuses its new type may not have
// are discarded (TD-41).
func (s *State) shift(i, t int, ev *engine.Log) {
	p := &s.pieces[i]
	p.utype = uint8(t)
	p.flags |= fShifted
	s.event(ev, "shift", "%s shifts to the %s Unit Type", s.name(i), typeName(t))
	for st := 0; st < NumStatuses; st++ {
		if p.has(st) && !s.may(p.utype, st) {
			s.discard(i, st, ev)
		}
	}
}

// canWhip checks the Whip: "This Unit may allow the Player to perform an
// extra Movement Procedure with one Allied Unit of the Pup Root within 2
// Grid Spaces." (item 21; TD-41: once, in the holder's Movement Phase.)
func (s *State) canWhip(i, pup int) error {
	if err := s.inPhase(phaseMove); err != nil {
		return err
	}
	p := &s.pieces[i]
	switch {
	case s.member(i) < 0:
		return s.illegal(ruleItems, "u%d is not engaged", i)
	case p.items[slotWeapon] != itemWhip:
		return s.illegal(ruleItems, "%s holds no Whip", s.name(i))
	case s.eng.whipped:
		return s.illegal(ruleItems, "the Whip gives one extra Movement Procedure (ruling TD-41)")
	case pup < 0 || pup >= len(s.pieces) || pup == i || !s.alive(pup) || s.pieces[pup].owner != p.owner:
		return s.illegal(ruleItems, "the Whip drives \"one Allied Unit\"")
	case !s.info[s.pieces[pup].prof].pup:
		return s.illegal(ruleItems, "the Whip drives a unit \"of the Pup Root\"")
	case battlefield.Distance(s.pt(i), s.pt(pup)) > 2:
		return s.illegal(ruleItems, "the unit must be \"within 2 Grid Spaces\"")
	case s.pieces[pup].lock >= 0 || s.pieces[pup].team >= 0 || s.pieces[pup].has(Petrified):
		return s.illegal(ruleItems, "a unit Locked in Combat, in a Unit Team or Petrified cannot be driven (ruling TD-41)")
	}
	return nil
}

// hasEquipTarget reports whether some unit of the Attacking Player may
// equip acquired item it.
func (s *State) hasEquipTarget(it int8) bool {
	for i := range s.pieces {
		if s.canEquip(i, it) == nil {
			return true
		}
	}
	return false
}

// canEquip checks that piece i may equip an acquired item: "Items Acquired
// are immediately equipped to any of the Player's Units on the Battlefield
// except those in Combat Lock or those who have the Dead Status." (seed
// 004, "Item Acquisition")
func (s *State) canEquip(i int, it int8) error {
	if i < 0 || i >= len(s.pieces) {
		return s.illegal(ruleAcquire, "no unit u%d", i)
	}
	p := &s.pieces[i]
	switch {
	case p.owner != s.player || p.flags&fRemoved != 0:
		return s.illegal(ruleAcquire, "\"any of the Player's Units on the Battlefield\"")
	case p.has(Dead):
		return s.illegal(ruleAcquire, "\"except ... those who have the Dead Status\"")
	case p.lock >= 0:
		return s.illegal(ruleAcquire, "\"except those in Combat Lock\"")
	}
	return s.canHold(i, int(it))
}

// equip gives the acquired item to piece i; what it held in that slot goes
// to the bottom of the Item Deck (TD-36).
func (s *State) equip(i int, it int8, ev *engine.Log) {
	slot := s.g.items[it].slot
	if old := s.pieces[i].items[slot]; old > 0 {
		if s.beltRoom(i, int(slot)) {
			s.stow(i, int(slot), it, ev) // Work Belt (TD-124)
			s.event(ev, "item.equipped", "%s takes the %s", s.name(i), s.g.item(int(it)))
			return
		}
		s.toDeckBottom(old)
	}
	s.pieces[i].items[slot] = it
	s.event(ev, "item.equipped", "%s equips the %s", s.name(i), s.g.item(int(it)))
}
