package eval

import (
	"math"
	"testing"
	"time"
)

func TestZZDbg(t *testing.T) {
	const target = 500
	t0 := time.Now()
	fine := buildWinTableStep(3, target, WinStep)
	t1 := time.Now()
	coarse := buildWinTable(3, target)
	t2 := time.Now()
	t.Logf("fine %v (%d outs) coarse %v (%d outs)", t1.Sub(t0), len(outcomesIn(3, 10)), t2.Sub(t1), len(outcomesIn(3, winTableStep(3, target))))
	c20 := buildWinTableStep(3, target, 20)
	type w struct {
		d   float64
		tot [4]int
	}
	var worst, worst20 w
	for a := 0; a < target; a += 37 {
		for b := 0; b < target; b += 41 {
			for c := 0; c < target; c += 43 {
				tot := [4]int{a, b, c}
				f := fine.chance(tot, 0, 1, target)
				if d := math.Abs(coarse.chance(tot, 0, 1, target) - f); d > worst.d {
					worst = w{d, tot}
				}
				if d := math.Abs(c20.chance(tot, 0, 1, target) - f); d > worst20.d {
					worst20 = w{d, tot}
				}
			}
		}
	}
	t.Logf("worst %v: fine %.4f coarse %.4f", worst, fine.chance(worst.tot, 0, 1, target), coarse.chance(worst.tot, 0, 1, target))
	t.Logf("worst20 %v", worst20)
}
