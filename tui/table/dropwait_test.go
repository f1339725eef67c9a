package table

import (
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestDropWaitSaidOnce: at every seat count, dan's connection is cut at
// the game's end before anyone said again. While his wait runs, the
// lines never promise that b starts the game now: b "then starts it
// with a bot in dan's seat once the wait is over", and the countdown
// says when; once it is over, the promise stands without the wait.
func TestDropWaitSaidOnce(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, ports := peopleAtTheEnd(t, n)
		ports[0].Leave()
		f.seen(func(s host.Snapshot) bool { return !s.Players[1].Until.IsZero() })
		f.wants(n, "dan dropped", []string{"dan is away. Another game without dan? Those who want one say again (n), and b then starts it with a bot in dan's seat once the wait is over;",
			"dan dropped: b can start it with a bot in dan's seat in 30s."}, []string{"bot in dan's seat;"})
		f.clock.Advance(30 * time.Second)
		f.seen(func(s host.Snapshot) bool { return s.Players[1].Until.IsZero() })
		f.wants(n, "the wait over", []string{"Those who want one say again (n), and b then starts it with a bot in dan's seat;"}, []string{"dropped", "wait is over"})
	})
}

// TestDropWaitNoteFollows: at every seat count, dan's connection is cut
// at the game's end, everyone else here saying again but the person,
// who presses b a second later and is refused: the note says the
// seconds the lines over it say whenever the screen is drawn, a tick
// of the countdown come or not (16s, then 15s and 14s as the lines
// count down), and says what b waits for once the wait is over.
func TestDropWaitNoteFollows(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, ports := peopleAtTheEnd(t, n)
		answer(t, true, ports[1:]...)
		ports[0].Leave()
		f.seen(func(s host.Snapshot) bool { return !s.Players[1].Until.IsZero() })
		f.clock.Advance(time.Second)
		f.hs.Press("b")
		drop := "dan dropped: b can start it with a bot in dan's seat "
		f.wants(n, "b refused", []string{drop + "in 29s."}, nil)
		f.clock.Advance(13 * time.Second)
		f.hs.Deliver(dropTickMsg{f.s, f.s.dropN})
		f.wants(n, "16s left", []string{drop + "in 16s."}, nil)
		for _, left := range []string{"15s", "14s"} {
			// No tick delivered: the screen is drawn again all the
			// same (the lobby's own countdown redraws it).
			f.clock.Advance(time.Second)
			text := kittest.Flat(f.text())
			if c := strings.Count(text, drop+"in "+left+"."); c != 2 {
				t.Fatalf("%d players, %s left: the lines and the note say it %d times, want 2:\n%s", n, left, c, f.text())
			}
		}
		f.clock.Advance(14 * time.Second)
		f.seen(func(s host.Snapshot) bool { return s.Players[1].Until.IsZero() })
		f.wants(n, "the wait over", []string{"b starts the game once you have said again (n)."}, []string{"dropped"})
	})
}
