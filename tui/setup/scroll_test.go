package setup

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// moreMarks are the lines that say rows are out of view above and below.
func moreMarks(ascii bool) (up, down string) {
	if ascii {
		return "(more above)", "(more below)"
	}
	return "↑ more above", "↓ more below"
}

// checkMarks fails unless lines say where rows of rows are out of view,
// and only there: a line of up just above the first row shown when a
// row before it is not shown, one of down just below the last when a
// row after it is not; the rows shown are in order with none between
// them left out. It reports which marks were shown.
func checkMarks(t *testing.T, what string, lines []string, rows []Row, ascii bool) (above, below bool) {
	t.Helper()
	up, down := moreMarks(ascii)
	shown, at := shownRows(lines, rows)
	text := strings.Join(lines, "\n")
	require.NotEmpty(t, shown, "%s: no row shown:\n%s", what, text)
	for i := 1; i < len(shown); i++ {
		require.Equal(t, shown[i-1]+1, shown[i], "%s: a row left out between rows shown:\n%s", what, text)
	}
	first, last := shown[0], shown[len(shown)-1]
	above, below = first > 0, last < len(rows)-1
	require.Equal(t, above, strings.Contains(text, up), "%s: rows above out of view %v, %q shown %v:\n%s", what, above, up, !above, text)
	require.Equal(t, below, strings.Contains(text, down), "%s: rows below out of view %v, %q shown %v:\n%s", what, below, down, !below, text)
	if above {
		// Above the first row shown: at most its section's heading between.
		y := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, up) })
		require.True(t, at[0]-y == 1 || at[0]-y == 2, "%s: %q is not over the rows:\n%s", what, up, text)
	}
	if below {
		require.Contains(t, lines[at[len(at)-1]+1], down, "%s: %q is not under the rows:\n%s", what, down, text)
	}
	return above, below
}

// TestScrollMarksAt80x24: the setup's longest form at 80×24, four
// players with every house variant, the settings (the speed a long
// value, -pace given), a practice game's note and a warning: its rows
// scroll, and wherever rows are out of view a line says so, "↑ more
// above" or "↓ more below" ("(more above)", "(more below)" under
// -ascii), with the cursor on every line. Both ends are seen, and the
// frame keeps its key line.
func TestScrollMarksAt80x24(t *testing.T) {
	warning := "the settings file /home/someone/.config/klob/settings.txt: line 3: unknown key \"colour\"; " +
		"line 4: \"fast\" is not a speed; and 2 more lines (the other settings are used)"
	for _, ascii := range []bool{false, true} {
		o := rules.DefaultOptions().WithPlayers(4)
		o.OfAKind, o.Menage, o.DealerForced, o.Bimah, o.Shlomo, o.Cleopatra = true, true, true, true, true, true
		s := New(Config{Prefs: true, Warning: warning}, Setup{Level: ai.Normal, Options: o,
			Seed: 6003839248161056871, Practice: true, Next: true, PaceFlag: "1m30.5s"})
		d := kittest.New(t, s, 80, 24, ascii)
		var above, below bool
		for range len(s.rows()) + 1 {
			kittest.CheckSize(t, d.Frame(), 80, 24)
			lines := strings.Split(d.Text(), "\n")
			what := fmt.Sprintf("ascii %v, row %d", ascii, s.row)
			a, b := checkMarks(t, what, lines, s.rows(), ascii)
			above, below = above || a, below || b
			if s.row < len(s.rows()) {
				require.Contains(t, d.Text(), s.rows()[s.row].Label, "%s: the chosen line is out of sight", what)
			}
			require.Contains(t, lines[23], "choose a line", "%s: the key line is off the screen", what)
			d.Press("down")
		}
		require.True(t, above && below, "ascii %v: the form never scrolled both ways", ascii)
	}
}

// TestScrollFollowsCursorAt80x24: at 80×24, three and four players
// with the settings rows, under the note of a second state directory or
// a practice game's note (the next game of a -seed sitting): with the
// cursor going down every line and back up, the chosen row is always
// in sight, and the rows shown move only the way the cursor goes, two
// rows a step at most: on the start line the last rows stay in view,
// and the rows never jump back to the top.
func TestScrollFollowsCursorAt80x24(t *testing.T) {
	warning := "This game is saved in /home/someone/.local/state/klob-2: KLOB_STATE_DIR=/home/someone/.local/state/klob-2 " +
		"klob resumes it, or klob once the other Klob has quit."
	for _, players := range []int{3, 4} {
		for _, practice := range []bool{false, true} {
			cfg := Config{Prefs: true}
			if !practice {
				cfg.Warning = warning
			}
			s := New(cfg, Setup{Level: ai.Normal, Options: rules.DefaultOptions().WithPlayers(players),
				Seed: 13679457532755275413, Practice: practice, Next: practice})
			d := kittest.New(t, s, 80, 24, false)
			n := len(s.rows())
			var first, last int
			for step := range 2*n + 1 {
				kittest.CheckSize(t, d.Frame(), 80, 24)
				text := d.Text()
				what := fmt.Sprintf("%d players, practice %v, line %d", players, practice, s.row)
				shown, _ := shownRows(strings.Split(text, "\n"), s.rows())
				require.NotEmpty(t, shown, "%s:\n%s", what, text)
				if s.row < n {
					require.Contains(t, shown, s.row, "%s: the chosen row is out of sight:\n%s", what, text)
				} else {
					require.Contains(t, shown, n-1, "%s: the last row is out of sight on the start line:\n%s", what, text)
				}
				f, l := shown[0], shown[len(shown)-1]
				if step > 0 {
					down := step <= n
					if down {
						require.True(t, f >= first && l >= last, "%s: going down, the rows shown went from %d..%d back to %d..%d:\n%s", what, first, last, f, l, text)
					} else {
						require.True(t, f <= first && l <= last, "%s: going up, the rows shown went from %d..%d on to %d..%d:\n%s", what, first, last, f, l, text)
					}
					require.LessOrEqual(t, max(f-first, first-f, l-last, last-l), 2, "%s: the rows shown jumped from %d..%d to %d..%d:\n%s", what, first, last, f, l, text)
				}
				first, last = f, l
				if step < n {
					d.Press("down")
				} else {
					d.Press("up")
				}
			}
		}
	}
}
