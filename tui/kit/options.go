package kit

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// OptionLabel names an option of a decision as the screens list it
// (drill.Label), a card given drawn as the screen draws cards.
func OptionLabel(ctx *Context, a rules.Action) string {
	if a.Kind == rules.Give {
		return "give " + ctx.Paint.StyledCard(a.Card)
	}
	return drill.Label(a, ctx.ASCII)
}

// AnalysisLabel names the options of an analysis for its table, the
// hint's at the table and the trainer's alike: OptionLabel, but a suit
// named is its name alone ("hearts", "no trumps", the word the menu
// gives it beside its symbol) and a pass that declines a declaration is
// "no shlomo", as the menu offered it.
func AnalysisLabel(ctx *Context, an *drill.Analysis) func(rules.Action) string {
	actions := make([]rules.Action, len(an.Rows))
	for i, r := range an.Rows {
		actions[i] = r.Action
	}
	declined := Declined(actions)
	return func(a rules.Action) string {
		switch {
		case a.Kind == rules.Name:
			return a.Suit.Name()
		case a.Kind == rules.Pass && declined != rules.NoAction:
			return "no " + rules.Action{Kind: declined}.Words()
		}
		return OptionLabel(ctx, a)
	}
}

// AnalysisTable is the table of an analysis, with row chosen marked (-1
// for none): the trainer's verdict and the hint at the table show it.
func AnalysisTable(ctx *Context, an *drill.Analysis, chosen int) []string {
	return AnalysisTableWith(ctx, an, chosen, AnalysisLabel(ctx, an))
}

// AnalysisTableWith lays out every option, named by label: its expected
// score difference with the error, the chance of bete and of winning
// the game, and its verdict. The chosen row is marked with the cursor
// and "you", the best with "best", so no colour is needed to read it.
// In a window (ctx.Width) too narrow for the widest row, the labels give
// way rather than the verdicts, so that the chosen row keeps "← you": a
// label is cut (with the screen's Ellipsis).
func AnalysisTableWith(ctx *Context, an *drill.Analysis, chosen int, label func(rules.Action) string) []string {
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	pm, approx := "±", "≈"
	if ctx.ASCII {
		pm, approx = "+-", "~"
	}
	// The score diff's column: "-100.5 ± 10.5", wider by "+-".
	dw := 12 + WidthOf(pm)
	lw := len("option")
	for _, r := range an.Rows {
		lw = max(lw, WidthOf(label(r.Action)))
	}
	// Each verdict with the gap and its error where they were measured
	// (drill.Verdict.Column: what the grade compares), when its row then
	// fits without cutting its label; else the short verdict (the line
	// above the table says the chosen row's gap and error in any case).
	// Every row is 1+2+lw+2+dw+2+bw+2+ww+sep cells before its verdict:
	// bw and ww the bete's and the win's columns, sep 3.
	sep, bw, ww, winHead := 3, 5, 8, "win game"
	over := func(v string) int {
		if ctx.ASCII {
			v = ASCIIText(v) // as the App writes it: "<- you"
		}
		return 1 + 2 + lw + 2 + dw + 2 + bw + 2 + ww + sep + WidthOf(v) - ctx.Width
	}
	type form struct{ verdict, you string }
	// The score diff's parts at their widest: "-100.5" and "10.5".
	// Where a row's whole verdict needs the room, the figures and the
	// bete give up their blank padding; the headings and the spaces
	// between the columns stay, so that every drill's table reads alike
	// and a crowded one's verdicts give way instead.
	mw, ew := 6, 4
	for j, r := range an.Rows {
		long := r.Verdict.Column()
		if r.Verdict.Kind == drill.Best {
			long = "best · hard bot"
		}
		if j == chosen {
			long += "  ← you"
		}
		if ctx.Width > 0 && over(long) > 0 {
			mw, ew, bw = 0, 0, len("bete")
			for _, r := range an.Rows {
				mw = max(mw, len(r.MeanText()))
				ew = max(ew, len(fmt.Sprintf("%.1f", r.StdErr)))
				bw = max(bw, WidthOf(drill.Percent(r.Bete)))
			}
			dw = max(len("score diff"), mw+2+WidthOf(pm)+ew)
			break
		}
	}
	// The chosen row keeps "← you" whole, two spaces after its verdict,
	// and its verdict word (a mistake is named where it is made), its
	// gap and error as the others do where it can, the other rows'
	// longer labels cut to make room where its own stays whole; else the
	// short verdict (the line above the table says the error); narrower
	// still, the labels are cut.
	verdicts := make([]string, len(an.Rows))
	yours := make([]string, len(an.Rows))
	words := strings.NewReplacer("≈", approx, "±", pm)
	for j, r := range an.Rows {
		long, short := r.Verdict.Column(), r.Verdict.Short()
		if r.Verdict.Kind == drill.Best {
			long, short = "best · hard bot", "best · hard bot"
		}
		forms := []form{{long, ""}, {short, ""}}
		if j == chosen {
			// The last form stands where none fits, the labels cut.
			forms = []form{{long, "  ← you"}, {short, "  ← you"}}
		}
		// Room the labels can give this row: the cells of the longest
		// beyond its own label (and the heading's "option").
		spare := 0
		if j == chosen {
			spare = max(0, lw-max(len("option"), WidthOf(label(r.Action))))
		}
		for _, f := range forms {
			verdicts[j], yours[j] = words.Replace(f.verdict), f.you
			if ctx.Width <= 0 || over(verdicts[j]+yours[j]) <= spare {
				break
			}
			spare = 0
		}
	}
	if ctx.Width > 0 {
		for j, v := range verdicts {
			if o := over(v + yours[j]); o > 0 {
				lw = max(len("option"), lw-o)
			}
		}
	}
	head := fmt.Sprintf("   %-*s  %*s  %*s  %*s%*s%s", lw, "option", dw, "score diff", bw, "bete", ww, winHead, sep, "", "verdict")
	out := []string{st.Dim.Render(head)}
	for j, r := range an.Rows {
		mark := "  "
		if j == chosen {
			mark = st.Selected.Render(g.Cursor) + " "
		}
		// The figures as drill chose them: each verdict's gap is their
		// difference.
		diff := fmt.Sprintf("%*s %s %*.1f", mw, r.MeanText(), pm, ew, r.StdErr)
		verdict := verdicts[j]
		switch r.Verdict.Kind {
		case drill.Best, drill.AsGood:
			verdict = st.Good.Render(verdict)
		default:
			verdict = st.Bad.Render(verdict)
		}
		verdict += yours[j]
		name := label(r.Action)
		if WidthOf(name) > lw {
			name = ansi.TruncateWc(name, lw, ctx.Ellipsis())
		}
		name = Fit(name, lw)
		out = append(out, fmt.Sprintf(" %s%s  %*s  %*s  %*s%*s%s", mark, name, dw, diff,
			bw, drill.Percent(r.Bete), ww, r.WinText(), sep, "", verdict))
	}
	return out
}
