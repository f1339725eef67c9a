package match

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// Interval is a mean with its two-sided 95% confidence interval.
type Interval struct {
	Mean float64 `json:"mean"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
	N    int     `json:"n"`
}

// Bracket writes the interval "[lo, hi]", each bound in verb (%.1f,
// %+.1f), or says there is none when fewer than two values gave it: a
// bracket of zero width would read as certainty.
func (iv Interval) Bracket(verb string) string {
	if iv.N < 2 {
		return "none (one value)"
	}
	return fmt.Sprintf("["+verb+", "+verb+"]", iv.Lo, iv.Hi)
}

// MeanCI returns the mean of xs with its 95% confidence interval from
// Student's t distribution (n-1 degrees of freedom). With fewer than two
// values the interval is the mean itself: there is no spread to measure.
func MeanCI(xs []float64) Interval {
	n := len(xs)
	if n == 0 {
		return Interval{}
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(n)
	iv := Interval{Mean: mean, Lo: mean, Hi: mean, N: n}
	if n < 2 {
		return iv
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(n-1))
	h := tQuantile975(n-1) * sd / math.Sqrt(float64(n))
	iv.Lo, iv.Hi = mean-h, mean+h
	return iv
}

// AtLeast is iv with its bounds raised to lo where they fall below it:
// the interval of a mean that cannot be less than lo. The true mean
// lies in the cut interval whenever it lies in iv, so the coverage
// stays 95%; only the impossible part is dropped.
func (iv Interval) AtLeast(lo float64) Interval {
	iv.Lo, iv.Hi = max(iv.Lo, lo), max(iv.Hi, lo)
	return iv
}

// t975 holds the 0.975 quantile of Student's t for 1 to 30 degrees of
// freedom.
var t975 = [...]float64{
	12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
}

// z975 is the 0.975 quantile of the standard normal distribution.
const z975 = 1.959963984540054

// tQuantile975 returns the 0.975 quantile of Student's t with df degrees
// of freedom: the table up to 30, then the Cornish-Fisher expansion
// around the normal quantile (error below 1e-4 from 30 on).
func tQuantile975(df int) float64 {
	if df < 1 {
		return math.NaN()
	}
	if df <= len(t975) {
		return t975[df-1]
	}
	z, n := z975, float64(df)
	z3, z5 := z*z*z, z*z*z*z*z
	return z + (z3+z)/(4*n) + (5*z5+16*z3+3*z)/(96*n*n)
}

// Share is a proportion of wins with its 95% Wilson score interval.
type Share struct {
	Wins   int     `json:"wins"`
	Played int     `json:"played"`
	Share  float64 `json:"share"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
}

// WilsonShare returns wins out of n with the Wilson score interval, which
// stays inside [0, 1] and behaves at shares near 0 or 1 and small n,
// where the normal approximation does not. With n = 0 everything is 0.
func WilsonShare(wins, n int) Share {
	s := Share{Wins: wins, Played: n}
	if n == 0 {
		return s
	}
	p := float64(wins) / float64(n)
	z2 := z975 * z975
	nf := float64(n)
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z975 * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	s.Share = p
	s.Lo = math.Max(0, centre-half)
	s.Hi = math.Min(1, centre+half)
	return s
}

// Times summarises decision times.
type Times struct {
	Count  int           `json:"count"`
	Median time.Duration `json:"-"`
	P95    time.Duration `json:"-"`
	Max    time.Duration `json:"-"`
	// The same in microseconds, for the JSON report.
	MedianUS float64 `json:"median_us"`
	P95US    float64 `json:"p95_us"`
	MaxUS    float64 `json:"max_us"`
}

// TimeStats returns the median, 95th percentile and maximum of ds
// (nearest-rank percentiles). It sorts ds.
func TimeStats(ds []time.Duration) Times {
	t := Times{Count: len(ds)}
	if len(ds) == 0 {
		return t
	}
	slices.Sort(ds)
	t.Median = nearestRank(ds, 0.5)
	t.P95 = nearestRank(ds, 0.95)
	t.Max = ds[len(ds)-1]
	us := func(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
	t.MedianUS, t.P95US, t.MaxUS = us(t.Median), us(t.P95), us(t.Max)
	return t
}

// nearestRank returns the q-quantile of sorted ds: the smallest value
// with at least a share q of the values at or below it.
func nearestRank(ds []time.Duration, q float64) time.Duration {
	i := int(math.Ceil(q*float64(len(ds)))) - 1
	i = max(0, min(len(ds)-1, i))
	return ds[i]
}
