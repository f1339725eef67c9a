package tui

import (
	"fmt"

	"github.com/klob/klob/rules"
)

// scorePad is the running score: one row per finished deal with what
// each player scored and how the deal went, and the totals. When the
// rows do not fit in h lines the oldest give way.
func scorePad(ctx *screenCtx, g padScores, me rules.Seat, oppName string, w, h int) []string {
	st := &ctx.Styles
	// A narrow pad (80 columns) tightens the columns so the outcome
	// ("made", "bete", "thrown in" as "thrown") stays readable.
	narrow := w < 28
	row := func(a, b, c, d string) string {
		if narrow {
			if d == "thrown in" {
				d = "thrown"
			}
			return fit(fmt.Sprintf("%4s %5s %5s %s", a, b, c, d), w)
		}
		return fit(fmt.Sprintf("%4s %6s %6s  %s", a, b, c, d), w)
	}
	out := []string{
		st.Heading.Render(fit(fmt.Sprintf("Score (game to %d)", g.target), w)),
		st.Dim.Render(row("deal", "you ", clip(lowerName(oppName), 5)+" ", "")),
	}
	recs := g.scores
	opp := me.Other()
	room := max(1, h-4)
	first := 0
	if len(recs) > room {
		first = len(recs) - room + 1
		out = append(out, st.Dim.Render(row("…", "", "", "")))
	}
	for i := first; i < len(recs); i++ {
		sc := recs[i]
		if sc.Outcome == rules.Abandoned {
			out = append(out, row(fmt.Sprint(i+1), "- ", "- ", "thrown in"))
			continue
		}
		// The maker's column carries a star.
		pts := [2]string{fmt.Sprint(sc.Scored[0]), fmt.Sprint(sc.Scored[1])}
		pts[sc.Maker] += "*"
		pts[sc.Maker.Other()] += " "
		out = append(out, row(fmt.Sprint(i+1), pts[me], pts[opp], sc.Outcome.String()))
	}
	tot := g.totals
	out = append(out, st.Heading.Render(row("sum", fmt.Sprint(tot[me])+" ", fmt.Sprint(tot[opp])+" ", "")))
	if len(recs) > 0 {
		out = append(out, st.Dim.Render(fit(" * maker", w)))
	}
	return out
}
