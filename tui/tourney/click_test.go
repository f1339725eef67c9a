package tourney

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The tournaments go by clicks: "n new" on the line of keys opens the
// form, whose seats' ‹ steps them and whose button creates the
// tournament; "[esc] tournaments" goes back to the list, where a click
// on a tournament chooses it and a second opens it; [enter] plays a
// board.
func TestTournamentClicks(t *testing.T) {
	cl := newClub(t, true)
	a := cl.open(ann)
	a.d.ClickOn("n new")
	require.True(t, a.on("new tournament"), "a click on n new did not open the form:\n%s", a.text())
	a.d.ClickOn("‹ 3 ›")
	a.see("Seats                      2 ›")
	a.d.ClickOn("Create the tournament")
	m := openRE.FindStringSubmatch(a.text())
	require.NotNil(t, m, "a click on the button did not create the tournament:\n%s", a.text())
	a.d.ClickOn("[esc] tournaments")
	require.True(t, a.on("list"), "a click on [esc] did not go back:\n%s", a.text())
	l := a.s.sub.(*list)
	row := l.row
	a.d.ClickOn(m[1] + " · 2 players")
	require.NotEqual(t, row, l.row, "a click on the tournament did not choose it")
	require.True(t, a.on("list"), "a first click opened the tournament")
	a.d.ClickOn(m[1] + " · 2 players")
	require.True(t, a.on("tournament"), "a second click did not open it:\n%s", a.text())
	a.d.ClickOn("[enter] play board 1")
	require.True(t, a.on("board"), "a click on [enter] did not deal the board:\n%s", a.text())
}
