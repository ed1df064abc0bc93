package server

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// decodeSlow is decodeMessage without its quick path.
func decodeSlow(data []byte) (ClientMessage, error) {
	var msg ClientMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(&msg)
	if err == nil && dec.More() {
		err = errMore
	}
	return msg, err
}

var errMore = Errorf(EINVALID, "more")

// TestQuickDecode checks that a message the quick path takes is what
// encoding/json makes of it, on messages as clients send them and on
// others near them.
func TestQuickDecode(t *testing.T) {
	cases := []string{
		`{"type":"act","id":7,"action":"weapon bow","seq":12}`,
		`{"type":"act","action":"force 2"}`,
		`{"type":"sync"}`,
		`{"seq":0,"type":"act","id":-3,"action":""}`,
		`{}`, `{,}`, `{"type":"act",}`, `{"type":"act"}x`, ` {"type":"act"}`, `{"type":"act"} `,
		`{"type" :"act"}`, `{"Type":"act"}`, `{"type":"act","type":"sync"}`, `{"kind":"act"}`,
		`{"type":"a\"ct"}`, `{"type":"a\u0063t"}`, "{\"type\":\"caf\xc3\xa9\"}", "{\"type\":\"\xff\"}",
		"{\"type\":\"a\tb\"}", `{"id":01}`, `{"id":1.5}`, `{"id":1e3}`, `{"id":-}`, `{"id":-0}`,
		`{"id":null}`, `{"seq":null}`, `{"id":"7"}`, `{"id":123456789012345678}`, `{"id":1234567890123456789}`,
		`{"seq":2147483647}`, `{"seq":2147483648}`, `{"seq":-1}`, `{"type":true}`, `{"type":"act"`,
		`{"action":"weapon bow","id":9223372036854775807}`, `[]`, `"act"`, `{"type":"act"}{}`,
	}
	quick := 0
	for _, c := range cases {
		var got ClientMessage
		if !quickDecode([]byte(c), &got) {
			continue
		}
		quick++
		want, err := decodeSlow([]byte(c))
		if err != nil {
			t.Errorf("%s: taken by the quick path as %+v; encoding/json: %v", c, got, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: quick path %+v, encoding/json %+v", c, got, want)
		}
	}
	if quick < 8 {
		t.Errorf("the quick path took %d of the messages, want the clients' ones", quick)
	}
	// decodeMessage answers as encoding/json did whichever path it takes.
	for _, c := range cases {
		var got ClientMessage
		err := decodeMessage([]byte(c), &got)
		want, werr := decodeSlow([]byte(c))
		if (err == nil) != (werr == nil) || (err == nil && !reflect.DeepEqual(got, want)) {
			t.Errorf("%s: decodeMessage %+v, %v; encoding/json %+v, %v", c, got, err, want, werr)
		}
	}
}

// FuzzQuickDecode checks the quick path against encoding/json on any
// input.
func FuzzQuickDecode(f *testing.F) {
	f.Add([]byte(`{"type":"act","id":7,"action":"weapon bow","seq":12}`))
	f.Add([]byte(`{"type":"sync"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var got ClientMessage
		if !quickDecode(data, &got) {
			return
		}
		want, err := decodeSlow(data)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: quick %+v; encoding/json %+v, %v", data, got, want, err)
		}
	})
}

func BenchmarkDecodeMessage(b *testing.B) {
	data := []byte(`{"type":"act","id":1234,"action":"weapon bow","seq":37}`)
	b.Run("quick", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var msg ClientMessage
			decodeMessage(data, &msg)
		}
	})
	b.Run("encoding/json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			decodeSlow(data)
		}
	})
}
