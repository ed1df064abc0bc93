package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"skald/engine"
)

// Load reads and parses the scenario file at path.
func Load(path string) (*Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{File: path, Msg: "cannot read", Err: err}
	}
	return Parse(path, data)
}

// Parse parses a scenario file; name is the file's name, used in errors.
// Unknown fields, values of the wrong type and steps that mix kinds are
// errors, each naming the line, the step and the field. Anchors, aliases
// and merge keys are not allowed: a scenario spells everything out.
func Parse(name string, data []byte) (sc *Scenario, err error) {
	defer func() {
		// The YAML library is not ours; never let it take the caller down.
		if r := recover(); r != nil {
			sc, err = nil, &Error{File: name, Msg: fmt.Sprintf("cannot parse YAML: %v", r)}
		}
	}()
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, yamlError(name, err)
	}
	var body ast.Node
	for _, d := range f.Docs {
		if d == nil || isNull(d.Body) {
			continue
		}
		if body != nil {
			return nil, &Error{File: name, Line: line(d.Body), Msg: "a scenario file holds one YAML document, not several"}
		}
		body = d.Body
	}
	if body == nil {
		return nil, &Error{File: name, Msg: "empty scenario file"}
	}
	p := &parse{file: name}
	if err := p.plain(body); err != nil {
		return nil, err
	}
	return p.scenario(body)
}

type parse struct {
	file string
	step int // 1-based step being parsed; 0 outside the steps
}

func (p *parse) errAt(n ast.Node, field, format string, args ...any) *Error {
	return &Error{File: p.file, Line: line(n), Step: p.step, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// yamlError turns the YAML library's error into an *Error with its line.
func yamlError(file string, err error) *Error {
	e := &Error{File: file, Msg: yaml.FormatError(err, false, false)}
	var ye yaml.Error
	if errors.As(err, &ye) {
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			e.Line = tk.Position.Line
			e.Msg = ye.GetMessage()
		}
	}
	return e
}

// line returns the 1-based line where n starts, or 0.
func line(n ast.Node) int {
	if n == nil {
		return 0
	}
	if m, ok := n.(*ast.MappingNode); ok && len(m.Values) > 0 && m.Values[0].Key != nil {
		return line(m.Values[0].Key)
	}
	if m, ok := n.(*ast.MappingValueNode); ok && m.Key != nil {
		return line(m.Key)
	}
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return 0
	}
	return tk.Position.Line
}

func isNull(n ast.Node) bool {
	if n == nil {
		return true
	}
	_, ok := n.(*ast.NullNode)
	return ok
}

// plain rejects anchors, aliases and merge keys anywhere in n.
func (p *parse) plain(n ast.Node) error {
	v := &plainVisitor{}
	ast.Walk(v, n)
	if v.bad != nil {
		return p.errAt(v.bad, "", "%s are not allowed in scenario files: spell everything out", v.what)
	}
	return nil
}

type plainVisitor struct {
	bad  ast.Node
	what string
}

func (v *plainVisitor) Visit(n ast.Node) ast.Visitor {
	if v.bad != nil || n == nil {
		return nil
	}
	switch n.(type) {
	case *ast.AnchorNode:
		v.bad, v.what = n, "anchors (&name)"
	case *ast.AliasNode:
		v.bad, v.what = n, "aliases (*name)"
	case *ast.MergeKeyNode:
		v.bad, v.what = n, "merge keys (<<)"
	}
	if v.bad != nil {
		return nil
	}
	return v
}

// entry is one key and value of a mapping.
type entry struct {
	key  string
	keyN ast.Node
	val  ast.Node
	line int
}

func unwrap(n ast.Node) ast.Node {
	for {
		t, ok := n.(*ast.TagNode)
		if !ok {
			return n
		}
		n = t.Value
	}
}

// mapping returns the entries of the mapping n, checking their keys
// against known.
func (p *parse) mapping(n ast.Node, field string, known []string) ([]entry, map[string]int, error) {
	n = unwrap(n)
	mn, ok := n.(ast.MapNode)
	if !ok || isNull(n) {
		return nil, nil, p.errAt(n, field, "want a mapping of %s, got %s", strings.Join(known, ", "), kind(n))
	}
	var out []entry
	lines := map[string]int{}
	for it := mn.MapRange(); it.Next(); {
		kv := it.KeyValue()
		var key string
		if err := yaml.NodeToValue(kv.Key, &key); err != nil {
			return nil, nil, p.errAt(kv.Key, field, "a key must be a plain word")
		}
		f := join(field, key)
		if !slices.Contains(known, key) {
			return nil, nil, p.errAt(kv.Key, f, "unknown field (known: %s)", strings.Join(known, ", "))
		}
		if _, dup := lines[key]; dup {
			return nil, nil, p.errAt(kv.Key, f, "given twice")
		}
		l := line(kv.Key)
		lines[key] = l
		out = append(out, entry{key: key, keyN: kv.Key, val: kv.Value, line: l})
	}
	return out, lines, nil
}

func join(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}

func kind(n ast.Node) string {
	n = unwrap(n)
	if isNull(n) {
		return "nothing"
	}
	switch n.(type) {
	case ast.MapNode:
		return "a mapping"
	case *ast.SequenceNode:
		return "a list"
	case *ast.StringNode, *ast.LiteralNode:
		return "text"
	case *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		return "a number"
	case *ast.BoolNode:
		return "true or false"
	}
	return n.Type().String()
}

func isScalar(n ast.Node) bool {
	switch unwrap(n).(type) {
	case *ast.StringNode, *ast.LiteralNode, *ast.IntegerNode, *ast.FloatNode,
		*ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		return true
	}
	return false
}

// text returns the scalar n as text; it must not be empty.
func (p *parse) text(n ast.Node, field string) (string, error) {
	if !isScalar(n) {
		return "", p.errAt(n, field, "want text, got %s", kind(n))
	}
	var s string
	if err := yaml.NodeToValue(n, &s); err != nil {
		return "", p.errAt(n, field, "want text: %s", yamlError(p.file, err).Msg)
	}
	if strings.TrimSpace(s) == "" {
		return "", p.errAt(n, field, "must not be empty")
	}
	return s, nil
}

// value returns n decoded to plain Go values.
func (p *parse) value(n ast.Node, field string) (any, error) {
	var v any
	if err := yaml.NodeToValue(n, &v); err != nil {
		return nil, p.errAt(n, field, "%s", yamlError(p.file, err).Msg)
	}
	return v, nil
}

// integer returns the whole number n, from lo to hi.
func (p *parse) integer(n ast.Node, field string, lo, hi int64) (int64, error) {
	if _, ok := unwrap(n).(*ast.IntegerNode); !ok {
		return 0, p.errAt(n, field, "want a whole number, got %s", kind(n))
	}
	v, err := p.value(n, field)
	if err != nil {
		return 0, err
	}
	var x int64
	switch v := v.(type) {
	case int64:
		x = v
	case uint64:
		if v > math.MaxInt64 {
			return 0, p.errAt(n, field, "must be from %d to %d", lo, hi)
		}
		x = int64(v)
	case int:
		x = int64(v)
	case uint:
		x = int64(v)
	default:
		return 0, p.errAt(n, field, "want a whole number, got %v", v)
	}
	if x < lo || x > hi {
		return 0, p.errAt(n, field, "must be from %d to %d, not %d", lo, hi, x)
	}
	return x, nil
}

func (p *parse) boolean(n ast.Node, field string) (bool, error) {
	if _, ok := unwrap(n).(*ast.BoolNode); !ok {
		return false, p.errAt(n, field, "want true or false, got %s", kind(n))
	}
	v, err := p.value(n, field)
	if err != nil {
		return false, err
	}
	b, ok := v.(bool)
	if !ok {
		return false, p.errAt(n, field, "want true or false")
	}
	return b, nil
}

// list returns the items of the list n; a single scalar counts as a list
// of one when one is true.
func (p *parse) list(n ast.Node, field string, one bool) ([]ast.Node, error) {
	n = unwrap(n)
	if s, ok := n.(*ast.SequenceNode); ok {
		return s.Values, nil
	}
	if one && isScalar(n) {
		return []ast.Node{n}, nil
	}
	return nil, p.errAt(n, field, "want a list, got %s", kind(n))
}

// texts returns a list of text; a single text is a list of one. The
// result is never nil.
func (p *parse) texts(n ast.Node, field string) ([]string, error) {
	items, err := p.list(n, field, true)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(items))
	for i, it := range items {
		s, err := p.text(it, fmt.Sprintf("%s[%d]", field, i))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

var topFields = []string{"name", "rule", "game", "seats", "seed", "options", "setup", "force", "steps", "result"}

func (p *parse) scenario(body ast.Node) (*Scenario, error) {
	es, lines, err := p.mapping(body, "", topFields)
	if err != nil {
		return nil, err
	}
	sc := &Scenario{Path: p.file, lines: lines}
	for _, e := range es {
		switch e.key {
		case "name":
			sc.Name, err = p.text(e.val, e.key)
		case "rule":
			sc.Rule, err = p.text(e.val, e.key)
		case "game":
			sc.Game, err = p.text(e.val, e.key)
		case "seats":
			var n int64
			n, err = p.integer(e.val, e.key, 1, engine.MaxSeats)
			sc.Seats = int(n)
		case "seed":
			sc.Seed, err = p.seed(e.val)
		case "options":
			sc.Options, err = p.options(e.val)
		case "setup":
			sc.Setup, err = p.setup(e.val)
		case "force":
			sc.Force, err = p.force(e.val, e.key)
		case "steps":
			sc.Steps, err = p.steps(e.val)
		case "result":
			sc.Result, err = p.result(e.val, e.key)
		}
		if err != nil {
			return nil, err
		}
	}
	if sc.Game == "" {
		return nil, p.errAt(body, "game", "missing: name the game")
	}
	if len(sc.Steps) == 0 && sc.Result == nil {
		return nil, p.errAt(body, "steps", "missing: a scenario needs steps or a result")
	}
	return sc, nil
}

func (p *parse) seed(n ast.Node) (uint64, error) {
	if _, ok := unwrap(n).(*ast.IntegerNode); !ok {
		return 0, p.errAt(n, "seed", "want a whole number, got %s", kind(n))
	}
	v, err := p.value(n, "seed")
	if err != nil {
		return 0, err
	}
	switch v := v.(type) {
	case uint64:
		return v, nil
	case int64:
		if v >= 0 {
			return uint64(v), nil
		}
	case int:
		if v >= 0 {
			return uint64(v), nil
		}
	case uint:
		return uint64(v), nil
	}
	return 0, p.errAt(n, "seed", "must be a whole number from 0 to %d", uint64(math.MaxUint64))
}

func (p *parse) options(n ast.Node) (engine.Options, error) {
	n = unwrap(n)
	mn, ok := n.(ast.MapNode)
	if !ok || isNull(n) {
		return nil, p.errAt(n, "options", "want a mapping of option names to values, got %s", kind(n))
	}
	opts := engine.Options{}
	for it := mn.MapRange(); it.Next(); {
		kv := it.KeyValue()
		var key string
		if err := yaml.NodeToValue(kv.Key, &key); err != nil || key == "" {
			return nil, p.errAt(kv.Key, "options", "an option name must be a plain word")
		}
		f := "options." + key
		if _, dup := opts[key]; dup {
			return nil, p.errAt(kv.Key, f, "given twice")
		}
		if !isScalar(kv.Value) {
			return nil, p.errAt(kv.Value, f, "want a single value, got %s", kind(kv.Value))
		}
		var s string
		if err := yaml.NodeToValue(kv.Value, &s); err != nil {
			return nil, p.errAt(kv.Value, f, "%s", yamlError(p.file, err).Msg)
		}
		opts[key] = s
	}
	return opts, nil
}

func (p *parse) setup(n ast.Node) (json.RawMessage, error) {
	if _, ok := unwrap(n).(ast.MapNode); !ok || isNull(unwrap(n)) {
		return nil, p.errAt(n, "setup", "want a mapping, got %s", kind(n))
	}
	v, err := p.value(n, "setup")
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, p.errAt(n, "setup", "cannot be written as JSON: %v", err)
	}
	return b, nil
}

var forceFields = []string{"dice", "shuffles"}

func (p *parse) force(n ast.Node, field string) (*Force, error) {
	es, _, err := p.mapping(n, field, forceFields)
	if err != nil {
		return nil, err
	}
	f := &Force{}
	for _, e := range es {
		fe := join(field, e.key)
		items, err := p.list(e.val, fe, e.key == "dice")
		if err != nil {
			return nil, err
		}
		for i, it := range items {
			fi := fmt.Sprintf("%s[%d]", fe, i)
			if e.key == "dice" {
				d, err := p.integer(it, fi, math.MinInt32, math.MaxInt32)
				if err != nil {
					return nil, err
				}
				f.Dice = append(f.Dice, int(d))
				f.diceLines = append(f.diceLines, line(it))
				continue
			}
			perm, err := p.perm(it, fi)
			if err != nil {
				return nil, err
			}
			f.Shuffles = append(f.Shuffles, perm)
			f.shuffleLines = append(f.shuffleLines, line(it))
		}
	}
	if len(f.Dice) == 0 && len(f.Shuffles) == 0 {
		return nil, p.errAt(n, field, "forces nothing: give dice or shuffles")
	}
	return f, nil
}

// perm parses a permutation of 0..n-1.
func (p *parse) perm(n ast.Node, field string) ([]int, error) {
	items, err := p.list(n, field, false)
	if err != nil {
		return nil, err
	}
	perm := make([]int, len(items))
	seen := make([]bool, len(items))
	for i, it := range items {
		x, err := p.integer(it, fmt.Sprintf("%s[%d]", field, i), 0, int64(len(items)-1))
		if err != nil {
			return nil, p.errAt(it, field, "a shuffle is a permutation of 0 to n-1 (position i gets the element that was at perm[i]): %s", err.(*Error).Msg)
		}
		if seen[x] {
			return nil, p.errAt(it, field, "a shuffle is a permutation of 0 to n-1: %d is there twice", x)
		}
		seen[x] = true
		perm[i] = int(x)
	}
	if len(perm) == 0 {
		return nil, p.errAt(n, field, "an empty shuffle")
	}
	return perm, nil
}

func (p *parse) steps(n ast.Node) ([]Step, error) {
	items, err := p.list(n, "steps", false)
	if err != nil {
		return nil, err
	}
	steps := make([]Step, 0, len(items))
	for i, it := range items {
		p.step = i + 1
		st, err := p.oneStep(it)
		if err != nil {
			return nil, err
		}
		steps = append(steps, *st)
	}
	p.step = 0
	return steps, nil
}

var (
	stepFields     = []string{"seat", "do", "events", "no_events", "illegal", "error", "force", "view", "legal", "deciders", "play", "max", "result"}
	stepKinds      = []string{"do", "illegal", "force", "view", "legal", "deciders", "play", "result"}
	stepCompanions = map[string][]string{
		"do":      {"seat", "events", "no_events"},
		"illegal": {"seat", "error"},
		"play":    {"max"},
	}
)

func (p *parse) oneStep(n ast.Node) (*Step, error) {
	es, lines, err := p.mapping(n, "", stepFields)
	if err != nil {
		return nil, err
	}
	st := &Step{Line: line(n), lines: lines}
	var kinds []string
	for _, e := range es {
		if slices.Contains(stepKinds, e.key) {
			kinds = append(kinds, e.key)
		}
		switch e.key {
		case "seat":
			st.Seat, err = p.text(e.val, e.key)
		case "do":
			st.Do, err = p.text(e.val, e.key)
		case "illegal":
			st.Illegal, err = p.text(e.val, e.key)
		case "error":
			st.Error, err = p.text(e.val, e.key)
		case "events":
			st.Events, err = p.texts(e.val, e.key)
		case "no_events":
			st.NoEvents, err = p.texts(e.val, e.key)
		case "force":
			st.Force, err = p.force(e.val, e.key)
		case "view":
			st.View, err = p.view(e.val)
		case "legal":
			st.Legal, err = p.legal(e.val)
		case "deciders":
			st.Deciders, err = p.seatList(e.val, e.key)
		case "play":
			st.Play, err = p.text(e.val, e.key)
			if err == nil && st.Play != "random" {
				err = p.errAt(e.val, e.key, "only \"random\" play is known, not %q", st.Play)
			}
		case "max":
			var m int64
			m, err = p.integer(e.val, e.key, 1, math.MaxInt32)
			st.Max = int(m)
		case "result":
			st.Result, err = p.result(e.val, e.key)
		}
		if err != nil {
			return nil, err
		}
	}
	switch len(kinds) {
	case 0:
		return nil, p.errAt(n, "", "a step needs one of %s", strings.Join(stepKinds, ", "))
	case 1:
	default:
		return nil, p.errAt(n, kinds[1], "a step has one kind; this one has both %s and %s (make two steps)", kinds[0], kinds[1])
	}
	k := kinds[0]
	for _, e := range es {
		if e.key != k && !slices.Contains(stepCompanions[k], e.key) {
			return nil, p.errAt(e.keyN, e.key, "does not go with %s (a %s step takes %s)", k, k, companions(k))
		}
	}
	return st, nil
}

func companions(k string) string {
	if c := stepCompanions[k]; len(c) > 0 {
		return strings.Join(c, ", ")
	}
	return "nothing else"
}

// seatList returns a list of seat names; never nil.
func (p *parse) seatList(n ast.Node, field string) ([]string, error) {
	if isNull(unwrap(n)) {
		return nil, p.errAt(n, field, "want a list of seats ([] for none), got nothing")
	}
	return p.texts(n, field)
}

var viewFields = []string{"seat", "path", "equals", "contains", "absent"}

func (p *parse) view(n ast.Node) (*ViewCheck, error) {
	es, lines, err := p.mapping(n, "view", viewFields)
	if err != nil {
		return nil, err
	}
	v := &ViewCheck{lines: lines}
	var checks []string
	for _, e := range es {
		f := "view." + e.key
		switch e.key {
		case "seat":
			v.Seat, err = p.text(e.val, f)
		case "path":
			if isNull(unwrap(e.val)) {
				break // the whole view
			}
			v.Path, err = p.text(e.val, f)
			if err == nil && slices.Contains(strings.Split(v.Path, "."), "") {
				err = p.errAt(e.val, f, "%q has an empty element: write keys and indices separated by single dots", v.Path)
			}
		case "equals":
			checks = append(checks, e.key)
			var x any
			x, err = p.value(e.val, f)
			if err == nil {
				v.Equals, err = json.Marshal(x)
				if err != nil {
					err = p.errAt(e.val, f, "cannot be written as JSON: %v", err)
				}
			}
		case "contains":
			checks = append(checks, e.key)
			v.Contains, err = p.text(e.val, f)
		case "absent":
			checks = append(checks, e.key)
			v.Absent, err = p.boolean(e.val, f)
			if err == nil && !v.Absent {
				err = p.errAt(e.val, f, "absent: false checks nothing; use equals or contains")
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if v.Seat == "" {
		return nil, p.errAt(n, "view.seat", "missing: name the seat whose view to check, or spectator")
	}
	switch {
	case len(checks) == 0:
		return nil, p.errAt(n, "view", "checks nothing: give equals, contains or absent")
	case len(checks) > 1:
		return nil, p.errAt(n, "view."+checks[1], "give one of equals, contains and absent per view step, not %s and %s", checks[0], checks[1])
	}
	if v.Absent && v.Path == "" {
		return nil, p.errAt(n, "view.path", "missing: absent needs the path that must not exist")
	}
	return v, nil
}

var legalFields = []string{"seat", "includes", "excludes", "exactly"}

func (p *parse) legal(n ast.Node) (*LegalCheck, error) {
	es, lines, err := p.mapping(n, "legal", legalFields)
	if err != nil {
		return nil, err
	}
	l := &LegalCheck{lines: lines}
	for _, e := range es {
		f := "legal." + e.key
		switch e.key {
		case "seat":
			l.Seat, err = p.text(e.val, f)
		case "includes":
			l.Includes, err = p.texts(e.val, f)
		case "excludes":
			l.Excludes, err = p.texts(e.val, f)
		case "exactly":
			if isNull(unwrap(e.val)) {
				err = p.errAt(e.val, f, "want a list of actions ([] for none), got nothing")
				break
			}
			l.Exactly, err = p.texts(e.val, f)
		}
		if err != nil {
			return nil, err
		}
	}
	if l.Includes == nil && l.Excludes == nil && l.Exactly == nil {
		return nil, p.errAt(n, "legal", "checks nothing: give includes, excludes or exactly")
	}
	return l, nil
}

var resultFields = []string{"over", "winners", "reason"}

func (p *parse) result(n ast.Node, field string) (*ResultCheck, error) {
	es, lines, err := p.mapping(n, field, resultFields)
	if err != nil {
		return nil, err
	}
	r := &ResultCheck{lines: lines}
	for _, e := range es {
		f := join(field, e.key)
		switch e.key {
		case "over":
			var b bool
			b, err = p.boolean(e.val, f)
			r.Over = &b
		case "winners":
			r.Winners, err = p.seatList(e.val, f)
		case "reason":
			r.Reason, err = p.text(e.val, f)
		}
		if err != nil {
			return nil, err
		}
	}
	if r.Over != nil && !*r.Over && (r.Winners != nil || r.Reason != "") {
		return nil, p.errAt(n, join(field, "over"), "over: false cannot go with winners or reason")
	}
	if r.Over == nil && r.Winners == nil && r.Reason == "" {
		return nil, p.errAt(n, field, "checks nothing: give over, winners or reason")
	}
	return r, nil
}
