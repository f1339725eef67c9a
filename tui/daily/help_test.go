package daily

import (
	"strings"
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

// TestBoardTakebackRefusal: a daily board takes nothing back, and the
// refusal of u says it is the daily challenge that takes none, not
// "this game".
func TestBoardTakebackRefusal(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "")
		f.untilFirstDecision()
		f.hs.Press("u")
		text := strings.Join(strings.Fields(f.text()), " ")
		if !strings.Contains(text, "Nothing to take back: takebacks are off in the daily challenge.") {
			t.Errorf("%d players: u on a daily board:\n%s", n, f.text())
		}
	})
}

// TestBoardHelpIsOneDeal: a board is one deal, not a game to a target:
// its help says so in place of "the first to the target wins".
func TestBoardHelpIsOneDeal(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "")
		f.untilFirstDecision()
		ctx := kittest.Context(80, 24)
		help := strings.Join(strings.Fields(kittest.HelpText(&ctx, f.s)), " ")
		if !strings.Contains(help, "A board is one deal, scored on its own") || strings.Contains(help, "The first to the target") {
			t.Errorf("%d players: the board's help:\n%s", n, help)
		}
	})
}
