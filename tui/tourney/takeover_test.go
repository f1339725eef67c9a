package tourney

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/testkit"
)

// TestBoardTakenOverSaysSo: a board of the daily left and taken up
// again ("Welcome back") in one connection, then opened in a second
// connection of the same key: the second's page says the board is open
// in another connection and offers to take it over; once it has, the
// first's table says its seat was taken over, whatever note it showed,
// and esc goes back to the tournament, as q does. With a move made
// since the welcome, too. At every seat count.
func TestBoardTakenOverSaysSo(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		for _, moved := range []bool{false, true} {
			cl := newClub(t, true)
			_, code := cl.dailies(t, players)
			one := cl.openAt(longName, code)
			one.press("enter")
			one.press("enter")
			require.True(t, one.on("board"), one.text())
			one.step()
			next, _ := one.s.QuitNow(&one.d.Ctx)
			require.Equal(t, one.s, next)
			one.run(one.s.Enter(&one.d.Ctx))
			one.press("enter")
			require.True(t, one.on("board"), one.text())
			one.see("Welcome back: board 1 of 8.")
			if moved {
				one.step()
			}

			two := cl.openAt(longName, code)
			two.see("Board 1 is open in another connection of yours: enter takes it over here.")
			two.see("[enter] take over board 1")
			two.press("enter")
			require.True(t, two.on("board"), two.text())

			one.refresh()
			one.see("! Your seat was taken over from another connection of yours.")
			require.NotContains(t, one.text(), "Welcome back")
			one.see("esc the tournament")
			one.press("esc")
			require.True(t, one.on("tournament"), one.text())
			one.see("Board 1 is open in another connection of yours")
			one.see("[enter] take over board 1")
			for _, line := range strings.Split(one.text(), "\n") {
				require.LessOrEqual(t, len([]rune(line)), 80, line)
			}
		}
	})
}
