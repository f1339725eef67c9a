package tourney

import (
	"testing"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestBoardHelpHasNoHints: a tournament's board gives no hint, so the
// help of the tournament's screen at a board lists neither the hint key
// nor the hints' and grades' legend, and keeps the hand's marks.
func TestBoardHelpHasNoHints(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		f, _ := seatedMidBoard(t, cl, players, ann)
		f.board()
		kittest.CheckHintsHelp(t, f.s, false)
	})
}
