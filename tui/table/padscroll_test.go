package table

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/tui/kit/kittest"
)

// padRow is a row of the score pad: the deal's number first.
var padRow = regexp.MustCompile(`^\s*(\d+)\s+(\d+\*?|thrown in)`)

// padDeals are the deals whose rows the screen's score pad shows.
func padDeals(text string) map[int]bool {
	seen := map[int]bool{}
	for _, l := range strings.Split(text, "\n") {
		if m := padRow.FindStringSubmatch(l); m != nil {
			var n int
			fmt.Sscan(m[1], &n)
			seen[n] = true
		}
	}
	return seen
}

// A long game's end shows only its last deals' rows; ↑ and page up
// scroll back to the first, ↓ to the last, every deal's row in reach,
// at 80×24 at every seat count.
func TestOverPadScrolls(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			// The first game to 1000, of seeds 1, 2..., long enough that
			// its end cuts the pad.
			var f *fixture
			var text string
			var seen map[int]bool
			deals := 0
			for seed := uint64(1); ; seed++ {
				if seed > 20 {
					t.Fatal("no game of 20 is long enough to cut the pad")
				}
				f = newFixture(t, n, seed, 80, 24, func(hc *host.Config, _ *Config) { hc.Options.Target = 1000 })
				f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
				deals, text = len(f.s.snap.Deals), f.text()
				if seen = padDeals(text); len(seen) < deals {
					break
				}
			}
			if !seen[deals] || seen[1] {
				t.Fatalf("the end opens on the last deals: %v\n%s", seen, text)
			}
			if !strings.Contains(text, "earlier deal") {
				t.Errorf("the cut pad says not how to see the rest:\n%s", text)
			}
			for range deals {
				f.hs.Press("up")
				kittest.CheckSize(t, f.hs.Frame(), 80, 24)
				for d := range padDeals(f.text()) {
					seen[d] = true
				}
			}
			for d := 1; d <= deals; d++ {
				if !seen[d] {
					t.Errorf("deal %d never showed: %v", d, seen)
				}
			}
			top := f.text()
			if !padDeals(top)[1] || !strings.Contains(top, "later deal") {
				t.Errorf("scrolled to the top, the pad shows deal 1 and says more follow:\n%s", top)
			}
			f.hs.Press("up")
			if f.text() != top {
				t.Errorf("↑ at the top moved the pad")
			}
			f.hs.Press("pgdown")
			f.hs.Press("pgdown")
			f.hs.Press("pgdown")
			if got := padDeals(f.text()); !got[deals] {
				t.Errorf("page down does not come back to the last deal:\n%s", f.text())
			}
		})
	}
}

// The v list holds the score pad with every deal of the game, however
// few rows the pad beside the table keeps.
func TestDealListHasEveryDeal(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			f := newFixture(t, n, seeds[n], 80, 24)
			f.until("the fifth deal", func(s host.Snapshot) bool { return len(s.Deals) >= 4 && !s.Between && !s.Over }, true)
			deals := len(f.s.snap.Deals)
			f.hs.Press("v")
			seen := map[int]bool{}
			for range 40 {
				for d := range padDeals(f.text()) {
					seen[d] = true
				}
				f.hs.Press("down")
			}
			for d := 1; d <= deals; d++ {
				if !seen[d] {
					t.Errorf("deal %d is not in the v list: %v", d, seen)
				}
			}
		})
	}
}
