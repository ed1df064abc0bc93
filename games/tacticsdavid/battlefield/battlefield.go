package battlefield

// Point is a grid space: X counts columns from the west edge, Y rows from
// the north edge, both from 0 (TD-B1). As an offset (in an attack area) it is a
// step: north is Y-1.
type Point struct{ X, Y int }

// Add returns p moved by the offset q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Rotate turns an offset given for a unit facing north so that it holds for
// a unit facing f: what was ahead is ahead, what was on the right is on the
// right.
func (p Point) Rotate(f Facing) Point {
	switch f & 3 {
	case East:
		return Point{-p.Y, p.X}
	case South:
		return Point{-p.X, -p.Y}
	case West:
		return Point{p.Y, -p.X}
	}
	return p
}

// Facing is the direction a unit's front faces (seed 004, "Strength
// Ratings": each unit has a front, left, right and back).
type Facing uint8

// The four facings, clockwise.
const (
	North Facing = iota
	East
	South
	West
)

var facingNames = [4]string{"N", "E", "S", "W"}

func (f Facing) String() string { return facingNames[f&3] }

// Turn returns the facing n quarter turns clockwise of f (negative n turns
// anticlockwise), as the Confused status and Tricked rotate a unit.
func (f Facing) Turn(n int) Facing { return Facing((int(f&3) + n%4 + 4) % 4) }

// Delta is the offset of the grid space in front of a unit facing f.
func (f Facing) Delta() Point { return Point{0, -1}.Rotate(f) }

// ParseFacing reads N, E, S or W (or north, east, south, west, in any case).
func ParseFacing(s string) (Facing, bool) {
	switch s {
	case "N", "n", "north", "North", "NORTH":
		return North, true
	case "E", "e", "east", "East", "EAST":
		return East, true
	case "S", "s", "south", "South", "SOUTH":
		return South, true
	case "W", "w", "west", "West", "WEST":
		return West, true
	}
	return 0, false
}

// Terrain is the Terrain Type of a grid space (seed 004, battlefield book,
// "Terrain Types"; TD-B2). Its effects on units are the game's content
// (games/tacticsdavid/data/terrain.yaml); a battlefield only says which
// type each space has.
type Terrain uint8

// The terrain types the book defines. Slow is not a type of its own: Forest
// and Water count as Slow Terrain.
const (
	Field  Terrain = iota // "Empty spaces not designated as any other kind of Terrain Type are assumed to be Field."
	Forest                // blocks Line of Sight ("Line of Sight")
	Water
	Road
	numTerrains
)

// terrainLetters are the letters of the battlefield format, by Terrain.
const terrainLetters = ".FWR"

var terrainNames = [numTerrains]string{"Field", "Forest", "Water", "Road"}

func (t Terrain) String() string {
	if t < numTerrains {
		return terrainNames[t]
	}
	return "Terrain(?)"
}

// Letter is the letter of t in the battlefield format.
func (t Terrain) Letter() byte { return terrainLetters[t%numTerrains] }

// Piece is a terrain piece standing on a grid space (seed 004, "Terrain
// Pieces"): a house, a tree, a fence, a bridge... Units may not occupy a
// space with a piece of height 1 or more (TD-B4).
type Piece struct {
	Key    byte   // its character in the pieces grid
	Name   string // "" for a piece written as a bare height digit
	Height int    // 0 to 3
	// Bridge is set for the Bridge pieces '-' (running east-west) and '|'
	// (running north-south): height 0, with sides of height 1 along its
	// length (battlefield book, "Bridge").
	Bridge bool
}

// BridgeName is the name of the built-in bridge pieces.
const BridgeName = "Bridge"

// Limits of the battlefield format.
const (
	MaxSize    = 99 // width and height; "make it as big or small as you want!"
	MaxPlayers = 9
	MaxHeight  = 3 // "four different Terrain Piece height levels ... 0, 1, 2, and 3"
	// SightBlockHeight: pieces this high block Line of Sight ("Terrain
	// with a height level of 0 and 1 do not block line of sight").
	SightBlockHeight = 2
	// BridgeSideHeight is the height of a bridge's sides ("Consider the
	// sides to count as Height Level 1").
	BridgeSideHeight = 1
)

// Battlefield is a grid of W×H grid spaces (W columns west to east, H rows
// north to south, TD-B1), each with a terrain type, at most one terrain
// piece and the player (if any) who may deploy there. Build one with Parse
// (or take a shipped one from Named); callers must not change its fields.
type Battlefield struct {
	Name     string
	W, H     int
	Players  int    // the suggested number of players; deployment uses 1..Players
	Purchase [2]int // the suggested purchase limit, low and high; zeros if not given
	About    string // the description, lines separated by "\n"

	terrain []Terrain // W*H, row by row from the north-west corner
	pieces  []byte    // W*H: '.' or the key of the piece on the space
	heights []int8    // W*H: -1 or the height of the piece on the space
	deploy  []uint8   // W*H, or nil: 0 or the player who may deploy there
	legend  []Piece   // the lettered pieces, in the order written
}

// In reports whether p is on the battlefield.
func (b *Battlefield) In(p Point) bool { return uint(p.X) < uint(b.W) && uint(p.Y) < uint(b.H) } // a negative X or Y is a large uint

func (b *Battlefield) index(p Point) int { return p.Y*b.W + p.X }

// Terrain is the terrain type of p; off the battlefield, Field.
func (b *Battlefield) Terrain(p Point) Terrain {
	if !b.In(p) {
		return Field
	}
	return b.terrain[b.index(p)]
}

// Height is the height of the terrain piece on p, or -1 if there is none
// (or p is off the battlefield).
func (b *Battlefield) Height(p Point) int {
	if !b.In(p) {
		return -1
	}
	return int(b.heights[b.index(p)])
}

// Piece returns the terrain piece on p, if any.
func (b *Battlefield) Piece(p Point) (Piece, bool) {
	if !b.In(p) {
		return Piece{}, false
	}
	return b.pieceOf(b.pieces[b.index(p)])
}

func (b *Battlefield) pieceOf(k byte) (Piece, bool) {
	switch {
	case k == '.':
		return Piece{}, false
	case k >= '0' && k <= '0'+MaxHeight:
		return Piece{Key: k, Height: int(k - '0')}, true
	case k == '-' || k == '|':
		return Piece{Key: k, Name: BridgeName, Height: 0, Bridge: true}, true
	}
	for _, pc := range b.legend {
		if pc.Key == k {
			return pc, true
		}
	}
	return Piece{}, false
}

// Pieces returns the lettered pieces of the battlefield's legend, in the
// order written.
func (b *Battlefield) Pieces() []Piece { return append([]Piece(nil), b.legend...) }

// Blocked reports whether a terrain piece stops units occupying p: "Units
// may not occupy a space which is already occupied by a Terrain Piece"
// (seed 004, "Terrain Pieces"), except a piece of height 0, such as the
// deck of a Bridge (TD-B4). Off the battlefield is blocked too.
func (b *Battlefield) Blocked(p Point) bool { return !b.In(p) || b.Height(p) > 0 }

// EdgeHeight is the height of what stands on the edge between p and its
// neighbour in direction d: the sides of a bridge (height 1), or -1 when
// nothing does. A bridge's sides run along its length; an edge between two
// squares of the same bridge has none ("certain Units may only access it
// from the entry points", battlefield book, "Bridge"; TD-B3).
func (b *Battlefield) EdgeHeight(p Point, d Facing) int {
	q := p.Add(d.Delta())
	if b.side(p, d) || b.side(q, d.Turn(2)) {
		return BridgeSideHeight
	}
	return -1
}

// side reports whether p is a bridge square with a side toward d.
func (b *Battlefield) side(p Point, d Facing) bool {
	if !b.In(p) {
		return false
	}
	k := b.pieces[b.index(p)]
	var across bool // d crosses the bridge's length
	switch k {
	case '-':
		across = d == North || d == South
	case '|':
		across = d == East || d == West
	default:
		return false
	}
	if !across {
		return false
	}
	q := p.Add(d.Delta())
	return !b.In(q) || b.pieces[b.index(q)] != k
}

// HasDeploy reports whether the battlefield has deployment areas. Without
// them, players deploy as their mission says (seed 004, "Mission Types":
// "letting each Player Deploy their Units anywhere on the battlefield").
func (b *Battlefield) HasDeploy() bool { return b.deploy != nil }

// Deploy is the player who may deploy on p, or 0.
func (b *Battlefield) Deploy(p Point) int {
	if b.deploy == nil || !b.In(p) {
		return 0
	}
	return int(b.deploy[b.index(p)])
}

// DeployArea appends to buf the grid spaces of player's deployment area,
// row by row.
func (b *Battlefield) DeployArea(player int, buf []Point) []Point {
	if b.deploy == nil {
		return buf
	}
	for i, d := range b.deploy {
		if int(d) == player {
			buf = append(buf, Point{i % b.W, i / b.W})
		}
	}
	return buf
}

// Clone returns a deep copy of b.
func (b *Battlefield) Clone() *Battlefield {
	c := *b
	c.terrain = append([]Terrain(nil), b.terrain...)
	c.pieces = append([]byte(nil), b.pieces...)
	c.heights = append([]int8(nil), b.heights...)
	if b.deploy != nil {
		c.deploy = append([]uint8(nil), b.deploy...)
	}
	c.legend = append([]Piece(nil), b.legend...)
	return &c
}

// Rotated returns b turned a quarter clockwise, as a battlefield "can be
// oriented vertically or horizontally" (seed 004, "The Grid"): the north
// row becomes the east column.
func (b *Battlefield) Rotated() *Battlefield {
	c := b.Clone()
	c.W, c.H = b.H, b.W
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			i, j := b.index(Point{x, y}), c.index(Point{b.H - 1 - y, x})
			c.terrain[j] = b.terrain[i]
			c.heights[j] = b.heights[i]
			k := b.pieces[i]
			switch k {
			case '-':
				k = '|'
			case '|':
				k = '-'
			}
			c.pieces[j] = k
			if b.deploy != nil {
				c.deploy[j] = b.deploy[i]
			}
		}
	}
	return c
}
