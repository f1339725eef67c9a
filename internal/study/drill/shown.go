package drill

import (
	"fmt"
	"math"
)

// Shown is an option's mean and chance to win as the screens write them:
// Mean in tenths of a point ("+38.2" is 382), Win in tenths of a percent
// ("61.0%" is 610; "<0.1%" is 1 and ">99.9%" 999, the figures written).
// Tally.Analysis chooses them (showFigures) so that every gap written
// beside them, in a verdict or a reason, is their difference: a player
// who subtracts the figures on the screen finds the gap written there.
// Set is false for figures never chosen (an Analysis built by hand):
// MeanText and WinText then round each figure on its own.
type Shown struct {
	Mean, Win int
	Set       bool
}

// MeanText writes the row's expected score difference with its sign and
// one decimal, as the tables do: "+38.2", "-4.1", "0.0".
func (r Row) MeanText() string {
	if !r.Shown.Set {
		return Signed(r.Mean)
	}
	return signedTenths(r.Shown.Mean)
}

// WinText writes the row's chance to win the game with one decimal, as
// the tables do: "61.0%", "<0.1%", ">99.9%" (see PercentOne).
func (r Row) WinText() string {
	if !r.Shown.Set {
		return PercentOne(r.Win)
	}
	return percentTenths(r.Shown.Win, r.Win)
}

// signedTenths writes tenths of a point with their sign: "+38.2",
// "-4.1", "0.0".
func signedTenths(t int) string {
	if t == 0 {
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", float64(t)/10)
}

// tenths writes tenths with one decimal and a sign only when negative:
// "38.2", "-0.3".
func tenths(t int) string { return fmt.Sprintf("%.1f", float64(t)/10) }

// percentTenths writes a chance p shown as t tenths of a percent: "61.0%",
// or at the edges, where t is 1 or 999 for a chance neither nil nor
// certain, "<0.1%" and ">99.9%" as PercentOne writes them.
func percentTenths(t int, p float64) string {
	switch {
	case t == 1 && p < 0.001:
		return "<0.1%"
	case t == 999 && p > 0.999:
		return ">99.9%"
	}
	return tenths(t) + "%"
}

// perUnit is how many tenths a figure writes for one unit of its scale:
// 10 for a point, or (win) 1000 tenths of a percent for a whole chance.
func perUnit(win bool) float64 {
	if win {
		return 1000
	}
	return 10
}

// figureChoices are the figures x may be written as, in tenths (of a
// point, or with win of a percent of a chance): the nearest first, then
// the other side of the tenth, if there is one. So a figure is never a
// tenth or more from its value. A chance neither nil nor certain is
// never written 0.0% nor 100.0%: at the edges its only figure is 0.1%
// (written "<0.1%") or 99.9% (">99.9%").
func figureChoices(x float64, win bool) []int {
	t := x * perUnit(win)
	lo, hi := math.Floor(t), math.Ceil(t)
	if win && x > 0 {
		lo = max(lo, 1)
	}
	if win && x < 1 {
		hi = min(hi, 999)
	}
	near := min(max(math.Round(t), lo), hi)
	out := []int{int(near)}
	if other := lo + hi - near; other != near {
		out = append(out, int(other))
	}
	return out
}

// showable reports whether a gap of d tenths, written beside the
// figures, tells the grade of verdict v as the scale and the help say
// it: a loss written inside its grade's band ("inaccuracy: -10.0 pts"
// would read as a mistake), a gap as good as the best below the scale,
// or for one graded beyond the error, a gap above nothing. A gap as good
// within the error may be any: its error is written to cover it.
func showable(d int, v Verdict) bool {
	x := float64(d) / perUnit(v.ByWin)
	switch {
	case v.Kind.Wrong():
		return GradeLoss(x, v.ByWin) == v.Kind
	case v.Kind != AsGood:
		return true
	case v.Measured && v.Gap <= z*v.Err:
		return true
	case v.Measured && d <= 0:
		return false
	}
	return GradeLoss(x, v.ByWin) == AsGood
}

// showFigures chooses how the screens write every row's figures
// (Row.Shown, copied into the verdicts with the best's). The grades
// stand as they were decided on the exact values; the figures are
// written so that the gaps, written as their differences, fall on the
// grades' sides of the scale. Each figure is rounded to the nearest
// tenth, or where that would put a gap across a line of the scale, to
// the other side of its tenth: the best's figure first (nearest, then
// the other), then each row's against it. A best figure rounded down
// always leaves each graded row a figure whose gap keeps its grade
// (the lines are whole tenths), save at the edges of a chance to win
// and for a gap under a tenth beyond its error; there the choice that
// keeps the most rows is taken, and the rest are rounded.
func (an *Analysis) showFigures() {
	if len(an.Rows) == 0 {
		return
	}
	means, wins := an.figures(false), an.figures(true)
	for j := range an.Rows {
		an.Rows[j].Shown = Shown{Mean: means[j], Win: wins[j], Set: true}
	}
	best := an.Rows[an.Best].Shown
	for j := range an.Rows {
		an.Rows[j].Verdict.Shown, an.Rows[j].Verdict.BestShown = an.Rows[j].Shown, best
	}
}

// figures chooses the figures of one column, the means or (win) the
// chances to win, for showFigures: the rows whose verdicts are on that
// scale are held to it. Every row is also kept on its side of the best
// where it can be (a row a hair below the best is not written above it
// when the best's figure is rounded down), so that the table reads in
// its order.
func (an *Analysis) figures(win bool) []int {
	val := func(j int) float64 {
		if win {
			return an.Rows[j].Win
		}
		return an.Rows[j].Mean
	}
	near := make([]int, len(an.Rows))
	for j := range an.Rows {
		near[j] = figureChoices(val(j), win)[0]
	}
	var out []int
	var fewest [2]int // rows off the scale, rows on the wrong side of the best
	for _, b := range figureChoices(val(an.Best), win) {
		try := append([]int(nil), near...)
		try[an.Best] = b
		var bad [2]int
		for j := range an.Rows {
			if j == an.Best {
				continue
			}
			v := an.Rows[j].Verdict
			held := v.ByWin == win
			ordered := func(c int) bool {
				return !(val(j) <= val(an.Best) && c > b) && !(val(j) >= val(an.Best) && c < b)
			}
			cs := figureChoices(val(j), win)
			pick, miss := cs[0], [2]int{1, 1}
			for _, c := range cs {
				m := [2]int{0, 0}
				if held && !showable(b-c, v) {
					m[0] = 1
				}
				if !ordered(c) {
					m[1] = 1
				}
				if fewer(m, miss) {
					pick, miss = c, m
				}
			}
			try[j] = pick
			bad[0], bad[1] = bad[0]+miss[0], bad[1]+miss[1]
		}
		if out == nil || fewer(bad, fewest) {
			out, fewest = try, bad
		}
		if bad == [2]int{} {
			break
		}
	}
	return out
}

// fewer compares counts of misses, the first count first.
func fewer(a, b [2]int) bool { return a[0] < b[0] || a[0] == b[0] && a[1] < b[1] }

// shownGap is the gap the verdict writes, in tenths on its scale: the
// best's figure less this option's. ok is false for a verdict without
// figures.
func (v Verdict) shownGap() (d int, ok bool) {
	if !v.Shown.Set || !v.BestShown.Set {
		return 0, false
	}
	if v.ByWin {
		return v.BestShown.Win - v.Shown.Win, true
	}
	return v.BestShown.Mean - v.Shown.Mean, true
}
