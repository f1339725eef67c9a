package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
)

// TestHeldTrickAnyKey: at a trick held on the table the line says any
// key goes on to the next trick, and so it does for the keys that act
// elsewhere: u takes back nothing (not the card that ended the trick,
// though it could be taken back), o does not sort, H opens no hint.
func TestHeldTrickAnyKey(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, _ *Config) { hc.HoldTricks = true })
		for _, k := range []string{"u", "o", "H"} {
			f.until("a trick held", func(s host.Snapshot) bool { return s.Hold && s.Can.Ready && (k != "u" || s.Can.Undo) }, true)
			if text := f.text(); !strings.Contains(text, "any key next trick") {
				t.Fatalf("%s: the line does not say any key goes on:\n%s", k, text)
			}
			s, order := f.snap(), f.s.order
			f.hs.Press(k)
			now := f.snap()
			switch {
			case now.Hold && now.Gen == s.Gen:
				t.Fatalf("%s did not go on to the next trick:\n%s", k, f.text())
			case now.Takebacks != s.Takebacks || strings.Contains(f.text(), "Taken back"):
				t.Fatalf("%s took back at the held trick:\n%s", k, f.text())
			case f.s.order != order:
				t.Fatalf("%s sorted the hand at the held trick:\n%s", k, f.text())
			case f.s.hinting:
				t.Fatalf("%s opened the hint at the held trick:\n%s", k, f.text())
			}
		}
	})
}
