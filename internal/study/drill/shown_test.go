package drill

import (
	"context"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// randomBatch is a stand-in evaluation with values drawn from seed: each
// option's mean and chance to win a step behind the top one, the steps
// often a hair either side of a line of the scale, and the figures a
// hair either side of a half tenth, so that rounding each figure on its
// own would often write a gap a tenth off its figures. Each batch strays
// from the values by its own noise.
func randomBatch(seed uint64, byWin bool) BatchFunc {
	return func(ctx context.Context, v *rules.View, p Plan, k int) (eval.Evaluation, error) {
		rng := rand.New(rand.NewPCG(seed, 0))
		noise := rand.New(rand.NewPCG(seed, uint64(k)+1))
		o := p.Batch(k)
		ev := eval.Evaluation{Samples: o.Samples, Weight: float64(o.Samples), ByWin: byWin}
		near := func(lines []float64, unit float64) float64 {
			switch rng.IntN(3) {
			case 0:
				return lines[rng.IntN(len(lines))] + (rng.Float64()*2-1)*unit
			case 1:
				return rng.Float64() * 60 * unit
			}
			return (float64(rng.IntN(400)) + 0.5 + (rng.Float64()*2-1)*0.02) * unit / 10
		}
		top := (rng.Float64()*2 - 1) * 120
		topWin := []float64{rng.Float64(), rng.Float64() * 0.002, 1 - rng.Float64()*0.002, 0, 1}[rng.IntN(5)]
		spread, winSpread := []float64{0, 0.02, 1, 6}[rng.IntN(4)], []float64{0, 0.0002, 0.002}[rng.IntN(3)]
		for _, a := range v.Legal() {
			mean := top - near([]float64{0, InaccuracyAt, MistakeAt, BlunderAt}, 0.15)
			win := topWin - near([]float64{0, WinInaccuracyAt, WinMistakeAt, WinBlunderAt}, 0.0015)
			if rng.IntN(4) == 0 {
				win = []float64{0, 1, rng.Float64() * 0.001, 1 - rng.Float64()*0.001}[rng.IntN(4)]
			}
			mean += noise.NormFloat64() * spread
			win = min(1, max(0, win+noise.NormFloat64()*winSpread))
			ev.Results = append(ev.Results, eval.Result{Action: a, Mean: mean, StdErr: spread + 0.5, Win: win,
				Bete: rng.Float64() * 0.3})
		}
		return ev, nil
	}
}

var (
	// A row of the report's table: the label, the mean, the chance to
	// win and the verdict.
	reportRow = regexp.MustCompile(`^(.+?)\s+([+-]?\d+\.\d) (?:±|\+-)\s+\d+\.\d\s+\S+\s+(\S+)  (.+)$`)
	// A verdict with its gap: "blunder: -6.4 ± 2.1% win", "mistake:
	// -10.0 pts".
	verdictGap = regexp.MustCompile(`: ([+-]?\d+(?:\.\d)?)%?(?: (?:±|\+-) (\d+\.\d)%?)? (pts|win)$`)
	// The verdict in words with a gap in points or a chance to win.
	costs    = regexp.MustCompile(`costs (\d+\.\d)(?: ± (\d+\.\d))? points`)
	byGap    = regexp.MustCompile(`(behind|ahead of) it by (\d+\.\d)(%?) ± (\d+\.\d)%?( of the chance to win| points)`)
	lowers   = regexp.MustCompile(`from ([<>]?\d+(?:\.\d)?%) to ([<>]?\d+(?:\.\d)?%)(?:: (\d+\.\d)% ± (\d+\.\d)%)?`)
	more     = regexp.MustCompile(`scores (\d+\.\d) points more than`)
	less     = regexp.MustCompile(`(?:and (.+) scores|It scores) (\d+\.\d) points less for this deal`)
	scoresBy = regexp.MustCompile(`and .+ scores (\d+\.\d) points more for this deal`)
	winsThe  = regexp.MustCompile(`wins it ([<>]?\d+(?:\.\d)?%) of the time, .+? ([<>]?\d+(?:\.\d)?%)[.,:]`)
)

// tenthsOf reads a figure as written, in tenths: "+38.2" is 382, "61.0%"
// 610, "<0.1%" 1 and ">99.9%" 999.
func tenthsOf(t *testing.T, s string) int {
	t.Helper()
	x, err := strconv.ParseFloat(strings.TrimLeft(strings.TrimSuffix(s, "%"), "<>"), 64)
	require.NoError(t, err, "%q", s)
	return int(math.Round(x * 10))
}

// TestShownGapsAgree: over many decisions at every seat count, with
// random evaluations of one batch (the hint), a few (unmeasured) and
// twenty (the trainer), every gap the report, the verdicts and the
// reason write is the difference of the figures the table writes beside
// it: the means in points, the chances to win in percent. A wrong
// choice's gap lies in its grade's band of the scale, and a measured
// one's error on its side of the line; every figure is within a tenth
// of its value, and none puts an option above the best, or above one
// ranked before it by its mean, that its value is not above.
func TestShownGapsAgree(t *testing.T) {
	checked, nudged := map[string]int{}, 0
	for _, rs := range []string{"players=2", "players=3", "players=4"} {
		g, err := NewGenerator(5, Any, opts(t, rs))
		require.NoError(t, err)
		for n := range 300 {
			s, v := nextView(t, g)
			seed := uint64(n)<<8 | uint64(s.Players())
			samples := []int{1, 3, 4, 7, 100}[n%5]
			an, err := EvaluateWith(context.Background(), randomBatch(seed, n%3 == 0), &v, Options{Samples: samples, Seed: seed})
			require.NoError(t, err)
			var b strings.Builder
			require.NoError(t, WriteReport(&b, Request{Situation: s, Seed: seed}, &an, n%2 == 1))
			report := b.String()
			// The table's figures, row by row in rank order.
			var means, wins, verdicts []string
			for _, l := range strings.Split(report, "\n") {
				if m := reportRow.FindStringSubmatch(l); m != nil {
					means, wins, verdicts = append(means, m[2]), append(wins, m[3]), append(verdicts, m[4])
				}
			}
			order := an.Ranked()
			require.Len(t, means, len(order), "%s:\n%s", s, report)
			fig := map[int][2]int{} // row index: mean, win in tenths
			for i, j := range order {
				fig[j] = [2]int{tenthsOf(t, means[i]), tenthsOf(t, wins[i])}
				r := an.Rows[j]
				d := math.Abs(float64(fig[j][0]) - r.Mean*10)
				require.Less(t, d, 1.0, "%s: %s's mean %v written %s", s, r.Action, r.Mean, means[i])
				if d > 0.5+1e-9 {
					nudged++
				}
				if wins[i] != "<0.1%" && wins[i] != ">99.9%" {
					require.Less(t, math.Abs(float64(fig[j][1])-r.Win*1000), 1.0, "%s: %s's chance %v written %s", s, r.Action, r.Win, wins[i])
				}
			}
			best := fig[an.Best]
			// No figure puts an option above the best, or above one it
			// is ranked below by its mean, where its value is not.
			for i, j := range order {
				r, b := an.Rows[j], an.Rows[an.Best]
				if r.Mean <= b.Mean && fig[j][0] > best[0] || r.Win <= b.Win && fig[j][1] > best[1] {
					t.Errorf("%s: %s written above the best (%v, %v; %v, %v):\n%s", s, r.Action, fig[j], best, [2]float64{r.Mean, r.Win}, [2]float64{b.Mean, b.Win}, report)
				}
				if i > 0 && !an.ByWin && fig[j][0] > fig[order[i-1]][0] {
					t.Errorf("%s: %s written above %s:\n%s", s, r.Action, an.Rows[order[i-1]].Action, report)
				}
			}
			gapOf := func(j int, byWin bool) int {
				if byWin {
					return best[1] - fig[j][1]
				}
				return best[0] - fig[j][0]
			}
			for i, j := range order {
				r := an.Rows[j]
				v := r.Verdict
				if v.Kind == Best {
					continue
				}
				what := func(w string) string {
					return s.String() + "\n" + r.Action.String() + ": " + w + "\n" + report
				}
				want := gapOf(j, v.ByWin)
				// The table's verdict, and both forms a screen may take.
				for _, w := range []string{verdicts[i], v.Column(), v.Short()} {
					m := verdictGap.FindStringSubmatch(w)
					if m == nil {
						require.Contains(t, []string{"≈ best", "~ best"}, w, what(w))
						continue
					}
					checked["verdict"]++
					require.Equal(t, m[3] == "win", v.ByWin, what(w))
					require.Equal(t, want, -tenthsOf(t, m[1]), what(w))
					if v.Kind.Wrong() {
						require.Equal(t, v.Kind, GradeLoss(float64(want)/map[bool]float64{false: 10, true: 1000}[v.ByWin], v.ByWin), what(w))
					}
					if m[2] != "" {
						e := tenthsOf(t, m[2])
						require.Equal(t, v.Gap > z*v.Err, want > z*e, what(w))
					}
				}
				// The verdict in words, above the trainer's table.
				w := v.Text()
				if m := costs.FindStringSubmatch(w); m != nil {
					checked["text"]++
					require.Equal(t, want, tenthsOf(t, m[1]), what(w))
				}
				if m := byGap.FindStringSubmatch(w); m != nil {
					checked["text"]++
					got := tenthsOf(t, m[2])
					if m[1] == "ahead of" {
						got = -got
					}
					require.Equal(t, want, got, what(w))
					require.Equal(t, m[5] == " of the chance to win", v.ByWin, what(w))
				}
				if m := lowers.FindStringSubmatch(w); m != nil {
					checked["text"]++
					require.Equal(t, [2]string{wins[0], wins[i]}, [2]string{m[1], m[2]}, what(w))
					if m[3] != "" {
						require.Equal(t, want, tenthsOf(t, m[3]), what(w))
					}
				}
			}
			// The reason weighs the best against the runner-up.
			if len(order) > 1 {
				why := strings.Join(an.Reason(false), " ")
				pts := gapOf(order[1], false)
				if m := more.FindStringSubmatch(why); m != nil {
					checked["reason"]++
					require.Equal(t, pts, tenthsOf(t, m[1]), "%s\n%s", why, report)
				}
				if m := scoresBy.FindStringSubmatch(why); m != nil {
					checked["reason"]++
					require.Equal(t, pts, tenthsOf(t, m[1]), "%s\n%s", why, report)
				}
				if m := less.FindStringSubmatch(why); m != nil {
					checked["reason"]++
					if m[1] == "" { // "It scores": the best scores less
						pts = -pts
					}
					require.Equal(t, pts, tenthsOf(t, m[2]), "%s\n%s", why, report)
				}
				if m := winsThe.FindStringSubmatch(why); m != nil {
					checked["reason"]++
					require.Equal(t, [2]string{wins[0], wins[1]}, [2]string{m[1], m[2]}, "%s\n%s", why, report)
				}
			}
		}
	}
	t.Logf("checked %v; %d means written on the far side of their tenth", checked, nudged)
	for _, k := range []string{"verdict", "text", "reason"} {
		require.Positive(t, checked[k], "no %s checked", k)
	}
}

// TestShownAtTheLines: the reviewer's example, and gaps a hair below a
// line of the scale. A gap is written as the difference of the figures
// beside it ("-75.2 pts" beside +1.2 and -74.0, not "-75.3", the gap
// 75.25 rounded on its own); where the figures rounded to the nearest
// tenth would write a gap on the next grade's side of a line ("-10.0
// pts" for an inaccuracy of 9.97), the best's figure is written on the
// other side of its tenth (0.06 as 0.0), or else the option's (-19.96
// as -19.9), and the gap keeps its grade.
func TestShownAtTheLines(t *testing.T) {
	_, v := parseView(t, "hand=JS 9S AS KH QH 7D up=8S seat=dealer said=pass score=120-260")
	legal := v.Legal()
	require.Len(t, legal, 3)
	for _, c := range []struct {
		byWin                 bool
		best, other           [2]float64 // mean, win
		bestFig, otherFig, vd string
	}{
		{false, [2]float64{1.24, 0.5}, [2]float64{-74.01, 0.5}, "+1.2", "-74.0", "blunder: -75.2 pts"},
		{false, [2]float64{0.06, 0.5}, [2]float64{-9.91, 0.5}, "0.0", "-9.9", "inaccuracy: -9.9 pts"},
		{false, [2]float64{0.03, 0.5}, [2]float64{-19.96, 0.5}, "0.0", "-19.9", "mistake: -19.9 pts"},
		{true, [2]float64{0, 0.6104}, [2]float64{0, 0.4826}, "61.0%", "48.3%", "blunder: -12.7% win"},
		{true, [2]float64{0, 0.5006}, [2]float64{0, 0.4907}, "50.0%", "49.1%", "inaccuracy: -0.9% win"},
		{true, [2]float64{0, 0.9996}, [2]float64{0, 0.9897}, ">99.9%", "99.0%", "inaccuracy: -0.9% win"},
	} {
		ev := eval.Evaluation{Samples: 100, Weight: 100, ByWin: c.byWin}
		for j, a := range legal {
			r := eval.Result{Action: a, Mean: -200}
			switch j {
			case 0:
				r.Mean, r.Win = c.best[0], c.best[1]
			case 1:
				r.Mean, r.Win = c.other[0], c.other[1]
			}
			ev.Results = append(ev.Results, r)
		}
		an, err := FromEval(&v, ev)
		require.NoError(t, err)
		require.Equal(t, 0, an.Best)
		// The figures as the table writes them, best first.
		var b strings.Builder
		require.NoError(t, writeTable(&b, &an, false))
		var figs []string
		for _, l := range strings.Split(b.String(), "\n") {
			if m := reportRow.FindStringSubmatch(l); m != nil {
				figs = append(figs, m[2])
				if c.byWin {
					figs[len(figs)-1] = m[3]
				}
			}
		}
		other := an.Rows[1]
		require.Equal(t, [3]string{c.bestFig, c.otherFig, c.vd}, [3]string{figs[0], figs[1], other.Verdict.Short()}, "%+v\n%s", c, b.String())
		loss := c.best[0] - c.other[0]
		if c.byWin {
			loss = c.best[1] - c.other[1]
		}
		require.Equal(t, GradeLoss(loss, c.byWin), other.Verdict.Kind, "the grade is the exact gap's: %+v", c)
	}
}

// TestShownKeepsTheOrder: where the best's figure is written below its
// tenth to keep a gap's grade (9.97 as 9.9, so that an option of exactly
// 0 reads an inaccuracy of 9.9, not 10.0), an option a hair below the
// best (9.96) is written 9.9 with it, not 10.0 above it: the table reads
// in its order.
func TestShownKeepsTheOrder(t *testing.T) {
	_, v := parseView(t, "hand=JS 9S AS KH QH 7D up=8S seat=dealer said=pass score=120-260")
	legal := v.Legal()
	require.Len(t, legal, 3)
	ev := eval.Evaluation{Samples: 100, Weight: 100}
	for j, mean := range []float64{9.97, 9.96, 0} {
		ev.Results = append(ev.Results, eval.Result{Action: legal[j], Mean: mean, Win: 0.5})
	}
	an, err := FromEval(&v, ev)
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, writeTable(&b, &an, false))
	var rows []string
	for _, l := range strings.Split(b.String(), "\n") {
		if m := reportRow.FindStringSubmatch(l); m != nil {
			rows = append(rows, m[2]+" "+m[4])
		}
	}
	require.Equal(t, []string{"+9.9 best", "+9.9 ≈ best", "0.0 inaccuracy: -9.9 pts"}, rows, b.String())
}
