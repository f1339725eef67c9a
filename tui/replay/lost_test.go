package replay

import (
	"fmt"
	"testing"
)

// TestLostRowAddsUp: the Lost row's cells add up to its "all" as shown.
// Rounded one by one, 28.86, 14.86 and 3.76 read 28.9, 14.9 and 3.8,
// which add up to 47.6 beside an "all" of 47.5.
func TestLostRowAddsUp(t *testing.T) {
	for _, parts := range [][]float64{{28.86, 14.86, 3.76, 0}, {0.04, 0.04, 0.04, 0.04}, {12.35, 0, 7.25, 1.05}, {0, 0, 0, 0}} {
		for _, scale := range []float64{10, 1} {
			shown, total := apportion(parts, scale)
			sum, raw := 0.0, 0.0
			for i, x := range shown {
				sum += x
				raw += parts[i]
				if d := x - parts[i]; d <= -1/scale || d >= 1/scale {
					t.Errorf("%v: part %v shown as %v", parts, parts[i], x)
				}
			}
			if got, want := fmt.Sprintf("%.1f", sum), fmt.Sprintf("%.1f", total); got != want {
				t.Errorf("%v at 1/%g: parts %v add up to %s, shown total %s", parts, scale, shown, got, want)
			}
			if want := fmt.Sprintf("%.1f", float64(int(raw*scale+0.5))/scale); fmt.Sprintf("%.1f", total) != want {
				t.Errorf("%v: total %v, want %s", parts, total, want)
			}
		}
	}
}
