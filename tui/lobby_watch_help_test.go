package tui

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/lobby"
)

// TestWatchListHelp: on the list of tables to watch, ? opens the
// list's help (a code never holds ?) and the next key closes it
// unused; q is a letter of the code typed (codes hold Q), and neither
// the keys' line nor the help says q leaves.
func TestWatchListHelp(t *testing.T) {
	c := newClub(t)
	carol := c.person(t, "c", "Carol", lobby.Command{})
	carol.key("w")
	carol.until(t, "Watch a table")
	require.Contains(t, plain(carol), "? help", "the keys' line offers the help")
	carol.key("?")
	scr := plain(carol)
	require.Contains(t, scr, "Help (", "? opens no help:\n%s", scr)
	require.Contains(t, scr, "type a code, q included", "the help lacks the list's keys:\n%s", scr)
	require.NotContains(t, scr, "q leave", "the help says q leaves:\n%s", scr)
	carol.key("x")
	scr = plain(carol)
	require.Contains(t, scr, "Watch a table", "a key does not close the help:\n%s", scr)
	require.Contains(t, scr, "Or type a table's code: _", "the key closing the help was typed:\n%s", scr)
	carol.key("q")
	scr = plain(carol)
	require.Contains(t, scr, "Or type a table's code: q", "q is no letter of the code:\n%s", scr)
	require.NotContains(t, scr, "q leave", "the keys' line says q leaves:\n%s", scr)
	require.NotContains(t, scr, "q quit", "the keys' line says q quits:\n%s", scr)
}
