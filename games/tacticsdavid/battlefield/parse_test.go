package battlefield

import (
	"reflect"
	"strings"
	"testing"
)

const sample = `# a small battlefield
name: Sample
size: 5x4
players: 2
purchase: 50 - 100
about: First line.
about:
about: Third line.

terrain:
..F..
.WWR.
# a comment between rows
..R..

FF...

pieces:
a....
.-|..
..2.b
.....
piece a 2 House 1
piece b 1 Bush of: brambles

deploy:
11111
.....
.....
22222
`

func TestParseSample(t *testing.T) {
	b, err := Parse("sample.txt", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "Sample" || b.W != 5 || b.H != 4 || b.Players != 2 || b.Purchase != [2]int{50, 100} {
		t.Errorf("header: %q %dx%d players %d purchase %v", b.Name, b.W, b.H, b.Players, b.Purchase)
	}
	if b.About != "First line.\n\nThird line." {
		t.Errorf("about: %q", b.About)
	}
	for _, c := range []struct {
		p       Point
		terrain Terrain
		height  int
		deploy  int
	}{
		{Point{0, 0}, Field, 2, 1},
		{Point{2, 0}, Forest, -1, 1},
		{Point{1, 1}, Water, 0, 0},
		{Point{2, 1}, Water, 0, 0},
		{Point{3, 1}, Road, -1, 0},
		{Point{2, 2}, Road, 2, 0},
		{Point{4, 2}, Field, 1, 0},
		{Point{0, 3}, Forest, -1, 2},
		{Point{4, 3}, Field, -1, 2},
		{Point{5, 0}, Field, -1, 0}, // off the battlefield
		{Point{0, -1}, Field, -1, 0},
	} {
		if got := b.Terrain(c.p); got != c.terrain {
			t.Errorf("Terrain(%v) = %v, want %v", c.p, got, c.terrain)
		}
		if got := b.Height(c.p); got != c.height {
			t.Errorf("Height(%v) = %d, want %d", c.p, got, c.height)
		}
		if got := b.Deploy(c.p); got != c.deploy {
			t.Errorf("Deploy(%v) = %d, want %d", c.p, got, c.deploy)
		}
	}
	if pc, ok := b.Piece(Point{4, 2}); !ok || pc.Name != "Bush of: brambles" || pc.Height != 1 {
		t.Errorf("Piece(4,2) = %+v, %v", pc, ok)
	}
	if pc, ok := b.Piece(Point{1, 1}); !ok || !pc.Bridge || pc.Name != BridgeName {
		t.Errorf("Piece(1,1) = %+v, %v", pc, ok)
	}
	if pc, ok := b.Piece(Point{2, 2}); !ok || pc.Name != "" || pc.Height != 2 {
		t.Errorf("Piece(2,2) = %+v, %v", pc, ok)
	}
	if _, ok := b.Piece(Point{1, 0}); ok {
		t.Error("Piece(1,0): a piece on an empty space")
	}
	if got := b.DeployArea(2, nil); !reflect.DeepEqual(got, []Point{{0, 3}, {1, 3}, {2, 3}, {3, 3}, {4, 3}}) {
		t.Errorf("DeployArea(2) = %v", got)
	}
	for _, c := range []struct {
		p       Point
		blocked bool
	}{{Point{0, 0}, true}, {Point{1, 1}, false}, {Point{4, 2}, true}, {Point{1, 0}, false}, {Point{-1, 0}, true}} {
		if got := b.Blocked(c.p); got != c.blocked {
			t.Errorf("Blocked(%v) = %v, want %v", c.p, got, c.blocked)
		}
	}
}

// TestBridgeSides: a bridge's sides stand along its length, not at its
// ends, and not between two spaces of one bridge (TD-B3).
func TestBridgeSides(t *testing.T) {
	b := mustParse(t, `name: Bridges
size: 6x5
terrain:
WWWWWW
WWWWWW
WWWWWW
WWWWWW
WWWWWW
pieces:
.---..
......
.||...
.||...
......
`)
	for _, c := range []struct {
		p    Point
		d    Facing
		want int
	}{
		{Point{1, 0}, North, 1}, // the north side of the east-west bridge (the battlefield's edge)
		{Point{2, 0}, South, 1},
		{Point{2, 1}, North, 1}, // the same edge, seen from the water below
		{Point{1, 0}, West, -1}, // its west end
		{Point{3, 0}, East, -1}, // its east end
		{Point{2, 0}, East, -1}, // inside the bridge
		{Point{1, 2}, West, 1},  // the north-south bridge, two spaces wide
		{Point{0, 3}, East, 1},
		{Point{1, 2}, East, -1}, // between its two lanes
		{Point{2, 2}, West, -1},
		{Point{2, 3}, East, 1},
		{Point{1, 2}, North, -1}, // its ends
		{Point{2, 3}, South, -1},
		{Point{4, 4}, North, -1}, // plain water
	} {
		if got := b.EdgeHeight(c.p, c.d); got != c.want {
			t.Errorf("EdgeHeight(%v, %v) = %d, want %d", c.p, c.d, got, c.want)
		}
	}
}

func mustParse(t testing.TB, text string) *Battlefield {
	t.Helper()
	b, err := Parse("test.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRoundTrip(t *testing.T) {
	b := mustParse(t, sample)
	text := Format(b)
	c, err := Parse("formatted.txt", text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if !reflect.DeepEqual(b, c) {
		t.Errorf("round trip changed the battlefield:\n%s", text)
	}
	if again := Format(c); string(again) != string(text) {
		t.Errorf("Format is not stable:\n%s\n---\n%s", text, again)
	}
	// A battlefield without pieces, deployment or purchase.
	bare := mustParse(t, "name: Bare\nsize: 2x1\nterrain:\n.F\n")
	if got, want := string(Format(bare)), "name: Bare\nsize: 2x1\nplayers: 2\n\nterrain:\n.F\n"; got != want {
		t.Errorf("Format(bare) = %q, want %q", got, want)
	}
}

func TestRotated(t *testing.T) {
	b := mustParse(t, sample)
	r := b.Rotated()
	if r.W != b.H || r.H != b.W {
		t.Fatalf("rotated size %dx%d", r.W, r.H)
	}
	// The north-west corner goes to the north-east; a '-' bridge turns '|'.
	if r.Height(Point{r.W - 1, 0}) != 2 || r.Deploy(Point{r.W - 1, 0}) != 1 {
		t.Errorf("north-west corner not at the north-east: height %d deploy %d", r.Height(Point{r.W - 1, 0}), r.Deploy(Point{r.W - 1, 0}))
	}
	if pc, _ := r.Piece(Point{2, 1}); pc.Key != '|' {
		t.Errorf("rotated bridge at 2,1 is %q, want '|'", pc.Key)
	}
	if r.Terrain(Point{0, 0}) != Forest || r.Deploy(Point{0, 0}) != 2 {
		t.Errorf("south-west corner not at the north-west")
	}
	full := r.Rotated().Rotated().Rotated()
	if !reflect.DeepEqual(full, b) {
		t.Error("four quarter turns changed the battlefield")
	}
}

func TestParseErrors(t *testing.T) {
	head := "name: E\nsize: 3x2\n"
	for _, c := range []struct {
		text string
		want string // the error, after "e.txt:"
	}{
		{"", "1:1: name: missing"},
		{"name: E\nterrain:\n", "2:1: terrain: size must come before the grids"},
		{"name:\n", "1:6: name: missing"},
		{"name: E\nsize: 3y2\n", `2:7: size: "3y2": want WxH, each from 1 to 99 (such as 7x11, 14x11 or 14x22)`},
		{"name: E\nsize: 100x2\n", `2:7: size: "100x2": want WxH, each from 1 to 99 (such as 7x11, 14x11 or 14x22)`},
		{"name: E\nsize: 0x2\n", `2:7: size: "0x2": want WxH, each from 1 to 99 (such as 7x11, 14x11 or 14x22)`},
		{head + "size: 3x2\n", "3:1: size: given twice (first on line 2)"},
		{head + "players: 0\n", `3:10: players: "0": want a number from 1 to 9`},
		{head + "purchase: 100-50\n", `3:11: purchase: "100-50": want a purchase limit N or a range N-M, from 1 to 99999`},
		{head + "colour: red\n", "3:1: colour: unknown field (name, size, players, purchase, about, terrain, pieces, deploy, piece)"},
		{head + "what is this\n", `3:1: line: want "field: value" or "piece key height name", got "what is this"`},
		{head + "terrain: ...\n", "3:10: terrain: the grid starts on the next line"},
		{head + "terrain:\n...\n", "5:1: terrain: 1 rows, want 2 (size 3x2; the grid starts on line 3)"},
		{head + "terrain:\n...\npieces:\n", "5:1: terrain: 1 rows, want 2 (size 3x2; the grid starts on line 3)"},
		{head + "terrain:\n...\n..G\n", "5:3: terrain: 'G' at 2,1: want a terrain type: . Field, F Forest, W Water, R Road"},
		{head + "terrain:\n...\n....\n", "5:4: terrain: row 1 is 4 grid spaces wide, want 3"},
		{head + "terrain:\n...\n  ..\n", "5:5: terrain: row 1 is 2 grid spaces wide, want 3"},
		{head + "terrain:\n...\n...\n...\n", "6:1: line: a grid row outside a grid: is a grid longer than the size (3x2)?"},
		{head + "terrain:\n...\n...\npieces:\n.x.\n...\n", "7:2: pieces: piece x at 1,0 has no piece line (piece x HEIGHT NAME)"},
		{head + "terrain:\n...\n...\npieces:\n.4.\n...\n", "7:2: pieces: '4' at 1,0: want a terrain piece: . none, 0-3 a piece of that height, - or | a Bridge, or a letter of a piece line"},
		{head + "terrain:\n...\n...\npiece t 2 Tree 1\n", "6:7: piece: piece t (Tree 1) is not in the pieces grid"},
		{head + "piece tt 2 Tree\n", `3:7: piece: key "tt": want one letter a-z or A-Z (the character drawn in the pieces grid)`},
		{head + "piece t 4 Tree\n", `3:9: piece: piece t: height "4", want 0 to 3`},
		{head + "piece t 2\n", "3:10: piece: piece t: name missing (piece KEY HEIGHT NAME)"},
		{head + "piece t 2 Tree\npiece t 1 Bush\n", "4:7: piece: key t defined twice (first on line 3)"},
		{head + "piece b 0 Bridge\n", "3:11: piece: piece b: a Bridge is drawn with - (east-west) or | (north-south) in the pieces grid"},
		{head + "terrain:\n...\n...\ndeploy:\n1.3\n..2\n", "7:3: deploy: player 3 at 2,0, but players is 2"},
		{head + "terrain:\n...\n...\ndeploy:\n1..\n...\n", "6:1: deploy: player 2 has no grid space to deploy on"},
		{head + "terrain:\n...\n...\ndeploy:\n1.0\n..2\n", "7:3: deploy: '0' at 2,0: want a deployment: . none, or the player 1-9"},
	} {
		_, err := Parse("e.txt", []byte(c.text))
		if err == nil {
			t.Errorf("%q: no error, want %s", c.text, c.want)
			continue
		}
		if got := strings.TrimPrefix(err.Error(), "e.txt:"); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.text, got, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte("name: Bare\nsize: 2x1\nterrain:\n.F\n"))
	for _, b := range All() {
		f.Add(Format(b))
	}
	f.Add([]byte("name: x\nsize: 1x1\nterrain:\nR\npieces:\n|\ndeploy:\n1\nplayers: 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse("fuzz.txt", data)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %v is not an *Error", err)
			}
			return
		}
		text := Format(b)
		c, err := Parse("formatted.txt", text)
		if err != nil {
			t.Fatalf("Format's output does not parse: %v\n%s", err, text)
		}
		if !reflect.DeepEqual(b, c) {
			t.Fatalf("round trip changed the battlefield:\n%s", text)
		}
	})
}
