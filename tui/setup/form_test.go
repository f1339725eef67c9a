package setup

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
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
					line := rowLine(&ctx, &f, rows(), i)
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
			line := rowLine(&ctx, &f, rows(), 0)
			require.NotContains(t, line, back, "the seats at 2")
			require.Contains(t, line, "2 "+fwd)
		}
	})
}

// rowLine is the line of the form f that draws its row i, the form
// drawn with room for every line.
func rowLine(ctx *kit.Context, f *Form, rows []Row, i int) string {
	d := f.Draw(ctx, rows, "[ Open ]", "", 100)
	for j, l := range d.of {
		if l.row == i {
			return d.Lines[j]
		}
	}
	return ""
}

// TestFormHeadingsAndClicks: a Form draws its rows as the setup's are,
// the house variants under their heading and its own rows under its
// Sections; a click on any row's label chooses that row, the headings
// between the rows notwithstanding, and one on its › steps it, at every
// seat count, with room for every line and with rows scrolled.
func TestFormHeadingsAndClicks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, room := range []int{40, 12} {
			ctx := kittest.Context(80, 24)
			o := rules.DefaultOptions().WithPlayers(n)
			o.DealerForced = true // bimah offered
			f := Form{Setup: Setup{Level: ai.Normal, Options: o},
				Sections: []Section{{First: "seats", Heading: "The table", Note: "(a note)"}, {First: "own", Heading: "Own rows"}}}
			own := false
			rows := func() []Row {
				return append(TableRows(&f.Setup, "seats"), Row{Key: "own", Label: "Own switch",
					Value: func(*Setup) string { return OnOff(own) }, Step: func(*Setup, int) { own = !own },
					Steps:   func(*Setup, int) bool { return true },
					Explain: func(*Setup) string { return "" }})
			}
			variantKeys := keySet(VariantRows(&f.Setup))
			for i := range rows() {
				f.Row = i // the row in view
				d := f.Draw(&ctx, rows(), "[ Open ]", "", room)
				require.LessOrEqual(t, len(d.Lines), room)
				what := fmt.Sprintf("room %d, row %d", room, i)
				text := ansi.Strip(strings.Join(d.Lines, "\n"))
				if room == 40 {
					for _, h := range []string{"The table  (a note)", "House variants, off unless switched on", "Own rows"} {
						require.Contains(t, text, h, what)
					}
				}
				// The lines under the variants' heading, until the next
				// heading, are the variants.
				var section string
				for _, l := range strings.Split(text, "\n") {
					if r := []rune(l); len(r) > 1 && r[0] == ' ' && unicode.IsLetter(r[1]) {
						section = strings.TrimSpace(l) // a heading
					}
					shown, _ := shownRows([]string{l}, rows())
					if len(shown) == 1 {
						k := rows()[shown[0]].Key
						require.Equal(t, variantKeys[k], section == "House variants, off unless switched on",
							"%s: %s under %q:\n%s", what, k, section, text)
					}
				}
				checkMarks(t, what, d.Lines, rows(), false)

				// A click on the label chooses the row, on › steps it.
				shown, at := shownRows(d.Lines, rows())
				y := at[slices.Index(shown, i)]
				f.Row = len(rows())
				const top = 3 // the form's first line on the screen
				require.False(t, f.Click(tea.MouseClickMsg{X: 5, Y: top + y, Button: tea.MouseLeft}, rows, top, d))
				require.Equal(t, i, f.Row, "%s: a click on the label of %s", what, rows()[i].Label)
				line := ansi.Strip(d.Lines[y])
				if j := strings.LastIndex(line, "›"); j >= 0 && rows()[i].Key != "seats" {
					before := rows()[i].Value(&f.Setup)
					f.Click(tea.MouseClickMsg{X: kit.WidthOf(line[:j]), Y: top + y, Button: tea.MouseLeft}, rows, top, d)
					require.NotEqual(t, before, rows()[i].Value(&f.Setup), "%s: a click on the › of %s", what, rows()[i].Label)
					rows()[i].Step(&f.Setup, -1)
					f.Setup.settle() // as it was: a variant stepped back
				}
			}
			// The button, last.
			d := f.Draw(&ctx, rows(), "[ Open ]", "", room)
			require.True(t, f.Click(tea.MouseClickMsg{X: 5, Y: 3 + len(d.Lines) - 1, Button: tea.MouseLeft}, rows, 3, d))
			require.Equal(t, len(rows()), f.Row)
		}
	})
}

// shownRows are the indexes of rows drawn on lines, in the order drawn,
// and the line of each: a row's label fills the 24 cells after the
// 3 of the mark.
func shownRows(lines []string, rows []Row) (shown, at []int) {
	for y, l := range lines {
		r := []rune(ansi.Strip(l))
		if len(r) < 27 {
			continue
		}
		label := strings.TrimSpace(string(r[3:27]))
		if i := slices.IndexFunc(rows, func(r Row) bool { return r.Label == label }); i >= 0 {
			shown, at = append(shown, i), append(at, y)
		}
	}
	return shown, at
}

// TestFormMovesAsTheSetupScreen: the lobby's and the tournament's Form
// takes tab and shift+tab as ↓ and ↑ (wrapping), home to the first row
// and end to the button, as the setup screen does, at every seat count.
func TestFormMovesAsTheSetupScreen(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		ctx := kittest.Context(80, 24)
		o := rules.DefaultOptions()
		o.Players = n
		f := Form{Setup: Setup{Level: ai.Normal, Options: o}}
		rows := func() []Row { return TableRows(&f.Setup, "seats") }
		last := len(rows()) // the button
		press := func(k string) {
			t.Helper()
			require.False(t, f.Key(&ctx.Keys, kittest.Key(k), rows), "%s stepped a value", k)
		}
		for i := 1; i <= last+1; i++ {
			press("tab")
			require.Equal(t, i%(last+1), f.Row, "tab %d times", i)
		}
		press("shift+tab")
		require.Equal(t, last, f.Row, "shift+tab from the first row")
		press("home")
		require.Equal(t, 0, f.Row, "home")
		press("end")
		require.Equal(t, last, f.Row, "end")
		before := f.Setup
		press("home")
		require.Equal(t, before, f.Setup, "moving changed the form")
	})
}
