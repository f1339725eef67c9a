package table

import (
	"regexp"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// Every deal's result, whole games at every count at 80×24 and the
// game's last deal too, shows its score rows and what to press: the
// last trick under them gives way when they would not fit (a bete at
// three or four explained in three lines once cut "This deal scores").
func TestResultKeepsItsScoreRows(t *testing.T) {
	kittest.ForCounts(t, func(t *testing.T, n int) {
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
				checkPadRows(t, f.text(), deals)
			}
		}
	})
}

// padRowRE is a row of the score pad beside the table: the deal's
// number, then its scores and how it went.
var padRowRE = regexp.MustCompile(`│\s*(\d+)\s[^│]*$`)

// checkPadRows: each of the score pad's deal rows on the table screen
// ends with the whole word of how the deal went, never a cut one.
func checkPadRows(t *testing.T, text string, deals int) {
	t.Helper()
	rows := 0
	for _, line := range strings.Split(text, "\n") {
		m := padRowRE.FindString(line)
		if m == "" {
			continue
		}
		rows++
		row := strings.TrimSpace(strings.TrimPrefix(m, "│"))
		if !strings.HasSuffix(row, " made") && !strings.HasSuffix(row, " bete") &&
			!strings.HasSuffix(row, " tie") && !strings.HasSuffix(row, " thrown in") {
			t.Fatalf("after deal %d the score pad's row %q does not end with how the deal went:\n%s", deals, row, text)
		}
	}
	if rows == 0 {
		t.Fatalf("after deal %d no score pad rows on the table:\n%s", deals, text)
	}
}
