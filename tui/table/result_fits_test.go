package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
)

// Every deal's result, whole games at every count at 80×24 and the
// game's last deal too, shows its score rows and what to press: the
// last trick under them gives way when they would not fit (a bete at
// three or four explained in three lines once cut "This deal scores").
func TestResultKeepsItsScoreRows(t *testing.T) {
	forCounts(t, func(t *testing.T, n int) {
		for _, seed := range []uint64{1, 2, 3} {
			f := newFixture(t, n, seed, 80, 24)
			for deals := 0; ; {
				f.until("a deal's result", func(s host.Snapshot) bool { return s.Between || s.Over }, false)
				deals++
				text := f.text()
				d := f.snap().Deals[len(f.snap().Deals)-1]
				want := "This deal scores"
				if d.Score.Outcome == rules.Abandoned {
					want = "thrown in"
				}
				if !strings.Contains(text, want) || !strings.Contains(text, "Press enter") {
					t.Fatalf("seed %d deal %d: the result lacks %q or what to press:\n%s", seed, deals, want, text)
				}
				if f.snap().Over {
					break
				}
				f.hs.Press("enter")
				f.until("the next deal", func(s host.Snapshot) bool { return !s.Between }, false)
			}
		}
	})
}
