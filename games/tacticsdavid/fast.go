package tacticsdavid

import "skald/engine"

// The fast paths of random playouts (engine.FastPath, engine.RandomPlayer).
// A playout draws an action uniformly from the legal list, and in Tactics
// David most of a long list is runs of like actions: a move to each grid
// space a unit reaches, in each of four facings, and a deployment of each
// unit to each grid space open to it, in each facing. PlayRandom lists the
// rest as Legal does but keeps each such run as a lazyRun (where it stands
// in the list, its grid spaces) and makes only the action drawn. The draw
// is from a list of the same length and the same order, so a playout
// plays exactly what Legal and Apply would play from the same stream.

// lazyRun is a run of legal actions PlayRandom did not make: for each grid
// space of sq[off:off+n/4] in turn, the action with each facing.
type lazyRun struct {
	at   int // the run's place in the list: before buf[at]
	n    int // actions in the run: 4 per grid space
	off  int // its first grid space in lazyList.sq, or -1: its grid spaces are lazyList.sets[set]
	set  int
	seat int
	kind int // actMove (arg is the mover) or actDeploy (arg is the unit)
	arg  int
}

// lazyList holds the runs of the list being made, while on.
type lazyList struct {
	on    bool
	runs  []lazyRun
	sq    []int16
	sets  []bitgrid
	count int // actions in all runs
}

// addSet records a run of 4 actions per grid space of b, in the order of
// their index, standing before buf[at].
func (l *lazyList) addSet(at, seat, kind, arg int, b *bitgrid) {
	n := 4 * b.count()
	if n == 0 {
		return
	}
	l.runs = append(l.runs, lazyRun{at: at, n: n, off: -1, set: len(l.sets), seat: seat, kind: kind, arg: arg})
	l.sets = append(l.sets, *b)
	l.count += n
}

// add records a run of 4 actions per grid space of sq, standing before
// buf[at].
func (l *lazyList) add(at, seat, kind, arg int, sq []int16) {
	if len(sq) == 0 {
		return
	}
	l.runs = append(l.runs, lazyRun{at: at, n: 4 * len(sq), off: len(l.sq), seat: seat, kind: kind, arg: arg})
	l.sq = append(l.sq, sq...)
	l.count += 4 * len(sq)
}

// pick returns the k-th action of the list buf with the runs in their
// places.
func (l *lazyList) pick(buf []engine.Action, k, w int) engine.Action {
	c := 0 // buf[:c] is before k
	for i := range l.runs {
		r := &l.runs[i]
		if k < r.at-c {
			return buf[c+k]
		}
		k -= r.at - c
		c = r.at
		if k < r.n {
			var sq int
			if r.off < 0 {
				sq = l.sets[r.set].nth(k / 4)
			} else {
				sq = int(l.sq[r.off+k/4])
			}
			x, y, f := int16(sq%w), int16(sq/w), int16(k%4)
			if r.kind == actDeploy {
				return engine.Action{Seat: engine.Seat(r.seat), Kind: actDeploy, Arg: [4]int16{int16(r.arg), x, y, f}}
			}
			return engine.Action{Seat: engine.Seat(r.seat), Kind: actMove, Arg: [4]int16{x, y, int16(facings[f]), int16(r.arg)}}
		}
		k -= r.n
	}
	return buf[c+k]
}

// NextLegal appends the legal actions of the seat that decides, as Legal
// does (engine.FastPath).
func (s *State) NextLegal(buf []engine.Action) []engine.Action {
	d := s.Deciders()
	if d == 0 {
		return buf
	}
	return s.Legal(d.First(), buf)
}

// ApplyLegal plays an action Legal has just listed, as Apply does, without
// checking again what Legal checked: that a move's grid space is reached,
// that a deployment's grid space is open, and the battle actions'
// conditions (canEngage, mayEndTurn, canTrade, canAttack...) and the
// engaged unit's obligations (engine.FastPath).
func (s *State) ApplyLegal(a engine.Action) {
	s.trusted = true
	err := s.Apply(a, nil)
	s.trusted = false
	if err != nil {
		panic("tacticsdavid: a listed action does not apply: " + err.Error())
	}
}

// PlayRandom plays up to limit uniformly random legal actions, drawing
// from r exactly what the loop of NextLegal and ApplyLegal draws
// (engine.RandomPlayer), and returns how many it played.
func (s *State) PlayRandom(r *engine.Rand, buf []engine.Action, limit int) (int, []engine.Action) {
	lz := &s.scr().lazy
	for n := 0; n < limit; n++ {
		d := s.Deciders()
		if d == 0 {
			return n, buf
		}
		lz.on, lz.runs, lz.sq, lz.sets, lz.count = true, lz.runs[:0], lz.sq[:0], lz.sets[:0], 0
		buf = s.Legal(d.First(), buf[:0])
		lz.on = false
		total := len(buf) + lz.count
		if total == 0 {
			return n, buf
		}
		s.ApplyLegal(lz.pick(buf, r.IntN(total), s.bf.W))
	}
	return limit, buf
}
