package daily

import (
	"errors"
	"testing"

	"github.com/klob/klob/tui/kit"
)

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
