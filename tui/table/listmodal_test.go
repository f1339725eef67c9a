package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// gameKeys are keys that act on the game or the hand when no list is
// open: bid, play, choose, sort, take back, claim, the hint, go on.
var gameKeys = []string{"t", "p", "enter", "space", "1", "2", "right", "left", "b", "n", "u", "o", "c", "H", "x"}

// listStaysModal presses gameKeys with the v list open and checks that
// none reached the game: the game has not moved, the hand's order, the
// cursor and the menu are as they were, no hint is open, the list is
// still open and the note says how to close it. v then closes it, the
// note going with it.
func listStaysModal(t *testing.T, f *fixture, what string) {
	t.Helper()
	f.hs.Press("v")
	if !f.s.tricks {
		t.Fatalf("%s: v did not open the list:\n%s", what, f.text())
	}
	played := func() int { s := f.snap(); return len(s.View.History()) }
	gen, hist, order, cursor, menu := f.port.Snapshot().Gen, played(), f.s.order, f.s.Cursor, f.s.Menu
	for _, k := range gameKeys {
		f.hs.Press(k)
		switch {
		case f.port.Snapshot().Gen != gen || played() != hist:
			t.Fatalf("%s: %s reached the game behind the list:\n%s", what, k, f.text())
		case f.s.order != order || f.s.Cursor != cursor || f.s.Menu != menu || f.s.hinting:
			t.Fatalf("%s: %s moved the hand, the menu or the hint behind the list:\n%s", what, k, f.text())
		case !f.s.tricks:
			t.Fatalf("%s: %s closed the list:\n%s", what, k, f.text())
		case !strings.Contains(kittest.Flat(f.text()), "v or esc closes the list first"):
			t.Fatalf("%s: %s says nothing of closing the list:\n%s", what, k, f.text())
		}
	}
	kittest.CheckSize(t, f.hs.Frame(), 80, 24)
	f.hs.Press("v")
	if f.s.tricks || strings.Contains(f.text(), "closes the list first") {
		t.Fatalf("%s: v did not close the list, or its note stays:\n%s", what, f.text())
	}
}

// TestListIsModal: while the v list covers the table, no key meant for
// the game acts behind it (it would bid or play unseen), as the key
// line says only v or esc work: in the bidding, in the card play and
// on a deal's result. A click on a card under the list plays nothing
// either.
func TestListIsModal(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24)
		f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
		listStaysModal(t, f, "the bidding")
		f.until("a card", myCard, true)
		listStaysModal(t, f, "the card play")

		f.hs.Press("v")
		gen := f.port.Snapshot().Gen
		_, hits := f.s.render(&f.hs.Ctx)
		for _, h := range hits {
			if h.Kind == kit.HitCard {
				f.hs.Click(h.Rect.X+h.Rect.W/2, h.Rect.Y)
			}
		}
		if f.port.Snapshot().Gen != gen {
			t.Fatalf("a click played a card under the list:\n%s", f.text())
		}
		f.hs.Press("esc")

		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		listStaysModal(t, f, "the result")
	})
}
