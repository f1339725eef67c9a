package table

import (
	"testing"
	"time"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
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
