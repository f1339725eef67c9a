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

// TestAnalysisTableKeepsYouWhole: your row ends with "← you" whole at
// 80 columns where its verdict and the widest label leave no room for
// both: the play-tester's round two of three, "name diamonds" the
// widest label beside "blunder: -4.8 ± 1.7% win", read "... win ←". The
// gap and its error stay, and the verdict word: the columns before it
// give up their spare cells.
func TestAnalysisTableKeepsYouWhole(t *testing.T) {
	row := func(a rules.Action, mean, win float64, v drill.Verdict) drill.Row {
		return drill.Row{Result: eval.Result{Action: a, Mean: mean, StdErr: 2.6, Bete: 0.5, Win: win}, Verdict: v}
	}
	wrong := func(gap, err float64) drill.Verdict {
		return drill.Verdict{Kind: drill.Blunder, ByWin: true, Gap: gap, Err: err, Measured: true}
	}
	an := &drill.Analysis{ByWin: true, Rows: []drill.Row{
		row(rules.NameAction(rules.Hearts), -6.2, 0.423, drill.Verdict{Kind: drill.Best}),
		row(rules.PassAction(), 0, 0.375, wrong(0.048, 0.017)),
		row(rules.NameAction(rules.Diamonds), -49.1, 0.172, wrong(0.251, 0.022)),
		row(rules.NameAction(rules.Spades), -78.3, 0.05, wrong(0.373, 0.016)),
	}}
	for _, ascii := range []bool{false, true} {
		ctx := NewContext(ascii)
		ctx.Width = 80
		rows := AnalysisTable(&ctx, an, 1)
		you := ansi.Strip(rows[2])
		if ascii {
			you = ASCIIText(you)
		}
		mark, gap := "← you", "-4.8 ± 1.7% win"
		if ascii {
			mark, gap = "<- you", "-4.8 +- 1.7% win"
		}
		if !strings.HasSuffix(you, " "+mark) || !strings.Contains(you, "blunder: "+gap) || WidthOf(you) > 80 {
			t.Errorf("ascii %v: your row reads %q (%d cells)", ascii, you, WidthOf(you))
		}
		if strings.Contains(you, "…") || strings.Contains(you, "...") {
			t.Errorf("ascii %v: a label cut where the verdict word could give way: %q", ascii, you)
		}
	}
}

// TestAnalysisTableKeepsYourVerdictWord: your row keeps its verdict word
// at 80 columns beside the longest labels ("name no trumps") and a
// verdict in points, the other rows keeping theirs, in both glyph sets.
func TestAnalysisTableKeepsYourVerdictWord(t *testing.T) {
	row := func(a rules.Action, mean float64, v drill.Verdict) drill.Row {
		return drill.Row{Result: eval.Result{Action: a, Mean: mean, StdErr: 5.4, Bete: 0.58, Win: 0.433}, Verdict: v}
	}
	wrong := func(k drill.VerdictKind, gap, pts float64) drill.Verdict {
		return drill.Verdict{Kind: k, Gap: gap, Err: 4.7, Points: pts, Measured: true}
	}
	an := &drill.Analysis{Rows: []drill.Row{
		row(rules.NameAction(rules.Clubs), 50.7, drill.Verdict{Kind: drill.Best}),
		row(rules.NameAction(rules.Diamonds), 35.2, wrong(drill.Mistake, 15.5, 15.5)),
		row(rules.NameAction(rules.NoTrumps), -42.4, wrong(drill.Blunder, 93.1, 93.1)),
		row(rules.PassAction(), -110.4, wrong(drill.Blunder, 161.1, 161.1)),
	}}
	for _, ascii := range []bool{false, true} {
		ctx := NewContext(ascii)
		ctx.Width = 80
		rows := AnalysisTableWith(&ctx, an, 2, func(a rules.Action) string { return OptionLabel(&ctx, a) })
		text := func(r string) string {
			if ascii {
				return ASCIIText(ansi.Strip(r)) // as the App writes it
			}
			return ansi.Strip(r)
		}
		for i, r := range rows[1:] {
			got := text(r)
			if WidthOf(got) > 80 {
				t.Errorf("ascii %v: row %d is %d cells: %q", ascii, i, WidthOf(got), got)
			}
			if i > 0 && !strings.Contains(got, "blunder: ") && !strings.Contains(got, "mistake: ") {
				t.Errorf("ascii %v: row %d has no verdict word: %q", ascii, i, got)
			}
		}
		you := text(rows[3])
		if !strings.Contains(you, "no trumps") || !strings.Contains(you, "blunder: -93.1") || !strings.HasSuffix(ASCIIText(you), "<- you") {
			t.Errorf("ascii %v: your row reads %q", ascii, you)
		}
	}
}

// TestAnalysisTableKeepsItsLayout: a crowded drill's table (a long
// label and a long verdict on your row) keeps the heading every table
// has, "bete  win game   verdict", and two spaces before "← you": the
// rows give way (other rows' labels, then your verdict's error), never
// the columns.
func TestAnalysisTableKeepsItsLayout(t *testing.T) {
	row := func(a rules.Action, mean, win float64, v drill.Verdict) drill.Row {
		return drill.Row{Result: eval.Result{Action: a, Mean: mean, StdErr: 1.5, Bete: 0.71, Win: win}, Verdict: v}
	}
	wrong := func(gap, err float64) drill.Verdict {
		return drill.Verdict{Kind: drill.Blunder, ByWin: true, Gap: gap, Err: err, Win: gap, Measured: true}
	}
	an := &drill.Analysis{ByWin: true, Rows: []drill.Row{
		row(rules.PassAction(), -14.8, 0.559, drill.Verdict{Kind: drill.Best}),
		row(rules.NameAction(rules.Diamonds), -42.8, 0.437, wrong(0.122, 0.018)),
		row(rules.NameAction(rules.Hearts), -69.3, 0.305, wrong(0.254, 0.011)),
		row(rules.NameAction(rules.Clubs), -71.6, 0.298, wrong(0.261, 0.009)),
	}}
	for _, chosen := range []int{1, 3} {
		ctx := NewContext(false)
		ctx.Width = 80
		rows := AnalysisTableWith(&ctx, an, chosen, func(a rules.Action) string { return OptionLabel(&ctx, a) })
		if head := ansi.Strip(rows[0]); !strings.HasSuffix(head, "bete  win game   verdict") {
			t.Errorf("chosen %d: the heading reads %q", chosen, head)
		}
		you := ansi.Strip(rows[1+chosen])
		if !strings.HasSuffix(you, "  ← you") || WidthOf(you) > 80 {
			t.Errorf("chosen %d: your row reads %q", chosen, you)
		}
	}
}

// TestAnalysisTableNamesSuitsWhole: the four-player round two of the
// play-tester (pass chosen, a blunder in the chance to win, beside four
// suits named) leaves the labels 10 cells at 80 columns: the suits are
// written by their names ("hearts", "no trumps"), never cut to "name
// he…", and your row stays whole, in both glyph sets. In 120 columns,
// where "name hearts" would fit, the suits read the same: the table
// (the hint's at the table, the trainer's) names them one way.
func TestAnalysisTableNamesSuitsWhole(t *testing.T) {
	row := func(a rules.Action, mean, err, bete, win float64, v drill.Verdict) drill.Row {
		return drill.Row{Result: eval.Result{Action: a, Mean: mean, StdErr: err, Bete: bete, Win: win}, Verdict: v}
	}
	wrong := func(gap, err float64) drill.Verdict {
		return drill.Verdict{Kind: drill.Blunder, ByWin: true, Gap: gap, Err: err, Measured: true}
	}
	an := &drill.Analysis{ByWin: true, Rows: []drill.Row{
		row(rules.NameAction(rules.Hearts), 41.1, 4.2, 0.12, 0.934, drill.Verdict{Kind: drill.Best}),
		row(rules.PassAction(), 0.5, 3.5, 0.04, 0.892, wrong(0.042, 0.006)),
		row(rules.NameAction(rules.NoTrumps), -56.5, 4.3, 0.5, 0.828, wrong(0.106, 0.008)),
		row(rules.NameAction(rules.Spades), -71.9, 5.4, 0.51, 0.793, wrong(0.141, 0.011)),
		row(rules.NameAction(rules.Diamonds), -123.3, 4.9, 0.74, 0.719, wrong(0.215, 0.006)),
	}}
	for _, c := range []struct {
		ascii bool
		width int
	}{{false, 80}, {true, 80}, {false, 120}, {true, 120}} {
		ascii := c.ascii
		ctx := NewContext(ascii)
		ctx.Width = c.width
		rows := AnalysisTable(&ctx, an, 1)
		var all []string
		for _, r := range rows {
			text := ansi.Strip(r)
			if ascii {
				text = ASCIIText(text)
			}
			if WidthOf(text) > c.width {
				t.Errorf("ascii %v: a row of %d cells: %q", ascii, WidthOf(text), text)
			}
			if strings.Contains(text, "…") || strings.Contains(text, "...") {
				t.Errorf("ascii %v: a label cut: %q", ascii, text)
			}
			all = append(all, text)
		}
		for _, want := range []string{" hearts ", " no trumps ", " spades ", " diamonds ", " pass "} {
			if !strings.Contains(strings.Join(all, "\n"), want) {
				t.Errorf("ascii %v: no %q in\n%s", ascii, want, strings.Join(all, "\n"))
			}
		}
		// Every suit named alike: not "name hearts" beside "no trumps".
		if strings.Contains(strings.Join(all, "\n"), "name ") {
			t.Errorf("ascii %v: some suits named with \"name\", some not:\n%s", ascii, strings.Join(all, "\n"))
		}
		mark := "← you"
		if ascii {
			mark = "<- you"
		}
		if !strings.HasSuffix(all[2], mark) || !strings.Contains(all[2], "blunder") {
			t.Errorf("ascii %v: your row reads %q", ascii, all[2])
		}
	}
}

// TestAnalysisTableNamesDeclined: a pass that declines a declaration is
// named in the table as the menu names it ("no shlomo", "no
// cleopatra"), for the hint at the table as for the trainer; a pass in
// the bidding stays "pass".
func TestAnalysisTableNamesDeclined(t *testing.T) {
	ctx := NewContext(false)
	ctx.Width = 80
	pass := rules.Action{Kind: rules.Pass}
	for _, c := range []struct {
		other rules.Action
		want  string
	}{
		{rules.Action{Kind: rules.Shlomo}, "no shlomo"},
		{rules.Action{Kind: rules.Cleopatra}, "no cleopatra"},
		{rules.Action{Kind: rules.Take}, "pass"},
	} {
		an := &drill.Analysis{Rows: []drill.Row{
			{Result: eval.Result{Action: c.other, Mean: 4}, Verdict: drill.Verdict{Kind: drill.Best}},
			{Result: eval.Result{Action: pass, Mean: -1}, Verdict: drill.Verdict{Kind: drill.AsGood}},
		}}
		rows := AnalysisTable(&ctx, an, -1)
		if got := strings.Fields(ansi.Strip(rows[2])); len(got) < 2 || strings.Join(got[:2], " ") != c.want && got[0] != c.want {
			t.Errorf("beside %v the pass reads %q, want %q", c.other, ansi.Strip(rows[2]), c.want)
		}
	}
}
