package table

import (
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestOneAnswerAsked: at a shared table a decision with one legal
// answer is asked all the same (Game.AskAll). At 80×24 at every seat
// count the screen shows its one item and says why it is the only
// answer, and enter answers it.
func TestOneAnswerAsked(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := options(n)
		o.Shlomo, o.Cleopatra = n > 2, n == 4
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, tc *Config) {
			hc.Options, hc.AskAll, tc.Shared = o, true, true
		})
		seen := map[rules.Kind]bool{}
		for len(seen) < 3 && f.reach(func(s host.Snapshot) bool {
			return s.Only != "" && !seen[s.View.Legal()[0].Kind]
		}, false) {
			s := f.snap()
			a := s.View.Legal()[0]
			seen[a.Kind] = true
			kittest.CheckSize(t, frame(f.hs), 80, 24)
			text := kittest.Flat(f.text())
			if !strings.Contains(text, "Only answer: "+s.Only+".") {
				t.Fatalf("%v asked alone: the screen does not say why (%q):\n%s", a, s.Only, f.text())
			}
			// In the move clock's last seconds too, beside them.
			due := f.s.snap.Players[s.Seat].Due
			clockAt(f, t0, s.Seat, 20*time.Second)
			text = kittest.Flat(f.text())
			if !strings.Contains(text, "Only answer: "+s.Only+".") || !strings.Contains(text, "A bot plays for you in 20s.") {
				t.Fatalf("%v asked alone, 20 s left: the reason or the clock is missing:\n%s", a, f.text())
			}
			f.s.snap.Players[s.Seat].Due = due
			gen := s.Gen
			f.step(false)
			f.refresh()
			if f.snap().Gen == gen {
				t.Fatalf("enter did not answer %v", a)
			}
		}
		if len(seen) == 0 {
			t.Fatal("no decision with one answer was asked")
		}
	})
}
