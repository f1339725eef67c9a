package table

import (
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestDroppedSlashRunsNoTableKeys: after the server drops keys (a /
// among them, say), the keys that follow less than kit.BurstPause apart
// bid nothing and play nothing, digits, enter and letters alike, and
// the note says why; after a pause the next key acts. At a bid and at a
// card turn, at every seat count, on the screen's clock.
func TestDroppedSlashRunsNoTableKeys(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		now := t0
		f.s.cfg.Now = func() time.Time { return now }
		burst := func(what string) {
			t.Helper()
			s := f.snap()
			gen, moves := s.Gen, myMoves(s)
			f.hs.Send(droppedKeys{})
			if !strings.Contains(kittest.Flat(f.text()), kit.BurstNote) {
				t.Fatalf("%d players, %s: the drop is not told:\n%s", n, what, f.text())
			}
			for _, k := range []string{"1", "enter", "p", "t", "2", "enter", "h", "i"} {
				now = now.Add(kit.BurstPause / 2)
				if !f.s.Typing() {
					t.Fatalf("%d players, %s: %s does not come to the screen", n, what, k)
				}
				f.hs.Press(k)
				if s := f.snap(); s.Gen != gen || myMoves(s) != moves {
					t.Fatalf("%d players, %s: %s of the burst moved the game:\n%s", n, what, k, f.text())
				}
			}
			now = now.Add(kit.BurstPause)
			if f.s.Typing() {
				t.Fatalf("%d players, %s: the burst is not over after a pause", n, what)
			}
			f.step(true)
			if myMoves(f.snap()) != moves+1 {
				t.Fatalf("%d players, %s: the key after the pause did not act:\n%s", n, what, f.text())
			}
		}
		f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
		burst("a bid")
		f.until("a card", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhasePlay }, true)
		burst("a card")
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
	})
}
