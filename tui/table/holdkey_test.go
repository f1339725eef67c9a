package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestHeldTrickAnyKey: at a trick held on the table the lines say
// enter, space or a key they do not list goes on to the next trick
// (v, ? and q do what they say), and so it does for enter, space and
// the keys that act elsewhere: u takes back nothing (not the card that
// ended the trick, though it could be taken back), o does not sort, H
// opens no hint. v opens the list and does not go on.
func TestHeldTrickAnyKey(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, _ *Config) { hc.HoldTricks = true })
		for _, k := range []string{"v", "enter", "space", "u", "o", "H"} {
			f.until("a trick held", func(s host.Snapshot) bool { return s.Hold && s.Can.Ready && (k != "u" || s.Can.Undo) }, true)
			text := kittest.Flat(f.text())
			if !strings.Contains(text, "Trick over. Enter, space or a key not listed below: the next trick.") ||
				!strings.Contains(text, "enter/space next trick · v tricks · ? help · q quit") {
				t.Fatalf("%s: the lines do not say which keys go on:\n%s", k, f.text())
			}
			if k == "v" {
				s := f.snap()
				f.hs.Press("v")
				if now := f.snap(); !now.Hold || now.Gen != s.Gen || !f.s.tricks {
					t.Fatalf("v went on from the held trick, or opened no list:\n%s", f.text())
				}
				f.hs.Press("v")
				continue
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
