package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// keysLine is the screen's last line, with -ascii's words.
func keysLine(f *fixture) string {
	lines := strings.Split(f.text(), "\n")
	return kit.ASCIIText(lines[len(lines)-1])
}

// TestKeysCardPlayListsTricks: at 80 columns the card play's keys line
// names the v list whenever it fits (claim and the hint offered, with
// undo too where the gaps narrow for it), and says the digits play in
// one hint with enter, with the numbers of the cards held ("enter/1-9
// play"), never a separate "1-9 card". At every seat count.
func TestKeysCardPlayListsTricks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24, gated())
		f.until("a card that may follow an undo", func(s host.Snapshot) bool {
			return s.Can.Act && s.Can.Undo && s.Can.Claim && s.View.Phase == rules.PhasePlay
		}, true)
		f.refresh()
		digits := fmt.Sprintf("enter/1-%d play", len(f.s.hand()))
		for _, w := range []string{digits, "u undo", "v tricks", "c claim", "H hint"} {
			if keys := keysLine(f); !strings.Contains(keys, w) {
				t.Errorf("%d players: the keys line leaves out %q: %q", n, w, keys)
			}
		}
		if keys := keysLine(f); strings.Contains(keys, " card") {
			t.Errorf("%d players: the digits are a hint of their own: %q", n, keys)
		}
	})
}

// TestKeysCloseHintBothScripts: with the hint open on a card to play,
// the keys line says how to close it with -ascii as without (the ASCII
// arrows are wider), the v list giving way first. At every seat count.
func TestKeysCloseHintBothScripts(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			f := newFixture(t, n, 42, 80, 24, gated())
			f.until("a card", func(s host.Snapshot) bool {
				return s.Can.Act && !s.Can.Undo && s.Can.Claim && s.View.Phase == rules.PhasePlay
			}, true)
			f.refresh()
			f.drawASCII(ascii)
			if keys := keysLine(f); !strings.Contains(keys, "v tricks") {
				t.Errorf("%d players, ascii %v: no v tricks: %q", n, ascii, keys)
			}
			f.hs.Press("H")
			keys := keysLine(f)
			if !strings.Contains(keys, "close the hint") || !strings.Contains(keys, "c claim") || !strings.Contains(keys, "<-/-> choose") {
				t.Errorf("%d players, ascii %v: the open hint's keys line: %q", n, ascii, keys)
			}
			lines := strings.Split(f.text(), "\n")
			if w := kit.WidthOf(lines[len(lines)-1]); w > 80 {
				t.Errorf("%d players, ascii %v: the keys line is %d wide", n, ascii, w)
			}
		}
	})
}
