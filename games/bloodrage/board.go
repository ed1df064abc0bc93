package bloodrage

// The board (reference §1.2): eight outer provinces in a ring around
// Yggdrasil, which is adjacent to every one; each outer province is
// adjacent to its two ring neighbours. Four fjords each lie between two
// outer provinces and support both; a fjord is usable while one of its
// provinces stands (seed 001, note 7).

// adjacent reports whether provinces p and q are adjacent.
func adjacent(p, q int) bool {
	switch {
	case p == q:
		return false
	case p == yggdrasil || q == yggdrasil:
		return true
	}
	d := (p - q + numOuter) % numOuter
	return d == 1 || d == numOuter-1
}

// fjordOf returns the fjord supporting outer province p, or -1 (Yggdrasil).
func (s *State) fjordOf(p int) int {
	if p >= numOuter {
		return -1
	}
	for f := range s.c.Fjords {
		if int(s.c.Fjords[f].Provinces[0]) == p || int(s.c.Fjords[f].Provinces[1]) == p {
			return f
		}
	}
	return -1
}

// fjordOpen reports whether fjord f is usable: one of its provinces
// stands (seed 001, note 7).
func (s *State) fjordOpen(f int) bool {
	pr := s.c.Fjords[f].Provinces
	return !s.destroyedAt(int(pr[0])) || !s.destroyedAt(int(pr[1]))
}

// supports reports whether fjord f supports province p now: it borders p
// and p stands (seed 001, note 7: a fjord beside one destroyed province
// has effect only for the other).
func (s *State) supports(f, p int) bool {
	pr := s.c.Fjords[f].Provinces
	return (int(pr[0]) == p || int(pr[1]) == p) && !s.destroyedAt(p)
}

// figuresAt returns how many figures, of every clan, stand at location
// loc.
func (s *State) figuresAt(loc int) int { return int(s.occ[loc]) }

// freeVillages returns the empty villages of province p; Yggdrasil has no
// limit (reference §1.2), shown as a large number.
func (s *State) freeVillages(p int) int {
	if p == yggdrasil {
		return 99
	}
	return int(s.c.Provinces[p].Villages) - s.figuresAt(p)
}

// onBoard returns how many of clan p's figures are on the board (in
// provinces and fjords), which Horns limits (reference §1.4).
func (s *State) onBoard(p int) int { return int(s.board[p]) }

// inBattle reports whether clan p's figure at location loc stands in
// province prov's battle: in the province, or in a fjord supporting it
// (reference §1.7, "all figures in the province and its supporting
// fjord fight").
func (s *State) inBattle(loc, prov int) bool {
	if loc == prov {
		return true
	}
	return loc >= fjord0 && loc < fjord0+numFjords && s.supports(loc-fjord0, prov)
}

// present reports whether clan p has a figure in province prov or in a
// fjord supporting it.
func (s *State) present(p, prov int) bool {
	for _, l := range s.clans[p].fig {
		if s.inBattle(int(l), prov) {
			return true
		}
	}
	return false
}

// figStr returns the strength of clan p's figure k where it stands,
// before the pairing of warriors (see strength).
func (s *State) figStr(p, k int) int {
	cl := &s.clans[p]
	switch {
	case k == figLeader:
		return 3
	case k >= figWarrior && k < figWarrior+numWarriors:
		return s.warriorStr(p)
	case k == figShip:
		return 2
	}
	m := cl.up[slotMonster+k-figMonster]
	if m < 0 {
		return 0
	}
	return s.monsterStr(p, m, int(cl.fig[k]))
}

// warriorStr returns the strength of one of clan p's warriors (reference
// §1.9: Experts in Arms and Masters in Arms make it 2).
func (s *State) warriorStr(p int) int {
	switch s.effectIn(p, slotWarrior) {
	case "experts-in-arms", "masters-in-arms":
		return 2
	}
	return 1
}

// strength returns clan p's total strength in province prov, its
// supporting fjord's ships included. Warriors pair as the warrior upgrade
// says (Brothers in Arms: a pair totals 3; Masters in Arms: 6, seed 001
// note 27).
func (s *State) strength(p, prov int) int {
	cl := &s.clans[p]
	str, warriors := 0, 0
	for k, l := range cl.fig {
		if !s.inBattle(int(l), prov) {
			continue
		}
		if k >= figWarrior && k < figWarrior+numWarriors {
			warriors++
			continue
		}
		str += s.figStr(p, k)
	}
	pairs, single := warriors/2, warriors%2
	switch s.effectIn(p, slotWarrior) {
	case "brothers-in-arms":
		str += 3*pairs + single
	case "masters-in-arms":
		str += 6*pairs + 2*single
	default:
		str += warriors * s.warriorStr(p)
	}
	return str
}

// effectIn returns the effect of the upgrade in clan p's slot, or "".
func (s *State) effectIn(p, slot int) string {
	if c := s.clans[p].up[slot]; c >= 0 {
		return s.c.Cards[c].Effect
	}
	return ""
}

// has reports whether clan p has an upgrade with effect e in play.
func (s *State) has(p int, e string) bool {
	for _, c := range s.clans[p].up {
		if c >= 0 && s.c.Cards[c].Effect == e {
			return true
		}
	}
	return false
}

// count returns how many of clan p's upgrades in play have effect e.
func (s *State) count(p int, e string) int {
	n := 0
	for _, c := range s.clans[p].up {
		if c >= 0 && s.c.Cards[c].Effect == e {
			n++
		}
	}
	return n
}

// monsterStr returns the strength of clan p's monster of card c at
// location loc: its card's STR; the Dark Elf 3 in Yggdrasil; Ymir twice
// the clan's figures in Valhalla (reference §1.9).
func (s *State) monsterStr(p int, c int16, loc int) int {
	card := &s.c.Cards[c]
	switch card.Effect {
	case "dark-elf":
		if loc == yggdrasil {
			return 3
		}
	case "ymir":
		n := 0
		for _, l := range s.clans[p].fig {
			if l == locValhal {
				n++
			}
		}
		return 2 * n
	}
	return int(card.Str)
}
