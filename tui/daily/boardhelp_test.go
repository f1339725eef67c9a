package daily

import (
	"testing"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestBoardHelpHasNoHints: a daily board gives no hint, so the help of
// klob daily at a board lists neither the hint key nor the hints' and
// grades' legend, and keeps the hand's marks.
func TestBoardHelpHasNoHints(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "")
		f.until("board 1", func() bool { _, ok := f.tbl(); return ok })
		kittest.CheckHintsHelp(t, f.s, false)
	})
}
