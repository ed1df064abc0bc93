package server

import (
	"encoding"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// marshalView returns v as JSON, byte for byte what json.Marshal returns.
//
// A view is most of a frame, and a frame is sent to every seat after
// every step: encoding/json, which walks a value by reflection and
// allocates for every map entry, was a third of the server's CPU. This
// encoder handles the plain data the games' views are made of (structs
// without embedded fields, slices, arrays, maps with string keys,
// pointers, interfaces, strings, numbers and booleans) with an encoding
// planned once per type; a value with anything else in it (a type with a
// MarshalJSON or MarshalText method, embedded fields, a field tagged
// ",string" or ",omitzero", []byte, a float that is not a number) is
// handed to encoding/json whole, so the output is always encoding/json's.
// TestViewJSONSameAsEncodingJSON compares the two on every game's views.
func marshalView(v any) ([]byte, error) {
	if v == nil {
		return []byte("null"), nil
	}
	rv := reflect.ValueOf(v)
	p := planFor(rv.Type())
	if p.whole.Load() {
		return json.Marshal(v)
	}
	e := viewEncoders.Get().(*viewEncoder)
	defer viewEncoders.Put(e)
	b, err := p.enc(e, e.out[:0], rv)
	if err != nil {
		if errors.Is(err, errFallback) && !e.value {
			// The type itself cannot be encoded here: do not try again.
			p.whole.Store(true)
		}
		e.reset()
		return json.Marshal(v)
	}
	e.out = b
	return slices.Clone(b), nil
}

// appendView appends the JSON of v to dst, as marshalView makes it, and
// returns the extended buffer; on an error dst is returned as it was.
func appendView(dst []byte, v any) ([]byte, error) {
	if v == nil {
		return append(dst, "null"...), nil
	}
	rv := reflect.ValueOf(v)
	p := planFor(rv.Type())
	if !p.whole.Load() {
		e := viewEncoders.Get().(*viewEncoder)
		b, err := p.enc(e, dst, rv)
		if err == nil {
			viewEncoders.Put(e)
			return b, nil
		}
		if errors.Is(err, errFallback) && !e.value {
			// The type itself cannot be encoded here: do not try again.
			p.whole.Store(true)
		}
		e.reset()
		viewEncoders.Put(e)
	}
	j, err := json.Marshal(v)
	if err != nil {
		return dst, err
	}
	return append(dst, j...), nil
}

// errFallback says that a value must be encoded by encoding/json.
var errFallback = errors.New("view JSON: left to encoding/json")

// viewEncoder is the scratch space of one encoding: for the maps being
// encoded, one level per nesting, their entries' encoded values and keys.
type viewEncoder struct {
	out   []byte
	depth int
	bufs  [][]byte
	ents  [][]mapEntry
	// keys and vals hold a map's key and value as it is walked.
	keys, vals []reflect.Value
	// value says the fallback was for a value (a float that is not a
	// number, a nesting too deep), not for a type.
	value bool
}

func (e *viewEncoder) reset() { e.depth, e.value = 0, false }

var viewEncoders = sync.Pool{New: func() any { return new(viewEncoder) }}

type mapEntry struct {
	key        string
	start, end int
}

// maxViewDepth is the deepest nesting encoded here; encoding/json reports
// a cycle.
const maxViewDepth = 200

type encFunc func(e *viewEncoder, b []byte, v reflect.Value) ([]byte, error)

// typePlan is how one type is encoded.
type typePlan struct {
	enc encFunc
	// whole says that values of this type go to encoding/json whole,
	// learnt when one could not be encoded here.
	whole atomic.Bool
}

var (
	plans   sync.Map // reflect.Type → *typePlan, complete
	planMu  sync.Mutex
	planNew map[reflect.Type]*typePlan // being built, under planMu
)

// planFor returns t's plan, making it (and those of the types in it) the
// first time.
func planFor(t reflect.Type) *typePlan {
	if p, ok := plans.Load(t); ok {
		return p.(*typePlan)
	}
	planMu.Lock()
	defer planMu.Unlock()
	if p, ok := plans.Load(t); ok {
		return p.(*typePlan)
	}
	planNew = map[reflect.Type]*typePlan{}
	p := buildPlan(t)
	for t, p := range planNew {
		plans.Store(t, p)
	}
	planNew = nil
	return p
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	numberType        = reflect.TypeFor[json.Number]()
)

func fallback(*viewEncoder, []byte, reflect.Value) ([]byte, error) { return nil, errFallback }

// buildPlan makes t's plan; planMu is held.
func buildPlan(t reflect.Type) *typePlan {
	if p, ok := planNew[t]; ok {
		return p // being built further up: filled in by the time it runs
	}
	if p, ok := plans.Load(t); ok {
		return p.(*typePlan)
	}
	p := &typePlan{}
	planNew[t] = p
	p.enc = buildEnc(t)
	return p
}

// marshalsItself reports whether t, or a pointer to it, has a MarshalJSON
// or MarshalText method.
func marshalsItself(t reflect.Type) bool {
	if t.Implements(marshalerType) || t.Implements(textMarshalerType) {
		return true
	}
	if t.Kind() == reflect.Pointer {
		return false
	}
	pt := reflect.PointerTo(t)
	return pt.Implements(marshalerType) || pt.Implements(textMarshalerType)
}

func buildEnc(t reflect.Type) encFunc {
	if marshalsItself(t) {
		return fallback
	}
	switch t.Kind() {
	case reflect.Bool:
		return func(_ *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
			return strconv.AppendBool(b, v.Bool()), nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(_ *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
			return strconv.AppendInt(b, v.Int(), 10), nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(_ *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
			return strconv.AppendUint(b, v.Uint(), 10), nil
		}
	case reflect.Float32, reflect.Float64:
		bits := t.Bits()
		return func(e *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
			return appendFloat(e, b, v.Float(), bits)
		}
	case reflect.String:
		if t == numberType {
			return fallback
		}
		return func(_ *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
			return appendJSONString(b, v.String()), nil
		}
	case reflect.Interface:
		return func(e *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
			if v.IsNil() {
				return append(b, "null"...), nil
			}
			el := v.Elem()
			p := planFor(el.Type())
			if p.whole.Load() {
				return nil, errFallback
			}
			return e.nested(p, b, el)
		}
	case reflect.Pointer:
		el := buildPlan(t.Elem())
		return func(e *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
			if v.IsNil() {
				return append(b, "null"...), nil
			}
			return e.nested(el, b, v.Elem())
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return fallback // base64, unless its elements marshal themselves
		}
		el := buildPlan(t.Elem())
		return func(e *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
			if v.IsNil() {
				return append(b, "null"...), nil
			}
			return e.list(el, b, v)
		}
	case reflect.Array:
		el := buildPlan(t.Elem())
		return func(e *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
			return e.list(el, b, v)
		}
	case reflect.Map:
		if t.Key().Kind() != reflect.String || marshalsItself(t.Key()) {
			return fallback
		}
		// The maps views hold most, walked without reflection.
		switch t {
		case reflect.TypeFor[map[string]int]():
			return func(_ *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
				if v.IsNil() {
					return append(b, "null"...), nil
				}
				return appendMap(b, v.Interface().(map[string]int), func(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }), nil
			}
		case reflect.TypeFor[map[string]string]():
			return func(_ *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
				if v.IsNil() {
					return append(b, "null"...), nil
				}
				return appendMap(b, v.Interface().(map[string]string), appendJSONString), nil
			}
		case reflect.TypeFor[map[string]bool]():
			return func(_ *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
				if v.IsNil() {
					return append(b, "null"...), nil
				}
				return appendMap(b, v.Interface().(map[string]bool), strconv.AppendBool), nil
			}
		}
		el := buildPlan(t.Elem())
		kt, vt := t.Key(), t.Elem()
		return func(e *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
			if v.IsNil() {
				return append(b, "null"...), nil
			}
			return e.object(el, kt, vt, b, v)
		}
	case reflect.Struct:
		return structEnc(t)
	}
	return fallback // complex numbers, channels, functions: encoding/json refuses them
}

// field is one encoded field of a struct.
type field struct {
	index     int
	name      string // `"name":`, with the comma before it for all but the first
	omitEmpty bool
	plan      *typePlan
}

func structEnc(t reflect.Type) encFunc {
	var fields []field
	seen := map[string]bool{}
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous {
			return fallback // embedded fields have rules of their own
		}
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		omit := false
		for opts != "" {
			var o string
			o, opts, _ = strings.Cut(opts, ",")
			switch o {
			case "omitempty":
				omit = true
			case "string", "omitzero":
				return fallback
			}
		}
		if name == "" {
			name = sf.Name
		}
		if !plainName(name) || seen[name] {
			return fallback
		}
		seen[name] = true
		fields = append(fields, field{index: i, name: `"` + name + `":`, omitEmpty: omit, plan: buildPlan(sf.Type)})
	}
	return func(e *viewEncoder, b []byte, v reflect.Value) ([]byte, error) {
		if e.depth++; e.depth > maxViewDepth {
			e.value = true
			return nil, errFallback
		}
		b = append(b, '{')
		first := true
		var err error
		for i := range fields {
			f := &fields[i]
			fv := v.Field(f.index)
			if f.omitEmpty && isEmptyValue(fv) {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = append(b, f.name...)
			if b, err = f.plan.enc(e, b, fv); err != nil {
				return nil, err
			}
		}
		e.depth--
		return append(b, '}'), nil
	}
}

// plainName reports whether a field's name is written as it is: letters,
// digits, '_' and '-' (encoding/json accepts more, and escapes some).
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// isEmptyValue is encoding/json's "empty" of omitempty.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return false
}

// nested encodes v, a pointer's or an interface's element, one level
// deeper.
func (e *viewEncoder) nested(p *typePlan, b []byte, v reflect.Value) ([]byte, error) {
	if e.depth++; e.depth > maxViewDepth {
		e.value = true
		return nil, errFallback
	}
	b, err := p.enc(e, b, v)
	e.depth--
	return b, err
}

// list encodes a slice's or an array's elements.
func (e *viewEncoder) list(el *typePlan, b []byte, v reflect.Value) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i := range v.Len() {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = el.enc(e, b, v.Index(i)); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// object encodes a map with string keys in the order of its keys, as
// encoding/json does: each value is encoded into the scratch buffer of
// this nesting level as the map is walked, then written out sorted.
func (e *viewEncoder) object(el *typePlan, kt, vt reflect.Type, b []byte, v reflect.Value) ([]byte, error) {
	if e.depth++; e.depth > maxViewDepth {
		e.value = true
		return nil, errFallback
	}
	d := e.depth
	for len(e.bufs) <= d {
		e.bufs, e.ents = append(e.bufs, nil), append(e.ents, nil)
		e.keys, e.vals = append(e.keys, reflect.Value{}), append(e.vals, reflect.Value{})
	}
	buf, ents := e.bufs[d][:0], e.ents[d][:0]
	k, val := e.keys[d], e.vals[d]
	if !k.IsValid() || k.Type() != kt {
		k = reflect.New(kt).Elem()
		e.keys[d] = k
	}
	if !val.IsValid() || val.Type() != vt {
		val = reflect.New(vt).Elem()
		e.vals[d] = val
	}
	it := v.MapRange()
	var err error
	for it.Next() {
		k.SetIterKey(it)
		val.SetIterValue(it)
		start := len(buf)
		if buf, err = el.enc(e, buf, val); err != nil {
			return nil, err
		}
		ents = append(ents, mapEntry{key: k.String(), start: start, end: len(buf)})
	}
	slices.SortFunc(ents, func(a, b mapEntry) int { return strings.Compare(a.key, b.key) })
	b = append(b, '{')
	for i, en := range ents {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, en.key)
		b = append(b, ':')
		b = append(b, buf[en.start:en.end]...)
	}
	e.bufs[d], e.ents[d] = buf, ents
	e.depth--
	return append(b, '}'), nil
}

// appendMap writes m as encoding/json does, its keys in order.
func appendMap[V any](b []byte, m map[string]V, value func([]byte, V) []byte) []byte {
	var room [16]string
	keys := room[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		b = value(b, m[k])
	}
	return append(b, '}')
}

// appendFloat writes f as encoding/json does: the shortest form that
// reads back, in exponent form only for the very small and very large.
func appendFloat(e *viewEncoder, b []byte, f float64, bits int) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		if e != nil {
			e.value = true
		}
		return nil, errFallback // encoding/json refuses it, saying why
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' {
		// e-09 is written e-9.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

const hexDigits = "0123456789abcdef"

// plainByte says which ASCII bytes a JSON string holds as they are.
var plainByte = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendJSONString writes s quoted as encoding/json does by default: the
// HTML characters <, > and & escaped, control characters escaped, invalid
// UTF-8 replaced by U+FFFD, and U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if plainByte[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
