package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
)

// TestAnnounceBelowTheBestMenu: holding a 50 and a 20 at the dialogue's
// opening, the person is offered both announcements, the fifty on a and
// the twenty on its number, and the number takes the twenty.
func TestAnnounceBelowTheBestMenu(t *testing.T) {
	both := func(s host.Snapshot) bool {
		if !s.Can.Act || s.View.Phase != rules.PhaseSequences {
			return false
		}
		n := 0
		for _, a := range s.View.Legal() {
			if a.Kind == rules.Announce {
				n++
			}
		}
		return n == 2
	}
	for seed := uint64(1); seed < 200; seed++ {
		f := newFixture(t, 2, seed, 80, 24, gated())
		if !f.reach(both, true) {
			continue
		}
		txt := f.text()
		if !strings.Contains(txt, "[a] fifty") || !strings.Contains(txt, "[2] twenty") {
			t.Fatalf("seed %d: the menu does not offer both announcements by their keys:\n%s", seed, txt)
		}
		f.hs.Press("right")
		if txt := f.text(); !strings.Contains(txt, "[2] twenty: the twenty only, the fifty kept quiet;") {
			t.Fatalf("seed %d: the twenty's line does not say what it does:\n%s", seed, txt)
		}
		f.hs.Press("2")
		f.settle()
		sn := f.snap()
		h := sn.View.History()
		if last := h[len(h)-1]; last.Seat != rules.SeatA || last.Action != rules.AnnounceAction(20) {
			t.Fatalf("seed %d: 2 took %v", seed, last)
		}
		return
	}
	t.Fatal("no seed up to 200 deals the person a 50 and a 20 to open with")
}
