package drill

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// VerdictKind grades one choice against the best option.
type VerdictKind uint8

// The verdicts. A choice behind the best by more than the error is
// graded by what it costs, on the scale the game analysis uses too, so
// that the help shows one scale.
const (
	Best       VerdictKind = iota // the option the evaluation ranks first
	AsGood                        // behind the best within the error, or by less than an inaccuracy
	Inaccuracy                    // costs from InaccuracyAt
	Mistake                       // costs from MistakeAt
	Blunder                       // costs from BlunderAt
)

var verdictNames = [...]string{"best", "as good", "inaccuracy", "mistake", "blunder"}

func (k VerdictKind) String() string {
	if int(k) < len(verdictNames) {
		return verdictNames[k]
	}
	return "unknown"
}

// Wrong reports whether the verdict counts the answer as wrong: an
// inaccuracy or worse.
func (k VerdictKind) Wrong() bool { return k >= Inaccuracy }

// The scale of the verdicts: what a choice costs, in points of expected
// score difference for the deal, or near the end of a game in the
// chance to win it. The game analysis grades on this scale too (it
// calls Tally.Analysis), so the hint, the trainer and the analysis
// agree. A card's points count twice in a difference (one side loses
// what the other wins), so a blunder is at least the ten of trump
// handed over. The chances are what those points are worth there:
// a point of score difference moves the chance to win by about a tenth
// of a percent within 200 points of a target of 500, so 4, 10 and 20
// points are about 0.5%, 1% and 2%.
const (
	InaccuracyAt = 4.0
	MistakeAt    = 10.0
	BlunderAt    = 20.0

	WinInaccuracyAt = 0.005
	WinMistakeAt    = 0.01
	WinBlunderAt    = 0.02
)

// z is how many standard errors a difference must exceed to count: at
// two, an option called wrong is worse than the best with about 97%
// confidence (one-sided).
const z = 2

// ErrorsApart is z for the other screens' words: how many standard
// errors a gap must exceed to count as a loss.
const ErrorsApart = z

// GradeLines are the losses from which a choice is an inaccuracy, a
// mistake and a blunder: in points, or (byWin) in the chance to win.
func GradeLines(byWin bool) [3]float64 {
	if byWin {
		return [3]float64{WinInaccuracyAt, WinMistakeAt, WinBlunderAt}
	}
	return [3]float64{InaccuracyAt, MistakeAt, BlunderAt}
}

// GradeLoss is the verdict of a choice that costs loss, in points or
// (byWin) in the chance to win, once it is known to be behind the best.
func GradeLoss(loss float64, byWin bool) VerdictKind {
	at := GradeLines(byWin)
	switch {
	case loss >= at[2]:
		return Blunder
	case loss >= at[1]:
		return Mistake
	case loss >= at[0]:
		return Inaccuracy
	}
	return AsGood
}

// Verdict is how one option compares with the best.
type Verdict struct {
	Kind VerdictKind
	// ByWin reports that the options were ranked by the chance of
	// winning the game (near the end of a game) rather than by the
	// expected score difference.
	ByWin bool
	// Points is what a wrong choice costs in expected score difference
	// for the deal, and Win in the chance to win the game (0 to 1); both
	// are 0 for a choice that is not wrong, and never negative.
	Points, Win float64
	// Chance is the chance to win the game after this option, and
	// BestChance after the best one.
	Chance, BestChance float64
	// Gap is how far the option is behind the best on the scale it was
	// graded by (points, or with ByWin the chance to win), and Err the
	// standard error of that gap, paired over the deals the options
	// share; Measured reports that Err was measured (Analysis.Paired).
	// The grade compares Gap with z times Err, which is why the screens
	// show the two together (GapErr).
	Gap, Err float64
	Measured bool
	// EndGame reports that the options were ranked by the chance to win
	// (Analysis.ByWin), where the verdict is the worse of the two
	// measures (grade): one graded by the points there says what the
	// chance to win did (WinGap and its error WinErr), one graded by the
	// chance the points it gives away within their error (PointsGap and
	// PointsErr).
	EndGame              bool
	WinGap, WinErr       float64
	PointsGap, PointsErr float64
	// Shown and BestShown are this option's figures and the best's as
	// the screens write them beside the verdict (Row.Shown): the gap the
	// verdict writes is their difference on its scale, and with ByWin
	// the chances it says are theirs. A verdict without them (one read
	// back from the record, with no table beside it) writes its loss
	// rounded on its own.
	Shown, BestShown Shown
}

// Text says the verdict in words a player reads, what the choice costs
// and on which measure: "best", "as good as the best within the error",
// "a blunder that costs 48 points" or, ranked by the chance to win, "a
// mistake that lowers your chance to win the game from 94% to 92%".
// With the gap's error measured it says the gap with it ("costs 24.0 ±
// 1.9 points"), which the help explains, and near the end of a game
// which measure graded it and what the other did. With the figures of
// the table beside it (Shown) the gap is their difference and the
// chances are theirs: "from 93.9% to 92.1%, by 1.8% ± 0.4%".
func (v Verdict) Text() string {
	switch v.Kind {
	case Best:
		return "best"
	case AsGood:
		if !v.Measured {
			return "as good as the best within the error"
		}
		gap, err := v.GapErr()
		side := "behind it by"
		if g, ahead := strings.CutPrefix(gap, "-"); ahead {
			side, gap = "ahead of it by", g
		}
		by := fmt.Sprintf("%s %s", side, v.gapUnits(gap, err))
		if v.Gap > z*v.Err { // beyond the error, but less than an inaccuracy
			return fmt.Sprintf("as good as the best: %s, less than %s", by, v.inaccuracy())
		}
		if v.ByWin && v.Gap < -z*v.Err {
			// More likely to win beyond the error: the best is chosen
			// for its points (eval.Best), which it gives away without
			// counting against it (grade).
			return fmt.Sprintf("as good as the best: %s; within %s the points decide", by, Percent(WinLevel))
		}
		return fmt.Sprintf("as good as the best within the error: %s", by)
	}
	what := v.article()
	if v.ByWin {
		beyond := ""
		if v.Measured {
			gap, err := v.GapErr()
			beyond = fmt.Sprintf(", by %s%% ± %s%%", gap, err)
		}
		if _, ok := v.shownGap(); ok {
			// The figures of the table beside it, whose difference the
			// gap is.
			from, to := percentTenths(v.BestShown.Win, v.BestChance), percentTenths(v.Shown.Win, v.Chance)
			return fmt.Sprintf("%s that lowers your chance to win the game from %s to %s%s%s", what, from, to, beyond, v.alsoPoints())
		}
		from, to := Percent(v.BestChance), Percent(v.Chance)
		if GradeLoss((percentValue(from)-percentValue(to))/100, true) != GradeLoss(v.Win, true) {
			// Rounded alike ("from 94% to 94%") or a grade apart: the
			// chances with their decimal.
			from, to = PercentOne(v.BestChance), PercentOne(v.Chance)
		}
		return fmt.Sprintf("%s that lowers your chance to win the game from %s to %s%s", what, from, to, beyond)
	}
	if v.Measured {
		return fmt.Sprintf("%s that costs %s%s", what, v.gapUnits(v.GapErr()), v.byPoints())
	}
	if d, ok := v.shownGap(); ok {
		return fmt.Sprintf("%s that costs %s points", what, tenths(d))
	}
	return fmt.Sprintf("%s that costs %s", what, PointsOne(pointsShown(v.Points)))
}

// alsoPoints says, for a choice graded by the chance to win that also
// scores less by more than that chance's grade would be in points, why
// those points did not grade it: they are within their error (", graded
// on that chance: the 70.6 ± 40.0 points it scores less are too
// uncertain to count"). Beyond it they would have (grade takes the
// worse).
func (v Verdict) alsoPoints() string {
	d, ok := v.BestShown.Mean-v.Shown.Mean, v.Shown.Set && v.BestShown.Set
	if !ok || !v.Measured || GradeLoss(float64(d)/10, false) <= v.Kind || v.PointsGap > z*v.PointsErr {
		return ""
	}
	p := Verdict{Kind: AsGood, Gap: v.PointsGap, Err: v.PointsErr, Measured: true, Shown: v.Shown, BestShown: v.BestShown}
	return fmt.Sprintf(", graded on that chance: the %s it scores less are too uncertain to count", p.gapUnits(p.GapErr()))
}

// byPoints says, for a choice graded by the points near the end of a
// game, why the points graded it: ", graded on the points: the change
// in your chance to win is too uncertain to count (0.7% ± 0.5%)", or
// where the chance to win is lost too, on a lower grade, ", graded on
// the points as the bigger loss: your chance to win drops by 1.3% ±
// 0.5% too, which alone is a mistake".
func (v Verdict) byPoints() string {
	if !v.EndGame || v.ByWin || !v.Shown.Set || !v.BestShown.Set {
		return ""
	}
	if w := v.winVerdict(); w.Kind.Wrong() {
		gap, err := w.GapErr()
		return fmt.Sprintf(", graded on the points as the bigger loss: your chance to win drops by %s%% ± %s%% too, which alone is %s", gap, err, w.article())
	}
	w := Verdict{Kind: AsGood, ByWin: true, Gap: v.WinGap, Err: v.WinErr, Measured: true, Shown: v.Shown, BestShown: v.BestShown}
	gap, err := w.GapErr()
	if v.WinGap > z*v.WinErr {
		return fmt.Sprintf(", graded on the points: your chance to win drops by less than %s (%s%% ± %s%%)", Percent(WinInaccuracyAt), gap, err)
	}
	return fmt.Sprintf(", graded on the points: the change in your chance to win is too uncertain to count (%s%% ± %s%%)", gap, err)
}

// winVerdict is the verdict the chance to win alone gives a choice
// graded near the end of a game (EndGame): its kind and gap on that
// scale, with the figures shown.
func (v Verdict) winVerdict() Verdict {
	w := Verdict{Kind: AsGood, ByWin: true, Gap: v.WinGap, Err: v.WinErr, Measured: v.Measured, Shown: v.Shown, BestShown: v.BestShown}
	if v.WinGap > z*v.WinErr {
		w.Kind = GradeLoss(v.WinGap, true)
		if d, ok := w.shownGap(); ok && w.Kind.Wrong() {
			// The figures are held to the points' grade, not to this
			// one: the grade said is the one their difference shows.
			w.Kind = max(GradeLoss(float64(d)/1000, true), Inaccuracy)
		}
	}
	return w
}

// article is the verdict's kind with its article: "an inaccuracy", "a
// mistake".
func (v Verdict) article() string {
	if v.Kind == Inaccuracy {
		return "an inaccuracy"
	}
	return "a " + v.Kind.String()
}

// sameChance says why two chances to win count as the same, with the
// gap between them and its error as the verdicts write them: "the same
// within the error (0.7% ± 0.5%)", or for a gap beyond the error but
// below the scale, "less than 0.5% apart (0.3% ± 0.1%)".
func sameChance(gap, err float64, shown, best Shown) string {
	w := Verdict{Kind: AsGood, ByWin: true, Gap: gap, Err: err, Measured: true, Shown: shown, BestShown: best}
	g, e := w.GapErr()
	if gap > z*err {
		return fmt.Sprintf("less than %s apart (%s%% ± %s%%)", Percent(WinInaccuracyAt), g, e)
	}
	return fmt.Sprintf("the same within the error (%s%% ± %s%%)", g, e)
}

// inaccuracy is where the scale starts: "4 points", "0.5% of the chance
// to win".
func (v Verdict) inaccuracy() string {
	if v.ByWin {
		return Percent(WinInaccuracyAt) + " of the chance to win"
	}
	return PointsText(InaccuracyAt)
}

// gapUnits writes a gap and its error in their units: "9.4 ± 5.1
// points", "6.4 ± 2.1% of the chance to win".
func (v Verdict) gapUnits(gap, err string) string {
	if v.ByWin {
		return fmt.Sprintf("%s%% ± %s%% of the chance to win", gap, err)
	}
	return fmt.Sprintf("%s ± %s points", gap, err)
}

// GapErr writes Gap and Err with one decimal (points, or percent of the
// chance to win), each on the side of the line the grade put them: a
// gap graded beyond z errors reads beyond z times the error shown, one
// within them within it, and a gap graded by the scale keeps its grade
// (9.96, an inaccuracy, reads 9.9). So the numbers a player reads give
// the grade the player is told. With the figures shown (Shown) the gap
// is their difference, which showFigures keeps on the grade's side of
// the scale; without, Gap rounded. The error is rounded as the rows'
// errors are, to the nearest tenth, and moves by a tenth or two only
// where that would read on the wrong side of the grade.
func (v Verdict) GapErr() (gap, err string) {
	scale := perUnit(v.ByWin)
	beyond := v.Gap > z*v.Err
	g := math.Round(v.Gap * scale)
	if d, ok := v.shownGap(); ok {
		g = float64(d)
	} else if beyond && GradeLoss(g/scale, v.ByWin) != GradeLoss(v.Gap, v.ByWin) {
		g = math.Floor(v.Gap * scale)
	}
	var e float64
	if beyond {
		// Beyond: below the gap's z-th part.
		e = math.Round(v.Err * scale)
		for e > 0 && z*e >= g {
			e--
		}
	} else {
		// Within: at least the gap's z-th part (a gap shown a tenth
		// over its value may need it).
		e = math.Max(0, math.Round(v.Err*scale)) // +0, never -0
		for z*e < g {
			e++
		}
	}
	if g == 0 {
		g = 0 // not -0, which reads "-0.0"
	}
	return fmt.Sprintf("%.1f", g/10), fmt.Sprintf("%.1f", e/10)
}

// Column says the verdict for a table column with the gap and its
// error where they were measured: "≈ best: -9.4 ± 5.1 pts", "blunder:
// -6.4 ± 2.1% win"; otherwise as Short does.
func (v Verdict) Column() string {
	if !v.Measured || v.Kind == Best {
		return v.Short()
	}
	gap, err := v.GapErr()
	switch {
	case strings.HasPrefix(gap, "-"): // ahead of the best
		gap = "+" + gap[1:]
	case gap != "0.0":
		gap = "-" + gap
	}
	unit := " pts"
	if v.ByWin {
		unit = "% win"
	}
	name := "≈ best"
	if v.Kind.Wrong() {
		name = v.Kind.String()
	}
	return fmt.Sprintf("%s: %s ± %s%s", name, gap, err, unit)
}

// Short says the verdict in a few characters, for a table column:
// "best", "≈ best", "blunder: -23.4 pts" or "mistake: -1.2% win"; with
// the figures beside it (Shown), their difference, with its decimal
// ("blunder: -12.7% win" where "-13% win" would not be 61.0% less 48.3%).
func (v Verdict) Short() string {
	switch v.Kind {
	case Best:
		return "best"
	case AsGood:
		return "≈ best"
	}
	// The grade in its word, which reads without the help, as every
	// screen and report writes it.
	if d, ok := v.shownGap(); ok {
		// The difference of the figures beside it, with their decimal.
		if v.ByWin {
			return fmt.Sprintf("%s: -%s%% win", v.Kind, tenths(d))
		}
		return fmt.Sprintf("%s: -%s pts", v.Kind, tenths(d))
	}
	if v.ByWin {
		return v.Kind.String() + ": -" + WinLossText(v.Win) + " win"
	}
	return fmt.Sprintf("%s: -%.1f pts", v.Kind, pointsShown(v.Points))
}

// pointsShown is a cost in points as the verdicts write it, with one
// decimal as every screen writes a loss in points (the score diff, the
// reasons, the points lost a drill): rounded, unless that would reach
// the next grade of the scale (9.96, an inaccuracy, reads 9.9, not 10.0,
// where the help puts the mistakes).
func pointsShown(p float64) float64 {
	if n := math.Round(p*10) / 10; GradeLoss(n, false) == GradeLoss(p, false) {
		return n
	}
	return math.Floor(p*10) / 10
}

// WinLossText is a cost in the chance to win as the verdicts write it,
// with one decimal at any size as PercentOne does ("40.1%", not "40%"),
// unless rounding would reach the next grade of the scale: then cut to
// one decimal (0.98%, an inaccuracy, reads 0.9%, not 1.0%).
func WinLossText(w float64) string {
	s := PercentOne(w)
	if GradeLoss(percentValue(s)/100, true) != GradeLoss(w, true) {
		s = fmt.Sprintf("%.1f%%", math.Floor(w*1000)/10)
	}
	return s
}

// percentValue reads back a percentage Percent wrote ("1.2%": 1.2,
// "<0.1%": 0.1, ">99.9%": 99.9).
func percentValue(s string) float64 {
	x, _ := strconv.ParseFloat(strings.TrimLeft(strings.TrimSuffix(s, "%"), "<>"), 64)
	return x
}

// PointsText writes "1 point", "23 points" (rounded).
func PointsText(p float64) string {
	n := math.Round(p)
	if n == 1 {
		return "1 point"
	}
	return fmt.Sprintf("%.0f points", n)
}

// PointsOne writes a loss or a gap in points with one decimal, as the
// score diff is written: "9.6 points".
func PointsOne(p float64) string { return fmt.Sprintf("%.1f points", p) }

// Percent writes a chance as a percentage: "42%", with one decimal below
// ten ("4.2%", "0.4%") and from 99.5 ("99.8%") where a rounded whole
// number would mislead. Only a certain chance reads "100%" and only a
// nil one "0%"; PercentOne says what the decimal form does at the edges.
func Percent(p float64) string {
	x := p * 100
	if x > 0 && x < 100 && (x < 9.95 || x >= 99.5) {
		return PercentOne(p)
	}
	return fmt.Sprintf("%.0f%%", x)
}

// PercentOne writes a chance as a percentage with one decimal: "61.0%".
// A chance that is neither nil nor certain never reads "0.0%" or
// "100.0%": it reads "<0.1%" or ">99.9%", so a player is never told a
// thing always or never happens when it may.
func PercentOne(p float64) string {
	x := p * 100
	s := fmt.Sprintf("%.1f", x)
	switch {
	case x > 0 && s == "0.0":
		return "<0.1%"
	case x < 100 && s == "100.0":
		return ">99.9%"
	}
	return s + "%"
}

// Signed writes a score difference with its sign and one decimal:
// "+38.2", "-4.1", "0.0".
func Signed(x float64) string {
	x = math.Round(x*10) / 10
	if x == 0 {
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}
