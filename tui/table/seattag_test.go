package table

import (
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestSeatStateReadsWhole: at 80×24 the state of a person's seat at a
// shared game (away, taken over by a bot, back at the next deal) reads beside the table
// whole on a line, or broken between its phrases only ("back at the" /
// "next deal"), never inside one ("back at the next" / "deal"), at
// every seat count, while bidding and playing.
func TestSeatStateReadsWhole(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	phrases := map[host.SeatState][]string{
		host.SeatBack:     {"back at the", "next deal"},
		host.SeatTakeover: {"a bot plays", "for now"},
		host.SeatAway:     {"away,", "waits 1m54s"},
	}
	kittest.ForCounts(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24)
		f.s.cfg.Now = func() time.Time { return now }
		check := func(when string) {
			for st, ps := range phrases {
				for i := range f.s.snap.Players {
					if i != int(f.s.snap.Seat) {
						f.s.snap.Players[i].State = st
						f.s.snap.Players[i].Until = now.Add(114 * time.Second)
					}
				}
				text := f.text()
				whole := strings.Join(ps, " ")
				lines := strings.Split(text, "\n")
				read := 0
				for r, l := range lines {
					read += strings.Count(l, whole)
					if r+1 < len(lines) && !strings.Contains(l, whole) {
						read += min(strings.Count(l, ps[0]), strings.Count(lines[r+1], ps[1]))
					}
				}
				if read != n-1 {
					t.Errorf("%s: %q reads whole at %d seats, not %d:\n%s", when, whole, read, n-1, text)
				}
				kittest.CheckSize(t, f.hs.Frame(), 80, 24)
			}
		}
		f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
		check("bidding")
		f.until("a card", myCard, true)
		check("playing")
	})
}
