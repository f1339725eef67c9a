package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/tui/kit/kittest"
)

// The game's end says how many decisions were taken back in the game,
// as its log counts them, and says nothing of takebacks without any.
func TestGameOverSaysTakebacks(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("a takeback", func(s host.Snapshot) bool { return s.Can.Undo && s.Can.Act }, false)
		f.hs.Press("u")
		if f.snap().Takebacks != 1 {
			t.Fatalf("u did not take back:\n%s", f.text())
		}
		f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
		if text := kittest.Flat(f.text()); !strings.Contains(text, ", 1 takeback.") {
			t.Errorf("%d players: the game's end does not say the takeback:\n%s", n, f.text())
		}
	})
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
		if text := f.text(); strings.Contains(text, "takeback") {
			t.Errorf("%d players: a game without takebacks speaks of them:\n%s", n, text)
		}
	})
}
