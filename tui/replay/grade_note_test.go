package replay

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/tui/kit"
)

// TestGradeNoteLossOnItsGrade: the step's note writes the loss on its
// grade's side of the thresholds the help gives: an inaccuracy of 9.96
// reads "loses 9.9", not "loses 10.0", where the mistakes begin.
func TestGradeNoteLossOnItsGrade(t *testing.T) {
	ctx := kit.NewContext(false)
	for loss, want := range map[float64]string{9.96: "inaccuracy: loses 9.9", 19.97: "mistake: loses 19.9", 25: "blunder: loses 25.0"} {
		dec := &analysis.Decision{Grade: analysis.GradeOf(loss), Loss: loss}
		if got := ansi.Strip(gradeNote(&ctx, dec, "")); !strings.Contains(got, want) {
			t.Errorf("loss %v: %q, want %q", loss, got, want)
		}
	}
}
