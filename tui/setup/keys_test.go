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

// TestTabHomeEndMoveAndOtherKeysAnswer: at every seat count tab and
// shift+tab move the cursor as ↓ and ↑ do (wrapping at the ends), home
// to the first line and end to the start line; every other key the form
// does not take (pgdown, pgup, a digit, x) is answered under the form,
// naming the keys it takes, and changes nothing; the next key taken
// clears the answer.
func TestTabHomeEndMoveAndOtherKeysAnswer(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		s, _ := form(players, true)
		d := kittest.New(t, s, 80, 24, false)
		n := len(s.rows()) + 1
		for i := 1; i <= n; i++ {
			d.Press("tab")
			require.Equal(t, i%n, s.row, "%d players: tab %d times", players, i)
		}
		d.Press("shift+tab")
		require.Equal(t, n-1, s.row, "%d players: shift+tab from the first line", players)
		d.Press("shift+tab")
		require.Equal(t, n-2, s.row, "%d players: shift+tab", players)
		d.Press("home")
		require.Equal(t, 0, s.row, "%d players: home", players)
		d.Press("end")
		require.Equal(t, n-1, s.row, "%d players: end", players)
		require.Empty(t, s.refusal, "%d players: a key taken was answered", players)

		before := s.Setup()
		for _, k := range []string{"pgdown", "pgup", "5", "x"} {
			row := s.row
			d.Press(k)
			require.Equal(t, row, s.row, "%d players: %s moved the cursor", players, k)
			require.Equal(t, before, s.Setup(), "%d players: %s changed the form", players, k)
			text := d.Text()
			want := "! " + k + " is not among the choices now: ↑/↓, ←/→, enter"
			require.True(t, strings.Contains(text, want), "%d players: %s is not answered %q:\n%s", players, k, want, text)
			kittest.CheckSize(t, d.Frame(), 80, 24)
			d.Press("home")
			require.NotContains(t, d.Text(), "is not among the choices", "%d players: home left the answer to %s", players, k)
		}
	}
}

// TestAnswerNamesTheKeysTaken: the answer to a key the form does not
// take names every key it takes, tab, shift+tab, home and end too, at
// every seat count, under -ascii too; each key it names that stays on
// the form is taken (pressed, it is not answered); w is named only
// while a warning is cut short, as only then w is taken.
func TestAnswerNamesTheKeysTaken(t *testing.T) {
	arrows := map[string][]string{"↑": {"up"}, "↓": {"down"}, "←": {"left"}, "→": {"right"}}
	leaves := map[string]bool{"enter": true, "space": true, "L": true, "?": true, "q": true, "esc": true}
	for _, ascii := range []bool{false, true} {
		for _, players := range []int{2, 3, 4} {
			s, _ := form(players, true)
			d := kittest.New(t, s, 80, 24, ascii)
			d.Press("pgdown")
			answer, ok := strings.CutPrefix(kittest.Flat(s.refusal), "pgdown is not among the choices now: ")
			require.True(t, ok, "%d players: %q", players, s.refusal)
			answer = strings.TrimSuffix(strings.ReplaceAll(answer, " or ", ", "), ".")
			named := strings.Split(answer, ", ")
			for _, want := range []string{"tab/shift+tab", "home/end"} {
				require.Contains(t, named, want, "%d players, ascii %v: %q", players, ascii, s.refusal)
			}
			require.NotContains(t, named, "w", "%d players: w named with no warning cut", players)
			for _, name := range named {
				for _, k := range strings.Split(name, "/") {
					if leaves[k] {
						continue
					}
					ks := arrows[k]
					if ks == nil {
						ks = []string{k}
					}
					for _, k := range ks {
						s.refusal = ""
						d.Press(k)
						require.Empty(t, s.refusal, "%d players, ascii %v: %s is named in the answer but not taken", players, ascii, k)
					}
				}
			}
		}
	}
	// A warning cut short: w shows it, and the answer names w.
	warning := strings.Repeat("a long warning about the state directory, ", 12)
	s := New(Config{Prefs: true, Warning: warning}, Setup{Level: ai.Normal, Options: rules.DefaultOptions(), Seed: 42})
	d := kittest.New(t, s, 80, 24, false)
	d.Press("pgdown")
	require.Contains(t, s.refusal, ", w,", "a cut warning: %q", s.refusal)
	s = New(Config{Prefs: true, Warning: "a short warning"}, Setup{Level: ai.Normal, Options: rules.DefaultOptions(), Seed: 42})
	d = kittest.New(t, s, 80, 24, false)
	d.Press("w")
	require.NotContains(t, s.refusal, ", w,", "a warning not cut: %q", s.refusal)
	require.Contains(t, s.refusal, "w is not among the choices now", "a warning not cut: w is taken")
}

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
