package eval

import (
	"fmt"
	"math"
	"testing"

	"github.com/klob/klob/rules"
)

// The win table's size does not grow with the target past the setup's
// highest, so that no target puts the table past a bot's deadline. At
// rules.MaxTarget it has at most maxWinUnits steps a side.
func TestWinTableSizeIsBounded(t *testing.T) {
	for _, target := range []int{2000, 2001, 3333, rules.MaxTarget} {
		tb := buildWinTable(target)
		if tb.target > maxWinUnits || len(tb.p[0]) > maxWinUnits*maxWinUnits {
			t.Errorf("target %d: a table of %d steps a side (%d cells), want at most %d a side",
				target, tb.target, len(tb.p[0]), maxWinUnits)
		}
	}
}

// The coarse grid of a large target stays close to the fine one: the
// chances from a 20-point grid (target 4000) against the 10-point grid
// the model is measured on differ by less than 0.02 anywhere, and the
// coarse table keeps the symmetry and monotony of a win chance.
func TestCoarseWinTableIsClose(t *testing.T) {
	const target = 4000
	fine := buildWinTableStep(target, WinStep)
	coarse := buildWinTable(target)
	if coarse.target != 200 {
		t.Fatalf("target %d: %d steps, want 200 (a 20-point grid)", target, coarse.target)
	}
	worst := 0.0
	for own := 0; own < target; own += 97 {
		for opp := 0; opp < target; opp += 89 {
			for _, dn := range []bool{false, true} {
				p, q := coarse.chance(own, opp, target, dn), fine.chance(own, opp, target, dn)
				worst = max(worst, math.Abs(p-q))
				if r := coarse.chance(opp, own, target, !dn); math.Abs(p+r-1) > 1e-9 {
					t.Fatalf("%d v %d: %.4f + %.4f != 1", own, opp, p, r)
				}
				if coarse.chance(own+40, opp, target, dn) < p-1e-9 {
					t.Fatalf("%d v %d: not monotone", own, opp)
				}
			}
		}
	}
	t.Logf("largest difference between the 20- and 10-point grids: %.4f", worst)
	if worst > 0.02 {
		t.Errorf("the coarse grid is off by up to %.4f, want below 0.02", worst)
	}
}

// BenchmarkWinTable measures building the table at the setup's highest
// target and at rules.MaxTarget: bounded alike (tens of milliseconds).
func BenchmarkWinTable(b *testing.B) {
	for _, target := range []int{2000, rules.MaxTarget} {
		b.Run(fmt.Sprint("target-", target), func(b *testing.B) {
			for b.Loop() {
				buildWinTable(target)
			}
		})
	}
}
