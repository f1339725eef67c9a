package daily

import (
	"errors"
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/tui/kit"
)

// flat is a screen's text with its wrapping undone, to look for a
// sentence that a paragraph breaks.
func flat(text string) string { return strings.Join(strings.Fields(text), " ") }

// TestDailySaysTheSharedWords: the day's pages say what the server's
// daily says of the same thing, in kit's words: the title, how the
// boards are played and scored, the boards played, the boards to go,
// the quit's question in a board and the last board. At every seat
// count; tui/tourney asserts the same words of the server's daily.
func TestDailySaysTheSharedWords(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		noPar := func(ai.Level, ai.Config) (ai.Bot, error) { return nil, errors.New("no par today") }
		f := newFixture(t, n, "", noPar)
		head, _, _ := strings.Cut(f.text(), "\n")
		if !strings.HasSuffix(head, duplicate.DailyTitle(day1, n)) {
			t.Errorf("%d players: the title %q", n, head)
		}
		says := func(where string, wants ...string) {
			t.Helper()
			for _, want := range wants {
				if !strings.Contains(flat(f.text()), want) {
					t.Errorf("%d players: %s does not say %q:\n%s", n, where, want, f.text())
				}
			}
		}
		says("the intro", kit.BoardsWords(n, "normal"), kit.BoardsPlayed(0, 8, 1, false)+".")
		f.until("board 1", func() bool { _, ok := f.tbl(); return ok })
		if q := f.s.QuitQuestion(); q != kit.BoardSaved("klob daily goes on from there") {
			t.Errorf("%d players: the quit's question in a board %q", n, q)
		}
		f.until("board 1's end", func() bool { p, ok := f.s.sub.(*between); return ok && p.saved })
		says("the page after board 1", kit.BoardsToGo(7, "klob daily goes on from here"), "[esc] the daily")
		f.until("board 8's end", func() bool { p, ok := f.s.sub.(*between); return ok && p.n == 8 && p.saved })
		says("the page after board 8", kit.LastBoard("par and the comparison come next"))
	})
}
