package drill

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/klob/klob/rules"
)

// Signed writes a score difference with its sign and one decimal:
// "+38.2", "-4.1", "0.0".
func Signed(x float64) string {
	x = math.Round(x*10) / 10
	if x == 0 {
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// Reason says why the best option is best, in one sentence, from the
// numbers: "take scores 42 points more than pass on average, and goes
// bete 12% of the time."
func (an *Analysis) Reason() string {
	if len(an.Rows) == 0 || an.Samples == 0 {
		return ""
	}
	best := an.Rows[an.Best]
	// The runner-up: the best of the others by the same measure.
	second := -1
	for j, r := range an.Rows {
		if j == an.Best {
			continue
		}
		if second < 0 || (an.ByWin && r.Win > an.Rows[second].Win) || (!an.ByWin && r.Mean > an.Rows[second].Mean) {
			second = j
		}
	}
	var b strings.Builder
	name, otherName := Gerund(best.Action), Gerund(an.Rows[max(second, 0)].Action)
	if second < 0 {
		fmt.Fprintf(&b, "%s is the only option.", capital(Label(best.Action)))
		return b.String()
	}
	other := an.Rows[second]
	if an.ByWin {
		fmt.Fprintf(&b, "Near the end of the game the chance to win decides: %s wins the game %s of the time, %s %s",
			name, Percent(best.Win), otherName, Percent(other.Win))
		if best.Win-other.Win < minWinGap {
			b.WriteString(", as good as the same")
			switch {
			case best.Win < 0.02:
				b.WriteString(": the game is all but lost whatever you " + an.choose())
			case best.Win > 0.98:
				b.WriteString(": the game is all but won whatever you " + an.choose())
			}
		} else if d := best.Mean - other.Mean; d < 0 {
			fmt.Fprintf(&b, ", although it scores %s less for this deal", PointsText(-d))
		}
		b.WriteString(".")
	} else {
		if d := best.Mean - other.Mean; math.Abs(d) < 0.05 {
			fmt.Fprintf(&b, "%s and %s score the same on average", capital(name), otherName)
		} else {
			fmt.Fprintf(&b, "%s scores %s more than %s on average", capital(name), PointsText(d), otherName)
		}
		switch {
		case other.Bete >= 0.2 && other.Bete >= best.Bete+0.15:
			fmt.Fprintf(&b, ", which goes bete %s of the time", Percent(other.Bete))
		case makes(best.Action) && best.Bete >= 0.05:
			fmt.Fprintf(&b, ", though it goes bete %s of the time", Percent(best.Bete))
		}
		b.WriteString(".")
	}
	return b.String()
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

// makes reports whether a makes the player the maker at once.
func makes(a rules.Action) bool {
	return a.Kind == rules.Take || a.Kind == rules.Schmeiss || a.Kind == rules.Name
}

// writeTable writes the options of an as a plain text table, one line
// per option, the hard bot's choice marked:
//
//	option          score diff    bete   win game   verdict
//	take          +38.2 ±  2.1     12%      61.0%   best (the hard bot's choice)
func writeTable(w io.Writer, an *Analysis) error {
	lw := len("option")
	for _, r := range an.Rows {
		lw = max(lw, len(Label(r.Action)))
	}
	if an.NoWin {
		return writeTableNoWin(w, an, lw)
	}
	if _, err := fmt.Fprintf(w, "%-*s  %14s  %5s  %8s   %s\n", lw, "option", "score diff", "bete", "win game", "verdict"); err != nil {
		return err
	}
	for j, r := range an.Rows {
		v := r.Verdict.Text()
		if j == an.Best {
			v += " (the hard bot's choice)"
		}
		_, err := fmt.Fprintf(w, "%-*s  %7s ± %4.1f  %5s  %8s   %s\n", lw, Label(r.Action), Signed(r.Mean), r.StdErr,
			Percent(r.Bete), fmt.Sprintf("%.1f%%", r.Win*100), v)
		if err != nil {
			return err
		}
	}
	return nil
}

// writeTableNoWin is writeTable without the win game column.
func writeTableNoWin(w io.Writer, an *Analysis, lw int) error {
	if _, err := fmt.Fprintf(w, "%-*s  %14s  %5s   %s\n", lw, "option", "score diff", "bete", "verdict"); err != nil {
		return err
	}
	for j, r := range an.Rows {
		v := r.Verdict.Text()
		if j == an.Best {
			v += " (the hard bot's choice)"
		}
		if _, err := fmt.Fprintf(w, "%-*s  %7s ± %4.1f  %5s   %s\n", lw, Label(r.Action), Signed(r.Mean), r.StdErr, Percent(r.Bete), v); err != nil {
			return err
		}
	}
	return nil
}

// WriteReport writes a situation and its analysis as `klob train -eval`
// prints them: the situation in words, then the table and the reason.
// Cards are written in letters (JS 9S), so the output is plain ASCII
// apart from the ± of the table.
func WriteReport(w io.Writer, req Request, an *Analysis) error {
	s := &req.Situation
	var cards []string
	for _, c := range sortedHand(s.Hand, s.Upcard.Suit()) {
		cards = append(cards, c.String())
	}
	lines := []string{
		"situation: " + s.String(),
		fmt.Sprintf("You hold %s; the upcard %s proposes %s.", strings.Join(cards, " "), s.Upcard, s.Upcard.Suit().Name()),
		s.Role(),
		s.ScoreText(),
		s.SaidText(),
		s.Question(),
		"",
	}
	rank := "the expected score difference for this deal (yours minus the opponent's)"
	if an.ByWin {
		rank = "the chance to win the game (near the end of the game)"
	}
	lines = append(lines, fmt.Sprintf("%d samples (seed %d); options ranked by %s.", an.Samples, req.Seed, rank))
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	if err := writeTable(w, an); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "The hard bot would %s. %s\n", sayAction(an.Rows[an.Best].Action), an.Reason())
	return err
}

// sayAction is the action as a sentence continues it: "take", "name
// hearts", "refuse the schmeiss", `say "not good"`.
func sayAction(a rules.Action) string { return Verb(a) }

// sortedHand lists a hand by suit (the proposed trump first), strongest
// card first within each suit.
func sortedHand(h rules.CardSet, trump rules.Suit) []rules.Card {
	var out []rules.Card
	order := []rules.Suit{trump}
	for s := rules.Spades; ; s-- {
		if s != trump {
			order = append(order, s)
		}
		if s == rules.Clubs {
			break
		}
	}
	for _, s := range order {
		cs := h.Suit(s).Cards()
		sortByPower(cs, trump)
		out = append(out, cs...)
	}
	return out
}

// sortByPower sorts cards strongest first (insertion sort: six cards).
func sortByPower(cs []rules.Card, trump rules.Suit) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && rules.Power(cs[j], trump) > rules.Power(cs[j-1], trump); j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}
