package tourney

import (
	"bytes"
	"runtime"
	"testing"
	"time"
)

// TestClosedScreenLeavesNoGoroutine: a Screen waits for the
// connection's end (to leave a board in play) only until it closes. A
// connection opens the tournaments ('d' in the lobby) and leaves them
// as often as it likes; each screen left must not stay behind, with its
// goroutine, until the connection ends. The goroutines are counted by
// where they were started, so that other tests' do not count.
func TestClosedScreenLeavesNoGoroutine(t *testing.T) {
	done := make(chan struct{}) // the connection: open throughout
	defer close(done)
	waiting := func() int {
		buf := make([]byte, 1<<22)
		buf = buf[:runtime.Stack(buf, true)]
		return bytes.Count(buf, []byte("tui/tourney.New.func"))
	}
	before := waiting()
	const opens = 200
	for range opens {
		s := New(Config{Player: longName, Done: done, Refresh: -1})
		s.Close() // the lobby leaves the screen
	}
	// The goroutines end once scheduled: wait until they have, up to a
	// guard that only a leak reaches, and report what is left.
	left := waiting() - before
	for end := time.Now().Add(time.Minute); left > 0 && time.Now().Before(end); {
		time.Sleep(time.Millisecond)
		left = waiting() - before
	}
	if left > 0 {
		t.Fatalf("%d screens opened and closed in one connection left %d goroutines behind", opens, left)
	}
}
