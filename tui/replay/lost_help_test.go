package replay

import (
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit/kittest"
)

// TestHelpSaysWhatLostCounts: the replay's help says what the analysis'
// summary line counts ("Points lost, deal/game: ...; chance to win
// lost, summed: ..."): the points lost by the decisions graded by
// points, the chance lost by those graded by the chance to win, summed
// so that it can pass 100%.
func TestHelpSaysWhatLostCounts(t *testing.T) {
	hs := open(t, readGame(t, "06-sequences-decided-by-top-card.klob"), "g", 80, 24)
	ctx := kittest.Context(80, 24)
	text := kittest.Flat(kittest.HelpText(&ctx, replayOf(hs)))
	for _, want := range []string{"Points lost deal/game: the points of score difference that each graded seat's decisions lost, this deal and over the game",
		"summed over the decisions graded by points", "the decisions graded by the chance to win the game", "so it can pass 100%"} {
		if !strings.Contains(text, want) {
			t.Errorf("the help does not say %q:\n%s", want, text)
		}
	}
}
