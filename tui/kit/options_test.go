package kit

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// wideAnalysis is a take chosen over a pass (the chosen row second),
// with labels too wide for 80 columns beside the verdicts.
func wideAnalysis() (*drill.Analysis, func(rules.Action) string) {
	pass, take := rules.Action{Kind: rules.Pass}, rules.Action{Kind: rules.Take}
	an := &drill.Analysis{Rows: []drill.Row{
		{Result: eval.Result{Action: take, Mean: 12.5, StdErr: 1.5, Bete: 0.1, Win: 0.4}, Verdict: drill.Verdict{Kind: drill.Best}},
		{Result: eval.Result{Action: pass, Mean: -100.5, StdErr: 10.5, Bete: 0.02, Win: 0.373},
			Verdict: drill.Verdict{Kind: drill.Inaccuracy, Points: 113}},
	}}
	label := func(a rules.Action) string {
		if a.Kind == rules.Pass {
			return "pass and leave it to the others"
		}
		return "take it as trump"
	}
	return an, label
}

// TestAnalysisTableKeepsYou: with labels and a verdict too wide for the
// window together, the chosen row still ends with "← you" inside the
// window: the labels are cut with "…", the verdicts are whole.
func TestAnalysisTableKeepsYou(t *testing.T) {
	ctx := NewContext(false)
	ctx.Width = 80
	an, label := wideAnalysis()
	for _, w := range []int{80, 100} {
		ctx.Width = w
		rows := AnalysisTableWith(&ctx, an, 1, label)
		for _, r := range rows {
			if WidthOf(r) > w {
				t.Errorf("%d columns: a row of %d cells: %q", w, WidthOf(r), ansi.Strip(r))
			}
		}
		you := ansi.Strip(rows[2])
		if !strings.HasSuffix(you, "inaccuracy: -113.0 pts  ← you") {
			t.Errorf("%d columns: the chosen row reads %q", w, you)
		}
		if cut := strings.Contains(you, "…"); cut != (w == 80) {
			t.Errorf("%d columns: the label cut %v: %q", w, cut, you)
		}
	}
}

// TestAnalysisTableASCII: under -ascii a cut label ends in "..." itself,
// so that once the App writes the screen in ASCII the rows still fit
// the window and keep "<- you" ("…" would grow two cells there).
func TestAnalysisTableASCII(t *testing.T) {
	ctx := NewContext(true)
	ctx.Width = 80
	an, label := wideAnalysis()
	rows := AnalysisTableWith(&ctx, an, 1, label)
	for _, r := range rows {
		if shown := ASCIIText(ansi.Strip(r)); WidthOf(shown) > 80 {
			t.Errorf("a row of %d cells under -ascii: %q", WidthOf(shown), shown)
		}
	}
	if you := ASCIIText(ansi.Strip(rows[2])); !strings.Contains(you, "...") || !strings.HasSuffix(you, "<- you") {
		t.Errorf("the chosen row reads %q", you)
	}
}
