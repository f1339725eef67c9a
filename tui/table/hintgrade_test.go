package table

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// TestHintGradesAsTheAnalysis: at 2, 3 and 4 players, the hint's table
// grades every option of a decision from the hard bot's evaluation by
// the rule of the trainer and the analysis: as good as the best when
// its gap is within 2 standard errors of the paired difference eval
// measured over its samples, else by the scale (near the end, a choice
// as likely to win that clearly gives away points is graded by them).
// Each verdict is written with that gap and error ("± "), and every row
// fits 80 columns.
func TestHintGradesAsTheAnalysis(t *testing.T) {
	ctx := kit.NewContext(false)
	evaluator := eval.New()
	views, samples := 12, 24
	if testing.Short() {
		views, samples = 6, 16
	}
	// The verdict the rule gives, computed here from the evaluation.
	want := func(best, r eval.Result, byWin bool) drill.VerdictKind {
		gap, winGap := best.Mean-r.Mean, best.Win-r.Win
		kind := drill.AsGood
		switch {
		case byWin && winGap > 2*r.WinGapErr:
			kind = drill.GradeLoss(winGap, true)
		case !byWin && gap > 2*r.GapErr:
			kind = drill.GradeLoss(gap, false)
		}
		if byWin && !kind.Wrong() && gap > 2*r.GapErr && drill.GradeLoss(gap, false).Wrong() {
			kind = drill.GradeLoss(gap, false)
		}
		return kind
	}
	graded := map[drill.VerdictKind]int{}
	for _, n := range []int{2, 3, 4} {
		for i, v := range decisionViews(t, n, views) {
			ev, err := evaluator.Evaluate(context.Background(), &v, eval.Options{Samples: samples, Seed: uint64(i + 1), Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			an, err := drill.FromEval(&v, ev)
			if err != nil {
				t.Fatal(err)
			}
			if !an.Paired || an.Best != ev.Best {
				t.Fatalf("%d players: the hint's analysis is not paired (%v) or its best %d is not eval's %d", n, an.Paired, an.Best, ev.Best)
			}
			ranked, _ := an.InRankOrder(-1)
			lines, _ := hintWindow(&ctx, &v, ev, rules.NoCard, 80, -1, 0)
			var verdicts []string
			for _, l := range lines {
				l = ansi.Strip(l)
				if ansi.StringWidth(l) > 80 {
					t.Fatalf("%d players: a line of %d cells: %q", n, ansi.StringWidth(l), l)
				}
				if m := hintRow.FindStringSubmatch(l); m != nil {
					verdicts = append(verdicts, m[3])
				}
			}
			if len(verdicts) != len(ranked.Rows) {
				t.Fatalf("%d players: %d rows for %d options:\n%s", n, len(verdicts), len(ranked.Rows), strings.Join(lines, "\n"))
			}
			for j, row := range ranked.Rows {
				if row.Verdict.Kind == drill.Best {
					continue
				}
				k := -1
				for x, a := range v.Legal() {
					if a == row.Action {
						k = x
					}
				}
				w := want(ev.Results[ev.Best], ev.Results[k], ev.ByWin)
				if row.Verdict.Kind != w {
					t.Errorf("%d players, %s: the hint grades %v, the rule %v (%+v)", n, row.Action, row.Verdict.Kind, w, ev.Results[k])
				}
				name := w.String()
				if w == drill.AsGood {
					name = "≈ best"
				}
				if !strings.HasPrefix(verdicts[j], name+": ") || !strings.Contains(verdicts[j], " ± ") {
					t.Errorf("%d players, %s: the verdict %q, want %s with its gap and error", n, row.Action, verdicts[j], name)
				}
				graded[w]++
			}
		}
	}
	if graded[drill.AsGood] == 0 || graded[drill.Inaccuracy]+graded[drill.Mistake]+graded[drill.Blunder] == 0 {
		t.Fatalf("verdicts checked: %v; want some as good and some wrong", graded)
	}
	t.Logf("verdicts checked: %v", graded)
}
