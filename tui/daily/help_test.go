package daily

import (
	"errors"
	"strings"
	"testing"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit"
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

// TestHelpMarksWithCardsOnly: only a board's table and a replay show
// cards, so only their help tells the numbers and marks; the intro, the
// history, the page between boards, the results, the standings and the
// page that says the day cannot go on leave them out.
func TestHelpMarksWithCardsOnly(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	marks := func(part string, want bool) {
		t.Helper()
		if !f.on(part)() {
			t.Fatalf("at %s, not %s:\n%s", f.s.Name(), part, f.text())
		}
		if got := kit.HelpMarksOf(f.s); got != want {
			t.Errorf("the help of %s tells the numbers and marks: %v, want %v", part, got, want)
		}
	}
	marks("intro", false)
	f.hs.Press("h")
	marks("history", false)
	f.hs.Press("esc", "enter")
	if _, ok := f.tbl(); !ok {
		t.Fatalf("enter deals no board:\n%s", f.text())
	}
	marks("table", true)
	f.until("board 1's end", f.on("between"))
	marks("between", false)
	f.until("the results", f.resultsRead)
	marks("results", false)
	f.hs.Press("s")
	marks("standings", false)
	f.hs.Press("esc", "enter")
	marks("replay", true)
	f.s.sub = &stopped{s: f.s, err: errors.New("board 1 cannot be played")}
	marks("stopped", false)
}
