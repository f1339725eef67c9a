package table

import (
	"regexp"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestTrickListASCII: under -ascii (kit.ASCIIText over the screen, as
// the App draws it) the trick list's head and rows are plain ASCII at
// every seat count: the running count once kept its "–" ("1–0").
func TestTrickListASCII(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("two tricks", func(s host.Snapshot) bool { return myPlays(s) >= 2 && myCard(s) }, true)
		f.hs.Press("v")
		rows := 0
		for _, l := range strings.Split(kit.ASCIIText(f.text()), "\n") {
			if !strings.Contains(l, "won (") && !(len(l) > 1 && l[1] >= '1' && l[1] <= '9') {
				continue
			}
			rows++
			for _, r := range l {
				if r > 127 {
					t.Fatalf("%d players: %q in %q under -ascii", n, r, l)
				}
			}
		}
		if rows < 3 {
			t.Fatalf("%d players: no trick list:\n%s", n, f.text())
		}
	})
}

// TestKeyLineASCII: the key line is fitted as the App shows it under
// -ascii, where "←/→" is written "<-/->": it ends in "q quit" within
// the width it is given (80 less its margins) at every seat count.
func TestKeyLineASCII(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.hs.Ctx.ASCII = true
		f.hs.Ctx.SetDark(true)
		lines := strings.Split(strings.TrimRight(kit.ASCIIText(kittest.TrimRight(f.text())), "\n"), "\n")
		last := lines[len(lines)-1]
		if !strings.HasSuffix(last, "q quit") || kit.WidthOf(last) > 79 {
			t.Errorf("%d players: the key line %q (%d wide)", n, last, kit.WidthOf(last))
		}
	})
}

// TestRoundTwoMenuASCII: under -ascii the round-two menu names each
// suit it offers in words, never a suit letter alone ("[e] H" read as
// the hint's key), at every seat count.
func TestRoundTwoMenuASCII(t *testing.T) {
	alone := regexp.MustCompile(`\] [CDHS](  |$)`)
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for seed := uint64(1); ; seed++ {
			if seed > 40 {
				t.Fatalf("%d players: no game of 40 came to the person's round-two choice", n)
			}
			f := newFixture(t, n, seed, 80, 24)
			f.hs.Ctx.ASCII = true
			f.hs.Ctx.SetDark(true)
			if !f.reach(func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid2 }, false) {
				continue
			}
			text := kit.ASCIIText(f.text())
			menu := ""
			for _, l := range strings.Split(text, "\n") {
				if strings.Contains(l, "Round two:") {
					menu = l
				}
			}
			if menu == "" {
				t.Fatalf("%d players: no round-two menu:\n%s", n, text)
			}
			if alone.MatchString(menu) || !regexp.MustCompile(`clubs|diamonds|hearts|spades`).MatchString(menu) {
				t.Errorf("%d players: the suits are not named in %q", n, menu)
			}
			return
		}
	})
}
