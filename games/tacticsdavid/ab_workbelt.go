package tacticsdavid

import "skald/engine"

// 057 Work Belt, "All": "This Unit may hold up to 2 of each Type of Item at
// any given time." A Tinkerer alone (TD-24) holds its second item of a type
// in its belt (piece.belt): the item is carried, not used, and takes the
// place of the first when that one is used, given away, looted or
// discarded. Items bought with the army, acquired, taken in a trade or
// looted go to the belt when the unit's hands hold one of their type
// (TD-124). The rules ask beltRoom, stow and drawBelt (items.go, build.go,
// arrange.go).

func init() {
	registerRule(abWorkBelt)
	ruled(abWorkBelt, "TD-124")
}

// beltRoom reports whether piece i may put a second item of slot's type in
// its Work Belt now: Work Belt works for it, it is a Tinkerer alone (TD-24:
// a stack holds one of each type), its hands hold an item of that type and
// its belt none.
func (s *State) beltRoom(i, slot int) bool {
	p := &s.pieces[i]
	return p.items[slot] != 0 && p.belt[slot] == 0 && s.hasAb(i, abWorkBelt) && s.g.c.itemSlots(s.profs[p.prof].Units) == 2
}

// stow gives piece i item it of slot's type: in its hands when they are
// empty, else in its Work Belt (the caller checked beltRoom).
func (s *State) stow(i, slot int, it int8, ev *engine.Log) {
	p := &s.pieces[i]
	if p.items[slot] == 0 {
		p.items[slot] = it
		return
	}
	p.belt[slot] = it
	s.fire(i, abWorkBelt, ev, "the %s goes in the Work Belt", s.g.item(int(it)))
}

// drawBelt puts piece i's belt item of slot's type in its hands once they
// are empty.
func (s *State) drawBelt(i, slot int, ev *engine.Log) {
	p := &s.pieces[i]
	if p.items[slot] != 0 || p.belt[slot] == 0 {
		return
	}
	p.items[slot], p.belt[slot] = p.belt[slot], 0
	s.fire(i, abWorkBelt, ev, "it takes the %s from the Work Belt", s.g.item(int(p.items[slot])))
}
