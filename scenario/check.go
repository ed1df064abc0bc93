package scenario

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// splitPath splits a view path; the empty path is the whole view.
func splitPath(path string) []string {
	if path == "" {
		return nil
	}
	return strings.Split(path, ".")
}

// where names a path in messages.
func where(segs []string) string {
	if len(segs) == 0 {
		return "the view"
	}
	return strconv.Quote(strings.Join(segs, "."))
}

// walk follows segs into the JSON value v. It returns the value found, or
// a message saying where the path stops.
func walk(v any, segs []string) (any, string) {
	for i, s := range segs {
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[s]
			if !ok {
				return nil, fmt.Sprintf("%s has no key %q (keys: %s)", where(segs[:i]), s, keys(x))
			}
			v = next
		case []any:
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 {
				return nil, fmt.Sprintf("%s is an array of %d, and %q is not an index", where(segs[:i]), len(x), s)
			}
			if n >= len(x) {
				return nil, fmt.Sprintf("%s is an array of %d, so it has no index %d", where(segs[:i]), len(x), n)
			}
			v = x[n]
		default:
			return nil, fmt.Sprintf("%s is %s, so it has no %q", where(segs[:i]), short(v), s)
		}
	}
	return v, ""
}

func keys(m map[string]any) string {
	if len(m) == 0 {
		return "none"
	}
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	const most = 20
	if len(ks) > most {
		return strings.Join(ks[:most], ", ") + fmt.Sprintf(" and %d more", len(ks)-most)
	}
	return strings.Join(ks, ", ")
}

// short returns v as JSON for a message, cut if long.
func short(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	const most = 300
	if len(b) > most {
		return string(b[:most]) + "..."
	}
	return string(b)
}

// jsonEqual compares two values decoded from JSON with UseNumber; numbers
// compare by value, so 3 equals 3.0.
func jsonEqual(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !jsonEqual(xv, yv) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		rx, okx := new(big.Rat).SetString(string(x))
		ry, oky := new(big.Rat).SetString(string(y))
		if !okx || !oky {
			return x == y
		}
		return rx.Cmp(ry) == 0
	}
	return a == b
}
