package battlefield

import "testing"

func BenchmarkTargets(b *testing.B) {
	f, _ := Named("Bramble Creek Crossing")
	buf := make([]Point, 0, 128)
	for b.Loop() {
		buf = f.Targets(Point{6, 9}, North, 8, buf[:0])
	}
}

func BenchmarkAreaSquares(b *testing.B) {
	f, _ := Named("Death's Highway")
	a, _ := AreaByCode("RH")
	buf := make([]Point, 0, 16)
	for b.Loop() {
		buf = a.Squares(f, Point{6, 5}, West, buf[:0])
	}
}
