package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit/kittest"
)

// TestTalkPanelPromisesNoTalk: at a table nobody can talk at (a game
// against bots, a daily or tournament board), the panel beside it holds
// the bids and declarations and is not headed as talk; at a table with
// a chat it is "Table talk".
func TestTalkPanelPromisesNoTalk(t *testing.T) {
	kittest.ForCounts(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24)
		f.until("a card", myCard, true)
		if text := f.text(); strings.Contains(text, "talk") || !strings.Contains(text, "Bids and declarations") {
			t.Errorf("a table without chat promises talk:\n%s", text)
		}
		w := newWatcher(t, f, &fakeTalk{})
		if text := w.text(); !strings.Contains(text, "Table talk") {
			t.Errorf("a table with chat does not say talk:\n%s", text)
		}
	})
}
