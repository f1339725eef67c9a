package match

import (
	"fmt"
	"math"
	"testing"
	"time"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestMeanCI(t *testing.T) {
	tests := []struct {
		name         string
		xs           []float64
		mean, lo, hi float64
		wantN        int
	}{
		// sd = sqrt(2.5), t(4) = 2.776: half-width 2.776*1.5811/sqrt(5) = 1.9629.
		{"one to five", []float64{1, 2, 3, 4, 5}, 3, 1.0371, 4.9629, 5},
		// sd = 2.1381 (n-1), t(7) = 2.365: half = 1.7878.
		{"eight values", []float64{2, 4, 4, 4, 5, 5, 7, 9}, 5, 3.2122, 6.7878, 8},
		{"constant", []float64{7, 7, 7}, 7, 7, 7, 3},
		{"one value", []float64{-4}, -4, -4, -4, 1},
		{"none", nil, 0, 0, 0, 0},
	}
	for _, tc := range tests {
		got := MeanCI(tc.xs)
		if !near(got.Mean, tc.mean, 1e-9) || !near(got.Lo, tc.lo, 1e-3) || !near(got.Hi, tc.hi, 1e-3) || got.N != tc.wantN {
			t.Errorf("%s: got %+v, want mean %v [%v, %v] n %d", tc.name, got, tc.mean, tc.lo, tc.hi, tc.wantN)
		}
		// One value or none gives no interval, never a bracket of zero
		// width, which would read as certainty.
		want := fmt.Sprintf("[%.1f, %.1f]", tc.lo, tc.hi)
		if tc.wantN < 2 {
			want = "none (one value)"
		}
		if b := got.Bracket("%.1f"); b != want {
			t.Errorf("%s: bracket %q, want %q", tc.name, b, want)
		}
	}
}

func TestTQuantile(t *testing.T) {
	tests := []struct {
		df   int
		want float64
	}{
		{1, 12.706}, {10, 2.228}, {30, 2.042}, {40, 2.021}, {60, 2.000}, {120, 1.980}, {1000, 1.962}, {1 << 30, 1.960},
	}
	for _, tc := range tests {
		if got := tQuantile975(tc.df); !near(got, tc.want, 1.5e-3) {
			t.Errorf("t(0.975, %d) = %.4f, want %.3f", tc.df, got, tc.want)
		}
	}
	if !math.IsNaN(tQuantile975(0)) {
		t.Errorf("t with 0 degrees of freedom should be NaN")
	}
}

func TestWilsonShare(t *testing.T) {
	tests := []struct {
		wins, n       int
		share, lo, hi float64
	}{
		// Reference values from the Wilson score formula with z = 1.96.
		{8, 10, 0.8, 0.4902, 0.9433},
		{0, 10, 0, 0, 0.2775},
		{10, 10, 1, 0.7225, 1},
		{50, 100, 0.5, 0.4038, 0.5962},
		{60, 200, 0.3, 0.2407, 0.3668},
		{0, 0, 0, 0, 0},
	}
	for _, tc := range tests {
		got := WilsonShare(tc.wins, tc.n)
		if !near(got.Share, tc.share, 1e-9) || !near(got.Lo, tc.lo, 1e-4) || !near(got.Hi, tc.hi, 1e-4) ||
			got.Wins != tc.wins || got.Played != tc.n {
			t.Errorf("WilsonShare(%d, %d) = %+v, want %.4f [%.4f, %.4f]", tc.wins, tc.n, got, tc.share, tc.lo, tc.hi)
		}
	}
}

func TestTimeStats(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	got := TimeStats(ds)
	if got.Count != 100 || got.Median != 50*time.Millisecond || got.P95 != 95*time.Millisecond || got.Max != 100*time.Millisecond {
		t.Errorf("TimeStats(1..100ms) = %+v, want median 50ms, p95 95ms, max 100ms", got)
	}
	if got.MedianUS != 50000 || got.P95US != 95000 || got.MaxUS != 100000 {
		t.Errorf("microseconds: %+v", got)
	}
	one := TimeStats([]time.Duration{3 * time.Microsecond})
	if one.Median != 3*time.Microsecond || one.P95 != 3*time.Microsecond || one.Max != 3*time.Microsecond {
		t.Errorf("TimeStats(one) = %+v", one)
	}
	if z := TimeStats(nil); z.Count != 0 || z.Max != 0 {
		t.Errorf("TimeStats(nil) = %+v", z)
	}
}

// TestAtLeast: bounds below the floor are raised to it, others kept.
func TestAtLeast(t *testing.T) {
	for _, c := range []struct{ in, want Interval }{
		{Interval{Mean: 33, Lo: -386.3, Hi: 452.3, N: 2}, Interval{Mean: 33, Lo: 0, Hi: 452.3, N: 2}},
		{Interval{Mean: 80, Lo: 70, Hi: 90, N: 500}, Interval{Mean: 80, Lo: 70, Hi: 90, N: 500}},
		{Interval{}, Interval{}},
	} {
		if got := c.in.AtLeast(0); got != c.want {
			t.Errorf("%+v.AtLeast(0) = %+v, want %+v", c.in, got, c.want)
		}
	}
}
