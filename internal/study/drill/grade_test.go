package drill

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRankedAgreesWithBest: near the end of a game the table lists the
// hard bot's choice first and then ranks as eval.Best chooses: the
// options as likely to win (within WinLevel of the likeliest) by
// points, then the others by the chance to win; and the line over the
// table says so.
func TestRankedAgreesWithBest(t *testing.T) {
	opt := func(k rules.Kind, mean, win float64) Row {
		return Row{Result: eval.Result{Action: rules.Action{Kind: k}, Mean: mean, Win: win}}
	}
	an := Analysis{ByWin: true, Samples: 10, Rows: []Row{
		opt(rules.Pass, -35.4, 0.932), opt(rules.Take, -33.5, 0.925), opt(rules.Schmeiss, -29.1, 0.929), opt(rules.Take, -31, 0.930),
	}}
	rs := make([]eval.Result, len(an.Rows))
	for i, r := range an.Rows {
		rs[i] = r.Result
	}
	an.Best = eval.Best(rs, true)
	require.Equal(t, 2, an.Best)
	assert.Equal(t, []int{2, 3, 0, 1}, an.Ranked())
	assert.Contains(t, an.Ranking(), "within 0.5%, by points")
	assert.Contains(t, strings.Join(an.Reason(false), " "), "the same within 0.5%, so the points do, and saying schmeiss scores 1.9 points more")
	// WinLevel is eval.Best's: one option just inside it, one just out.
	near := []eval.Result{{Mean: 0, Win: 0.5}, {Mean: 9, Win: 0.5 - WinLevel + 1e-6}}
	far := []eval.Result{{Mean: 0, Win: 0.5}, {Mean: 9, Win: 0.5 - WinLevel - 1e-6}}
	assert.Equal(t, 1, eval.Best(near, true))
	assert.Equal(t, 0, eval.Best(far, true))
}

// TestOneEvaluationGradesTheGap: an evaluation that did not measure the
// error of a gap (not eval.Evaluation.Paired) is not taken to have one;
// taking the two means' errors as independent called "≈ best" a king
// thrown on the others' trick that gives away 4.9 points in every
// sample. The gap is graded on the scale.
func TestOneEvaluationGradesTheGap(t *testing.T) {
	_, v := firstDrill(t, 2, OnlyRound1, "players=2")
	an := bestFirst(t, &v, eval.Evaluation{Samples: 200, Weight: 200},
		eval.Result{Mean: -52.5, StdErr: 4.7, Win: 0.4}, eval.Result{Mean: -57.4, StdErr: 4.7, Win: 0.4})
	assert.False(t, an.Paired)
	assert.Equal(t, Inaccuracy, an.Rows[1].Verdict.Kind)
	assert.Zero(t, an.Rows[1].GapErr)
}

// TestOneEvaluationGradesByItsPairedError: one evaluation that measured
// the error of each gap over its samples (the hint's) is graded by the
// rule of the trainer and the analysis: a gap within z of those errors
// is as good as the best, one beyond them graded on the scale. Near the
// end, 0.6% of the chance to win behind with an error of 0.4% is a near
// tie, not an inaccuracy; at 0.2% it is one.
func TestOneEvaluationGradesByItsPairedError(t *testing.T) {
	_, v := firstDrill(t, 2, OnlyRound1, "players=2")
	analyse := func(byWin bool, gap, gapErr, winGap, winGapErr float64) Row {
		t.Helper()
		an := bestFirst(t, &v, eval.Evaluation{Samples: 200, Weight: 200, ByWin: byWin, Paired: true},
			eval.Result{Mean: 10, StdErr: 30, Win: 0.5},
			eval.Result{Mean: 10 - gap, StdErr: 30, Win: 0.5 - winGap, Gap: gap, GapErr: gapErr, WinGap: winGap, WinGapErr: winGapErr})
		assert.True(t, an.Paired)
		row := an.Rows[1]
		assert.True(t, row.Verdict.Measured)
		assert.Equal(t, grade(&row, byWin, false).Kind, row.Verdict.Kind)
		return row
	}
	// Points: 6 behind (an inaccuracy on the scale), within 2 × 4, then
	// beyond 2 × 2.
	within := analyse(false, 6, 4, 0, 0)
	assert.Equal(t, AsGood, within.Verdict.Kind)
	assert.InDelta(t, 4, within.GapErr, 1e-12)
	assert.Equal(t, Inaccuracy, analyse(false, 6, 2, 0, 0).Verdict.Kind)
	assert.Equal(t, Mistake, analyse(false, 12, 1, 0, 0).Verdict.Kind)
	// The chance to win.
	assert.Equal(t, AsGood, analyse(true, 0, 0, 0.006, 0.004).Verdict.Kind)
	near := analyse(true, 0, 0, 0.006, 0.002)
	assert.Equal(t, Inaccuracy, near.Verdict.Kind)
	assert.True(t, near.Verdict.ByWin)
}

// TestBatchesExcuseNoise: with batches the paired error is measured, and
// a gap within it is as good; without enough batches it is not
// known, and the same gap is graded.
func TestBatchesExcuseNoise(t *testing.T) {
	_, v := firstDrill(t, 2, OnlyRound1, "players=2")
	legal := v.Legal()
	tally := func(batches int) Analysis {
		tl, err := NewTally(&v, Plan{Samples: 10 * batches, Batches: batches})
		require.NoError(t, err)
		for k := range batches {
			ev := eval.Evaluation{Samples: 10, Weight: 10}
			for i, a := range legal {
				r := eval.Result{Action: a, Mean: 0, StdErr: 5}
				if i > 0 {
					// Behind by 6 on average, by 16 or -4 batch by batch.
					r.Mean = -6 + 10*float64(2*(k%2)-1)
				}
				ev.Results = append(ev.Results, r)
			}
			require.NoError(t, tl.Add(k, ev))
		}
		return tl.Analysis()
	}
	paired := tally(MinPairedBatches + 1)
	assert.True(t, paired.Paired)
	assert.Greater(t, paired.Rows[1].GapErr, 4.0)
	assert.Equal(t, AsGood, paired.Rows[1].Verdict.Kind)
	few := tally(MinPairedBatches - 1)
	assert.False(t, few.Paired)
	assert.Equal(t, Inaccuracy, few.Rows[1].Verdict.Kind)
}

// TestAsGoodToWinButFarBehindOnPoints: near the end of a game, a choice
// whose chance to win is within the error of the best (83.0% against
// 80.8%, noisy) but which scores 42 points less in every batch is not
// "≈ best": it is graded by the points it gives away. One behind by
// points within their error stays as good.
func TestAsGoodToWinButFarBehindOnPoints(t *testing.T) {
	row := Row{Result: eval.Result{Mean: 42.4, Win: 0.808}, Gap: 42.1, GapErr: 4.5, WinGap: 0.022, WinGapErr: 0.014}
	v := grade(&row, true, false)
	assert.Equal(t, Blunder, v.Kind)
	assert.False(t, v.ByWin)
	assert.Equal(t, "blunder: -42.1 pts", v.Short())
	assert.InDelta(t, 42.1, v.Points, 1e-9)
	row.Gap, row.GapErr = 8, 5
	assert.Equal(t, AsGood, grade(&row, true, false).Kind)
	row.Gap, row.GapErr = 3, 0.5
	assert.Equal(t, AsGood, grade(&row, true, false).Kind, "a gap under an inaccuracy stays as good")
}

// TestOneLossOneRounding: the verdict, its short form and the reason
// write the same loss alike (9.6, not 9 in one and 10 in the other), as
// the trainer's record of the points lost (9.6) does.
func TestOneLossOneRounding(t *testing.T) {
	an := Analysis{Samples: 10, Rows: []Row{
		optRow(rules.NameAction(rules.Clubs), 10, 0.5, 0), optRow(rules.NameAction(rules.Hearts), 0.4, 0.5, 0),
	}}
	an.Rows[1].Gap = 9.6
	v := grade(&an.Rows[1], false, false)
	assert.Equal(t, "an inaccuracy that costs 9.6 points", v.Text())
	assert.Equal(t, "inaccuracy: -9.6 pts", v.Short())
	assert.Contains(t, strings.Join(an.Reason(false), " "), "scores 9.6 points more than naming hearts")
	assert.Equal(t, "1 drill, 0 right (0%); 9.6 points lost on the one drill.", Score{Drills: 1, Lost: v.Points}.Text())
}

// shownGap reads a verdict of the option table with its gap and error:
// "≈ best: -9.4 ± 5.1 pts", "blunder: -6.4 ± 2.1% win".
var shownGap = regexp.MustCompile(`(≈ best|inaccuracy|mistake|blunder): ([+-]?\d+\.\d) ± (\d+\.\d)( pts|% win)$`)

// TestShownGapGivesTheGrade: over drills of every kind at every seat
// count, evaluated as the trainer evaluates them, each graded row of
// the printed table writes its gap behind the best with the gap's own
// error, and a player can check the grade from those two numbers: every
// "≈ best" is within 2 errors or less than an inaccuracy, every loss
// beyond 2 errors and on its grade of the scale. The sentence that
// grades a choice writes the same two numbers.
func TestShownGapGivesTheGrade(t *testing.T) {
	n := 16
	if testing.Short() {
		n = 4
	}
	ev := NewEvaluator()
	within, beyond := 0, 0
	for _, rs := range seatCounts {
		g, err := NewGenerator(21, Any, opts(t, rs))
		require.NoError(t, err)
		for range n {
			s, v := nextView(t, g)
			an, err := EvaluateWith(context.Background(), ev.Batch, &v, Options{Samples: 100, Seed: 3})
			require.NoError(t, err)
			require.True(t, an.Paired, "%s", s)
			var b strings.Builder
			require.NoError(t, WriteReport(&b, Request{Situation: s, Seed: 3}, &an, false))
			var shown [][]string
			for _, l := range strings.Split(b.String(), "\n") {
				if m := shownGap.FindStringSubmatch(l); m != nil {
					shown = append(shown, m)
				}
			}
			require.Len(t, shown, len(an.Rows)-1, "%s: every graded row writes its gap and error:\n%s", s, b.String())
			for _, m := range shown {
				gap, _ := strconv.ParseFloat(m[2], 64)
				gap = -gap // written as a loss: -9.4 is 9.4 behind
				e, _ := strconv.ParseFloat(m[3], 64)
				byWin := m[4] == "% win"
				scaled := gap
				if byWin {
					scaled /= 100
				}
				if m[1] == "≈ best" {
					if GradeLoss(scaled, byWin) != AsGood {
						within++ // as good by the error alone
					}
					assert.True(t, gap <= z*e || GradeLoss(scaled, byWin) == AsGood,
						"%s: %q is as good, but beyond %d errors and not below the scale:\n%s", s, m[0], z, b.String())
					continue
				}
				beyond++
				assert.Greater(t, gap, z*e, "%s: %q is graded a loss within %d errors:\n%s", s, m[0], z, b.String())
				assert.Equal(t, m[1], GradeLoss(scaled, byWin).String(), "%s: %q is off the scale", s, m[0])
			}
			for _, r := range an.Rows {
				if r.Verdict.Kind == Best {
					continue
				}
				gap, e := r.Verdict.GapErr()
				assert.Contains(t, r.Verdict.Text(), strings.TrimPrefix(gap, "-"), "%s: %s", s, r.Action)
				assert.Contains(t, r.Verdict.Text(), "± "+e, "%s: %s", s, r.Action)
			}
		}
	}
	t.Logf("%d rows as good within the error, %d losses", within, beyond)
	assert.Positive(t, within, "no row as good by the error alone checked")
	assert.Positive(t, beyond, "no graded loss checked")
}

// TestGapErrKeepsTheGrade: at the edges of the line, the gap and error
// as written still give the grade: rounded alike they would read "20.0
// ± 10.0" for a loss beyond two errors, or "10.1 ± 5.0" for a gap
// within them. Elsewhere the error is rounded to the nearest tenth.
func TestGapErrKeepsTheGrade(t *testing.T) {
	for _, c := range []struct {
		v        Verdict
		gap, err string
	}{
		{Verdict{Kind: AsGood, Gap: 10.09, Err: 5.049}, "10.1", "5.1"},
		{Verdict{Kind: Blunder, Gap: 20.04, Err: 10.01}, "20.0", "9.9"},
		{Verdict{Kind: Inaccuracy, Gap: 9.96, Err: 1}, "9.9", "1.0"},
		{Verdict{Kind: Mistake, ByWin: true, Gap: 0.0101, Err: 0.00502}, "1.0", "0.4"},
		{Verdict{Kind: AsGood, ByWin: true, Gap: -0.00004, Err: 0}, "0.0", "0.0"},
		// Away from the edges the error reads as the rows' errors do,
		// to the nearest tenth: the same 5.49 is not 5.5 in the row and
		// 5.4 in the verdict, nor 4.04 4.0 and 4.1.
		{Verdict{Kind: Blunder, Gap: 35.58, Err: 5.4943}, "35.6", "5.5"},
		{Verdict{Kind: AsGood, Gap: 3, Err: 4.04}, "3.0", "4.0"},
	} {
		c.v.Measured = true
		gap, err := c.v.GapErr()
		assert.Equal(t, [2]string{c.gap, c.err}, [2]string{gap, err}, "%+v", c.v)
	}
}

// TestVerdictTextInPlainWords: the line that grades a choice says what
// it costs and, near the end of a game, on which measure, with its
// figures, but none of the statistics the help explains: a play-tester
// read "a blunder that costs 90.6 ± 3.1 points, beyond 2 standard
// errors; graded by the points, the graver loss: ...". Over gaps and
// errors of every grade, on both measures, with the figures shown.
func TestVerdictTextInPlainWords(t *testing.T) {
	v := measuredByWin(Row{Gap: 90.6, GapErr: 3.1, WinGap: 0.019, WinGapErr: 0.001},
		Shown{Mean: -687, Win: 1, Set: true}, Shown{Mean: 219, Win: 20, Set: true})
	require.Equal(t, Blunder, v.Kind)
	assert.Equal(t, "a blunder that costs 90.6 ± 3.1 points, graded on the points as the bigger loss: "+
		"your chance to win drops by 1.9% ± 0.1% too, which alone is a mistake", v.Text())
	checked := 0
	for _, gap := range []float64{1, 3, 6, 12, 25, 60} {
		for _, err := range []float64{0.5, 2, 8} {
			for _, winGap := range []float64{-0.002, 0.001, 0.004, 0.008, 0.015, 0.03} {
				for _, winErr := range []float64{0.0005, 0.003} {
					for _, byWin := range []bool{false, true} {
						row := Row{Gap: gap, GapErr: err, WinGap: winGap, WinGapErr: winErr}
						v := grade(&row, byWin, false)
						v.Measured = true
						best := Shown{Mean: 500, Win: 600, Set: true}
						v.Shown, v.BestShown = Shown{Mean: 500 - int(gap*10), Win: 600 - int(winGap*1000), Set: true}, best
						text := v.Text()
						for _, jargon := range []string{"standard error", "beyond", "graver", "graded by"} {
							if strings.Contains(text, jargon) {
								t.Errorf("%+v: %q says %q", row, text, jargon)
							}
						}
						if v.Kind.Wrong() && byWin && !strings.Contains(text, "points") && !strings.Contains(text, "chance to win") {
							t.Errorf("%+v: %q names no measure", row, text)
						}
						checked++
					}
				}
			}
		}
	}
	t.Logf("%d verdicts", checked)
}

// measuredByWin is the verdict of row graded where the chance to win
// may decide, measured, with the scores shown for it and for the best.
func measuredByWin(row Row, shown, best Shown) Verdict {
	v := grade(&row, true, false)
	v.Measured = true
	v.Shown, v.BestShown = shown, best
	return v
}

// TestEndGameVerdictSaysItsMeasure: near the end of a game a verdict
// says which measure graded it and why. Graded by the chance to win, a
// choice that also gives away more points than its grade, within their
// error, says so; graded by the points, it writes the gap of the chances
// with its error, so that "the same within the error" can be checked,
// or the grade of that gap where the points' is the graver, and so does
// the reason.
func TestEndGameVerdictSaysItsMeasure(t *testing.T) {
	v := measuredByWin(Row{Gap: 70.6, GapErr: 40, WinGap: 0.008, WinGapErr: 0.00001},
		Shown{Mean: 582, Win: 992, Set: true}, Shown{Mean: 1288, Win: 1000, Set: true})
	require.Equal(t, Inaccuracy, v.Kind)
	assert.Equal(t, "an inaccuracy that lowers your chance to win the game from 100.0% to 99.2%, by 0.8% ± 0.0%, "+
		"graded on that chance: the 70.6 ± 40.0 points it scores less are too uncertain to count", v.Text())

	// Beyond their error the points grade it: the worse of the two; and
	// so they do where the chances' change is within its own error.
	for _, c := range []struct {
		row          Row
		chosen, best Shown
		text         string
	}{
		{Row{Gap: 70.6, GapErr: 1.8, WinGap: 0.008, WinGapErr: 0.00001},
			Shown{Mean: 582, Win: 992, Set: true}, Shown{Mean: 1288, Win: 1000, Set: true},
			"a blunder that costs 70.6 ± 1.8 points, " +
				"graded on the points as the bigger loss: your chance to win drops by 0.8% ± 0.0% too, which alone is an inaccuracy"},
		{Row{Gap: 37.8, GapErr: 3, WinGap: 0.003, WinGapErr: 0.004},
			Shown{Mean: 122, Win: 497, Set: true}, Shown{Mean: 500, Win: 500, Set: true},
			"a blunder that costs 37.8 ± 3.0 points, " +
				"graded on the points: the change in your chance to win is too uncertain to count (0.3% ± 0.4%)"},
	} {
		v = measuredByWin(c.row, c.chosen, c.best)
		require.Equal(t, Blunder, v.Kind)
		require.False(t, v.ByWin)
		assert.Equal(t, c.text, v.Text())
	}

	// Beyond its error but under the scale: not "within the error".
	v = measuredByWin(Row{Gap: 37.8, GapErr: 3, WinGap: 0.003, WinGapErr: 0.001},
		Shown{Mean: 122, Win: 497, Set: true}, Shown{Mean: 500, Win: 500, Set: true})
	assert.Contains(t, v.Text(), "graded on the points: your chance to win drops by less than 0.5% (0.3% ± 0.1%)")

	other := Row{Result: eval.Result{Action: rules.PassAction(), Mean: -56.3, Win: 0.038}, Gap: 66.3, GapErr: 4, WinGap: 0.010, WinGapErr: 0.006}
	other.Verdict = grade(&other, true, false)
	an := Analysis{Rows: []Row{{Result: eval.Result{Action: rules.Action{Kind: rules.Take}, Mean: 10, Win: 0.048}}, other},
		ByWin: true, Samples: 10, Paired: true}
	assert.Equal(t, []string{"Within 200 points of the target the chance to win the game decides, but taking wins it 4.8% of the time, passing 3.8%: " +
		"the same within the error (1.0% ± 0.6%), so the points do, and passing scores 66.3 points less for this deal."}, an.Reason(false))

	// Less likely to win beyond the error too, but graded by the points,
	// the graver loss: the reason does not call the chances the same.
	an.Rows[1].WinGapErr = 0.002
	an.Rows[1].Verdict = grade(&an.Rows[1], true, false)
	require.Equal(t, Blunder, an.Rows[1].Verdict.Kind)
	require.False(t, an.Rows[1].Verdict.ByWin)
	assert.Equal(t, []string{"Within 200 points of the target the chance to win the game decides: taking wins it 4.8% of the time, passing 3.8%, " +
		"and passing scores 66.3 points less for this deal, the bigger loss."}, an.Reason(false))
}

// TestEndGradeIsTheWorseOfTwo: near the end of a game a choice is graded
// by the worse of the two measures that are beyond their errors, so
// that the sharper measure of one sampling does not decide. A card that
// gives away about 32 points and 1.3% of the chance to win was a
// "mistake: -1.3% win" in the hint (the chance beyond its error), an
// "inaccuracy" on another seed (0.8%) and a blunder of 32.2 points in
// the analysis (the chance within its error): it is a blunder on the
// points in all three. A choice that wins clearly more often than the
// best is not wrong for the points it gives away; one that wins more
// often only within the error is.
func TestEndGradeIsTheWorseOfTwo(t *testing.T) {
	for _, c := range []struct {
		name                     string
		gap, gapErr, win, winErr float64
		kind                     VerdictKind
		byWin                    bool
	}{
		{"hint", 32.2, 4, 0.013, 0.005, Blunder, false},
		{"hint, another seed", 30.1, 4.5, 0.008, 0.003, Blunder, false},
		{"analysis", 32.2, 3, 0.013, 0.008, Blunder, false},
		{"the chance the worse", 12, 2, 0.03, 0.005, Blunder, true},
		{"a tie goes to the chance", 12, 2, 0.012, 0.002, Mistake, true},
		{"points within their error", 32, 20, 0.008, 0.003, Inaccuracy, true},
		{"neither beyond its error", 32, 20, 0.008, 0.005, AsGood, true},
		{"wins clearly more often", 40, 3, -0.004, 0.001, AsGood, true},
		{"wins more often within the error", 40, 3, -0.001, 0.002, Blunder, false},
	} {
		row := Row{Result: eval.Result{Win: 0.9}, Gap: c.gap, GapErr: c.gapErr, WinGap: c.win, WinGapErr: c.winErr}
		v := grade(&row, true, false)
		assert.Equal(t, c.kind, v.Kind, c.name)
		assert.Equal(t, c.byWin, v.ByWin, c.name)
		// A verdict graded by one measure counts what it cost on it
		// alone (Score.Add, analysis.Decision).
		if v.Kind.Wrong() {
			assert.InDelta(t, max(0, c.gap), v.Points, 1e-12, c.name)
		}
	}
	// Ranked by the points (far from the end) the chance to win does
	// not grade.
	row := Row{Gap: 2, GapErr: 1, WinGap: 0.03, WinGapErr: 0.001}
	assert.Equal(t, AsGood, grade(&row, false, false).Kind)
}

// TestRankedGradesNeverRise: the table lists the best, then the rows
// as good as it, then the others by grade: a row "≈ best" within its
// (wide) error is never listed under an inaccuracy whose mean is higher
// (narrow error), and the line over the table says so.
func TestRankedGradesNeverRise(t *testing.T) {
	for _, byWin := range []bool{false, true} {
		row := func(k rules.Kind, mean, win float64, v VerdictKind) Row {
			r := optRow(rules.Action{Kind: k}, mean, win, 0)
			r.Verdict.Kind = v
			return r
		}
		an := Analysis{ByWin: byWin, Samples: 10, Players: 2, Rows: []Row{
			row(rules.Pass, 10, 0.60, Best),
			row(rules.Take, 5, 0.59, Inaccuracy), // 5 ± 1 behind
			row(rules.Schmeiss, 4, 0.58, AsGood), // 6 ± 5 behind
			row(rules.Take, -20, 0.40, Blunder),
			row(rules.Schmeiss, -10, 0.45, Mistake),
		}}
		assert.Equal(t, []int{0, 2, 1, 4, 3}, an.Ranked(), "byWin %v", byWin)
		assert.Contains(t, an.Ranking(), "Those as good as the best come first, then by grade.")
		ranked, at := an.InRankOrder(1)
		assert.Equal(t, 2, at)
		for i := 2; i < len(ranked.Rows); i++ {
			assert.LessOrEqual(t, ranked.Rows[i-1].Verdict.Kind, ranked.Rows[i].Verdict.Kind)
		}
		// In the order of the measure the line says it alone.
		an.Rows[2].Verdict.Kind = Inaccuracy
		assert.NotContains(t, an.Ranking(), "then by grade")
	}
}

// TestReasonSaysTheGamesEndgame: the reason says what applies to the
// game: within 200 points of a target of 500, but in a game to 200 or
// less the chance to win decides every deal, the first one too.
func TestReasonSaysTheGamesEndgame(t *testing.T) {
	other := Row{Result: eval.Result{Action: rules.PassAction(), Mean: -56.3, Win: 0.038}, Gap: 66.3, GapErr: 4, WinGap: 0.010, WinGapErr: 0.002}
	other.Verdict = grade(&other, true, false)
	an := Analysis{Rows: []Row{{Result: eval.Result{Action: rules.Action{Kind: rules.Take}, Mean: 10, Win: 0.048}}, other},
		ByWin: true, Samples: 10, Paired: true}
	for _, c := range []struct {
		target int
		want   string
	}{
		{0, "Within 200 points of the target the chance to win the game decides: "},
		{500, "Within 200 points of the target the chance to win the game decides: "},
		{201, "Within 200 points of the target the chance to win the game decides: "},
		{200, "In a game to 200 the chance to win the game decides every deal: "},
		{60, "In a game to 60 the chance to win the game decides every deal: "},
	} {
		an.Target = c.target
		r := an.Reason(false)
		require.NotEmpty(t, r)
		assert.True(t, strings.HasPrefix(r[0], c.want), "target %d: %q", c.target, r[0])
	}
}

// TestLevelChancesShowThePoints: near the end of a game two options
// whose chances to win tie (92.5% each, within 0.5%) are told apart by
// the points, as the reason says ("the same within 0.5%, so the points
// do, and refusing scores 3.8 points more"): the verdict column writes
// the gap in points, not "0.0 ± 0.4% win". A chance below the top by
// more than 0.5% ranked the row: that gap is the one written.
func TestLevelChancesShowThePoints(t *testing.T) {
	_, v := firstDrill(t, 2, OnlyRound1, "players=2")
	analyse := func(winGap, winErr float64) Analysis {
		t.Helper()
		return bestFirst(t, &v, eval.Evaluation{Samples: 200, Weight: 200, ByWin: true, Paired: true},
			eval.Result{Mean: 3.8, StdErr: 4.1, Win: 0.925},
			eval.Result{Mean: 0, StdErr: 4.1, Win: 0.925 - winGap, Gap: 3.8, GapErr: 1.5, WinGap: winGap, WinGapErr: winErr})
	}
	an := analyse(-0.0001, 0.002)
	other := an.Rows[1].Verdict
	require.Equal(t, AsGood, other.Kind)
	assert.False(t, other.ByWin)
	assert.Equal(t, "≈ best: -3.8 ± 1.5 pts", other.Column())
	assert.Equal(t, "as good as the best: behind it by 3.8 ± 1.5 points, less than 4 points", other.Text())
	assert.Contains(t, strings.Join(an.Reason(false), " "), "so the points do")

	// Behind the top by more than 0.5%, within the error: the chance
	// ranked it, and its gap is written.
	an = analyse(0.0051, 0.003)
	other = an.Rows[1].Verdict
	require.Equal(t, AsGood, other.Kind)
	assert.True(t, other.ByWin)
	assert.Contains(t, other.Column(), "% win")
}
