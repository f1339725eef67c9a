package table

import (
	"cmp"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestBoardHelpHasNoHints: a duplicate board gives no hint, so its
// help lists neither the hint key nor the hints' and grades' legend,
// while keeping the hand's marks; a game played alone keeps both.
func TestBoardHelpHasNoHints(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, board := range []string{"", "Board 1 of 8"} {
			f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) { c.Board = board })
			t.Run(cmp.Or(board, "alone"), func(t *testing.T) { kittest.CheckHintsHelp(t, f.s, board == "") })
		}
	})
}

// TestNoHintsGameHelpHasNoHints: a game whose host gives no hints (a
// rated game between people) has no hint key nor the hints' legend in
// its help, as a duplicate board has not.
func TestNoHintsGameHelpHasNoHints(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, _ *Config) { hc.NoHints = true })
		f.until("the first snapshot", func(s host.Snapshot) bool { return s.NoHints }, false)
		kittest.CheckHintsHelp(t, f.s, false)
	})
}
