package sim

import "math"

// Z95 is the standard normal quantile of a two-sided 95% interval, as
// commonly rounded.
const Z95 = 1.96

// Wilson returns the Wilson score interval of a proportion of wins in n
// trials at z standard deviations. With no trials it returns 0 and 1.
func Wilson(wins, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	fn := float64(n)
	p := float64(wins) / fn
	z2 := z * z
	d := 1 + z2/fn
	center := (p + z2/(2*fn)) / d
	half := z * math.Sqrt(p*(1-p)/fn+z2/(4*fn*fn)) / d
	return max(0, center-half), min(1, center+half)
}
