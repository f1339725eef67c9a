package table

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestDealerRoundTwoMenuInFullWords: at 80×24, with and without
// -ascii, the dealer's round-two menu, offered every suit but the
// upcard's, or every suit, no trumps and pass (at four), names each
// suit as the trainer does ("[c] ♣ clubs"), over two lines when one
// has no room, never by its sign alone; the screen keeps its size.
func TestDealerRoundTwoMenuInFullWords(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		testkit.EachSeatCount(t, func(t *testing.T, n int) {
			var f *fixture
			for seed := uint64(1); seed <= 20 && f == nil; seed++ {
				g := newFixture(t, n, seed, 80, 24, passingBots)
				g.drawASCII(ascii)
				if g.reach(func(s host.Snapshot) bool {
					return s.Can.Act && s.View.Phase == rules.PhaseBid2 && s.View.Seat == s.View.Dealer
				}, false) {
					f = g
				}
			}
			if f == nil {
				t.Fatal("no game of 20 came to the dealer's round-two choice")
			}
			v := f.snap().View
			legal := v.Legal()
			frame := f.hs.Frame()
			kittest.CheckSize(t, frame, 80, 24)
			text := f.text()
			if ascii {
				text = kit.ASCIIText(text)
			}
			lines := strings.Split(text, "\n")
			menu, rows := "", 0
			for i, l := range lines {
				if strings.Contains(l, "Round two:") {
					menu, rows = l, 1
					if next := lines[i+1]; strings.HasPrefix(next, "   ") && strings.Contains(next, "] ") {
						// The menu's second line, under its first item.
						menu, rows = menu+"\n"+next, 2
					}
				}
			}
			items := s2items(f, legal)
			keys := kit.MenuKeys(items)
			suits := 0
			for i, a := range items {
				want := "[" + keys[i] + "] " + ansi.Strip(kit.TableActionLabel(&f.hs.Ctx, a))
				if ascii {
					want = kit.ASCIIText(want)
				}
				if !strings.Contains(menu, want) {
					t.Errorf("ascii %v: %q is not in the menu %q:\n%s", ascii, want, menu, text)
				}
				if a.Kind == rules.Name && a.Suit != rules.NoTrumps {
					suits++
				}
			}
			if n == 4 && (suits != 4 || rows != 2) || n < 4 && rows != 1 {
				t.Errorf("ascii %v: %d suits offered, the menu over %d lines:\n%s", ascii, suits, rows, text)
			}
		})
	}
}
