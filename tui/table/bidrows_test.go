package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestBiddingKeepsItsRows: at 80×24 the table does not move between
// the frames of one bidding (the person passing each time), although
// the line over it may need two rows in round one and one in round
// two: seed 3 deals two players a bidding that comes to round two.
func TestBiddingKeepsItsRows(t *testing.T) {
	for _, seed := range []uint64{3, 11, 69} {
		testkit.EachSeatCount(t, func(t *testing.T, n int) {
			f := newFixture(t, n, seed, 80, 24)
			prev, prevText := -1, ""
			for range 40 {
				s := f.settle()
				f.refresh()
				if s.View.Phase != rules.PhaseBid1 && s.View.Phase != rules.PhaseBid2 {
					break
				}
				row := -1
				for r, l := range strings.Split(f.text(), "\n") {
					if strings.Contains(l, "Bidding, round") {
						row = r
					}
				}
				if prev >= 0 && row != prev {
					t.Errorf("seed %d: the table moves from row %d to %d:\n%s\nthen:\n%s", seed, prev, row, prevText, f.text())
				}
				prev, prevText = row, f.text()
				if !s.Can.Act {
					break
				}
				f.step(false)
			}
		})
	}
}
