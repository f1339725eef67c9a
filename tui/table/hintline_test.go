package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestHintOpenKeyLine: while the hint is open the key line offers to
// close it, "H or esc close the hint" as the hint's last line says (in
// the card play at 80 columns "H/esc", or nothing when the line is
// full), never "H hint"; closed, it offers "H hint" again. In the
// bidding and the card play, at 80 and 120 columns, at every seat count.
func TestHintOpenKeyLine(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, w := range []int{80, 120} {
			f := newFixture(t, n, seeds[n], w, 24)
			keyLine := func() string {
				lines := strings.Split(f.text(), "\n")
				return lines[len(lines)-1]
			}
			check := func(what string, want ...string) {
				t.Helper()
				f.hs.Press("H")
				line := keyLine()
				if !f.s.hintOpen() || strings.Contains(line, "H hint") {
					t.Fatalf("%d columns, %s: the open hint's key line offers H hint:\n%s", w, what, f.text())
				}
				ok := false
				for _, k := range want {
					ok = ok || strings.Contains(line, k)
				}
				if !ok {
					t.Fatalf("%d columns, %s: the open hint's key line offers none of %q:\n%s", w, what, want, f.text())
				}
				f.hs.Press("esc")
				if f.s.hintOpen() || !strings.Contains(keyLine(), "H hint") {
					t.Fatalf("%d columns, %s: esc did not close the hint, or the line offers no hint:\n%s", w, what, f.text())
				}
			}
			f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
			check("the bidding", "H or esc close the hint")
			f.until("a card", myCard, true)
			if w == 80 {
				check("the card play", "H or esc close the hint", "H/esc close the hint", "? help")
			} else {
				check("the card play", "H or esc close the hint")
			}
		}
	})
}
