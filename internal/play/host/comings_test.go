package host

import (
	"fmt"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/memstore"
	"github.com/klob/klob/internal/testing/testkit"
)

// TestComingsAreBounded: at every seat count, a person who drops from
// the seat and comes back again and again gets a few lines of it a
// minute in the log, then one line that counts the rest; another
// person's drop is logged still.
func TestComingsAreBounded(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		var log testkit.LogLines
		clock := clocktest.New(t0)
		cfg := config(n, 71, &memstore.Store{}, clock, 0, 1)
		cfg.Logf = log.Logf
		h := newHost(t, cfg)
		sit(t, h, 0)
		b := sit(t, h, 1)
		const loops = 20
		for range loops {
			b.Leave()
			b = sit(t, h, 1)
		}
		settle(t, h)
		count := func(word string) int { return len(log.With(word)) }
		if got := count("seat B"); got != kindComings.Most {
			t.Fatalf("%d players: %d lines of B dropping and coming back, want %d: %q", n, got, kindComings.Most, log.Lines())
		}
		clock.Advance(time.Minute)
		settle(t, h)
		summary := fmt.Sprintf("%d more lines from bob of dropping from the seat and coming back", 2*loops-kindComings.Most)
		if count(summary) != 1 {
			t.Fatalf("%d players: no summary %q: %q", n, summary, log.Lines())
		}
		// Another person is counted apart.
		sit(t, h, 0).Leave()
		settle(t, h)
		if got := count("dropped from seat A"); got != 1 {
			t.Fatalf("%d players: A's drop logged %d times: %q", n, got, log.Lines())
		}
	})
}
