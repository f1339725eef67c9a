package table

import (
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestKeyAsADealComes: with kit.Context.Settle, enter, a digit or a
// bid's letter pressed as a new deal comes to the screen (the second of
// a double enter on the last result) decides nothing: the screen says
// why, and the same key once the deal has been on the screen for
// Settle decides as always. Keys that decide nothing (v) still work. At
// every seat count, on the screen's clock.
func TestKeyAsADealComes(t *testing.T) {
	kittest.ForCounts(t, func(t *testing.T, n int) {
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
		drop := func(k string) {
			t.Helper()
			_, cmd := f.s.Update(&f.hs.Ctx, kittest.Key(k))
			if g := f.port.Snapshot().Gen; g != gen {
				t.Fatalf("%q pressed as the deal came was taken", k)
			}
			if cmd == nil {
				t.Fatalf("%q dropped with no tick to end the note", k)
			}
		}
		for _, k := range []string{"enter", "1", "p", "t"} {
			drop(k)
		}
		if !strings.Contains(kittest.Flat(f.text()), aheadNote) {
			t.Errorf("the screen does not say why the key was not taken:\n%s", f.text())
		}
		f.s.Update(&f.hs.Ctx, settledMsg{f.s})
		if strings.Contains(kittest.Flat(f.text()), aheadNote) {
			t.Errorf("the note stays once the deal takes keys:\n%s", f.text())
		}
		f.hs.Press("v")
		if !f.s.tricks {
			t.Errorf("v, which decides nothing, did not open the list as the deal came")
		}
		f.hs.Press("v")
		now = now.Add(DefaultSettle - time.Millisecond)
		drop("enter")
		now = now.Add(time.Millisecond)
		f.hs.Press("enter")
		if g := f.port.Snapshot().Gen; g == gen {
			t.Fatalf("enter pressed %v after the deal came was not taken:\n%s", DefaultSettle, f.text())
		}
	})
}
