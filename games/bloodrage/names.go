package bloodrage

import "fmt"

// Names printed lazily in events: a pointer or a small number boxes into
// an event's arguments without allocating, and its String runs only when
// an event is recorded (engine.Log).

// cardName prints a card's name.
type cardName Card

func (c *cardName) String() string { return c.Name }

// provName prints a province's or a fjord's name.
type provName struct {
	p *Province
	f *Fjord
}

func (n *provName) String() string {
	if n.f != nil {
		return n.f.Name
	}
	return n.p.Name
}

// province returns the printable name of location loc: a province or a
// fjord.
func (s *State) province(loc int) *provName {
	return &s.g.names[loc]
}

// kindName prints a figure kind that is not a monster.
type kindName int8

func (k kindName) String() string { return [...]string{"leader", "warrior", "ship"}[k] }

// figLabel returns the printable name of clan p's figure k: its kind, or
// its monster's name.
func (s *State) figLabel(p, k int) fmt.Stringer {
	if k >= figMonster {
		if c := s.clans[p].up[slotMonster+k-figMonster]; c >= 0 {
			return (*cardName)(&s.c.Cards[c])
		}
	}
	return kindName(kindOf(k))
}

// figKind returns the name of clan p's figure k in actions: "leader",
// "warrior", "ship" or the monster's card id.
func (s *State) figKind(p, k int) string {
	switch {
	case k == figLeader:
		return "leader"
	case k < figShip:
		return "warrior"
	case k == figShip:
		return "ship"
	}
	if c := s.clans[p].up[slotMonster+k-figMonster]; c >= 0 {
		return s.c.Cards[c].ID
	}
	return "monster"
}

// kindOf returns the kind of figure k: kindLeader, kindWarrior, kindShip,
// kindMonster0 or kindMonster1.
func kindOf(k int) int {
	switch {
	case k == figLeader:
		return kindLeader
	case k < figShip:
		return kindWarrior
	case k == figShip:
		return kindShip
	}
	return kindMonster0 + k - figMonster
}
