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
			want := "! Key " + k + " is not among the choices: ↑/↓, ←/→, enter"
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
			answer, ok := strings.CutPrefix(kittest.Flat(s.refusal), "Key pgdown is not among the choices: ")
			require.True(t, ok, "%d players: %q", players, s.refusal)
			answer = strings.TrimSuffix(strings.ReplaceAll(answer, " or ", ", "), ".")
			named := strings.Split(answer, ", ")
			for _, want := range []string{"tab", "shift+tab", "home/end"} {
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
	require.Contains(t, s.refusal, "Key w is not among the choices", "a warning not cut: w is taken")
}

// TestWTakenWhereOffered: an error that fits under the form whole until
// the answer to a refused key takes its room is cut to "… (w: all of
// it)"; the answer names w, and w shows the error whole, at every seat
// count. In a window too narrow for the answer itself, the answer is
// cut, names w, and w shows it whole.
func TestWTakenWhereOffered(t *testing.T) {
	problem := "Your settings could not be kept: the settings file /home/someone/.config/klob/settings cannot be read: " +
		"permission denied, and is left as it is; the other settings are used and saving new ones keeps this file " +
		"beside them as settings.bad"
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		found := false
		for h := 16; h <= 48 && !found; h++ {
			s, _ := form(players, true)
			d := kittest.New(t, s, 80, h, false)
			d.Send(ProblemMsg{Text: problem})
			if strings.Contains(d.Text(), "(w: all of it)") {
				continue
			}
			d.Press("pgdown")
			if !strings.Contains(d.Text(), "(w: all of it)") {
				continue
			}
			found = true
			require.Contains(t, kittest.Flat(s.refusal), ", w,", "80×%d: w offered, not named: %q", h, s.refusal)
			shown := d.Text()
			d.Press("w")
			require.True(t, s.whole, "80×%d: w refused where the form offers it: %q", h, s.refusal)
			require.Contains(t, kittest.Flat(d.Text()), "! "+problem, "80×%d: the screen:\n%s", h, d.Text())
			d.Press("down")
			require.False(t, s.whole, "a key after w goes back to the form")
			require.NotEqual(t, shown, d.Text(), "the answer is gone with the key after w")
		}
		require.True(t, found, "no window where the answer to a key cuts the error short")
	})

	s, _ := form(2, true)
	d := kittest.New(t, s, 20, 10, false)
	d.Press("pgdown")
	require.Contains(t, d.Text(), "(w: all of it)", "the answer is not cut at 20×10:\n%s", d.Text())
	answer := kittest.Flat(s.refusal)
	require.Contains(t, answer, ", w,", "w offered, not named: %q", answer)
	d.Press("w")
	require.True(t, s.whole, "w refused where the form offers it: %q", s.refusal)
	require.Contains(t, kittest.Flat(d.Text()), "! "+answer, "the screen:\n%s", d.Text())
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
					// A row over the first heading shown (the rows scrolled)
					// has none.
					if len(shown) == 1 && section != "" {
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

// TestHelpKeysInTheirColumn: in the form's help every key's words start
// in the help's column of words, a gap after the key: none runs into
// its words ("tab/shift+tab next…"). At every seat count, under -ascii
// too.
func TestHelpKeysInTheirColumn(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			s, _ := form(n, true)
			ctx := kittest.Context(80, 24)
			ctx.ASCII = ascii
			lines := kit.NewHelpView(s.KeyHelp(&ctx.Keys).FullHelp()).Lines(&ctx)
			for _, g := range s.KeyHelp(&ctx.Keys).FullHelp() {
				for _, b := range g {
					k, desc := b.Help().Key, b.Help().Desc
					if ascii {
						k = kit.ASCIIText(k)
					}
					first, _, _ := strings.Cut(desc, " ")
					i := slices.IndexFunc(lines, func(l string) bool {
						return strings.HasPrefix(ansi.Strip(l), "   "+k+" ") && strings.Contains(ansi.Strip(l), first)
					})
					require.GreaterOrEqual(t, i, 0, "%d players, ascii %v: no line of %q", n, ascii, k)
					line := ansi.Strip(lines[i])
					at := strings.Index(line[3+len(k):], first) + 3 + len(k)
					require.Equal(t, 16, kit.WidthOf(line[:at]), "%d players, ascii %v: %q is not in the column of words: %q", n, ascii, k, line)
				}
			}
		}
	})
}
