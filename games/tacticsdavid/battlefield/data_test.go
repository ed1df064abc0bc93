package battlefield

import (
	"fmt"
	"reflect"
	"testing"
)

// bookPieces are the terrain pieces of the Battlefield Book and their
// heights ("Terrain Pieces"); the Bridge is drawn with - and |.
var bookPieces = map[string]int{
	"House 1": 2, "House 2": 2, "House 3": 2, "Shack": 2, "Fence": 1, "Well": 2,
	"Bush": 1, "Tree 1": 2, "Tree 2": 2, "Tree 3": 2, "Tree 4": 2,
}

func TestEmbeddedBattlefields(t *testing.T) {
	want := []string{"Bramble Creek Crossing", "Death's Highway", "Open Field 14x11", "Open Field 14x22", "Open Field 7x11"}
	if got := Names(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Names() = %q, want %q", got, want)
	}
	sizes := map[string]bool{}
	for _, b := range All() {
		sizes[fmt.Sprintf("%dx%d", b.W, b.H)] = true
		// Every shipped battlefield formats and parses back to itself.
		c, err := Parse(b.Name, Format(b))
		if err != nil || !reflect.DeepEqual(b, c) {
			t.Errorf("%s: round trip: %v", b.Name, err)
		}
		for _, pc := range b.Pieces() {
			if h, ok := bookPieces[pc.Name]; !ok || h != pc.Height {
				t.Errorf("%s: piece %c %q height %d is not a piece of the Battlefield Book", b.Name, pc.Key, pc.Name, pc.Height)
			}
		}
		// Deployment: both players, on spaces a unit may stand on, and
		// no enemy deployment in direct contact.
		for pl := 1; pl <= 2; pl++ {
			area := b.DeployArea(pl, nil)
			if len(area) == 0 {
				t.Errorf("%s: player %d has no deployment area", b.Name, pl)
			}
			for _, p := range area {
				if b.Blocked(p) {
					t.Errorf("%s: player %d deploys on %v, which a piece blocks", b.Name, pl, p)
				}
				for f := North; f <= West; f++ {
					if q := p.Add(f.Delta()); b.Deploy(q) == 3-pl {
						t.Errorf("%s: deployment areas touch at %v and %v", b.Name, p, q)
					}
				}
			}
		}
	}
	for _, s := range []string{"7x11", "14x11", "14x22"} {
		if !sizes[s] {
			t.Errorf("no battlefield of the size %s (seed 004, \"The Grid\")", s)
		}
	}
}

// TestBookBattlefieldsFair: both book battlefields are the same for the
// two players, turned half about (TD-B6, TD-B7).
func TestBookBattlefieldsFair(t *testing.T) {
	for _, name := range []string{"Bramble Creek Crossing", "Death's Highway"} {
		b, ok := Named(name)
		if !ok {
			t.Fatalf("Named(%q) not found", name)
		}
		if b.Purchase != [2]int{50, 100} || b.Players != 2 {
			t.Errorf("%s: purchase %v players %d, want 50-100 and 2 (Battlefield Book)", name, b.Purchase, b.Players)
		}
		half := b.Rotated().Rotated()
		for y := 0; y < b.H; y++ {
			for x := 0; x < b.W; x++ {
				p := Point{x, y}
				pa, _ := b.Piece(p)
				pb, _ := half.Piece(p)
				if b.Terrain(p) != half.Terrain(p) || pa != pb {
					t.Errorf("%s: %v differs from its opposite", name, p)
				}
				if d, e := b.Deploy(p), half.Deploy(p); d != 0 && e != 3-d || d == 0 && e != 0 {
					t.Errorf("%s: deployment at %v is %d, its opposite %d", name, p, d, e)
				}
			}
		}
	}
}

func TestNamed(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"Bramble Creek Crossing", "Bramble Creek Crossing"},
		{"death's highway", "Death's Highway"},
		{"deaths-highway", "Death's Highway"},
		{"open-field-14x22.txt", "Open Field 14x22"},
		{"Open Field 7x11", "Open Field 7x11"},
		{"nowhere", ""},
	} {
		b, ok := Named(c.name)
		if ok != (c.want != "") || ok && b.Name != c.want {
			t.Errorf("Named(%q) = %v, %v; want %q", c.name, b, ok, c.want)
		}
	}
	// Named returns a copy: changing it leaves the shipped one alone.
	a, _ := Named("Death's Highway")
	a.Name = "changed"
	if b, _ := Named("Death's Highway"); b.Name != "Death's Highway" {
		t.Error("Named returned the shared battlefield")
	}
}

// TestBrambleCreek checks what TD-B6 promises: a creek between the two
// deployment areas from edge to edge, and a bridge on Road across it.
func TestBrambleCreek(t *testing.T) {
	b, _ := Named("Bramble Creek Crossing")
	if b.W != 14 || b.H != 11 {
		t.Fatalf("size %dx%d", b.W, b.H)
	}
	for _, p := range []Point{{6, 5}, {7, 5}} {
		if pc, ok := b.Piece(p); !ok || !pc.Bridge || b.Terrain(p) != Road {
			t.Errorf("%v: want a bridge on Road", p)
		}
	}
	// Every column from west to east meets the creek between the armies.
	for x := 0; x < b.W; x++ {
		water := false
		for y := 2; y < 9; y++ {
			p := Point{x, y}
			if pc, _ := b.Piece(p); b.Terrain(p) == Water || pc.Bridge {
				water = true
			}
		}
		if !water {
			t.Errorf("column %d does not cross the creek", x)
		}
	}
}
