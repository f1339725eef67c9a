package table

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// seeds deal each seat count a first deal the person bids on and plays.
var seeds = map[int]uint64{2: 69, 3: 11, 4: 11}

// dealerSaid finds the dealer in a header: "· East deals ·", "· you
// deal ·".
var dealerSaid = regexp.MustCompile(`· (\S+ deals|you deal) ·`)

// TestGoldens draws every screen of the table at 80×24 at every seat
// count: the bid, a card to play, the hint, the trick list, the deal's
// result and its trick list, and the game's end.
func TestGoldens(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			f := newFixture(t, n, seeds[n], 80, 24)
			name := func(what string) string {
				// Every frame of a deal names its dealer in the header,
				// the teams of four called "us" and "them" to make room.
				if head := strings.SplitN(f.text(), "\n", 2)[0]; !strings.Contains(what, "over") && !dealerSaid.MatchString(head) {
					t.Errorf("%s: the header does not say who deals: %q", what, head)
				}
				return fmt.Sprintf("table%d-80x24-%s", n, what)
			}
			f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
			kittest.Golden(t, name("1-bid"), f.text())
			f.hs.Press("H")
			kittest.Golden(t, name("1-hint-bid"), f.text())
			f.hs.Press("esc")
			f.until("a card", myCard, true)
			kittest.Golden(t, name("2-play"), f.text())
			f.hs.Press("H")
			kittest.Golden(t, name("3-hint"), f.text())
			f.hs.Press("H", "v")
			kittest.Golden(t, name("4-tricks"), f.text())
			f.hs.Press("v")
			f.until("a later card", func(s host.Snapshot) bool {
				return myCard(s) && s.View.LastLeader != rules.NoSeat
			}, true)
			kittest.Golden(t, name("5-last-trick"), f.text())
			f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
			kittest.Golden(t, name("6-result"), f.text())
			f.hs.Press("v")
			kittest.Golden(t, name("7-result-tricks"), f.text())
			f.hs.Press("esc")
			f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
			kittest.Golden(t, name("8-over"), f.text())
		})
	}
}

// TestGoldenOverLongSeed: the game's end at 80×24 with a secret seed of
// twenty digits and a log filed under a long home: the seed's sentence
// reads whole on its line and the path breaks only after a "/" or "-".
func TestGoldenOverLongSeed(t *testing.T) {
	const seed = 17851234567890123456
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			f := newFixture(t, n, seed, 80, 24, func(hc *host.Config, _ *Config) {
				hc.Store.(*memStore).dir = "/home/margarethevontrottalindenberg/.local/state/klaberjass/klob/history"
			})
			f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
			text := f.text()
			kittest.CheckSize(t, f.hs.Frame(), 80, 24)
			flat := kittest.Flat(text)
			if !strings.Contains(text, fmt.Sprintf("Seed %d deals this game again, as practice:", uint64(seed))) {
				t.Errorf("the seed's sentence breaks:\n%s", text)
			}
			if !strings.Contains(strings.ReplaceAll(flat, " ", ""), "/home/margarethevontrottalindenberg/.local/state/klaberjass/klob/history/2026-12-01-1200-game-1.klob") {
				t.Errorf("the path is not whole:\n%s", text)
			}
			for _, l := range strings.Split(text, "\n") {
				if l := strings.TrimSpace(l); strings.Contains(l, "klob/") && !strings.HasSuffix(l, "/") && !strings.HasSuffix(l, "-") && !strings.HasSuffix(l, ".klob") {
					t.Errorf("the path breaks inside a name at %q", l)
				}
			}
			kittest.Golden(t, fmt.Sprintf("table%d-80x24-over-long-seed", n), text)
		})
	}
}

// TestGoldenSizes draws a card to play with -ascii at 80×24, and in a
// large window with large cards.
func TestGoldenSizes(t *testing.T) {
	for _, tc := range []struct {
		n     int
		w, h  int
		ascii bool
	}{{2, 80, 24, true}, {3, 80, 24, true}, {4, 80, 24, true}, {2, 120, 40, false}, {3, 120, 40, false}, {4, 120, 40, false}} {
		name := fmt.Sprintf("table%d-%dx%d", tc.n, tc.w, tc.h)
		if tc.ascii {
			name += "-ascii"
		}
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, tc.n, seeds[tc.n], tc.w, tc.h)
			f.drawASCII(tc.ascii)
			f.until("a card", myCard, true)
			kittest.Golden(t, name, f.text())
		})
	}
}
