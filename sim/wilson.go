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

// Mean returns the mean of xs and its confidence interval at z standard
// errors by the normal approximation: mean ± z·sd/√n, where sd is the
// sample standard deviation (n-1 in its denominator). With fewer than two
// values no spread is known and the interval is the mean alone, as it is
// when every value is the same; with none, all three are 0. The sums are
// taken in the order of xs, so that the same values in the same order
// give the same figures.
func Mean(xs []float64, z float64) (mean, lo, hi float64) {
	n := len(xs)
	if n == 0 {
		return 0, 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(n)
	if n < 2 {
		return mean, mean, mean
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	half := z * math.Sqrt(ss/float64(n-1)/float64(n))
	return mean, mean - half, mean + half
}
