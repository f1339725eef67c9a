package tourney

import (
	"runtime"
	"testing"
)

// TestClosedScreenLeavesNoGoroutine: a Screen waits for the
// connection's end (to leave a board in play) only until it closes. A
// connection opens the tournaments ('d' in the lobby) and leaves them
// as often as it likes; each screen left must not stay behind, with its
// goroutine, until the connection ends.
func TestClosedScreenLeavesNoGoroutine(t *testing.T) {
	done := make(chan struct{}) // the connection: open throughout
	defer close(done)
	before := runtime.NumGoroutine()
	const opens = 200
	for range opens {
		s := New(Config{Player: longName, Done: done, Refresh: -1})
		s.Close() // the lobby leaves the screen
	}
	// The goroutines end once scheduled: yield until they have, or
	// (a bound on work, not time) give up and report what is left.
	grew := runtime.NumGoroutine() - before
	for i := 0; i < 100000 && grew >= opens/2; i++ {
		runtime.Gosched()
		grew = runtime.NumGoroutine() - before
	}
	if grew >= opens/2 {
		t.Fatalf("%d screens opened and closed in one connection left %d goroutines behind", opens, grew)
	}
}
