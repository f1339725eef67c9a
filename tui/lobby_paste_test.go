package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/lobby"
)

// TestLobbyPasteCode: a table's code pasted (as a friend sent it, with
// a line's end) after j joins the table, and after w watches it.
func TestLobbyPasteCode(t *testing.T) {
	c := newClub(t)
	ann, bob := c.pair(t)
	carol := c.person(t, "c", "Carol", lobby.Command{})
	code := openAndJoin(t, 2, ann)
	bob.key("j")
	bob.do(tea.PasteMsg{Content: " " + code + "\n"})
	bob.key("enter")
	require.NotNil(t, bob.seat(), "the code pasted joins:\n%s", plain(bob))
	ann.key("s")
	ann.until(t, "Deal 1")
	carol.key("w")
	carol.until(t, "Watch a table")
	carol.do(tea.PasteMsg{Content: code + "\n"})
	carol.key("enter")
	require.NotNil(t, carol.watching(), "the code pasted watches:\n%s", plain(carol))
}
