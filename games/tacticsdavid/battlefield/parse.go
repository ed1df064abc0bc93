package battlefield

import (
	"fmt"
	"strconv"
	"strings"
)

// Error is a mistake in a battlefield or attack area file: the file, the
// line and column (from 1, in bytes), the field and what is wrong.
type Error struct {
	File      string
	Line, Col int
	Field     string
	Msg       string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", e.File, e.Line, e.Col, e.Field, e.Msg)
}

// The sections of a battlefield file that hold a grid.
const (
	gridTerrain = iota
	gridPieces
	gridDeploy
	numGrids
)

var gridNames = [numGrids]string{"terrain", "pieces", "deploy"}

// gridRow is where a grid row was read, for errors found after the file.
type gridRow struct{ line, col int }

type parser struct {
	file  string
	lines []string
	n     int // the line being read, from 0
	b     *Battlefield
	seen  map[string]int // field -> the line it was given on
	rows  [numGrids][]gridRow
	keys  map[byte]gridRow // piece key -> where it was defined
}

func (p *parser) errf(line, col int, field, format string, args ...any) error {
	return &Error{File: p.file, Line: line, Col: col, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// next returns the next line that is neither blank nor a comment, trimmed,
// with its line number and the column it starts at; ok is false at the end.
func (p *parser) next() (s string, line, col int, ok bool) {
	for p.n < len(p.lines) {
		raw := strings.TrimRight(p.lines[p.n], " \t\r")
		p.n++
		s = strings.TrimLeft(raw, " \t")
		if s == "" || s[0] == '#' {
			continue
		}
		return s, p.n, len(raw) - len(s) + 1, true
	}
	return "", len(p.lines), 1, false
}

// fieldLine reports whether s is a field ("key: value") or a piece line
// rather than a grid row.
func fieldLine(s string) bool { return strings.Contains(s, ":") || pieceLine(s) }

func pieceLine(s string) bool {
	return s == "piece" || strings.HasPrefix(s, "piece ") || strings.HasPrefix(s, "piece\t")
}

// Parse reads a battlefield in skald's battlefield format (see FORMAT.md).
// name is the file name used in errors, which read
// "name:line:column: field: what is wrong".
func Parse(name string, data []byte) (*Battlefield, error) {
	p := &parser{
		file:  name,
		lines: strings.Split(string(data), "\n"),
		b:     &Battlefield{Players: 2},
		seen:  map[string]int{},
		keys:  map[byte]gridRow{},
	}
	if err := p.parse(); err != nil {
		return nil, err
	}
	return p.b, nil
}

func (p *parser) parse() error {
	b := p.b
	var about []string
	for {
		s, line, col, ok := p.next()
		if !ok {
			break
		}
		if pieceLine(s) {
			if err := p.pieceDef(s, line, col); err != nil {
				return err
			}
			continue
		}
		key, val, found := strings.Cut(s, ":")
		if !found || strings.ContainsAny(key, " \t") {
			if !found && !strings.ContainsAny(s, " \t") {
				for g := numGrids - 1; g >= 0; g-- {
					if _, ok := p.seen[gridNames[g]]; ok {
						return p.errf(line, col, "line", "a grid row outside a grid: is a grid longer than the size (%dx%d)?", b.W, b.H)
					}
				}
			}
			return p.errf(line, col, "line", "want \"field: value\" or \"piece key height name\", got %q", s)
		}
		vcol := col + len(key) + 1
		v := strings.TrimLeft(val, " \t")
		vcol += len(val) - len(v)
		if key != "about" {
			if l, dup := p.seen[key]; dup {
				return p.errf(line, col, key, "given twice (first on line %d)", l)
			}
		}
		p.seen[key] = line
		switch key {
		case "name":
			if v == "" {
				return p.errf(line, vcol, key, "missing")
			}
			b.Name = v
		case "size":
			w, h, ok := parseSize(v)
			if !ok {
				return p.errf(line, vcol, key, "%q: want WxH, each from 1 to %d (such as 7x11, 14x11 or 14x22)", v, MaxSize)
			}
			b.W, b.H = w, h
		case "players":
			n, ok := number(v)
			if !ok || n < 1 || n > MaxPlayers {
				return p.errf(line, vcol, key, "%q: want a number from 1 to %d", v, MaxPlayers)
			}
			b.Players = n
		case "purchase":
			lo, hi, ok := parseRange(v)
			if !ok {
				return p.errf(line, vcol, key, "%q: want a purchase limit N or a range N-M, from 1 to 99999", v)
			}
			b.Purchase = [2]int{lo, hi}
		case "about":
			about = append(about, v)
		case "terrain", "pieces", "deploy":
			if v != "" {
				return p.errf(line, vcol, key, "the grid starts on the next line")
			}
			if b.W == 0 {
				return p.errf(line, col, key, "size must come before the grids")
			}
			if err := p.grid(key, line); err != nil {
				return err
			}
		default:
			return p.errf(line, col, key, "unknown field (name, size, players, purchase, about, terrain, pieces, deploy, piece)")
		}
	}
	b.About = strings.Join(about, "\n")
	return p.check()
}

// grid reads the H rows of the grid named field, whose header is on line.
func (p *parser) grid(field string, header int) error {
	b := p.b
	g := 0
	for g < numGrids && gridNames[g] != field {
		g++
	}
	cells := make([]byte, 0, b.W*b.H)
	for y := 0; y < b.H; y++ {
		s, line, col, ok := p.next()
		if !ok || fieldLine(s) {
			if ok {
				p.n-- // read the field again
			}
			return p.errf(line, col, field, "%d rows, want %d (size %dx%d; the grid starts on line %d)", y, b.H, b.W, b.H, header)
		}
		for x := 0; x < len(s); x++ {
			if x >= b.W {
				return p.errf(line, col+x, field, "row %d is %d grid spaces wide, want %d", y, len(s), b.W)
			}
			c := s[x]
			if !validCell(g, c) {
				return p.errf(line, col+x, field, "%s at %d,%d: want %s", quoteByte(c), x, y, cellHelp[g])
			}
			cells = append(cells, c)
		}
		if len(s) < b.W {
			return p.errf(line, col+len(s), field, "row %d is %d grid spaces wide, want %d", y, len(s), b.W)
		}
		p.rows[g] = append(p.rows[g], gridRow{line, col})
	}
	switch g {
	case gridTerrain:
		b.terrain = make([]Terrain, len(cells))
		for i, c := range cells {
			b.terrain[i] = Terrain(strings.IndexByte(terrainLetters, c))
		}
	case gridPieces:
		b.pieces = cells
	case gridDeploy:
		b.deploy = make([]uint8, len(cells))
		for i, c := range cells {
			if c != '.' {
				b.deploy[i] = c - '0'
			}
		}
	}
	return nil
}

var cellHelp = [numGrids]string{
	"a terrain type: . Field, F Forest, W Water, R Road",
	"a terrain piece: . none, 0-3 a piece of that height, - or | a Bridge, or a letter of a piece line",
	"a deployment: . none, or the player 1-9",
}

func validCell(g int, c byte) bool {
	switch g {
	case gridTerrain:
		return strings.IndexByte(terrainLetters, c) >= 0
	case gridPieces:
		return c == '.' || c == '-' || c == '|' || (c >= '0' && c <= '0'+MaxHeight) || letter(c)
	default:
		return c == '.' || (c >= '1' && c <= '9')
	}
}

func letter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func quoteByte(c byte) string {
	if c >= ' ' && c < 0x7f {
		return fmt.Sprintf("'%c'", c)
	}
	return fmt.Sprintf("byte %#02x", c)
}

// pieceDef reads "piece KEY HEIGHT NAME".
func (p *parser) pieceDef(s string, line, col int) error {
	const field = "piece"
	rest := s[len("piece"):]
	pos := col + len("piece")
	word := func() (string, int) {
		t := strings.TrimLeft(rest, " \t")
		pos += len(rest) - len(t)
		rest = t
		i := strings.IndexAny(rest, " \t")
		if i < 0 {
			i = len(rest)
		}
		w, at := rest[:i], pos
		rest, pos = rest[i:], pos+i
		return w, at
	}
	key, kcol := word()
	if len(key) != 1 || !letter(key[0]) {
		return p.errf(line, kcol, field, "key %q: want one letter a-z or A-Z (the character drawn in the pieces grid)", key)
	}
	k := key[0]
	if d, dup := p.keys[k]; dup {
		return p.errf(line, kcol, field, "key %c defined twice (first on line %d)", k, d.line)
	}
	h, hcol := word()
	height, ok := number(h)
	if !ok || height > MaxHeight {
		return p.errf(line, hcol, field, "piece %c: height %q, want 0 to %d", k, h, MaxHeight)
	}
	name := strings.TrimLeft(rest, " \t")
	if name == "" {
		return p.errf(line, pos, field, "piece %c: name missing (piece KEY HEIGHT NAME)", k)
	}
	if name == BridgeName {
		return p.errf(line, pos+len(rest)-len(name), field, "piece %c: a Bridge is drawn with - (east-west) or | (north-south) in the pieces grid", k)
	}
	p.keys[k] = gridRow{line, kcol}
	p.b.legend = append(p.b.legend, Piece{Key: k, Name: name, Height: height})
	return nil
}

// check finishes a parsed battlefield: required fields, piece keys and
// deployment areas.
func (p *parser) check() error {
	b := p.b
	last := len(p.lines)
	for _, f := range []string{"name", "size", "terrain"} {
		if _, ok := p.seen[f]; !ok {
			return p.errf(last, 1, f, "missing")
		}
	}
	n := b.W * b.H
	if b.pieces == nil {
		b.pieces = []byte(strings.Repeat(".", n))
	}
	used := map[byte]bool{}
	b.heights = make([]int8, n)
	for i, k := range b.pieces {
		pc, ok := b.pieceOf(k)
		if !ok && k != '.' {
			r := p.rows[gridPieces][i/b.W]
			return p.errf(r.line, r.col+i%b.W, "pieces", "piece %c at %d,%d has no piece line (piece %c HEIGHT NAME)", k, i%b.W, i/b.W, k)
		}
		used[k] = true
		b.heights[i] = -1
		if ok {
			b.heights[i] = int8(pc.Height)
		}
	}
	for _, pc := range b.legend {
		if !used[pc.Key] {
			d := p.keys[pc.Key]
			return p.errf(d.line, d.col, "piece", "piece %c (%s) is not in the pieces grid", pc.Key, pc.Name)
		}
	}
	if b.deploy != nil {
		var has [MaxPlayers + 1]bool
		for i, d := range b.deploy {
			if int(d) > b.Players {
				r := p.rows[gridDeploy][i/b.W]
				return p.errf(r.line, r.col+i%b.W, "deploy", "player %d at %d,%d, but players is %d", d, i%b.W, i/b.W, b.Players)
			}
			has[d] = true
		}
		for pl := 1; pl <= b.Players; pl++ {
			if !has[pl] {
				return p.errf(p.seen["deploy"], 1, "deploy", "player %d has no grid space to deploy on", pl)
			}
		}
	}
	return nil
}

// number reads a decimal number of 1 to 5 digits, nothing else.
func number(s string) (int, bool) {
	if len(s) == 0 || len(s) > 5 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// parseSize reads "WxH" (x, X or ×).
func parseSize(s string) (w, h int, ok bool) {
	for _, sep := range []string{"x", "X", "×"} {
		if a, c, found := strings.Cut(s, sep); found {
			w, ok1 := number(strings.TrimSpace(a))
			h, ok2 := number(strings.TrimSpace(c))
			if ok1 && ok2 && w >= 1 && h >= 1 && w <= MaxSize && h <= MaxSize {
				return w, h, true
			}
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// parseRange reads "N" or "N-M" with 1 <= N <= M.
func parseRange(s string) (lo, hi int, ok bool) {
	a, c, found := strings.Cut(s, "-")
	lo, ok = number(strings.TrimSpace(a))
	hi = lo
	if found {
		var ok2 bool
		hi, ok2 = number(strings.TrimSpace(c))
		ok = ok && ok2
	}
	if !ok || lo < 1 || hi < lo {
		return 0, 0, false
	}
	return lo, hi, true
}

// Format writes b in the battlefield format; Parse reads it back to the
// same battlefield.
func Format(b *Battlefield) []byte {
	var s strings.Builder
	fmt.Fprintf(&s, "name: %s\nsize: %dx%d\nplayers: %d\n", b.Name, b.W, b.H, b.Players)
	switch {
	case b.Purchase[0] > 0 && b.Purchase[1] > b.Purchase[0]:
		fmt.Fprintf(&s, "purchase: %d-%d\n", b.Purchase[0], b.Purchase[1])
	case b.Purchase[0] > 0:
		fmt.Fprintf(&s, "purchase: %d\n", b.Purchase[0])
	}
	if b.About != "" {
		for _, l := range strings.Split(b.About, "\n") {
			if l == "" {
				s.WriteString("about:\n")
			} else {
				fmt.Fprintf(&s, "about: %s\n", l)
			}
		}
	}
	grid := func(name string, cell func(i int) byte) {
		fmt.Fprintf(&s, "\n%s:\n", name)
		for y := 0; y < b.H; y++ {
			for x := 0; x < b.W; x++ {
				s.WriteByte(cell(y*b.W + x))
			}
			s.WriteByte('\n')
		}
	}
	grid("terrain", func(i int) byte { return b.terrain[i].Letter() })
	if strings.Trim(string(b.pieces), ".") != "" {
		grid("pieces", func(i int) byte { return b.pieces[i] })
		for _, pc := range b.legend {
			fmt.Fprintf(&s, "piece %c %d %s\n", pc.Key, pc.Height, pc.Name)
		}
	}
	if b.deploy != nil {
		grid("deploy", func(i int) byte {
			if b.deploy[i] == 0 {
				return '.'
			}
			return '0' + b.deploy[i]
		})
	}
	return []byte(s.String())
}
