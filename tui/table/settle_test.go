package table

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestKeyAsADealComes: with kit.Context.Settle, enter, a digit, a bid's
// letter or a click pressed as a new deal comes to the screen (the
// second of a double enter or a double click on the last result)
// decides nothing: the screen says why, and each such key starts the
// wait again, so that a held enter decides nothing while held. The same
// key once the deal has been on the screen for Settle since the last
// one dropped decides as always. Keys that decide nothing (v) still
// work. At every seat count, on the screen's clock.
func TestKeyAsADealComes(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		now := t0
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, tc *Config) {
			tc.Now = func() time.Time { return now }
		})
		f.hs.Ctx.Settle = DefaultSettle
		// The first deal came at t0, long before now: it takes keys.
		now = t0.Add(time.Hour)
		f.until("the first deal's result", func(s host.Snapshot) bool { return s.Between && s.Can.Ready }, true)
		f.hs.Press("enter")
		if s := f.snap(); s.Between || !s.Can.Act || s.DealNo != 2 {
			t.Fatalf("enter on the result did not open the next deal at the person's turn: %+v", s.Can)
		}
		gen := f.port.Snapshot().Gen
		// Straight to Update: the driver would wait for the tick that
		// ends the note.
		drop := func(msg tea.Msg) {
			t.Helper()
			_, cmd := f.s.Update(&f.hs.Ctx, msg)
			if g := f.port.Snapshot().Gen; g != gen {
				t.Fatalf("%v pressed as the deal came was taken", msg)
			}
			if cmd == nil {
				t.Fatalf("%v dropped with no tick to end the note", msg)
			}
		}
		for _, k := range []string{"enter", "1", "p", "t"} {
			drop(kittest.Key(k))
		}
		// A click anywhere, on the menu's offers too.
		for y := range 24 {
			for _, x := range []int{2, 20, 40, 60} {
				drop(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
			}
		}
		if !strings.Contains(kittest.Flat(f.text()), aheadNote) {
			t.Errorf("the screen does not say why the key was not taken:\n%s", f.text())
		}
		// The note stays while the deal settles, and goes once it takes
		// keys.
		if _, cmd := f.s.Update(&f.hs.Ctx, settledMsg{f.s}); cmd == nil || !strings.Contains(kittest.Flat(f.text()), aheadNote) {
			t.Errorf("the note went while the deal settled:\n%s", f.text())
		}
		f.hs.Press("v")
		if !f.s.tricks {
			t.Errorf("v, which decides nothing, did not open the list as the deal came")
		}
		f.hs.Press("v")
		// A held enter: a repeat every 30 ms for two seconds.
		for range 66 {
			now = now.Add(30 * time.Millisecond)
			drop(kittest.Key("enter"))
		}
		now = now.Add(DefaultSettle - time.Millisecond)
		drop(kittest.Key("enter"))
		now = now.Add(DefaultSettle)
		f.s.Update(&f.hs.Ctx, settledMsg{f.s})
		if strings.Contains(kittest.Flat(f.text()), aheadNote) {
			t.Errorf("the note stays once the deal takes keys:\n%s", f.text())
		}
		f.hs.Press("enter")
		if g := f.port.Snapshot().Gen; g == gen {
			t.Fatalf("enter pressed %v after the last key dropped was not taken:\n%s", DefaultSettle, f.text())
		}
	})
}
