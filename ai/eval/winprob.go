package eval

import (
	"math"
	"sync"

	"github.com/klob/klob/rules"
)

// The chance of winning the game from a score is a documented
// approximation: the rest of the game is modelled as a chain of
// independent deals whose scores (non-dealer's, dealer's) are drawn from
// a fixed distribution, dealOutcomes, measured once on deals played by
// the fixed bidding policy and the exact solver (klob-lab fit-bids
// -play solved -outcomes writes it). The deal alternates, so who deals next matters. Win chances are
// computed by dynamic programming over both totals in steps of
// WinStep points and read with bilinear interpolation. The model knows
// nothing of how either player adapts to the score, which is exactly what
// it is used to judge.

// WinStep is the grid step of the win table in points.
const WinStep = 10

// maxWinUnits bounds the side of the win table: a target above
// maxWinUnits*WinStep points (2000, the highest the setup offers) gets a
// coarser grid of maxWinUnits steps, with each deal outcome split
// between the two neighbouring steps so that its mean is kept. The
// table's cost is then bounded for every target (at most 40,000 cells,
// 20 to 60 ms once per target on one core), far inside any bot's
// thinking time, instead of growing with the square of the target.
const maxWinUnits = 200

// maxWinTables bounds the tables kept: a process meets one target or a
// few (a game, a match), and a bound keeps a run over many logs with many
// targets from holding them all.
const maxWinTables = 16

// dealOutcome is one bucket of the deal score distribution: the points
// the non-dealer and the dealer add to their totals, in units of
// WinStep, and the weight (count) of the bucket.
type dealOutcome struct {
	nd, dl uint8
	n      uint16
}

// stepOutcome is a deal outcome in units of a table's step, with its
// probability.
type stepOutcome struct {
	nd, dl int
	p      float64
}

// outcomesIn returns dealOutcomes in units of step points (a multiple
// of WinStep or not): each score falls between two multiples of the
// step and is shared between them in proportion to its distance, which
// keeps the mean of every outcome. With step == WinStep they are
// dealOutcomes themselves.
func outcomesIn(step int) []stepOutcome {
	total := 0.0
	for _, o := range dealOutcomes {
		total += float64(o.n)
	}
	split := func(units uint8) [2]struct {
		u int
		w float64
	} {
		x := float64(int(units)*WinStep) / float64(step)
		lo := math.Floor(x)
		f := x - lo
		return [2]struct {
			u int
			w float64
		}{{int(lo), 1 - f}, {int(lo) + 1, f}}
	}
	var out []stepOutcome
	for _, o := range dealOutcomes {
		for _, a := range split(o.nd) {
			for _, b := range split(o.dl) {
				if w := a.w * b.w; w > 0 {
					out = append(out, stepOutcome{nd: a.u, dl: b.u, p: w * float64(o.n) / total})
				}
			}
		}
	}
	return out
}

// winTable is P(win) for the player with total a (units) against b, for
// "I deal next" (index 1) or not (0), for totals below the target.
type winTable struct {
	target int // in units, rounded up
	p      [2][]float64
}

var (
	winMu     sync.Mutex
	winTables = map[int]*winTable{}
)

// tableFor returns the win table for a target, computing it once.
func tableFor(target int) *winTable {
	winMu.Lock()
	defer winMu.Unlock()
	if t, ok := winTables[target]; ok {
		return t
	}
	t := buildWinTable(target)
	if len(winTables) >= maxWinTables {
		clear(winTables)
	}
	winTables[target] = t
	return t
}

// winTableStep returns the step in points of the table for a target.
func winTableStep(target int) int {
	if target <= maxWinUnits*WinStep {
		return WinStep
	}
	return (target + maxWinUnits - 1) / maxWinUnits
}

func buildWinTable(target int) *winTable {
	return buildWinTableStep(target, winTableStep(target))
}

// buildWinTableStep builds the table for target on a grid of step points.
func buildWinTableStep(target, step int) *winTable {
	n := (target + step - 1) / step
	t := &winTable{target: n}
	for i := range t.p {
		t.p[i] = make([]float64, n*n)
	}
	outs := outcomesIn(step)
	// get returns P(win) for me with totals (a, b) in units, dealNext
	// telling whether I deal next; at or over the target the game is over.
	get := func(a, b, dealNext int) float64 {
		if a >= n || b >= n {
			switch rules.SideWinner([]int{a, b}, n) {
			case 0:
				return 1
			case 1:
				return 0
			}
			// Equal at or over the target: play goes on; by symmetry
			// an even chance.
			return 0.5
		}
		return t.p[dealNext][a*n+b]
	}
	// Fill from high totals down: every outcome but the empty one moves
	// at least one total up. The empty outcome (an abandoned deal, or on
	// a coarse grid a small score's share of no step) keeps the totals
	// and passes the deal, which links the two dealer states of one
	// cell: solve that 2x2 system.
	for s := 2*n - 2; s >= 0; s-- {
		for a := min(s, n-1); a >= 0 && s-a < n; a-- {
			b := s - a
			var x [2]float64 // sum over non-empty outcomes, by dealNext
			p0 := 0.0
			for _, o := range outs {
				w := o.p
				if o.nd == 0 && o.dl == 0 {
					p0 += w
					continue
				}
				// I deal this deal (dealNext=1): I get the dealer's points
				// and the opponent deals next.
				x[1] += w * get(a+o.dl, b+o.nd, 0)
				x[0] += w * get(a+o.nd, b+o.dl, 1)
			}
			// v1 = x1 + p0*v0, v0 = x0 + p0*v1.
			d := 1 - p0*p0
			t.p[1][a*n+b] = (x[1] + p0*x[0]) / d
			t.p[0][a*n+b] = (x[0] + p0*x[1]) / d
		}
	}
	return t
}

// WinChance returns the modelled chance that a player with total own
// wins the game against opp, with the game's target, when that player
// deals the next deal (dealsNext) or not.
func WinChance(own, opp, target int, dealsNext bool) float64 {
	if w := rules.SideWinner([]int{own, opp}, target); w >= 0 {
		return float64(1 - w)
	}
	if target <= 0 {
		return 0.5
	}
	return tableFor(target).chance(own, opp, target, dealsNext)
}

// chance is WinChance on the table for target.
func (t *winTable) chance(own, opp, target int, dealsNext bool) float64 {
	if w := rules.SideWinner([]int{own, opp}, target); w >= 0 {
		return float64(1 - w)
	}
	dn := 0
	if dealsNext {
		dn = 1
	}
	// Scale the totals to the table's units (the target may not be a
	// multiple of WinStep) and interpolate.
	scale := float64(t.target) / float64(target)
	x, y := float64(own)*scale, float64(opp)*scale
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	at := func(a, b int) float64 {
		n := t.target
		if a >= n || b >= n {
			switch {
			case a >= n && b >= n:
				if a > b {
					return 1
				} else if b > a {
					return 0
				}
				return 0.5
			case a >= n:
				return 1
			}
			return 0
		}
		return t.p[dn][max(a, 0)*n+max(b, 0)]
	}
	return (1-fx)*(1-fy)*at(x0, y0) + fx*(1-fy)*at(x0+1, y0) + (1-fx)*fy*at(x0, y0+1) + fx*fy*at(x0+1, y0+1)
}
