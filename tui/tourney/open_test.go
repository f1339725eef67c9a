package tourney

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/testkit"
)

// Opened at a tournament (where the lobby says a board was left
// half-played), the screen shows that tournament's page first: enter
// goes on with the board, esc goes back to the list.
func TestOpenAtATournament(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		first, code := seatedMidBoard(t, cl, players, longName)
		first.s.Close() // the connection leaves the board, saved

		openAt := func() *fixture {
			f := cl.openAt(longName, code)
			require.True(t, f.on("tournament"), "opened at %s: %s\n%s", code, f.s.sub.Name(), f.text())
			f.see(code)
			f.see("[enter] go on with board 1")
			return f
		}
		f := openAt()
		f.press("esc")
		require.True(t, f.on("list"), "esc from the page opened first: %s\n%s", f.s.sub.Name(), f.text())
		f.s.Close()
		f = openAt()
		f.press("enter")
		require.True(t, f.on("board"), f.text())
	})
}
