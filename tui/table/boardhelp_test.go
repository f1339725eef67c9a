package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestBoardHelpHasNoHints: a duplicate board gives no hint, so its
// help lists neither the hint key nor the hints' and grades' legend,
// while keeping the hand's marks; a game played alone keeps both.
func TestBoardHelpHasNoHints(t *testing.T) {
	kittest.ForCounts(t, func(t *testing.T, n int) {
		for _, board := range []string{"", "Board 1 of 8"} {
			f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) { c.Board = board })
			ctx := kittest.Context(80, 24)
			text := kittest.HelpText(&ctx, f.s)
			hintKey := false
			for _, col := range f.s.KeyHelp(&ctx.Keys).FullHelp() {
				for _, b := range col {
					hintKey = hintKey || b.Help() == ctx.Keys.Hint.Help()
				}
			}
			want := board == ""
			if got := kit.HelpHintsOf(f.s); got != want {
				t.Errorf("board %q: HelpHints %v", board, got)
			}
			if hintKey != want {
				t.Errorf("board %q: the help lists the hint key: %v", board, hintKey)
			}
			if got := strings.Contains(text, "standard error"); got != want {
				t.Errorf("board %q: the help tells the hints' legend: %v\n%s", board, got, text)
			}
			if !strings.Contains(text, "under a card: selected") {
				t.Errorf("board %q: the help lost the hand's marks:\n%s", board, text)
			}
		}
	})
}
