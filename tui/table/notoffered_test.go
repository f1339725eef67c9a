package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// A menu's letter or number that takes nothing now says so, and which
// keys do: in round one the letter of a suit, in round two the suit
// turned down in round one, a number past the menu. The decision is
// still to make.
func TestKeyNotOfferedSaysSo(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24)
		f.until("the person's bid", func(s host.Snapshot) bool {
			return s.Can.Act && (s.View.Phase == rules.PhaseBid1 || s.View.Phase == rules.PhaseBid2)
		}, false)
		before := f.snap().Gen
		for _, key := range []string{"e", "9", "x"} {
			f.hs.Press(key)
			text := kittest.Flat(f.text())
			if !strings.Contains(text, key+" is not among the choices now:") {
				t.Errorf("%s says nothing:\n%s", key, f.text())
			}
			_, keys, _ := strings.Cut(text, key+" is not among the choices now: ")
			keys, _, _ = strings.Cut(keys, ".")
			if !strings.Contains(keys, "p") || strings.Contains(keys, key) {
				t.Errorf("the note names not the keys that choose (%q):\n%s", keys, f.text())
			}
			if f.snap().Gen != before {
				t.Fatalf("%s made a move", key)
			}
		}
	})
}
