package setup

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestFormArrowsOnlyWhereAStepChanges: the Form (the shared table's and
// the tournament's) draws a row's ‹ or › only where a step that way
// changes its value, as the setup screen does: "Seats   2 ›", never
// "‹ 2 ›". Rows that keep their value outside the Setup say so with
// Steps, and drawing them changes nothing. At every seat count, with
// suits drawn and in ASCII.
func TestFormArrowsOnlyWhereAStepChanges(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			back, fwd := "‹", "›"
			if ascii {
				back, fwd = "<", ">"
			}
			ctx := kittest.Context(80, 24)
			ctx.ASCII = ascii
			o := rules.DefaultOptions()
			o.Players = n
			f := Form{Setup: Setup{Level: ai.Normal, Options: o}}
			boards := 0
			rows := func() []Row {
				return append(TableRows(&f.Setup, "seats"), Row{Label: "Boards",
					Value:   func(*Setup) string { return fmt.Sprint(boards) },
					Step:    func(_ *Setup, d int) { boards = Clamp(boards+d, 3) },
					Explain: func(*Setup) string { return "" },
					Steps:   ClampSteps(func() int { return boards }, 3),
				})
			}
			// Each row at each end it can reach, and between.
			for i := range rows() {
				for _, d := range []int{-1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1} {
					r := rows()[i]
					line := f.Lines(&ctx, rows(), "[ Open ]", "")[i]
					rest := line[strings.Index(line, r.Label)+len(r.Label):]
					for _, c := range []struct {
						arrow string
						d     int
					}{{back, -1}, {fwd, 1}} {
						saved, was, before := f.Setup, boards, r.Value(&f.Setup)
						r.Step(&f.Setup, c.d)
						changed := r.Value(&f.Setup) != before
						f.Setup, boards = saved, was
						require.Equal(t, changed, strings.Contains(rest, c.arrow),
							"%d players, ascii %v: %s: %s shown, a step changes it %v: %q", n, ascii, r.Label, c.arrow, changed, line)
					}
					r.Step(&f.Setup, d)
				}
			}
			// The fewest seats: no step back.
			o.Players = 2
			f = Form{Setup: Setup{Level: ai.Normal, Options: o}}
			line := f.Lines(&ctx, rows(), "[ Open ]", "")[0]
			require.NotContains(t, line, back, "the seats at 2")
			require.Contains(t, line, "2 "+fwd)
		}
	})
}
