package tourney

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/testkit"
)

// Back on the list from a tournament, the cursor is on the tournament
// left: after its page opened from the list, after a board of it was
// played (its page is then a new one), and after the page opened first
// (Config.Open). At every seat count.
func TestListCursorStaysOnTheTournamentLeft(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		for range 3 {
			cl.create(t, players, 4, time.Hour)
		}
		f := cl.open(ann)
		l := f.s.sub.(*list)
		require.Len(t, l.items, 3, f.text())
		code := l.items[2].Code
		cursorOn := func(what string) {
			t.Helper()
			l, ok := f.s.sub.(*list)
			require.True(t, ok, "%s: %s\n%s", what, f.s.sub.Name(), f.text())
			require.Len(t, l.items, 3, f.text())
			require.Equal(t, code, l.items[l.row].Code, "%s:\n%s", what, f.text())
		}

		f.press("down", "down", "enter")
		require.True(t, f.on("tournament"), f.text())
		f.see(code)
		f.press("esc")
		cursorOn("back from its page")

		f.press("enter", "enter", "enter")
		require.True(t, f.on("board"), f.text())
		next, _ := f.s.QuitNow(&f.d.Ctx)
		require.Equal(t, f.s, next)
		f.run(f.s.Enter(&f.d.Ctx))
		f.see("[enter] go on with board 1")
		f.press("esc")
		cursorOn("back from a board's tournament")

		f.s.Close()
		f = cl.openAt(ann, code)
		f.press("esc")
		cursorOn("back from the page opened first")
	})
}
