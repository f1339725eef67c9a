package tourney

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/kit"
)

// TestHelpMarksWithCardsOnly: only a board's table and a replay show
// cards, so only their help tells the numbers and marks; the list, the
// form, a tournament's page running and ended, the page after a board,
// an entrant's boards and a board's results leave them out.
func TestHelpMarksWithCardsOnly(t *testing.T) {
	cl := newClub(t, false)
	marks := func(f *fixture, part string, want bool) {
		t.Helper()
		require.True(t, f.on(part), "at %s, not %s:\n%s", f.s.Name(), part, f.text())
		require.Equal(t, want, kit.HelpMarksOf(f.s), "the help of %s tells the numbers and marks", part)
	}
	a := cl.open(ann)
	marks(a, "list", false)
	a.press("n")
	marks(a, "new tournament", false)

	f, code := seatedMidBoard(t, cl, 2, longName)
	marks(f, "board", true)
	playOut(t, f)
	f.press("enter")
	marks(f, "after the board", false)
	f.press("esc")
	marks(f, "tournament", false)
	require.NoError(t, cl.svc.End(context.Background(), ann, code))
	f.press("r")
	f.see("standings")
	marks(f, "tournament", false)
	f.press("enter")
	marks(f, "entrant", false)
	f.press("a")
	marks(f, "board results", false)
	f.press("enter")
	marks(f, "replay", true)
}
