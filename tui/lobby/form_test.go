package lobby

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby/lobbytest"
	"github.com/klob/klob/tui/setup"
)

// variantsHeading is the heading of the house variants, on the setup's
// form and the open-table form both.
const variantsHeading = "House variants, off unless switched on"

// tableForm is the open-table form of n seats, dealer forced on when
// forced (bimah then offered).
func tableForm(t *testing.T, n int, forced bool) *TableForm {
	l := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: randomHall(t, hall.Config{})})
	f := newTableForm(l)
	o := rules.DefaultOptions().WithPlayers(n)
	o.DealerForced = forced
	f.form.Setup.Options = o.Applicable()
	return f
}

// formLines are the form's screen lines, each with the index of the row
// of rows it draws (-1 for none): a row's label fills the 24 cells
// after the 3 of the mark; and the heading each line is under.
func formLines(view string, rows []setup.Row) (lines []string, row []int, under []string) {
	heading := ""
	for _, l := range strings.Split(ansi.Strip(view), "\n") {
		r := []rune(l)
		if len(r) > 1 && r[0] == ' ' && unicode.IsLetter(r[1]) && !strings.HasPrefix(l, " Klob") {
			heading, _, _ = strings.Cut(strings.TrimSpace(l), "  ")
		}
		i := -1
		if len(r) >= 27 {
			label := strings.TrimSpace(string(r[3:27]))
			i = slices.IndexFunc(rows, func(r setup.Row) bool { return r.Label == label })
		}
		lines, row, under = append(lines, l), append(row, i), append(under, heading)
	}
	return lines, row, under
}

// TestTableFormHeadings: the open-table form draws the house variants
// under their heading, as the setup's form does, the table's rules
// under "The table" and the spectators under a heading of their own:
// no row reads as a variant that is not one. At every seat count,
// dealer forced on (bimah offered) or off, every row shows at 80×24
// with the keys.
func TestTableFormHeadings(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, forced := range []bool{false, true} {
			f := tableForm(t, n, forced)
			ctx := kittest.Context(80, 24)
			variants := map[string]bool{}
			for _, r := range setup.VariantRows(&f.form.Setup) {
				variants[r.Key] = true
			}
			view := f.View(&ctx)
			lines, row, under := formLines(view, f.rows())
			what := fmt.Sprintf("dealer forced %v", forced)
			require.LessOrEqual(t, len(lines), 24, "%s:\n%s", what, ansi.Strip(view))
			require.Contains(t, lines[len(lines)-1], "enter open", "%s:\n%s", what, ansi.Strip(view))
			require.Contains(t, ansi.Strip(view), variantsHeading, what)
			seen := 0
			for y, i := range row {
				if i < 0 {
					continue
				}
				seen++
				k := f.rows()[i].Key
				want := "The table"
				switch {
				case variants[k]:
					want = variantsHeading
				case k == "spectators":
					want = "Who may watch"
				}
				require.Equal(t, want, under[y], "%s: %s under %q:\n%s", what, k, under[y], ansi.Strip(view))
			}
			require.Equal(t, len(f.rows()), seen, "%s: a row is out of view:\n%s", what, ansi.Strip(view))
		}
	})
}

// TestTableFormClickEachRow: with the cursor on any line of the
// open-table form, a click on the label of any row in view chooses that
// row, and one on a house variant's › switches it, the headings
// between the rows notwithstanding. At every seat count, dealer forced
// on and off, and with a long error under the form, where the rows
// scroll at 80×24.
func TestTableFormClickEachRow(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, forced := range []bool{false, true} {
			for _, problem := range []string{"", strings.Repeat("The hall cannot open a table now. ", 4)} {
				f := tableForm(t, n, forced)
				f.err = problem
				ctx := kittest.Context(80, 24)
				variants := map[string]bool{}
				for _, r := range setup.VariantRows(&f.form.Setup) {
					variants[r.Key] = true
				}
				clicked := map[int]bool{}
				for cursor := range len(f.rows()) + 1 {
					f.form.Row = cursor
					lines, row, _ := formLines(f.View(&ctx), f.rows())
					for y, i := range row {
						if i < 0 {
							continue
						}
						what := fmt.Sprintf("dealer forced %v, error %v, cursor %d, %s", forced, problem != "", cursor, f.rows()[i].Label)
						f.form.Row = cursor
						next, _ := f.Update(&ctx, tea.MouseClickMsg{X: 5, Y: y, Button: tea.MouseLeft})
						require.Same(t, f, next, what)
						require.Equal(t, i, f.form.Row, "%s: a click on the label chose another line:\n%s", what, strings.Join(lines, "\n"))
						clicked[i] = true
						if k := f.rows()[i].Key; variants[k] {
							saved := f.form.Setup
							was, _ := saved.Options.Get(k)
							f.form.Row = cursor
							// A switch on shows only ‹ (off), one off only ›.
							arrow := "›"
							if !strings.Contains(lines[y], arrow) {
								arrow = "‹"
							}
							f.Update(&ctx, tea.MouseClickMsg{X: kit.WidthOf(lines[y][:strings.LastIndex(lines[y], arrow)]), Y: y, Button: tea.MouseLeft})
							v, _ := f.Setup().Options.Get(k)
							require.NotEqual(t, was, v, "%s: a click on its %s did not switch it", what, arrow)
							f.form.Setup = saved
						}
					}
				}
				require.Len(t, clicked, len(f.rows()), "a row was never in view to click")
			}
		}
	})
}

// TestTableFormScrollMarks: at 80×24 with an error under it, the
// open-table form of four seats with bimah offered scrolls its rows,
// and wherever rows are out of view a line says so, "↑ more above"
// over the rows shown or "↓ more below" under them ("(more above)",
// "(more below)" under -ascii), never where none is; the chosen line
// is in view and the keys stay on the screen, with the cursor on every
// line. Both ends are seen.
func TestTableFormScrollMarks(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		up, down := "↑ more above", "↓ more below"
		if ascii {
			up, down = "(more above)", "(more below)"
		}
		f := tableForm(t, 4, true)
		f.err = strings.Repeat("The hall cannot open a table now. ", 4)
		ctx := kit.NewContext(ascii)
		ctx.Width, ctx.Height = 80, 24
		var sawAbove, sawBelow bool
		for cursor := range len(f.rows()) + 1 {
			f.form.Row = cursor
			lines, row, _ := formLines(f.View(&ctx), f.rows())
			text := strings.Join(lines, "\n")
			what := fmt.Sprintf("ascii %v, cursor %d", ascii, cursor)
			require.LessOrEqual(t, len(lines), 24, "%s:\n%s", what, text)
			require.Contains(t, lines[len(lines)-1], "enter open", "%s:\n%s", what, text)
			var shown, at []int
			for y, i := range row {
				if i >= 0 {
					shown, at = append(shown, i), append(at, y)
				}
			}
			if cursor < len(f.rows()) {
				require.Contains(t, shown, cursor, "%s: the chosen line is out of view:\n%s", what, text)
			}
			above, below := shown[0] > 0, shown[len(shown)-1] < len(f.rows())-1
			sawAbove, sawBelow = sawAbove || above, sawBelow || below
			require.Equal(t, above, strings.Contains(text, up), "%s: rows above out of view %v:\n%s", what, above, text)
			require.Equal(t, below, strings.Contains(text, down), "%s: rows below out of view %v:\n%s", what, below, text)
			if above {
				y := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, up) })
				require.True(t, at[0]-y == 1 || at[0]-y == 2, "%s: %q is not over the rows:\n%s", what, up, text)
			}
			if below {
				require.Contains(t, lines[at[len(at)-1]+1], down, "%s: %q is not under the rows:\n%s", what, down, text)
			}
		}
		require.True(t, sawAbove && sawBelow, "ascii %v: the form never scrolled both ways", ascii)
	}
}

// A click on a choice of the lobby's menu is its letter; a click on a
// table of the list chooses it, a second click joins it. At every seat
// count of the table.
func TestLobbyClicks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		tb := annsTable(t, h, n)
		l := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: h})
		l.Refresh()
		ctx := kittest.Context(80, 24)

		next, _ := l.Update(&ctx, kittest.ClickOn(t, l.View(&ctx), "[o] Open a table"))
		require.IsType(t, &TableForm{}, next, "a click on [o] does not open the form")

		next, _ = l.Update(&ctx, kittest.ClickOn(t, l.View(&ctx), tb.Code()+"  waiting"))
		require.Same(t, l, next, "a first click on a table left the lobby")
		require.Equal(t, len(items), l.row, "a click on the table does not choose it")
		next, _ = l.Update(&ctx, kittest.ClickOn(t, l.View(&ctx), tb.Code()+"  waiting"))
		seat, ok := next.(*SharedSeat)
		require.True(t, ok, "a click on the chosen table does not join it: %T", next)
		require.Equal(t, tb.Code(), seat.Code())
	})
}

// A click on a table of the watch list chooses it, a second click
// watches it.
func TestWatchListClicks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		var codes []string
		for range 2 {
			tb := annsTable(t, h, n)
			conn, err := tb.Join(hall.Player{ID: "a", Name: "ann"})
			require.NoError(t, err)
			require.NoError(t, conn.Start())
			codes = append(codes, tb.Code())
		}
		l := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: h})
		w := newWatchList(l)
		require.Len(t, w.tables, 2)
		ctx := kittest.Context(80, 24)
		second := w.tables[1].Code
		next, _ := w.Update(&ctx, kittest.ClickOn(t, w.View(&ctx), second+"  "))
		require.Same(t, w, next, "a first click on a table left the list")
		require.Equal(t, 1, w.row, "a click on the table does not choose it")
		next, _ = w.Update(&ctx, kittest.ClickOn(t, w.View(&ctx), second+"  "))
		require.IsType(t, &WatchSeat{}, next, "a click on the chosen table does not watch it")
		require.Contains(t, codes, second)
	})
}

// The waiting room's offers take clicks where they are drawn: a guest
// at three or four moves with [m] and leaves with [esc]; the host
// makes the table private with [P] and starts it with [s]. At every
// seat count.
func TestWaitingRoomClicks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		ann := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h})
		bob := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: h})
		tb := annsTable(t, h, n)
		ctx := kittest.Context(80, 24)
		next, _ := ann.join(&ctx, tb)
		host := next.(*SharedSeat)
		next, _ = bob.join(&ctx, tb)
		guest := next.(*SharedSeat)

		if guest.conn.Waiting().Free() > 0 {
			seat := guest.conn.Seat()
			guest.Update(&ctx, kittest.ClickOn(t, guest.View(&ctx), "[m] move"))
			require.NotEqual(t, seat, guest.conn.Seat(), "a click on [m] does not move the guest")
		}
		require.NotContains(t, kittest.Flat(guest.View(&ctx)), "[s]", "the guest is offered the start")
		next, _ = guest.Update(&ctx, kittest.ClickOn(t, guest.View(&ctx), "[esc] leave"))
		require.Same(t, bob, next, "a click on [esc] does not leave the table")

		host.Update(&ctx, kittest.ClickOn(t, host.View(&ctx), "[P] make it private"))
		require.True(t, tb.Private(), "a click on [P] does not make the table private")
		host.Update(&ctx, kittest.ClickOn(t, host.View(&ctx), "[s] start"))
		require.NotNil(t, host.Table(), "a click on [s] does not start the game:\n%s", host.View(&ctx))
	})
}

// The form of a new table takes clicks as the setup's does: a click on
// the seats' › steps them, one on the button opens the table, with the
// seats clicked.
func TestTableFormClicks(t *testing.T) {
	h := randomHall(t, hall.Config{})
	l := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h})
	ctx := kittest.Context(80, 24)
	f := newTableForm(l)
	for n := 3; n <= 4; n++ {
		f.Update(&ctx, kittest.ClickOn(t, f.View(&ctx), "›"))
		require.Equal(t, n, f.Setup().Options.Players, "a click on the seats' › does not step them")
	}
	next, _ := f.Update(&ctx, kittest.ClickOn(t, f.View(&ctx), "Open the table ]"))
	seat, ok := next.(*SharedSeat)
	require.True(t, ok, "a click on the button does not open the table: %T", next)
	require.Len(t, seat.w.Seats, 4)
}

// The leaderboards' ‹ and › take clicks as ← and →; the screen of a
// game open elsewhere takes [t] and [esc].
func TestBoardAndElsewhereClicks(t *testing.T) {
	l := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Club: &lobbytest.Club{}})
	ctx := kittest.Context(80, 24)
	b := newBoardScreen(l)
	pools := club.Pools()
	b.Update(&ctx, kittest.ClickOn(t, b.View(&ctx), "›"))
	require.Equal(t, pools[1], b.seats(), "a click on › does not show the next seat count")
	x := kittest.ClickOn(t, b.View(&ctx), "‹")
	x.X-- // on the ‹ itself
	b.Update(&ctx, x)
	require.Equal(t, pools[0], b.seats(), "a click on ‹ does not show the seat count before")

	e := newElsewhere(l)
	e.Update(&ctx, kittest.ClickOn(t, e.View(&ctx), "[t]"))
	require.True(t, e.waiting, "a click on [t] does not take the game over")
	e = newElsewhere(l)
	next, _ := e.Update(&ctx, kittest.ClickOn(t, e.View(&ctx), "[esc]"))
	require.Same(t, l, next, "a click on [esc] does not go back to the lobby")
}

// A click on the ‹ or › of the trainer's row changes its seat count, as
// in a form, and chooses the row; a click on its words opens it.
func TestTrainerArrowsClick(t *testing.T) {
	l := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: randomHall(t, hall.Config{})})
	ctx := kittest.Context(80, 24)
	at := func(mark string) tea.MouseClickMsg {
		t.Helper()
		for y, line := range strings.Split(ansi.Strip(l.View(&ctx)), "\n") {
			if i := strings.Index(line, "Train your bidding ‹"); i >= 0 {
				j := strings.Index(line[i:], mark)
				return tea.MouseClickMsg{X: kit.WidthOf(line[:i+j]), Y: y, Button: tea.MouseLeft}
			}
		}
		t.Fatalf("no trainer's row:\n%s", l.View(&ctx))
		return tea.MouseClickMsg{}
	}
	seats := func() string {
		t.Helper()
		for _, line := range strings.Split(ansi.Strip(l.View(&ctx)), "\n") {
			if i := strings.Index(line, "‹ "); i >= 0 && strings.Contains(line, "Train") {
				return strings.Fields(line[i+len("‹ "):])[0]
			}
		}
		return ""
	}
	require.Equal(t, "2", seats())
	next, _ := l.Update(&ctx, at("›"))
	require.Same(t, l, next, "a click on › left the lobby")
	assert.Equal(t, "3", seats(), "› does not step the seat count on")
	l.Update(&ctx, at("‹"))
	l.Update(&ctx, at("‹"))
	assert.Equal(t, "4", seats(), "‹ does not step the seat count back, round the end")
}
