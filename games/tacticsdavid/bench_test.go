package tacticsdavid

import (
	"testing"

	"skald/engine"
	"skald/engine/enginetest"
)

// benchStart is a 100-point Deathmatch on the 14x11 open field with random
// armies, before deployment: the start of the playouts the benchmark
// measures.
func benchStart(b *testing.B, abilities string) engine.State {
	s, err := New().New(engine.Config{Seed: 1, Options: engine.Options{"armies": "auto", "limit": "100", "battlefield": "open-field-14x11", "abilities": abilities}})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkPlayout measures random playouts of a 100-point Deathmatch on a
// 14x11 battlefield, from deployment to the end (issue 3's target: 1,000 a
// second on one core), with the units' abilities acting.
func BenchmarkPlayout(b *testing.B) { benchPlayout(b, "on") }

// BenchmarkPlayoutNoAbilities is BenchmarkPlayout with abilities=off: the
// base rules alone, as part 1 measured them (issue 4: abilities may cost
// at most a third of it).
func BenchmarkPlayoutNoAbilities(b *testing.B) { benchPlayout(b, "off") }

func benchPlayout(b *testing.B, abilities string) {
	enginetest.BenchmarkPlayout(b, benchStart(b, abilities))
}

// engagedKnight is a 14x11 battle with one Knight engaged in the middle of
// allies and enemies.
func engagedKnight(tb testing.TB) (*State, []engine.Action) {
	st, err := New().New(engine.Config{Seed: 1, Options: engine.Options{"battlefield": "bramble-creek-crossing"}})
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*State)
	b := []byte(`{"player": "one", "units": [
		{"player": "one", "unit": "Knight", "at": "7,7", "facing": "N"},
		{"player": "one", "unit": "Archer", "at": "8,8", "facing": "N"},
		{"player": "two", "unit": "Knight", "at": "7,3", "facing": "S"},
		{"player": "two", "unit": "Warrior", "at": "5,7", "facing": "E"}]}`)
	if err := s.Arrange(b); err != nil {
		tb.Fatal(err)
	}
	if err := s.Apply(act(0, actEngage, 0), nil); err != nil {
		tb.Fatal(err)
	}
	return s, make([]engine.Action, 0, 1024)
}

// BenchmarkLegalMoves measures the legal actions of one engaged unit: its
// reachable grid spaces, charges, facings and attacks.
func BenchmarkLegalMoves(b *testing.B) {
	s, buf := engagedKnight(b)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		buf = s.Legal(0, buf[:0])
		n = len(buf)
	}
	b.ReportMetric(float64(n), "actions")
}

// TestLegalMovesAllocateNothing checks that listing an engaged unit's
// moves allocates nothing per grid space: with the buffers warm, nothing at
// all.
func TestLegalMovesAllocateNothing(t *testing.T) {
	s, buf := engagedKnight(t)
	buf = s.Legal(0, buf[:0])
	if len(buf) < 40 {
		t.Fatalf("only %d legal actions", len(buf))
	}
	if n := testing.AllocsPerRun(100, func() { buf = s.Legal(0, buf[:0]) }); n != 0 {
		t.Errorf("Legal allocates %.1f times", n)
	}
}
