package kit

import (
	"fmt"

	"github.com/klob/klob/rules"
)

// ScorePad is the running score: one row per finished deal with what
// each player scored and how the deal went, and the totals. When the
// rows do not fit in h lines the oldest give way.
func ScorePad(ctx *Context, g PadScores, me rules.Seat, oppName string, w, h int) []string {
	st := &ctx.Styles
	// A narrow pad (80 columns) tightens the columns so the outcome
	// ("made", "bete", "thrown in" as "thrown") stays readable.
	narrow := w < 28
	row := func(a, b, c, d string) string {
		if narrow {
			if d == "thrown in" {
				d = "thrown"
			}
			return Fit(fmt.Sprintf("%4s %5s %5s %s", a, b, c, d), w)
		}
		return Fit(fmt.Sprintf("%4s %6s %6s  %s", a, b, c, d), w)
	}
	out := []string{
		st.Heading.Render(Fit(fmt.Sprintf("Score (game to %d)", g.Target), w)),
		st.Dim.Render(row("deal", "you ", Clip(LowerName(oppName), 5)+" ", "")),
	}
	recs := g.Scores
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
	tot := g.Totals
	out = append(out, st.Heading.Render(row("sum", fmt.Sprint(tot[me])+" ", fmt.Sprint(tot[opp])+" ", "")))
	if len(recs) > 0 {
		out = append(out, st.Dim.Render(Fit(" * maker", w)))
	}
	return out
}

// PadScores is the game's score as the score pad draws it.
type PadScores struct {
	Target int
	Scores []rules.Score // each finished deal's
	Totals [2]int
}

// SeatWords says who is who in a score breakdown: the seats of the two
// columns and their headings, and how a sentence names a seat and puts
// a verb after it ("you score", "Bot scores"; "you have", "B has").
type SeatWords struct {
	Cols  [2]rules.Seat
	Heads [2]string
	Name  func(rules.Seat) string
	Does  func(s rules.Seat, verb string) string
	Has   func(rules.Seat) string
}

// PersonWords are the SeatWords of a breakdown seen from the person's
// seat me: the person's column first, then other's; the person said
// "you" ("you score", "you have"), the others by name ("Bot has").
func PersonWords(me, other rules.Seat, heads [2]string, name func(rules.Seat) string) SeatWords {
	return SeatWords{
		Cols:  [2]rules.Seat{me, other},
		Heads: heads,
		Name:  name,
		Does:  func(s rules.Seat, verb string) string { return Does(name(s), s == me, verb) },
		Has: func(s rules.Seat) string {
			if s == me {
				return "have"
			}
			return "has"
		},
	}
}

// ScoreLines is the breakdown of a scored deal under title: the lines of
// RULES.md section 8 by seat, the verdict in words, and what each
// scores. The result screen and the replay share it.
func ScoreLines(ctx *Context, sc rules.Score, sw SeatWords, title string, width int) []string {
	st := &ctx.Styles
	row := func(label string, v [4]int) string {
		return fmt.Sprintf(" %-18s %8d %8d", label, v[sw.Cols[0]], v[sw.Cols[1]])
	}
	maker, def := sc.Maker, sc.Maker.Other()
	lines := []string{
		title,
		"",
		st.Heading.Render(fmt.Sprintf(" %-18s %8s %8s", "", sw.Heads[0], sw.Heads[1])),
		row("Tricks", sc.Tricks),
		row("Card points", sc.Cards),
		row("Last trick", sc.LastTrick),
		row("Sequences", sc.Seqs),
		row("Bella", sc.Bella),
		st.Heading.Render(row("Total", sc.Total)),
		"",
	}
	a, b := sc.Total[maker], sc.Total[def]
	has := sw.Has(maker)
	var verdict string
	switch sc.Outcome {
	case rules.Made:
		verdict = st.Good.Render("Made.") + fmt.Sprintf(" %s, the maker, %s more (%d to %d): each scores their own total.", sw.Name(maker), has, a, b)
	case rules.Tie:
		verdict = st.Bad.Render("Tie.") + fmt.Sprintf(" Both have %d: the maker (%s) scores nothing, %s %d.", a, sw.Name(maker), sw.Does(def, "score"), b)
	case rules.Bete:
		verdict = st.Bad.Render("Bete!") + fmt.Sprintf(" %s, the maker, %s less (%d to %d): %s both totals, %d.", sw.Name(maker), has, a, b, sw.Does(def, "score"), a+b)
	}
	for _, l := range Wrap(verdict, max(20, width-3)) {
		lines = append(lines, " "+l)
	}
	scored := func(s rules.Seat) string { return fmt.Sprintf("+%d", sc.Scored[s]) }
	lines = append(lines, st.Heading.Render(fmt.Sprintf(" %-18s %8s %8s", "This deal scores", scored(sw.Cols[0]), scored(sw.Cols[1]))))
	return lines
}
