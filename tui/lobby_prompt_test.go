package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/lobby"
)

// TestLobbyEmptyCodeCloses: enter on the code's line with nothing typed
// closes it, as esc does, with no error about the code "".
func TestLobbyEmptyCodeCloses(t *testing.T) {
	h := testHall(t)
	ann, _ := annAndBob(t, h, 80, 24)
	ann.key("j")
	ann.until(t, "Table code:")
	ann.key("enter")
	if scr := ann.screen(); strings.Contains(scr, `""`) || strings.Contains(scr, "Table code:") {
		t.Fatalf("enter with no code:\n%s", scr)
	}
	ann.key("j")
	ann.key("x")
	ann.key("enter")
	ann.until(t, "a table code is four letters")
}

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

// TestLobbyRenameSaysTheCut: a name pasted longer than a name holds is
// cut, and both the line and the note say so.
func TestLobbyRenameSaysTheCut(t *testing.T) {
	c := newClub(t)
	ann, _ := c.pair(t)
	ann.key("r")
	ann.do(tea.PasteMsg{Content: "Cidalgo the Magnificent Emperor of All"})
	require.Contains(t, plain(ann), "(cut to 24)")
	ann.key("enter")
	require.Contains(t, strings.Join(strings.Fields(plain(ann)), " "),
		"You are Cidalgo the Magnificent now: a name holds at most 24 characters, the rest was left out.")
	// One that fits says nothing of a cut.
	ann.key("r")
	ann.do(tea.PasteMsg{Content: "Ann"})
	require.NotContains(t, plain(ann), "cut to")
	ann.key("enter")
	require.Contains(t, plain(ann), "You are Ann now.")
}
