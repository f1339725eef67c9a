package analysis

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/klob/klob/internal/study/drill"
)

// chessMarks are the annotator's marks of a grade: "?!", "??", and "?"
// after a word or before a number. The product writes grades as words.
var chessMarks = regexp.MustCompile(`\?\?|\?!|\S \?( |$|\n)|\?\d|(^|\n| )\? `)

// TestLegendUsesTheThresholds: the legend names each grade in a word
// with its thresholds, never with an annotator's mark.
func TestLegendUsesTheThresholds(t *testing.T) {
	all := strings.Join(Legend(false), " ")
	for _, want := range []string{"inaccuracy: the choice loses 4 to 10 points", "mistake: 10 to 20", "blunder: 20 or more", "what the player could know",
		// A loss in the chance to win is a drop of the chance, not a share of it.
		"the best choice's less this one's (from 40% to 17% loses 23%)"} {
		if !strings.Contains(all, want) {
			t.Errorf("legend lacks %q: %s", want, all)
		}
	}
	if m := chessMarks.FindString(all); m != "" {
		t.Errorf("legend writes the mark %q: %s", m, all)
	}
}

// TestLegendsSayOneRuleForAsGood: analyze's header (Legend) and the
// trainer's and replay's help (drill.Legend) state the same rule for
// "≈ best", whole: within the error, or behind by less than an
// inaccuracy ("≈ best: 1.9 ± 0.2 pts" is beyond its error but under 4
// points).
func TestLegendsSayOneRuleForAsGood(t *testing.T) {
	under := "less than " + drill.PointsText(drill.InaccuracyAt) + " (" + drill.Percent(drill.WinInaccuracyAt) + " of the chance to win near the end)"
	within := fmt.Sprintf("%d standard errors", drill.ErrorsApart)
	for what, legend := range map[string][]string{"analyze": Legend(false), "help": drill.Legend()} {
		var rule string
		for _, l := range legend {
			for _, s := range strings.SplitAfter(l, ". ") {
				if strings.Contains(s, "≈ best") {
					rule += s
				}
			}
		}
		if !strings.Contains(rule, within) || !strings.Contains(rule, under) {
			t.Errorf("%s: the rule for ≈ best lacks %q or %q: %s", what, within, under, rule)
		}
	}
}

// A loss in the chance to win just under a grade's threshold is written
// under it, as the trainer writes it: an inaccuracy of 0.996% never
// reads "1.0%", the mistakes' threshold, beside its grade.
func TestLossWordsStayUnderTheNextGrade(t *testing.T) {
	for _, at := range []float64{drill.WinMistakeAt, drill.WinBlunderAt} {
		loss := at - 0.00004
		d := Decision{ByWin: true, WinLoss: loss, WinLossErr: 0.002}
		got := d.LossWords(false)
		want := drill.PercentOne(at)
		if strings.HasPrefix(got, want) {
			t.Errorf("a loss of %.5f (%v) reads %q, the next grade's threshold", loss, drill.GradeLoss(loss, true), got)
		}
	}
}
