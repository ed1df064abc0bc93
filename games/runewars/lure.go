package runewars

import "skald/engine"

// legalLures lists the moves a lure card of kind k may make: all the
// neutral units allied to no one of one area, at most the card's N and
// with no other figure there, into an adjacent area seat controls, with
// room for them (Diplomacy ¶; Limits 2; RW-R51).
func (s *State) legalLures(p int8, k int, buf []engine.Action) []engine.Action {
	n := s.c.Tactics[k].N
	cen := s.take(p)
	var count [maxAreas]int8
	var mixed areaSet
	for i := 0; i < int(s.nfigs); i++ {
		f := &s.figs[i]
		if f.area == noArea {
			continue
		}
		if f.owner < 0 {
			count[f.area]++
		} else {
			mixed = mixed.with(int(f.area))
		}
	}
	s.b.placed.each(func(from int) {
		c := int(count[from])
		if c == 0 || c > n || mixed.has(from) {
			return
		}
		s.steps(from, false).each(func(to int) {
			if cen.ctl[to] == p && !cen.neutral.has(to) && int(cen.mine[to])+c <= unitLimit {
				buf = append(buf, act(p, kPlay, k, from, to))
			}
		})
	})
	return buf
}

// lure moves the neutral units of area from into area to, which seat
// controls: there they are at once his allies (Diplomacy ¶; checklist
// 97; RW-R51).
func (s *State) lure(p int8, from, to int, l *engine.Log) {
	n := 0
	for i := 0; i < int(s.nfigs); i++ {
		if f := &s.figs[i]; int(f.area) == from && f.owner < 0 {
			f.area, f.owner = int8(to), p
			n++
		}
	}
	s.touch()
	l.Add(engine.Everyone, "allies", "%d neutral units move from %s into %s and become %s's allies", n, &s.c.Areas[from], &s.c.Areas[to], s.fac(p))
}
