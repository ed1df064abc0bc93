package tacticsdavid

import "skald/games/tacticsdavid/battlefield"

// grid is a battlefield's terrain read once for movement: what each
// movement type may pass over, which grid spaces are Slow for it, where a
// unit may stand, and the neighbours of each grid space. It is shared by a
// match's clones.
type grid struct {
	w, h  int
	pass  [4][]bool // by movement type: may move over the grid space
	slow  [4][]bool // by movement type: Slow Terrain
	stand []bool    // a unit may occupy it
	// passAll: every grid space (Transpose: "may move through ... Grid
	// Spaces which contain a Terrain Piece"); slowNF: Slow Terrain but
	// Forest (Forager: "not affected by Forest").
	passAll []bool
	slowNF  [4][]bool
	// nbr is the neighbour of a grid space in each direction, or -1 off
	// the battlefield or across a bridge's side for Land and Aqua units
	// (nbrLow).
	nbr    [][4]int16
	nbrLow [][4]int16
	// bits are the tables as bitgrids, nil if the battlefield does not
	// fit one (reachBits).
	bits *gridBits
}

func newGrid(s *State) *grid {
	b := s.bf
	n := b.W * b.H
	g := &grid{w: b.W, h: b.H, stand: make([]bool, n), nbr: make([][4]int16, n), nbrLow: make([][4]int16, n), passAll: make([]bool, n)}
	for mt := range g.pass {
		g.pass[mt] = make([]bool, n)
		g.slow[mt] = make([]bool, n)
		g.slowNF[mt] = make([]bool, n)
	}
	for sq := 0; sq < n; sq++ {
		p := battlefield.Point{X: sq % b.W, Y: sq / b.W}
		g.stand[sq] = s.canStand(0, p)
		for mt := uint8(0); mt < 4; mt++ {
			g.pass[mt][sq] = s.canPass(mt, p)
			g.slow[mt][sq] = s.slow(mt, p)
			g.slowNF[mt][sq] = slowOf(mt, b.Terrain(p), true)
		}
		g.passAll[sq] = true
		for _, d := range facings {
			q := p.Add(d.Delta())
			g.nbr[sq][d], g.nbrLow[sq][d] = -1, -1
			if b.In(q) {
				g.nbr[sq][d] = int16(q.Y*b.W + q.X)
				if s.canCross(moveLand, p, d) {
					g.nbrLow[sq][d] = int16(q.Y*b.W + q.X)
				}
			}
		}
	}
	g.bits = newGridBits(g)
	if g.bits != nil {
		for sq := 0; sq < n; sq++ {
			if d := b.Deploy(battlefield.Point{X: sq % b.W, Y: sq / b.W}); d == 1 || d == 2 {
				g.bits.deploy[d-1].set(sq)
			}
		}
	}
	return g
}

func pointOf(x, y int) battlefield.Point { return battlefield.Point{X: x, Y: y} }
