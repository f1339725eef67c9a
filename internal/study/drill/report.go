package drill

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/rules"
)

// Reason says why the best option is best, from the numbers, in short
// sentences a screen may put on lines of their own or wrap: "Taking
// scores 42 points more than passing on average." "Passing goes bete
// 12% of the time."
func (an *Analysis) Reason(ascii bool) []string {
	return an.ReasonVersus(ascii, -1)
}

// ReasonVersus is Reason comparing the best with row chose, the option
// a person chose, so that the figures said are those of that choice;
// with the best chosen, or chose -1, with the runner-up, as Reason.
func (an *Analysis) ReasonVersus(ascii bool, chose int) []string {
	if len(an.Rows) == 0 || an.Samples == 0 {
		return nil
	}
	best := an.Rows[an.Best]
	// The option chosen, else the runner-up: the next in rank.
	second := -1
	if order := an.Ranked(); len(order) > 1 {
		second = order[1]
	}
	if chose >= 0 && chose < len(an.Rows) && chose != an.Best {
		second = chose
	}
	if second < 0 {
		return []string{capital(Label(best.Action, ascii)) + " is the only option."}
	}
	other := an.Rows[second]
	name, otherName := an.gerund(best.Action, ascii), an.gerund(other.Action, ascii)
	// The points and chances as the table beside writes them, so that a
	// difference said here is that of its figures.
	d := pointsMore(&best, &other)
	chance := func(r *Row) string {
		if r.Shown.Set {
			return r.WinText()
		}
		return Percent(r.Win)
	}
	var out []string
	if an.ByWin {
		// The first sentence says why the best is best, whole, so that a
		// screen short of room, which keeps the first sentence and lets
		// the others give way, never shows a higher chance beside the
		// best without the reason it is not chosen. It says what applies
		// to the game: in a game to 200 or less the chance decides from
		// the first deal, where "near the end" would not be true.
		decides := fmt.Sprintf("Within %d points of the target the chance to win the game decides", eval.EndgameMargin)
		if an.Target > 0 && an.Target <= eval.EndgameMargin {
			decides = fmt.Sprintf("In a game to %d the chance to win the game decides every deal", an.Target)
		}
		wins := fmt.Sprintf("%s wins it %s of the time, %s %s", name, chance(&best), otherName, chance(&other))
		if v := other.Verdict; v.Kind.Wrong() && !v.ByWin && v.winVerdict().Kind.Wrong() {
			// Graded by the points (grade) though it is less likely to
			// win too: what it gives away in points is the bigger loss.
			return append(out, fmt.Sprintf("%s: %s, and %s scores %s less for this deal, the bigger loss.",
				decides, wins, otherName, PointsOne(d)))
		}
		if v := other.Verdict; v.Kind.Wrong() && !v.ByWin {
			// Graded by the points (grade): the chances are as good as
			// the same within the error, and the points tell them apart,
			// as the verdict says.
			// With the gap's error measured, the gap of the chances with
			// it, so that the claim can be checked.
			same := "the same within the error"
			if an.Paired {
				same = sameChance(other.WinGap, other.WinGapErr, other.Shown, best.Shown)
			}
			return append(out, fmt.Sprintf("%s, but %s: %s, so the points do, and %s scores %s less for this deal.",
				decides, wins, same, otherName, PointsOne(d)))
		}
		if other.Win > best.Win {
			// eval.Best: chances this close count as equal, and the
			// points decide. Points the table writes alike are a tie:
			// neither is said to score more. Under half a point the
			// figure is left out, keeping the sentence short.
			points := fmt.Sprintf("%s scores more for this deal", name)
			switch {
			case math.Abs(d) < 0.05:
				points = fmt.Sprintf("on points the two tie at %s for this deal", best.MeanText())
			case d >= 0.5:
				points = fmt.Sprintf("%s scores %s more for this deal", name, PointsOne(d))
			}
			out = append(out, fmt.Sprintf("%s: %s, the same within %s, so the points do, and %s.",
				decides, wins, Percent(WinLevel), points))
		} else {
			out = append(out, decides+": "+wins+".")
		}
		switch {
		case best.Win-other.Win >= WinInaccuracyAt:
			if d <= -0.5 {
				out = append(out, fmt.Sprintf("It scores %s less for this deal, but wins more often.", PointsOne(-d)))
			}
		case best.Win < 0.02:
			out = append(out, "The game is all but lost whatever you "+an.choose()+".")
		case best.Win > 0.98:
			out = append(out, "The game is all but won whatever you "+an.choose()+".")
		case other.Win <= best.Win:
			out = append(out, "The two chances are as good as the same.")
		}
		return out
	}
	if math.Abs(d) < 0.05 {
		out = append(out, fmt.Sprintf("%s and %s score the same on average.", capital(name), otherName))
	} else if math.Abs(d) < 0.5 {
		// Under half a point the whole points would read "0 points more".
		out = append(out, fmt.Sprintf("%s and %s score about the same on average.", capital(name), otherName))
	} else {
		out = append(out, fmt.Sprintf("%s scores %s more than %s on average.", capital(name), PointsOne(d), otherName))
	}
	switch {
	case other.Bete >= 0.2 && other.Bete >= best.Bete+0.15:
		out = append(out, fmt.Sprintf("%s goes bete %s of the time.", capital(otherName), Percent(other.Bete)))
	case makes(best.Action) && best.Bete >= 0.05:
		out = append(out, fmt.Sprintf("%s goes bete %s of the time all the same.", capital(name), Percent(best.Bete)))
	}
	return out
}

// pointsMore is how many points best scores more than other for the
// deal: the difference of their figures as the tables write them
// (Row.Shown), or of their means for rows without.
func pointsMore(best, other *Row) float64 {
	if best.Shown.Set && other.Shown.Set {
		return float64(best.Shown.Mean-other.Shown.Mean) / 10
	}
	return best.Mean - other.Mean
}

// choose is the verb for the decision of an: "bid" in the bidding,
// "answer" to a schmeiss, "do" elsewhere.
func (an *Analysis) choose() string {
	if len(an.Rows) == 0 {
		return "do"
	}
	switch an.Rows[0].Action.Kind {
	case rules.Pass, rules.Take, rules.Schmeiss, rules.Name:
		return "bid"
	case rules.Accept, rules.Refuse:
		return "answer"
	}
	return "do"
}

// makes reports whether a makes the player's side the maker at once.
func makes(a rules.Action) bool {
	return a.Kind == rules.Take || a.Kind == rules.Schmeiss || a.Kind == rules.Name
}

// Ranking says what the options are ranked by, in a line that fits 80
// columns, and where the grades put a row above one the measure ranks
// higher (Ranked), a sentence more that says so.
func (an *Analysis) Ranking() string {
	var by string
	switch {
	case an.ByWin:
		by = "Ranked by the chance to win the game (its end is near); within 0.5%, by points."
	case an.Players == 3:
		by = "Ranked by score difference for this deal: yours minus the others' average."
	case rules.PlaysInTeams(an.Players):
		by = "Ranked by score difference for this deal: your team's minus the other team's."
	default:
		by = "Ranked by score difference for this deal: yours minus the opponent's."
	}
	if !slices.Equal(an.order(true), an.order(false)) {
		by += " Those as good as the best come first, then by grade."
	}
	return by
}

// InRankOrder returns an with its rows in the order of Ranked, best
// first (its Best then 0), and where row chosen of an went (-1 stays -1).
func (an *Analysis) InRankOrder(chosen int) (Analysis, int) {
	out := *an
	out.Rows = make([]Row, 0, len(an.Rows))
	at := -1
	for _, i := range an.Ranked() {
		if i == chosen {
			at = len(out.Rows)
		}
		out.Rows = append(out.Rows, an.Rows[i])
	}
	out.Best = 0
	return out, at
}

// WinLevel is how close two chances to win must be for the points to
// decide between them: eval.Best's rule, which the hard bot follows
// (TestRankedAgreesWithBest holds the two together).
const WinLevel = 0.005

// Ranked returns the indices of an's rows best first, as Ranking says:
// the hard bot's choice, then the rows as good as it, then those graded
// an inaccuracy, a mistake, a blunder, so that the grades never go up
// down the list. Within a grade, by Mean; near the end of a game
// (ByWin) those as likely to win as the likeliest (within WinLevel) by
// Mean, then the others by Win, as eval.Best chooses. Ties keep the
// legal order.
func (an *Analysis) Ranked() []int { return an.order(true) }

// order is Ranked, with the grades first (byGrade) or by the measure
// alone.
func (an *Analysis) order(byGrade bool) []int {
	order := make([]int, len(an.Rows))
	top := math.Inf(-1)
	for i, r := range an.Rows {
		order[i] = i
		top = max(top, r.Win)
	}
	level := func(i int) bool { return an.ByWin && an.Rows[i].Win >= top-WinLevel }
	key := func(i int) float64 {
		if an.ByWin && !level(i) {
			return an.Rows[i].Win
		}
		return an.Rows[i].Mean
	}
	// The grade of a row other than the best: a row built without a
	// verdict (Kind Best, the zero value) counts as good.
	rank := func(i int) VerdictKind {
		if !byGrade {
			return AsGood
		}
		return max(an.Rows[i].Verdict.Kind, AsGood)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case a == an.Best || b == an.Best:
			return cmp.Compare(boolInt(b == an.Best), boolInt(a == an.Best))
		case rank(a) != rank(b):
			return cmp.Compare(rank(a), rank(b))
		case level(a) != level(b):
			return cmp.Compare(boolInt(level(b)), boolInt(level(a)))
		default:
			return cmp.Compare(key(b), key(a))
		}
	})
	return order
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// writeTable writes the options of an as a plain text table, one line
// per option, best first (Ranked), narrow enough for 80 columns:
//
//	option      score diff   bete  win game  verdict
//	take       +38.2 ±  2.1   12%     61.0%  best
//	pass        -4.4 ±  1.9    0%     48.3%  blunder: -43 pts
//
// With ascii, ± is written +- and ≈ is written ~.
func writeTable(w io.Writer, an *Analysis, ascii bool) error {
	lw := len("option")
	for _, r := range an.Rows {
		lw = max(lw, utf8.RuneCountInString(Label(r.Action, ascii)))
	}
	pad := func(s string) string { return s + strings.Repeat(" ", lw-utf8.RuneCountInString(s)) }
	// The verdict with its gap and error, or its short form where the
	// line would run past ReportWidth.
	pm, plain := "±", func(s string) string { return s }
	if ascii {
		pm, plain = "+-", strings.NewReplacer("≈", "~", "±", "+-").Replace
	}
	verdict := func(line string, v Verdict) string {
		if c := plain(v.Column()); utf8.RuneCountInString(line)+2+utf8.RuneCountInString(c) <= ReportWidth {
			return c
		}
		return plain(v.Short())
	}
	head := fmt.Sprintf("%s  %*s  %5s  %8s", pad("option"), 13+utf8.RuneCountInString(pm), "score diff", "bete", "win game")
	if _, err := fmt.Fprintln(w, head+"  verdict"); err != nil {
		return err
	}
	for _, i := range an.Ranked() {
		r := an.Rows[i]
		line := fmt.Sprintf("%s  %7s %s %4.1f  %5s  %8s", pad(Label(r.Action, ascii)), r.MeanText(), pm, r.StdErr, Percent(r.Bete), r.WinText())
		if _, err := fmt.Fprintln(w, line+"  "+verdict(line, r.Verdict)); err != nil {
			return err
		}
	}
	return nil
}

// ReportWidth is the width WriteReport wraps its sentences to.
const ReportWidth = 80

// RepeatLabel starts the first line of a report: the command that
// evaluates the situation again, its text in the codes -eval reads.
const RepeatLabel = "to evaluate again: klob train -eval "

// WriteReport writes a situation and its analysis as `klob train -eval`
// prints them: the situation's text form (one line, to copy), the
// decision in words, the table of options, the hard bot's choice and
// why. Every line but the first fits in ReportWidth columns. Cards are
// written with suit symbols, or with ascii in letters, the whole report
// then plain ASCII.
func WriteReport(w io.Writer, req Request, an *Analysis, ascii bool) error {
	v, err := req.Situation.View()
	if err != nil {
		return err
	}
	var b strings.Builder
	// With ascii every line a person reads is plain ASCII, as the
	// table writes it: "+-" for "±", "~" for "≈".
	plain := func(s string) string { return s }
	if ascii {
		plain = strings.NewReplacer("±", "+-", "≈", "~", "·", "-", "…", "...", "→", "->", "←", "<-", "–", "-", "×", "x").Replace
	}
	wrapped := func(text []string) {
		for _, l := range text {
			for _, x := range textwrap.Wrap(plain(l), ReportWidth) {
				b.WriteString(x + "\n")
			}
		}
	}
	// The first line is the situation as -eval reads it, cards in its
	// codes (TC for the 10 of clubs): a line to copy, said to be one,
	// with the samples and the seed, so that it gives this very table.
	again := Missed{Situation: req.Situation.String(), Samples: an.Samples, Seed: req.Seed}
	b.WriteString(RepeatLabel + strconv.Quote(again.EvalText()) + "\n")
	wrapped(append(Describe(&v, ascii), "", fmt.Sprintf("%d samples, seed %d.", an.Samples, req.Seed), an.Ranking()))
	writeTable(&b, an, ascii) // a strings.Builder takes every write
	would := fmt.Sprintf("The hard bot would %s.", Verb(an.Rows[an.Best].Action, ascii))
	wrapped(append([]string{would}, an.Reason(ascii)...))
	_, err = io.WriteString(w, b.String())
	return err
}
