package tourney

import (
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestBoardHelpHasNoHints: a tournament's board gives no hint, so the
// help of the tournament's screen at a board lists neither the hint key
// nor the hints' and grades' legend, and keeps the hand's marks.
func TestBoardHelpHasNoHints(t *testing.T) {
	kittest.ForCounts(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		f, _ := seatedMidBoard(t, cl, players, ann)
		f.board()
		ctx := kittest.Context(80, 24)
		if kit.HelpHintsOf(f.s) {
			t.Error("the board's help says it has hints")
		}
		for _, col := range f.s.KeyHelp(&ctx.Keys).FullHelp() {
			for _, b := range col {
				if b.Help() == ctx.Keys.Hint.Help() {
					t.Errorf("the board's help lists the hint key: %q", b.Help().Desc)
				}
			}
		}
		text := kittest.HelpText(&ctx, f.s)
		if strings.Contains(text, "standard error") {
			t.Errorf("the board's help tells the hints' legend:\n%s", text)
		}
		if !strings.Contains(text, "under a card: selected") {
			t.Errorf("the board's help lost the hand's marks:\n%s", text)
		}
	})
}
