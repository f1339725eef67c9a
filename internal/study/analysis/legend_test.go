package analysis

import (
	"regexp"
	"strings"
	"testing"
)

// chessMarks are the annotator's marks of a grade: "?!", "??", and "?"
// after a word or before a number. The product writes grades as words.
var chessMarks = regexp.MustCompile(`\?\?|\?!|\S \?( |$|\n)|\?\d|(^|\n| )\? `)

// TestLegendUsesTheThresholds: the legend names each grade in a word
// with its thresholds, never with an annotator's mark.
func TestLegendUsesTheThresholds(t *testing.T) {
	all := strings.Join(Legend(false), " ")
	for _, want := range []string{"inaccuracy: the choice loses 4 to 10 points", "mistake: 10 to 20", "blunder: 20 or more", "what the player could know"} {
		if !strings.Contains(all, want) {
			t.Errorf("legend lacks %q: %s", want, all)
		}
	}
	if m := chessMarks.FindString(all); m != "" {
		t.Errorf("legend writes the mark %q: %s", m, all)
	}
}
